"""Given actions of one decision valued on the same sampled deals: what one choice cost against another.

The search's own choice (:func:`spades.search.search.choose`) ranks every candidate; a review of a played hand
needs something narrower and steadier: the player's action and the search's choice, each played out on the same
deals of the unseen cards with the same playout luck, so that their difference (deal by deal) measures the choice
and not the sampling. The deals are drawn and played out exactly as ``choose`` draws and plays them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..actions import Action
from ..kernel.bridge import kernel_action, rules_array
from ..view import Phase, SeatView
from .reward import reward_params
from .sampler import Sampler
from .search import SOLVE_TRICKS, SOLVE_TRICKS_KNOWN, exact_ending, play_out, sampled_states

__all__ = ["Difference", "difference", "paired_values"]


def paired_values(view: SeatView, actions: Sequence[Action], deals: int, rng: random.Random) -> np.ndarray:
    """``values[d, i]``: the mean reward (points of score difference, for the seat of ``view``) of ``actions[i]``
    in sampled deal ``d``. Every action is tried on every deal with the same playout seed. When nothing is
    hidden and the ending is short (two-player Spades late in the hand), one exact solution is the only row."""
    if deals < 1:
        raise ValueError("at least one deal")
    bidding = view.phase is Phase.BID
    codes = [kernel_action(a) for a in actions]
    mask = 0
    for code in codes:
        mask |= 1 << code
    sampler = Sampler.from_view(view)
    solve_tricks = SOLVE_TRICKS
    if exact_ending(view, sampler):
        solve_tricks, deals = SOLVE_TRICKS_KNOWN, 1
    states = sampled_states(view, sampler, rng, deals)
    values = play_out(states, rules_array(view.rules), reward_params(view), mask, rng.getrandbits(62), bidding,
                      solve_tricks)
    return np.asarray(values[:, codes], dtype=np.float64)


@dataclass(frozen=True)
class Difference:
    """How much better ``better`` did than ``worse`` on the same deals: the mean and its standard error (0 when
    one exact solution decided it), and in how many of the deals it did strictly better."""

    mean: float
    error: float
    wins: int
    deals: int


def difference(view: SeatView, better: Action, worse: Action, deals: int, rng: random.Random) -> Difference:
    """``better`` against ``worse`` on the same ``deals`` sampled deals (see :func:`paired_values`)."""
    values = paired_values(view, (better, worse), deals, rng)
    gain = values[:, 0] - values[:, 1]
    error = float(gain.std(ddof=1) / np.sqrt(len(gain))) if len(gain) > 1 else 0.0
    return Difference(mean=float(gain.mean()), error=error, wins=int((gain > 1e-9).sum()), deals=len(gain))
