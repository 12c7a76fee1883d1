"""Count how often the search player leaves the rule player's card although its own guard would keep it.

The search keeps one card of each run of equal cards (the highest). When the rule player's choice is a lower card
of such a run, the guard that lets the search overrule it only by a clear margin must still apply, through the
card that stands for the run. For every card decision of ``hard`` (at a deal budget) in a few deals against
``normal``, this runs the search as the player does (rule card given as is) and once more on the same sampled deals
with the top of the rule card's run given instead, and counts:

- ``lower``: decisions whose rule card is a lower card of a run (not itself a candidate of the search);
- ``left``: decisions where the player's card is outside the rule card's run;
- ``skipped``: of those, the ones where the guard, given the run's top, keeps the rule card's run.

Usage: ``PYTHONPATH=src python scripts/prior_guard.py [DEALS] [BUDGET]`` (default 20 deals at ``20i``).
"""

from __future__ import annotations

import sys

from spades import Card, Game, Rules
from spades.bots import bot_seed, make_bot
from spades.bots.normal import NormalBot
from spades.cards import CARDS
from spades.game import Phase
from spades.search.search import Budget, _distinct, choose


def main(deals: int = 20, think: str = "20i") -> None:
    budget = Budget.parse(think, 0.4)
    counts = {"decisions": 0, "lower": 0, "left": 0, "skipped": 0}
    for d in range(deals):
        seed = f"guard:{d}"
        game = Game(Rules.preset("standard", hands=1), seed)
        hard = [make_bot("hard", seed=bot_seed(seed, "p", s), think=think) for s in range(4)]
        normal = NormalBot(seed=seed)
        while not game.over:
            seat = game.turn
            view = game.view(seat)
            if seat % 2 or game.phase is not Phase.PLAY or len(view.legal) == 1:
                game.apply(normal.act(view) if seat % 2 else hard[seat].act(view))
                continue
            bot = hard[seat]
            prior = normal.hint(view).action
            assert isinstance(prior, Card)
            candidates = [int(c) for c in _distinct(view, view.legal)]
            top = min(c for c in candidates if c // 13 == prior // 13 and c >= prior)
            run = range(int(prior), top + 1)
            played = choose(view, budget, bot.decision_rng(view), prior).action
            guarded = choose(view, budget, bot.decision_rng(view), CARDS[top]).action
            assert isinstance(played, Card) and isinstance(guarded, Card)
            counts["decisions"] += 1
            counts["lower"] += top != prior
            if int(played) not in run:
                counts["left"] += 1
                counts["skipped"] += int(guarded) in run
            game.apply(played)
    print(" ".join(f"{k}={v}" for k, v in counts.items()))


if __name__ == "__main__":
    main(*(int(a) if i == 0 else a for i, a in enumerate(sys.argv[1:])))  # type: ignore[arg-type]
