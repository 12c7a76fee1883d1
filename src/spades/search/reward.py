"""What a finished hand is worth to the searching seat, in points.

Points alone mislead at the edges of a game: a bag costs nothing today and a tenth of the penalty later, and a
hand that ends the game is worth the game, not its points. So the reward of a hand is the change in the score
difference (own side against the other side, or in solo against the mean of the others), with each bag carried
priced at its share of the penalty to come, and a bonus or forfeit when the hand ends the game.
The parameters are packed once per decision (:func:`reward_params`); :func:`reward` is compiled, in the kernel
(:mod:`spades.kernel.value`), where the exact solver shares it.
"""

from __future__ import annotations

import numpy as np

from ..kernel.value import (
    P_BAG_PRICE,
    P_BEST,
    P_BONUS,
    P_LAST,
    P_LOSE_AT,
    P_SIDE,
    P_SIZE,
    P_TARGET,
    P_USE_LOSE,
    reward,
)
from ..view import SeatView

__all__ = ["WIN_BONUS", "reward", "reward_params"]

WIN_BONUS = 250.0  # the worth of ending the game a winner (or a loser), in points of score difference
BAG_SHARE = 0.6  # share of the penalty to come that a carried bag is charged now, far from the game's end


def reward_params(view: SeatView, best_opponent: bool = False) -> np.ndarray:
    """The reward's parameters for ``view``'s seat in the hand it is playing."""
    rules = view.rules
    p = np.zeros(P_SIZE, dtype=np.float64)
    p[P_SIDE] = view.side
    # a bag is worth its share of the penalty while the game goes on long enough for the penalty to land
    price = rules.bag_penalty / rules.bag_limit * BAG_SHARE
    last = bool(rules.hands) and view.hand_number >= rules.hands
    if last:
        price = 0.0
    elif not rules.hands:
        top = max(view.scores)
        to_go = max(0.0, rules.target - top)
        price *= min(1.0, 0.25 + to_go / rules.target)
    p[P_BAG_PRICE] = price
    p[P_BONUS] = WIN_BONUS
    p[P_TARGET] = 0.0 if rules.hands else rules.target
    if rules.lose_at is not None and not rules.hands:
        p[P_LOSE_AT] = rules.lose_at
        p[P_USE_LOSE] = 1.0
    p[P_LAST] = 1.0 if last else 0.0
    p[P_BEST] = 1.0 if best_opponent else 0.0
    return p
