"""One decision of the search player: sample deals, evaluate the candidates within the budget, choose.

The budget is either seconds (the deals evaluated depend on the machine's speed, so the choice may differ from
run to run) or a number of sampled deals (the same view and seed always give the same choice).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

import numpy as np

from ..actions import BIDS, Action, Bid
from ..cards import CARDS, Card
from ..errors import BudgetError
from ..kernel.bridge import rules_array, state_from_view
from ..kernel.layout import STATE_SIZE
from ..view import Phase, SeatView
from .pimc import evaluate_bids, evaluate_cards
from .reward import reward_params
from .sampler import Sampler

__all__ = ["Budget", "Decision", "choose"]

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
                    raise BudgetError(f"think {think!r}: at least one deal")
                return cls(deals=deals)
            try:
                think = float(text.rstrip("s"))
            except ValueError:
                raise BudgetError(f"think {think!r} is not seconds (0.5) or sampled deals (200i)") from None
        if think < 0:
            raise BudgetError(f"think {think!r} must not be negative")
        return cls(seconds=float(think))


@dataclass(frozen=True)
class Decision:
    """The search's choice and what it rests on, for the hint's reason (not an action: see ``actions.Choice``)."""

    action: Action
    value: float  # mean reward, points of score difference
    deals: int
    best_share: int  # deals in which this action was (one of) the best
    runner_up: Action | None
    runner_value: float


def _distinct(view: SeatView, legal: tuple[Action, ...]) -> list[Card]:
    """Legal cards less those that play exactly like a higher one in the same hand (nothing left between)."""
    gone = 0
    for trick in view.tricks:
        for card in trick.cards:
            gone |= 1 << card
    hand = int(view.hand or 0)
    cards = [c for c in legal if isinstance(c, Card)]
    legal_mask = sum(1 << c for c in cards)
    out = []
    for card in cards:
        keep = True
        if card % 13 != 12:
            top = (card // 13) * 13 + 12
            nxt = card + 1
            while nxt <= top and gone >> nxt & 1:
                nxt += 1
            if nxt <= top and hand >> nxt & 1 and legal_mask >> nxt & 1:
                keep = False
        if keep:
            out.append(card)
    return out


def choose(view: SeatView, budget: Budget, rng: random.Random, prior: Action | None = None) -> Decision:
    """The search's choice for the seat to move in ``view`` (a bid or a card)."""
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
    sampler = Sampler.from_view(view)
    solve_tricks = SOLVE_TRICKS
    target = budget.deals
    if not sampler.free and not bidding and 13 - len(view.tricks) <= SOLVE_TRICKS_KNOWN + 1:
        # nothing is hidden and the ending is short: one exact solution says it all
        solve_tricks = SOLVE_TRICKS_KNOWN
        target = 1
    r = rules_array(rules)
    p = reward_params(view)
    rows: list[np.ndarray] = []
    done = 0
    while True:
        batch = BATCH if target is None else min(BATCH, target - done)
        if batch <= 0:
            break
        hands = sampler.deals(rng, batch)
        states = np.empty((batch, STATE_SIZE), dtype=np.int64)
        for i, h in enumerate(hands):
            states[i] = state_from_view(view, h)
        seed = rng.getrandbits(62)
        if bidding:
            values = evaluate_bids(states, r, p, mask, ROLLOUTS, seed, NOISE)
        else:
            values = evaluate_cards(states, r, p, mask, ROLLOUTS, seed, NOISE, solve_tricks)
        rows.append(values[:, candidates])
        done += batch
        if target is None and time.perf_counter() - start >= budget.seconds:
            break
    table = np.vstack(rows)  # deals x candidates
    means = table.mean(axis=0)
    scores = means.copy()
    if not bidding:
        scores -= np.array([(c % 13) * 0.01 for c in candidates])  # equal values: keep the high cards
    order = [int(i) for i in np.argsort(-scores, kind="stable")]
    # The rule player's choice stands unless the search finds a real gain over it: a margin beyond the noise
    # of the sampled deals (the values are paired deal by deal, so the noise is that of the difference).
    prior_code = prior.value if isinstance(prior, Bid) and not prior.blind else (
        int(prior) if isinstance(prior, Card) else None)
    if prior_code is not None and prior_code in candidates and candidates[order[0]] != prior_code:
        i = candidates.index(prior_code)
        gain = table[:, order[0]] - table[:, i]
        noise = gain.std(ddof=1) / np.sqrt(len(gain)) if len(gain) > 1 else np.inf
        if gain.mean() < PRIOR_MARGIN + PRIOR_SIGMAS * noise:
            order.remove(i)
            order.insert(0, i)
    best = candidates[order[0]]
    runner = candidates[order[1]] if len(candidates) > 1 else None
    top = table.max(axis=1, keepdims=True)
    best_counts = (table >= top - 1e-9).sum(axis=0)

    def action(code: int) -> Action:
        return BIDS[code] if bidding else CARDS[code]

    return Decision(
        action=action(best),
        value=float(means[order[0]]),
        deals=done,
        best_share=int(best_counts[order[0]]),
        runner_up=action(runner) if runner is not None else None,
        runner_value=float(means[order[1]]) if runner is not None else 0.0,
    )
