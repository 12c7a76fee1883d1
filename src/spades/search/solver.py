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
def _search(stack: np.ndarray, depth: int, rules: np.ndarray, p: np.ndarray, alpha: float, beta: float) -> float:
    state = stack[depth]
    if state[PHASE] == PHASE_DONE:
        return reward(state, rules, p)
    seat = state[TURN]
    side = seat % 2 if rules[R_PARTNERSHIPS] else seat
    maximise = side == int(p[P_SIDE])
    moves = distinct_cards(state, rules, legal_cards(state, rules))
    child = stack[depth + 1]
    best = -INF if maximise else INF
    while moves:
        low = moves & -moves
        moves ^= low
        card = popcount(low - 1)
        child[:] = state
        apply_card(child, rules, card)
        value = _search(stack, depth + 1, rules, p, alpha, beta)
        if maximise:
            if value > best:
                best = value
            if best > alpha:
                alpha = best
        else:
            if value < best:
                best = value
            if best < beta:
                beta = best
        if alpha >= beta:
            break
    return best


@njit(cache=True)
def solve(state: np.ndarray, rules: np.ndarray, p: np.ndarray) -> float:
    """The reward of ``state`` (in play) with best play by every seat."""
    stack = np.empty((54, STATE_SIZE), dtype=np.int64)
    stack[0] = state
    return _search(stack, 0, rules, p, -INF, INF)


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
        out[card] = _search(stack, 0, rules, p, -INF, INF)
