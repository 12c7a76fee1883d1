"""``spades bench search``: the search kernel's random playouts a second beside OpenSpiel's C++ loop.

A playout is a whole random hand (deal, a random legal bid from each seat, 52 random legal cards, the score),
which is also what one game of OpenSpiel's ``spades`` is; both run on one thread, in alternating slices of the
same run so that a busy machine slows both alike. Also measured: how long the kernel takes to start when it
must compile (an empty numba cache) and when its cache is warm.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

from ..language import N_

NAME = "search"
HELP = N_("random playouts a second: the numba search kernel beside OpenSpiel's C++ loop")
INSTALL_HINT = "pip install 'spades[bench]' (or: pip install open_spiel)"
SLICE = 0.25  # seconds per alternating slice

_START_CODE = """
import json, time
t0 = time.perf_counter()
from spades import Rules
from spades.kernel import random_hands, rules_array
t1 = time.perf_counter()
random_hands(rules_array(Rules.preset({variant!r})), 1, 1)
t2 = time.perf_counter()
print(json.dumps({{"import": t1 - t0, "first_playout": t2 - t1, "total": t2 - t0}}))
"""


def _start_time(variant: str, cache_dir: str) -> dict[str, float]:
    """Import the kernel and play one hand in a fresh interpreter using ``cache_dir`` as numba's cache."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir)
    out = subprocess.run([sys.executable, "-c", _START_CODE.format(variant=variant)], env=env,
                         capture_output=True, text=True, check=True)
    times: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return times


def _openspiel_loop(seed: int) -> tuple[Callable[[int], None], str, int] | None:
    """OpenSpiel's loop: ``play(count)`` plays that many games of ``spades`` with four uniform random bots
    (made once, so the loop is C++ but for one call a game), its version, and its longest game in actions."""
    try:
        import pyspiel
    except ImportError:
        return None
    try:
        from importlib.metadata import version

        found = version("open_spiel")
    except Exception:
        found = "unknown"
    game = pyspiel.load_game("spades")
    evaluate = pyspiel.evaluate_bots
    bots = [pyspiel.make_uniform_random_bot(i, seed * 4 + i) for i in range(4)]
    games = [seed]

    def play(count: int) -> None:
        for _ in range(count):
            games[0] += 1
            evaluate(game.new_initial_state(), bots, games[0])

    return play, found, game.max_game_length()


def _calibrate(step: Callable[[int], None], target: float) -> int:
    """A batch size that takes about ``target`` seconds."""
    count = 1
    while True:
        start = time.perf_counter()
        step(count)
        took = time.perf_counter() - start
        if took >= target / 4 or count >= 1 << 24:
            return max(1, int(count * target / max(took, 1e-9)))
        count *= 4


def run(seconds: float, variant: str = "standard", seed: int = 1, start_times: bool = True,
        **_: Any) -> dict[str, Any]:
    """Measure for about ``seconds`` each: kernel playouts/s and OpenSpiel playouts/s in alternating slices."""
    from ..cli import CommandError
    from ..rules import Rules

    try:
        import numba
    except ImportError:
        raise CommandError("the search kernel needs numba: pip install numba") from None

    result: dict[str, Any] = {
        "variant": variant,
        "seconds": seconds,
        "machine": {"nproc": os.cpu_count(), "python": platform.python_version(), "arch": platform.machine(),
                    "numba": numba.__version__},
    }
    if start_times:
        with tempfile.TemporaryDirectory(prefix="spades-numba-") as cache:
            result["cold_start"] = _start_time(variant, cache)  # empty cache: compiles
            result["warm_start"] = _start_time(variant, cache)  # the cache the first start wrote
    began = time.perf_counter()
    from .. import kernel

    rules = kernel.rules_array(Rules.preset(variant))
    kernel.random_hands(rules, 1, seed)
    result["this_start"] = time.perf_counter() - began

    next_seed = [seed]
    checksum = [0]

    def kernel_step(count: int) -> None:
        next_seed[0] += 1
        checksum[0] += int(kernel.random_hands(rules, count, next_seed[0]).sum())

    found = _openspiel_loop(seed) if variant == "standard" else None
    openspiel_step = None
    if found is not None:
        openspiel_step, result["open_spiel"], result["open_spiel_game_length"] = found

    batches: dict[str, tuple[Callable[[int], None], int]] = {"kernel": (kernel_step, _calibrate(kernel_step, SLICE))}
    if openspiel_step is not None:
        batches["openspiel"] = (openspiel_step, _calibrate(openspiel_step, SLICE))
    checksum[0] = 0  # count only the timed playouts
    done = dict.fromkeys(batches, 0)
    spent = dict.fromkeys(batches, 0.0)
    while min(spent.values()) < seconds:
        for name, (step, count) in batches.items():
            start = time.perf_counter()
            step(count)
            spent[name] += time.perf_counter() - start
            done[name] += count
    result["kernel_playouts"] = done["kernel"]
    result["kernel_per_second"] = done["kernel"] / spent["kernel"]
    result["kernel_mean_points"] = checksum[0] / done["kernel"] / Rules.preset(variant).sides
    if openspiel_step is not None:
        result["openspiel_playouts"] = done["openspiel"]
        result["openspiel_per_second"] = done["openspiel"] / spent["openspiel"]
        result["ratio"] = result["kernel_per_second"] / result["openspiel_per_second"]
    elif variant == "standard":
        result["open_spiel"] = None
    return result


def report(result: dict[str, Any]) -> str:
    lines = [f"bench search: random playouts a second, one thread, {result['variant']} "
             "(a playout: deal, random legal bids, 52 random legal cards, score)"]
    lines.append(f"  spades kernel (numba)   {result['kernel_per_second']:>12,.0f} playouts/s")
    if "openspiel_per_second" in result:
        lines.append(f"  OpenSpiel C++ loop      {result['openspiel_per_second']:>12,.0f} playouts/s"
                     f"   (pyspiel.evaluate_bots, 4 uniform random bots, open_spiel {result['open_spiel']})")
        lines.append(f"  ratio                   {result['ratio']:>12.1f} x")
    elif result["variant"] == "standard":
        lines.append(f"  OpenSpiel is not installed, so there is nothing to compare with: {INSTALL_HINT}")
    else:
        lines.append("  OpenSpiel plays only the standard game; no comparison for this variant")
    if "cold_start" in result:
        cold, warm = result["cold_start"], result["warm_start"]
        lines.append(f"  kernel start, empty cache (compiles): {cold['total']:.2f} s"
                     f" (import {cold['import']:.2f} s, first playout {cold['first_playout']:.2f} s)")
        lines.append(f"  kernel start, warm cache:             {warm['total']:.2f} s"
                     f" (import {warm['import']:.2f} s, first playout {warm['first_playout']:.2f} s)")
    lines.append(f"  kernel start in this run:             {result['this_start']:.2f} s")
    machine = result["machine"]
    lines.append(f"  machine: {machine['nproc']} cpus, {machine['arch']}, Python {machine['python']}, "
                 f"numba {machine['numba']}")
    return "\n".join(lines)
