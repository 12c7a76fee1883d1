"""What the governance tests share: a room of one process or two (with Redis), registered people from an address
and a device of their own, the operator's grant, and waiting on a frame."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from room_databases import REDIS, database, postgres_unreachable, redis_unreachable
from room_server import ServeProcess
from spades.room.client import RoomClient

PASSWORD = "correct horse battery"


def rooms_of(kind: str, tmp_path: Path) -> Iterator[tuple[list[str], str]]:
    """The room's websocket addresses (one process, or two sharing PostgreSQL and Redis) and its database."""
    reason = postgres_unreachable() if kind != "sqlite" else None
    if kind == "two processes":
        reason = reason or redis_unreachable()
    if reason:
        pytest.skip(reason)
    with database("sqlite" if kind == "sqlite" else "postgresql", tmp_path) as url:
        count = 2 if kind == "two processes" else 1
        servers = [ServeProcess(url, tmp_path, REDIS if count == 2 else None, name=f"serve{n}").start()
                   for n in range(count)]
        try:
            yield [server.url for server in servers], url
        finally:
            for server in servers:
                server.stop()


def grant(url: str, name: str, role: str) -> str:
    """``spades admin grant`` as the operator runs it."""
    done = subprocess.run([sys.executable, "-m", "spades", "admin", "--database", url, "grant", name, role],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


async def person(url: str, name: str, source: str = "127.0.0.1", device: str | None = None,
                 guest: bool = False) -> RoomClient:
    client = await RoomClient(url, source=source).connect()
    if guest:
        reply = await client.guest(name)
    else:
        message: dict[str, Any] = {"type": "register", "name": name, "password": PASSWORD}
        if device:
            message["device"] = device
        reply = await client.request(message)
        client.token = reply.get("token")
    assert reply["type"] == "welcome", reply
    return client


async def frame(client: RoomClient, test: Any, since: int = 0, timeout: float = 60) -> dict[str, Any]:
    return await client.wait_for(test, timeout, since=since)


def of_type(type_: str, **fields: Any) -> Any:
    return lambda f: f.get("type") == type_ and all(f.get(k) == v for k, v in fields.items())


async def login(url: str, name: str, source: str = "127.0.0.1") -> tuple[RoomClient, dict[str, Any]]:
    client = await RoomClient(url, source=source).connect()
    return client, await client.request({"type": "login", "name": name, "password": PASSWORD})
