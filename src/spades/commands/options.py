"""Shared command-line pieces: the variant and ``--option k=v`` that every game-starting command takes, and a seat
as the commands that choose one read it."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any

from ..errors import nearest
from ..language import LANGUAGES, N_, NAMES, _
from ..rules import OPTION_CHOICES, OPTION_HELP, VARIANTS, Rules, RulesError, unknown_name
from ..seats import seat_letters, seat_name

STRENGTH = ("random", "easy", "normal", "hard")
# The refusals of the argparse types below, which name their choices: the parser says them as they are, without
# sending the player to --help for the choices (see cli.Parser).
NAMED_CHOICES: set[str] = set()


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


def guess(text: str, names: Sequence[str]) -> str | None:
    """The name a misspelt one was probably meant to be, quoted (``'hard'``), or None when none is near."""
    near = nearest(text.strip(), names)
    return repr(near) if near else None


def kind_words(kind: str) -> str:
    """A list's kind in the language in force ("a variant", "a rating group")."""
    return _(kind)


def not_one_of(text: str, kind: str, names: Sequence[str]) -> str:
    """"'foo' is not a variant (did you mean 'whiz'?); choose standard, whiz, ...": a word not among ``names``."""
    near = guess(text, names)
    if near is not None:
        # Translators: {what} is a kind of thing with its article ("a variant"), {choices} the names to type.
        return _("{value} is not {what} (did you mean {near}?); choose {choices}", value=repr(text),
                 what=kind_words(kind), near=near, choices=", ".join(names))
    return _("{value} is not {what}; choose {choices}", value=repr(text), what=kind_words(kind),
             choices=", ".join(names))


def one_of(kind: str, names: Sequence[str]) -> Callable[[str], str]:
    """An argparse ``type`` for a closed list, taking a name in any case, refusing a wrong word in one line that
    names the choices (``'foo' is not a variant; choose standard, whiz, ...``) and the nearest of them. ``kind``
    is marked for the catalogue where the list is named (``N_("a variant")``) and said in the language in force."""

    def check(text: str) -> str:
        found = named(text, names)
        if found is None:
            refusal = not_one_of(text, kind, names)
            NAMED_CHOICES.add(refusal)
            raise argparse.ArgumentTypeError(refusal)
        return found

    return check


def language_named(text: str) -> str | None:
    """The language ``text`` names: its code (``fr``), a locale or tag (``fr_FR.UTF-8``, ``es-419``) or its own
    name (``Français``, ``francais``), in any case; None when it names none the program speaks."""
    word = text.strip().casefold()
    for code, name in NAMES.items():
        plain = name.casefold().replace("ñ", "n").replace("ç", "c")
        if word in (name.casefold(), plain):
            return code
    code = word.replace("-", "_").split("_")[0].split(".")[0]
    return code if code in LANGUAGES else None


def language_code(text: str) -> str:
    """``--lang``'s argparse ``type``: the language's code, or a refusal naming the languages."""
    found = language_named(text)
    if found is None:
        choices = ", ".join(f"{code} ({NAMES[code]})" for code in LANGUAGES)
        refusal = _("{value} is not a language the program speaks; choose {choices}", value=repr(text),
                    choices=choices)
        NAMED_CHOICES.add(refusal)
        raise argparse.ArgumentTypeError(refusal)
    return found


def add_language_argument(parser: argparse.ArgumentParser, top: bool = False) -> None:
    """``--lang``: the language of every word said, kept for later runs. A command's own ``--lang`` leaves the
    value given before the command alone when it is not given (its default is no attribute at all)."""
    parser.add_argument("--lang", type=language_code, metavar="LANG", default=None if top else argparse.SUPPRESS,
                        help=_("the language of every word said: en (English), es (Español) or fr (Français), "
                               "kept for later runs (default: the one kept, else the system's language)"))


def level_named(text: str, what: str = "", also: Sequence[str] = ()) -> str:
    """The computer level ``text`` names, in any case ("Hard"), or one of ``also`` (a table's "person"); else a
    CommandError that says the nearest level and every level. ``what`` starts the message ("--bots: ")."""
    from ..cli import CommandError
    from .play import PLANNED

    levels = (*level_names(), *(p for p in PLANNED if p not in level_names()), *also)
    found = named(text, levels)
    if found is None:
        raise CommandError(unknown_level(text.strip(), levels, ", ".join((*level_names(), *also)), what))
    return found


def unknown_level(level: str, levels: Sequence[str], said: str, what: str = "") -> str:
    """"--bots: unknown bot level 'hrad' (did you mean 'hard'?); the levels are ...": ``said`` lists the levels,
    ``what`` (a flag and a colon, or nothing) comes first."""
    near = guess(level, levels)
    if near is not None:
        # Translators: {what} is empty or an option and a colon ("--bots: "); {levels} the levels to type.
        return _("{what}unknown bot level {level} (did you mean {near}?); the levels are {levels}", what=what,
                 level=repr(level), near=near, levels=said)
    return _("{what}unknown bot level {level}; the levels are {levels}", what=what, level=repr(level), levels=said)


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


def seat_guess(text: str, players: int) -> str | None:
    """The letters of the seat a misspelt one of a table of ``players`` was probably meant to be, quoted
    (``'SW'``), or None."""
    letters = seat_letters(players)
    names = [*letters, *(seat_name(seat, players) for seat in range(players))]
    near = nearest(text.strip(), names)
    if near is None:
        return None
    return repr(letters[names.index(near) % players])


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", default="standard", type=one_of(N_("a variant"), VARIANTS), choices=VARIANTS,
                        help=_("which Spades (default standard)"))
    parser.add_argument("--option", "-o", action="append", default=[], metavar="K=V",
                        help=_("a rule option, such as target=300 or blind_nil=true (repeatable); `spades rules` "
                               "lists them"))


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
            raise CommandError(_("option {pair} is not of the form name=value", pair=repr(pair)))
        if key not in OPTION_HELP:
            raise CommandError(unknown_name("option", key, OPTION_HELP))
        parsed = parse_value(value)
        choices = OPTION_CHOICES.get(key)
        if choices is not None and isinstance(parsed, str):
            parsed = named(parsed, choices) or parsed
            if parsed not in choices:
                near = guess(value, choices)
                if near is not None:
                    raise CommandError(_("option {key}: {value} is not one of {choices} (did you mean {near}?)",
                                         key=key, value=repr(value.strip()), choices=", ".join(choices), near=near))
                raise CommandError(_("option {key}: {value} is not one of {choices}", key=key,
                                     value=repr(value.strip()), choices=", ".join(choices)))
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
