"""Undo: one step back restores an identical state (the record, every view, the events, every internal field),
across tricks, hands and the end of the game; undo_hand and truncate."""

import random
from typing import Any

import pytest

from engine_support import assert_same, bid_in_turn, dealt, play_hand, snapshot
from spades import BLIND_NIL, NIL, VARIANTS, Bid, BidChanged, Choice, Game, Phase, Rules, SeatView, UndoError


def north(shot: dict[str, Any]) -> SeatView:
    return shot["views"][0]


def played(rules: Rules, seed: int, steps: int | None = None) -> tuple[Game, list[dict[str, Any]]]:
    """A random game with the snapshot before each action (and the last one after)."""
    game = Game(rules, seed)
    rng = random.Random(seed)
    shots = [snapshot(game)]
    while not game.over and (steps is None or len(game.actions) < steps):
        game.apply(rng.choice(game.legal_actions()))
        shots.append(snapshot(game))
    return game, shots


@pytest.mark.parametrize("variant", VARIANTS)
def test_undo_one_step_everywhere(variant: str) -> None:
    # Every action of a two-hand game is taken back and taken again: the state before and after are identical.
    rules = Rules.preset(variant, hands=2)
    game, shots = played(rules, seed=7)
    assert game.over
    for index in range(len(game.actions), 0, -1):
        action = game.actions[-1]
        game.undo()
        assert_same(shots[index - 1], snapshot(game))
        game.apply(action)
        assert_same(shots[index], snapshot(game))
        game.undo()
    assert game.actions == []
    with pytest.raises(UndoError):
        game.undo()


def test_undo_across_the_end_of_a_trick_and_a_hand() -> None:
    rules = Rules(hands=3)
    game, shots = played(rules, seed=2, steps=None)
    hand_ends = [i for i in range(1, len(shots)) if len(north(shots[i]).results) > len(north(shots[i - 1]).results)]
    assert len(hand_ends) == 3
    second_end = hand_ends[1]
    game.truncate(second_end)
    assert_same(shots[second_end], snapshot(game))
    assert game.phase is Phase.BID and len(game.results) == 2
    game.undo()  # the last card of hand 2: the hand is unscored, the cards come back
    before = snapshot(game)
    assert_same(shots[second_end - 1], before)
    assert game.phase is Phase.PLAY and len(game.results) == 1 and game.hand_number == 2
    assert len(game.view(0).tricks) == 12 and len(game.view(0).trick) == 3
    game.undo(3)  # the rest of trick 13
    assert len(game.view(0).tricks) == 12 and game.view(0).trick == ()
    game.undo()  # the card that ended trick 12
    assert_same(shots[second_end - 5], snapshot(game))
    assert len(game.view(0).tricks) == 11 and len(game.view(0).trick) == 3


def test_undo_after_the_game_is_over() -> None:
    game, shots = played(Rules.preset("solo", hands=1), seed=4)
    assert game.over
    game.undo()
    assert not game.over and game.winner is None and game.results == []
    assert_same(shots[-2], snapshot(game))


def test_undo_several_steps_equals_truncate() -> None:
    game, shots = played(Rules(hands=2), seed=8)
    total = len(game.actions)
    other = game.clone()
    game.undo(40)
    other.truncate(total - 40)
    assert_same(shots[total - 40], snapshot(game))
    assert_same(snapshot(game), snapshot(other))


def test_truncate_to_any_length_is_a_replay() -> None:
    rules = Rules(hands=2)
    game, shots = played(rules, seed=13)
    actions = list(game.actions)
    for length in (0, 1, 3, 4, 5, 17, 56, 57, 60, len(actions) - 1, len(actions)):
        copy = game.clone()
        copy.truncate(length)
        assert_same(shots[length], snapshot(copy))
        fresh = Game(rules, 13)
        for action in actions[:length]:
            fresh.apply(action)
        assert_same(snapshot(fresh), snapshot(copy))
    with pytest.raises(UndoError):
        game.truncate(len(actions) + 1)
    with pytest.raises(UndoError):
        game.truncate(-1)
    with pytest.raises(UndoError):
        game.undo(len(actions) + 1)
    assert_same(shots[-1], snapshot(game))


def test_undo_hand() -> None:
    game, shots = played(Rules(hands=3), seed=6)
    starts = [i for i in range(1, len(shots)) if north(shots[i]).hand_number != north(shots[i - 1]).hand_number]
    assert len(starts) == 2  # hands 2 and 3 begin after these actions
    game.truncate(starts[1] + 10)  # ten actions into hand 3
    game.undo_hand()
    assert_same(shots[starts[1]], snapshot(game))
    game.undo_hand()  # hand 3 has not begun: back to the start of hand 2
    assert_same(shots[starts[0]], snapshot(game))
    game.undo_hand()  # hand 2 has not begun either now: back to the start of hand 1
    assert_same(shots[0], snapshot(game))
    with pytest.raises(UndoError):
        game.undo_hand()


def test_undo_hand_after_the_game_is_over() -> None:
    game, shots = played(Rules(hands=2), seed=6)
    game.undo_hand()
    start = next(i for i, shot in enumerate(shots) if north(shot).hand_number == 2)
    assert_same(shots[start], snapshot(game))


def test_undo_a_look_hides_the_cards_again() -> None:
    game = Game.from_deal(Rules(blind_nil=True), dealt(3), 3, scores=[0, 200])
    before = snapshot(game)
    assert game.view(0).hand is None
    game.apply(Choice.LOOK)
    assert game.view(0).hand is not None
    game.undo()
    assert game.view(0).hand is None
    assert_same(before, snapshot(game))
    game.apply(BLIND_NIL)
    game.undo()
    assert_same(before, snapshot(game))


def test_undo_a_suicide_bid_restores_the_changed_bid() -> None:
    game = Game.from_deal(Rules.preset("suicide"), dealt(3), 3)
    game.apply(Bid.of(5))
    game.apply(NIL)
    before = snapshot(game)
    game.apply(Bid.of(6))
    assert game.bids[0] == NIL and isinstance(game.events[-1], BidChanged)
    game.undo()
    assert game.bids[0] == Bid.of(5)
    assert_same(before, snapshot(game))


def test_undo_in_a_set_position_back_to_its_start() -> None:
    game = play_hand(Rules(), [5, 3, 3, 2], {0: 4, 1: 3, 2: 3, 3: 2}, scores=[120, 80], bags=[3, 4])
    assert game.hand_number == 2
    game.undo_hand()  # hand 2 has not begun: back to the start of hand 1
    fresh = Game.from_deal(Rules(), game.given_hands, 3, scores=[120, 80], bags=[3, 4])  # type: ignore[arg-type]
    assert_same(snapshot(fresh), snapshot(game))


def test_clone_is_independent() -> None:
    game, _ = played(Rules(), seed=1, steps=30)
    copy = game.clone()
    before = snapshot(game)
    rng = random.Random(0)
    while not copy.over and len(copy.actions) < 200:
        copy.apply(rng.choice(copy.legal_actions()))
    assert_same(before, snapshot(game))
    copy.truncate(30)
    assert_same(before, snapshot(copy))


def test_undo_in_the_two_player_draw() -> None:
    game, shots = played(Rules.preset("two_player"), seed=3, steps=30)
    for index in range(30, 0, -1):
        game.undo()
        assert_same(shots[index - 1], snapshot(game))
    assert game.phase is Phase.DRAW


def test_bidding_replayed_after_undo_gives_the_same_play() -> None:
    game = Game.from_deal(Rules(), dealt(10), 1)
    bid_in_turn(game, {0: 3, 1: 4, 2: 2, 3: 3})
    shot = snapshot(game)
    game.undo(4)
    bid_in_turn(game, {0: 3, 1: 4, 2: 2, 3: 3})
    assert_same(shot, snapshot(game))
