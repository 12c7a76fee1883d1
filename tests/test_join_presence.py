"""Who is at the table, at `spades join`: two people and two computers; North (a RoomClient) loses the connection
mid-hand while South plays at the terminal table through a pty. South's table says that North lost the
connection, then that the computer plays for North after the table's timeout, then that North is back; North,
back, hears what the computer did for them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from presence_support import BACK, BEGINS, CARD_NAME, COVER, LOST, NAME, North
from room_server import ServeProcess
from test_join import JoinDriver


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    """One room for the module's tests: each makes its own table, with names of its own."""
    tmp_path = tmp_path_factory.mktemp("presence")
    process = ServeProcess(str(tmp_path / "room.sqlite3"), tmp_path).start()
    try:
        yield process
    finally:
        process.stop()


def test_spades_join_says_a_cut_connection_the_cover_and_the_return(server: ServeProcess, tmp_path: Path) -> None:
    """Done-when, at `spades join`: South's table says North lost the connection, then that the computer plays
    for North after the timeout, then that North is back, while South plays on; North hears what was done."""
    north = North(server.url)
    north.thread.start()
    table = north.tables.get(timeout=30)
    assert not north.failures, north.failures
    joined = JoinDriver(tmp_path / "join", [server.url, "--table", str(table), "--seat", "S", "--name", "Bob"])
    joined.expect(rf"at table {table}\. You are South\.")
    try:
        joined.play_until()
    finally:
        north.thread.join(30)
    assert not north.failures, north.failures
    lines = [line.strip() for line in joined.transcript.replace("\r", "").split("\n")]
    assert lines.count(BEGINS) == 1
    for line in (LOST, COVER, BACK):
        assert lines.count(line) == 1, (line, lines)
    assert lines.index(BEGINS) < lines.index(LOST) < lines.index(COVER) < lines.index(BACK), lines
    # South played on meanwhile, and the computer played North's cards while North was away.
    assert any(line.startswith("South plays the ") for line in lines[lines.index(LOST):])
    away = lines[lines.index(COVER):lines.index(BACK)]
    assert sum(1 for line in away if line.startswith("North plays the ")) >= 2, away
    assert north.lobby_seat["away"] == "dropped" and north.lobby_seat["player"] == NAME, north.lobby_seat
    # North, back, hears what the computer did for them, as many cards as it played, and is not told that they
    # are back.
    assert north.report is not None
    match = re.fullmatch(r"While you were away the computer (?:bid (?:\d+|Nil|Blind Nil) for you and )?"
                         r"played (the .+)\.", north.report)
    assert match, north.report
    assert len(CARD_NAME.findall(match.group(1))) == north.played_away >= 2, (north.report, north.played_away)
    assert not [line for line in north.said_back if " is back at " in line]


def test_spades_join_answers_w_and_z_with_the_rooms_words(server: ServeProcess) -> None:
    """Finding 6 at the terminal: ``z`` says the room's cover rule, and ``w`` who is away, as the web table's do
    (the terminal asks the room for those two; the other keys are the seat's own words)."""
    from spades.table.remote import RemoteLink

    link = RemoteLink(server.url)
    try:
        link.sign_in("Zed")
        table = link.create({"variant": "standard", "options": {"hands": 1}}, {0: "easy", 1: "easy", 3: "easy"},
                            pace=0.0)
        link.sit(table, 2)
        link.start()
        assert link.until_started(30)
        rules = link.answer("z", None)
        assert rules is not None and rules.startswith("Rules: standard")
        assert "the computer plays for them after 60 seconds, until they are back. " in rules
        assert rules.endswith(" The computer plays North, your partner, at easy; East and West at easy.")
        turn = link.answer("w", None)
        assert turn is not None and ("turn" in turn or "to play" in turn)
        assert link.answer("b", None) is None
    finally:
        link.close()


def test_a_line_that_came_after_cards_is_said_after_them() -> None:
    """Found under a busy machine: the room's "Ada is back" came right after the update with the card the computer
    played for Ada, both were taken at once, and the terminal said the line first, then the card."""
    from spades.game import Game
    from spades.rules import Rules
    from spades.table.remote import RemoteLink
    from spades.wire import event_to_json, view_to_json

    game = Game(Rules.preset("standard"), 3)
    link = RemoteLink("ws://127.0.0.1:9/ws")  # never connected: the frames are put in its inbox by hand
    try:
        link.table, link._rules = 1, game.rules
        events = [event_to_json(event) for event in game.events]
        update = {"type": "update", "table": 1, "cursor": len(events), "events": events,
                  "view": view_to_json(game.view(2))}
        for frame in ({"type": "said", "table": 1, "text": "before"}, update,
                      {"type": "said", "table": 1, "text": "after"}):
            link._post(frame)
        assert link.notices() == ["before"]  # said now; then the console says the events
        assert len(link.events()) == len(events)
        assert link.notices() == ["after"]
    finally:
        link.close()


def test_a_line_that_came_after_cards_taken_while_waiting_is_said_after_them() -> None:
    """Found when the rating came to be said at the game's end: the last update was taken while the console
    waited, the rating's line came next, and the console's next look at the room's lines said it before the last
    cards, which it had not said yet."""
    from spades.game import Game
    from spades.rules import Rules
    from spades.table.remote import RemoteLink
    from spades.wire import event_to_json, view_to_json

    game = Game(Rules.preset("standard"), 3)
    link = RemoteLink("ws://127.0.0.1:9/ws")  # never connected: the frames are put in its inbox by hand
    try:
        link.table, link._rules = 1, game.rules
        events = [event_to_json(event) for event in game.events]
        link._post({"type": "update", "table": 1, "cursor": len(events), "events": events,
                    "view": view_to_json(game.view(2))})
        assert link.wait(0.1)  # the update taken while waiting: its events not yet said
        link._post({"type": "said", "table": 1, "text": "This game is unrated."})
        assert link.notices() == []  # the events first
        assert len(link.events()) == len(events)
        assert link.notices() == ["This game is unrated."]
    finally:
        link.close()


def test_leaving_on_purpose_is_told_as_leaving_not_as_a_lost_connection(server: ServeProcess) -> None:
    """q, y at `spades join` used to close the connection only: the partner heard that Ann "lost the connection".
    The link stands up from the table first, and the room tells the others that she left it."""
    import time

    from spades.table.remote import RemoteLink

    ann, bob = RemoteLink(server.url), RemoteLink(server.url)
    try:
        ann.sign_in("Ann")
        table = ann.create({"variant": "standard", "options": {"hands": 1}}, {1: "easy", 3: "easy"}, pace=0.0)
        ann.sit(table, 2)
        bob.sign_in("Dee")
        bob.sit(table, 0)
        ann.start()
        assert ann.until_started(60) and bob.until_started(60)
        assert ann.leave_question.startswith("Leave the table? The game goes on: the computer plays for you")
        ann.leave()
        heard: list[str] = []
        deadline = time.monotonic() + 60
        while not any("Ann" in line and " left the table" in line for line in heard) and time.monotonic() < deadline:
            bob.wait(0.2)
            bob.events()
            heard.extend(bob.notices())
        assert any(line.startswith("South, Ann, left the table; ") for line in heard), heard
        assert not any("lost the connection" in line for line in heard), heard
        ann.sit(table, 2)  # and she may come back to her seat, as the goodbye says
        deadline = time.monotonic() + 60
        while not any(line.startswith("Ann is back at South") for line in heard) and time.monotonic() < deadline:
            bob.wait(0.2)
            bob.events()
            heard.extend(bob.notices())
        assert any(line.startswith("Ann is back at South") for line in heard), heard
    finally:
        ann.close()
        bob.close()
