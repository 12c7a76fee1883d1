"""The names of the seats and the sides: the one place they are spelled.

Seats are numbered clockwise, each table size named by the compass as the seats sit around it: four from North
(North, East, South, West), two (North, South); three, five and six from South, the seat a player at this program
usually takes, going round to their left (three: South, West, East; five: South, West, Northwest, Northeast, East;
six: South, Southwest, Northwest, North, Northeast, Southeast). A side is a partnership (North-South, East-West)
or, without partnerships, one player, named as the seat.

``seat_name`` and ``side_name`` are the English names that records, options and parsing read; what a person hears
is ``seat_words`` and ``side_words``, in the language in force.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .language import N_, _, p_

if TYPE_CHECKING:
    from .rules import Rules

__all__ = ["SEAT_LETTERS", "SEAT_NAMES", "seat_initial", "seat_letters", "seat_name", "seat_words", "side_name",
           "side_words"]

SEAT_NAMES: dict[int, tuple[str, ...]] = {
    # Translators: the seats of a table, named by the compass.
    4: (N_("North"), N_("East"), N_("South"), N_("West")),
    2: ("North", "South"),
    3: ("South", "West", "East"),
    5: ("South", "West", N_("Northwest"), N_("Northeast"), "East"),
    6: ("South", N_("Southwest"), "Northwest", "North", "Northeast", N_("Southeast")),
}
# Each seat's short form, as records and ``--bots`` write it: one letter at tables of two, three and four; one or
# two (N, NE, ...) at five and six, where the compass needs them.
SEAT_LETTERS: dict[int, tuple[str, ...]] = {
    players: tuple("".join(part[0] for part in name.replace("west", " W").replace("east", " E").split())
                   for name in names)
    for players, names in SEAT_NAMES.items()
}


def seat_name(seat: int, players: int = 4) -> str:
    """``North``, ``East``, ``South`` or ``West`` at four; the names of SEAT_NAMES at other tables."""
    return SEAT_NAMES[players][seat]


def seat_letters(players: int = 4) -> tuple[str, ...]:
    """The seats' short forms in seat order: ``('N', 'E', 'S', 'W')`` (two players: ``('N', 'S')``; six:
    ``('S', 'SW', 'NW', 'N', 'NE', 'SE')``), as records and ``--bots`` write them."""
    return SEAT_LETTERS[players]


def side_name(rules: Rules, side: int) -> str:
    """``North-South`` or ``East-West`` for partnerships; the seat's name otherwise."""
    return "-".join(seat_name(seat, rules.players) for seat in rules.seats_of(side))


def seat_words(seat: int, players: int = 4) -> str:
    """The seat's name as a person hears it, in the language in force: ``North`` ("Norte", "Nord")."""
    return _(SEAT_NAMES[players][seat])


def side_words(rules: Rules, side: int) -> str:
    """The side's name as a person hears it: its seats' names joined, ``North-South`` ("Norte-Sur"), or the one
    seat's name without partnerships."""
    return "-".join(seat_words(seat, rules.players) for seat in rules.seats_of(side))


def seat_initial(seat: int, players: int = 4) -> str:
    """A seat's short form as its badge shows it, in the language in force (West is O in Spanish and French);
    ``seat_letters`` stays the one form records and typed commands use."""
    initials = {"N": p_("seat initial", "N"), "E": p_("seat initial", "E"), "S": p_("seat initial", "S"),
                "W": p_("seat initial", "W"), "NW": p_("seat initial", "NW"), "NE": p_("seat initial", "NE"),
                "SW": p_("seat initial", "SW"), "SE": p_("seat initial", "SE")}
    letters = SEAT_LETTERS[players][seat]
    return initials.get(letters, letters)
