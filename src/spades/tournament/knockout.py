"""A knockout bracket of 8 or 16 entries, seeded by rating as the big apps and tennis draws seed: the first seed
meets the last, and the top two seeds can meet only in the final. Fewer entries than the bracket holds leave byes,
which go to the top seeds. Each match is one game to the target; the engine itself plays a hand more when both
sides reach it level, so a match always has a winner.

The bracket is plain data: the room stores it and records each match's winner, and asks here who meets whom next.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from ..errors import RulesError
from ..language import _

__all__ = ["SIZES", "Bracket", "Match", "seed_order"]

SIZES = (8, 16)
Entry = TypeVar("Entry", bound=Hashable)


def seed_order(size: int) -> list[int]:
    """The seeds (from 1) in bracket order, so that neighbours meet in the first round: for 8, 1 8 4 5 2 7 3 6.
    Each half is the order of the bracket half as big, each seed followed by the one it meets."""
    if size < 2 or size & (size - 1):
        raise RulesError(f"a bracket holds a power of two entries, not {size}")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


@dataclass(frozen=True, slots=True)
class Match(Generic[Entry]):
    """One match of the bracket: its round (from 1), its place in that round (from 1) and who plays it. ``None``
    stands for a bye, or for a winner not yet known."""

    round: int
    number: int
    first: Entry | None
    second: Entry | None


@dataclass
class Bracket(Generic[Entry]):
    """Entries in seed order (the best rating first); winners recorded round by round."""

    entries: list[Entry]
    size: int = 0
    winners: list[list[Entry | None]] = field(default_factory=list)  # per round, per match; None: not yet known

    def __post_init__(self) -> None:
        if len(set(self.entries)) != len(self.entries):
            raise RulesError("an entry is in the bracket twice")
        size = self.size or next((s for s in SIZES if len(self.entries) <= s), 0)
        if size not in SIZES:
            raise RulesError(_("a knockout takes up to {most} entries, not {entries}", most=SIZES[-1],
                               entries=len(self.entries)))
        if not size // 2 < len(self.entries) <= size:
            raise RulesError(_("a bracket of {size} takes {least} to {size} entries, not {entries}", size=size,
                               least=size // 2 + 1, entries=len(self.entries)))
        self.size = size
        if not self.winners:
            self.winners = [[None] * (size >> r) for r in range(1, self.rounds + 1)]
            for match in self.matches(1):  # a bye is won at once
                if match.second is None:
                    self.winners[0][match.number - 1] = match.first

    @property
    def rounds(self) -> int:
        return self.size.bit_length() - 1

    def matches(self, round_: int) -> list[Match[Entry]]:
        """The round's matches; in later rounds a side not yet decided is None."""
        if not 1 <= round_ <= self.rounds:
            raise RulesError(f"this bracket has rounds 1 to {self.rounds}, not {round_}")
        if round_ == 1:
            seeded: list[Entry | None] = [self.entries[s - 1] if s <= len(self.entries) else None
                                          for s in seed_order(self.size)]
        else:
            seeded = list(self.winners[round_ - 2])
        return [Match(round_, i // 2 + 1, seeded[i], seeded[i + 1]) for i in range(0, len(seeded), 2)]

    def to_play(self) -> list[Match[Entry]]:
        """The matches that can be played now: both sides known and no winner yet."""
        return [match for r in range(1, self.rounds + 1) for match in self.matches(r)
                if match.first is not None and match.second is not None
                and self.winners[r - 1][match.number - 1] is None]

    def record(self, round_: int, number: int, winner: Entry) -> None:
        """The winner of a match; refused unless they play in it and it is not decided yet."""
        match = next((m for m in self.matches(round_) if m.number == number), None)
        if match is None:
            raise RulesError(f"round {round_} has no match {number}")
        if match.first is None or match.second is None:
            raise RulesError(f"round {round_}, match {number} is not ready to be played")
        if winner not in (match.first, match.second):
            raise RulesError(f"{winner!r} does not play in round {round_}, match {number}")
        if self.winners[round_ - 1][number - 1] is not None:
            raise RulesError(f"round {round_}, match {number} is already decided")
        self.winners[round_ - 1][number - 1] = winner

    @property
    def champion(self) -> Entry | None:
        return self.winners[-1][0]
