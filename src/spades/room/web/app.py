"""The room as a Starlette application: the websocket at ``/ws``, the HTTP routes and the web table's pages. It
only moves JSON: each client frame is checked for size, rate and schema (``protocol``), then handed to the
handler of its type (``handlers``), and every refusal is answered with an error message carrying the request's
``id`` while the connection goes on.

Before any of that, the transport holds the line: a frame longer than ``TRANSPORT_MAX_BYTES`` is refused by the
websocket layer from its header, without being read (the server is started with that ``ws_max_size``); a browser
page of another site (its ``Origin``) may not open the websocket at all; and a client that stops reading is closed
once its bounded queue is full (``connections``)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import ipaddress
import logging
import time
from collections.abc import AsyncIterator
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ...language import _, number, speaking
from .. import protocol as p
from ..social import rating_views
from ..store import Store
from ..table.bus import make_bus
from ..table.connections import CLOSE_AFTER, Connection
from ..table.metrics import Metrics
from ..table.room import Room
from ..table.tallies import make_tallies
from . import http
from .features import install, load_listener
from .handlers import HANDLERS
from .limits import Buckets, RateLimit
from .pages import add_pages

__all__ = ["CLOSE_ORIGIN", "TRANSPORT_MAX_BYTES", "create_app", "origin_allowed"]

log = logging.getLogger("spades.room")

# Frames up to TRANSPORT_MAX_BYTES are read and, past the protocol's limit, answered with too_large; longer ones are
# cut by the websocket layer (close code 1009) from the frame's header, before their bytes are read.
TRANSPORT_MAX_BYTES = p.TRANSPORT_MAX_BYTES
CLOSE_ORIGIN = p.CLOSE_ORIGIN
HANDLING_WAIT = 30.0  # seconds a closing connection's message in hand may take to finish
CLOSE_WAIT = 40.0  # seconds a close frame may wait behind unread frames, as long as the keepalive would


def _error(code: p.ErrorCode, message: str, reply_to: int | None = None) -> str:
    return p.encode(p.Error(type="error", id=reply_to, code=code, message=message[:p.MESSAGE_MAX]))


def origin_allowed(origin: str | None, host: str | None, allowed: tuple[str, ...], own: str | None = None) -> bool:
    """Whether a websocket may be opened from a page of ``origin``: no Origin (not a browser: ``spades join``, a
    script), one of ``allowed`` (``--allow-origin``), or the room's own address: the request's Host, when that
    names the room by an IP address, ``localhost``, or the name it was told to listen on (``own``). A browser's
    ``null`` origin (a sandboxed frame, a file) is refused, and so is any other name that equals its Host: that is
    the shape of DNS rebinding (a stranger's name made to point at the room, whose page's Origin and Host then
    agree), so a room reached by a name says so with ``--allow-origin``."""
    if origin is None:
        return True
    if origin in allowed or "*" in allowed:
        return True
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False
    if host is None or parts.netloc.lower() != host.lower():
        return False
    name = (parts.hostname or "").lower()
    return name == "localhost" or name == (own or "").lower() or _address(name)


def _address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


async def _socket(websocket: WebSocket) -> None:
    room: Room = websocket.app.state.room
    if not origin_allowed(websocket.headers.get("origin"), websocket.headers.get("host"), room.allow_origins,
                          urlsplit(room.base_url).hostname):
        await websocket.close(code=CLOSE_ORIGIN, reason="a page of another site may not open the room")
        return
    # which of the room's processes took the connection (spades serve --processes), for the operator and the bench
    await websocket.accept(headers=[(b"x-spades-process", str(room.metrics.process).encode())])
    conn = Connection(address=websocket.client.host if websocket.client else "",
                      language=http.asked_language(websocket.query_params.get("lang"),
                                                   websocket.headers.get("accept-language")))
    room.connections.add(conn)
    rate = RateLimit()

    async def write() -> None:
        while True:
            frame, timing = await conn.next_frame()
            if frame.startswith(CLOSE_AFTER):
                conn.close(frame[len(CLOSE_AFTER):])
                return
            await websocket.send_text(frame)
            if timing is not None:
                timing.sent()

    async def read() -> None:
        while conn.closing is None:
            event = await websocket.receive()
            if event["type"] == "websocket.disconnect":
                return
            data: str | bytes | None = event.get("text")
            if data is None:
                data = event.get("bytes") or b""
            conn.received = time.perf_counter()
            await _frame(room, conn, rate, data, websocket.app.state.anonymous)

    writer = asyncio.create_task(write())
    reader = asyncio.create_task(read())
    closer = asyncio.create_task(conn.closed.wait())
    try:
        await asyncio.wait({reader, closer}, return_when=asyncio.FIRST_COMPLETED)
        if conn.closing is not None:
            # The close frame waits behind what the client has not read; its queue is gone meanwhile, and a
            # client that never reads again is dropped by the transport's keepalive.
            writer.cancel()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(websocket.close(code=conn.close_code, reason=conn.closing[:120]),
                                       CLOSE_WAIT)
    except WebSocketDisconnect:
        pass
    finally:
        if conn.handling:  # an action half taken (stored, not yet published) is finished, not cut short
            await asyncio.wait({reader}, timeout=HANDLING_WAIT)
        for task in (reader, closer):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        try:
            await room.left(conn)
        finally:
            if conn.closing is None:  # let the last frames go out before the socket closes
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(_drain(conn), 0.5)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer


# What a connection may send before signing in without being counted for its address: the sign-ins have their own
# limits (signin.py), and a ping costs nothing.
_UNCOUNTED = frozenset({"ping", "register", "login", "guest", "resume"})


async def _frame(room: Room, conn: Connection, rate: RateLimit, data: str | bytes,
                 anonymous: Buckets | None = None) -> None:
    """One client frame: size, rate, schema, then its handler; every refusal answered, nothing else changed. A
    connection not signed in is also held to its address's rate (``anonymous``) for anything but signing in.
    Everything made while it is handled (the replies, the refusals' words) is in the connection's language."""
    with speaking(conn.language):
        await _handle(room, conn, rate, data, anonymous)


async def _handle(room: Room, conn: Connection, rate: RateLimit, data: str | bytes,
                  anonymous: Buckets | None = None) -> None:
    size = len(data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data)
    if size > p.MAX_FRAME_BYTES:  # refused whole, but answered with its id when it has one
        conn.send(_error(p.ErrorCode.TOO_LARGE, _("the message is {size} bytes; the limit is {limit}", size=size,
                                                   limit=p.MAX_FRAME_BYTES), p.frame_id(data)))
        return
    if not rate.allow():
        conn.send(_error(p.ErrorCode.RATE_LIMITED, _("more than {rate} messages a second; the message was dropped",
                                                      rate=number(p.RATE_PER_SECOND)), p.frame_id(data)))
        return
    try:
        message = p.parse_client(data)
    except p.ProtocolError as error:
        conn.send(p.encode(p.error_reply(error)))
        return
    if anonymous is not None and conn.player is None and message.type not in _UNCOUNTED \
            and not anonymous.allow(conn.address):
        conn.send(_error(p.ErrorCode.RATE_LIMITED, _(
            "more than {rate} requests a second from this address without signing in, or too many from every address "
            "together; the message was dropped", rate=number(p.ANONYMOUS_PER_SECOND)), message.id))
        return
    conn.handling = True
    try:
        await HANDLERS[message.type](room, conn, message)
    except p.ProtocolError as error:
        conn.send(p.encode(p.error_reply(error, message.id)))
    except Exception as error:  # a reason may name a card: only where it failed is logged
        log.error("a %s message failed (%s)", message.type, type(error).__name__)
        conn.send(_error(p.ErrorCode.SERVER_ERROR, _("the server failed; nothing was changed"), message.id))
    finally:
        conn.handling = False


async def _drain(conn: Connection) -> None:
    while not conn.outbox.empty():
        await asyncio.sleep(0.01)


def create_app(database_url: str | None = None, redis_url: str | None = None, *, base_url: str = "",
               pace: float = 1.0, seeds: bool = False, allow_origins: tuple[str, ...] = (),
               process: tuple[int, int] = (1, 1), metrics_port: int | None = None,
               listeners: tuple[str, ...] = (), waiting_minutes: float = p.TABLE_WAIT_MINUTES) -> Starlette:
    """The room's application on that database (the default SQLite file when None), with table updates between
    processes through Redis when ``redis_url`` is given; ``allow_origins``: pages of other sites that may open the
    websocket, besides the room's own; ``process``: this one's number among the room's processes and how many
    there are; ``metrics_port``: the local port whose requests may read ``/metrics`` (none: no request may);
    ``listeners``: more subscribers of the tables' events, as ``module:function`` (see ``features``);
    ``waiting_minutes``: how long a table may wait for its game to start (``lobby.expiry``)."""
    for name in listeners:  # a wrong name is refused before the room opens
        load_listener(name)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store, database_url)
        named = store.engine.url.render_as_string(hide_password=True)
        room = Room(store, make_bus(redis_url, named), base_url=base_url, pace=pace, seeds=seeds,
                    allow_origins=allow_origins, metrics=Metrics(*process), tallies=make_tallies(redis_url, named),
                    waiting_minutes=waiting_minutes)
        install(room, listeners)
        anonymous = app.state.anonymous
        room.held["anonymous_addresses"] = lambda: (anonymous.sweep(), len(anonymous))[1]
        await room.start()
        app.state.room = room
        # What is alive once the room has started (its modules, the engine's tables, the store's metadata) lives
        # as long as the process: the collector's full passes need not walk it again.
        gc.collect()
        gc.freeze()
        try:
            yield
        finally:
            await room.close()
            store.close()

    routes = [*http.routes(), *rating_views.routes(), WebSocketRoute("/ws", _socket)]
    middleware = [Middleware(http.MetricsOnly), Middleware(http.AnonymousLimit)]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=middleware)
    app.state.metrics_port = metrics_port
    # per address, websocket and HTTP, and for every address together
    app.state.anonymous = Buckets(p.ANONYMOUS_PER_SECOND, p.ANONYMOUS_BURST,
                                  whole=RateLimit(p.ANONYMOUS_ROOM_PER_SECOND, p.ANONYMOUS_ROOM_BURST))
    add_pages(app)
    return app
