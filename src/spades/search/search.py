"""One decision of the search player: sample deals, evaluate the candidates within the budget, choose.

The budget is either seconds (the deals evaluated depend on the machine's speed, so the choice may differ from
run to run) or a number of sampled deals (the same view and seed always give the same choice).
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

import numpy as np

from ..actions import BIDS, Action, Bid
from ..cards import CARDS, Card
from ..errors import BudgetError
from ..kernel.bridge import ranks, rules_array, state_from_view
from ..kernel.layout import STATE_SIZE
from ..language import _
from ..rules import Rules
from ..view import Phase, SeatView
from .pimc import evaluate_bids, evaluate_cards
from .reward import reward_params
from .sampler import Sampler
from .warmup import ready

__all__ = ["Budget", "Decision", "Verdict", "batches", "choose", "clears_guard", "exact_ending", "paired_gain",
           "play_out", "sampled_states"]

BATCH = 12  # deals sampled and evaluated at a time
ROLLOUTS = 4  # policy playouts per deal and candidate
NOISE = 12  # one playout move in this many is random
PRIOR_MARGIN = 3.0  # points of reward the search must gain over the rule player's choice to overrule it
PRIOR_SIGMAS = 2.5  # ... plus this many standard errors of that gain
SOLVE_TRICKS = 3  # tricks left (after the candidate card) from which the ending is solved exactly
SOLVE_TRICKS_KNOWN = 6  # the same when every hand is known (two-player Spades after the draw): one deal, solved


@dataclass(frozen=True)
class Budget:
    """Seconds of thinking, or a fixed number of sampled deals (``deals`` wins when both are set)."""

    seconds: float = 0.5
    deals: int | None = None

    @classmethod
    def parse(cls, think: float | str | None, default: float) -> Budget:
        """``None``: the default seconds; a number: seconds; ``"200i"`` (or ``"200d"``): 200 sampled deals."""
        if think is None:
            return cls(seconds=default)
        if isinstance(think, str):
            text = think.strip().lower()
            if text.endswith(("i", "d")) and text[:-1].isdigit():
                deals = int(text[:-1])
                if deals < 1:
                    raise BudgetError(_("think {think}: at least one deal", think=repr(think)))
                return cls(deals=deals)
            try:
                think = float(text.rstrip("s"))
            except ValueError:
                raise BudgetError(_("think {think} is not seconds (0.5) or sampled deals (200i)",
                                    think=repr(think))) from None
        if think < 0:
            raise BudgetError(_("think {think} must not be negative", think=repr(think)))
        return cls(seconds=float(think))


Verdict = Literal["alone", "agrees", "kept", "overruled"]


@dataclass(frozen=True)
class Decision:
    """The search's choice and what it rests on, for the hint's reason (not an action: see ``actions.Choice``).

    ``verdict`` says how the choice relates to the rule player's (``prior``): ``"alone"`` when there was none,
    ``"agrees"`` when the search's best is the rule choice (or a card that plays exactly like it), ``"kept"`` when
    the search's best (``runner_up``) was not better by the margin the rule choice is granted, so the rule choice
    stands, and ``"overruled"`` when it was. ``gain`` is the search's mean gain of its best over the rule choice,
    in points (zero unless kept or overruled). Every figure is the search's own, over its sampled deals."""

    action: Action
    value: float  # mean reward, points of score difference
    deals: int
    best_share: int  # deals in which this action was (one of) the best
    runner_up: Action | None
    runner_value: float
    prior: Action | None = None
    verdict: Verdict = "alone"
    gain: float = 0.0


def _distinct(view: SeatView, legal: tuple[Action, ...]) -> list[Card]:
    """Legal cards less those that play exactly like a higher one in the same hand (nothing left between): the
    next card above in its suit in play (by the rules' power, so a joker follows the ace of spades) still out is
    the seat's own and legal too."""
    rules = view.rules
    gone = 0
    for trick in view.tricks:
        for card in trick.cards:
            gone |= 1 << card
    hand = int(view.hand or 0)
    cards = [c for c in legal if isinstance(c, Card)]
    legal_mask = sum(1 << c for c in cards)
    out = []
    for card in cards:
        suit = rules.suit_of(card)
        above = sorted((c for c in cards_of_suit(rules, suit) if rules.power(c) > rules.power(card)
                        and not gone >> c & 1), key=rules.power)
        if not (above and hand >> above[0] & 1 and legal_mask >> above[0] & 1):
            out.append(card)
    return out


def cards_of_suit(rules: Rules, suit: int) -> list[int]:
    """The pack's cards of ``suit`` in play."""
    mask = rules.suit_masks[suit] & rules.pack
    return [c for c in range(54) if mask >> c & 1]


def _candidate_for(prior: Action | None, candidates: list[int], bidding: bool, rules: Rules) -> int | None:
    """The candidate that stands for the rule player's choice, or None when there is none: the bid itself, the
    card itself, or for a card that :func:`_distinct` left out, the top of its run of equal cards (the lowest
    candidate of its suit above it: every card in between plays exactly like it)."""
    if bidding:
        code = prior.value if isinstance(prior, Bid) and not prior.blind else None
        return code if code in candidates else None
    if not isinstance(prior, Card):
        return None
    above = [c for c in candidates
             if rules.suit_of(c) == rules.suit_of(prior) and rules.power(c) >= rules.power(prior)]
    return min(above, key=rules.power) if above else None


def sampled_states(view: SeatView, sampler: Sampler, rng: random.Random, count: int) -> np.ndarray:
    """``count`` deals drawn by ``sampler`` as kernel states of ``view``'s position, one row each: what every
    search here (a choice, a comparison of given actions, Blind Nil or a look) plays out."""
    states = np.empty((count, STATE_SIZE), dtype=np.int64)
    for i, held in enumerate(sampler.deals(rng, count)):
        states[i] = state_from_view(view, held)
    return states


def batches(deals: int | None, seconds: float, start: float) -> Iterator[int]:
    """The sizes of the batches of sampled deals a budget allows: ``deals`` in all, or (``deals`` None) one batch
    after another until ``seconds`` have passed since ``start``, checked after each batch (so at least one)."""
    done = 0
    while True:
        batch = BATCH if deals is None else min(BATCH, deals - done)
        if batch <= 0:
            return
        yield batch
        done += batch
        if deals is None and time.perf_counter() - start >= seconds:
            return


def exact_ending(view: SeatView, sampler: Sampler) -> bool:
    """Whether nothing is hidden and the card play left is short: then one deal, solved exactly
    (:data:`SOLVE_TRICKS_KNOWN`), says all there is (two-player Spades late in a hand)."""
    left = view.rules.hand_size - len(view.tricks)
    return not sampler.free and view.phase is not Phase.BID and left <= SOLVE_TRICKS_KNOWN + 1


RULES_PLAYOUTS = np.zeros(0)  # the playouts' weights that mean the rule player's own cards


def play_out(states: np.ndarray, r: np.ndarray, p: np.ndarray, mask: int, seed: int, bidding: bool,
             solve_tricks: int, weights: np.ndarray = RULES_PLAYOUTS) -> np.ndarray:
    """``values[d, code]``: each action of ``mask`` (bid values or cards) tried on every row of ``states``, the
    playouts' cards by the learned player of ``weights`` (empty: by the rules)."""
    if bidding:
        return evaluate_bids(states, r, p, mask, ROLLOUTS, seed, NOISE, weights)
    return evaluate_cards(states, r, p, mask, ROLLOUTS, seed, NOISE, solve_tricks, weights)


def paired_gain(diff: np.ndarray) -> tuple[float, float]:
    """The mean of one choice's gain over another, deal by deal, and its standard error (infinite from one deal:
    a single deal proves nothing)."""
    noise = float(diff.std(ddof=1) / np.sqrt(len(diff))) if len(diff) > 1 else float("inf")
    return float(diff.mean()), noise


def clears_guard(gain: float, noise: float) -> bool:
    """Whether a gain over the standing choice (the rule player's, or looking before Blind Nil) is a real one: the
    margin, plus a few standard errors of the gain."""
    return gain >= PRIOR_MARGIN + PRIOR_SIGMAS * noise


def choose(view: SeatView, budget: Budget, rng: random.Random, prior: Action | None = None,
           weights: np.ndarray = RULES_PLAYOUTS, model: np.ndarray | None = None) -> Decision:
    """The search's choice for the seat to move in ``view`` (a bid or a card); ``weights``: the learned playout
    player's (see :mod:`spades.search.learned`), or none for the rule player's playouts; ``model``: the model of
    players' weights that weight the sampled deals (:mod:`spades.search.inference`), or None for the hand-set
    weights."""
    if budget.deals is None:
        ready()  # the compiled loops are loaded before the clock starts, so loading eats none of the budget
    start = time.perf_counter()
    rules = view.rules
    bidding = view.phase is Phase.BID
    if bidding:
        candidates: list[int] = [b.value for b in view.legal if isinstance(b, Bid) and not b.blind]
    else:
        candidates = [int(c) for c in _distinct(view, view.legal)]
    mask = 0
    for c in candidates:
        mask |= 1 << c
    sampler = Sampler.from_view(view, model)
    solve_tricks = SOLVE_TRICKS
    target = budget.deals
    if exact_ending(view, sampler):
        solve_tricks = SOLVE_TRICKS_KNOWN
        target = 1
    r = rules_array(rules)
    p = reward_params(view)
    rows: list[np.ndarray] = []
    for batch in batches(target, budget.seconds, start):
        states = sampled_states(view, sampler, rng, batch)
        values = play_out(states, r, p, mask, rng.getrandbits(62), bidding, solve_tricks, weights)
        rows.append(values[:, candidates])
    table = np.vstack(rows)  # deals x candidates
    means = table.mean(axis=0)
    scores = means.copy()
    if not bidding:
        rank = ranks(rules)
        scores -= np.array([rank[c] * 0.01 for c in candidates])  # equal values: keep the high cards
    order = [int(i) for i in np.argsort(-scores, kind="stable")]
    # The rule player's choice stands unless the search finds a real gain over it: a margin beyond the noise
    # of the sampled deals (the values are paired deal by deal, so the noise is that of the difference). A rule
    # card that is not a candidate plays exactly like the top of its run of equal cards, which stands for it.
    prior_code = _candidate_for(prior, candidates, bidding, rules)
    verdict: Verdict = "alone"
    gain = 0.0
    if prior_code is not None:
        i = candidates.index(prior_code)
        if order[0] == i:
            verdict = "agrees"
        else:
            gain, noise = paired_gain(table[:, order[0]] - table[:, i])
            if not clears_guard(gain, noise):
                order.remove(i)
                order.insert(0, i)
                verdict = "kept"
            else:
                verdict = "overruled"
    best = candidates[order[0]]
    runner = candidates[order[1]] if len(candidates) > 1 else None
    top = table.max(axis=1, keepdims=True)
    best_counts = (table >= top - 1e-9).sum(axis=0)

    def action(code: int) -> Action:
        return BIDS[code] if bidding else CARDS[code]

    # The rule choice itself is played when it stands, not the equal card that stood for it.
    chosen = prior if verdict in ("agrees", "kept") and prior is not None else action(best)
    return Decision(
        action=chosen,
        value=float(means[order[0]]),
        deals=len(table),
        best_share=int(best_counts[order[0]]),
        runner_up=action(runner) if runner is not None else None,
        runner_value=float(means[order[1]]) if runner is not None else 0.0,
        prior=prior if prior_code is not None else None,
        verdict=verdict,
        gain=gain,
    )
