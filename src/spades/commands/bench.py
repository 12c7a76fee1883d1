"""``spades bench TARGET``: measure speed; each target is a module of :mod:`spades.benchmarks`."""

from __future__ import annotations

import argparse
import json

from ..benchmarks import targets


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    found = targets()
    lines = "\n".join(f"  {name:<10} {getattr(module, 'HELP', '')}" for name, module in found.items())
    parser = subparsers.add_parser(
        "bench",
        help="measure the speed of the engine or the search kernel",
        description="Measure speed. Targets:\n" + lines,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("target", choices=sorted(found), metavar="TARGET", help="what to measure: " +
                        ", ".join(sorted(found)))
    parser.add_argument("--seconds", type=float, default=5.0, metavar="S",
                        help="how long to measure each figure (default 5)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON instead of text")
    parser.set_defaults(func=handle)


def handle(args: argparse.Namespace) -> int:
    from ..cli import CommandError

    if args.seconds <= 0:
        raise CommandError(f"--seconds must be positive, not {args.seconds}")
    module = targets()[args.target]
    result = module.run(args.seconds)
    if args.json:
        print(json.dumps(result, indent=2, sort_keys=True))
    else:
        print(module.report(result))
    return 0
