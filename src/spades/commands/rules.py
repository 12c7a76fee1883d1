"""``spades rules [VARIANT]``: the rules and options of a variant in plain words."""

from __future__ import annotations

import argparse
import json

from ..rules import OPTION_HELP, VARIANTS, Rules
from .options import one_of, parse_options

SUMMARY = {
    "standard": (
        "Partnership Spades (\"pairs\"): North and South against East and West. Each player bids once, Nil or "
        "1 to 13; a side's contract is the sum of its non-Nil bids."
    ),
    "whiz": "Each bid is Nil or exactly the number of spades held; with no spade, Nil is the only bid. No Blind Nil.",
    "mirror": "Each bid is exactly the number of spades held; with none, the bid is Nil. No Blind Nil.",
    "suicide": (
        "In each partnership one partner bids Nil and the other at least 4. The first partner to bid chooses Nil "
        "or 4 or more; if both bid 4 or more, the second bid stands and the first becomes Nil. No Blind Nil."
    ),
    "solo": "Cutthroat: four players, no partnerships; each scores their own bid, Nil and bags.",
    "two_player": (
        "Two players draw their hands: in turn each draws the top card and keeps it (the next goes face up to the "
        "discards) or discards it face up and keeps the next, until each holds 13. The non-dealer bids first (0 "
        "to 13) and leads. Made: 10 a trick bid plus bags; set: minus 10 a trick bid. Nil made: +100; Nil failed: "
        "no penalty, its tricks are bags. A bid of 13 shoots the moon: 250 if all 13 are taken, else the tricks "
        "are bags."
    ),
}

COMMON = [
    "52 cards; ace high; spades are always trump.",
    "Follow suit if you can; otherwise play any card, a spade included.",
    "The highest spade takes the trick, else the highest card of the suit led; the winner leads next.",
    "Spades may not be led until one has been played on another suit, unless the leader holds only spades.",
    "A side that makes its contract scores 10 a trick bid and 1 for each trick over (a bag); a side that falls "
    "short loses 10 a trick bid.",
]


def describe(rules: Rules) -> str:
    lines = [f"{rules.variant.replace('_', '-').capitalize()} Spades", "", SUMMARY[rules.variant], ""]
    lines.extend(f"- {line}" for line in COMMON)
    if rules.first_lead == "two_of_clubs":
        lines.append("- The holder of the two of clubs leads it to the first trick.")
    elif rules.deals:
        lines.append("- The player left of the dealer leads first, any card but a spade.")
    if rules.nil:
        fail = "costs nothing (its tricks are bags)" if not rules.nil_fail_penalty else f"costs {rules.nil_value}"
        lines.append(f"- Nil: take no trick for {rules.nil_value}; a failed Nil {fail}.")
        if rules.partnerships:
            if rules.nil_tricks_count_for_partner:
                lines.append("- A failed Nil's tricks count toward the partner's contract.")
            else:
                lines.append("- A failed Nil's tricks do not count toward the partner's contract; each is a bag.")
    else:
        lines.append("- Nil may not be bid.")
    if rules.blind_nil:
        lines.append(f"- Blind Nil, bid before looking at one's cards, scores ±{rules.blind_nil_value}; allowed "
                     f"only while one's side is {rules.blind_nil_deficit} or more points behind.")
    lines.append(f"- Every {rules.bag_limit} bags cost {rules.bag_penalty} points; the rest carry over.")
    if rules.min_team_bid:
        lines.append(f"- A partnership must bid at least {rules.min_team_bid} between them.")
    if rules.ten_for_two_hundred:
        lines.append("- A contract of 10 or more scores 20 a trick bid, made or set.")
    if rules.hands:
        lines.append(f"- The game is {rules.hands} hands; the higher score wins.")
    else:
        lines.append(f"- The first side to {rules.target} wins; if both reach it in one hand, the higher score "
                     "wins, and equal scores play another hand.")
    if rules.lose_at is not None:
        lines.append(f"- A side at or below {rules.lose_at} loses at once.")
    lines += ["", "Options (set with --option name=value):"]
    for name, text in OPTION_HELP.items():
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
        "rules", help="the rules and options of a variant in plain words",
        description="Print the rules of a variant in plain words, then every option with its value in that "
                    "variant; options given with --option are shown as they would be played.")
    parser.add_argument("variant", nargs="?", default="standard", type=one_of("a variant", VARIANTS),
                        choices=VARIANTS, metavar="VARIANT",
                        help=f"which Spades: {', '.join(VARIANTS)} (default standard)")
    parser.add_argument("--option", "-o", action="append", default=[], metavar="K=V",
                        help="a rule option to apply, such as nil_value=50 or blind_nil=true (repeatable)")
    parser.set_defaults(func=run)
