"""The room as a Starlette application: the HTTP routes (``http``) and the websocket at ``/ws``. It only moves
JSON: each client frame is checked for size, rate and schema here (``protocol``), then handed to the room
(``rooms``), signing in to ``signin``, and every refusal is answered with an error message while the connection
goes on."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from . import http
from . import protocol as p
from .bus import make_bus
from .limits import RateLimit
from .pages import add_pages
from .rooms import Connection, Room, RoomError
from .signin import SignIn
from .store import Store

__all__ = ["create_app"]

log = logging.getLogger("spades.room")


def _error(code: p.ErrorCode, message: str, reply_to: int | None = None) -> str:
    return p.encode(p.Error(type="error", id=reply_to, code=code, message=message[:p.MESSAGE_MAX]))


async def _handle(room: Room, conn: Connection, message: Any, signin: SignIn, address: str) -> None:
    """Do what one checked client message asks (``address``: the client's IP)."""
    kind = message.type
    if kind == "ping":
        conn.send(p.encode(p.Pong(type="pong", id=message.id)))
    elif kind in ("register", "login", "guest", "resume"):
        try:
            player, token = await signin.sign_in(message, address)
        except p.Refusal as refusal:
            raise RoomError(refusal.code, refusal.message) from None
        await room.welcome(conn, player, message.id, token)
        if kind == "resume":
            await room.return_to_seats(conn)
    elif kind == "lobby":
        conn.send(p.encode(p.LobbyList(type="lobby", id=message.id, tables=await room.lobby())))
    elif kind == "create":
        await room.create(conn, message)
    elif kind == "join":
        await room.join(conn, message)
    elif kind == "stand":
        await room.stand(conn, message)
    elif kind == "level":
        await room.set_level(conn, message)
    elif kind == "start":
        await room.start_game(conn, message)
    elif kind == "remove":
        await room.remove(conn, message)
    elif kind == "act":
        await room.act(conn, message)
    elif kind == "sync":
        await room.sync(conn, message)
    elif kind == "ask":
        await room.ask(conn, message)
    elif kind == "stats":
        name = message.name or (conn.player.name if conn.player else None)
        if name is None:
            raise RoomError(p.ErrorCode.NOT_SIGNED_IN, "sign in first, or name a player")
        try:
            stats = await signin.stats(name)
        except p.Refusal as refusal:
            raise RoomError(refusal.code, refusal.message) from None
        conn.send(p.encode(p.Stats(type="stats", id=message.id, **vars(stats))))


async def _socket(websocket: WebSocket) -> None:
    room: Room = websocket.app.state.room
    signin: SignIn = websocket.app.state.signin
    address = websocket.client.host if websocket.client else ""
    await websocket.accept()
    outbox: asyncio.Queue[str] = asyncio.Queue()
    conn = Connection(send=outbox.put_nowait)
    room.connections.add(conn)
    rate = RateLimit()

    async def write() -> None:
        while True:
            frame = await outbox.get()
            await websocket.send_text(frame)

    writer = asyncio.create_task(write())
    try:
        while True:
            event = await websocket.receive()
            if event["type"] == "websocket.disconnect":
                break
            data: str | bytes | None = event.get("text")
            if data is None:
                data = event.get("bytes") or b""
            size = len(data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data)
            if size > p.MAX_FRAME_BYTES:
                conn.send(_error(p.ErrorCode.TOO_LARGE, f"the message is {size} bytes; the limit is "
                                 f"{p.MAX_FRAME_BYTES}"))
                continue
            if not rate.allow():
                conn.send(_error(p.ErrorCode.RATE_LIMITED, f"more than {p.RATE_PER_SECOND:g} messages a second; "
                                 "the message was dropped"))
                continue
            try:
                message = p.parse_client(data)
            except p.ProtocolError as error:
                conn.send(p.encode(error.reply()))
                continue
            try:
                await _handle(room, conn, message, signin, address)
            except RoomError as error:
                conn.send(_error(error.code, error.message, message.id))
            except Exception as error:  # a reason may name a card: only where it failed is logged
                log.error("a %s message failed (%s)", message.type, type(error).__name__)
                conn.send(_error(p.ErrorCode.SERVER_ERROR, "the server failed; nothing was changed", message.id))
    except WebSocketDisconnect:
        pass
    finally:
        await room.left(conn)
        # let the last frames go out before the socket closes
        with contextlib.suppress(Exception):
            await asyncio.wait_for(_drain(outbox), 0.5)
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer


async def _drain(outbox: asyncio.Queue[str]) -> None:
    while not outbox.empty():
        await asyncio.sleep(0.01)


def create_app(database_url: str | None = None, redis_url: str | None = None, *, base_url: str = "",
               pace: float = 1.0, seeds: bool = False) -> Starlette:
    """The room's application on that database (the default SQLite file when None), with table updates between
    processes through Redis when ``redis_url`` is given."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store, database_url)
        bus = make_bus(redis_url, store.engine.url.render_as_string(hide_password=True))
        room = Room(store, bus, base_url=base_url, pace=pace, seeds=seeds)
        await room.start()
        app.state.room = room
        app.state.signin = SignIn(store)
        try:
            yield
        finally:
            app.state.signin.close()
            await room.close()
            store.close()

    routes = [*http.routes(), WebSocketRoute("/ws", _socket)]
    app = Starlette(routes=routes, lifespan=lifespan)
    add_pages(app)
    return app
