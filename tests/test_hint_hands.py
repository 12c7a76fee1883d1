"""A hint's reason is true of the hand it is given for: at every rule set (each variant with its options drawn as
``rule_sets.build`` draws them), many seeded deals, every level's bid, draw and Nil-pass hints are read against the
cards held (``hand_claims``), and the hands players found contradicted are kept as cases."""

from __future__ import annotations

import random

import pytest

from hand_claims import check_hand_claims
from rule_sets import build
from spades import VARIANTS, Card, Choice, Game, Rules
from spades.bots import Hint, available_levels, bot_seed, make_bot
from spades.view import SeatView

DEALS = 8  # deals of each rule set; every seat's bid (and the draw of two-player) in each
RULE_SETS = 3  # option combinations drawn for each variant
TINY = "1i"
SEARCHING = ("hard", "hard-learned")  # asked in one deal of each rule set: their bids search


def _ask(view: SeatView, levels: dict[str, object], deal: int) -> list[tuple[str, Hint]]:
    return [(level, bot.hint(view)) for level, bot in levels.items()  # type: ignore[attr-defined]
            if level not in SEARCHING or deal == 0]


@pytest.mark.parametrize("variant", VARIANTS)
def test_bid_and_draw_reasons_are_true_of_the_hand(variant: str) -> None:
    levels = {level: make_bot(level, seed=f"hands:{level}", think=TINY) for level in available_levels()}
    asked = 0
    for index in range(RULE_SETS):
        rng = random.Random(f"hands:{variant}:{index}")
        rules = build(variant, rng.choice).with_options(hands=1)
        for deal in range(DEALS):
            seed = f"hands:{variant}:{index}:{deal}"
            game = Game(rules, seed)
            mover = make_bot("normal", seed=bot_seed(seed, "p", 0))
            where = f"at {rules!r}, seed {seed}"
            while game.phase.value in ("draw", "bid", "pass"):
                view = game.view(game.turn)
                for level, hint in _ask(view, levels, deal):
                    check_hand_claims(view, hint, f"{level} {where}: {hint.reason!r}")
                    asked += 1
                game.apply(mover.act(view) if rng.random() < 0.7 else rng.choice(view.legal))
    assert asked >= RULE_SETS * DEALS * 2


def _bid_hint(rules: Rules, seed: object, seat: int) -> tuple[SeatView, Hint]:
    game = Game(rules, seed)
    normal = make_bot("normal")
    while game.turn != seat:
        game.apply(normal.act(game.view(game.turn)))
    view = game.view(seat)
    return view, normal.hint(view)


def test_a_nil_holding_high_spades_says_what_the_pass_sends_away() -> None:
    """Six in pairs passing two: holding the king, queen and jack of spades, the Nil hint was "No sure tricks and
    nothing high to shed"; it now names the cards the pass sends to the partner."""
    rules = Rules.preset("six_partners", nil_pass=2)
    view, hint = _bid_hint(rules, 2, 0)
    assert view.hand is not None and {Card.parse(c) for c in ("KS", "QS", "JS")} <= set(view.hand)
    assert "nothing high" not in hint.reason
    check_hand_claims(view, hint, hint.reason)
    if hint.action.value == 0:  # type: ignore[union-attr]
        assert "the pass sends the king and queen of spades to partner" in hint.reason


def test_the_draw_says_why_one_low_spade_goes_and_another_stays() -> None:
    """Two-player draw: a low spade let go "for the next card" and a lower one kept "for length" read as a slip;
    the reason for each says how many spades are held."""
    normal = make_bot("normal")
    kept = let_go = 0
    for index in range(60):
        game = Game(Rules.preset("two_player"), f"draw:{index}")
        while game.phase.value == "draw":
            view = game.view(game.turn)
            hint = normal.hint(view)
            check_hand_claims(view, hint, hint.reason)
            card = view.offered
            if card is not None and view.rules.suit_of(card) == 3 and card % 13 < 7:
                kept += hint.action is Choice.KEEP
                let_go += hint.action is Choice.DISCARD
            game.apply(hint.action)
    assert kept and let_go


def test_the_check_refuses_the_reasons_players_heard() -> None:
    """The check has teeth: the words first heard for these hands are refused by it."""
    view, hint = _bid_hint(Rules.preset("six_partners", nil_pass=2), 2, 0)
    with pytest.raises(AssertionError):
        check_hand_claims(view, Hint(hint.action, "no sure tricks and nothing high to shed: Nil"), "old Nil")
    with pytest.raises(AssertionError):  # one spade fewer than held
        check_hand_claims(view, Hint(hint.action, "Whiz: about 2.0 tricks, so bid the 3 spades held"), "count")
    game = Game(Rules.preset("two_player"), "draw:0")
    while True:
        view = game.view(game.turn)
        card = view.offered
        if card is not None and view.rules.suit_of(card) == 3 and card % 13 < 7:
            break
        game.apply(Choice.DISCARD)
    with pytest.raises(AssertionError):
        check_hand_claims(view, Hint(Choice.DISCARD, f"discard the {card.name}: the next card is likely better"),
                          "old draw")
