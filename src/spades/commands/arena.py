"""``spades arena A B``: a duplicate match between two bot levels, with the margin and its interval."""

from __future__ import annotations

import argparse
import json
import sys

from ..language import _
from .options import add_rules_arguments, level_names, named, rules_from_args, unknown_level


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "arena", help=_("play two bot levels against each other in duplicate and report the margin"),
        description=_("Play two bot levels against each other in duplicate and report the margin per deal with its "
                      "95% interval. Each deal is played with the same cards once per lineup (A at North-South, then "
                      "at East-West; teams of three: each team; solo tables: A at each seat in turn; three "
                      "partnerships: A at each, then at each two), so the margin measures skill, not cards. With "
                      "--bids LEVEL every seat bids as LEVEL, so only card play differs."))
    parser.add_argument("a", metavar="BOT_A", help=_("the level measured: {levels}, or policy:FILE, a policy network "
                                                     "trained on spades.env", levels=", ".join(level_names())))
    parser.add_argument("b", metavar="BOT_B", help=_("the level it is measured against (a level, or policy:FILE)"))
    add_rules_arguments(parser)
    parser.add_argument("--deals", type=int, default=200,
                        help=_("deals to play, each once per lineup (default 200)"))
    parser.add_argument("--seed", default="1", help=_("seed of the deals and the bots (default 1)"))
    parser.add_argument("--think", default=None, metavar="T",
                        help=_("thinking budget per decision: seconds (0.1), or sampled deals (200i), which gives the "
                               "same figures on any machine and with any --jobs"))
    parser.add_argument("--bids", default=None, metavar="LEVEL",
                        help=_("every seat bids (and makes its draw and Blind Nil choices) as LEVEL, so only card "
                               "play differs; blocks of one hand unless --block says otherwise"))
    parser.add_argument("--jobs", type=int, default=1,
                        help=_("worker processes (default 1); with --ray auto starting a Ray, its CPUs"))
    parser.add_argument("--ray", default=None, metavar="ADDRESS",
                        help=_("run the deals on the Ray cluster at ADDRESS, or 'auto': the Ray on this machine, or "
                               "one started for the match (needs the ray extra: pip install 'spades[ray]')"))
    parser.add_argument("--games", type=int, default=None,
                        help=_("seeds played as whole games to the target, once per lineup (default: deals/20)"))
    parser.add_argument("--block", type=int, default=None,
                        help=_("consecutive hands played as one unit, scores and bags carried (default 10; 1 with "
                               "--bids)"))
    parser.add_argument("--json", action="store_true", help=_("print the report as JSON, with no progress bar"))
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..arena import read_think, run_arena
    from ..bots import available_levels
    from ..bots.base import POLICY_PREFIX
    from ..cli import CommandError
    from ..errors import SpadesError

    levels = available_levels()
    for dest, what in (("a", ""), ("b", ""), ("bids", "--bids: ")):
        # (a policy file is read by run_arena, which makes every player once before any deal: a bad one is said)
        level = getattr(args, dest)
        if level is not None and not level.startswith(POLICY_PREFIX):
            found = named(level, levels)
            if found is None:
                said = _("{levels}, or {prefix}FILE (a policy network: docs/env.md)", levels=", ".join(levels),
                         prefix=POLICY_PREFIX)
                raise CommandError(unknown_level(level, levels, said, what))
            setattr(args, dest, found)
    if args.deals < 1:
        raise CommandError(_("{option} must be at least 1, not {value}", option="--deals", value=args.deals))
    if args.jobs < 1:
        raise CommandError(_("{option} must be at least 1, not {value}", option="--jobs", value=args.jobs))
    if args.block is not None and args.block < 1:
        raise CommandError(_("{option} must be at least 1, not {value}", option="--block", value=args.block))
    if args.games is not None and args.games < 0:
        raise CommandError(_("{option} must not be negative, not {value}", option="--games", value=args.games))
    try:
        think = read_think(args.think)
    except SpadesError as error:
        raise CommandError(str(error)) from None
    rules = rules_from_args(args)
    progress = None
    if not args.json and sys.stderr.isatty():
        from tqdm import tqdm

        def progress(total: int) -> tqdm:
            return tqdm(total=total, unit="task", file=sys.stderr, desc=f"{args.a} v {args.b}")

    try:
        report = run_arena(args.a, args.b, rules, deals=args.deals, seed=args.seed, think=think, jobs=args.jobs,
                           games=args.games, block=args.block, bids=args.bids, ray=args.ray, progress=progress)
    except SpadesError as error:  # Ray missing, out of reach, or running other code
        raise CommandError(str(error)) from None
    if args.json:
        print(json.dumps(report.to_dict(), indent=2))
    else:
        print(report.text())
    return 0
