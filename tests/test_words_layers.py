"""The words and the keys lie beneath both tables: no module of the room imports the terminal table, the words
import neither, and the keys are listed once, in the keymap, which the terminal's ``?`` list and dispatch, the
protocol's ask keys, the web page's key table and the browser's script all follow."""

from __future__ import annotations

import ast
import io
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import get_args

import pytest
from starlette.testclient import TestClient

from spades import Game, Rules
from spades.bots import make_bot
from spades.host import Host
from spades.room import protocol
from spades.room.web.app import create_app
from spades.table import session
from spades.table.config import Settings
from spades.table.keys import LineInput
from spades.table.link import LocalLink
from spades.table.session import Output, Table
from spades.words.keymap import KEYMAP, keymap_json

SRC = Path(__file__).resolve().parents[1] / "src"
STATIC = SRC / "spades" / "room" / "web" / "static"


def imported_modules(path: Path) -> set[str]:
    """Every module a source file imports, relative imports resolved (``from .. import table`` gives
    ``spades.table``), whether at the top or inside a function."""
    package = list(path.relative_to(SRC).parts[:-1])  # a module's own package; an __init__'s is itself
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def reaches(modules: set[str], package: str) -> list[str]:
    return sorted(m for m in modules if m == package or m.startswith(package + "."))


def test_the_import_resolver_sees_relative_imports_of_the_table() -> None:
    here = SRC / "spades" / "room" / "protocol" / "messages.py"
    assert "spades.words.keymap" in imported_modules(here)
    assert "spades.room.protocol.codes" in imported_modules(here)


@pytest.mark.parametrize("path", sorted((SRC / "spades" / "room").rglob("*.py")), ids=lambda p: p.name)
def test_no_module_of_the_room_imports_the_terminal_table(path: Path) -> None:
    assert reaches(imported_modules(path), "spades.table") == [], path


@pytest.mark.parametrize("path", sorted((SRC / "spades" / "words").rglob("*.py")), ids=lambda p: p.name)
def test_the_words_import_neither_table(path: Path) -> None:
    modules = imported_modules(path)
    assert reaches(modules, "spades.table") == [] and reaches(modules, "spades.room") == [], path


def test_each_key_is_in_the_keymap_once() -> None:
    keys = [key for entry in KEYMAP for key in entry.keys]
    assert len(keys) == len(set(keys))
    assert len({entry.name for entry in KEYMAP}) == len(KEYMAP)


def console(tmp: Path) -> tuple[Table, io.StringIO]:
    game = Game(Rules.preset("standard", hands=1), seed="keys")
    host = Host(game, {seat: make_bot("random") for seat in (0, 1, 3)})
    stream = io.StringIO()
    table = Table(link=LocalLink(host, 2, save_to=tmp / "save.json"), adviser=make_bot("random"),
                  settings=Settings(), input=LineInput(io.StringIO()), out=Output(stream), sleep=lambda _: None)
    while game.phase != "play" or game.turn != 2:
        if game.turn == 2:
            host.act(2, game.legal_actions()[-1])
        else:
            host.step()
    table.advance()
    return table, stream


def test_the_terminals_list_of_keys_is_the_keymap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPADES_CONFIG_DIR", str(tmp_path))
    table, _ = console(tmp_path)
    said = table.information("?")
    assert said is not None and said[-1] == session.LINE_HELP  # line mode: how to type the keys, last
    assert said[0].startswith("Keys: ")  # each key in a word or two first, then each in full
    items = [item for line in said[1:-1] for item in line.split(": ", 1)[1].rstrip(".").split("; ")]
    # a local game: the chat's keys are the room's, not listed here
    assert items == [f"{entry.name}: {entry.terminal or entry.help}" for group in ("Bidding",
                     "Moving through your hand", "Reading the table", "Also") for entry in KEYMAP
                     if entry.group == group]


def test_the_terminal_does_what_the_keymap_says_for_every_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every key of the keymap does something at the table (the draw's y and Backspace only when there is
    something to keep or rub out), and a key outside it does nothing."""
    monkeypatch.setenv("SPADES_CONFIG_DIR", str(tmp_path))
    for entry in KEYMAP:
        if entry.does in ("draw", "rub out"):
            continue
        for key in entry.keys:
            table, stream = console(tmp_path)
            table.handle_key(key)
            assert "does nothing here" not in stream.getvalue(), key
    table, stream = console(tmp_path)
    table.handle_key("Q")
    assert "Q does nothing here" in stream.getvalue()
    assert all(session.LINE_WORDS[word] == entry.key for entry in KEYMAP for word in entry.words)


def test_the_protocols_ask_keys_are_the_keymaps_asked_keys() -> None:
    asked = [entry.key for entry in KEYMAP if entry.does in ("read", "hint", "coach", "clock", "standings")]
    assert list(get_args(protocol.AskKey)) == asked == list(protocol.ASK_KEYS)
    schema = protocol.Ask.model_json_schema()
    assert schema["properties"]["key"]["enum"] == asked
    for key in asked:
        assert isinstance(protocol.parse_client(json.dumps({"type": "ask", "table": 1, "key": key})), protocol.Ask)
    for key in ("m", "g", "?", "q", "U", "left"):
        with pytest.raises(protocol.ProtocolError):
            protocol.parse_client(json.dumps({"type": "ask", "table": 1, "key": key}))


class KeyTable(HTMLParser):
    """The rows (name, help) of the page's key table, and the text of its keymap script."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.cell: list[str] | None = None
        self.inside = False
        self.script: list[str] | None = None
        self.keymap = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "dialog" and ("id", "keys-dialog") in attrs:
            self.inside = True
        elif self.inside and tag == "tr":
            self.rows.append([])
        elif self.inside and tag == "td":
            self.cell = []
        elif tag == "script" and ("id", "keymap") in attrs:
            self.script = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "dialog":
            self.inside = False
        elif tag == "td" and self.cell is not None:
            self.rows[-1].append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag == "script" and self.script is not None:
            self.keymap, self.script = "".join(self.script), None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)
        if self.script is not None:
            self.script.append(data)


def test_the_pages_key_table_and_keymap_are_the_keymaps(tmp_path: Path) -> None:
    with TestClient(create_app(str(tmp_path / "room.sqlite3"), pace=0.0)) as http:
        page = http.get("/tables/3").text
    parsed = KeyTable()
    parsed.feed(page)
    rows = [row for row in parsed.rows if row]  # the header and group rows have no data cells
    assert rows == [[entry.name, entry.help] for entry in KEYMAP if entry.web]
    assert json.loads(parsed.keymap) == keymap_json()
    assert [entry["key"] for entry in keymap_json()] == [entry.key for entry in KEYMAP if entry.web]


def test_no_key_list_is_written_again_in_the_page_or_its_script() -> None:
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    dialog = html[html.index('id="keys-dialog"'):html.index("</dialog>", html.index('id="keys-dialog"'))]
    assert "<td>" not in dialog and "{{ key_rows }}" in dialog
    table = ("table", "keys", "hand", "said", "decision", "scoreboard")  # the table's modules, which read keys
    scripts = "\n".join((STATIC / "js" / f"{name}.js").read_text(encoding="utf-8") for name in table)
    assert not re.search(r"\b(NAV_KEYS|SUIT_KEYS|ASK_KEYS|KEY_NAMES)\b", scripts)
    assert not re.search(r"ArrowLeft|ArrowUp|\"Home\"|new Set\(\[", scripts)
    assert 'getElementById("keymap")' in (STATIC / "js" / "keys.js").read_text(encoding="utf-8")


def test_events_of_two_kinds_with_the_same_fields_are_said_each_in_its_own_words() -> None:
    """An event's lines are remembered for the seats that hear it: two kinds of event with equal fields (a bid and
    a changed bid, both a seat and a bid) are equal tuples, and must not share their lines."""
    from spades.actions import BIDS
    from spades.events import BidChanged, BidMade, Looked, SpadesBroken
    from spades.rules import Rules
    from spades.words.announce import event_line

    rules = Rules.preset("mirror")
    made, changed = event_line(rules, BidMade(1, BIDS[4])), event_line(rules, BidChanged(1, BIDS[4]))
    assert made != changed and event_line(rules, BidMade(1, BIDS[4])) == made
    assert event_line(rules, Looked(2)) != event_line(rules, SpadesBroken(2))
