"""``spades rules [VARIANT]``: the rules and options of a variant in plain words."""

from __future__ import annotations

import argparse
import json

from ..explain import play_lines, rule_lines, variant_title
from ..language import N_, _
from ..rules import OPTION_HELP, VARIANTS, Rules, option_help
from ..tournament.duplicate import rule_lines as duplicate_lines
from .options import add_language_argument, one_of, parse_options


def describe(rules: Rules) -> str:
    """The rules in force, from ``explain`` (the same words as the table's z key), then the play with the pack in
    force, how a duplicate tournament scores it, which games the online room rates and how, and last only the
    options this variant takes."""
    from ..room.rating.rules import rule_lines as rating_lines

    lines = [variant_title(rules), ""]
    lines.extend(f"- {line}" for line in rule_lines(rules))
    lines += ["", _("Play:")]
    lines.extend(f"- {line}" for line in play_lines(rules))
    duplicate = duplicate_lines(rules)
    if duplicate:
        lines += ["", _("Duplicate pairs (a tournament):")]
        lines.extend(f"- {line}" for line in duplicate)
    lines += ["", _("Rated games in the online room (spades serve):")]
    lines.extend(f"- {line}" for line in rating_lines())
    lines += ["", _("Options (set with --option name=value):")]
    taken = rules.options_taken()
    for name in OPTION_HELP:
        if name not in taken:
            continue
        if name == "nil_value" and not rules.nil_fail_penalty:
            text = _("points for a Nil made (a failed Nil costs nothing here)")
        else:
            text = option_help(name)
        lines.append(f"  {name} = {option_text(getattr(rules, name))}: {text}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from ..cli import CommandError
    from ..rules import RulesError

    try:
        rules = Rules.preset(args.variant, **parse_options(args.option))
    except RulesError as error:
        raise CommandError(str(error)) from None
    print(describe(rules))
    return 0


def option_text(value: object) -> str:
    """An option's value as it is typed after --option: an unset one is "none", which the option parser reads."""
    return "none" if value is None else json.dumps(value)


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser(
        "rules", help=_("the rules and options of a variant in plain words"),
        description=_("Print the rules of a variant in plain words, then every option with its value in that "
                      "variant; options given with --option are shown as they would be played."))
    parser.add_argument("variant", nargs="?", default="standard", type=one_of(N_("a variant"), VARIANTS),
                        choices=VARIANTS, metavar="VARIANT",
                        help=_("which Spades: {variants} (default standard)", variants=", ".join(VARIANTS)))
    parser.add_argument("--option", "-o", action="append", default=[], metavar="K=V",
                        help=_("a rule option to apply, such as nil_value=50 or blind_nil=true (repeatable)"))
    add_language_argument(parser)
    parser.set_defaults(func=run)
