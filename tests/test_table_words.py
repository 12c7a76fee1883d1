"""What the reading keys, the hint, the resumed table and the help say at each step of a hand: the bidding, the Nil
pass, the play, between hands and after the game, each in that step's own words."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from spades import Game, Rules
from spades.actions import NIL, Bid
from spades.bots import make_bot
from spades.host import Host
from spades.room.social.presence import back_line
from spades.table.config import Settings
from spades.table.keys import LineInput
from spades.table.link import LocalLink
from spades.table.session import Output, Table
from spades.view import Phase
from spades.words import announce as say
from spades.words import seat as words


def game_at(phase: Phase, variant: str = "standard", seed: int = 3, nil_seat: int | None = None,
            **options: object) -> Game:
    """A game played at random (bids of 3, or Nil for ``nil_seat``) until it reaches ``phase``."""
    game = Game(Rules.preset(variant, **options), seed=seed)
    rng = random.Random(seed)
    while game.phase is not phase:
        legal = game.legal_actions()
        if game.phase is Phase.BID:
            wanted = NIL if game.turn == nil_seat else Bid.of(3)
            game.apply(wanted if wanted in legal else legal[-1])
        else:
            game.apply(rng.choice(legal))
    return game


def test_back_at_the_table_says_bid_in_the_bidding_and_pass_in_the_nil_pass() -> None:
    bidding = game_at(Phase.BID)
    bidder = bidding.seat_name(bidding.turn)
    assert back_line(bidding, (bidding.turn + 1) % 4) == f"Back at the table: hand 1, the bidding, {bidder} to bid."
    passing = game_at(Phase.PASS, nil_seat=0, nil_pass=2)
    passer = passing.seat_name(passing.turn)
    assert back_line(passing, (passing.turn + 1) % 4).endswith(f", the Nil pass, {passer} to pass.")
    playing = game_at(Phase.PLAY)
    assert back_line(playing, (playing.turn + 1) % 4).endswith(f"{playing.seat_name(playing.turn)} to play.")
    assert back_line(playing, playing.turn).endswith(", your turn.")


def test_the_hint_in_a_nil_pass_says_pass() -> None:
    game = game_at(Phase.PASS, nil_seat=0, nil_pass=2)
    view = game.view(game.turn)
    text, action = words.hint(view, game.events, make_bot("normal", seed=1))
    assert text.startswith("Hint: pass the ") and action is not None, text
    assert say.hint_line(action, "", Phase.PLAY).startswith("Hint: play the ")


def test_c_before_the_contracts_are_known_says_the_bids_so_far() -> None:
    game = Game(Rules.preset("standard"), seed=3)
    assert say.contract_line(game.view(0)) == "No contract yet: no one has bid."
    first = game.turn
    game.apply(Bid.of(4))
    line = say.contract_line(game.view(0))
    assert "contract 0" not in line and "taken" not in line
    side = say.side_name(game.rules, game.rules.side_of(first))
    assert f"{side} 4 so far" in line, line
    game.apply(Bid.of(2))
    game.apply(Bid.of(3))
    assert f"{side} contract 7" in say.contract_line(game.view(0))
    two = Game(Rules.preset("two_player"), seed=3)
    assert say.contract_line(two.view(0)) == "No contract yet: the draw is on."


def test_c_between_hands_still_says_the_contracts_of_the_hand_played() -> None:
    from spades.words.review import ended_answers

    game = game_at(Phase.BID)
    while game.view(0).hand_number == 1:
        legal = game.legal_actions()
        game.apply(Bid.of(3) if Bid.of(3) in legal else legal[0])
    answer = ended_answers(game.view(0), words.hand_events(game.events, 1))["c"]
    assert "contract 6, taken " in answer and "No contract yet" not in answer, answer


def test_e_after_the_game_says_the_result_not_the_target() -> None:
    game = game_at(Phase.OVER, hands=1)
    view = game.view(0)
    line = say.game_score_line(view)
    assert "playing to" not in line and "hands" not in line.split("Final score")[0], line
    assert line.startswith("The game is over: ") and "Final score: " in line
    if view.winner is not None:
        assert say.side_name(game.rules, view.winner) in line.split(".")[0]
    assert say.game_score_line(game_at(Phase.PLAY).view(0)).endswith("playing to 500.")


def test_t_in_a_nil_pass_names_it() -> None:
    game = game_at(Phase.PASS, nil_seat=0, nil_pass=2)
    assert say.tricks_line(game.view(0)).startswith("The Nil pass is on")


def test_the_help_says_first_in_short_only_the_keys_that_answer_here() -> None:
    from spades.words.keymap import help_lines

    local, room = help_lines(room=False), help_lines(room=True)
    for lines in (local, room):
        assert lines[0].startswith("Keys: ") and len(lines[0]) < min(len(line) for line in lines[1:]) + 200
        assert len(lines[0]) < 450 and not any("on the page" in line for line in lines)
        assert "b bids" in lines[0] and "Escape: say the selected card" in " ".join(lines)
    assert not any("chat" in line.lower() or "Shift+M" in line for line in local)
    assert "Shift+U" in " ".join(local) and "Shift+U" not in " ".join(room)
    assert "Space chat" in room[0] and any(line.startswith("Chat at ") for line in room)


def local_table(game: Game, seat: int, tmp: Path, lines: str = "") -> tuple[Table, io.StringIO]:
    """A terminal table at a local game, reading ``lines`` (line mode), writing to the returned stream."""
    host = Host(game, {s: make_bot("random", seed=s) for s in range(game.rules.players) if s != seat})
    stream = io.StringIO()
    table = Table(link=LocalLink(host, seat, save_to=tmp / "save.json"), adviser=make_bot("random"),
                  settings=Settings(pace=0, trick_pace=0), input=LineInput(io.StringIO(lines)), out=Output(stream),
                  sleep=lambda _: None)
    return table, stream


def test_a_resumed_game_says_the_trick_the_computers_finished(tmp_path: Path) -> None:
    game = game_at(Phase.PLAY)
    while len(game.view(0).tricks) < 2 or game.view(0).trick:
        game.apply(game.legal_actions()[0])
    table, stream = local_table(game, (game.turn + 1) % 4, tmp_path)
    table.run(resumed=True)
    lines = stream.getvalue().splitlines()
    last = next(i for i, line in enumerate(lines) if line.startswith("Last trick, 2: "))
    assert lines[last + 1].startswith("Trick 3: no card yet"), lines


def test_undo_says_the_trick_now_on_the_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPADES_CONFIG_DIR", str(tmp_path))
    game = game_at(Phase.PLAY)
    seat = (game.turn + 1) % 4  # the second to play to the first trick
    table, stream = local_table(game, seat, tmp_path)
    table.advance()
    assert table.my_turn and len(table.view().trick) == 1
    table.handle_key("enter")
    table.advance()
    table.undo()
    lines = stream.getvalue().splitlines()
    taken = next(i for i, line in enumerate(lines) if line.startswith("Taken back: your "))
    assert lines[taken + 1].startswith("Trick 1: ") and "no card yet" not in lines[taken + 1], lines[taken:]


def test_shift_d_after_the_draw_says_the_discards_and_the_other_hand() -> None:
    from spades.words.known import known_answer

    game = game_at(Phase.PLAY, variant="two_player")
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    view, other = game.view(0), game.view(1)
    assert other.hand is not None
    line = words.answer(view, game.events, "D")
    assert line.startswith("Face up, set aside, 26 cards: ")
    assert line.endswith(f"holds the rest, {len(other.hand)} cards: {say.suits_words(other.hand, game.rules)}.")
    hidden = game_at(Phase.PLAY, variant="two_player", face_down_discards=True)
    line = known_answer(hidden.view(0))
    assert line.startswith("Your discards, face down, 13 cards: ") and " holds 13 of the 26 cards " in line
    assert known_answer(game_at(Phase.BID).view(0)).startswith("No cards are set aside")


def test_shift_d_answers_at_the_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPADES_CONFIG_DIR", str(tmp_path))
    game = game_at(Phase.BID, variant="two_player")
    table, stream = local_table(game, 0, tmp_path)
    table.handle_key("D")
    assert stream.getvalue().startswith("Face up, set aside, 26 cards: "), stream.getvalue()


def test_a_slow_coach_is_said_to_be_at_work_every_few_seconds(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Found on a busy machine: the coach's search took 8 to 20 seconds with nothing said meanwhile."""
    import time

    from spades.table import waiting

    monkeypatch.setattr(waiting, "STILL_FIRST", 0.05)
    monkeypatch.setattr(waiting, "STILL_EVERY", 0.05)
    table, stream = local_table(game_at(Phase.PLAY), 0, tmp_path)
    table.advance()
    table.waiting_next = True

    def slow(hand: int) -> list[str]:
        time.sleep(0.5)
        return [f"Coach, hand {hand}: fine."]

    monkeypatch.setattr(table.link, "coach", slow)
    table.coach()
    lines = stream.getvalue().splitlines()
    start = lines.index("The coach goes through your bids and cards of hand 1.")
    still = [line for line in lines[start + 1:-1] if line.startswith("The coach is still at work on hand 1: ")]
    assert len(still) >= 2 and lines[-1] == "Coach, hand 1: fine.", lines[start:]


def test_the_chat_line_is_echoed_as_it_is_typed() -> None:
    from spades.table.chat import Talk

    class Room:
        def chat(self, text: str) -> None:
            return None

        def chat_history(self) -> list[str]:
            return []

        def request_words(self, message: dict[str, object]) -> str:
            return ""

    stream = io.StringIO()
    out = Output(stream)
    talk = Talk(Room(), out, out.echo)
    for key in ("space", "h", "i", "x", "backspace", "!"):
        talk.key(key, "chat" if key == "space" else None)
    out("Bob: hello")  # a line said meanwhile starts on a line of its own
    talk.key("enter", None)
    assert stream.getvalue() == "Chat: type your message; Enter sends it, Escape closes.\nhix\b \b!\nBob: hello\n"


def test_chat_read_back_is_marked_as_earlier() -> None:
    from spades.table.remote import RemoteLink

    link = RemoteLink("ws://127.0.0.1:9/ws")  # never connected: the room's reply is given by hand
    try:
        link._exchange = lambda message, timeout, tries=1: {  # type: ignore[method-assign]
            "type": "chat_log", "earlier": False, "messages": [{"name": "Bob", "text": "nice play"}]}
        assert link.chat_history() == ["Earlier: Bob: nice play"]
    finally:
        link.close()


def test_your_turn_is_said_again_after_the_chats_earlier_lines(tmp_path: Path) -> None:
    """At a reconnect the room sends the table's last chat lines after the game; said after "your turn", they
    buried it."""
    from spades.table.remote import RemoteLink
    from spades.wire import event_to_json, view_to_json

    game = Game(Rules.preset("standard"), seed=3)
    seat = game.turn
    link = RemoteLink("ws://127.0.0.1:9/ws")  # never connected: the frames are put in its inbox by hand
    try:
        link.table, link._rules, link.seat = 1, game.rules, seat
        events = [event_to_json(event) for event in game.events]
        link._post({"type": "update", "table": 1, "cursor": len(events), "events": events,
                    "view": view_to_json(game.view(seat))})
        link.wait(0.1)
        stream = io.StringIO()
        table = Table(link=link, adviser=make_bot("random"), settings=Settings(pace=0, trick_pace=0),
                      input=LineInput(io.StringIO()), out=Output(stream), sleep=lambda _: None)
        table.advance()
        link._post({"type": "chat_log", "table": 1, "earlier": True, "messages": [{"name": "Bob", "text": "hi"}]})
        table.advance()
        lines = stream.getvalue().splitlines()
        assert lines[-2:] == ["Earlier: Bob: hi", lines[-3]] and lines[-3].startswith("Your turn"), lines
    finally:
        link.close()


def test_q_then_y_leaves_the_table_through_the_link(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPADES_CONFIG_DIR", str(tmp_path))
    table, stream = local_table(game_at(Phase.PLAY), 0, tmp_path)
    left: list[bool] = []
    monkeypatch.setattr(table.link, "leave", lambda: left.append(True), raising=False)
    table.handle_key("q")
    assert stream.getvalue().endswith("Leave the game? It will be saved. y or n.\n")
    assert table.handle_key("y") and left == [True]


def test_e_and_h_say_a_hand_in_the_singular_and_an_empty_hand_in_words() -> None:
    game = game_at(Phase.BID, hands=1)
    assert say.game_score_line(game.view(0)).endswith("; a game of 1 hand.")
    drawing = Game(Rules.preset("two_player"), seed=3)
    assert say.hand_answer(drawing.view(drawing.turn)) == "You hold no card yet: the draw is on."
    over = game_at(Phase.OVER, hands=1)
    assert say.hand_answer(over.view(0)) == "The game is over; you have played all your cards."


def test_b_before_a_side_has_bid_gives_it_no_total() -> None:
    game = Game(Rules.preset("standard"), seed=3)
    assert say.bids_line(game.view(0)).endswith("Totals: North-South not yet, East-West not yet.")
    first = game.turn
    game.apply(Bid.of(4))
    side = say.side_name(game.rules, game.rules.side_of(first))
    assert f"{side} 4" in say.bids_line(game.view(0)).split("Totals: ")[1]


def test_the_lobbys_chat_line_in_the_queue_is_echoed_too(monkeypatch: pytest.MonkeyPatch) -> None:
    from spades.table import quick

    made: list[object] = []

    class Recorded(quick.Talk):
        def __init__(self, link: object, out: object, echo: object = None) -> None:
            made.append(echo)
            super().__init__(link, out, echo)  # type: ignore[arg-type]

    class Queue:
        def __init__(self) -> None:
            self.adopt = False
            self.shut_out = False
            self.room_frames: list[dict[str, object]] = []

        def wait(self, timeout: float) -> bool:
            self.adopt = False  # seated at once
            return True

        def notices(self) -> list[str]:
            return []

        def send(self, message: dict[str, object]) -> dict[str, object]:
            return {"text": "1 person waiting."}

        def lobby(self) -> list[object]:
            return []

        def keep_connected(self) -> None:
            pass

        def until_started_patiently(self) -> bool:
            return True

    monkeypatch.setattr(quick, "Talk", Recorded)
    out = Output(io.StringIO())
    assert quick.wait_in_queue(Queue(), "standard", 30, out, LineInput(io.StringIO())) is True  # type: ignore[arg-type]
    assert made == [out.echo]
