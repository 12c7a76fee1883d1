"""The web page in the player's language: served in the language of the address's ``?lang=``, else of the cookie the
page's Language setting keeps, else of the browser's Accept-Language, with ``<html lang>`` saying which and Vary
saying what it depends on; the scripts' catalogue and the cards' names carried in the page; the scripts' ``_`` and
``n_`` (static/js/i18n.js) filling a message from a catalogue and choosing its plural form by the language's rules;
and in a real browser the Language setting, which loads the page again in the language chosen and opens the
connection to the room in it. No translation exists yet: nothing here looks for a French or Spanish word."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from spades.language import speaking
from spades.room.web.app import create_app
from spades.room.web.pages import page_html
from spades.words import keymap
from web_support import Room

I18N_JS = Path(__file__).resolve().parent.parent / "src" / "spades" / "room" / "web" / "static" / "js" / "i18n.js"


class Page(HTMLParser):
    """What the tests read of a served page: its language, its JSON script elements, the language options."""

    def __init__(self) -> None:
        super().__init__()
        self.lang: str | None = None
        self.scripts: dict[str, str] = {}
        self.options: list[dict[str, str | None]] = []
        self._script: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "html":
            self.lang = found.get("lang")
        elif tag == "script" and found.get("type") == "application/json":
            self._script = found.get("id")
            self.scripts[str(self._script)] = ""
        elif tag == "option" and found.get("lang") is not None:
            self.options.append(found)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._script = None

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            self.scripts[self._script] += data


def read(text: str) -> Page:
    page = Page()
    page.feed(text)
    return page


def client(tmp: Path) -> TestClient:
    return TestClient(create_app(str(tmp / "room.sqlite3"), pace=0.0))


def test_the_page_is_served_in_the_language_asked_for(tmp_path: Path) -> None:
    with client(tmp_path) as http:
        plain = http.get("/")
        assert read(plain.text).lang == "en" and plain.headers["content-language"] == "en"
        french = http.get("/tables/3", headers={"Accept-Language": "fr-CA,fr;q=0.9,en;q=0.8"})
        assert read(french.text).lang == "fr" and french.headers["content-language"] == "fr"
        assert read(http.get("/", headers={"Accept-Language": "de, es;q=0.5"}).text).lang == "es"
        assert read(http.get("/", headers={"Accept-Language": "de"}).text).lang == "en"
        # the address's ?lang= wins over everything; one the room does not speak counts for nothing
        assert read(http.get("/?lang=es", headers={"Accept-Language": "fr"}).text).lang == "es"
        assert read(http.get("/?lang=de", headers={"Accept-Language": "fr"}).text).lang == "fr"
        # the setting's cookie wins over Accept-Language, and ?lang= over the cookie
        http.cookies.set("spades_lang", "es")
        assert read(http.get("/", headers={"Accept-Language": "fr"}).text).lang == "es"
        assert read(http.get("/leaderboard?lang=fr").text).lang == "fr"
        http.cookies.set("spades_lang", "xx")
        assert read(http.get("/", headers={"Accept-Language": "fr"}).text).lang == "fr"
        for answer in (plain, french):
            assert answer.status_code == 200 and "default-src 'self'" in answer.headers["content-security-policy"]
            varies = {part.strip().lower() for part in answer.headers["vary"].split(",")}
            assert {"accept-language", "cookie"} <= varies


def test_the_page_carries_its_catalogue_card_names_key_table_and_language_choice(tmp_path: Path) -> None:
    with client(tmp_path) as http:
        for lang in ("en", "es", "fr"):
            page = read(http.get(f"/?lang={lang}").text)
            catalogue = json.loads(page.scripts["catalogue"])
            assert catalogue["language"] == lang and isinstance(catalogue["messages"], dict)
            if lang == "en":
                assert catalogue["messages"] == {}  # English is the source: the scripts say their own words
            names = json.loads(page.scripts["card-names"])
            assert len(names) == 54 and all(len(forms) == 2 and all(forms) for forms in names.values())
            with speaking(lang):
                assert json.loads(page.scripts["keymap"]) == keymap.keymap_json()
            sets = json.loads(page.scripts["rule-sets"])
            assert sets["seat_names"]["4"] == ["North", "East", "South", "West"]  # as data, in every language
            assert len(sets["seat_said"]["4"]) == 4
            # each language offered in its own words and marked as such; the page's own chosen
            assert [(o["value"], o["lang"]) for o in page.options] == [("en", "en"), ("es", "es"), ("fr", "fr")]
            assert [o["value"] for o in page.options if "selected" in o] == [lang]


def test_the_english_page_keeps_its_words_and_every_language_is_made_once() -> None:
    english = page_html("en")
    assert '<html lang="en">' in english and "{{" not in english and "{%" not in english
    for words in ("Skip to the content", "Play now", "Keys at the table", "Partner's name, to sit with a friend",
                  "The card room needs JavaScript.", "<code>spades play</code> and"):
        assert words in english
    assert page_html("fr") is page_html("fr")  # made once a language, then served as made
    assert '<html lang="fr">' in page_html("fr")


SCRIPT = """
const catalogue = JSON.parse(process.argv[2]);
globalThis.document = {
  documentElement: { lang: catalogue.language },
  getElementById: (id) => (id === "catalogue" ? { textContent: JSON.stringify(catalogue) } : null),
};
const m = await import(process.argv[1]);
console.log(JSON.stringify({
  lang: m.LANG,
  plain: m._("{name} sits at {seat}.", { name: "Ada", seat: "South" }),
  made: m._("Your turn."),
  missing: m._("Not in the catalogue, {name}.", { name: "Bob" }),
  counts: [0, 1, 2, 5, 1000000].map((n) => m.n_("{n} card", "{n} cards", n)),
  untranslated: [1, 2].map((n) => m.n_("{n} trick", "{n} tricks", n)),
  decimal: m.decimal(1502.5),
}));
"""


def run_i18n(catalogue: dict[str, Any]) -> dict[str, Any]:
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.skip("no node to run the page's JavaScript module: apt-get install nodejs")
    done = subprocess.run([node, "--input-type=module", "-e", SCRIPT, I18N_JS.as_uri(), json.dumps(catalogue)],
                          capture_output=True, text=True, check=True, timeout=30)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def test_the_scripts_messages_are_looked_up_filled_and_counted_by_the_languages_plural_rules() -> None:
    # a made-up catalogue: the forms are marked, not translated; three forms in the catalogue's order of CLDR
    # categories, as the compiled web.json of Spanish and French carries them
    messages = {"{name} sits at {seat}.": "<{seat}> <{name}>", "Your turn.": "<turn>",
                "{n} card": ["<one: {n}>", "<many: {n}>", "<other: {n}>"]}
    categories = ["one", "many", "other"]
    french = run_i18n({"language": "fr", "plural_categories": categories, "messages": messages})
    assert french["lang"] == "fr" and french["plain"] == "<South> <Ada>" and french["made"] == "<turn>"
    assert french["missing"] == "Not in the catalogue, Bob."  # a message the catalogue lacks is said in English
    # French: 0 and 1 are "one"; a round million is "many"
    assert french["counts"] == ["<one: 0>", "<one: 1>", "<other: 2>", "<other: 5>", "<many: 1000000>"]
    assert french["untranslated"] == ["1 trick", "2 tricks"]
    assert french["decimal"] == "1502,5"
    spanish = run_i18n({"language": "es", "plural_categories": categories, "messages": messages})
    assert spanish["counts"] == ["<other: 0>", "<one: 1>", "<other: 2>", "<other: 5>", "<many: 1000000>"]
    english = run_i18n({"language": "en", "messages": {}})
    assert english["plain"] == "Ada sits at South." and english["counts"] == ["0 cards", "1 card", "2 cards", "5 cards",
                                                                              "1000000 cards"]
    assert english["decimal"] == "1502.5"


def test_choosing_a_language_in_the_settings_loads_the_page_in_it(browser: Any, room: Room) -> None:
    errors: list[str] = []
    context = browser.new_context(bypass_csp=True, locale="en-GB", reduced_motion="reduce")
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.on("pageerror", lambda error: errors.append(str(error)))
    sockets: list[str] = []
    page.on("websocket", lambda socket: sockets.append(socket.url))
    page.goto(room.url + "/")
    page.wait_for_selector("#play-now:focus")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert sockets and re.search(r"/ws\?lang=en$", sockets[-1])
    page.click("#open-settings")
    assert page.input_value("#set-language") == "en"
    assert page.eval_on_selector_all("#set-language option", "os => os.map((o) => [o.value, o.lang])") == [
        ["en", "en"], ["es", "es"], ["fr", "fr"]]
    page.select_option("#set-language", "fr")
    with page.expect_navigation():
        page.click("#set-language-apply")
    page.wait_for_selector("#play-now:focus")
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.input_value("#set-language") == "fr"
    assert {"name": "spades_lang", "value": "fr"}.items() <= next(
        cookie for cookie in context.cookies() if cookie["name"] == "spades_lang").items()
    assert re.search(r"/ws\?lang=fr$", sockets[-1])  # the room speaks to this page in French
    # the table's lines carry the page's language
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelectorAll('#log p').length > 0")
    assert set(page.eval_on_selector_all("#log p", "ps => ps.map((p) => p.lang)")) == {"fr"}
    # back to English, from a table's address: the page comes again at the same address
    address = page.evaluate("location.pathname")
    page.click("#open-settings")
    page.select_option("#set-language", "en")
    with page.expect_navigation():
        page.click("#set-language-apply")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert page.evaluate("location.pathname") == address
    assert not errors, errors
    context.close()
