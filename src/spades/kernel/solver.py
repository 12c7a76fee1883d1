"""Exact values of the last tricks: alpha-beta over the cards left, with every hand known (one sampled deal).

The value of a position for a side is :func:`spades.kernel.core.margin` of the finished hand: the side's seats
play to raise it, every other seat to lower it (in solo and two-player, all the others together).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .core import apply_card, copy_into, hot, legal_cards, lowest_bit, margin, side_of, suit_of
from .layout import HAND, PHASE, PHASE_DONE, PHASE_PLAY, R_PLAYERS, STATE_SIZE, TRICK, TRICK_LEN, TURN


@hot
def _distinct_cards(state: np.ndarray, rules: np.ndarray, mask: int) -> int:
    """One card of each run of ``mask`` that no live card separates (live: in a hand or in the trick in
    progress). Cards of such a run win and lose the same tricks, so trying one of them is enough."""
    live = np.int64(0)
    for seat in range(rules[R_PLAYERS]):
        live |= state[HAND + seat]
    for i in range(state[TRICK_LEN]):
        live |= np.int64(1) << state[TRICK + i]
    keep = np.int64(0)
    previous_kept_suit = -1  # the suit of the previous live card, when that card is one of ``mask``
    m = live
    while m:
        card = lowest_bit(m)
        m &= m - 1
        suit = suit_of(card)
        if (mask >> card) & 1:
            if previous_kept_suit != suit:
                keep |= np.int64(1) << card
            previous_kept_suit = suit
        else:
            previous_kept_suit = -1
    return keep


@hot
def _minimax(stack: np.ndarray, moves: np.ndarray, bounds: np.ndarray, rules: np.ndarray, side: int) -> float:
    """Alpha-beta from the position ``stack[0]``, with explicit stacks rather than recursion (numba cannot
    reload a recursive function from its cache). Per depth d: ``stack[d]`` the position, ``moves[d]`` the
    cards still to try, ``bounds[d]`` = (alpha, beta, best)."""
    depth = 0
    if stack[0, PHASE] == PHASE_DONE:
        return margin(stack[0], rules, side)
    moves[0] = _distinct_cards(stack[0], rules, legal_cards(stack[0], rules))
    maximizing = side_of(rules, stack[0, TURN]) == side
    bounds[0, 0] = -np.inf
    bounds[0, 1] = np.inf
    bounds[0, 2] = -np.inf if maximizing else np.inf
    while True:
        if moves[depth] and bounds[depth, 0] < bounds[depth, 1]:
            mask = moves[depth]
            card = lowest_bit(mask)
            moves[depth] = mask & (mask - 1)
            child = stack[depth + 1]
            copy_into(child, stack[depth])
            apply_card(child, rules, card)
            if child[PHASE] == PHASE_DONE:
                value = margin(child, rules, side)
            else:
                depth += 1
                moves[depth] = _distinct_cards(child, rules, legal_cards(child, rules))
                bounds[depth, 0] = bounds[depth - 1, 0]
                bounds[depth, 1] = bounds[depth - 1, 1]
                bounds[depth, 2] = -np.inf if side_of(rules, child[TURN]) == side else np.inf
                continue
        else:
            value = bounds[depth, 2]
            if depth == 0:
                return value
            depth -= 1
        # the value of a child of the node at ``depth``
        if side_of(rules, stack[depth, TURN]) == side:
            if value > bounds[depth, 2]:
                bounds[depth, 2] = value
            if value > bounds[depth, 0]:
                bounds[depth, 0] = value
        else:
            if value < bounds[depth, 2]:
                bounds[depth, 2] = value
            if value < bounds[depth, 1]:
                bounds[depth, 1] = value


@njit(cache=True, nogil=True)
def solve_cards(state: np.ndarray, rules: np.ndarray, side: int) -> np.ndarray:
    """Exact values of each legal card for the seat to play, with every hand known: the margin (as
    :func:`margin`) ``side`` gets when ``side``'s seats play their best and every other seat plays against it.
    Returns 52 floats, NaN for cards that may not be played. Use it for the last few tricks (each trick left
    multiplies the work by about the number of cards each hand holds, to the fourth)."""
    values = np.full(52, np.nan)
    if state[PHASE] != PHASE_PLAY:
        return values
    stack = np.empty((54, STATE_SIZE), dtype=np.int64)
    moves = np.zeros(54, dtype=np.int64)
    bounds = np.zeros((54, 3), dtype=np.float64)
    mask = legal_cards(state, rules)
    while mask:
        card = lowest_bit(mask)
        mask &= mask - 1
        copy_into(stack[0], state)
        apply_card(stack[0], rules, card)
        values[card] = _minimax(stack, moves, bounds, rules, side)
    return values
