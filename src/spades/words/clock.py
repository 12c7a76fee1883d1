"""What a turn clock says, at either table: the one warning, the line when time runs out and the computer acts for
the seat, and the answer to the clock's key. The room sends the clock's state in each seat's update (whose turn it
runs for, the seconds left when the update was made, every seat's bank); these words are made from that state
alone, so the terminal and the browser say the same time."""

from __future__ import annotations

from collections.abc import Sequence

from ..events import BidMade, CardPlayed, Drew, Event, Looked, Passed
from ..rules import Rules
from . import announce as say

__all__ = ["NO_CLOCK", "WARNING_LINE", "duration", "setting_line", "time_left_line", "timed_line"]

WARNING_LINE = "Ten seconds left."
NO_CLOCK = "This table has no clock."


def duration(seconds: float) -> str:
    """Seconds as said: whole seconds under two minutes ("45 seconds"), else minutes and seconds ("3 minutes
    20 seconds"); never a fraction, rounded up, so no one hears "0 seconds" while time is left."""
    whole = int(-(-max(0.0, seconds) // 1))
    if whole < 120:
        return say.plural(whole, "second")
    minutes, rest = divmod(whole, 60)
    return say.plural(minutes, "minute") + (f" {say.plural(rest, 'second')}" if rest else "")


def setting_line(per_action: float, bank: float, more_time: bool) -> str:
    """A table's clock as the lobby and the rules key say it."""
    line = f"Clock: {duration(per_action)} an action, and a bank of {duration(bank)} for the game"
    return line + (", doubled for a player who asks for more time." if more_time else ".")


def timed_line(rules: Rules, event: Event) -> str:
    """What everyone at the table hears, instead of the event's own line, for an action the computer took because
    the seat's time ran out: the action and whose it was, in one line."""
    whose = getattr(event, "seat", None)
    seat = say.name(rules, whose) if isinstance(whose, int) else "the player"
    if isinstance(event, CardPlayed):
        return f"Time: the computer plays the {event.card.name} for {seat}."
    if isinstance(event, BidMade):
        return f"Time: the computer bids {event.bid.spoken} for {seat}."
    if isinstance(event, Passed):
        return f"Time: the computer passes {say.plural(event.count, 'card')} to {say.name(rules, event.to)} for {seat}."
    if isinstance(event, Looked):
        return f"Time: the computer looks at the cards for {seat}."
    if isinstance(event, Drew):
        how = "keeps the first card" if event.kept_first else "discards the first card and keeps the second"
        return f"Time: the computer {how} for {seat}."
    lines = say.event_line(rules, event)
    return "Time: the computer acts for " + seat + (": " + " ".join(lines) if lines else ".")


def time_left_line(rules: Rules, seat: int | None, turn: int | None, left: float | None,
                   banks: Sequence[float | None]) -> str:
    """The clock key's answer: the time left on the turn (the asker's own, or whose it is), then the asker's
    bank, or every clocked seat's bank for a spectator. ``left`` None: the clock is not running (a computer's turn,
    between games)."""
    parts = []
    if turn is not None and left is not None:
        whose = "you" if turn == seat else say.name(rules, turn)
        parts.append(f"{duration(left)} left for {whose}.")
    else:
        parts.append("The clock is not running.")
    if seat is not None and 0 <= seat < len(banks) and banks[seat] is not None:
        parts.append(f"Your bank: {duration(banks[seat] or 0.0)}.")
    else:
        clocked = [f"{say.name(rules, s)} {duration(b)}" for s, b in enumerate(banks) if b is not None]
        if clocked:
            parts.append("Banks: " + ", ".join(clocked) + ".")
    return " ".join(parts)
