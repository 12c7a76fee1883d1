"""The early-leaver rule, apart from any database: a player who abandons rated games (``rules.abandoned``: the
computer played more than half of their seat because they left) too often is kept out of rated quick play for a
while that grows.

Each abandon that is the player's 3rd or later within ``WINDOW`` (24 hours: it and the abandons of the 24 hours
before it) closes rated quick play to them from the moment that game finished: for ``FIRST`` (15 minutes) at the
3rd, doubling with each further one (30 at the 4th, 60 at the 5th, ...), and never longer than ``LONGEST`` (24
hours) at once; of several closures the one that ends last holds. An abandon is counted at the moment its game
finished, as the room stores it with the game's rating."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from ...language import _, n_

__all__ = ["FIRST", "FREE", "LONGEST", "LOOK_BACK", "WINDOW", "Closed", "closed", "refusal", "rule_line",
           "time_left"]

WINDOW = timedelta(hours=24)  # the abandons counted together
FREE = 2  # abandons within the window that close nothing
FIRST = timedelta(minutes=15)  # the closure at the first abandon past the free ones; each further one doubles it
LONGEST = timedelta(hours=24)  # no closure is longer
LOOK_BACK = WINDOW + LONGEST  # the abandons that can still close quick play now are those this recent


@dataclass(frozen=True)
class Closed:
    """Rated quick play closed to a player: ``abandons`` within a day up to the abandon that closed it, until
    ``until``."""

    abandons: int
    until: datetime


def closure(count: int) -> timedelta:
    """How long the ``count``-th abandon within a day closes rated quick play (nothing for the free ones)."""
    if count <= FREE:
        return timedelta(0)
    doubled: timedelta = FIRST * 2 ** min(count - FREE - 1, 16)
    return min(doubled, LONGEST)


def closed(abandons: Iterable[datetime], now: datetime) -> Closed | None:
    """Whether rated quick play is closed to a player at ``now``, from the moments of their abandons (at least
    those within ``LOOK_BACK`` of now): the closure that ends last, or None."""
    moments = sorted(abandons)
    found: Closed | None = None
    for index, moment in enumerate(moments):
        count = sum(1 for earlier in moments[:index + 1] if earlier > moment - WINDOW)
        wait = closure(count)
        if wait and moment + wait > now and (found is None or moment + wait >= found.until):
            found = Closed(count, moment + wait)
    return found


def time_left(left: timedelta) -> str:
    """The time left in words, in whole minutes rounded up: "14 more minutes", "1 more hour and 5 minutes"."""
    minutes = max(1, math.ceil(left.total_seconds() / 60))
    if minutes < 60:
        return n_("{n} more minute", "{n} more minutes", minutes)
    hours, rest = divmod(minutes, 60)
    said = n_("{n} more hour", "{n} more hours", hours)
    if not rest:
        return said
    # Translators: {hours} is "1 more hour" or "2 more hours"; {minutes} is the rest: "5 minutes".
    return _("{hours} and {minutes}", hours=said, minutes=n_("{n} minute", "{n} minutes", rest))


def refusal(found: Closed, now: datetime) -> str:
    """The refusal of quick play: the rule and the time left ("You left 3 rated games early within a day: rated
    quick play is closed to you for 14 more minutes.")."""
    return _("You left {count} rated games early within a day: rated quick play is closed to you for {left}.",
             count=found.abandons, left=time_left(found.until - now))


def rule_line() -> str:
    """The rule in plain words, as ``spades rules`` and the README say it."""
    return _("A player who abandons 3 rated games within 24 hours may not join rated quick play for 15 minutes after "
             "the 3rd; each further abandon within 24 hours doubles the wait (30 minutes at the 4th, 60 at the 5th, "
             "up to 24 hours), counted from the moment the abandoned game finished.")
