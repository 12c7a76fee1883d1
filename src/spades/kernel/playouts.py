"""Playouts: a hand played on to its score from a position, many times, for a search to average.

Every function takes a seed and is deterministic given it. ``greedy`` (percent, default 0) mixes in the
rule-of-thumb player of :mod:`.policy`; at 0 every action is uniformly random among the legal ones.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .core import (
    apply,
    apply_bid,
    apply_card,
    copy_into,
    deal_from,
    hot,
    legal_bids,
    legal_cards,
    legal_mask,
    lowest_bit,
    make_rng,
    margin,
    nth_bit,
    pack_deck,
    popcount,
    random_below,
)
from .layout import BAGS_AFTER, MAX_SEATS, PHASE, PHASE_BID, PHASE_PLAY, POINTS, R_PLAYERS, R_SIDES, STATE_SIZE
from .policy import greedy_bid, greedy_card


@hot
def random_action(state: np.ndarray, rules: np.ndarray, rng: np.ndarray) -> int:
    """A uniformly random legal action (-1 when the hand is over)."""
    mask = legal_mask(state, rules)
    if mask == 0:
        return -1
    return nth_bit(mask, random_below(rng, popcount(mask)))


@hot
def play_out(state: np.ndarray, rules: np.ndarray, rng: np.ndarray, greedy: int = 0) -> None:
    """Play to the end of the hand and score it: each action is uniformly random among the legal ones, except
    that with probability ``greedy`` percent it is the rule-of-thumb choice of :mod:`.policy`."""
    while state[PHASE] == PHASE_BID:
        mask = legal_bids(state, rules)
        if greedy and random_below(rng, 100) < greedy:
            apply_bid(state, rules, greedy_bid(state, rules))
        else:
            apply_bid(state, rules, nth_bit(mask, random_below(rng, popcount(mask))))
    while state[PHASE] == PHASE_PLAY:
        if greedy and random_below(rng, 100) < greedy:
            apply_card(state, rules, greedy_card(state, rules))
        else:
            mask = legal_cards(state, rules)
            apply_card(state, rules, nth_bit(mask, random_below(rng, popcount(mask))))


@njit(cache=True, nogil=True)
def random_playouts(state: np.ndarray, rules: np.ndarray, count: int, seed: int,
                    greedy: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Play ``count`` random continuations of ``state`` (left unchanged) to the end of the hand (``greedy``: as
    :func:`play_out`).

    Returns ``(points, bags)``, each ``(count, MAX_SEATS)`` int64: per side, what it scored this hand (bag penalty
    included) and its bag count after the hand; columns past ``rules[R_SIDES]`` are zero."""
    rng = make_rng(seed)
    points = np.zeros((count, MAX_SEATS), dtype=np.int64)
    bags = np.zeros((count, MAX_SEATS), dtype=np.int64)
    work = np.empty_like(state)
    sides = rules[R_SIDES]
    for i in range(count):
        copy_into(work, state)
        play_out(work, rules, rng, greedy)
        for side in range(sides):
            points[i, side] = work[POINTS + side]
            bags[i, side] = work[BAGS_AFTER + side]
    return points, bags


@njit(cache=True, nogil=True)
def playout_margins(state: np.ndarray, rules: np.ndarray, count: int, seed: int, side: int,
                    greedy: int = 0) -> np.ndarray:
    """Random continuations as score differences for ``side``: its points this hand minus the mean of the
    other sides' (the opponents' in partnerships and two-player), one float per playout."""
    points, _ = random_playouts(state, rules, count, seed, greedy)
    sides = rules[R_SIDES]
    out = np.empty(count, dtype=np.float64)
    for i in range(count):
        others = 0
        for s in range(sides):
            if s != side:
                others += points[i, s]
        out[i] = points[i, side] - others / (sides - 1)
    return out


@njit(cache=True, nogil=True)
def random_hands(rules: np.ndarray, count: int, seed: int) -> np.ndarray:
    """Play ``count`` uniformly random whole hands: deal, random legal bids, random legal cards, scoring.
    The dealer rotates; scores and bags start at zero each hand. Returns the summed points per side (a
    checksum that keeps the work from being optimised away, and a sanity figure)."""
    rng = make_rng(seed)
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    total = np.zeros(MAX_SEATS, dtype=np.int64)
    deck = pack_deck(rules)
    n = rules[R_PLAYERS]
    for i in range(count):
        deal_from(state, rules, rng, i % n, deck)
        play_out(state, rules, rng, 0)
        for side in range(rules[R_SIDES]):
            total[side] += state[POINTS + side]
    return total


@njit(cache=True, nogil=True)
def move_values(states: np.ndarray, rules: np.ndarray, side: int, count: int, seed: int,
                greedy: int = 0) -> np.ndarray:
    """For each position (a row of ``states``, e.g. one sampled deal each) and each legal action there, the
    mean :func:`~spades.kernel.core.margin` for ``side`` over ``count`` playouts (``greedy``: as
    :func:`play_out`) after that action: the core of a
    determinized search in one call. Returns ``(len(states), 64)`` floats indexed by action (a card, or a bid
    value while bidding), NaN where the action is not legal."""
    rng = make_rng(seed)
    rows = states.shape[0]
    values = np.full((rows, 64), np.nan)
    after = np.empty(STATE_SIZE, dtype=np.int64)
    work = np.empty(STATE_SIZE, dtype=np.int64)
    for row in range(rows):
        state = states[row]
        mask = legal_mask(state, rules)
        while mask:
            action = lowest_bit(mask)
            mask &= mask - 1
            copy_into(after, state)
            apply(after, rules, action)
            total = 0.0
            for _ in range(count):
                copy_into(work, after)
                play_out(work, rules, rng, greedy)
                total += margin(work, rules, side)
            values[row, action] = total / count
    return values
