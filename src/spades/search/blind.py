"""Blind Nil or look, by search: the two choices played out on the same sampled deals, the seat's own hand unseen.

A seat offered Blind Nil has not looked at its cards, so all it knows is the bids made so far and the score. The
search deals every hand at random (its own too), the bids made weighing the deals as they do for any decision
(:class:`spades.search.sampler.Sampler`), and values on each deal both ways of going on: bidding Blind Nil, the
others bidding by the playout policy's quick bids; or looking and bidding what the policy bids on the hand
dealt (a fair stand-in for the search's own bid, at a fraction of its cost). Each hand is played out by the
policy and priced by the search's reward, which counts the end of the game, so the score weighs in: far behind
with the other side near the target, looking is worth little (the game is likely lost), and only a Blind Nil
made could turn it. Played out on whole deals, a Blind Nil is made about one time in five (the engine's normal
players make it as rarely), so its price of -200 when set outweighs it in the positions measured; the search
looks there, where the normal player's rule bids it.

Blind Nil is the bold choice, so it must earn it: chosen only when its mean gain over looking, deal by deal,
is beyond a margin plus a few standard errors of that gain (as :func:`spades.search.search.choose` grants the
rule player's choice).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

import numpy as np
from numba import njit

from ..actions import BLIND_NIL, Action, Choice
from ..kernel.bridge import rules_array
from ..kernel.core import apply_bid, make_rng
from ..kernel.layout import BLIND_NIL_BID, STATE_SIZE
from ..view import SeatView
from .policy import play_policy
from .reward import reward, reward_params
from .sampler import Sampler
from .search import NOISE, ROLLOUTS, Budget, batches, clears_guard, paired_gain, sampled_states
from .warmup import ready

__all__ = ["BlindDecision", "choose_blind", "evaluate_blind", "unlooked_sampler"]

LOOK, BLIND = 0, 1  # columns of :func:`evaluate_blind`


def unlooked_sampler(view: SeatView, model: np.ndarray | None = None) -> Sampler:
    """Deals for a seat that has not looked at its cards: its own hand is as unknown as any other (a hand's cards
    from the pack), the bids made so far weigh the deals as usual."""
    if view.hand is not None:
        raise ValueError("the seat has looked at its cards: sample with Sampler.from_view")
    base = Sampler.from_view(view, model)
    seat = view.seat
    free = sorted([*base.free, seat])
    room = dict(base.room)
    room[seat] = view.rules.hand_size - base.played_by[seat].bit_count()
    suits_ok = dict(base.suits_ok)
    suits_ok[seat] = 0b1111
    card_cost = dict(base.card_cost)
    card_cost[seat] = [0.0] * 54
    return Sampler(view, free, base.fixed, room, suits_ok, dict(base.exact_spades), list(base.pool),
                   base.played_by, base.nil_seats, card_cost, model)


@njit(cache=True)
def evaluate_blind(states: np.ndarray, rules: np.ndarray, p: np.ndarray, rollouts: int, seed: int,
                   noise: int) -> np.ndarray:
    """``out[d, LOOK]``: the mean reward of looking and bidding the policy's bid in deal ``d``; ``out[d, BLIND]``:
    of bidding Blind Nil. The seats after bid by the policy; the same playout luck for both."""
    deals = states.shape[0]
    out = np.empty((deals, 2))
    work = np.empty(STATE_SIZE, dtype=np.int64)
    after = np.empty(STATE_SIZE, dtype=np.int64)
    for d in range(deals):
        for column in range(2):
            rng = make_rng(seed + d * 7919)
            after[:] = states[d]
            if column == BLIND:
                apply_bid(after, rules, BLIND_NIL_BID)
            total = 0.0
            for _ in range(rollouts):
                work[:] = after
                play_policy(work, rules, rng, noise)  # the seat to move (when it looked) bids by the policy
                total += reward(work, rules, p)
            out[d, column] = total / rollouts
    return out


@dataclass(frozen=True)
class BlindDecision:
    """Blind Nil or look, and the search's figures: the mean reward of each (points of score difference), the
    mean gain of Blind Nil over looking and its standard error, over ``deals`` sampled deals."""

    action: Action
    blind_value: float
    look_value: float
    gain: float
    noise: float
    deals: int

    @property
    def clearly_better(self) -> bool:
        """Whether Blind Nil's gain clears the margin and the noise (the test :func:`choose_blind` applies)."""
        return clears_guard(self.gain, self.noise)


def blind_values(view: SeatView, deals: int | None, seconds: float, rng: random.Random,
                 model: np.ndarray | None = None) -> np.ndarray:
    """``values[d, LOOK]`` and ``values[d, BLIND]`` over sampled deals: ``deals`` of them, or as many as
    ``seconds`` allow (at least one batch)."""
    sampler = unlooked_sampler(view, model)
    r = rules_array(view.rules)
    p = reward_params(view)
    rows: list[np.ndarray] = []
    for batch in batches(deals, seconds, time.perf_counter()):
        states = sampled_states(view, sampler, rng, batch)
        rows.append(evaluate_blind(states, r, p, ROLLOUTS, rng.getrandbits(62), NOISE))
    return np.vstack(rows)


def choose_blind(view: SeatView, budget: Budget, rng: random.Random, model: np.ndarray | None = None
                 ) -> BlindDecision:
    """Blind Nil when the search finds it clearly better than looking, else look (Blind Nil must be legal);
    ``model``: the model of players' weights for the sampled deals (None: the hand-set weights)."""
    if BLIND_NIL not in view.legal or Choice.LOOK not in view.legal:
        raise ValueError("Blind Nil or look: the seat is not offered both")
    if budget.deals is None:
        ready()
    values = blind_values(view, budget.deals, budget.seconds, rng, model)
    gain, noise = paired_gain(values[:, BLIND] - values[:, LOOK])
    clear = clears_guard(gain, noise)
    return BlindDecision(
        action=BLIND_NIL if clear else Choice.LOOK,
        blind_value=float(values[:, BLIND].mean()),
        look_value=float(values[:, LOOK].mean()),
        gain=gain,
        noise=noise,
        deals=len(values),
    )
