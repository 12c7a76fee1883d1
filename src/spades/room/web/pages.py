"""The browser's pages: plain files under ``static/`` (one HTML page, a style sheet and JavaScript modules), served
by the room itself, so that ``spades serve`` is the whole web table: no build step, nothing fetched from another
site. Every page address gives the same HTML; its script reads the address (the lobby, a table, an invitation)
and talks to the room over the websocket.

The page is filled in from the keymap (:mod:`spades.words.keymap`) as it is first served: the key table its ``?``
shows, and the keymap itself as JSON for the table's script, so the browser has the terminal's keys and their
help without a list of its own; and so are the rule sets (each variant's seats, the options it takes and its
hand's length), so that the page's forms and its felt ask the rules rather than know a variant by its name."""

from __future__ import annotations

import html
import json
from functools import cache
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.staticfiles import StaticFiles

from ...errors import RulesError
from ...rules import JOKER_FORMS, VARIANTS, Rules
from ...seats import SEAT_LETTERS, SEAT_NAMES
from ...words import keymap

__all__ = ["STATIC", "add_pages", "key_rows", "page_html"]

STATIC = Path(__file__).with_name("static")
PAGE_PATHS = ("/", "/table/{table:int}", "/tables/{table:int}", "/invite/{code}", "/stats", "/stats/{name}",
              "/leaderboard", "/players/{name}", "/tournaments", "/tournaments/{tournament:int}", "/moderate")
# The page may not load anything from elsewhere, nor be framed; scripts are only the room's own modules.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; connect-src 'self'; img-src 'self' data:; "
    "style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}
KEY_ROWS = "{{key rows}}"  # where index.html takes the key table's rows
KEYMAP = "{{keymap}}"  # ... and the keymap, in a <script type="application/json">
RULE_SETS = "{{rule sets}}"  # ... and the rule sets, likewise


def key_rows() -> str:
    """The key table's body: one row group for each group of the keymap, one row (name, help) for each key."""
    groups = []
    for group, entries in keymap.web_rows():
        rows = "".join(f"<tr><td>{html.escape(e.name)}</td><td>{html.escape(e.help)}</td></tr>" for e in entries)
        groups.append(f'<tbody><tr><th scope="rowgroup" colspan="2">{html.escape(group)}</th></tr>{rows}</tbody>')
    return "\n    ".join(groups)


def keymap_data() -> str:
    """The keymap as JSON that cannot end its script element (every ``<`` escaped)."""
    return json_data(keymap.keymap_json())


def rule_sets() -> dict[str, object]:
    """What the page needs of the rules: the seats' names and short forms (each seat's badge) by table size, and
    for each variant its players, the options its table may be created with, and the tricks of a hand for each form
    of jokers it takes."""
    variants = {}
    for variant in VARIANTS:
        rules = Rules.preset(variant)
        sizes = {}
        for jokers in JOKER_FORMS:
            try:
                sizes[jokers] = Rules.preset(variant, jokers=jokers).hand_size
            except RulesError:
                continue
        variants[variant] = {"players": rules.players, "partnerships": rules.partnerships,
                             "options": list(rules.options_taken()), "hand_size": sizes}
    return {"seat_names": {str(n): list(names) for n, names in SEAT_NAMES.items()},
            "seat_letters": {str(n): list(letters) for n, letters in SEAT_LETTERS.items()}, "variants": variants}


def json_data(value: object) -> str:
    """JSON that cannot end its script element (every ``<`` escaped)."""
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c")


@cache
def page_html() -> str:
    """index.html with the key table and the keymap filled in: made once, the same for every address."""
    text = (STATIC / "index.html").read_text(encoding="utf-8")
    return text.replace(KEY_ROWS, key_rows()).replace(KEYMAP, keymap_data()).replace(RULE_SETS, json_data(rule_sets()))


async def _page(request: Request) -> Response:
    return HTMLResponse(page_html(), headers=SECURITY_HEADERS)


def add_pages(app: Starlette) -> None:
    """Add the page routes and the ``/static`` files to the room's application."""
    for path in PAGE_PATHS:
        app.add_route(path, _page, methods=["GET", "HEAD"])
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
