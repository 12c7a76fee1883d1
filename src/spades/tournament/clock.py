"""A turn clock: seconds for each action, and a bank for the whole game that an action's overtime is drawn from.

Time is given in, never read: whoever runs the clock passes the moment (seconds from any fixed origin, such as the
epoch the store keeps deadlines in), so a clock restored from a stored deadline after a restart counts on from it.
A seat may have its bank doubled (a player who asks for more time, where the director allows it), so a
screen-reader user is not held to a clock tuned for the mouse.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..errors import RulesError
from ..language import _

__all__ = ["MAX_BANK", "MAX_PER_ACTION", "MIN_PER_ACTION", "WARNING", "Clock", "Turn"]

WARNING = 10.0  # seconds left when the one warning is said
MIN_PER_ACTION = 5.0
MAX_PER_ACTION = 600.0
MAX_BANK = 3600.0


@dataclass(frozen=True, slots=True)
class Clock:
    """A table's setting: seconds each action, and the bank each seat starts the game with."""

    per_action: float
    bank: float

    def __post_init__(self) -> None:
        if not MIN_PER_ACTION <= self.per_action <= MAX_PER_ACTION:
            raise RulesError(_("a clock gives {least} to {most} seconds an action, not {seconds}",
                               least=format(MIN_PER_ACTION, ".0f"), most=format(MAX_PER_ACTION, ".0f"),
                               seconds=format(self.per_action, "g")))
        if not 0 <= self.bank <= MAX_BANK:
            raise RulesError(_("a clock's bank is 0 to {most} seconds, not {seconds}", most=format(MAX_BANK, ".0f"),
                               seconds=format(self.bank, "g")))

    def bank_for(self, more_time: bool) -> float:
        """A seat's bank at the start of the game: doubled for a player who asked for more time."""
        return self.bank * 2 if more_time else self.bank

    def turn(self, now: float, bank: float) -> Turn:
        """A turn starting at ``now`` for a seat with ``bank`` seconds left in its bank."""
        if bank < 0:
            raise RulesError(f"a bank cannot be below zero, not {bank:g}")
        return Turn(started=now, per_action=self.per_action, bank=bank)


@dataclass(frozen=True, slots=True)
class Turn:
    """One seat's turn on the clock. ``deadline`` is what is stored and sent in the seat's update: every client
    shows and says the same time, and a restarted room counts on from it."""

    started: float
    per_action: float
    bank: float  # the seat's bank when the turn started
    warned: bool = False

    @property
    def deadline(self) -> float:
        return self.started + self.per_action + self.bank

    def left(self, now: float) -> float:
        """Seconds left until the computer acts for the seat, never below zero."""
        return max(0.0, self.deadline - now)

    def warning_due(self, now: float) -> bool:
        """Whether the one warning is to be said now: ten seconds or fewer left, not yet warned, not run out."""
        return not self.warned and 0 < self.left(now) <= WARNING

    def warn(self) -> Turn:
        return replace(self, warned=True)

    def run_out(self, now: float) -> bool:
        return now >= self.deadline

    def bank_after(self, now: float) -> float:
        """The seat's bank once it acts at ``now``: what the action took past its own seconds comes out of the bank;
        a turn run out leaves it empty."""
        overtime = max(0.0, now - self.started - self.per_action)
        return max(0.0, self.bank - overtime)
