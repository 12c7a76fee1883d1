"""The browser's pages: plain files under ``static/`` (one HTML page, a style sheet and JavaScript modules), served
by the room itself, so that ``spades serve`` is the whole web table: no build step, nothing fetched from another
site. Every page address gives the same HTML; its script reads the address (the lobby, a table, an invitation)
and talks to the room over the websocket.

The page is a Jinja template (``static/index.html``) whose every word goes through the catalogue (Jinja's i18n
extension, which Babel extracts from). It is made once for each language, as it is first asked for in it, and
served in the language of the request: its ``?lang=``, else the cookie the page's Language setting keeps, else the
browser's Accept-Language. The page carries what its scripts need in that language: the scripts' own catalogue
(``locale/<lang>/LC_MESSAGES/web.json``), the cards' names as the room says them, the key table its ``?`` shows
and the keymap itself as JSON for the table's script (made from :mod:`spades.words.keymap`, so the browser has the
terminal's keys and their help without a list of its own), and the rule sets (each variant's seats, the options it
takes and its hand's length), so that the page's forms and its felt ask the rules rather than know a variant by
its name."""

from __future__ import annotations

import html
import json
from functools import cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.staticfiles import StaticFiles

from ...card_words import card_words, the_card
from ...cards import CARDS
from ...errors import RulesError
from ...language import LANGUAGES, LOCALE_DIR, NAMES, choose, speaking, translations
from ...rules import JOKER_FORMS, VARIANTS, Rules, variant_words
from ...seats import SEAT_LETTERS, SEAT_NAMES, seat_initial, seat_words
from ...words import keymap

__all__ = ["COOKIE", "STATIC", "add_pages", "card_names", "catalogue", "key_rows", "page_html", "page_language"]

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
COOKIE = "spades_lang"  # the language the page's setting chose, kept by the browser
# The same address gives a page in another language to another browser: caches keep one copy per language asked.
VARY = "Accept-Language, Cookie"


def page_language(request: Request) -> str:
    """The language to serve the page in: the address's ``?lang=``, else the cookie of the page's Language setting,
    else the browser's Accept-Language (English when it names none of the room's)."""
    for asked in (request.query_params.get("lang"), request.cookies.get(COOKIE)):
        if asked in LANGUAGES:
            return str(asked)
    return choose(request.headers.get("accept-language"))


def key_rows() -> str:
    """The key table's body, in the language in force: one row group for each group of the keymap, one row (name,
    help) for each key."""
    groups = []
    for group, entries in keymap.web_rows():
        rows = "".join(f"<tr><td>{html.escape(e.name)}</td><td>{html.escape(e.help)}</td></tr>" for e in entries)
        groups.append(f'<tbody><tr><th scope="rowgroup" colspan="2">{html.escape(group)}</th></tr>{rows}</tbody>')
    return "\n    ".join(groups)


def keymap_data() -> str:
    """The keymap as JSON that cannot end its script element (every ``<`` escaped), in the language in force."""
    return json_data(keymap.keymap_json())


def rule_sets() -> dict[str, object]:
    """What the page needs of the rules: the seats' names (as data, and as said in the language in force) and
    short forms (as typed, and as each seat's badge shows them) by table size, and for each variant its name as
    said, its players, the options its table may be created with, and the tricks of a hand for each form of jokers
    it takes."""
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
                             "options": list(rules.options_taken()), "hand_size": sizes,
                             "words": variant_words(variant)}
    return {"seat_names": {str(n): list(names) for n, names in SEAT_NAMES.items()},
            "seat_said": {str(n): [seat_words(seat, n) for seat in range(n)] for n in SEAT_NAMES},
            "seat_letters": {str(n): list(letters) for n, letters in SEAT_LETTERS.items()},
            "seat_initials": {str(n): [seat_initial(seat, n) for seat in range(n)] for n in SEAT_LETTERS},
            "variants": variants}


def card_names() -> dict[str, list[str]]:
    """Each card (by its text, "10H") as the room names it in the language in force: alone ("ten of hearts": a
    card of the hand, a move through it) and with its article ("the ten of hearts": inside a sentence), so that the
    page's own sentences about a card say it as the room's lines do."""
    return {str(card): [card_words(card), the_card(card)] for card in CARDS}


def catalogue(language: str) -> str:
    """The scripts' catalogue of ``language`` (``{"language": ..., "messages": {...}}``) as compiled from its
    ``web.po``; English, or a language not compiled yet, has no messages: the scripts say their English."""
    path = LOCALE_DIR / language / "LC_MESSAGES" / "web.json"
    if language != "en" and path.exists():
        return json_data(json.loads(path.read_text(encoding="utf-8")))
    return json_data({"language": language, "messages": {}})


def json_data(value: object) -> str:
    """JSON that cannot end its script element (every ``<`` escaped)."""
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c")


@cache
def _environment(language: str) -> Environment:
    """Jinja for the page in ``language``: its ``_()`` and ``{% trans %}`` look up that language's catalogue of the
    room's messages (the translations are the template's own text, HTML as it stands, as Jinja takes them)."""
    environment = Environment(loader=FileSystemLoader(STATIC), autoescape=select_autoescape(["html"]),
                              extensions=["jinja2.ext.i18n"])
    environment.install_gettext_translations(translations(language), newstyle=True)  # type: ignore[attr-defined]
    return environment


@cache
def page_html(language: str = "en") -> str:
    """index.html in ``language``: its words, the key table, the keymap, the cards' names and the scripts'
    catalogue; made once a language, the same for every address."""
    with speaking(language):
        data = {"lang": language, "languages": [(code, NAMES[code]) for code in LANGUAGES],
                "key_rows": Markup(key_rows()), "keymap": Markup(keymap_data()),
                "rule_sets": Markup(json_data(rule_sets())), "card_names": Markup(json_data(card_names())),
                "catalogue": Markup(catalogue(language))}
        return _environment(language).get_template("index.html").render(data)


async def _page(request: Request) -> Response:
    language = page_language(request)
    return HTMLResponse(page_html(language), headers={**SECURITY_HEADERS, "Vary": VARY,
                                                      "Content-Language": language})


def add_pages(app: Starlette) -> None:
    """Add the page routes and the ``/static`` files to the room's application."""
    for path in PAGE_PATHS:
        app.add_route(path, _page, methods=["GET", "HEAD"])
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
