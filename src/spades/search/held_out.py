"""How well the search's sampled deals place the hidden cards, measured on positions of hands the model never saw.

At each position (a seat about to play, part of the way through a hand), the sampler draws deals that fit the
seat's view; each way of weighting them (none, the hand-set rules of :class:`.sampler.Sampler`, the model of
players at a temper) turns them into a probability for each unseen card to lie in each hidden hand. Two figures
say how good that is, over every unseen card of every position: the mean log-probability of the card's true
holder, and the share of cards whose likeliest holder is the true one.

The probability is the weighted share of deals that put the card there, shrunk towards even odds by one deal's
worth (so that a weighting whose weight sits on a few deals, and so claims certainty it has not earned, pays
for it): ``(ess * share + 1 / k) / (ess + 1)``, ``ess`` the weights' effective number of deals and ``k`` the
hidden hands the card may be in.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from ..rules import Rules
from ..view import Phase, SeatView
from .fit_players import self_play
from .inference import Evidence
from .sampler import Sampler

__all__ = ["Placement", "held_out_positions", "measure"]

TRICKS_AT = (3, 6, 9)  # the positions of a hand: the seat to lead or play in these tricks (from 0)


def held_out_positions(rules: Rules, seed: str, hands: int, think: str) -> list[tuple[SeatView, tuple[int, ...]]]:
    """Positions of ``hands`` hands played from ``seed`` as the data are (``hard`` against ``normal``): the view of
    the seat to play the first card of each trick of :data:`TRICKS_AT` (and of the seat after it, second), and
    the hands every seat held then."""
    out: list[tuple[SeatView, tuple[int, ...]]] = []
    played = 0
    n = rules.players
    marks = {trick * n + k for trick in TRICKS_AT for k in (0, 1) if trick < rules.hand_size}
    for game, view in self_play(rules, seed, think):
        if played >= hands:
            break
        if game.phase is Phase.PLAY and game.plays_count in marks:
            out.append((view, tuple(int(h) for h in game.hands)))
        if game.phase is Phase.PLAY and game.plays_count == n * rules.hand_size - 1:
            played += 1
    return out


@dataclass
class Placement:
    """The running figures of one way of weighting."""

    name: str
    log_p: list[float] = field(default_factory=list)  # per position, the mean over its unseen cards
    right: list[float] = field(default_factory=list)  # per position, the share placed right
    ess: list[float] = field(default_factory=list)  # per position, the effective number of deals

    @property
    def mean_log_p(self) -> float:
        return float(np.mean(self.log_p)) if self.log_p else 0.0

    @property
    def share_right(self) -> float:
        return float(np.mean(self.right)) if self.right else 0.0

    def paired(self, other: Placement) -> tuple[float, float]:
        """The mean, over positions, of this weighting's log-probability less ``other``'s, and its 95% half-width."""
        diff = np.array(self.log_p) - np.array(other.log_p)
        if len(diff) < 2:
            return float(diff.mean()) if len(diff) else 0.0, math.inf
        return float(diff.mean()), float(1.96 * diff.std(ddof=1) / math.sqrt(len(diff)))


def _score(place: Placement, view: SeatView, held: Sequence[int], sampler: Sampler, deals: list[list[int]],
           weights: np.ndarray) -> None:
    n = view.players
    seats = [s for s in sampler.free if s < n]
    total = float(weights.sum())
    if total <= 0:
        weights = np.ones(len(deals))
        total = float(len(deals))
    w = weights / total
    ess = 1.0 / float((w * w).sum())
    hands = np.array([d[:n] for d in deals], dtype=np.int64)
    logs = []
    right = []
    for card in sampler.pool:
        truth = next((s for s in seats if held[s] >> card & 1), None)
        if truth is None:  # in the face-down discards: no hand holds it
            continue
        may = [s for s in seats if sampler.suits_ok.get(s, 0) >> view.rules.card_suits[card] & 1]
        shares = {s: float(w[(hands[:, s] >> card & 1) == 1].sum()) for s in may}
        k = len(may)
        p = (ess * shares.get(truth, 0.0) + 1.0 / k) / (ess + 1.0)
        logs.append(math.log(p))
        top = max(shares.values())
        leaders = [s for s in may if shares[s] >= top - 1e-12]
        right.append(1.0 / len(leaders) if truth in leaders else 0.0)
    if logs:
        place.log_p.append(float(np.mean(logs)))
        place.right.append(float(np.mean(right)))
        place.ess.append(ess)


def measure(positions: Sequence[tuple[SeatView, tuple[int, ...]]], model: np.ndarray, tempers: Sequence[float],
            deals: int, seed: int, done: Callable[[], None] | None = None) -> list[Placement]:
    """The figures of each weighting over ``positions`` (each drawing ``deals`` deals from the same seed, so the
    weightings are compared on the same deals): none, the hand-set rules, and the model at each temper."""
    places = [Placement("none"), Placement("hand-set rules (today)")]
    places += [Placement(f"model, temper {t:g}") for t in tempers]
    for i, (view, held) in enumerate(positions):
        sampler = Sampler.from_view(view)
        if not any(s < view.players for s in sampler.free):
            continue
        rng = random.Random(f"{seed}-{i}")
        drawn = [sampler.deal(rng) for _ in range(deals)]
        _score(places[0], view, held, sampler, drawn, np.ones(len(drawn)))
        _score(places[1], view, held, sampler, drawn, np.array(sampler.weights(drawn)))
        evidence = Evidence.from_view(view, sampler.free)
        ll = evidence.logliks(drawn, model)
        for place, temper in zip(places[2:], tempers, strict=True):
            _score(place, view, held, sampler, drawn, np.exp(temper * (ll - ll.max())))
        if done:
            done()
    return places
