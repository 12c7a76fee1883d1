"""Deals resampled from a seat's view: every card of every deal fits the view, over random positions of rule sets
with jokers, two players (both kinds of discards), a Nil pass, Blind Nil and spade-count bids; and the weights
follow the model the module documents, checked on positions built for it."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from typing import Any

import pytest

from spades import Bid, Game, PositionError, Rules, deal_weight, resample
from spades.actions import NIL
from spades.bids import spades_shown
from spades.cards import Card, CardSet
from spades.search.policy import estimate
from spades.view import Phase, SeatView

RULE_SETS = [("standard", {"nil_pass": 2}), ("standard", {"blind_nil": True, "blind_nil_deficit": 0}),
             ("whiz", {"jokers": "jjdd"}), ("mirror", {}), ("two_player", {}),
             ("two_player", {"face_down_discards": True}), ("three_player", {"jokers": "big_little"}),
             ("six_partners", {}), ("suicide", {})]


def positions(rules: Rules, seed: int, every: float = 0.12) -> Iterator[Game]:
    """Positions of a game played at random (Nil bid often, for the Nil pass): about one action in eight, and
    half the bids; none during the pass."""
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    while not game.over:
        legal = game.legal_actions()
        game.apply(NIL if NIL in legal and rng.random() < 0.35 else rng.choice(legal))
        if rng.random() < (0.5 if game.phase is Phase.BID else every) and game.phase is not Phase.PASS:
            yield game


def check(view: SeatView, deal: tuple[CardSet, ...], game: Game) -> None:
    """Every hard constraint of the view, stated from the rules' words (the module's text), on one deal."""
    rules = view.rules
    n = rules.players
    me = view.seat
    assert len(deal) == n
    played_by = [0] * n
    voids = [0] * n  # suits a seat has shown out of
    broken = False
    tricks = [trick.plays(n) for trick in view.tricks] + ([view.trick] if view.trick else [])
    for plays in tricks:
        led = rules.suit_of(plays[0][1])
        if led == 3 and not broken:
            voids[plays[0][0]] |= 0b0111  # a spade led before spades were broken: nothing else held
        for seat, card in plays:
            played_by[seat] |= 1 << card
            if rules.suit_of(card) != led:
                voids[seat] |= 1 << led
            broken = broken or rules.suit_of(card) == 3
    played = 0
    for mask in played_by:
        played |= mask
    dealt = 0
    for seat, hand in enumerate(deal):
        assert not dealt & hand, "a card in two hands"
        dealt |= hand
        assert len(hand) == game.hands[seat].bit_count(), "each seat holds as many cards as it does now"
        for suit in range(4):
            if voids[seat] >> suit & 1:
                assert not any(rules.suit_of(card) == suit for card in hand), (seat, suit, "a void")
    assert not dealt & ~rules.pack and not dealt & played
    if view.hand is not None:
        assert deal[me] == view.hand
    if not rules.deals:
        assert not dealt & view.discards
        if view.offered is not None:
            assert not dealt >> view.offered & 1
        if view.phase is not Phase.DRAW:
            unseen = rules.pack & ~int(view.hand or 0) & ~played & ~view.discards
            if rules.face_down_discards:
                assert not deal[1 - me] & ~unseen
            else:
                assert deal[1 - me] == unseen, "after the draw the other hand is known"
    elif view.phase is not Phase.OVER:
        assert dealt == rules.pack & ~played, "every unplayed card is dealt"
    partner = rules.partner_of(me)
    if partner is not None and view.passed:
        assert deal[partner] & view.passed == view.passed & ~played & ~int(view.hand or 0)
    if rules.bids_by_spades and not rules.nil_pass:
        for seat, bid in enumerate(view.bids):
            shown = spades_shown(rules, bid) if bid is not None else None
            if shown is not None:
                held = deal[seat] | played_by[seat]
                assert (held & rules.trump_mask).bit_count() == shown, (seat, bid, "a spade-count bid")


@pytest.mark.parametrize(("variant", "options"), RULE_SETS)
def test_every_resampled_card_fits_the_view(variant: str, options: dict[str, Any]) -> None:
    rules = Rules.preset(variant, hands=2, **options)
    rng = random.Random(0)
    phases = set()
    for game in positions(rules, 17):
        for seat in range(rules.players):
            view = game.view(seat)
            phases.add(view.phase)
            for deal in resample(view, rng, n=2):
                check(view, deal, game)
    assert Phase.PLAY in phases and Phase.BID in phases
    if not rules.deals:
        assert Phase.DRAW in phases


def test_a_nil_pass_and_an_unlooked_hand_are_resampled_consistently() -> None:
    rules = Rules.preset("standard", hands=2, nil_pass=2, blind_nil=True, blind_nil_deficit=0)
    passes = unlooked = 0
    for seed in range(6):
        for game in positions(rules, seed, every=0.3):
            for seat in range(4):
                view = game.view(seat)
                passes += bool(view.passed) and view.phase is Phase.PLAY
                unlooked += view.hand is None
                for deal in resample(view, seed, n=1):
                    check(view, deal, game)
    assert passes and unlooked


def test_the_same_seed_gives_the_same_deals_and_bad_requests_are_refused() -> None:
    game = Game(Rules(), seed=1)
    view = game.view(2)
    assert resample(view, 5, n=3) == resample(view, random.Random(5), n=3)
    with pytest.raises(ValueError, match="at least one deal"):
        resample(view, 1, n=0)
    with pytest.raises(ValueError, match="oversample=0"):
        resample(view, 1, oversample=0)
    with pytest.raises(ValueError, match="a deal of 3 hands; standard has 4 players"):
        deal_weight(view, resample(view, 1)[0][:3])
    passing = Game.from_deal(Rules.preset("standard", nil_pass=1), _spread(), dealer=3)
    for bid in (NIL, Bid(4), Bid(3), Bid(3)):
        passing.apply(bid)
    assert passing.phase is Phase.PASS
    with pytest.raises(PositionError, match="during the Nil pass"):
        resample(passing.view(1))


def _spread() -> list[CardSet]:
    """North the low cards, East the next, South the middle, West the honours."""
    return [CardSet.parse(text) for text in (
        "2S 3S 4S 2H 3H 4H 2D 3D 4D 2C 3C 4C 5C",
        "5S 6S 7S 5H 6H 7H 5D 6D 7D 6C 7C 8C 9C",
        "8S 9S 10S 8H 9H 10H 8D 9D 10D 10C JC QC KC",
        "JS QS KS AS JH QH KH AH JD QD KD AD AC")]


def _after_bids(*bids: int) -> SeatView:
    """North's view once the first seats have bid (West deals, so North bids first)."""
    game = Game.from_deal(Rules(), _spread(), dealer=3)
    for bid in bids:
        game.apply(Bid(bid))
    return game.view(0)


def test_a_bid_weighs_a_deal_by_the_gap_between_the_bid_and_the_hand_s_estimate() -> None:
    """East bid 6: a deal where it holds the low cards weighs less than one where it holds the honours, each by
    exp(-gap^2 / (2 * 1.6^2)); North's own bid is no evidence to North, and the seats yet to bid give none."""
    view = _after_bids(1, 6)
    hands = _spread()
    weak = list(hands)
    strong = [hands[0], hands[3], hands[2], hands[1]]  # East and West trade hands
    weights = []
    for deal in (weak, strong):
        gap = estimate(int(deal[1])) - 6
        weights.append(deal_weight(view, deal))
        assert weights[-1] == pytest.approx(math.exp(-gap * gap / (2 * 1.6 ** 2)))
    assert estimate(int(hands[1])) < 2 and weights[0] < weights[1] / 20


def test_resampling_favours_deals_that_explain_a_high_bid() -> None:
    view = _after_bids(1, 7)  # East: seven tricks
    plain = resample(view, 1, n=150, oversample=1)
    weighed = resample(view, 1, n=150, oversample=6)

    def mean_estimate(deals: list[tuple[CardSet, ...]]) -> float:
        return sum(estimate(int(deal[1])) for deal in deals) / len(deals)

    assert mean_estimate(weighed) > mean_estimate(plain) + 1


def test_plays_weigh_a_deal_by_the_cards_they_suggest_a_seat_does_not_hold() -> None:
    """Mirror (its bids are spade counts, kept exactly, so no bid weighs): North leads the 10 of hearts, East
    plays the 7, South the jack, West takes the trick with the king. West, last to play, won as cheaply as it
    could: the queen of hearts costs 1.5 in its hand. East lost with the 7: each lower heart it holds costs 0.5.
    South, winning when it played, is not read."""
    rules = Rules.preset("mirror")
    hands = [CardSet.parse(text) for text in (
        "5H 10H 2H 3H AS 2S 3C 4C 5C 6C 7C 8C 9C",
        "7H 8H KS QS 2D 3D 4D 5D 6D 7D 8D 9D 10D",
        "9H 6H 4H JH QH 10C JC QC KC 3S JD QD KD",
        "KH AH JS 10S 9S 8S 7S 6S 5S 4S AD 2C AC")]
    game = Game.from_deal(rules, hands, dealer=3)
    for seat in range(4):
        game.apply(Bid((hands[seat] & rules.trump_mask).bit_count()))
    for card in ("10H", "7H", "JH", "KH"):
        game.apply(Card.parse(card))
    view = game.view(0)
    now = [CardSet(hand) for hand in game.hands]
    assert deal_weight(view, now) == pytest.approx(1.0)

    def swap(deal: list[CardSet], one: int, card: str, other: int, back: str) -> list[CardSet]:
        out = list(deal)
        out[one] = deal[one] - Card.parse(card) | CardSet.parse(back)
        out[other] = deal[other] - Card.parse(back) | CardSet.parse(card)
        return out

    assert deal_weight(view, swap(now, 3, "AD", 2, "QH")) == pytest.approx(math.exp(-1.5))  # West: the queen
    assert deal_weight(view, swap(now, 1, "2D", 2, "4H")) == pytest.approx(math.exp(-0.5))  # East: the 4
    assert deal_weight(view, swap(now, 1, "2D", 2, "9H")) == pytest.approx(1.0)  # East: the 9, above its 7
