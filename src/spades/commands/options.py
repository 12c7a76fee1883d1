"""Shared command-line pieces: the variant and ``--option k=v`` that every game-starting command takes, and a seat
as the commands that choose one read it."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any

from ..errors import nearest
from ..rules import OPTION_CHOICES, OPTION_HELP, VARIANTS, Rules, RulesError, unknown_name
from ..seats import seat_letters, seat_name

STRENGTH = ("random", "easy", "normal", "hard")


def named(text: str, names: Sequence[str]) -> str | None:
    """The one of ``names`` that ``text`` is, in any case and with - for _ ("Whiz", "two-player"); None when it is
    none of them, or could be more than one."""
    if text in names:
        return text
    key = _key(text)
    found = [name for name in names if _key(name) == key]
    return found[0] if len(found) == 1 else None


def _key(text: str) -> str:
    return text.strip().casefold().replace("-", "_")


def guess(text: str, names: Sequence[str]) -> str:
    """" (did you mean 'hard'?)" for a misspelt name, or "" when none is near."""
    near = nearest(text.strip(), names)
    return f" (did you mean {near!r}?)" if near else ""


def one_of(kind: str, names: Sequence[str]) -> Callable[[str], str]:
    """An argparse ``type`` for a closed list, taking a name in any case, refusing a wrong word in one line that
    names the choices (``'foo' is not a variant; choose standard, whiz, ...``) and the nearest of them."""

    def check(text: str) -> str:
        found = named(text, names)
        if found is None:
            raise argparse.ArgumentTypeError(f"{text!r} is not {kind}{guess(text, names)}; choose {', '.join(names)}")
        return found

    return check


def level_named(text: str, what: str = "", also: Sequence[str] = ()) -> str:
    """The computer level ``text`` names, in any case ("Hard"), or one of ``also`` (a table's "person"); else a
    CommandError that says the nearest level and every level. ``what`` starts the message ("--bots: ")."""
    from ..cli import CommandError
    from .play import PLANNED

    levels = (*level_names(), *(p for p in PLANNED if p not in level_names()), *also)
    found = named(text, levels)
    if found is None:
        raise CommandError(f"{what}unknown bot level {text.strip()!r}{guess(text, levels)}; the levels are "
                           f"{', '.join((*level_names(), *also))}")
    return found


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


def seat_guess(text: str, players: int) -> str:
    """" (did you mean 'SW'?)" for a misspelt seat of a table of ``players``, or ""."""
    letters = seat_letters(players)
    names = [*letters, *(seat_name(seat, players) for seat in range(players))]
    near = nearest(text.strip(), names)
    if near is None:
        return ""
    return f" (did you mean {letters[names.index(near) % players]!r}?)"


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
        key = named(key, tuple(OPTION_HELP)) or key.strip().replace("-", "_")
        if not sep or not key:
            raise CommandError(f"option {pair!r} is not of the form name=value")
        if key not in OPTION_HELP:
            raise CommandError(unknown_name("option", key, OPTION_HELP))
        parsed = parse_value(value)
        choices = OPTION_CHOICES.get(key)
        if choices is not None and isinstance(parsed, str):
            parsed = named(parsed, choices) or parsed
            if parsed not in choices:
                raise CommandError(f"option {key}: {value.strip()!r} is not one of {', '.join(choices)}"
                                   f"{guess(value, choices)}")
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
