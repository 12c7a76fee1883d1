"""Who is at a table, in words: what everyone at the table hears when a person loses the connection, leaves, is
covered by the computer, or comes back, and what the returning player hears of what was done for them.

The lines are worked out from two readings of the table's stored seats (before and after a change), never from
who sent what, so every process of the room, and the room after a restart, tells its own clients the same thing
once. A restart is not announced: everyone lost the connection at once and comes back by themselves; only the
computer's cover that may follow it is."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from ..actions import Action, Bid, Choice
from ..game import Game
from ..seats import seat_name
from ..view import Phase
from .store import StoredSeat

__all__ = ["away_report", "back_line", "begin_line", "changes", "cover_rule", "seconds", "turn_note"]


def seconds(value: float) -> str:
    """``60 seconds``, ``1 second``, ``0.5 seconds``."""
    text = f"{value:g}"
    return f"{text} second" + ("" if text == "1" else "s")


def cover_rule(timeout: float) -> str:
    """The cover rule in force, as ``z`` and the start of a game say it."""
    return (f"If a person loses the connection or leaves during the game, the computer plays for them after "
            f"{seconds(timeout)}, until they are back.")


def begin_line(timeout: float) -> str:
    """What everyone at the table hears when the game starts."""
    return "The game begins. " + cover_rule(timeout)


def _away_line(where: str, name: str, away: str | None, timeout: float) -> str | None:
    if away == "dropped":
        what = "lost the connection"
    elif away == "left":
        what = "left the table"
    else:
        return None
    return f"{where}, {name}, {what}; the computer plays for {where} if {name} is not back within {seconds(timeout)}."


def changes(before: Sequence[StoredSeat], after: Sequence[StoredSeat], players: int, timeout: float) -> list[str]:
    """What the table hears of the change from ``before`` to ``after`` (the same seats read twice), in seat
    order: a person gone, covered by the computer, or back."""
    lines: list[str] = []
    was = {seat.seat: seat for seat in before}
    for seat in after:
        old = was.get(seat.seat)
        if old is None or seat.player is None or old.player != seat.player:
            continue
        where, name = seat_name(seat.seat, players), seat.player
        if seat.away == "removed" and old.away != "removed":  # the owner's removal: the computer plays at once
            lines.append(f"The owner removed {name}; the computer plays {where}.")
            continue
        if seat.away is not None and seat.away != old.away and (old.away is None or seat.away != "restart"):
            line = _away_line(where, name, seat.away, timeout)
            if line is not None:
                lines.append(line)
        if seat.covered_from is not None and old.covered_from is None:
            lines.append(f"{name} is not back: the computer plays for {where} until {name} returns.")
        if seat.away is None and old.away is not None:
            if old.covered_from is not None:
                lines.append(f"{name} is back at {where}; the computer hands the seat back.")
            elif old.away != "restart":
                lines.append(f"{name} is back at {where}.")
    return lines


def away_report(actions: Sequence[tuple[int, Action]], seat: int) -> str | None:
    """What the returning player hears of what the computer did for them: ``actions`` are the game's actions
    (seat and action) since the cover began. None when it did nothing."""
    bids = [action for who, action in actions if who == seat and isinstance(action, Bid)]
    cards = sum(1 for who, action in actions if who == seat and not isinstance(action, (Bid, Choice)))
    draws = sum(1 for who, action in actions if who == seat and action in (Choice.KEEP, Choice.DISCARD))
    parts = []
    if bids:
        parts.append("bid " + " and ".join(_bid_words(bid) for bid in bids) + " for you")
    if draws:
        parts.append(f"drew {draws} card{'s' if draws != 1 else ''}")
    if cards:
        parts.append(f"played {cards} card{'s' if cards != 1 else ''}")
    if not parts:
        return None
    return "While you were away the computer " + ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") \
        + parts[-1] + "."


def _bid_words(bid: Bid) -> str:
    if bid.blind:
        return "Blind Nil"
    return "Nil" if bid.value == 0 else str(bid.value)


def turn_note(seat: StoredSeat | None, players: int, timeout: float, now: datetime) -> str | None:
    """What ``w`` adds when the seat to move is a person who is away: whether the computer plays for them now, or
    in how long."""
    if seat is None or seat.player is None or seat.away is None:
        return None
    where, name = seat_name(seat.seat, players), seat.player
    if seat.covered_from is not None:
        return f"{name} is away; the computer plays for {where}."
    left = timeout
    if seat.away_since is not None:
        left = max(0.0, timeout - (now - seat.away_since).total_seconds())
    return f"{name} is away; the computer plays for {where} in {seconds(round(left))} unless {name} is back."


def back_line(game: Game, seat: int | None) -> str:
    """Where the game stands, in one line, for a player back at the table."""
    if game.over:
        return "Back at the table: the game is over."
    view = game.view(seat if seat is not None else 0)
    if view.phase == Phase.PLAY:
        where = f"hand {view.hand_number}, trick {len(view.tricks) + 1}"
    elif view.phase == Phase.DRAW:
        where = f"hand {view.hand_number}, the draw"
    else:
        where = f"hand {view.hand_number}, the bidding"
    whose = "your turn" if view.turn == seat else f"{game.seat_name(view.turn)} to play"
    return f"Back at the table: {where}, {whose}."
