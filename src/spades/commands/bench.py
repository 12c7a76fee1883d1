"""``spades bench TARGET``: measure speed; each target is a module of :mod:`spades.benchmarks`."""

from __future__ import annotations

import argparse
import json

from ..benchmarks import targets
from ..language import _


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    found = targets()
    lines = "\n".join(f"  {name:<10} {target_help(module)}" for name, module in found.items())
    parser = subparsers.add_parser(
        "bench",
        help=_("measure speed: the engine, the search kernel, the hard player, the online room"),
        description=_("Measure speed. Targets:") + "\n" + lines,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("target", choices=sorted(found), metavar="TARGET",
                        help=_("what to measure: {targets}", targets=", ".join(sorted(found))))
    parser.add_argument("--seconds", type=float, default=None, metavar="S",
                        help=_("how long to measure each figure (default 5; room: 20)"))
    parser.add_argument("--json", action="store_true", help=_("print the figures as JSON instead of text"))
    for module in found.values():  # a target's own options, passed to its run() when given
        add_arguments = getattr(module, "add_arguments", None)
        if callable(add_arguments):
            add_arguments(parser)
    parser.set_defaults(func=handle)


def target_help(module: object) -> str:
    """A target's line of help (its module's ``HELP``, marked for the catalogue there), in the language in force."""
    text = getattr(module, "HELP", "")
    return _(text) if text else ""


def handle(args: argparse.Namespace) -> int:
    from ..cli import CommandError

    module = targets()[args.target]
    seconds = getattr(module, "DEFAULT_SECONDS", 5.0) if args.seconds is None else args.seconds
    if seconds <= 0:
        raise CommandError(_("--seconds must be positive, not {seconds}", seconds=seconds))
    given = {name: value for name, value in vars(args).items()
             if name not in ("target", "seconds", "json", "func", "command") and value is not None}
    result = module.run(seconds, **given)
    if args.json:
        print(json.dumps(result, indent=2, sort_keys=True))
    else:
        print(module.report(result))
    return 0
