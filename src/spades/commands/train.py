"""``spades train-playouts``: fit the learned playout player's weights from a seed (see :mod:`spades.search.train`).

``spades train-playouts --seed 1 --out src/spades/search/playouts.json`` remakes the shipped file: the data and
the fit are seeded, so the same arguments give the same weights (to the last digits, which another machine's
linear algebra library may sum in another order).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from ..language import _
from ..rules import Rules

HANDS = 8_000
STEPS = 800


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "train-playouts", help=_("fit the learned playout player's weights from a seed"),
        description=_("Deal and play hands by the search's playout rules, value every legal card of the last tricks "
                      "exactly (the kernel's solver, every hand open), and fit the learned playout player to those "
                      "values; say the gain per decision on held-out positions and write the weights file."))
    parser.add_argument("--seed", type=int, default=1, help=_("the seed of the data and of the fit (default 1)"))
    parser.add_argument("--hands", type=int, default=HANDS,
                        help=_("hands played for the data (default {hands})", hands=HANDS))
    parser.add_argument("--steps", type=int, default=STEPS,
                        help=_("gradient steps of the fit (default {steps})", steps=STEPS))
    parser.add_argument("--out", type=Path, help=_("the weights file to write (default: only say the figures)"))
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..search.learned import LEARNED_TRICKS
    from ..search.train import fit as fit_weights
    from ..search.train import make_data
    from ..search.weights import weights_json

    if min(args.hands, args.steps) < 1:
        print("spades train-playouts: " + _("--hands and --steps must be at least 1"), file=sys.stderr)
        return 2
    start = time.perf_counter()
    data = make_data(Rules(), args.seed, args.hands)
    fitting, held = data.split(0.2)
    print(f"{data.positions} positions from {args.hands} hands in {time.perf_counter() - start:.0f} s; fitting on "
          f"{fitting.positions}, {held.positions} held out.", flush=True)

    def say(step: int, gain: float, held_gain: float) -> None:
        print(f"step {step}: {gain:+.3f} points a decision over the rules' card on the fitting positions, "
              f"{held_gain:+.3f} held out", flush=True)

    result = fit_weights(fitting, held, args.seed, args.steps, say=say)
    print(f"Held out: {result.held_gain:+.3f} points a decision over the rules' card (the solver's best card: "
          f"{result.best:+.3f}); {time.perf_counter() - start:.0f} s in all.")
    if args.out is not None:
        made_by = {"command": f"spades train-playouts --seed {args.seed} --hands {args.hands} --steps {args.steps}",
                   "positions": data.positions, "held_out_gain": round(result.held_gain, 3),
                   "solver_gain": round(result.best, 3), "learned_tricks": LEARNED_TRICKS}
        args.out.write_text(weights_json(result.weights, made_by), encoding="utf-8")
        print(f"Wrote {args.out}.")
    return 0
