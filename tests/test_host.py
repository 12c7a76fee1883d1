"""The host: a seat's action is taken or refused with a reason (and a refusal changes nothing), computers move
from their own view, and each seat's updates add up to the game's public events and its own view."""

from __future__ import annotations

import json
import random

import pytest

from engine_support import assert_same, snapshot
from spades import Card, Choice, Game, Rules
from spades.bots import make_bot
from spades.errors import PositionError
from spades.host import NOT_YOUR_TURN, Host
from spades.record import game_from_record
from spades.wire import SPECTATOR, update_from_json, update_to_json


def host_with(variant: str = "standard", people: tuple[int, ...] = (2,), seed: int = 1) -> Host:
    game = Game(Rules.preset(variant, hands=1), seed)
    bots = {s: make_bot("random", seed=s) for s in range(game.n) if s not in people}
    return Host(game, bots)


def test_an_action_out_of_turn_or_illegal_is_refused_with_a_reason_and_changes_nothing() -> None:
    host = host_with(people=(0, 1, 2, 3))
    game = host.game
    other = (game.turn + 1) % 4
    before = snapshot(game)
    assert host.act(other, game.legal_actions()[0]) == NOT_YOUR_TURN
    assert host.act(game.turn, Card.parse("AS")) == "it is time to bid"
    assert host.act(game.turn, Choice.KEEP) is not None
    assert_same(before, snapshot(game))
    assert host.act(game.turn, game.legal_actions()[0]) is None
    assert len(game.actions) == 1


def test_computers_play_until_a_person_is_to_move() -> None:
    host = host_with(people=(2,))
    steps = 0
    while host.computer_to_move() is not None:
        assert host.step()
        steps += 1
    assert host.game.turn == 2 and not host.step()
    assert steps == len(host.game.actions)


def test_a_computer_can_take_a_seat_and_hand_it_back() -> None:
    host = host_with(people=(0, 1, 2, 3))
    seat = host.game.turn
    assert host.computer_to_move() is None
    host.set_computer(seat, make_bot("random", seed=9))
    assert host.computer_to_move() == seat and host.step()
    host.set_computer(seat, None)
    assert seat not in host.computers
    with pytest.raises(PositionError):
        host.set_computer(4, None)


@pytest.mark.parametrize("variant", ["standard", "two_player", "solo", "suicide"])
def test_updates_from_any_cursor_add_up_to_the_events_and_the_seats_view(variant: str) -> None:
    host = host_with(variant, people=())
    rng = random.Random(2)
    cursors = {seat: 0 for seat in (*range(host.game.n), None)}
    known: dict[int | None, list[object]] = {seat: [] for seat in cursors}
    while host.step():
        for seat in cursors:
            if rng.random() < 0.3:
                update = update_from_json(json.loads(json.dumps(update_to_json(host.update(seat, cursors[seat])))))
                known[seat].extend(update.events)
                cursors[seat] = update.cursor
                assert update.view == host.view(seat)
    for seat in cursors:
        update = host.update(seat, cursors[seat])
        assert [*known[seat], *update.events] == host.game.events
        assert update.cursor == len(host.game.events)
    assert host.view(None).seat == SPECTATOR and host.view(None).hand is None
    with pytest.raises(PositionError):
        host.update(0, len(host.game.events) + 1)


def test_undo_takes_back_the_seats_last_action_and_what_followed() -> None:
    host = host_with(people=(2,))
    assert host.undo(2) == "you have nothing to take back"
    while host.step():
        pass
    before = snapshot(host.game)
    bid = host.game.legal_actions()[0]
    assert host.act(2, bid) is None
    taken_at = len(host.game.actions)
    while host.step():
        pass
    later = len(host.game.actions) - taken_at
    assert later > 0
    assert host.undo(2) == (bid, later)
    assert_same(before, snapshot(host.game))


def test_the_record_replays_to_the_same_game() -> None:
    host = host_with(people=())
    while host.step():
        pass
    again = game_from_record(host.record({"room": "test"}))
    assert again.over and again.scores == host.game.scores
