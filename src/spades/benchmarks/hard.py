"""``spades bench hard``: how long the hard player takes to decide at its default budget, on one core.

Hands of ``standard`` are played with ``hard`` in every seat at the default thinking budget, one process, and every
decision is timed (the draw and single-legal moves included, as a player waits for them too). The first decision
of the process is reported apart: it loads the compiled kernel from the cache (or compiles it, the first time).
``--seconds`` bounds the run: hands are played until it is spent.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from typing import Any

from ..bots import make_bot
from ..game import Game
from ..language import N_, _
from ..rules import Rules

NAME = "hard"
HELP = N_("decision times of the hard player at its default budget (median, 90th percentile, worst)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--level", choices=("hard", "hard-learned", "hard-model"),
                        help=_("hard: the level timed (default hard; hard-learned: its playouts by the learned "
                               "player; hard-model: its deals weighted by the model of players)"))


def run(seconds: float, seed: int = 1, level: str = "hard", **_: Any) -> dict[str, Any]:
    from ..bots.hard import DEFAULT_THINK

    rules = Rules.preset("standard", hands=1)
    bots = [make_bot(level, seed=s) for s in range(4)]
    times: list[float] = []
    searched: list[float] = []
    first = None
    hands = 0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or hands == 0:
        game = Game(rules, seed=f"{seed}:{hands}")
        while not game.over:
            view = game.view(game.turn)
            start = time.perf_counter()
            action = bots[game.turn].act(view)
            spent = time.perf_counter() - start
            if first is None:
                first = spent
            else:
                times.append(spent)
                if len(view.legal) > 1:
                    searched.append(spent)
            game.apply(action)
        hands += 1
    ordered = sorted(times)
    return {
        "benchmark": NAME,
        "level": level,
        "default_think": DEFAULT_THINK,
        "hands": hands,
        "decisions": len(times),
        "first_decision": first,
        "median": statistics.median(times),
        "median_searched": statistics.median(searched) if searched else 0.0,
        "p90": ordered[int(0.9 * (len(ordered) - 1))],
        "worst": ordered[-1],
        "python": platform.python_version(),
        "machine": platform.machine(),
    }


def report(result: dict[str, Any]) -> str:
    return "\n".join([
        f"{result.get('level', 'hard')} at its default budget ({result['default_think']} s), {result['hands']} hands "
        f"of standard, {result['decisions']} decisions (Python {result['python']}, {result['machine']})",
        f"  first decision (loads the compiled kernel): {result['first_decision']:.2f} s",
        f"  median {result['median']:.3f} s (decisions with a choice: {result['median_searched']:.3f} s), "
        f"90th percentile {result['p90']:.3f} s, worst {result['worst']:.3f} s",
    ])
