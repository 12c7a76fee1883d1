"""Exact play of the last tricks of one deal with every hand known: alpha-beta over every legal card.

The one exact solver, used by the kernel's callers (:func:`solve_cards`, values as margins) and by the search
(:func:`solve`, values as the rewards of :mod:`spades.kernel.value`). The searching side maximises the value,
every other seat minimises it (in solo and two-player, all the others together: the safe view). Near the end of
a hand few cards are left and a rule player's slips decide Nils and sets, so the search stops guessing there and
plays the ending out exactly. Cards next to each other in one hand (nothing between them left in any hand or on
the table) are the same card for the play, so only the highest of such a run is tried. Each trick left
multiplies the work by about the number of cards each hand holds, to the fourth.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .core import apply_card, card_suit, hot, legal_cards, popcount, side_of, suit_cards
from .layout import (
    CARDS,
    HAND,
    PHASE,
    PHASE_DONE,
    PHASE_PLAY,
    R_PLAYERS,
    STATE_SIZE,
    TRICK,
    TRICK_LEN,
    TURN,
)
from .value import P_SIDE, margin_params, reward

__all__ = ["distinct_cards", "solve", "solve_all", "solve_cards"]

INF = 1e18


@hot
def distinct_cards(state: np.ndarray, rules: np.ndarray, legal: int) -> int:
    """``legal`` less the cards that play exactly like a higher card of the same run in the same hand. Within a
    suit in play the cards rank in bit order in every pack but JJDD (whose two of diamonds and two of spades
    rank above the ace of spades); there the trumps are all tried."""
    n = rules[R_PLAYERS]
    everyone = 0
    for s in range(n):
        everyone |= state[HAND + s]
    for i in range(state[TRICK_LEN]):  # a card on the table between two of mine separates them
        everyone |= np.int64(1) << state[TRICK + i]
    hand = state[HAND + state[TURN]]
    out = legal
    m = legal
    while m:
        low = m & -m
        card = popcount(low - 1)
        m ^= low
        suit = card_suit(rules, card)
        cards = suit_cards(rules, suit)
        if suit == 3 and card_suit(rules, 13) == 3:
            continue  # JJDD: the trumps' order is not their bit order
        # the next card above it in its suit still held by anyone
        above = everyone & ~((low << 1) - 1) & cards
        if above:
            nxt = above & -above
            if hand & nxt and legal & nxt:
                out &= ~low
    return out


@njit(cache=True)
def _search(stack: np.ndarray, rules: np.ndarray, p: np.ndarray) -> float:
    """Alpha-beta from ``stack[0]``, with an explicit stack of positions (numba does not cache recursion)."""
    me = int(p[P_SIDE])
    if stack[0, PHASE] == PHASE_DONE:
        return reward(stack[0], rules, p)
    size = stack.shape[0]
    moves = np.zeros(size, dtype=np.int64)
    alpha = np.empty(size)
    beta = np.empty(size)
    best = np.empty(size)
    maximise = np.zeros(size, dtype=np.bool_)

    d = 0
    moves[0] = distinct_cards(stack[0], rules, legal_cards(stack[0], rules))
    maximise[0] = side_of(rules, stack[0, TURN]) == me
    best[0] = -INF if maximise[0] else INF
    alpha[0] = -INF
    beta[0] = INF
    while True:
        if moves[d] == 0 or alpha[d] >= beta[d]:
            value = best[d]
            if d == 0:
                return value
            d -= 1
        else:
            low = moves[d] & -moves[d]
            moves[d] ^= low
            child = stack[d + 1]
            child[:] = stack[d]
            apply_card(child, rules, popcount(low - 1))
            if child[PHASE] != PHASE_DONE:
                d += 1
                moves[d] = distinct_cards(child, rules, legal_cards(child, rules))
                maximise[d] = side_of(rules, child[TURN]) == me
                best[d] = -INF if maximise[d] else INF
                alpha[d] = alpha[d - 1]
                beta[d] = beta[d - 1]
                continue
            value = reward(child, rules, p)
        # hand the value up to the node at depth d
        if maximise[d]:
            if value > best[d]:
                best[d] = value
            if best[d] > alpha[d]:
                alpha[d] = best[d]
        else:
            if value < best[d]:
                best[d] = value
            if best[d] < beta[d]:
                beta[d] = best[d]


@njit(cache=True)
def solve(state: np.ndarray, rules: np.ndarray, p: np.ndarray) -> float:
    """The value (:func:`~spades.kernel.value.reward` with ``p``) of ``state`` (in play) with best play by every
    seat."""
    stack = np.empty((CARDS + 2, STATE_SIZE), dtype=np.int64)
    stack[0] = state
    return _search(stack, rules, p)


@njit(cache=True)
def solve_all(state: np.ndarray, rules: np.ndarray, p: np.ndarray, out: np.ndarray) -> None:
    """``out[card]`` = the exact value after the seat to move plays ``card`` (for each legal card)."""
    stack = np.empty((CARDS + 2, STATE_SIZE), dtype=np.int64)
    m = legal_cards(state, rules)
    while m:
        low = m & -m
        m ^= low
        card = popcount(low - 1)
        stack[0] = state
        apply_card(stack[0], rules, card)
        out[card] = _search(stack, rules, p)


@njit(cache=True, nogil=True)
def solve_cards(state: np.ndarray, rules: np.ndarray, side: int) -> np.ndarray:
    """Exact values of each legal card for the seat to play, with every hand known: the margin (as
    :func:`~spades.kernel.core.margin`) ``side`` gets when ``side``'s seats play their best and every other seat
    plays against it. Returns 54 floats (one a card), NaN for cards that may not be played."""
    values = np.full(CARDS, np.nan)
    if state[PHASE] != PHASE_PLAY:
        return values
    solve_all(state, rules, margin_params(side), values)
    return values
