"""How the processes of one room tell each other that a table changed: "table N has actions up to seq S" (or,
with no seq, "its seats or state changed"). The notice carries no game content; every process that serves clients
at that table catches up from the database and sends its own clients their updates, so a lost or repeated notice
costs a little time and nothing else.

In one process (the default) a notice is handed straight to the room. With ``--redis URL`` the notices go through
Redis pub/sub on one channel per room (named from its database), and every ``spades serve`` process on the same
database hears them."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

__all__ = ["Bus", "LocalBus", "RedisBus", "make_bus"]

log = logging.getLogger("spades.room.table.bus")

Handler = Callable[[dict[str, Any]], Awaitable[None]]
CHANNEL = "spades:room"


class Bus(Protocol):
    async def start(self, handler: Handler) -> None: ...
    async def publish(self, notice: dict[str, Any]) -> None: ...
    async def close(self) -> None: ...


class LocalBus:
    """One process: the only listener is this process's room, which has already told its clients, so nothing
    need travel."""

    async def start(self, handler: Handler) -> None:
        self._handler = handler

    async def publish(self, notice: dict[str, Any]) -> None:
        return None

    async def close(self) -> None:
        return None


class RedisBus:
    """Notices through Redis pub/sub (``redis.asyncio``), on the channel ``spades:room`` (``channel`` to share one
    Redis between rooms)."""

    def __init__(self, url: str, channel: str = CHANNEL) -> None:
        self.url = url
        self.channel = channel
        self._task: asyncio.Task[None] | None = None

    async def start(self, handler: Handler) -> None:
        import redis.asyncio as redis

        self._redis = redis.from_url(self.url)
        self._pubsub = self._redis.pubsub()
        await self._pubsub.subscribe(self.channel)
        self._handler = handler
        self._task = asyncio.create_task(self._listen())

    async def _listen(self) -> None:
        while True:
            try:
                message = await self._pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                if message is None:
                    continue
                notice = json.loads(message["data"])
                if isinstance(notice, dict):
                    await self._handler(notice)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("a table notice could not be handled")
                await asyncio.sleep(0.1)

    async def publish(self, notice: dict[str, Any]) -> None:
        await self._redis.publish(self.channel, json.dumps(notice))

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        with contextlib.suppress(Exception):
            await self._pubsub.aclose()  # type: ignore[no-untyped-call, unused-ignore]  # typed from redis 8 on
            await self._redis.aclose()


def make_bus(redis_url: str | None, database_url: str | None = None) -> Bus:
    """The bus for a room on that database: processes on one database share a channel, rooms on different
    databases sharing one Redis do not hear each other."""
    if not redis_url:
        return LocalBus()
    key = hashlib.sha256((database_url or "").encode()).hexdigest()[:16]
    return RedisBus(redis_url, f"{CHANNEL}:{key}")
