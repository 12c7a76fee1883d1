"""``spades score``: the scorepad for a game played with real cards."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..language import _
from ..paths import data_dir
from ..table.saves import set_aside
from ..table.scorepad import PadError, Scorepad, run_pad, totals_line
from .options import add_language_argument, add_rules_arguments, rules_from_args

PAD_NAME = "scorepad.json"


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "score", help=_("keep the score of a game played with real cards"),
        description=_("A scorepad: enter each hand's bids and tricks (and a renege); the score is kept by the rules "
                      "of the chosen variant, saved as it goes."))
    add_rules_arguments(parser)
    add_language_argument(parser)
    parser.add_argument("--target", type=int, help=_("points that end the game (default 500)"))
    parser.add_argument("--resume", action="store_true", help=_("continue the scorepad in progress"))
    parser.add_argument("--new", action="store_true", help=_("start a new scorepad even when one is in progress"))
    parser.add_argument("--file", type=Path,
                        help=_("the scorepad file (default {name} in the data directory)", name=PAD_NAME))
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    path: Path = args.file or data_dir() / PAD_NAME
    pad = None
    if path.exists() and not args.new:
        resume = args.resume
        if not resume:
            print(in_progress_question(path), flush=True)
            resume = sys.stdin.readline().strip().lower() in ("y", "yes")
        if resume:
            try:
                pad = Scorepad.load(path)
            except PadError as error:
                kept = set_aside(path)
                print(_("The scorepad cannot be used: {problem}. It was kept as {path}; a new one starts.",
                        problem=error, path=kept), flush=True)
    elif args.resume:
        print(_("There is no scorepad in progress; a new one starts."), flush=True)
    if pad is None:
        extra: dict[str, Any] = {"target": args.target}
        pad = Scorepad(rules_from_args(args, **extra))
    return run_pad(pad, path, sys.stdin, sys.stdout)


def in_progress_question(path: Path) -> str:
    """The question before a scorepad in progress is continued, with which one it is ("A scorepad is in progress:
    whiz; totals after 2 hands: .... Continue it? y or n."), or without for one that cannot be read (which is said,
    and kept aside, on y)."""
    try:
        pad = Scorepad.load(path)
    except PadError:
        return _("A scorepad is in progress. Continue it? y or n.")
    totals = totals_line(pad).rstrip(".")
    totals = totals[:1].lower() + totals[1:]
    # Translators: {totals} is the pad's totals as a clause ("totals after 2 hands: ..."), said after the variant.
    return _("A scorepad is in progress: {variant}; {totals}. Continue it? y or n.",
             variant=pad.rules.variant.replace("_", "-"), totals=totals)
