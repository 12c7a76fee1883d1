"""The room's HTTP routes: ``GET /health``, ``GET /api/tables`` (the lobby), ``GET /api/tables/{id}/record`` (a
finished game's record only: an unfinished game's record would show every hand, so it is refused with 409) and
``GET /api/players/{name}/stats``."""

from __future__ import annotations

import asyncio

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

__all__ = ["http_routes"]


async def _health(request: Request) -> JSONResponse:
    return JSONResponse({"ok": True})


async def _tables(request: Request) -> JSONResponse:
    from .seating import lobby

    return JSONResponse({"tables": [t.model_dump(mode="json") for t in await lobby(request.app.state.room)]})


async def _record(request: Request) -> JSONResponse:
    store = request.app.state.room.store
    try:
        table_id = int(request.path_params["table"])
    except ValueError:
        return JSONResponse({"error": "a table is a number"}, status_code=404)
    info = await asyncio.to_thread(store.table, table_id)
    if info is None:
        return JSONResponse({"error": f"there is no table {table_id}"}, status_code=404)
    record = await asyncio.to_thread(store.record, table_id) if info.state == "over" else None
    if record is None:
        return JSONResponse({"error": "the game is not over; its record is given only when it is"},
                            status_code=409)
    return JSONResponse(record)


async def _stats(request: Request) -> JSONResponse:
    stats = await asyncio.to_thread(request.app.state.room.store.stats, request.path_params["name"])
    if stats is None:
        return JSONResponse({"error": "no player has that name"}, status_code=404)
    return JSONResponse(vars(stats))


def http_routes() -> list[Route]:
    return [
        Route("/health", _health),
        Route("/api/tables", _tables),
        Route("/api/tables/{table}/record", _record),
        Route("/api/players/{name}/stats", _stats),
    ]
