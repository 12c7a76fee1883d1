"""What a turn clock says, at either table: the one warning, the line when time runs out and the computer acts for
the seat, and the answer to the clock's key. The room sends the clock's state in each seat's update (whose turn it
runs for, the seconds left when the update was made, every seat's bank); these words are made from that state
alone, so the terminal and the browser say the same time."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import the_card
from ..events import BidMade, CardPlayed, Drew, Event, Looked, Passed
from ..language import N_, _, n_
from ..rules import Rules
from . import announce as say

__all__ = ["NO_CLOCK", "WARNING_LINE", "duration", "setting_line", "time_left_line", "timed_line"]

# In English, marked for the catalogue: said with ``_(WARNING_LINE)``.
WARNING_LINE = N_("Ten seconds left.")
NO_CLOCK = N_("This table has no clock.")


def duration(seconds: float) -> str:
    """Seconds as said: whole seconds under two minutes ("45 seconds"), else minutes and seconds ("3 minutes
    20 seconds"); never a fraction, rounded up, so no one hears "0 seconds" while time is left."""
    whole = int(-(-max(0.0, seconds) // 1))
    if whole < 120:
        return n_("{n} second", "{n} seconds", whole)
    minutes, rest = divmod(whole, 60)
    if not rest:
        return n_("{n} minute", "{n} minutes", minutes)
    # Translators: {seconds} is "1 second" or "20 seconds".
    return n_("{n} minute {seconds}", "{n} minutes {seconds}", minutes,
              seconds=n_("{n} second", "{n} seconds", rest))


def setting_line(per_action: float, bank: float, more_time: bool) -> str:
    """A table's clock as the lobby and the rules key say it."""
    if more_time:
        return _("Clock: {action} an action, and a bank of {bank} for the game, doubled for a player who asks for "
                 "more time.", action=duration(per_action), bank=duration(bank))
    return _("Clock: {action} an action, and a bank of {bank} for the game.", action=duration(per_action),
             bank=duration(bank))


def timed_line(rules: Rules, event: Event) -> str:
    """What everyone at the table hears, instead of the event's own line, for an action the computer took because
    the seat's time ran out: the action and whose it was, in one line."""
    whose = getattr(event, "seat", None)
    seat = say.name(rules, whose) if isinstance(whose, int) else _("the player")
    if isinstance(event, CardPlayed):
        return _("Time: the computer plays {card} for {seat}.", card=the_card(event.card), seat=seat)
    if isinstance(event, BidMade):
        return _("Time: the computer bids {bid} for {seat}.", bid=event.bid.spoken, seat=seat)
    if isinstance(event, Passed):
        return n_("Time: the computer passes {n} card to {to} for {seat}.",
                  "Time: the computer passes {n} cards to {to} for {seat}.", event.count, to=say.name(rules, event.to),
                  seat=seat)
    if isinstance(event, Looked):
        return _("Time: the computer looks at the cards for {seat}.", seat=seat)
    if isinstance(event, Drew):
        if event.kept_first:
            return _("Time: the computer keeps the first card for {seat}.", seat=seat)
        return _("Time: the computer discards the first card and keeps the second for {seat}.", seat=seat)
    lines = say.event_line(rules, event)
    if lines:
        # Translators: {lines} are the event's own sentences.
        return _("Time: the computer acts for {seat}: {lines}", seat=seat, lines=" ".join(lines))
    return _("Time: the computer acts for {seat}.", seat=seat)


def time_left_line(rules: Rules, seat: int | None, turn: int | None, left: float | None,
                   banks: Sequence[float | None]) -> str:
    """The clock key's answer: the time left on the turn (the asker's own, or whose it is), then the asker's
    bank, or every clocked seat's bank for a spectator. ``left`` None: the clock is not running (a computer's turn,
    between games)."""
    parts = []
    if turn is not None and left is not None:
        if turn == seat:
            parts.append(_("{time} left for you.", time=duration(left)))
        else:
            parts.append(_("{time} left for {seat}.", time=duration(left), seat=say.name(rules, turn)))
    else:
        parts.append(_("The clock is not running."))
    if seat is not None and 0 <= seat < len(banks) and banks[seat] is not None:
        parts.append(_("Your bank: {time}.", time=duration(banks[seat] or 0.0)))
    else:
        # Translators: a seat and the time in its bank, in a list: "North 3 minutes, East 45 seconds".
        clocked = [_("{seat} {time}", seat=say.name(rules, s), time=duration(b)) for s, b in enumerate(banks)
                   if b is not None]
        if clocked:
            parts.append(_("Banks: {banks}.", banks=", ".join(clocked)))
    return " ".join(parts)
