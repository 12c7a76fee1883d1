"""How many sampled deals a ``hard`` decision reaches in a given time on this machine.

``hard`` plays all four seats of one-hand standard games at ``think`` seconds a decision (default 0.1) for about
``SECONDS`` (default 120), and every search decision but the process's first is counted: the deal budget that
matches a time budget here (``--think 400i`` in the arena is chosen from it, see docs/benchmarks.md).

    python scripts/deals_per_decision.py [SECONDS] [THINK]
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

import spades.search.search as search
from spades import Game, Rules
from spades.bots import make_bot


def main(seconds: float, think: float) -> None:
    deals: list[int] = []
    choose = search.choose

    def counted(*args: Any, **kwargs: Any) -> search.Decision:
        decision = choose(*args, **kwargs)
        deals.append(decision.deals)
        return decision

    search.choose = counted  # the hard player looks the search's choose up at each decision
    bots = [make_bot("hard", seed=f"deals:{seat}", think=think) for seat in range(4)]
    start = time.time()
    hands = 0
    while time.time() - start < seconds:
        game = Game(Rules(hands=1), f"deals-per-decision:{hands}")
        hands += 1
        while not game.over:
            game.apply(bots[game.turn].act(game.view(game.turn)))
    counts = deals[1:]  # the first decision of the process also loads the compiled search
    if len(counts) < 2:
        raise SystemExit("too few decisions: give more seconds")
    tenths = statistics.quantiles(counts, n=10)
    print(f"{len(counts)} search decisions at {think} s over {hands} hands: median {statistics.median(counts):.0f} "
          f"sampled deals, 10th percentile {tenths[0]:.0f}, 90th {tenths[-1]:.0f}")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 120.0, float(sys.argv[2]) if len(sys.argv) > 2 else 0.1)
