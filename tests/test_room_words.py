"""The room's words are the terminal table's: the lines of each event, the "your turn" line and every reading key's
answer, compared with what ``spades play``'s console says at the same moment of the same game."""

from __future__ import annotations

import asyncio
import io
import random
from pathlib import Path

import pytest

from room_databases import database
from room_server import Seat, ServeProcess, close_all, open_table, start, stored_record
from spades import VARIANTS, Game, Rules
from spades.actions import Choice
from spades.bots import make_bot
from spades.cards import Card
from spades.coach import NOT_OVER
from spades.events import HandScored, HandStarted
from spades.host import Host
from spades.record import game_from_record
from spades.table.config import Settings
from spades.table.keys import LineInput
from spades.table.link import LocalLink
from spades.table.session import Output, Table
from spades.words import seat as words
from spades.words.keymap import KEYMAP

KEYS = tuple(entry.key for entry in KEYMAP if entry.does == "read")  # the hint and the coach: their own tests


def console(host: Host, seat: int, tmp: Path) -> tuple[Table, io.StringIO]:
    stream = io.StringIO()
    table = Table(link=LocalLink(host, seat, save_to=tmp / "save.json"), adviser=make_bot("random"),
                  settings=Settings(), input=LineInput(io.StringIO()), out=Output(stream), sleep=lambda _: None)
    return table, stream


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_reading_key_says_what_the_terminal_says(variant: str, tmp_path: Path) -> None:
    game = Game(Rules.preset(variant, hands=2), seed=f"words {variant}")
    human = 1 if game.rules.players == 2 else 2
    host = Host(game, {})
    rng = random.Random(variant)
    checked = ended = 0
    while not game.over:
        seat = game.turn
        view = host.view(human)
        events = game.events
        table, stream = console(host, human, tmp_path)
        table.seen = len(events)
        table.hand_start = max(i for i, e in enumerate(events) if isinstance(e, HandStarted))
        for key in KEYS:
            if key == "h" and view.hand is None:
                continue  # the terminal's h looks at the cards (an action); the browser sends "look" for it
            said = table.information(key) or [table.read_hand() or stream.getvalue().splitlines()[-1]]
            assert words.answer(view, events, key) == said[0], key
        if seat == human and not (view.phase == "bid" and Choice.LOOK in view.legal):
            assert words.prompt(view) is not None
            table.prompt()
            assert stream.getvalue().splitlines()[-1] == words.prompt(view)
        else:
            assert words.prompt(view) is None or seat == human
        checked += 1
        before = len(game.events)
        host.act(seat, rng.choice(game.legal_actions()))
        scored = [e for e in game.events[before:] if isinstance(e, HandScored)]
        if scored and not game.over:
            number = scored[0].result.number
            table, stream = console(host, human, tmp_path)
            events = game.events
            table.seen = before + next(i for i, e in enumerate(events[before:]) if isinstance(e, HandScored)) + 1
            table.hand_start = max(i for i, e in enumerate(events[:table.seen]) if isinstance(e, HandStarted))
            table.waiting_next = True
            for key in KEYS:
                said = table.information(key) or [table.ended_answer(key)]
                assert words.answer(host.view(human), events, key, hand=number) == said[0], key
            ended += 1
    assert checked > 50 and ended == 1


def test_each_event_has_the_terminals_lines() -> None:
    game = Game(Rules.preset("standard", hands=1), seed=3)
    rng = random.Random(3)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    lines = words.event_lines(game.rules, game.events)
    assert len(lines) == len(game.events)
    assert lines[0] == [f"Hand 1. {['North', 'East', 'South', 'West'][game.events[0].dealer]} deals."]
    assert any(line[0].endswith("wins trick 13 with the " + line[0].split(" the ")[-1]) for line in lines)


def test_a_hands_events_run_from_its_start_to_its_score() -> None:
    game = Game(Rules.preset("standard", hands=2), seed=5)
    rng = random.Random(5)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    first = words.hand_events(game.events, 1)
    second = words.hand_events(game.events, 2)
    assert isinstance(first[0], HandStarted) and first[0].hand == 1 and isinstance(first[-1], HandScored)
    assert isinstance(second[0], HandStarted) and second[0].hand == 2
    assert len(first) + len(second) == len(game.events)


def test_the_update_examples_lines_and_prompt_are_the_words_of_its_events_and_view() -> None:
    from spades import wire
    from spades.room import protocol

    example = protocol.Update.example
    update = wire.update_from_json({key: example[key] for key in ("cursor", "events", "view")})
    assert example["lines"] == words.event_lines(update.view.rules, update.events)
    assert example["lines"] == words.seat_lines(update.view, update.events, 0, {})
    assert example["brief"] == words.seat_lines(update.view, update.events, 0, {}, verbose=False)
    assert example["prompt"] == words.prompt(update.view)
    ask = protocol.parse_client('{"type": "ask", "table": 7, "key": "R", "hand": 2}')
    assert isinstance(ask, protocol.Ask) and (ask.key, ask.hand) == ("R", 2)
    with pytest.raises(protocol.ProtocolError):
        protocol.parse_client('{"type": "ask", "table": 7, "key": "q"}')


@pytest.mark.parametrize("variant", ["standard", "two_player"])
def test_a_seats_last_lines_close_the_game_with_the_terminals_statistics(variant: str, tmp_path: Path) -> None:
    game = Game(Rules.preset(variant, hands=2), seed=f"stats {variant}")
    rng = random.Random(variant)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    host = Host(game, {})
    seat = game.rules.players - 1
    table, stream = console(host, seat, tmp_path)
    table.seen = len(game.events)
    table.finish()
    closing = stream.getvalue().splitlines()[-1]
    assert closing.startswith("Your statistics: 2 hands played, ")
    mine = words.seat_lines(host.view(seat), game.events, 0, {})
    assert mine[-1] == [*words.event_lines(game.rules, game.events[-1:])[0], closing]
    dealt = [[line for line in lines if not line.startswith("Your cards: ")] for lines in mine[:-1]]
    assert dealt == words.event_lines(game.rules, game.events[:-1])  # and the seat's cards once each hand
    assert sum(line.startswith("Your cards: ") for lines in mine for line in lines) == 2
    watching = words.seat_lines(host.view(None), game.events, len(game.events) - 1, {})
    assert watching == words.event_lines(game.rules, game.events[-1:])  # a spectator has no statistics


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_hint_key_says_what_the_terminal_says(variant: str, tmp_path: Path) -> None:
    """x: the same adviser's choice in the same words, from the seat's own view, and "No hint" off turn."""
    game = Game(Rules.preset(variant, hands=1), seed=f"hints {variant}")
    human = 1 if game.rules.players == 2 else 2
    host = Host(game, {})
    rng = random.Random(variant)
    hints = 0
    while not game.over:
        view = host.view(human)
        table, stream = console(host, human, tmp_path)
        table.adviser = make_bot("normal", seed="hint")
        table.seen = len(game.events)
        table.hint()
        said, action = words.hint(view, game.events, make_bot("normal", seed="hint"))
        assert said == stream.getvalue().splitlines()[-1]
        if game.turn == human and view.legal:
            hints += 1
            assert said.startswith("Hint: ") and action in view.legal
            if isinstance(action, Card):
                assert table.selected == action
        else:
            assert said.startswith("No hint: it is not your turn. ") and action is None
        game.apply(rng.choice(game.legal_actions()))
    assert hints >= game.rules.hand_size  # a card of every trick at least


def terminal_coach(game: Game, seat: int, hand: int, tmp: Path) -> list[str]:
    """What the terminal table says to C between ``hand`` and the next, for ``seat`` of ``game``: the review's lines
    after the notice that the coach is at work."""
    table, stream = console(Host(game, {}), seat, tmp)
    events = game.events
    table.hand_start = next(i for i, e in enumerate(events) if isinstance(e, HandStarted) and e.hand == hand)
    table.seen = next(i for i, e in enumerate(events) if isinstance(e, HandScored) and i > table.hand_start) + 1
    table.waiting_next = True
    table.coach()
    said = stream.getvalue().splitlines()
    assert said[0] == f"The coach goes through your bids and cards of hand {hand}."
    # a long search is said to be at work meanwhile; the review is the lines after
    return [line for line in said[1:] if not line.startswith("The coach is still at work on hand ")]


def test_the_coach_key_says_what_the_terminal_says_and_only_after_the_hand(tmp_path: Path) -> None:
    game = Game(Rules.preset("standard", hands=2), seed="coach words")
    rng = random.Random(3)
    host = Host(game, {})
    assert words.coach_refusal(host.view(2), None) == NOT_OVER
    while game.hand_number == 1:
        game.apply(rng.choice(game.legal_actions()))
    view = host.view(2)
    assert words.coach_refusal(view, 1) is None
    assert words.coach_refusal(view, 2) == NOT_OVER  # the hand under way
    assert words.coach_refusal(host.view(None), 1) == words.WATCHING_COACH
    lines = words.coach(game.clone(), 2, 1)
    assert lines[0].startswith("Coach, hand 1: ") and lines == terminal_coach(game, 2, 1, tmp_path)


def test_c_between_hands_at_a_real_room_answers_the_terminals_review(tmp_path: Path) -> None:
    """A person at a room's table (the computer in the other seats) presses C: during the hand the terminal's
    refusal; between hands, while the table plays on, every line the terminal's coach says of that hand for that
    seat, in the same game (rebuilt from the room's record once it is over)."""
    asyncio.run(coach_at_a_room(tmp_path))


async def coach_at_a_room(tmp: Path) -> None:
    with database("sqlite", tmp) as url:
        server = ServeProcess(url, tmp).start()
        try:
            table, clients = await open_table(server.url, "standard", [2], {0: "normal", 1: "normal", 3: "normal"},
                                              options={"hands": 2})
            person = clients[2]
            await start(person, table)
            said = await person.request({"type": "ask", "table": table, "key": "C"})
            assert said["type"] == "said" and said["text"] == NOT_OVER and said["lines"] == [NOT_OVER]
            seat = Seat(person, table, 2, "coach")
            while person.views[table]["hand_number"] == 1:
                await seat.play(until=person.cursors[table] + 1)
            said = await person.request({"type": "ask", "table": table, "key": "C", "hand": 1}, timeout=120)
            assert said["type"] == "said", said
            lines = said["lines"]
            assert said["text"] == lines[0] and lines[0].startswith("Coach, hand 1: ")
            await seat.play(timeout=180)
            record = await stored_record(server, table)
            game = game_from_record(record)
            assert lines == terminal_coach(game, 2, 1, tmp)
            again = await person.request({"type": "ask", "table": table, "key": "C", "hand": 1})
            assert again["lines"] == lines
            await close_all(clients.values())
        finally:
            server.stop()


def test_the_hint_names_its_card_once() -> None:
    """The hint's reason often names the card the hint plays ("lead high, the ace of spades"): it says "this card"
    there, so the card is heard once (at the web table, where the focus goes to it and says its name, not at all
    in the words)."""
    from spades.words.announce import hint_line

    ace = Card.parse("AS")
    line = hint_line(ace, "lead high, the ace of spades")
    assert line == "Hint: play the ace of spades (now selected). Lead high, this card."
    assert hint_line(ace, "The ace of spades is the only card that may be played.").endswith(
        ". This card is the only card that may be played.")
    assert hint_line(ace, "the king of spades is gone: the ace of spades wins").count("ace of spades") == 1
    assert "king of spades" in hint_line(ace, "the king of spades is gone: the ace of spades wins")


def test_the_returning_person_hears_which_cards_the_computer_played_for_them() -> None:
    """Not how many but which, in the order played: the hand held on return says what is left, not what went."""
    from spades.actions import Bid
    from spades.room.social.presence import away_report

    actions = [(2, Bid(3)), (0, Card.parse("AH")), (2, Card.parse("10S")), (1, Card.parse("2C")),
               (2, Card.parse("3D"))]
    assert away_report(actions, 2) == ("While you were away the computer bid 3 for you and played the ten of "
                                       "spades and the three of diamonds.")
    assert away_report(actions, 0) == "While you were away the computer played the ace of hearts."
    assert away_report(actions, 3) is None
