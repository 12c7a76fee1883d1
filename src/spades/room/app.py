"""The room as a Starlette application: a few HTTP routes and the websocket at ``/ws``. It only moves JSON: each
client frame is checked for size, rate and schema here (``protocol``), then handed to the room (``rooms``), and
every refusal is answered with an error message while the connection goes on.

HTTP: ``GET /health``, ``GET /api/tables`` (the lobby), ``GET /api/tables/{id}/record`` (a finished game's record
only: an unfinished game's record would show every hand, so it is refused with 409), ``GET
/api/players/{name}/stats``."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from . import auth
from . import protocol as p
from .bus import make_bus
from .limits import RateLimit
from .pages import add_pages
from .rooms import Connection, Room, RoomError
from .store import Player, Store

__all__ = ["create_app"]

log = logging.getLogger("spades.room")


def _error(code: p.ErrorCode, message: str, reply_to: int | None = None) -> str:
    return p.encode(p.Error(type="error", id=reply_to, code=code, message=message[:p.MESSAGE_MAX]))


async def _handle(room: Room, conn: Connection, message: Any) -> None:
    """Do what one checked client message asks."""
    store = room.store
    kind = message.type
    if kind == "ping":
        conn.send(p.encode(p.Pong(type="pong", id=message.id)))
    elif kind in ("register", "login", "guest", "resume"):
        player: Player | None
        try:
            if kind == "register":
                player = await asyncio.to_thread(store.create_player, message.name, message.password)
            elif kind == "login":
                player = await asyncio.to_thread(store.check_password, message.name, message.password)
                if player is None:
                    raise RoomError(p.ErrorCode.BAD_PASSWORD, "the name and password do not match a player")
            elif kind == "guest":
                player = await asyncio.to_thread(store.guest, message.name)
            else:
                player = await asyncio.to_thread(store.player_for_token, message.token)
                if player is None:
                    raise RoomError(p.ErrorCode.SESSION_EXPIRED, "the token is unknown or has expired; sign in again")
            assert player is not None
        except auth.AuthError as error:
            code = p.ErrorCode.NAME_TAKEN if error.code == "name_taken" else p.ErrorCode.BAD_MESSAGE
            raise RoomError(code, str(error)) from None
        await room.welcome(conn, player, message.id, message.token if kind == "resume" else None)
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
        stats = await asyncio.to_thread(store.stats, name)
        if stats is None:
            raise RoomError(p.ErrorCode.NO_SUCH_PLAYER, "no player has that name")
        conn.send(p.encode(p.Stats(type="stats", id=message.id, **vars(stats))))


async def _socket(websocket: WebSocket) -> None:
    room: Room = websocket.app.state.room
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
                await _handle(room, conn, message)
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


async def _health(request: Request) -> JSONResponse:
    return JSONResponse({"ok": True})


async def _tables(request: Request) -> JSONResponse:
    room: Room = request.app.state.room
    return JSONResponse({"tables": [t.model_dump(mode="json") for t in await room.lobby()]})


async def _record(request: Request) -> JSONResponse:
    room: Room = request.app.state.room
    try:
        table_id = int(request.path_params["table"])
    except ValueError:
        return JSONResponse({"error": "a table is a number"}, status_code=404)
    info = await asyncio.to_thread(room.store.table, table_id)
    if info is None:
        return JSONResponse({"error": f"there is no table {table_id}"}, status_code=404)
    record = await asyncio.to_thread(room.store.record, table_id) if info.state == "over" else None
    if record is None:
        return JSONResponse({"error": "the game is not over; its record is given only when it is"},
                            status_code=409)
    return JSONResponse(record)


async def _stats(request: Request) -> JSONResponse:
    room: Room = request.app.state.room
    stats = await asyncio.to_thread(room.store.stats, request.path_params["name"])
    if stats is None:
        return JSONResponse({"error": "no player has that name"}, status_code=404)
    return JSONResponse(vars(stats))


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
        try:
            yield
        finally:
            await room.close()
            store.close()

    routes = [
        Route("/health", _health),
        Route("/api/tables", _tables),
        Route("/api/tables/{table}/record", _record),
        Route("/api/players/{name}/stats", _stats),
        WebSocketRoute("/ws", _socket),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    add_pages(app)
    return app
