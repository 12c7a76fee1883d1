"""Scoring one hand: a pure function of the rules, the bids, the tricks and the bags carried in.

Kept apart from the game so that the scorepad (a real table's hands typed in), the search player and the tests
score exactly as the engine does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .actions import Bid
from .rules import Rules

__all__ = ["HandResult", "NilResult", "SideResult", "score_hand"]


class NilResult(NamedTuple):
    seat: int
    blind: bool
    tricks: int
    points: int

    @property
    def made(self) -> bool:
        return self.tricks == 0


class SideResult(NamedTuple):
    """What one side (a partnership, or a solo or two-player seat) scored in a hand."""

    side: int
    contract: int
    tricks: int  # every trick the side took, Nil bidders' included
    counted: int  # the tricks that counted toward the contract
    contract_points: int  # +10 a trick bid (or 20 with 10-for-200), or minus that when set; 250 for a moon
    nils: tuple[NilResult, ...]
    bags: int  # bags taken this hand
    bag_penalty: int  # points lost to the bag limit this hand (zero or negative)
    points: int  # everything this hand: contract, Nils, bags, penalty
    score: int  # the side's score after the hand
    total_bags: int  # the side's bag count after the hand

    @property
    def made(self) -> bool:
        return self.counted >= self.contract

    @property
    def set(self) -> bool:
        return self.contract > 0 and self.counted < self.contract


class HandResult(NamedTuple):
    number: int
    sides: tuple[SideResult, ...]

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(s.points for s in self.sides)


def score_hand(rules: Rules, bids: Sequence[Bid], tricks: Sequence[int], scores: Sequence[int],
               bags: Sequence[int], number: int = 0) -> HandResult:
    """Score a finished hand. ``bids`` and ``tricks`` are per seat; ``scores`` and ``bags`` per side, before."""
    results = []
    for side in range(rules.sides):
        seats = rules.seats_of(side)
        contract = 0
        counted = 0
        bag_tricks = 0
        nils: list[NilResult] = []
        points = 0
        for seat in seats:
            bid = bids[seat]
            taken = tricks[seat]
            if bid.value == 0:
                value = rules.blind_nil_value if bid.blind else rules.nil_value
                if taken == 0:
                    nil_points = value
                elif rules.nil_fail_penalty:
                    nil_points = -value
                else:
                    nil_points = 0
                nils.append(NilResult(seat, bid.blind, taken, nil_points))
                points += nil_points
                if rules.nil_tricks_count_for_partner:
                    counted += taken
                else:
                    bag_tricks += taken
            else:
                contract += bid.value
                counted += taken
        if rules.moon and contract == rules.hand_size:
            # Two-player: shooting the moon. All 13 score 250; otherwise every trick is a bag.
            if counted == rules.hand_size:
                contract_points = 250
            else:
                contract_points = 0
                bag_tricks += counted
        else:
            per_trick = 20 if rules.ten_for_two_hundred and contract >= 10 else 10
            if counted >= contract:
                contract_points = per_trick * contract
                bag_tricks += counted - contract
            else:
                contract_points = -per_trick * contract
        if rules.no_bags:
            bag_tricks = 0  # overtricks score nothing and never cost
        points += contract_points + bag_tricks
        total_bags = bags[side] + bag_tricks
        penalty = 0
        while total_bags >= rules.bag_limit:
            total_bags -= rules.bag_limit
            penalty -= rules.bag_penalty
        points += penalty
        taken = tricks[seats[0]] + tricks[seats[1]] if len(seats) == 2 else sum(tricks[seat] for seat in seats)
        results.append(SideResult(side, contract, taken, counted, contract_points, tuple(nils), bag_tricks,
                                  penalty, points, scores[side] + points, total_bags))
    return HandResult(number, tuple(results))
