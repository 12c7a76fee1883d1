"""``spades bench coach``: how long the coach's review of one hand takes at its default budget, on one core.

Hands of every preset are played in turn by the normal player, the reviewed seat (South) playing one card in four
at random so that the coach has mistakes to weigh, and each hand's review is timed. The first review of the
process is reported apart: it loads the compiled search from the cache (or compiles it, the first time).
``--seconds`` bounds the run: hands are reviewed until it is spent, at least one of each preset.
"""

from __future__ import annotations

import platform
import random
import statistics
import time
from typing import Any

from ..bots import bot_seed, make_bot
from ..game import Game
from ..language import N_
from ..rules import VARIANTS, Rules

NAME = "coach"
HELP = N_("the coach's review of one hand at its default budget, per preset (median and worst)")


def played_hand(variant: str, seed: str) -> tuple[Game, int]:
    """One hand of ``variant`` by the normal player, South taking a random card one time in four."""
    rules = Rules.preset(variant, hands=1)
    south = 1 if rules.players == 2 else 2
    game = Game(rules, seed)
    bots = [make_bot("normal", seed=bot_seed(seed, "bench", s)) for s in range(rules.players)]
    rng = random.Random(seed)
    while not game.over:
        view = game.view(game.turn)
        action = bots[game.turn].act(view)
        if game.turn == south and view.phase == "play" and rng.random() < 0.25:
            action = rng.choice(view.legal)
        game.apply(action)
    return game, south


def run(seconds: float, seed: int = 1, **_: Any) -> dict[str, Any]:
    from ..coach import DEALS, review_hand

    times: dict[str, list[float]] = {variant: [] for variant in VARIANTS}
    first = None
    hands = 0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or hands < len(VARIANTS):
        variant = VARIANTS[hands % len(VARIANTS)]
        game, south = played_hand(variant, f"{seed}:{hands}")
        start = time.perf_counter()
        review_hand(game, 1, south)
        spent = time.perf_counter() - start
        if first is None:
            first = spent
        else:
            times[variant].append(spent)
        hands += 1
    every = [t for ts in times.values() for t in ts]
    return {
        "benchmark": NAME,
        "deals": DEALS,
        "hands": hands,
        "first_review": first,
        "median": statistics.median(every) if every else 0.0,
        "worst": max(every) if every else 0.0,
        "presets": {v: {"hands": len(ts), "median": statistics.median(ts), "worst": max(ts)}
                    for v, ts in times.items() if ts},
        "python": platform.python_version(),
        "machine": platform.machine(),
    }


def report(result: dict[str, Any]) -> str:
    lines = [
        f"the coach at its default budget ({result['deals']} sampled deals a choice), {result['hands']} hands "
        f"(Python {result['python']}, {result['machine']})",
        f"  first review (loads the compiled search): {result['first_review']:.2f} s",
        f"  a hand's review: median {result['median']:.2f} s, worst {result['worst']:.2f} s",
    ]
    for variant, figures in result["presets"].items():
        lines.append(f"  {variant}: {figures['hands']} hands, median {figures['median']:.2f} s, "
                     f"worst {figures['worst']:.2f} s")
    return "\n".join(lines)
