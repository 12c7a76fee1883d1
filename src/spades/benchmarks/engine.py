"""``spades bench engine``: random full hands through the public API, beside OpenSpiel's ``spades`` in pyspiel.

Both loops are the one a researcher writes first: ``rng.choice(state.legal_actions())`` then apply, with the same
``random.Random`` chooser. A hand is the deal (OpenSpiel deals through 52 chance nodes, we shuffle once), four bids,
52 cards and the scoring. The two are measured in alternating rounds in one process, and the ratio is taken round
by round, so that a machine slowing down affects both alike.
"""

from __future__ import annotations

import platform
import random
import statistics
import time
from typing import Any

from ..game import Game
from ..language import N_
from ..rules import Rules

NAME = "engine"
HELP = N_("random full hands per second through the public API, beside OpenSpiel's spades via pyspiel")
SLICE = 0.25  # seconds per slice: short slices alternate often, so load that comes and goes hits both alike


def ours(seconds: float, seed: int = 1) -> float:
    """Hands per second: a new one-hand game each time, as OpenSpiel's state is one hand."""
    rules = Rules(hands=1)
    rng = random.Random(seed)
    choice = rng.choice
    hands = 0
    started = time.perf_counter()
    deadline = started + seconds
    while True:
        for i in range(50):
            game = Game(rules, seed=seed * 1_000_000 + hands + i)
            legal = game.legal_actions
            apply = game.apply
            while not game.over:
                apply(choice(legal()))
        hands += 50
        now = time.perf_counter()
        if now >= deadline:
            return hands / (now - started)


def openspiel(seconds: float, seed: int = 1) -> float | None:
    """OpenSpiel's hands per second, or None when pyspiel is not installed (the ``bench`` extra)."""
    try:
        import pyspiel
    except ImportError:
        return None
    spades = pyspiel.load_game("spades")
    rng = random.Random(seed)
    choice = rng.choice
    hands = 0
    started = time.perf_counter()
    deadline = started + seconds
    while True:
        for _ in range(50):
            state = spades.new_initial_state()
            while not state.is_terminal():
                state.apply_action(choice(state.legal_actions()))
        hands += 50
        now = time.perf_counter()
        if now >= deadline:
            return hands / (now - started)


def run(seconds: float, **_: Any) -> dict[str, Any]:
    rounds = max(4, round(seconds / (2 * SLICE)))
    per_round = SLICE
    ours_rates: list[float] = []
    theirs_rates: list[float] = []
    ratios: list[float] = []
    ours(0.2)  # warm up: imports, tables, the allocator
    for i in range(rounds):
        mine = ours(per_round, seed=i + 1)
        ours_rates.append(mine)
        theirs = openspiel(per_round, seed=i + 1)
        if theirs is not None:
            theirs_rates.append(theirs)
            ratios.append(mine / theirs)
    result: dict[str, Any] = {
        "benchmark": NAME,
        "rounds": rounds,
        "seconds_per_round": per_round,
        "ours_hands_per_second": round(statistics.median(ours_rates), 1),
        "ours_min": round(min(ours_rates), 1),
        "ours_max": round(max(ours_rates), 1),
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
    if ratios:
        result.update({
            "openspiel_hands_per_second": round(statistics.median(theirs_rates), 1),
            "openspiel_min": round(min(theirs_rates), 1),
            "openspiel_max": round(max(theirs_rates), 1),
            "ratio": round(statistics.median(ratios), 3),
            "ratio_min": round(min(ratios), 3),
            "ratio_max": round(max(ratios), 3),
        })
    return result


def report(result: dict[str, Any]) -> str:
    lines = [
        f"random full hands through the public API, {result['rounds']} alternating rounds of "
        f"{result['seconds_per_round']:.2f} s each (Python {result['python']}, {result['machine']})",
        f"  spades engine:       {result['ours_hands_per_second']:>10,.0f} hands/s (median)",
    ]
    if "ratio" in result:
        lines.append(f"  OpenSpiel (pyspiel): {result['openspiel_hands_per_second']:>10,.0f} hands/s (median)")
        lines.append(f"  ratio: {result['ratio']:.2f} (median of the rounds' ratios; they ran from "
                     f"{result['ratio_min']:.2f} to {result['ratio_max']:.2f})")
    else:
        lines.append("  OpenSpiel is not installed: pip install -e '.[bench]' to measure it beside ours")
    return "\n".join(lines)
