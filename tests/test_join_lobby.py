"""`spades join` through a pseudo-terminal at a real `spades serve`, in the room's lobby and on leaving a table:
waiting in quick play's queue it hears the lobby's earlier and new messages and talks to the lobby by the chat
keys; removed by a table's owner mid-game, it says why and ends by itself."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from room_server import ServeProcess
from spades.room.client import RoomClient
from test_join import JoinDriver
from test_join_chat import Loop


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    tmp = tmp_path_factory.mktemp("lobby")
    process = ServeProcess(str(tmp / "room.sqlite3"), tmp).start()
    try:
        yield process
    finally:
        process.stop()


def test_waiting_in_the_queue_chats_in_the_lobby(server: ServeProcess, tmp_path: Path) -> None:
    loop = Loop()
    bob = RoomClient(server.url)
    joined = None
    try:
        loop.run(bob.connect())
        loop.run(bob.guest("Bob"))
        loop.run(bob.request({"type": "lobby"}))
        assert loop.run(bob.request({"type": "chat", "table": None, "text": "anyone for a game?"}))["type"] == "chat"
        joined = JoinDriver(tmp_path, [server.url, "--quick", "standard", "--wait", "600", "--name", "Quin"])
        joined.expect(r"Waiting for people to play standard: 1 of 4 players; waiting\. Press q to leave the queue\.")
        joined.expect(r"Earlier: Bob: anyone for a game\?")
        loop.run(bob.request({"type": "chat", "table": None, "text": "hello <b>Quin</b>"}))
        joined.expect(r"Bob: hello <b>Quin</b>")

        joined.key(" ")
        joined.expect(r"Chat: type your message; Enter sends it, Escape closes\.")
        for char in "hi Bob, q y n":  # the queue's own keys are text while the line is open
            joined.key(char)
        joined.key("enter")
        heard = loop.run(bob.wait_for(lambda f: f["type"] == "chat" and f["name"] == "Quin", 10))
        assert heard["text"] == "hi Bob, q y n" and heard["table"] is None
        joined.expect(r"Quin: hi Bob, q y n")

        joined.key("p")
        joined.expect(r"Quick phrases: 1 Good game")
        joined.key("5")
        phrase = loop.run(bob.wait_for(lambda f: f["type"] == "chat" and f["text"] == "Good luck", 10))
        assert phrase["name"] == "Quin" and phrase["table"] is None

        joined.key("M")
        joined.expect(r"Bob: anyone for a game\?\r?\n[^\n]*Bob: hello <b>Quin</b>\r?\n[^\n]*Quin: hi Bob, q y n"
                      r"\r?\n[^\n]*Quin: Good luck")
        joined.key("q")
        joined.expect(r"You left the queue\.")
        joined.expect(pexpect.EOF)
    finally:
        loop.run(bob.close())
        loop.stop()
        if joined is not None:
            joined.child.close(force=True)


def test_removed_by_the_owner_it_says_why_and_ends(server: ServeProcess, tmp_path: Path) -> None:
    loop = Loop()
    owner = RoomClient(server.url)
    joined = None
    try:
        loop.run(owner.connect())
        loop.run(owner.guest("Olga"))
        table = loop.run(owner.create("standard", {}, {0: "normal", 1: "normal", 3: "normal"},
                                      autostart=True))["table"]
        joined = JoinDriver(tmp_path, [server.url, "--table", str(table), "--name", "Rita"])
        joined.expect(rf"at table {table}\. You are South\.")
        joined.expect(r"The game begins")
        reply = loop.run(owner.request({"type": "remove_person", "table": table, "name": "Rita"}))
        assert reply["type"] == "table" and reply["seats"][2]["covered"] is True
        joined.expect(rf"The owner removed you from table {table}\.")
        joined.child.expect(pexpect.EOF, timeout=10)
        joined.child.close()
        assert joined.child.exitstatus == 1
    finally:
        loop.run(owner.close())
        loop.stop()
        if joined is not None:
            joined.child.close(force=True)
