"""What this hand's bids and cards say about the hidden hands: each sampled deal weighted by how likely the other
seats' decisions were, had they held the cards the deal gives them (the model of :mod:`.players`).

A decision is evidence when its seat's hand is hidden from the viewer (the sampler's free seats) and the model
can read it as that seat read it. Not evidence: a Blind Nil (made before the cards were seen), bids where the
rules change a bid after it is made (one Nil a side: the first of two bids becomes Nil) or where a side's Nil
pass changed its hands after the bids, and any decision with a single legal choice.

The likelihoods are tempered (raised to :data:`TEMPER`): the model is a model, and a product of some thirty
decisions' probabilities would otherwise leave one deal of hundreds with all the weight. The temper was chosen
by the held-out measure of ``spades inference`` (docs/benchmarks.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..kernel.bridge import bid_code, rules_array, start_states
from ..view import SeatView
from .players import deal_logliks

__all__ = ["TEMPER", "Evidence"]

TEMPER = 0.5  # the power of each deal's likelihood


@dataclass(frozen=True)
class Evidence:
    """One hand's decisions so far, ready to score deals: the replay's start states and actions, which are
    scored, and the cards each seat has played (a deal's hands are what the seats hold now)."""

    rules: np.ndarray
    bid_start: np.ndarray
    play_start: np.ndarray
    bids: np.ndarray
    bid_seen: np.ndarray
    cards: np.ndarray
    card_seen: np.ndarray
    played_by: np.ndarray

    @classmethod
    def from_view(cls, view: SeatView, hidden: Sequence[int]) -> Evidence:
        """The evidence of ``view``'s hand about the seats of ``hidden`` (those whose cards are unknown)."""
        rules = view.rules
        n = rules.players
        hidden_set = {s for s in hidden if s < n}
        bid_start, play_start = start_states(view)
        first = (view.dealer + 1) % n
        bids: list[int] = []
        bid_seen: list[bool] = []
        nil_sides = {rules.seat_sides[s] for s, bid in enumerate(view.bids) if bid is not None and bid.value == 0}
        for k in range(n):
            seat = (first + k) % n
            bid = view.bids[seat]
            if bid is None:
                break
            bids.append(bid_code(bid))
            bid_seen.append(seat in hidden_set and not bid.blind and not rules.one_nil_per_side
                            and not (rules.nil_pass and rules.seat_sides[seat] in nil_sides))
        cards: list[int] = []
        card_seen: list[bool] = []
        played_by = np.zeros(n, dtype=np.int64)
        plays = [trick.plays(n) for trick in view.tricks]
        if view.trick:
            plays.append(tuple(view.trick))
        for trick in plays:
            for seat, card in trick:
                cards.append(int(card))
                card_seen.append(seat in hidden_set)
                played_by[seat] |= 1 << int(card)
        return cls(rules_array(rules), bid_start, play_start, np.array(bids, dtype=np.int64),
                   np.array(bid_seen, dtype=np.bool_), np.array(cards, dtype=np.int64),
                   np.array(card_seen, dtype=np.bool_), played_by)

    @property
    def empty(self) -> bool:
        """Whether no decision is scored: every deal is as likely as any other."""
        return not (self.bid_seen.any() or self.card_seen.any())

    def start_hands(self, deals: Sequence[Sequence[int]]) -> np.ndarray:
        """Each deal's hands (what the seats hold now) as they were at the start of the hand."""
        n = len(self.played_by)
        hands = np.array([list(deal[:n]) for deal in deals], dtype=np.int64).reshape(len(deals), n)
        start: np.ndarray = hands | self.played_by[None, :]
        return start

    def logliks(self, deals: Sequence[Sequence[int]], weights: np.ndarray) -> np.ndarray:
        """The model's log-probability of the scored decisions under each deal (untempered)."""
        out = np.zeros(len(deals))
        if self.empty or not len(deals):
            return out
        wrong: int = deal_logliks(self.bid_start, self.play_start, self.rules, self.start_hands(deals), self.bids,
                             self.bid_seen, self.cards, self.card_seen, weights, out)
        if wrong:
            raise ValueError(f"{wrong} deals do not hold the cards their seats played: not deals of this view")
        return out

    def weights(self, deals: Sequence[Sequence[int]], weights: np.ndarray, temper: float = TEMPER) -> np.ndarray:
        """Each deal's weight, the largest 1: its tempered likelihood relative to the likeliest deal's."""
        ll = self.logliks(deals, weights)
        if not len(ll):
            return ll
        out: np.ndarray = np.exp(temper * (ll - ll.max()))
        return out
