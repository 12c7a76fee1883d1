"""Who is at a table, in words: what everyone at the table hears when a person loses the connection, leaves, is
covered by the computer, or comes back, and what the returning player hears of what was done for them.

The lines are said from the table's events (``PersonAway``, ``PersonBack``, ``Covering``, ``GameStarted``), which
the process that stored the change made from two readings of the stored seats and which every process hears
once, so each tells its own clients the same thing once. A restart is not announced: everyone lost the connection
at once and comes back by themselves; only the computer's cover that may follow it is."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from ...actions import Action, Bid, Choice
from ...cards import Card
from ...game import Game
from ...seats import seat_name
from ...view import Phase
from ...words.announce import listed
from ..store import StoredSeat
from ..table.events import Covering, GameStarted, PersonAway, PersonBack, TableEvent

if TYPE_CHECKING:
    from ..table.room import Room

__all__ = ["away_report", "back_line", "begin_line", "cover_rule", "install", "line_of", "seconds",
           "turn_note"]


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


def away_report(actions: Sequence[tuple[int, Action]], seat: int) -> str | None:
    """What the returning player hears of what the computer did for them: ``actions`` are the game's actions
    (seat and action) since the cover began. The cards are named, in the order played: the hand held now says
    what is left, not what went. None when it did nothing."""
    bids = [action for who, action in actions if who == seat and isinstance(action, Bid)]
    cards = [action for who, action in actions if who == seat and isinstance(action, Card)]
    draws = sum(1 for who, action in actions if who == seat and action in (Choice.KEEP, Choice.DISCARD))
    parts = []
    if bids:
        parts.append("bid " + " and ".join(_bid_words(bid) for bid in bids) + " for you")
    if draws:
        parts.append(f"drew {draws} card{'s' if draws != 1 else ''}")
    if cards:
        parts.append("played " + listed([f"the {card.name}" for card in cards]))
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
    # each phase, and what the one whose turn it is does in it: "North to bid", never "North to play" in the bidding
    stage, verb = {Phase.PLAY: (f"trick {len(view.tricks) + 1}", "play"), Phase.DRAW: ("the draw", "draw"),
                   Phase.PASS: ("the Nil pass", "pass")}.get(view.phase, ("the bidding", "bid"))
    whose = "your turn" if view.turn == seat else f"{game.seat_name(view.turn)} to {verb}"
    return f"Back at the table: hand {view.hand_number}, {stage}, {whose}."


def line_of(event: TableEvent, players: int, timeout: float) -> str | None:
    """What the table hears of one event of who is there (None: nothing), in seat order as the events come."""
    if isinstance(event, PersonAway):
        where = seat_name(event.seat, players)
        if event.reason == "removed":
            return f"The owner removed {event.player}; the computer plays {where}."
        if event.was is not None and event.reason == "restart":
            return None
        return _away_line(where, event.player, event.reason, timeout)
    if isinstance(event, Covering):
        if event.away == "removed":
            return None  # said with the removal
        return f"{event.player} is not back: the computer plays for {seat_name(event.seat, players)} until " \
               f"{event.player} returns."
    if isinstance(event, PersonBack):
        where = seat_name(event.seat, players)
        if event.covered_from is not None:
            return f"{event.player} is back at {where}; the computer hands the seat back."
        if event.was != "restart":
            return f"{event.player} is back at {where}."
    return None


def install(room: Room) -> None:
    """The presence lines as listeners of the tables' events: each process tells its own connections."""

    async def started(event: GameStarted) -> None:
        table = room.tables.get(event.table)
        if table is not None:
            table.say(begin_line(table.timeout))

    async def seats(event: TableEvent) -> None:
        table = room.tables.get(event.table)
        if table is None:
            return
        line = line_of(event, table.players, table.timeout)
        seat = getattr(event, "seat", None)
        returning = room.connections.holding(table.id, seat) if isinstance(event, PersonBack) and seat is not None \
            else []
        if line is not None:
            for conn in room.connections.at(table.id):
                if conn not in returning:
                    table.say(line, to=conn)
        if isinstance(event, PersonBack) and event.covered_from is not None and table.host is not None:
            report = away_report(table.host.game.history[event.covered_from:], event.seat)
            if report is not None:
                for conn in returning:
                    table.say(report, to=conn)

    room.events.subscribe(GameStarted, started)
    for kind in (PersonAway, PersonBack, Covering):
        room.events.subscribe(kind, seats)
