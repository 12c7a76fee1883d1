"""Properties over random games of every preset and several options, the play driven by hypothesis-drawn seeds:
each card played once a hand, 13 tricks a hand, exactly the legal actions accepted (checked against an oracle
written from RULES.md) and an illegal one refused with the state unchanged, undo restores an identical state,
records round trip, bags never negative and below the limit, final scores are the sum of the hands' points."""

import json
import random
from itertools import pairwise
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine_support import ALL_ACTIONS, assert_same, oracle_legal, snapshot
from spades import (
    CardPlayed,
    Game,
    GameOver,
    HandScored,
    HandStarted,
    IllegalAction,
    Phase,
    Rules,
    TrickWon,
)
from spades.record import game_from_record, record_of

SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("standard", {"hands": 2}),
    ("standard", {"target": 120, "lose_at": -120}),
    ("standard", {"hands": 2, "blind_nil": True, "blind_nil_deficit": 0, "nil_tricks_count_for_partner": True}),
    ("standard", {"hands": 2, "first_lead": "two_of_clubs", "min_team_bid": 4, "ten_for_two_hundred": True}),
    ("standard", {"hands": 3, "nil": False, "bag_limit": 3, "bag_penalty": 50}),
    ("standard", {"hands": 3, "lose_at": -60}),
    ("standard", {"hands": 2, "blind_nil": True, "blind_nil_deficit": 30, "min_team_bid": 4, "bag_limit": 4}),
    ("whiz", {"hands": 2}),
    ("whiz", {"target": 150, "lose_at": -100, "bag_limit": 5}),
    ("mirror", {"hands": 2, "nil_value": 50}),
    ("suicide", {"hands": 2}),
    ("suicide", {"hands": 2, "first_lead": "two_of_clubs", "ten_for_two_hundred": True}),
    ("solo", {"hands": 2}),
    ("solo", {"hands": 2, "blind_nil": True, "blind_nil_deficit": 20, "bag_limit": 3}),
    ("two_player", {"hands": 2}),
    ("two_player", {"target": 100, "lose_at": -100, "nil": False}),
]

setups = st.sampled_from(SETUPS)
seeds = st.integers(min_value=0, max_value=2**32)


def trick_winner(leader: int, cards: tuple[int, ...], players: int) -> int:
    """RULES.md: the highest spade, else the highest card of the suit led."""
    led = cards[0] // 13
    best = max(range(len(cards)),
               key=lambda i: (cards[i] // 13 == 3, cards[i] // 13 == led, cards[i] % 13))
    return (leader + best) % players


def check_hand(game: Game, number: int, start: int, end: int) -> None:
    """The events of hand ``number`` (``events[start:end]``): 13 tricks, each card once, winners and leaders."""
    rules = game.rules
    n = rules.players
    events = game.events[start:end]
    started = events[0]
    assert isinstance(started, HandStarted) and started.hand == number
    tricks = [e for e in events if isinstance(e, TrickWon)]
    plays = [e for e in events if isinstance(e, CardPlayed)]
    assert len(tricks) == 13
    assert [t.number for t in tricks] == list(range(1, 14))
    cards = [c for t in tricks for c in t.cards]
    assert len(cards) == 13 * n and len(set(cards)) == 13 * n
    assert [(p.seat, p.card) for p in plays] == [sp for t in tricks for sp in t.plays]
    dealt = game.dealt_hands(number)
    for seat in range(n):
        mine = {p.card for p in plays if p.seat == seat}
        assert len(mine) == 13 and mine == set(dealt[seat])
    first = tricks[0].leader
    if rules.first_lead == "two_of_clubs":
        assert tricks[0].cards[0] == 0
    else:
        assert first == (started.dealer + 1) % n
    for before, trick in pairwise(tricks):
        assert trick.leader == before.seat
    for trick in tricks:
        assert trick.seat == trick_winner(trick.leader, trick.cards, n)
    scored = [e for e in events if isinstance(e, HandScored)]
    assert len(scored) == 1
    result = scored[0].result
    for side in result.sides:
        won = sum(1 for t in tricks if rules.side_of(t.seat) == side.side)
        assert side.tricks == won
        assert 0 <= side.total_bags < rules.bag_limit


def play_and_check(rules: Rules, seed: int, check_every: int) -> Game:
    game = Game(rules, seed)
    rng = random.Random(seed)
    step = 0
    while not game.over:
        legal = game.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        assert set(legal) == oracle_legal(game)
        if game.phase is Phase.PLAY and game.trick:
            view = game.view(game.turn)
            leader = view.trick[0][0]
            seat = trick_winner(leader, tuple(c for _, c in view.trick), rules.players)
            assert view.winning is not None and view.winning[0] == seat
        action = rng.choice(legal)
        if step % check_every == rng.randrange(check_every):
            before = snapshot(game)
            illegal = [a for a in ALL_ACTIONS if a not in legal]
            for candidate in ALL_ACTIONS:
                assert (game.why_illegal(candidate) is None) == (candidate in legal)
            if illegal:
                wrong = rng.choice(illegal)
                try:
                    game.apply(wrong)
                except IllegalAction as error:
                    assert error.reason == game.why_illegal(wrong)
                else:
                    raise AssertionError(f"{wrong} was accepted")
                assert_same(before, snapshot(game))
            game.apply(action)
            after = snapshot(game)
            game.undo()
            assert_same(before, snapshot(game))
            game.apply(action)
            assert_same(after, snapshot(game))
        else:
            game.apply(action)
        for value in game.bags:
            assert 0 <= value < rules.bag_limit
        step += 1
    return game


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups, seed=seeds)
def test_random_games_keep_the_rules(setup: tuple[str, dict[str, Any]], seed: int) -> None:
    variant, options = setup
    rules = Rules.preset(variant, **options)
    game = play_and_check(rules, seed, check_every=12)

    # every hand: 13 tricks, each card once, the right winners
    starts = [i for i, e in enumerate(game.events) if isinstance(e, HandStarted)]
    assert len(starts) == len(game.results)
    for number, (start, end) in enumerate(zip(starts, [*starts[1:], len(game.events)], strict=True), 1):
        check_hand(game, number, start, end)

    # the end of the game
    if rules.hands:
        assert len(game.results) <= rules.hands
        if len(game.results) < rules.hands:  # only lose_at ends a game of fixed hands early
            assert rules.lose_at is not None
            assert any(side.score <= rules.lose_at for result in game.results for side in result.sides)
    over = game.events[-1]
    assert isinstance(over, GameOver) and over.scores == tuple(game.scores) and over.winner == game.winner
    if game.winner is not None:
        assert game.scores.count(max(game.scores)) == 1 and game.scores[game.winner] == max(game.scores)

    # final scores are the sums of the hands' points; bags are carried hand to hand
    for side in range(rules.sides):
        assert game.scores[side] == sum(r.sides[side].points for r in game.results)
        total = 0
        for result in game.results:
            assert result.sides[side].score == sum(r.sides[side].points for r in game.results[:result.number])
            total = (total + result.sides[side].bags) % rules.bag_limit
            assert result.sides[side].total_bags == total
        assert game.bags[side] == total

    # the record replays to the identical game
    again = game_from_record(json.loads(json.dumps(record_of(game))))
    assert_same(snapshot(game), snapshot(again))


@settings(max_examples=60, deadline=None)
@given(setup=setups, seed=seeds, data=st.data())
def test_undo_and_records_mid_game(setup: tuple[str, dict[str, Any]], seed: int, data: st.DataObject) -> None:
    """Stop anywhere: the record replays to the identical state, and undoing k steps equals replaying the rest."""
    variant, options = setup
    rules = Rules.preset(variant, **options)
    game = Game(rules, seed)
    rng = random.Random(seed)
    length = data.draw(st.integers(min_value=0, max_value=160), label="actions")
    shots = [snapshot(game)]
    while not game.over and len(game.actions) < length:
        game.apply(rng.choice(game.legal_actions()))
        shots.append(snapshot(game))
    again = game_from_record(json.loads(json.dumps(record_of(game))))
    assert_same(snapshot(game), snapshot(again))
    back = data.draw(st.integers(min_value=0, max_value=len(game.actions)), label="undo")
    game.undo(back)
    assert_same(shots[len(shots) - 1 - back], snapshot(game))
    if game.actions and game.phase is not Phase.OVER:
        game.undo_hand()
        assert game.actions == [] or game.hand_actions == []
