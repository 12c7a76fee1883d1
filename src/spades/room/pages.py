"""The browser's pages: plain files under ``static/`` (one HTML page, a style sheet and JavaScript modules), served
by the room itself, so that ``spades serve`` is the whole web table: no build step, nothing fetched from another
site. Every page address gives the same HTML; its script reads the address (the lobby, a table, an invitation)
and talks to the room over the websocket."""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.staticfiles import StaticFiles

__all__ = ["STATIC", "add_pages"]

STATIC = Path(__file__).with_name("static")
PAGE_PATHS = ("/", "/table/{table:int}", "/tables/{table:int}", "/invite/{code}", "/stats", "/stats/{name}")
# The page may not load anything from elsewhere, nor be framed; scripts are only the room's own modules.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; connect-src 'self'; img-src 'self' data:; "
    "style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}


async def _page(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", media_type="text/html; charset=utf-8", headers=SECURITY_HEADERS)


def add_pages(app: Starlette) -> None:
    """Add the page routes and the ``/static`` files to the room's application."""
    for path in PAGE_PATHS:
        app.add_route(path, _page, methods=["GET", "HEAD"])
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
