"""A Swiss of individuals at tables of three to six (or two): each round seats players of equal standing together,
avoiding players who have met where it can, and the computer takes the seats left over.

The Dutch system pairs two sides, so it cannot seat a table of four players for themselves; here a round is made
the way a Swiss groups a score group: the standings in order (points, then the Buchholz tie-break, then the
starting order), the tables filled one after another from the top, each taking the player left who has met the
fewest of those already at it, the best-placed of them. The people are spread over as few tables
as hold them, as evenly as can be, so the computer fills at most one seat a table more than another.

At a table the best score wins it: 1 point, shared equally between the seats level at the top. Nothing here keeps
state: the room stores each table's scores and asks for the next round from them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..errors import RulesError
from ..language import _

__all__ = ["Sitting", "Standing", "group_round", "points", "standings"]


@dataclass(frozen=True, slots=True)
class Sitting:
    """One table of a round: the entry at each seat (None: the computer), and each seat's score once played."""

    seats: tuple[int | None, ...]
    scores: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Standing:
    entry: int
    points: Fraction
    buchholz: Fraction
    opponents: tuple[int, ...]


def points(sitting: Sitting) -> dict[int, Fraction]:
    """What each person at a played table earned: the best score's seats share the table's 1 point."""
    if sitting.scores is None or len(sitting.scores) != len(sitting.seats):
        raise RulesError("a table's points need a score for every seat")
    best = max(sitting.scores)
    top = [seat for seat, score in enumerate(sitting.scores) if score == best]
    share = Fraction(1, len(top))
    return {entry: share if seat in top else Fraction(0) for seat, entry in enumerate(sitting.seats)
            if entry is not None}


def standings(entries: int, played: Sequence[Sequence[Sitting]]) -> list[Standing]:
    """Points, then the Buchholz tie-break (the sum of the points of the people met), then the starting order."""
    total = {entry: Fraction(0) for entry in range(1, entries + 1)}
    met: dict[int, list[int]] = {entry: [] for entry in total}
    for round_ in played:
        for sitting in round_:
            for entry, earned in points(sitting).items():
                total[entry] += earned
            people = [e for e in sitting.seats if e is not None]
            for entry in people:
                met[entry].extend(other for other in people if other != entry)
    table = [Standing(entry, total[entry], sum((total[o] for o in met[entry]), Fraction(0)), tuple(met[entry]))
             for entry in total]
    table.sort(key=lambda s: (-s.points, -s.buchholz, s.entry))
    return table


def group_round(entries: int, size: int, played: Sequence[Sequence[Sitting]]) -> tuple[Sitting, ...]:
    """The next round's tables of ``size`` seats, by standing, avoiding repeat meetings where it can."""
    if not 2 <= size <= 6:
        raise RulesError(_("a table seats 2 to 6 players, not {size}", size=size))
    if entries < 2:
        raise RulesError(_("a Swiss takes two players at least, not {entries}", entries=entries))
    order = [s.entry for s in standings(entries, played)]
    met = {s.entry: set(s.opponents) for s in standings(entries, played)}
    tables = -(-entries // size)
    counts = [entries // tables + (1 if t < entries % tables else 0) for t in range(tables)]
    left = list(order)
    out = []
    for count in counts:
        group = [left.pop(0)]
        while len(group) < count:
            pick = min(left, key=lambda e: (len(met[e] & set(group)), left.index(e)))
            left.remove(pick)
            group.append(pick)
        out.append(Sitting(tuple([*group, *([None] * (size - len(group)))])))
    return tuple(out)
