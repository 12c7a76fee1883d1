"""The room's HTTP routes: ``GET /health``, ``GET /api/tables?page=N`` (a page of the lobby, the copy the websocket's
askers share), ``GET /api/tables/{table}`` (one table as the lobby lists it, while it waits or is under way; what
an invitation's page looks up: a private table only with its invitation code, ``?invite=CODE``),
``GET /api/tables/{table}/record`` (a
finished game's record only: an unfinished game's record would show every hand, so it is refused with 409) and
``GET /api/players/{name}/stats``, ``GET /api/tournaments`` (the open ones and the last ones over) and
``GET /api/tournaments/{n}`` (one, with its rounds and standings), ``POST /api/sign-out`` (ends a session); and
``GET /metrics`` on the metrics listener alone.

Whatever the path holds, a route answers 404 (or 409) and never fails: a table is a number 1 to 2**31 - 1
written in ASCII digits (anything else names no table), and a name is looked up only when it could be a
player's name (``names.lookup_key``: no control character, not too long), so no text reaches the database that
it would refuse. The routes use ``request.app.state.room`` (its ``store``; the lobby as ``listing`` shares it).

No request under ``/api/`` needs signing in, so each is counted for its client's address with the websocket's
requests made before signing in (``AnonymousLimit``): over the rate, it is answered 429 at once. Its words (an
error's, a tournament's sentence) are in the language it asks for (``?lang=``, else its ``Accept-Language``), as a
websocket's are."""

from __future__ import annotations

import re
import secrets
from urllib.parse import parse_qs

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from ...language import DEFAULT, LANGUAGES, _, choose, language_of, number, speaking
from .. import protocol as p
from ..identity import names
from ..lobby.listing import lobby_find, lobby_page
from ..protocol import MAX_TABLE_ID
from ..store import tournaments as stored
from ..table.connections import installed
from ..table.messages import table_json
from ..tournaments.views import tournament_message, tournament_summary

__all__ = ["AnonymousLimit", "MetricsOnly", "asked_language", "routes"]

_TABLE_ID = re.compile(r"[0-9]{1,10}")


def asked_language(asked: str | None, accept_language: str | None) -> str:
    """The language a connection or a request is answered in: the one its address asks for (``?lang=fr``: the web
    page's and ``spades join``'s choice) when the room speaks it, else the browser's (``Accept-Language``), else
    English; English, too, for a language whose catalogue is not installed."""
    if asked:
        code = asked.replace("_", "-").split("-")[0].strip().lower()
        if code in LANGUAGES:
            return installed(language_of(code))
    return installed(choose(accept_language)) if accept_language else DEFAULT


def _scope_language(scope: Scope) -> str:
    query = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang")
    accept = next((value.decode("latin-1") for key, value in scope.get("headers", ())
                   if key == b"accept-language"), None)
    return asked_language(query[0] if query else None, accept)


def table_id(text: str) -> int | None:
    """The table number a path names, or None when it names none."""
    if not _TABLE_ID.fullmatch(text):
        return None
    number = int(text)
    return number if 1 <= number <= MAX_TABLE_ID else None


async def _health(request: Request) -> JSONResponse:
    return JSONResponse({"ok": True})


async def _metrics(request: Request) -> JSONResponse:
    """The process's own measurements (room.metrics), only through its metrics listener (``spades serve
    --metrics-port``): the room's public address answers 404 as for any path it does not serve."""
    server = request.scope.get("server")
    port = request.app.state.metrics_port
    if port is None or not server or server[1] != port:
        return JSONResponse({"error": "not found"}, status_code=404)
    room = request.app.state.room
    reading = room.metrics.reading(len(room.connections), len(room.tables))
    reading["held"] = {name: count() for name, count in sorted(room.held.items())}
    return JSONResponse(reading)


async def _tables(request: Request) -> Response:
    text = request.query_params.get("page", "0")
    page = int(text) if text.isascii() and text.isdigit() and len(text) <= 5 else -1
    if not 0 <= page <= p.MAX_LOBBY_PAGE:
        return JSONResponse({"error": _("a page is a number from 0 to {last}", last=p.MAX_LOBBY_PAGE)},
                            status_code=404)
    tables, pages = await lobby_page(request.app.state.room, page)
    return Response(b'{"tables":%s,"page":%d,"pages":%d}' % (tables, page, pages), media_type="application/json")


async def _table(request: Request) -> JSONResponse:
    number = table_id(request.path_params["table"])
    if number is None:
        return JSONResponse({"error": _("a table is a number from 1 to {last}", last=MAX_TABLE_ID)},
                            status_code=404)
    room = request.app.state.room
    info = await lobby_find(room, number)
    code = request.query_params.get("invite")
    if info is None and code:  # a private table, which the lobby's shared copy never holds: shown to its link
        stored_table = await room.aside(room.store.table, number)
        if stored_table is not None and stored_table.settings.get("private") \
                and stored_table.state in ("waiting", "playing") \
                and secrets.compare_digest(code.encode(), stored_table.invite.encode()):
            info = table_json(stored_table, room.connections.present(number), room.base_url)
    if info is None:
        return JSONResponse({"error": _("table {table} is not waiting nor under way", table=number)},
                            status_code=404)
    return JSONResponse(info)


async def _record(request: Request) -> JSONResponse:
    store = request.app.state.room.store
    number = table_id(request.path_params["table"])
    if number is None:
        return JSONResponse({"error": _("a table is a number from 1 to {last}", last=MAX_TABLE_ID)},
                            status_code=404)
    info = await request.app.state.room.aside(store.table, number)
    if info is None:
        return JSONResponse({"error": _("there is no table {table}", table=number)}, status_code=404)
    record = await request.app.state.room.aside(store.record, number) if info.state == "over" else None
    if record is None:
        return JSONResponse({"error": _("the game is not over; its record is given only when it is")},
                            status_code=409)
    return JSONResponse(record)


async def _stats(request: Request) -> JSONResponse:
    name = request.path_params["name"]
    if names.lookup_key(name) is None:
        return JSONResponse({"error": _("no player has that name")}, status_code=404)
    stats = await request.app.state.room.aside(request.app.state.room.store.stats, name)
    if stats is None:
        return JSONResponse({"error": _("no player has that name")}, status_code=404)
    return JSONResponse(vars(stats))


async def _tournament(request: Request) -> JSONResponse:
    """``GET /api/tournaments/{n}``: a tournament as its message says it (entries, each round's matches with their
    tables, whose finished games' records are at /api/tables/{table}/record, and the standings)."""
    number = table_id(request.path_params["tournament"])
    if number is None:
        return JSONResponse({"error": _("a tournament is a number from 1 to {last}", last=MAX_TABLE_ID)},
                            status_code=404)
    room = request.app.state.room
    state = await room.aside(stored.tournament, room.store, number)
    if state is None:
        return JSONResponse({"error": _("there is no tournament {number}", number=number)}, status_code=404)
    return JSONResponse(tournament_message(state).model_dump(mode="json", exclude={"id"}))


async def _tournaments(request: Request) -> JSONResponse:
    """``GET /api/tournaments``: the tournaments entering or under way, and the last ones over, newest first."""
    room = request.app.state.room
    listed = await room.aside(stored.listed, room.store, p.TOURNAMENTS_LISTED)
    return JSONResponse({"tournaments": [tournament_summary(state) for state in listed]})


async def _sign_out(request: Request) -> JSONResponse:
    """``POST /api/sign-out`` with ``{"token": ...}``: the page's Sign out ends its session at the room, so that a
    guest's name is free again for the next person rather than kept for a session no one holds any more."""
    try:
        body = await request.json()
    except ValueError:
        body = None
    token = body.get("token") if isinstance(body, dict) else None
    if not isinstance(token, str):
        return JSONResponse({"error": _("send the session's token as {token}", token='{"token": ...}')},
                            status_code=400)
    freed = await request.app.state.room.aside(request.app.state.room.store.sign_out, token)
    return JSONResponse({"signed_out": True, "name_freed": freed})


class AnonymousLimit:
    """Every request under ``/api/`` is counted for its client's address (``app.state.anonymous``, shared with the
    websocket's requests before signing in); over the rate it is answered 429 without reaching its route."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith("/api/"):
            await self.app(scope, receive, send)
            return
        with speaking(_scope_language(scope)):
            client = scope.get("client")
            buckets = scope["app"].state.anonymous
            if not buckets.allow(client[0] if client else ""):
                response = JSONResponse({"error": _("more than {rate} requests a second from this address, or too "
                                                    "many from every address together; wait a moment",
                                                    rate=number(p.ANONYMOUS_PER_SECOND))},
                                        status_code=429, headers={"Retry-After": "1"})
                await response(scope, receive, send)
                return
            await self.app(scope, receive, send)


class MetricsOnly:
    """The metrics listener (``spades serve --metrics-port``, on 127.0.0.1) serves ``/metrics`` and nothing else:
    not the pages, the API nor the websocket, which a local process could otherwise reach past the public
    address's limits and checks. (The public address, for its part, answers ``/metrics`` with 404.)"""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            port = scope["app"].state.metrics_port
            server = scope.get("server")
            if port is not None and server and server[1] == port and scope["path"] != "/metrics":
                if scope["type"] == "websocket":
                    await send({"type": "websocket.close", "code": 1008, "reason": "the metrics port serves /metrics"})
                    return
                response = JSONResponse({"error": "the metrics port serves /metrics only"}, status_code=404)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def routes() -> list[Route]:
    """The HTTP routes, for the room's Starlette application."""
    return [
        Route("/health", _health),
        Route("/metrics", _metrics),
        Route("/api/tables", _tables),
        Route("/api/tables/{table}", _table),
        Route("/api/tables/{table}/record", _record),
        Route("/api/players/{name}/stats", _stats),
        Route("/api/sign-out", _sign_out, methods=["POST"]),
        Route("/api/tournaments", _tournaments),
        Route("/api/tournaments/{tournament}", _tournament),
    ]
