"""`spades join`'s chat by keys through a pseudo-terminal, at a real `spades serve`: Space, typing and Enter send
a message the other client receives; the other's message is heard at the table; p then a digit sends a quick
phrase (and is no bid); Shift+M reads the messages back; and `spades play` answers that chat is for the room."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from room_server import Loop, ServeProcess
from spades.room.client import RoomClient
from test_join import JoinDriver
from test_table_play import Driver


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServeProcess]:
    process = ServeProcess(str(tmp_path / "room.sqlite3"), tmp_path).start()
    try:
        yield process
    finally:
        process.stop()



def test_chat_by_keys_at_spades_join(server: ServeProcess, tmp_path: Path) -> None:
    joined = JoinDriver(tmp_path / "join", [server.url, "--name", "Ada", "-o", "hands=1"])
    joined.expect(r"at table 1\. You are South\.")
    joined.expect(r"Your turn to bid")
    loop = Loop(20)
    bob = RoomClient(server.url)
    try:
        loop.run(bob.connect())
        loop.run(bob.guest("Bob"))
        loop.run(bob.join(1))
        assert loop.run(bob.request({"type": "chat", "table": 1, "text": "good luck, Ada"}))["type"] == "chat"
        joined.expect(r"Bob, watching: good luck, Ada")

        joined.key(" ")
        joined.expect(r"Chat: type your message; Enter sends it, Escape closes\.")
        for char in "hello <b>Bob</b>":
            joined.key(char)
        joined.expect(r"\nhello <b>Bob</b>")  # echoed as it is typed
        joined.key("enter")
        joined.expect(r"Ada: hello <b>Bob</b>")
        heard = loop.run(bob.wait_for(lambda f: f["type"] == "chat" and f["name"] == "Ada", 10))
        assert heard["text"] == "hello <b>Bob</b>"

        joined.key(" ")
        joined.expect(r"Chat: type")
        joined.key("x")
        joined.key("\x1b")
        joined.expect(r"Chat closed\.")

        joined.key("p")
        joined.expect(r"Quick phrases: 1 Good game, 2 Nice play, 3 Thanks, partner, 4 Sorry, partner, 5 Good luck")
        joined.key("3")  # a phrase, not a bid of 3
        joined.expect(r"Ada: Thanks, partner")
        phrase = loop.run(bob.wait_for(lambda f: f["type"] == "chat" and f["text"] == "Thanks, partner", 10))
        assert phrase["name"] == "Ada"
        assert loop.run(bob.request({"type": "ping"}))["type"] == "pong"
        assert not any(f["type"] == "update" and any(e.get("type") == "bid" and e.get("seat") == 2
                                                      for e in f["events"]) for f in bob.frames)

        joined.key("M")
        joined.expect(r"Earlier: Bob, watching: good luck, Ada\r?\nEarlier: Ada: hello <b>Bob</b>\r?\n"
                      r"Earlier: Ada: Thanks, partner")
        joined.key("?")
        joined.expect(r"Chat at the online room: Space: write a chat message")
    finally:
        loop.run(bob.close())
        loop.stop()
        joined.child.terminate(force=True)


def test_a_local_game_says_chat_is_for_the_room(tmp_path: Path) -> None:
    local = Driver(tmp_path, ["--seed", "3", "-o", "hands=1"])
    local.expect(r"Your turn")
    local.key(" ")
    local.expect(r"Chat is for the tables of the online room \(spades join\)")
    local.key("p")
    local.expect(r"Chat is for the tables of the online room")
    local.child.terminate(force=True)


class FakeRoom:
    """The chat's side of a link, answering as the room does."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.asked: list[dict[str, Any]] = []

    def chat(self, text: str) -> str | None:
        if len(text) > 200:
            return "the message is 201 characters; the limit is 200"
        self.sent.append(text)
        return None

    def chat_history(self) -> list[str] | str:
        return [f"Ada: {text}" for text in self.sent]

    def request_words(self, message: dict[str, Any]) -> str:
        self.asked.append(message)
        return "You mute Bob." if message["type"] == "mute" else ""


def test_the_chat_line_in_line_mode_and_its_commands() -> None:
    from spades.table.chat import Talk

    said: list[str] = []
    room = FakeRoom()
    talk = Talk(room, lambda line, **_: said.append(line))
    assert talk.whole_line("say nice play") and room.sent == ["nice play"]
    assert not talk.whole_line("4")  # a bid, not the chat's
    assert talk.key("space", "chat") and talk.whole_line("/mute Bob") and said[-1] == "You mute Bob."
    assert talk.key("p", "phrases") and talk.whole_line("5") and room.sent[-1] == "Good luck"
    assert talk.key("p", "phrases") and talk.key("x", None) and said[-1] == "Quick phrases closed."
    assert talk.key(" ", "chat") and talk.key("a", None) and talk.key("backspace", None) and talk.key("enter", None)
    assert said[-1] == "Chat closed." and room.sent[-1] == "Good luck"
    talk.send("/chat between")
    talk.send("/spectators off")
    talk.send("/remove Bob")
    assert room.asked[1:] == [{"type": "chat_settings", "chat": "between_hands"},
                              {"type": "chat_settings", "spectator_chat": False},
                              {"type": "remove_person", "name": "Bob"}]
    talk.send("x" * 201)
    assert said[-1] == "Not sent: the message is 201 characters; the limit is 200."
    assert talk.key("M", "chat log") and said[-2:] == ["Ada: nice play", "Ada: Good luck"]
    assert Talk(None, lambda line, **_: said.append(line)).key("p", "phrases") and said[-1].startswith("Chat is for")
