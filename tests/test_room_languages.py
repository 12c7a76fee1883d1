"""Each connection of the room hears the room in its own language: three people at one table, in English, Spanish
and French, each hear every said line, their updates' lines and prompts and their errors in theirs, while a chat
line goes to all of them as it was written, with the language its sender said it is in.

No Spanish or French catalogue is needed: a stand-in catalogue marks each message it is asked for with its
language ("[es] ..."), so that a line heard in another language than its hearer's, or made without the catalogue,
shows. The room runs in this process (uvicorn on a loopback port, as ``spades serve`` runs it), where the stand-in
is in force, and real clients play a whole hand through its websocket; their frames pass the leak check of the
room's other tests."""

from __future__ import annotations

import asyncio
import contextlib
import gettext
import json
import re
import socket
import urllib.request
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from room_server import Knowledge, Seat, close_all, leaks
from spades import language
from spades.room.client import RoomClient, with_language
from spades.room.table.connections import Connection, send_each
from spades.room.web.app import create_app
from spades.room.web.http import asked_language

LANGS = ("en", "es", "fr")
BEGIN = re.compile(r"^The game begins\. If a person loses the connection or leaves during the game, the computer "
                   r"plays for them after 60 seconds, until they are back\.$")


class Marked(gettext.NullTranslations):
    """A stand-in catalogue: every message it is asked for comes back marked with its language."""

    def __init__(self, code: str) -> None:
        super().__init__()
        self.mark = f"[{code}] "

    def gettext(self, message: str) -> str:
        return self.mark + message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.mark + (msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self.mark + message


def _forget_made_words() -> None:
    """Words kept once made in a language (card names, event lines) are made again from the catalogue in force."""
    from spades import card_words
    from spades.words import announce

    for cached in (getattr(card_words, "_names", None), getattr(announce, "_remembered_lines", None)):
        if cached is not None and hasattr(cached, "cache_clear"):
            cached.cache_clear()


@pytest.fixture
def marked(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The stand-in catalogues of Spanish and French, in force for this test only."""
    made: dict[str, gettext.NullTranslations] = {}

    def translations(code: str, domain: str = "spades") -> gettext.NullTranslations:
        if code == language.DEFAULT:
            return gettext.NullTranslations()
        return made.setdefault(code, Marked(code))

    _forget_made_words()
    monkeypatch.setattr(language, "translations", translations)
    yield
    _forget_made_words()


def heard_in(text: str, code: str) -> bool:
    """Whether a line is said in ``code``: marked with it alone (English: marked with none)."""
    marks = set(re.findall(r"\[(en|es|fr)\] ", text))
    if code == "en":
        return not marks
    return text.startswith(f"[{code}] ") and marks == {code}


@contextlib.asynccontextmanager
async def room_here(tmp: Path) -> AsyncIterator[str]:
    """The room's application served by uvicorn in this process on a free loopback port; its websocket's URL."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(create_app(str(tmp / "room.sqlite3"), pace=0.0), log_level="warning", lifespan="on",
                            ws_max_size=1 << 16)
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    try:
        for _ in range(600):
            if server.started:
                break
            await asyncio.sleep(0.05)
        assert server.started, "the room did not start"
        yield f"ws://127.0.0.1:{port}/ws"
    finally:
        server.should_exit = True
        await asyncio.wait_for(task, 30)
        sock.close()


def _record(url: str, table: int) -> dict[str, Any]:
    http = url.replace("ws://", "http://").removesuffix("/ws")
    with urllib.request.urlopen(f"{http}/api/tables/{table}/record", timeout=30) as response:
        return dict(json.loads(response.read()))


async def _game(url: str) -> None:
    people = {seat: await RoomClient(url, lang=code).connect() for seat, code in enumerate(LANGS)}
    clients = list(people.values())
    try:
        for seat, client in people.items():
            welcome = await client.guest(("Ada", "Bea", "Cyd")[seat])
            assert welcome["type"] == "welcome" and welcome["lang"] == LANGS[seat], welcome
        made = await people[0].create("standard", {"hands": 1}, levels={3: "normal"})
        table = made["table"]
        for seat, client in people.items():
            assert (await client.join(table, seat))["type"] == "table"
        mark = [len(client.frames) for client in clients]
        await people[0].request({"type": "start", "table": table})
        for seat, client in people.items():  # the start's line, to each in their language
            said = await client.wait_for(lambda f: f.get("type") == "said", 60, since=mark[seat])
            assert heard_in(said["text"], LANGS[seat]), said
            assert BEGIN.match(re.sub(r"\[(es|fr)\] ", "", said["text"])), said  # the same sentence, marked

        # an error of the room's schema, of the table, and of the engine's rules, each in the asker's language
        for seat, client in people.items():
            bad = await client.request({"type": "sync", "table": "seven", "cursor": 0})
            assert bad["type"] == "error" and bad["code"] == "bad_message", bad
            assert heard_in(bad["message"], LANGS[seat]) and "sync.table" in bad["message"], bad
            empty = await client.request({"type": "chat", "table": table, "text": "   "})
            assert empty["code"] == "chat_text" and heard_in(empty["message"], LANGS[seat]), empty
            asked = await client.request({"type": "ask", "table": table, "key": "w"})
            assert asked["type"] == "said" and heard_in(asked["text"], LANGS[seat]), asked
        view = people[0].views[table]
        waiting = next(seat for seat in people if seat != view["turn"])
        refused = await people[waiting].request({"type": "act", "table": table, "action": "3",
                                                 "cursor": people[waiting].cursors[table]})
        assert refused["type"] == "error" and refused["code"] == "not_your_turn", refused
        assert heard_in(refused["message"], LANGS[waiting]), refused

        # chat: never translated, with the language its sender said it is in, or none
        said_at = [len(client.frames) for client in clients]
        await people[1].request({"type": "chat", "table": table, "text": "¡Hola a todos!", "lang": "es-419"})
        await people[0].request({"type": "chat", "table": table, "text": "good luck"})
        for seat, client in people.items():
            hola = await client.wait_for(lambda f: f.get("type") == "chat" and f["text"] == "¡Hola a todos!", 30,
                                         since=said_at[seat])
            assert hola["lang"] == "es-419" and hola["name"] == "Bea", hola
            luck = await client.wait_for(lambda f: f.get("type") == "chat" and f["text"] == "good luck", 30,
                                         since=said_at[seat])
            assert "lang" not in luck, luck
        history = await people[2].request({"type": "chat_history", "table": table})
        assert [(m["text"], m["lang"]) for m in history["messages"]] == [("¡Hola a todos!", "es-419"),
                                                                          ("good luck", None)], history

        await asyncio.gather(*(Seat(client, table, seat, f"seat {seat}").play() for seat, client in people.items()))
        for client in clients:  # the game over: asked for a rematch, in each one's language
            await client.wait_for(lambda f: f.get("type") == "rematch", 60)
        record = await asyncio.to_thread(_record, url, table)
        known = Knowledge(record)
        for seat, client in people.items():
            code = LANGS[seat]
            assert leaks(client.frames, seat, known) == [], seat
            updates = [f for f in client.frames if f.get("type") == "update"]
            lines = [line for f in updates for kind in ("lines", "brief") for event in f[kind] for line in event]
            lines += [f[key] for f in updates for key in ("prompt", "unplayable") if f.get(key)]
            assert updates and lines
            wrong = [line for line in lines if not heard_in(line, code)]
            assert not wrong, (code, wrong[:5])
            said = [f["text"] for f in client.frames if f.get("type") == "said"]
            assert said and all(heard_in(text, code) for text in said), (code, said)
            errors = [f["message"] for f in client.frames if f.get("type") == "error"]
            assert len(errors) == (3 if seat == waiting else 2), (code, errors)
            assert all(heard_in(text, code) for text in errors), (code, errors)
            over = [f for f in client.frames if f.get("type") == "rematch"]
            assert over and heard_in(over[-1]["text"], code), over[-1:]
    finally:
        await close_all(clients)


def test_three_people_at_one_table_each_hear_the_room_in_their_own_language(tmp_path: Path, marked: None) -> None:
    async def main() -> None:
        async with room_here(tmp_path) as url:
            await asyncio.wait_for(_game(url), 300)

    asyncio.run(main())


def test_a_connection_asks_for_its_language_by_its_address_else_by_its_browser(
        marked: None, monkeypatch: pytest.MonkeyPatch) -> None:
    assert asked_language("fr", "es") == "fr"
    assert asked_language("es-419", None) == "es"
    assert asked_language("de", "fr-CA,fr;q=0.9,en;q=0.5") == "fr"  # a language the room does not speak
    assert asked_language(None, "de-DE,de;q=0.9,es;q=0.4") == "es"
    assert asked_language(None, None) == "en"
    assert with_language("ws://h:1/ws", None) == "ws://h:1/ws"
    assert with_language("ws://h:1/ws", "fr") == "ws://h:1/ws?lang=fr"
    assert with_language("ws://h:1/ws?x=1&lang=en", "es") == "ws://h:1/ws?x=1&lang=es"

    def missing(code: str, domain: str = "spades") -> gettext.NullTranslations:
        if code == "en":
            return gettext.NullTranslations()
        raise FileNotFoundError(code)

    monkeypatch.setattr(language, "translations", missing)  # a language whose catalogue is not installed
    assert asked_language("fr", "es") == "en" and asked_language(None, "es") == "en"


def test_a_frame_for_many_connections_is_made_once_for_each_language_among_them(marked: None) -> None:
    """The cost of a line said at a table grows with the languages in use there, not with its connections."""
    made: list[str] = []

    def frame() -> str:
        made.append(language.current())
        return language._("Ten seconds left.")

    connections = [Connection(language=code) for code in ("en", "en", "en", "en")]
    send_each(connections, frame)
    assert made == ["en"]
    made.clear()
    connections += [Connection(language=code) for code in ("es", "fr", "es", "fr", "en")]
    send_each(connections, frame)
    assert sorted(made) == ["en", "es", "fr"]
    sent = [conn.outbox.get_nowait()[0] for conn in connections]
    assert [heard_in(text, conn.language) for text, conn in zip(sent, connections, strict=True)] == [True] * 9


class _Wire:
    """Two rooms' bus, in one process: what one publishes the other hears, as the notice's JSON."""

    def __init__(self) -> None:
        self.rooms: list[Any] = []

    def of(self, room: Any) -> Any:
        wire = self

        class Bus:
            async def start(self, handler: Any) -> None:
                return None

            async def publish(self, notice: dict[str, Any]) -> None:
                for other in wire.rooms:
                    if other is not room:
                        await other.on_notice(json.loads(json.dumps(notice)))

            async def close(self) -> None:
                return None

        return Bus()


def test_a_player_told_in_two_processes_hears_it_in_each_connections_language(tmp_path: Path, marked: None) -> None:
    """``Room.tell`` reaches a player wherever they are connected: each connection of theirs, in this process or
    another, hears the sentence in its own language; a reason to close them too."""
    from datetime import UTC, datetime

    from spades.room import protocol as p
    from spades.room.store import Account, Store
    from spades.room.table.room import Room

    async def main() -> None:
        store = Store(str(tmp_path / "room.sqlite3"))
        wire = _Wire()
        rooms: list[Room] = []
        for _ in range(2):
            room = Room(store)
            room.bus = wire.of(room)
            rooms.append(room)
        wire.rooms = rooms
        ada = Account(1, "Ada", True, datetime.now(UTC))
        here, there, also = Connection(language="es"), Connection(language="fr"), Connection(language="en")
        for room, conn in ((rooms[0], here), (rooms[1], there), (rooms[1], also)):
            conn.player = ada
            room.connections.add(conn)
        try:
            await rooms[0].tell("Ada", lambda: p.encode(p.Notice(type="notice", kind="lifted", text=language._(
                "A moderator lifted your sanction: {reason}.", reason="a mistake"))),
                close=lambda: language._("You are banned from the room: {reason}.", reason="a mistake"))
            for conn in (here, there, also):
                frame = json.loads(conn.outbox.get_nowait()[0])
                assert heard_in(frame["text"], conn.language), frame
                assert frame["text"].endswith("A moderator lifted your sanction: a mistake."), frame
                reason = conn.outbox.get_nowait()[0]
                assert heard_in(reason.split(":", 1)[1], conn.language), reason  # the close's, in the same words
        finally:
            for room in rooms:
                await room.close()
            store.close()

    asyncio.run(main())


def test_a_database_at_v0019_keeps_its_chat_and_its_messages_have_no_language(tmp_path: Path) -> None:
    """The chat's language (v0020) is added to a database of the version before, its messages kept, said in no
    language of their own."""
    from datetime import UTC, datetime

    from sqlalchemy import create_engine, text

    from spades.room.store import Store, migrations
    from spades.room.store.base import database_url
    from spades.room.store.chat import last_messages, store_message

    url = str(tmp_path / "room.sqlite3")
    engine = create_engine(database_url(url))
    try:
        migrations.upgrade(engine, "v0019")
        with engine.begin() as connection:
            connection.execute(text("INSERT INTO players (name, name_key, password_hash, created) "
                                    "VALUES ('Ada', 'ada', NULL, :now)"), {"now": datetime.now(UTC)})
            connection.execute(text("INSERT INTO chat_messages (chat, table_id, seq, sender_id, name, text, "
                                    "spectator, at) VALUES (0, NULL, 1, 1, 'Ada', 'hello', 0, :now)"),
                               {"now": datetime.now(UTC)})
    finally:
        engine.dispose()
    store = Store(url)
    try:
        assert migrations.current(store.engine) == migrations.head()
        ada = store.player("Ada")
        assert ada is not None
        store_message(store, 0, ada, "bonjour", False, "fr")
        assert [(s.entry.text, s.entry.lang) for s in last_messages(store, 0, 5)] == [("hello", None),
                                                                                     ("bonjour", "fr")]
    finally:
        store.close()


def test_a_connection_changes_its_language_with_the_language_message(tmp_path: Path, marked: None) -> None:
    """``language`` answers with the language now in force, and the room says everything after it in that one."""
    from starlette.testclient import TestClient

    with TestClient(create_app(str(tmp_path / "room.sqlite3"), pace=0.0)) as http, \
            http.websocket_connect("/ws", headers={"accept-language": "es-ES,es;q=0.9"}) as socket:
        socket.send_json({"type": "guest", "id": 1, "name": "Ada"})
        assert socket.receive_json()["lang"] == "es"  # the browser's language, with no lang in the address
        for code in ("fr", "en", "es"):
            socket.send_json({"type": "language", "id": 2, "lang": code})
            assert socket.receive_json() == {"type": "language", "id": 2, "lang": code}
            socket.send_json({"type": "sync", "id": 3, "table": 0, "cursor": 0})
            refused = socket.receive_json()
            assert refused["code"] == "bad_message" and heard_in(refused["message"], code), refused
