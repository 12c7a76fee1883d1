"""``spades bench env``: environment steps a second for a learner, beside OpenSpiel's Python environment.

A step is one action of one seat followed by the next seat's observation and legal actions, what a learning loop
needs. Three loops, each choosing uniformly at random among the legal actions of standard Spades, one hand an
episode (as OpenSpiel's Spades is):

- OpenSpiel: ``open_spiel.python.rl_environment.Environment("spades")``, its ``info_state`` observation (578
  floats) and ``legal_actions`` per step, chance nodes (the deal) taken by the environment itself;
- ``SpadesEnv``: the PettingZoo environment (``last()`` then ``step``), through the engine;
- ``BatchHands``: 1,024 hands stepped at once through the compiled kernel, every game's observation and mask
  written each step (a step of the batch counts as 1,024 environment steps).

They run in alternating rounds in one process and the ratios are taken round by round, so that a machine slowing
down affects all alike. The batch needs the kernel's compiled code: its first compile is done before the rounds.
"""

from __future__ import annotations

import platform
import random
import statistics
import time
from typing import TYPE_CHECKING, Any

from ..language import N_

if TYPE_CHECKING:
    from ..env.batch import BatchHands

NAME = "env"
HELP = N_("environment steps a second (PettingZoo, and a batch through the kernel), beside OpenSpiel's Python env")
SLICE = 0.5  # seconds a loop runs in a round
BATCH = 1024


def openspiel(seconds: float, seed: int) -> float | None:
    """OpenSpiel's rl_environment steps a second, or None when it is not installed (the ``bench`` extra)."""
    try:
        from open_spiel.python import rl_environment
    except ImportError:
        return None
    environment = rl_environment.Environment(
        "spades", chance_event_sampler=rl_environment.ChanceEventSampler(seed=seed))
    choice = random.Random(seed).choice
    steps = 0
    started = time.perf_counter()
    deadline = started + seconds
    while True:
        step = environment.reset()
        while not step.last():
            player = step.observations["current_player"]
            step = environment.step([choice(step.observations["legal_actions"][player])])
            steps += 1
        now = time.perf_counter()
        if now >= deadline:
            return steps / (now - started)


def pettingzoo(seconds: float, seed: int) -> float:
    """``SpadesEnv`` steps a second, a hand an episode."""
    import numpy as np

    from ..env import SpadesEnv

    environment = SpadesEnv(episode="hand", reward="hand")
    rng = np.random.default_rng(seed)
    steps = 0
    started = time.perf_counter()
    deadline = started + seconds
    episode = 0
    while True:
        environment.reset(seed=seed * 100_000 + episode)
        episode += 1
        for _ in environment.agent_iter():
            obs, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            environment.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
        now = time.perf_counter()
        if now >= deadline:
            return steps / (now - started)


def batch(seconds: float, seed: int, hands: BatchHands | None = None) -> float:
    """``BatchHands`` environment steps a second (games x batch steps); ``hands``: a batch made already, so the
    rounds time the steps and not the first load of the compiled code."""
    from ..env.batch import BatchHands

    games = hands if hands is not None else BatchHands(BATCH, seed=seed)
    steps = 0
    started = time.perf_counter()
    deadline = started + seconds
    while True:
        for _ in range(20):
            games.step(games.random_actions())
        steps += 20 * games.games
        now = time.perf_counter()
        if now >= deadline:
            return steps / (now - started)


def run(seconds: float, **_: Any) -> dict[str, Any]:
    from ..env.batch import BatchHands

    started = time.perf_counter()
    hands = BatchHands(BATCH, seed=1)  # compiles (or loads) the batch kernel
    batch(0.1, 1, hands)
    compiled = time.perf_counter() - started
    pettingzoo(0.1, 1)
    rounds = max(3, round(seconds / (3 * SLICE)))
    figures: dict[str, list[float]] = {"openspiel": [], "pettingzoo": [], "batch": []}
    for i in range(rounds):
        theirs = openspiel(SLICE, i + 1)
        if theirs is not None:
            figures["openspiel"].append(theirs)
        figures["pettingzoo"].append(pettingzoo(SLICE, i + 1))
        figures["batch"].append(batch(SLICE, i + 1, hands))
    result: dict[str, Any] = {
        "benchmark": NAME,
        "rounds": rounds,
        "seconds_per_round": SLICE,
        "batch_games": BATCH,
        "batch_first_load_seconds": round(compiled, 2),
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
    for name in ("pettingzoo", "batch", "openspiel"):
        rates = figures[name]
        if rates:
            result[f"{name}_steps_per_second"] = round(statistics.median(rates), 1)
            result[f"{name}_min"] = round(min(rates), 1)
            result[f"{name}_max"] = round(max(rates), 1)
    if figures["openspiel"]:
        for name in ("pettingzoo", "batch"):
            ratios = [mine / theirs for mine, theirs in zip(figures[name], figures["openspiel"], strict=True)]
            result[f"{name}_ratio"] = round(statistics.median(ratios), 3)
            result[f"{name}_ratio_min"] = round(min(ratios), 3)
            result[f"{name}_ratio_max"] = round(max(ratios), 3)
    return result


def report(result: dict[str, Any]) -> str:
    lines = [
        f"environment steps a second, standard, a hand an episode, random legal actions; {result['rounds']} "
        f"alternating rounds of {result['seconds_per_round']:.2f} s each (Python {result['python']}, "
        f"{result['machine']})",
        f"  SpadesEnv (PettingZoo, the engine):    {result['pettingzoo_steps_per_second']:>12,.0f} steps/s (median)",
        f"  BatchHands ({result['batch_games']:,} hands, the kernel): {result['batch_steps_per_second']:>11,.0f} "
        f"steps/s (median; first load {result['batch_first_load_seconds']:.1f} s)",
    ]
    if "openspiel_steps_per_second" in result:
        lines.append(f"  OpenSpiel rl_environment (spades):     {result['openspiel_steps_per_second']:>12,.0f} "
                     "steps/s (median)")
        for name, label in (("pettingzoo", "SpadesEnv"), ("batch", "BatchHands")):
            lines.append(f"  {label} / OpenSpiel: {result[f'{name}_ratio']:.2f} (median of the rounds' ratios; "
                         f"from {result[f'{name}_ratio_min']:.2f} to {result[f'{name}_ratio_max']:.2f})")
    else:
        lines.append("  OpenSpiel is not installed: pip install -e '.[bench]' to measure it beside ours")
    return "\n".join(lines)
