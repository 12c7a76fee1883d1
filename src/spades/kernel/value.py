"""What a finished hand is worth to one side, in points: the value the exact solver and the search's playouts
maximise.

The change in the score difference (own side against the other side, or in solo against the mean of the
others), with each new bag priced at a share of the penalty to come, and a bonus or forfeit when the hand ends
the game. The parameters are a small float array (``P_*`` offsets); with every parameter but the side at zero
the value is :func:`spades.kernel.core.margin`, the hand's points against the others' mean
(:func:`margin_params`). How a seat sets them from its view is the search's business
(:func:`spades.search.reward.reward_params`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .core import hot
from .layout import BAGS, BAGS_AFTER, POINTS, R_SIDES, SCORE

__all__ = ["P_BAG_PRICE", "P_BEST", "P_BONUS", "P_LAST", "P_LOSE_AT", "P_SIDE", "P_SIZE", "P_TARGET", "P_USE_LOSE",
           "margin_params", "reward"]

P_SIDE, P_BAG_PRICE, P_BONUS, P_TARGET, P_LOSE_AT, P_USE_LOSE, P_LAST, P_BEST, P_SIZE = range(9)


@njit(cache=True)
def margin_params(side: int) -> np.ndarray:
    """Parameters under which :func:`reward` is the plain margin of ``side``: no bag price, no game end."""
    p = np.zeros(P_SIZE, dtype=np.float64)
    p[P_SIDE] = side
    return p


@hot
def reward(state: np.ndarray, rules: np.ndarray, p: np.ndarray) -> float:
    """The worth of a finished (scored) hand to side ``p[P_SIDE]``."""
    sides = rules[R_SIDES]
    me = int(p[P_SIDE])
    price = p[P_BAG_PRICE]
    mine = 0.0
    others = 0.0
    best_other = -1e18
    top = -1e18
    low = 1e18
    top_count = 0
    top_side = -1
    for s in range(sides):
        value = state[POINTS + s] - price * (state[BAGS_AFTER + s] - state[BAGS + s])
        final = state[SCORE + s] + state[POINTS + s]
        if s == me:
            mine = value
        else:
            others += value
            if value > best_other:
                best_other = value
        if final > top:
            top = final
            top_count = 1
            top_side = s
        elif final == top:
            top_count += 1
        if final < low:
            low = final
    diff = mine - best_other if p[P_BEST] > 0 else mine - others / (sides - 1)
    ends = p[P_LAST] > 0
    if p[P_TARGET] > 0 and top >= p[P_TARGET]:
        ends = True
    if p[P_USE_LOSE] > 0 and low <= p[P_LOSE_AT]:
        ends = True
    if ends and top_count == 1:
        if top_side == me:
            diff += p[P_BONUS]
        else:
            diff -= p[P_BONUS]
    return diff
