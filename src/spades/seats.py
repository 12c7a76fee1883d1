"""The names of the seats and the sides: the one place they are spelled.

Seats are numbered clockwise from North: North, East, South, West (two-player Spades: North and South). A side is a
partnership (North-South, East-West) or, without partnerships, one player, named as the seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules import Rules

__all__ = ["SEAT_LETTERS", "SEAT_NAMES", "seat_letters", "seat_name", "side_name"]

SEAT_NAMES: dict[int, tuple[str, ...]] = {4: ("North", "East", "South", "West"), 2: ("North", "South")}
SEAT_LETTERS: dict[int, str] = {players: "".join(name[0] for name in names) for players, names in SEAT_NAMES.items()}


def seat_name(seat: int, players: int = 4) -> str:
    """``North``, ``East``, ``South`` or ``West`` (two players: ``North`` or ``South``)."""
    return SEAT_NAMES[players][seat]


def seat_letters(players: int = 4) -> str:
    """The seats' initials in seat order: ``NESW`` (two players: ``NS``), as records and ``--bots`` write them."""
    return SEAT_LETTERS[players]


def side_name(rules: Rules, side: int) -> str:
    """``North-South`` or ``East-West`` for partnerships; the seat's name otherwise."""
    return "-".join(seat_name(seat, rules.players) for seat in rules.seats_of(side))
