"""Determinized search: every candidate action tried on every sampled deal, played out, and averaged.

The inner loops are compiled: for each sampled deal (a kernel state) and each candidate, the action is applied
and the hand is finished either by the rollout policy (:mod:`spades.search.policy`, a few playouts each; its
cards by the learned player of :mod:`spades.search.learned` when ``weights`` are given, an empty array keeping
the rules) or, with few tricks left, exactly (:mod:`spades.kernel.solver`). The same sampled deals serve every
candidate, so the comparison between candidates is not blurred by the luck of the sampling.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..kernel.core import apply_bid, apply_card, make_rng, popcount
from ..kernel.layout import BLIND_NIL_BID, CARDS, PHASE, PHASE_DONE, R_HAND_SIZE, STATE_SIZE, TRICKS_DONE
from ..kernel.solver import solve
from .learned import BUF_SIZE, play_with
from .reward import reward

__all__ = ["evaluate_bids", "evaluate_cards", "policy_games"]


@njit(cache=True)
def evaluate_cards(states: np.ndarray, rules: np.ndarray, p: np.ndarray, candidates: int, rollouts: int,
                   seed: int, noise: int, solve_tricks: int, weights: np.ndarray) -> np.ndarray:
    """``out[d, card]``: the mean reward of playing ``card`` in deal ``d`` (NaN for cards not tried)."""
    deals = states.shape[0]
    out = np.full((deals, CARDS), np.nan)
    rng = make_rng(seed)
    work = np.empty(STATE_SIZE, dtype=np.int64)
    after = np.empty(STATE_SIZE, dtype=np.int64)
    buf = np.empty(BUF_SIZE)
    for d in range(deals):
        m = candidates
        deal_seed = seed + d * 7919
        while m:
            low = m & -m
            m ^= low
            card = popcount(low - 1)
            rng = make_rng(deal_seed)  # the same playout luck for every candidate: a fairer comparison
            after[:] = states[d]
            apply_card(after, rules, card)
            if after[PHASE] == PHASE_DONE:
                out[d, card] = reward(after, rules, p)
                continue
            left = rules[R_HAND_SIZE] - after[TRICKS_DONE]
            if left <= solve_tricks:
                out[d, card] = solve(after, rules, p)
                continue
            total = 0.0
            for _ in range(rollouts):
                work[:] = after
                play_with(work, rules, rng, noise, weights, buf)
                total += reward(work, rules, p)
            out[d, card] = total / rollouts
    return out


@njit(cache=True)
def evaluate_bids(states: np.ndarray, rules: np.ndarray, p: np.ndarray, candidates: int, rollouts: int,
                  seed: int, noise: int, weights: np.ndarray) -> np.ndarray:
    """``out[d, bid]``: the mean reward of bidding ``bid`` (0..hand_size) in deal ``d``; the seats after bid by the
    policy's quick rules, then the hand is played out by the rollout policy."""
    deals = states.shape[0]
    out = np.full((deals, BLIND_NIL_BID), np.nan)
    rng = make_rng(seed)
    work = np.empty(STATE_SIZE, dtype=np.int64)
    after = np.empty(STATE_SIZE, dtype=np.int64)
    buf = np.empty(BUF_SIZE)
    for d in range(deals):
        m = candidates
        deal_seed = seed + d * 7919
        while m:
            low = m & -m
            m ^= low
            bid = popcount(low - 1)
            rng = make_rng(deal_seed)
            after[:] = states[d]
            apply_bid(after, rules, bid)
            total = 0.0
            for _ in range(rollouts):
                work[:] = after
                play_with(work, rules, rng, noise, weights, buf)
                total += reward(work, rules, p)
            out[d, bid] = total / rollouts
    return out


@njit(cache=True)
def policy_games(states: np.ndarray, rules: np.ndarray, p: np.ndarray, seed: int, noise: int,
                 weights: np.ndarray) -> np.ndarray:
    """The reward of each state played out by the policy alone (a check of the policy, and of the kernel)."""
    rng = make_rng(seed)
    out = np.empty(states.shape[0])
    work = np.empty(STATE_SIZE, dtype=np.int64)
    buf = np.empty(BUF_SIZE)
    for d in range(states.shape[0]):
        work[:] = states[d]
        play_with(work, rules, rng, noise, weights, buf)
        out[d] = reward(work, rules, p)
    return out

