"""Fitting the learned playout player's weights (:mod:`spades.search.learned`) from a seed, on this machine's CPU.

The data are made here, and exact: hands are dealt at random and played by the playout rules with the search's
share of random moves; at every position with a choice in the last :data:`LEARNED_TRICKS` tricks, each legal
card is valued by the exact solver of the kernel (every hand open, as in a playout; its own side maximising,
the others minimising), in the search's own reward (the score difference, a bag priced as the search prices one
early in a game). The weights are then fitted by gradient steps on the expected value of a softmax choice among
each position's cards. Held-out positions say what a fit is worth: the mean value, per decision, of the fitted
player's card over the rule player's, against the solver's best card's.

Valuing a card by playouts of the rules instead (a one-ply search, 32 playouts a card) gave values too noisy to
learn from: the fit gained on its own positions and nothing on held-out ones.

``spades train-playouts --seed 1`` reproduces the shipped ``playouts.json`` (see :mod:`spades.commands.train`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numba import njit

from ..kernel.core import apply_bid, apply_card, deal_from, legal_cards, make_rng, pack_deck, popcount
from ..kernel.layout import (
    PHASE,
    PHASE_BID,
    PHASE_PLAY,
    R_HAND_SIZE,
    R_PLAYERS,
    R_SEAT_SIDE,
    STATE_SIZE,
    TRICKS_DONE,
    TURN,
)
from ..kernel.solver import solve
from ..kernel.value import P_SIDE
from ..rules import Rules
from .learned import BUF_SIZE, HIDDEN, LEARNED_TRICKS, N_FEATURES, RULE_WEIGHT, fill_features, position_context
from .policy import policy_bid, policy_card
from .search import NOISE
from .weights import rule_weights

__all__ = ["Data", "Fit", "choice_gain", "fit", "make_data", "teacher_data"]


@njit(cache=True)
def teacher_data(rules: np.ndarray, p: np.ndarray, hands: int, seed: int, noise: int
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``hands`` hands played by the rules with ``noise`` (as in the playouts); every position with a choice
    and at most :data:`LEARNED_TRICKS` tricks left is kept. Returns ``(features, counts, values, rules_choice)``:
    per position, each legal card's features (padded to the most cards held in those tricks), how many legal
    cards, each card's exact value for the seat to move (every hand open, as in a playout), and the index of the
    rule player's card."""
    rng = make_rng(seed)
    size = rules[R_HAND_SIZE]
    n = rules[R_PLAYERS]
    width = min(size, LEARNED_TRICKS)  # the most cards a seat holds in the last tricks
    most = hands * width * n
    features = np.zeros((most, width, N_FEATURES))
    counts = np.zeros(most, dtype=np.int64)
    values = np.zeros((most, width))
    chosen = np.zeros(most, dtype=np.int64)
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    after = np.empty(STATE_SIZE, dtype=np.int64)
    buf = np.zeros(BUF_SIZE)
    q = p.copy()
    deck = pack_deck(rules)
    kept = 0
    for h in range(hands):
        deal_from(state, rules, rng, h % n, deck)
        while state[PHASE] == PHASE_BID:
            apply_bid(state, rules, policy_bid(state, rules))
        while state[PHASE] == PHASE_PLAY:
            legal = legal_cards(state, rules)
            if size - state[TRICKS_DONE] <= LEARNED_TRICKS and popcount(legal) > 1 and kept < most:
                q[P_SIDE] = rules[R_SEAT_SIDE + state[TURN]]
                rule = policy_card(state, rules, rng, 0)
                led, best, best_seat, partner, my_nil, partner_nil, target, others, need = position_context(state,
                                                                                                        rules)
                m = legal
                j = 0
                while m:
                    bit = m & -m
                    m ^= bit
                    card = popcount(bit - 1)
                    fill_features(state, rules, card, rule, led, best, best_seat, partner, my_nil, partner_nil,
                                  target, others, need, buf)
                    features[kept, j, :] = buf[:N_FEATURES]
                    if card == rule:
                        chosen[kept] = j
                    after[:] = state
                    apply_card(after, rules, card)
                    values[kept, j] = solve(after, rules, q)
                    j += 1
                counts[kept] = j
                kept += 1
            apply_card(state, rules, policy_card(state, rules, rng, noise))
    return features[:kept], counts[:kept], values[:kept], chosen[:kept]


@dataclass(frozen=True)
class Data:
    """Positions in flat form: one row per legal card, ``start[i]:start[i + 1]`` the rows of position ``i``."""

    x: np.ndarray  # (rows, N_FEATURES)
    value: np.ndarray  # (rows,) the card's mean reward
    start: np.ndarray  # (positions + 1,)
    rule: np.ndarray  # (positions,) the row of the rule player's card

    @classmethod
    def from_teacher(cls, features: np.ndarray, counts: np.ndarray, values: np.ndarray, chosen: np.ndarray) -> Data:
        keep = np.arange(features.shape[1])[None, :] < counts[:, None]
        start = np.concatenate([[0], np.cumsum(counts)])
        return cls(features[keep], values[keep], start, start[:-1] + chosen)

    @property
    def positions(self) -> int:
        return len(self.start) - 1

    def split(self, held: float) -> tuple[Data, Data]:
        """The first positions for fitting, the last ``held`` share held out."""
        cut = int(self.positions * (1 - held))
        row = self.start[cut]
        first = Data(self.x[:row], self.value[:row], self.start[:cut + 1], self.rule[:cut])
        last = Data(self.x[row:], self.value[row:], self.start[cut:] - row, self.rule[cut:] - row)
        return first, last


def _segment_max(values: np.ndarray, start: np.ndarray) -> np.ndarray:
    return np.maximum.reduceat(values, start[:-1])


def _softmax(scores: np.ndarray, start: np.ndarray) -> np.ndarray:
    counts = np.diff(start)
    shifted = np.exp(scores - np.repeat(_segment_max(scores, start), counts))
    probs: np.ndarray = shifted / np.repeat(np.add.reduceat(shifted, start[:-1]), counts)
    return probs


def scores(weights: np.ndarray, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The network's score of every row of ``x`` (as :func:`spades.search.learned.card_score`) and its hidden
    layer's outputs."""
    w1, b1, w2, rule = unpack(weights)
    hidden = np.maximum(0.0, x @ w1 + b1)
    return hidden @ w2 + rule * x[:, 0], hidden


def unpack(weights: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """Views of the flat weights: the hidden layer's matrix and biases, the output's weights, the rule's."""
    cut = N_FEATURES * HIDDEN
    return (weights[:cut].reshape(N_FEATURES, HIDDEN), weights[cut:cut + HIDDEN],
            weights[cut + HIDDEN:cut + 2 * HIDDEN], float(weights[RULE_WEIGHT]))


def choice_gain(weights: np.ndarray, data: Data) -> float:
    """The mean value, per position, of the card ``weights`` choose (the first of the highest scores) less the
    rule player's card's: points of reward a decision, in the teacher's own valuation."""
    score, _ = scores(weights, data.x)
    top = _segment_max(score, data.start)
    counts = np.diff(data.start)
    is_top = score >= np.repeat(top, counts) - 1e-12
    rows = np.arange(len(score))
    first = np.minimum.reduceat(np.where(is_top, rows, len(score)), data.start[:-1])
    return float(np.mean(data.value[first] - data.value[data.rule]))


def best_gain(data: Data) -> float:
    """The same for the teacher's own best card (with its own noise): the most a player could gain here."""
    return float(np.mean(_segment_max(data.value, data.start) - data.value[data.rule]))


@dataclass(frozen=True)
class Fit:
    weights: np.ndarray
    gain: float  # on the fitting positions, per decision (see choice_gain)
    held_gain: float  # the same on the held-out positions
    best: float  # the teacher's best card's gain on the held-out positions


def fit(data: Data, held: Data, seed: int, steps: int, rate: float = 0.01,
        say: Callable[[int, float, float], None] | None = None) -> Fit:
    """Adam steps on the expected value of a softmax choice among each position's cards (the scores are its
    logits), from a random hidden layer and the rule player's weight: the fit may grow the scores' scale, so that
    the softmax comes close to the highest score, the card played."""
    rng = np.random.default_rng(seed)
    weights = rule_weights() * 5.0
    cut = N_FEATURES * HIDDEN
    weights[:cut] = rng.normal(0.0, 0.3, cut)
    weights[cut + HIDDEN:cut + 2 * HIDDEN] = rng.normal(0.0, 0.1, HIDDEN)
    m = np.zeros_like(weights)
    v = np.zeros_like(weights)
    counts = np.diff(data.start)
    for t in range(1, steps + 1):
        score, hidden = scores(weights, data.x)
        probs = _softmax(score, data.start)
        mean = np.add.reduceat(probs * data.value, data.start[:-1])
        d_score = -probs * (data.value - np.repeat(mean, counts)) / data.positions  # of minus the expected value
        _, _, w2, _ = unpack(weights)
        d_hidden = np.outer(d_score, w2) * (hidden > 0)
        grad = np.concatenate([(data.x.T @ d_hidden).ravel(), d_hidden.sum(axis=0), hidden.T @ d_score,
                               [float(d_score @ data.x[:, 0])]])
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        weights -= rate * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-8)
        if say is not None and (t % 100 == 0 or t == steps):
            say(t, choice_gain(weights, data), choice_gain(weights, held))
    return Fit(weights, choice_gain(weights, data), choice_gain(weights, held), best_gain(held))


def make_data(rules: Rules, seed: int, hands: int, noise: int = NOISE, bag_price: float = 6.0) -> Data:
    """The teacher's positions of ``hands`` hands played by the rules (see :func:`teacher_data`), valued in the
    search's reward with a bag priced as it prices one early in a game."""
    from ..kernel.bridge import rules_array
    from ..kernel.value import P_BAG_PRICE, P_SIZE

    p = np.zeros(P_SIZE)
    p[P_BAG_PRICE] = bag_price
    return Data.from_teacher(*teacher_data(rules_array(rules), p, hands, seed, noise))

