"""Who met which of the computer's levels in a finished game, and how: the one statement of a player's record
against the computer, read by the store as each game finishes and by the migration that counted the games before.

A game counts once for each level and role it had (two opponents at one level are one game against that level),
and a win is the player's side winning."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...rules import Rules

__all__ = ["ROLES", "meetings"]

ROLES = ("opponent", "partner")


def meetings(rules: Rules, players: Mapping[str, Any], computers: Mapping[str, Any],
             winner: int | None) -> list[tuple[str, str, str, bool]]:
    """Who met which computer how in one finished game, from its record's ``meta`` (``players`` and ``computers``
    by seat) and its winning side: (name, level, role, won) once for each level and role a person's game had."""
    found: list[tuple[str, str, str, bool]] = []
    if not computers:
        return found
    for seat_text, name in players.items():
        if not isinstance(name, str) or not str(seat_text).isdigit():
            continue
        side = rules.side_of(int(seat_text))
        met = {(str(level), ROLES[rules.side_of(int(seat)) == side]) for seat, level in computers.items()
               if str(seat).isdigit()}
        found.extend((name, level, role, winner == side) for level, role in sorted(met))
    return found
