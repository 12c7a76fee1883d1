"""Exact play of the last tricks of one (sampled) deal: alpha-beta over every legal card, worth in points.

Near the end of a hand few cards are left and a rule player's slips decide Nils and sets, so the search stops
guessing there and plays the ending out exactly: the searching side maximises the reward of
:mod:`spades.search.reward`, every other seat minimises it (in solo, all the others together: the safe view).
Cards next to each other in one hand (nothing between them left in any other hand) are the same card for the
play, so only the highest of such a run is tried.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..kernel.core import apply_card, legal_cards, popcount
from ..kernel.layout import (
    HAND,
    PHASE,
    PHASE_DONE,
    R_PARTNERSHIPS,
    R_PLAYERS,
    STATE_SIZE,
    TRICK,
    TRICK_LEN,
    TURN,
)
from .reward import P_SIDE, reward

__all__ = ["distinct_cards", "solve", "solve_all"]

INF = 1e18


@njit(cache=True, _nrt=False)
def distinct_cards(state: np.ndarray, rules: np.ndarray, legal: int) -> int:
    """``legal`` less the cards that play exactly like a higher card of the same run in the same hand."""
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
        if card % 13 == 12:
            continue
        # the next card above it still held by anyone
        above = everyone & ~((low << 1) - 1) & (np.int64(0x1FFF) << (13 * (card // 13)))
        if above:
            nxt = above & -above
            if hand & nxt and legal & nxt:
                out &= ~low
    return out


@njit(cache=True)
def _search(stack: np.ndarray, rules: np.ndarray, p: np.ndarray) -> float:
    """Alpha-beta from ``stack[0]``, with an explicit stack of positions (numba does not cache recursion)."""
    me = int(p[P_SIDE])
    partnerships = rules[R_PARTNERSHIPS]
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
    seat = stack[0, TURN]
    maximise[0] = (seat % 2 if partnerships else seat) == me
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
                seat = child[TURN]
                maximise[d] = (seat % 2 if partnerships else seat) == me
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
    """The reward of ``state`` (in play) with best play by every seat."""
    stack = np.empty((54, STATE_SIZE), dtype=np.int64)
    stack[0] = state
    return _search(stack, rules, p)


@njit(cache=True)
def solve_all(state: np.ndarray, rules: np.ndarray, p: np.ndarray, out: np.ndarray) -> None:
    """``out[card]`` = the exact reward after the seat to move plays ``card`` (for each legal card)."""
    stack = np.empty((54, STATE_SIZE), dtype=np.int64)
    legal = legal_cards(state, rules)
    m = legal
    while m:
        low = m & -m
        m ^= low
        card = popcount(low - 1)
        stack[0] = state
        apply_card(stack[0], rules, card)
        out[card] = _search(stack, rules, p)
