"""Chat through a real ``spades serve`` (SQLite and PostgreSQL) with real websocket clients: a message reaches
everyone at its table and no other table nor the lobby; its limits, markup, control and invisible characters, a
flood and a muted sender; the owner's settings and removal; and, on two processes sharing PostgreSQL and Redis,
each message once and in order."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from room_databases import REDIS
from room_server import Seat, ServeProcess, close_all, serving, start
from spades.room.client import RoomClient

NAMES = itertools.count(1)


class Client(RoomClient):
    """A client from an address of its own on the loopback network (127.0.1.N), so that this module's many
    guests stay within the room's guests per address."""

    async def connect(self) -> Client:
        import websockets

        self._ws = await websockets.connect(self.url, max_size=2**22,
                                            local_addr=(f"127.0.1.{next(NAMES) % 250 + 1}", 0))
        self.closed = False
        self._reader = asyncio.create_task(self._read())
        return self


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    with serving(request.param, tmp_path_factory.mktemp(request.param)) as process:
        yield process


async def person(url: str, stem: str) -> RoomClient:
    client = await Client(url).connect()
    reply = await client.guest(f"{stem}{next(NAMES)}")
    assert reply["type"] == "welcome", reply
    return client


def name(client: RoomClient) -> str:
    welcome = next(f for f in client.frames if f["type"] == "welcome")
    return str(welcome["player"]["name"])


async def say(client: RoomClient, table: int | None, text: str) -> dict[str, Any]:
    return await client.request({"type": "chat", "table": table, "text": text})


def chats(client: RoomClient, since: int = 0) -> list[dict[str, Any]]:
    return [f for f in client.frames[since:] if f["type"] == "chat"]


async def settle() -> None:
    """Time enough for a frame that should not come to have come."""
    await asyncio.sleep(0.4)


async def table_of(url: str, stem: str, levels: dict[int, str] | None = None,
                   **settings: Any) -> tuple[int, RoomClient, RoomClient, RoomClient]:
    """A table whose owner sits at seat 0, another person at seat 1, and a spectator."""
    owner, other, watcher = (await person(url, stem + "Own"), await person(url, stem + "Sit"),
                             await person(url, stem + "See"))
    reply = await owner.create("standard", {"lose_at": -150}, levels, pace=0, **settings)
    table = reply["table"]
    assert (await owner.join(table, 0))["type"] == "table"
    assert (await other.join(table, 1))["type"] == "table"
    assert (await watcher.join(table))["type"] == "table"
    return table, owner, other, watcher


def test_a_line_reaches_its_table_and_no_other_nor_the_lobby(server: ServeProcess) -> None:
    async def main() -> None:
        table, owner, other, watcher = await table_of(server.url, "Tab")
        elsewhere = await person(server.url, "Far")
        far = (await elsewhere.create("standard"))["table"]
        await elsewhere.join(far, 0)
        lobby = await person(server.url, "Lob")
        assert (await lobby.request({"type": "lobby"}))["type"] == "lobby"
        clients = [owner, other, watcher, elsewhere, lobby]
        try:
            marks = [len(c.frames) for c in clients]
            reply = await say(owner, table, "nice play")
            assert reply["type"] == "chat" and reply["text"] == "nice play" and reply["name"] == name(owner)
            assert reply["spectator"] is False and reply["table"] == table
            for client in (other, watcher):
                line = await client.wait_for(lambda f: f["type"] == "chat", 60, since=marks[clients.index(client)])
                assert (line["name"], line["text"], line["seq"]) == (name(owner), "nice play", reply["seq"])
            watched = await say(watcher, table, "hello from the rail")
            assert watched["spectator"] is True
            await other.wait_for(lambda f: f["type"] == "chat" and f["spectator"], 60, since=marks[1])
            await settle()
            assert chats(elsewhere, marks[3]) == [] and chats(lobby, marks[4]) == []

            # the lobby's chat: the connections at no table, never a table's
            lobby_two = await person(server.url, "Lob")
            await lobby_two.request({"type": "lobby"})
            mark = [len(c.frames) for c in clients]
            said = await say(lobby, None, "anyone for a game?")
            assert said["table"] is None
            await lobby_two.wait_for(lambda f: f["type"] == "chat" and f["text"] == "anyone for a game?", 60)
            await settle()
            assert all(chats(c, m) == [] for c, m in zip(clients[:4], mark[:4], strict=True))
            refused = await say(owner, None, "hi lobby")
            assert refused["code"] == "not_in_lobby"
            refused = await say(lobby, table, "let me in")
            assert refused["code"] == "not_seated"

            # coming to the table: its settings, and what was said before
            late = await person(server.url, "Late")
            mark_late = len(late.frames)
            await late.join(table)
            log = await late.wait_for(lambda f: f["type"] == "chat_log", 60, since=mark_late)
            assert log["earlier"] is True
            assert [m["text"] for m in log["messages"]] == ["nice play", "hello from the rail"]
            assert any(f["type"] == "chat_settings" and f["chat"] == "on" for f in late.frames[mark_late:])
            history = await late.request({"type": "chat_history", "table": table})
            assert history["type"] == "chat_log" and history["earlier"] is False and len(history["messages"]) == 2
            fresh = await person(server.url, "Lob")
            await fresh.request({"type": "lobby"})
            lobby_log = await fresh.wait_for(lambda f: f["type"] == "chat_log", 60)
            assert [m["text"] for m in lobby_log["messages"]] == ["anyone for a game?"]
            await close_all([late, fresh, lobby_two])
        finally:
            await close_all(clients)

    asyncio.run(main())


def test_the_limits_of_a_message(server: ServeProcess) -> None:
    async def main() -> None:
        table, owner, other, watcher = await table_of(server.url, "Lim")
        try:
            assert (await say(owner, table, "x" * 201))["code"] == "chat_too_long"
            assert (await say(owner, table, "a\tb"))["code"] == "chat_text"  # a tab inside (the ends are stripped)
            assert (await say(owner, table, " " + "y" * 200 + "  "))["text"] == "y" * 200
            markup = await say(owner, table, "<b>bold</b> & <script>alert(1)</script>")
            assert markup["text"] == "<b>bold</b> & <script>alert(1)</script>"
            heard = await other.wait_for(lambda f: f["type"] == "chat" and "script" in f["text"], 60)
            assert heard["text"] == markup["text"]
            bell = await say(owner, table, "ring\x07")
            assert bell["code"] == "chat_text" and "U+0007" in bell["message"]
            assert (await say(owner, table, "two\nlines"))["code"] == "chat_text"
            invisible = await say(other, table, "\u200b\u200d \u2060\u3164")
            assert invisible["code"] == "chat_text" and "shows nothing" in invisible["message"]
            assert (await say(other, table, "   "))["code"] == "chat_text"
            assert (await say(other, table, "e\u0301t\u00e9"))["text"] == "\u00e9t\u00e9"  # NFC

            # a flood, counted across the player's connections
            twin = await RoomClient(server.url).connect()
            await twin.resume(watcher.token)
            await twin.join(table)
            sent = [await say(watcher if i % 2 else twin, table, f"line {i}") for i in range(5)]
            assert all(s["type"] == "chat" for s in sent), sent
            flood = await say(twin, table, "one more")
            assert flood["code"] == "chat_flood" and "wait" in flood["message"], flood
            assert (await say(watcher, table, "and another"))["code"] == "chat_flood"
            await twin.close()
        finally:
            await close_all([owner, other, watcher])

    asyncio.run(main())


def test_a_muted_sender_is_not_heard_and_the_mute_is_kept(server: ServeProcess) -> None:
    async def main() -> None:
        table, owner, other, watcher = await table_of(server.url, "Mut")
        try:
            muted = await owner.request({"type": "mute", "name": name(other), "muted": True})
            assert muted["type"] == "muted" and muted["names"] == [name(other)]
            marks = (len(owner.frames), len(watcher.frames), len(other.frames))
            assert (await say(watcher, table, "hi all"))["type"] == "chat"
            reply = await say(other, table, "can you hear me")
            assert reply["type"] == "chat"
            await watcher.wait_for(lambda f: f["type"] == "chat" and f["text"] == "can you hear me", 5,
                                   since=marks[1])
            await settle()
            assert [f["text"] for f in chats(owner, marks[0])] == ["hi all"]
            assert [f for f in other.frames[marks[2]:] if f["type"] == "error"] == []  # the sender is not told
            again = await RoomClient(server.url).connect()  # another session of the same player
            await again.resume(owner.token)
            assert (await again.request({"type": "mute"}))["names"] == [name(other)]
            await again.join(table)
            log = await again.wait_for(lambda f: f["type"] == "chat_log", 60)
            assert [m["text"] for m in log["messages"]] == ["hi all"]
            await again.close()
            assert (await owner.request({"type": "mute", "name": name(other), "muted": False}))["names"] == []
            mark = len(owner.frames)
            await say(other, table, "and now")
            await owner.wait_for(lambda f: f["type"] == "chat" and f["text"] == "and now", 60, since=mark)
            assert (await owner.request({"type": "mute", "name": "Nobody Here"}))["code"] == "no_such_player"
        finally:
            await close_all([owner, other, watcher])

    asyncio.run(main())


def test_the_owners_chat_settings(server: ServeProcess) -> None:
    async def main() -> None:
        table, owner, other, watcher = await table_of(server.url, "Set", {2: "normal", 3: "normal"},
                                                      chat="between_hands")
        watcher_two = await person(server.url, "SetSee")
        await watcher_two.join(table)
        try:
            assert (await say(other, table, "before the deal"))["type"] == "chat"
            refused = await other.request({"type": "chat_settings", "table": table, "chat": "off"})
            assert refused["code"] == "not_owner"
            mark = len(other.frames)
            answer = await owner.request({"type": "chat_settings", "table": table, "spectator_chat": False})
            assert answer["type"] == "chat_settings" and answer["spectator_chat"] is False
            told = await other.wait_for(lambda f: f["type"] == "said" and "spectators" in f["text"], 60, since=mark)
            assert told["text"].startswith("The players no longer see the spectators' chat")
            marks = (len(other.frames), len(watcher_two.frames))
            assert (await say(watcher, table, "psst"))["type"] == "chat"
            await watcher_two.wait_for(lambda f: f["type"] == "chat" and f["text"] == "psst", 60, since=marks[1])
            await settle()
            assert chats(other, marks[0]) == []

            await start(owner, table)
            playing = owner.views[table]
            assert playing["phase"] in ("bid", "play")
            players = {0: owner, 1: other}
            seats = {s: Seat(c, table, s, f"set {s}") for s, c in players.items()}
            while owner.views[table]["phase"] != "play":  # the bids are made; the first trick is played
                turn = owner.views[table]["turn"]
                if turn in seats:
                    await seats[turn].play(until=owner.cursors[table] + 1, timeout=120)
                else:
                    await owner.wait_for(lambda f: f["type"] == "update", 60, since=len(owner.frames))
            assert (await say(other, table, "during the trick"))["code"] == "chat_between_hands"
            mark = len(other.frames)
            await owner.request({"type": "chat_settings", "table": table, "chat": "off"})
            told = await other.wait_for(lambda f: f["type"] == "said" and "chat" in f["text"], 60, since=mark)
            assert told["text"] == "The owner turned the table's chat off."
            assert (await say(watcher, table, "hello?"))["code"] == "chat_off"
        finally:
            await close_all([owner, other, watcher, watcher_two])

    asyncio.run(main())


def test_the_owner_removes_a_player_mid_game_and_a_spectator(server: ServeProcess) -> None:
    async def main() -> None:
        table, owner, other, watcher = await table_of(server.url, "Rem", {2: "normal", 3: "normal"})
        try:
            assert (await owner.request({"type": "remove_person", "table": table, "name": name(owner)}))[
                "code"] == "bad_message"
            assert (await other.request({"type": "remove_person", "table": table, "name": name(watcher)}))[
                "code"] == "not_owner"
            await start(owner, table)
            marks = [len(c.frames) for c in (owner, other, watcher)]
            reply = await owner.request({"type": "remove_person", "table": table, "name": name(other)})
            assert reply["type"] == "table", reply
            seat = reply["seats"][1]
            assert seat["covered"] is True and seat["away"] == "removed"
            line = f"The owner removed {name(other)}; the computer plays East."
            for client, mark in ((owner, marks[0]), (watcher, marks[2])):
                await client.wait_for(lambda f: f["type"] == "said" and f["text"] == line, 60, since=mark)
            told = await other.wait_for(lambda f: f["type"] == "removed", 60, since=marks[1])
            assert told["table"] == table
            assert (await other.join(table, 1))["code"] == "removed"
            assert (await other.join(table))["code"] == "removed"
            assert (await say(other, table, "let me back"))["code"] == "not_seated"
            cursor = owner.cursors[table]
            assert (await other.request({"type": "act", "table": table, "action": "3", "cursor": cursor}))[
                "code"] == "removed"
            # the computer plays East from now on: the game goes past East's turns
            await Seat(owner, table, 0, "rem 0").play(until=cursor + 12, timeout=120)
            events = [e for f in owner.frames[marks[0]:] if f["type"] == "update" for e in f["events"]]
            assert any(e.get("seat") == 1 for e in events), events

            mark = len(owner.frames)
            gone = await owner.request({"type": "remove_person", "table": table, "name": name(watcher)})
            assert gone["type"] == "table"
            await watcher.wait_for(lambda f: f["type"] == "removed", 60)
            await owner.wait_for(lambda f: f["type"] == "said" and f["text"] ==
                                 f"The owner removed {name(watcher)} from the table.", 5, since=mark)
            assert (await watcher.join(table))["code"] == "removed"
        finally:
            await close_all([owner, other, watcher])

    asyncio.run(main())


def test_removal_before_the_start_frees_the_seat(server: ServeProcess) -> None:
    async def main() -> None:
        table, owner, other, watcher = await table_of(server.url, "Free")
        try:
            reply = await owner.request({"type": "remove_person", "table": table, "name": name(other)})
            assert reply["seats"][1]["player"] is None
            await watcher.wait_for(lambda f: f["type"] == "said" and f["text"] ==
                                   f"The owner removed {name(other)}; East is free again.", 5)
            assert (await other.join(table, 1))["code"] == "removed"
            assert (await watcher.join(table, 1))["type"] == "table"
        finally:
            await close_all([owner, other, watcher])

    asyncio.run(main())



def test_chat_between_two_processes_arrives_once_in_order(shared_database: str, tmp_path: Path) -> None:
    first = ServeProcess(shared_database, tmp_path, REDIS, name="first").start()
    second = ServeProcess(shared_database, tmp_path, REDIS, name="second").start()

    async def main() -> None:
        owner = await person(first.url, "Two")
        table = (await owner.create("standard"))["table"]
        await owner.join(table, 0)
        other = await person(second.url, "Two")
        await other.join(table, 1)
        watcher = await person(second.url, "TwoSee")
        await watcher.join(table)
        lobby_first, lobby_second = await person(first.url, "TwoLob"), await person(second.url, "TwoLob")
        for client in (lobby_first, lobby_second):
            await client.request({"type": "lobby"})
        everyone = [owner, other, watcher]
        marks = [len(c.frames) for c in everyone]
        try:
            async def talk(client: RoomClient, words: str) -> None:
                for i in range(4):
                    assert (await say(client, table, f"{words} {i}"))["type"] == "chat"

            await asyncio.gather(talk(owner, "north"), talk(other, "east"))
            for client, mark in zip(everyone, marks, strict=True):
                await client.wait_for(lambda f, m=mark, c=client: len(chats(c, m)) >= 8, 60, since=mark)
            await settle()
            for client, mark in zip(everyone, marks, strict=True):
                seqs = [f["seq"] for f in chats(client, mark)]
                assert seqs == sorted(set(seqs)) and len(seqs) == 8, (name(client), seqs)
            def said(c: RoomClient, m: int) -> list[tuple[int, str]]:
                return [(f["seq"], f["text"]) for f in chats(c, m)]

            assert said(owner, marks[0]) == said(watcher, marks[2]) == said(other, marks[1])  # one order
            assert chats(lobby_first) == [] and chats(lobby_second) == []
            await say(lobby_first, None, "over here")
            heard = await lobby_second.wait_for(lambda f: f["type"] == "chat", 60)
            assert heard["text"] == "over here" and heard["table"] is None
            await settle()
            assert all(f["table"] == table for c in everyone for f in chats(c))
        finally:
            await close_all([*everyone, lobby_first, lobby_second])

    try:
        asyncio.run(main())
    finally:
        first.stop()
        second.stop()


def test_the_table_names_its_spectators_before_they_speak(server: ServeProcess) -> None:
    async def main() -> None:
        table, owner, other, watcher = await table_of(server.url, "Who")
        late = await person(server.url, "WhoLate")
        try:
            def watching(client: RoomClient) -> list[str]:
                return next(f for f in reversed(client.frames) if f["type"] == "table")["watching"]

            assert watching(owner) == [name(watcher)] and watching(watcher) == [name(watcher)]
            mark = len(other.frames)
            assert (await late.join(table))["watching"] == sorted([name(watcher), name(late)], key=str.casefold)
            await other.wait_for(lambda f: f["type"] == "table" and name(late) in f["watching"], 60, since=mark)
            muted = await owner.request({"type": "mute", "name": name(late), "muted": True})
            assert muted["names"] == [name(late)]  # muted before a word: the name came from the table
            mark = len(other.frames)
            gone = await owner.request({"type": "remove_person", "table": table, "name": name(late)})
            assert gone["watching"] == [name(watcher)]
            await other.wait_for(lambda f: f["type"] == "table" and f["watching"] == [name(watcher)], 60, since=mark)
            mark = len(owner.frames)
            assert (await watcher.request({"type": "stand", "table": table}))["type"] == "table"
            await owner.wait_for(lambda f: f["type"] == "table" and f["watching"] == [], 60, since=mark)
            lobby = await owner.request({"type": "lobby"})
            assert all("watching" not in t for t in lobby["tables"])
        finally:
            await close_all([owner, other, watcher, late])

    asyncio.run(main())


def test_what_was_said_while_a_person_was_away_is_given_to_them_on_their_return(server: ServeProcess) -> None:
    """A person whose connection is cut mid-game has no connection at the table to hear its chat: back by resume,
    they are given what was said meanwhile (as earlier lines, after where the game stands), and nothing said
    before they went, which they heard."""
    async def main() -> None:
        table, owner, other, watcher = await table_of(server.url, "Away", {2: "normal", 3: "normal"})
        again = await Client(server.url).connect()
        try:
            await start(owner, table)
            assert (await say(owner, table, "good luck"))["type"] == "chat"
            await other.wait_for(lambda f: f["type"] == "chat" and f["text"] == "good luck", 60)
            mark = len(owner.frames)
            await other.close()
            await owner.wait_for(lambda f: f["type"] == "said" and "lost the connection" in f["text"], 60,
                                 since=mark)
            assert (await say(owner, table, "where did you go?"))["type"] == "chat"
            assert (await say(watcher, table, "they will be back"))["type"] == "chat"
            assert (await again.resume(other.token))["type"] == "welcome"
            told = await again.wait_for(lambda f: f["type"] == "chat_log" and f["table"] == table, 60)
            assert told["earlier"] is True
            assert [m["text"] for m in told["messages"]] == ["where did you go?", "they will be back"], told
            kinds = [f["type"] for f in again.frames]
            assert kinds.index("update") < kinds.index("chat_log")  # where the game stands comes first
        finally:
            await close_all([owner, other, watcher, again])

    asyncio.run(main())
