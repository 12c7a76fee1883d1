"""A small async client of the room: it connects, signs in, joins, acts and keeps every frame it receives. The
tests and the load bench drive the server with it, and ``spades join`` builds on it."""

from __future__ import annotations

import asyncio
import collections
import json
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import websockets

if TYPE_CHECKING:
    from ..bots import Bot

__all__ = ["RoomClient", "hint_adviser", "with_language"]

PACED_PER_SECOND = 15  # messages a paced client sends in any second at most: under the room's RATE_PER_SECOND (20)


def with_language(url: str, lang: str | None) -> str:
    """The room's websocket address asking for ``lang`` (``ws://host/ws?lang=fr``); unchanged for None."""
    if not lang:
        return url
    parts = urlsplit(url)
    query = [(key, value) for key, value in parse_qsl(parts.query, keep_blank_values=True) if key != "lang"]
    return urlunsplit(parts._replace(query=urlencode([*query, ("lang", lang)])))


def hint_adviser(table: int, seat: int) -> Bot:
    """The hint's adviser for a seat of a room's table: the room's (for the web table) and ``spades join``'s are
    this one, seeded alike, so a hint names the same card at both tables."""
    from ..bots import bot_seed, make_bot

    return make_bot("normal", seed=bot_seed(f"table {table}", "hint", seat))


class RoomClient:
    """One websocket connection to ``url`` (``ws://host:port/ws``). Every frame received is kept, in order, in
    ``frames`` (parsed JSON); ``next(type)`` waits for the next one of a type not yet taken."""

    def __init__(self, url: str, on_frame: Any = None, source: str | None = None, paced: bool = False,
                 lang: str | None = None) -> None:
        # lang: the language the room says everything to this connection in (sent as the address's ?lang=; None
        # sends none, and the room speaks English)
        self.url = with_language(url, lang)
        self.lang = lang
        # paced: the client keeps under the room's rate itself (at most PACED_PER_SECOND in any second), a burst
        # waiting its turn rather than being dropped (spades join; the tests and the bench send as they mean to)
        self.paced = paced
        self._sent: collections.deque[float] = collections.deque()
        self.on_frame = on_frame  # called with each frame as it arrives (spades join's link hands them on)
        self.source = source  # the local address to connect from (a loopback address of its own, as a person's)
        self.frames: list[dict[str, Any]] = []
        self.token: str | None = None
        self.cursors: dict[int, int] = {}
        self.views: dict[int, dict[str, Any]] = {}
        self._ws: Any = None
        self._reader: asyncio.Task[None] | None = None
        self._taken = 0
        self._arrived = asyncio.Condition()
        self._next_id = 0
        self.closed = False

    async def connect(self, timeout: float = 10.0, source: str | None = None) -> RoomClient:
        """Open the connection; TimeoutError when the room has not answered the handshake in ``timeout`` seconds
        (a room that is stopped or too busy). ``source``: the local address to connect from, else the one given to
        the client (the bench's and the tests' crowds come from many loopback addresses, as the room counts its
        quotas per address)."""
        source = source or self.source
        extra: dict[str, Any] = {} if source is None else {"local_addr": (source, 0)}
        self._ws = await websockets.connect(self.url, max_size=2**22, open_timeout=timeout, **extra)
        self.closed = False
        self._reader = asyncio.create_task(self._read())
        return self

    @property
    def process(self) -> str | None:
        """Which of the room's processes holds this connection (``spades serve --processes``), as the room's
        handshake says it; None before connecting or from a room that does not say."""
        response = getattr(self._ws, "response", None)
        return None if response is None else response.headers.get("x-spades-process")

    @property
    def close_code(self) -> int | None:
        """The code the connection was closed with (the room's 4009: a suspension or ban), None while open."""
        code = getattr(self._ws, "close_code", None) if self.closed else None
        return code if isinstance(code, int) else None

    @property
    def close_reason(self) -> str:
        """The reason the connection was closed with, as the room gave it ("" while open, or when none)."""
        reason = getattr(self._ws, "close_reason", None) if self.closed else None
        return reason if isinstance(reason, str) else ""

    async def _read(self) -> None:
        try:
            async for frame in self._ws:
                message = json.loads(frame)
                if message.get("type") == "update":
                    self.cursors[message["table"]] = message["cursor"]
                    self.views[message["table"]] = message["view"]
                if self.on_frame is not None:
                    self.on_frame(message)
                async with self._arrived:
                    self.frames.append(message)
                    self._arrived.notify_all()
        except websockets.ConnectionClosed:
            pass
        finally:
            self.closed = True
            async with self._arrived:
                self._arrived.notify_all()

    async def close(self) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            await self._reader

    async def wait_closed(self) -> None:
        """Return once the connection has closed, whichever side closed it."""
        if self._reader is not None:
            await asyncio.shield(self._reader)

    async def send(self, message: dict[str, Any]) -> int:
        """Send a message (an ``id`` is added unless it has one); the id."""
        if "id" not in message:
            self._next_id += 1
            message = {**message, "id": self._next_id}
        if self.paced:
            await self._keep_pace()
        await self._ws.send(json.dumps(message))
        return int(message["id"])

    async def _keep_pace(self) -> None:
        """Wait until fewer than ``PACED_PER_SECOND`` messages went in the last second: a table played fast (the
        computer at pace 0, the answers to a gap) asks many things at once, and the room drops what passes its
        rate (20 a second)."""
        loop = asyncio.get_running_loop()
        while True:
            now = loop.time()
            while self._sent and now - self._sent[0] >= 1.0:
                self._sent.popleft()
            if len(self._sent) < PACED_PER_SECOND:
                self._sent.append(now)
                return
            await asyncio.sleep(1.0 - (now - self._sent[0]))

    async def send_raw(self, data: str | bytes) -> None:
        await self._ws.send(data)

    async def wait_for(self, test: Any, timeout: float = 10.0, since: int = 0) -> dict[str, Any]:
        """The first frame from index ``since`` on for which ``test(frame)`` is true, waiting up to ``timeout``."""
        async def find() -> dict[str, Any]:
            async with self._arrived:
                while True:
                    for frame in self.frames[since:]:
                        if test(frame):
                            return frame
                    if self.closed:
                        raise ConnectionError("the connection closed")
                    await self._arrived.wait()
        return await asyncio.wait_for(find(), timeout)

    async def request(self, message: dict[str, Any], timeout: float = 10.0) -> dict[str, Any]:
        """Send and wait for the reply carrying the same id (an error included)."""
        start = len(self.frames)
        ident = await self.send(message)
        return await self.wait_for(lambda f: f.get("id") == ident, timeout, since=start)

    # -- the usual steps ----------------------------------------------------------------------------------------
    async def guest(self, name: str | None = None) -> dict[str, Any]:
        reply = await self.request({"type": "guest", **({"name": name} if name else {})})
        self.token = reply.get("token")
        return reply

    async def register(self, name: str, password: str) -> dict[str, Any]:
        reply = await self.request({"type": "register", "name": name, "password": password})
        self.token = reply.get("token")
        return reply

    async def login(self, name: str, password: str) -> dict[str, Any]:
        reply = await self.request({"type": "login", "name": name, "password": password})
        self.token = reply.get("token")
        return reply

    async def resume(self, token: str | None = None) -> dict[str, Any]:
        return await self.request({"type": "resume", "token": token or self.token})

    async def create(self, variant: str, options: dict[str, Any] | None = None,
                     levels: dict[int, str] | None = None, **settings: Any) -> dict[str, Any]:
        return await self.request({"type": "create", "rules": {"variant": variant, "options": options or {}},
                                   "levels": {str(s): lv for s, lv in (levels or {}).items()}, **settings})

    async def join(self, table: int, seat: int | None = None) -> dict[str, Any]:
        return await self.request({"type": "join", "table": table, **({} if seat is None else {"seat": seat})})

    async def act(self, table: int, action: str, cursor: int | None = None) -> int:
        return await self.send({"type": "act", "table": table, "action": action,
                                "cursor": self.cursors.get(table, 0) if cursor is None else cursor})
