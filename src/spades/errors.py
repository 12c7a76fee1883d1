"""Every refusal of the engine, the bots and the records, by kind, so that a caller catches what it can handle.

Each message is said to a player or a user as it is, so it names the thing that is wrong (the text, the option, the
field); one a person may meet is made when it is raised, in the language in force (``spades.language``), while a
programmer's mistake stays in English. All are ``SpadesError``; each is also a ``ValueError``, as the engine raised
before the kinds existed, so code that catches ``ValueError`` still works.

- ``ParseError``: text that names nothing of its kind (``CardError``: no card or set of cards; ``ActionError``: no
  action).
- ``RulesError``: a rule set that cannot be played (names the option).
- ``IllegalAction``: an action the rules do not allow now (``reason`` is said to the player); the game is unchanged.
- ``UndoError``: nothing (or not that much) to take back.
- ``PositionError``: a position that cannot be set up, a seat not at the table, a hand not there or still hidden.
- ``RecordError``: a record that cannot be replayed (names the field).
- ``WireError``: JSON that is not the wire form of an action, event, view or update (names the field).
- ``UnknownLevel``: no computer player of that name (``level``); ``levels`` are the ones there are.
- ``NotYourTurn``: a computer player asked to act for a seat that has nothing to do.
- ``BudgetError``: a thinking budget that is neither seconds nor a number of sampled deals.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import TYPE_CHECKING

from .language import _

if TYPE_CHECKING:
    from .cards import Card

__all__ = [
    "ActionError",
    "BudgetError",
    "CardError",
    "IllegalAction",
    "NotYourTurn",
    "ParseError",
    "PositionError",
    "RecordError",
    "RulesError",
    "SpadesError",
    "UndoError",
    "UnknownLevel",
    "WireError",
    "nearest",
]


def nearest(word: str, names: Iterable[str]) -> str | None:
    """The known name a misspelt ``word`` most likely means ("hartz": "hearts", "targt": "target"), or None when
    none is near: one measure of "near" for every "did you mean" the package says."""
    known = {name.casefold(): name for name in names}  # compared in one case: "Hardd" is near "hard" too
    close = difflib.get_close_matches(word.casefold(), list(known), n=1, cutoff=0.6)
    return known[close[0]] if close else None


class SpadesError(ValueError):
    """Anything this package refuses; the message says why in words a player can hear."""


class ParseError(SpadesError):
    """Text that names nothing of its kind; the message quotes it. ``suggestion`` is the card it was probably meant
    to name (a misspelt word: "queen of hartz"), or None; the message then ends "did you mean the queen of
    hearts?", and a table may say it in its own words."""

    def __init__(self, message: str, suggestion: Card | None = None) -> None:
        super().__init__(message)
        self.suggestion = suggestion


class CardError(ParseError):
    """A string that is not a card (or not a set of cards, or not a deal)."""


class ActionError(ParseError):
    """Text that names no action."""


class RulesError(SpadesError):
    """A rule set that cannot be played: names the option that is wrong."""


class IllegalAction(SpadesError):
    """An action the rules do not allow now; the game is unchanged. ``reason`` is said to the player."""

    def __init__(self, action: object, reason: str) -> None:
        super().__init__(reason)
        self.action = action
        self.reason = reason


class UndoError(SpadesError):
    """Nothing to take back."""


class PositionError(SpadesError):
    """A position that cannot be set up, a seat that is not at the table, or a hand that is not there (or is
    still hidden)."""


class RecordError(SpadesError):
    """A record that cannot be replayed; the message starts with the field that is wrong."""


class WireError(SpadesError):
    """JSON that is not the wire form (``wire.py``); the message starts with the field that is wrong, since what
    comes over a network is not trusted."""


class UnknownLevel(SpadesError):
    """No computer player has this level name."""

    def __init__(self, level: str, levels: tuple[str, ...]) -> None:
        near = nearest(level, levels)
        if near:
            message = _("unknown bot level {level} (did you mean {near}?); the levels are {levels}", level=repr(level),
                        near=repr(near), levels=", ".join(levels))
        else:
            message = _("unknown bot level {level}; the levels are {levels}", level=repr(level),
                        levels=", ".join(levels))
        super().__init__(message)
        self.level = level
        self.levels = levels


class PolicyFileError(SpadesError):
    """A ``policy:PATH`` player's file is missing, is not a policy, or does not fit the table's rules."""


class NotYourTurn(SpadesError):
    """A computer player was asked for an action in a view where its seat has none to take."""


class BudgetError(SpadesError):
    """A thinking budget that is neither seconds nor a number of sampled deals."""
