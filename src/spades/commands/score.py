"""``spades score``: the scorepad for a game played with real cards."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..paths import data_dir
from ..table.saves import set_aside
from ..table.scorepad import PadError, Scorepad, run_pad, totals_line
from .options import add_rules_arguments, rules_from_args

PAD_NAME = "scorepad.json"


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "score", help="keep the score of a game played with real cards",
        description="A scorepad: enter each hand's bids and tricks (and a renege); the score is kept by the "
                    "rules of the chosen variant, saved as it goes.")
    add_rules_arguments(parser)
    parser.add_argument("--target", type=int, help="points that end the game (default 500)")
    parser.add_argument("--resume", action="store_true", help="continue the scorepad in progress")
    parser.add_argument("--new", action="store_true", help="start a new scorepad even when one is in progress")
    parser.add_argument("--file", type=Path, help=f"the scorepad file (default {PAD_NAME} in the data directory)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    path: Path = args.file or data_dir() / PAD_NAME
    pad = None
    if path.exists() and not args.new:
        resume = args.resume
        if not resume:
            print(f"A scorepad is in progress{pad_summary(path)}. Continue it? y or n.", flush=True)
            resume = sys.stdin.readline().strip().lower() in ("y", "yes")
        if resume:
            try:
                pad = Scorepad.load(path)
            except PadError as error:
                kept = set_aside(path)
                print(f"The scorepad cannot be used: {error}. It was kept as {kept}; a new one starts.", flush=True)
    elif args.resume:
        print("There is no scorepad in progress; a new one starts.", flush=True)
    if pad is None:
        extra: dict[str, Any] = {"target": args.target}
        pad = Scorepad(rules_from_args(args, **extra))
    return run_pad(pad, path, sys.stdin, sys.stdout)


def pad_summary(path: Path) -> str:
    """Which scorepad is in progress, said before asking to continue it: ": whiz; totals after 2 hands: ...", or
    nothing for one that cannot be read (which is said, and kept aside, on y)."""
    try:
        pad = Scorepad.load(path)
    except PadError:
        return ""
    totals = totals_line(pad).rstrip(".")
    return f": {pad.rules.variant.replace('_', '-')}; {totals[:1].lower()}{totals[1:]}"
