"""The room's HTTP routes: ``GET /health``, ``GET /api/tables`` (the lobby), ``GET /api/tables/{table}/record`` (a
finished game's record only: an unfinished game's record would show every hand, so it is refused with 409) and
``GET /api/players/{name}/stats``; and ``GET /metrics`` on the metrics listener alone.

Whatever the path holds, a route answers 404 (or 409) and never fails: a table is a number 1 to 2**31 - 1
written in ASCII digits (anything else names no table), and a name is looked up only when it could be a
player's name (``names.lookup_key``: no control character, not too long), so no text reaches the database that
it would refuse. The routes use ``request.app.state.room`` (its ``store``; the lobby as ``seating.lobby`` lists it)."""

from __future__ import annotations

import asyncio
import re

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from ..identity import names
from ..lobby.seating import lobby
from ..protocol import MAX_TABLE_ID

__all__ = ["routes"]

_TABLE_ID = re.compile(r"[0-9]{1,10}")


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
    return JSONResponse(room.metrics.reading(len(room.connections), len(room.tables)))


async def _tables(request: Request) -> JSONResponse:
    return JSONResponse({"tables": [t.model_dump(mode="json") for t in await lobby(request.app.state.room)]})


async def _record(request: Request) -> JSONResponse:
    store = request.app.state.room.store
    number = table_id(request.path_params["table"])
    if number is None:
        return JSONResponse({"error": f"a table is a number from 1 to {MAX_TABLE_ID}"}, status_code=404)
    info = await asyncio.to_thread(store.table, number)
    if info is None:
        return JSONResponse({"error": f"there is no table {number}"}, status_code=404)
    record = await asyncio.to_thread(store.record, number) if info.state == "over" else None
    if record is None:
        return JSONResponse({"error": "the game is not over; its record is given only when it is"},
                            status_code=409)
    return JSONResponse(record)


async def _stats(request: Request) -> JSONResponse:
    name = request.path_params["name"]
    if names.lookup_key(name) is None:
        return JSONResponse({"error": "no player has that name"}, status_code=404)
    stats = await asyncio.to_thread(request.app.state.room.store.stats, name)
    if stats is None:
        return JSONResponse({"error": "no player has that name"}, status_code=404)
    return JSONResponse(vars(stats))


def routes() -> list[Route]:
    """The HTTP routes, for the room's Starlette application."""
    return [
        Route("/health", _health),
        Route("/metrics", _metrics),
        Route("/api/tables", _tables),
        Route("/api/tables/{table}/record", _record),
        Route("/api/players/{name}/stats", _stats),
    ]
