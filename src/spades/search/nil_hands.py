"""Fitting a sampled Nil bidder's hand to its bid: compiled Metropolis swaps (see :mod:`spades.search.sampler`).

Few random hands are fit to bid Nil, so a deal drawn only to respect the voids leaves the Nil bidder holding a
hand nobody would bid Nil with. Swapping its cards with the other unseen hands' cards, each swap kept by the
Metropolis rule, draws its hand in proportion to how likely the hand was to be bid Nil, while every other hard
constraint holds: a swap that would break a void or a spade count shown is refused. The proposals are uniform
over the pairs (a card of the Nil bidder's, a card of the others'), whose number no swap changes, so they are
symmetric and the rule needs no correction.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ..kernel.core import make_rng, next_random, nth_bit, popcount, random_below
from .policy import nil_risk

__all__ = ["NIL_RISK_OK", "NIL_RISK_SPREAD", "fit_nil", "nil_log_weight"]

NIL_RISK_OK = 0.6  # a Nil bidder's hand is unremarkable up to this risk (policy.nil_risk): most Nils are bid below
NIL_RISK_SPREAD = 0.3  # ... and a Nil grows unlikely past it: at OK + 2 spreads, one in 55 as likely
SPADES = 3


@njit(cache=True)
def nil_log_weight(hand: int) -> float:
    """The log of how likely a hand (as it was at the bid) is to be bid Nil, relative to a safe one."""
    excess = nil_risk(hand) - NIL_RISK_OK
    if excess <= 0.0:
        return 0.0
    excess /= NIL_RISK_SPREAD
    return -excess * excess


@njit(cache=True)
def fit_nil(hands: np.ndarray, seat: int, others: np.ndarray, played: int, suits_ok: np.ndarray,
            exact: np.ndarray, steps: int, seed: int, card_suits: np.ndarray, pinned: int = 0) -> None:
    """Swap ``seat``'s cards with those of the seats in ``others`` (``steps`` proposals, in place).
    ``played``: the cards ``seat`` played already (part of its hand at the bid); ``suits_ok[s]``: the suits seat
    ``s`` may hold; ``exact[s]``: whether seat ``s``'s spade count is known (no spade may move in or out);
    ``card_suits``: each card's suit in play (the rules' ``card_suits``: a joker is a spade); ``pinned``: cards
    known to be where they are (passed to a partner), never swapped."""
    mine = hands[seat]
    theirs = np.int64(0)
    for s in others:
        theirs |= hands[s]
    theirs &= ~pinned
    count_mine = popcount(mine)
    count_theirs = popcount(theirs)
    if count_mine == 0 or count_theirs == 0:
        return
    rng = make_rng(seed)
    log_w = nil_log_weight(mine | played)
    for _ in range(steps):
        card = nth_bit(mine, random_below(rng, count_mine))
        other = nth_bit(theirs, random_below(rng, count_theirs))
        owner = -1
        for s in others:
            if hands[s] >> other & 1:
                owner = s
        suit = card_suits[card]
        other_suit = card_suits[other]
        if suit != other_suit:
            if not (suits_ok[owner] >> suit & 1 and suits_ok[seat] >> other_suit & 1):
                continue  # a void shown
            if (suit == SPADES or other_suit == SPADES) and (exact[seat] or exact[owner]):
                continue  # a spade count shown
        swap = (np.int64(1) << card) | (np.int64(1) << other)
        new = mine ^ swap
        new_log_w = nil_log_weight(new | played)
        if new_log_w < log_w:
            u = (next_random(rng) >> np.uint64(11)) * (1.0 / 9007199254740992.0)
            if u >= math.exp(new_log_w - log_w):
                continue
        mine = new
        hands[owner] ^= swap
        theirs ^= swap
        log_w = new_log_w
    hands[seat] = mine
