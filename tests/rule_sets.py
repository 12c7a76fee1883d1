"""Rule sets built option by option, for tests that sweep every variant and combination of options: each option a
variant takes is set to one of the values the rules accept beside the options set before it, so every rule set
built is one the room would start."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from spades import Rules
from spades.errors import RulesError
from spades.rules import DEUCES_OUT, JOKER_FORMS, TEAMS

# The options that change what a seat may do or how the players weigh it, with the values tried; a variant takes
# the ones its rules accept (``Rules.options_taken``), in this order (the pack before the deuces it leaves out,
# Nil before its pass and Blind Nil).
OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "jokers": JOKER_FORMS,
    "deuces_out": DEUCES_OUT,
    "teams": TEAMS,
    "nil": (True, False),
    "nil_pass": (0, 1, 2, 3, 4),
    "blind_nil": (False, True),
    "min_team_bid": (0, 4),
    "first_lead": ("left_of_dealer", "two_of_clubs"),
    "face_down_discards": (False, True),
    "ten_for_two_hundred": (False, True),
    "nil_tricks_count_for_partner": (False, True),
    "no_bags": (False, True),
    "bag_limit": (10, 2),
    "nil_value": (100, 50),
}


def allowed(rules: Rules, name: str) -> list[Any]:
    """The values of option ``name`` the rules accept beside the options already set."""
    values = []
    for value in OPTION_VALUES[name]:
        try:
            rules.with_options(**{name: value})
        except RulesError:
            continue
        values.append(value)
    return values


def build(variant: str, pick: Callable[[list[Any]], Any]) -> Rules:
    """A rule set of ``variant``: each option it takes set to ``pick(values)``, one of the values accepted beside
    those already picked; Blind Nil, when on, at any deficit, so that its choice comes up in the first hand."""
    rules = Rules.preset(variant, hands=2)
    taken = set(rules.options_taken())
    for name in OPTION_VALUES:
        if name in taken:
            rules = rules.with_options(**{name: pick(allowed(rules, name))})
    if rules.blind_nil:
        rules = rules.with_options(blind_nil_deficit=0)
    return rules
