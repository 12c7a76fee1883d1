"""Shared command-line pieces: the variant and ``--option k=v`` that every game-starting command takes, and a seat
as the commands that choose one read it."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any

from ..errors import nearest
from ..rules import OPTION_HELP, VARIANTS, Rules, RulesError, unknown_name
from ..seats import seat_letters, seat_name

STRENGTH = ("random", "easy", "normal", "hard")


def one_of(kind: str, names: Sequence[str]) -> Callable[[str], str]:
    """An argparse ``type`` for a closed list, refusing a wrong word in one line that names the choices
    (``'foo' is not a variant; choose standard, whiz, ...``)."""

    def check(text: str) -> str:
        if text not in names:
            near = nearest(text, names)
            guess = f" (did you mean {near!r}?)" if near else ""
            raise argparse.ArgumentTypeError(f"{text!r} is not {kind}{guess}; choose {', '.join(names)}")
        return text

    return check


def level_names() -> tuple[str, ...]:
    """The computer players' levels, weakest first, for help texts and refusals."""
    from ..bots import available_levels

    rank = {level: index for index, level in enumerate(STRENGTH)}
    return tuple(sorted(available_levels(), key=lambda level: (rank.get(level, len(STRENGTH)), level)))


def seat_named(text: str, players: int) -> int | None:
    """The seat ``text`` names at a table of ``players``: its letters or its name, in any case (``sw``,
    ``Southwest``), as --bots and --seat take them; None if it names none."""
    key = text.strip().upper()
    for seat, letters in enumerate(seat_letters(players)):
        if key in (letters.upper(), seat_name(seat, players).upper()):
            return seat
    return None


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", default="standard", type=one_of("a variant", VARIANTS), choices=VARIANTS,
                        help="which Spades (default standard)")
    parser.add_argument("--option", "-o", action="append", default=[], metavar="K=V",
                        help="a rule option, such as target=300 or blind_nil=true (repeatable); "
                             "`spades rules` lists them")


def parse_value(text: str) -> Any:
    lowered = text.strip().lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    if lowered in ("none", "null", "off"):
        return None
    try:
        return int(lowered)
    except ValueError:
        return text.strip()


def parse_options(pairs: list[str]) -> dict[str, Any]:
    from ..cli import CommandError

    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise CommandError(f"option {pair!r} is not of the form name=value")
        if key not in OPTION_HELP:
            raise CommandError(unknown_name("option", key, OPTION_HELP))
        parsed = parse_value(value)
        if key == "lose_at" and parsed is False:
            parsed = None  # "off" means no lose_at, not a score of False
        options[key] = parsed
    return options


def rules_from_args(args: argparse.Namespace, **extra: Any) -> Rules:
    from ..cli import CommandError

    options = parse_options(args.option)
    options.update({k: v for k, v in extra.items() if v is not None})
    try:
        return Rules.preset(args.variant, **options)
    except RulesError as error:
        raise CommandError(str(error)) from None
