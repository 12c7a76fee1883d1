"""Blind Nil or look, chosen by search: whole deals sampled (the seat's own hand unseen), both choices played out
on the same deals, Blind Nil only when it is clearly better; the reason says what the search found."""

from __future__ import annotations

import random

import numpy as np
import pytest

from spades import Game, Rules
from spades.actions import BLIND_NIL, Bid, Choice
from spades.bots import make_bot
from spades.search import blind
from spades.search.blind import BLIND, LOOK, choose_blind, unlooked_sampler
from spades.search.search import Budget
from spades.view import SeatView
from test_hint_facts import check_hint, check_rule_choice

BUDGET = "100i"


def _offered(scores: list[int], seed: int = 0, **options: object) -> SeatView:
    """The first seat to bid (North, side 0), offered Blind Nil or a look, with the game at ``scores``."""
    rules = Rules.preset("standard").with_options(blind_nil=True, **options)
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    hands = [sum(1 << c for c in deck[s::4]) for s in range(4)]
    game = Game.from_deal(rules, hands, dealer=3, scores=scores)
    view = game.view(game.turn)
    assert view.seat == 0 and view.hand is None and set(view.legal) == {BLIND_NIL, Choice.LOOK}
    return view


def test_the_unlooked_seat_samples_its_own_hand() -> None:
    """The seat that has not looked gets 13 random cards in each deal like every other seat: its hand is not fixed
    (it knows nothing of it), and the four hands are always a whole deck."""
    view = _offered([0, 480])
    own = set()
    for hands in unlooked_sampler(view).deals(random.Random(1), 30):
        assert [h.bit_count() for h in hands] == [13] * 4
        assert sum(hands) == (1 << 52) - 1
        own.add(hands[0])
    assert len(own) == 30


def test_hard_looks_where_blind_nil_loses() -> None:
    """Far behind near the end of the game the normal player bids Blind Nil; played out on whole deals, Blind Nil
    is set most of the time and costs far more than it gains, so the searching player looks, and says it overrules
    the rule choice."""
    view = _offered([0, 480])
    rule = make_bot("normal").hint(view)
    assert rule.action == BLIND_NIL
    hint = make_bot("hard", seed=1, think=BUDGET).hint(view)
    assert hint.action == Choice.LOOK, hint.reason
    assert "over the rule choice, Blind Nil" in hint.reason
    check_hint(view, hint, "hard")
    check_rule_choice(view, hint, rule, "hard")


def test_blind_nil_is_chosen_only_clearly_better(monkeypatch: pytest.MonkeyPatch) -> None:
    """The choice itself: Blind Nil when its paired gain clears the margin and the noise, a look when it does not
    (a small gain with a wide spread), and the reason names the rule choice it overrules."""
    view = _offered([200, 330])
    rule = make_bot("normal").hint(view)
    assert rule.action == Choice.LOOK  # not desperate by the normal player's rule

    def table(gain: float, spread: float) -> np.ndarray:
        rows = np.zeros((100, 2))
        rows[:, LOOK] = -50.0
        rows[:, BLIND] = -50.0 + gain + spread * np.where(np.arange(100) % 2 == 0, 1.0, -1.0)
        return rows

    monkeypatch.setattr(blind, "blind_values", lambda *args: table(40.0, 10.0))
    decision = choose_blind(view, Budget(deals=100), random.Random(0))
    assert decision.action == BLIND_NIL and decision.clearly_better
    hint = make_bot("hard", seed=1, think=BUDGET).hint(view)
    assert hint.action == BLIND_NIL and "over the rule choice, looking at the cards" in hint.reason
    check_hint(view, hint, "hard")
    check_rule_choice(view, hint, rule, "hard")

    monkeypatch.setattr(blind, "blind_values", lambda *args: table(6.0, 200.0))
    decision = choose_blind(view, Budget(deals=100), random.Random(0))
    assert decision.action == Choice.LOOK and decision.gain > 0 and not decision.clearly_better
    hint = make_bot("hard", seed=1, think=BUDGET).hint(view)
    assert hint.action == Choice.LOOK and "within the search's noise" in hint.reason
    check_rule_choice(view, hint, rule, "hard")


def test_the_score_moves_the_search() -> None:
    """The game's end is in the reward: with the other side about to reach the target, looking is worth far less
    than in mid-game (the game is likely lost), and Blind Nil's cost against looking shrinks with it."""
    near = choose_blind(_offered([330, 480]), Budget(deals=100), random.Random(2))
    mid = choose_blind(_offered([0, 150]), Budget(deals=100), random.Random(2))
    assert near.look_value < mid.look_value - 100
    assert near.gain > mid.gain
    assert near.action == mid.action == Choice.LOOK


def test_the_choice_replays_at_a_deal_budget() -> None:
    """The same position and seed give the same choice and the same figures, at a deal budget."""
    view = _offered([100, 400], seed=3)
    first = make_bot("hard", seed=9, think=BUDGET).hint(view)
    again = make_bot("hard", seed=9, think=BUDGET).hint(view)
    assert first == again
    a = choose_blind(view, Budget(deals=60), random.Random(5))
    b = choose_blind(view, Budget(deals=60), random.Random(5))
    assert a == b and a.deals == 60


def test_the_rule_players_reasons_for_blind_nil_are_facts() -> None:
    """The normal player named a Blind Nil worth 200 whatever the rules said, and "not far enough behind" when it
    was far behind but its partner had bid Nil."""
    view = _offered([0, 480], blind_nil_value=150)
    hint = make_bot("normal").hint(view)
    assert hint.action == BLIND_NIL and hint.reason.endswith("Blind Nil for the 150")
    rules = Rules.preset("standard").with_options(blind_nil=True)
    deck = list(range(52))
    random.Random(4).shuffle(deck)
    game = Game.from_deal(rules, [sum(1 << c for c in deck[s::4]) for s in range(4)], dealer=3, scores=[0, 480])
    game.apply(Choice.LOOK)
    game.apply(next(a for a in game.legal_actions() if a == Bid(0)))  # North bids Nil
    game.apply(game.legal_actions()[3])  # East bids 3
    view = game.view(game.turn)
    assert view.seat == 2 and Choice.LOOK in view.legal
    hint = make_bot("normal").hint(view)
    assert hint.action == Choice.LOOK and "partner is Nil" in hint.reason
    check_hint(view, hint, "normal")
