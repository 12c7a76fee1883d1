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
from ...card_words import the_card
from ...cards import Card
from ...game import Game
from ...language import _, listed, n_, number
from ...seats import seat_words
from ...view import Phase
from ..store import StoredSeat
from ..table.connections import in_language
from ..table.events import Covering, GameStarted, PersonAway, PersonBack, TableEvent

if TYPE_CHECKING:
    from ..table.room import Room

__all__ = ["away_report", "back_line", "begin_line", "cover_rule", "install", "line_of", "seconds",
           "turn_note"]


def seconds(value: float) -> str:
    """``60 seconds``, ``1 second``, ``0.5 seconds``, in the language in force."""
    count = int(value) if float(value).is_integer() else 2  # a fraction of a second takes the plural
    return n_("{n} second", "{n} seconds", count, n=number(value))


def cover_rule(timeout: float) -> str:
    """The cover rule in force, as ``z`` and the start of a game say it."""
    return _("If a person loses the connection or leaves during the game, the computer plays for them after "
             "{seconds}, until they are back.", seconds=seconds(timeout))


def begin_line(timeout: float) -> str:
    """What everyone at the table hears when the game starts."""
    return _("The game begins. {rule}", rule=cover_rule(timeout))


def _away_line(where: str, name: str, away: str | None, timeout: float) -> str | None:
    fields = {"seat": where, "name": name, "seconds": seconds(timeout)}
    if away == "dropped":
        return _("{seat}, {name}, lost the connection; the computer plays for {seat} if {name} is not back within "
                 "{seconds}.", **fields)
    if away == "left":
        return _("{seat}, {name}, left the table; the computer plays for {seat} if {name} is not back within "
                 "{seconds}.", **fields)
    return None


def away_report(actions: Sequence[tuple[int, Action]], seat: int) -> str | None:
    """What the returning player hears of what the computer did for them: ``actions`` are the game's actions
    (seat and action) since the cover began. The cards are named, in the order played: the hand held now says
    what is left, not what went. None when it did nothing."""
    bids = [action for who, action in actions if who == seat and isinstance(action, Bid)]
    cards = [action for who, action in actions if who == seat and isinstance(action, Card)]
    draws = sum(1 for who, action in actions if who == seat and action in (Choice.KEEP, Choice.DISCARD))
    # each part a clause of the one sentence "While you were away the computer ..."
    parts = []
    if bids:
        # Translators: {bids} are the bids, "4 and Nil"; a clause of "While you were away the computer ...".
        parts.append(_("bid {bids} for you", bids=listed([bid.spoken for bid in bids])))
    if draws:
        parts.append(n_("drew {n} card", "drew {n} cards", draws))
    if cards:
        parts.append(_("played {cards}", cards=listed([the_card(card) for card in cards])))
    if not parts:
        return None
    # Translators: {done} is what the computer did, its clauses listed: "bid 4 for you and played the ace of
    # spades".
    return _("While you were away the computer {done}.", done=listed(parts))


def turn_note(seat: StoredSeat | None, players: int, timeout: float, now: datetime) -> str | None:
    """What ``w`` adds when the seat to move is a person who is away: whether the computer plays for them now, or
    in how long."""
    if seat is None or seat.player is None or seat.away is None:
        return None
    where, name = seat_words(seat.seat, players), seat.player
    if seat.covered_from is not None:
        return _("{name} is away; the computer plays for {seat}.", name=name, seat=where)
    left = timeout
    if seat.away_since is not None:
        left = max(0.0, timeout - (now - seat.away_since).total_seconds())
    return _("{name} is away; the computer plays for {seat} in {seconds} unless {name} is back.", name=name,
             seat=where, seconds=seconds(round(left)))


def back_line(game: Game, seat: int | None) -> str:
    """Where the game stands, in one line, for a player back at the table."""
    if game.over:
        return _("Back at the table: the game is over.")
    view = game.view(seat if seat is not None else 0)
    hand = view.hand_number
    if view.turn == seat:
        # each phase: "trick 5", "the draw", "the Nil pass", "the bidding"
        if view.phase is Phase.PLAY:
            return _("Back at the table: hand {hand}, trick {trick}, your turn.", hand=hand,
                     trick=len(view.tricks) + 1)
        if view.phase is Phase.DRAW:
            return _("Back at the table: hand {hand}, the draw, your turn.", hand=hand)
        if view.phase is Phase.PASS:
            return _("Back at the table: hand {hand}, the Nil pass, your turn.", hand=hand)
        return _("Back at the table: hand {hand}, the bidding, your turn.", hand=hand)
    # and what the one whose turn it is does in it: "North to bid", never "North to play" in the bidding
    whose = seat_words(view.turn, game.rules.players) if view.turn is not None else ""
    if view.phase is Phase.PLAY:
        return _("Back at the table: hand {hand}, trick {trick}, {seat} to play.", hand=hand,
                 trick=len(view.tricks) + 1, seat=whose)
    if view.phase is Phase.DRAW:
        return _("Back at the table: hand {hand}, the draw, {seat} to draw.", hand=hand, seat=whose)
    if view.phase is Phase.PASS:
        return _("Back at the table: hand {hand}, the Nil pass, {seat} to pass.", hand=hand, seat=whose)
    return _("Back at the table: hand {hand}, the bidding, {seat} to bid.", hand=hand, seat=whose)


def line_of(event: TableEvent, players: int, timeout: float) -> str | None:
    """What the table hears of one event of who is there (None: nothing), in seat order as the events come, in
    the language in force."""
    if isinstance(event, PersonAway):
        where = seat_words(event.seat, players)
        if event.reason == "removed":
            return _("The owner removed {name}; the computer plays {seat}.", name=event.player, seat=where)
        if event.was is not None and event.reason == "restart":
            return None
        return _away_line(where, event.player, event.reason, timeout)
    if isinstance(event, Covering):
        if event.away == "removed":
            return None  # said with the removal
        return _("{name} is not back: the computer plays for {seat} until {name} returns.", name=event.player,
                 seat=seat_words(event.seat, players))
    if isinstance(event, PersonBack):
        where = seat_words(event.seat, players)
        if event.covered_from is not None:
            return _("{name} is back at {seat}; the computer hands the seat back.", name=event.player, seat=where)
        if event.was != "restart":
            return _("{name} is back at {seat}.", name=event.player, seat=where)
    return None


def install(room: Room) -> None:
    """The presence lines as listeners of the tables' events: each process tells its own connections."""

    async def started(event: GameStarted) -> None:
        table = room.tables.get(event.table)
        if table is not None:
            timeout = table.timeout
            table.say(lambda: begin_line(timeout))

    async def seats(event: TableEvent) -> None:
        table = room.tables.get(event.table)
        if table is None:
            return
        players, timeout = table.players, table.timeout
        seat = getattr(event, "seat", None)
        returning = room.connections.holding(table.id, seat) if isinstance(event, PersonBack) and seat is not None \
            else []
        if line_of(event, players, timeout) is not None:  # said to each in their language
            table.say(lambda: line_of(event, players, timeout) or "",
                      to=[conn for conn in room.connections.at(table.id) if conn not in returning])
        if isinstance(event, PersonBack) and event.covered_from is not None and table.host is not None:
            history = table.host.game.history[event.covered_from:]
            for conn in returning:
                report = in_language(conn, lambda: away_report(history, event.seat))
                if report is not None:
                    table.say(report, to=conn)

    room.events.subscribe(GameStarted, started)
    for kind in (PersonAway, PersonBack, Covering):
        room.events.subscribe(kind, seats)
