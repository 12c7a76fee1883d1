"""What happens to a table, as typed events, and the hub the room's features hear them through.

The table's actor says what happened to it (a game started, a hand over, a game over, a seat taken or left, a person
away or back, the computer covering a seat; and the lobby's sweep, a table closed unplayed) and knows nothing of who
listens: ratings, the rematch, quick play, the presence lines, chat and the statistics subscribe here, and a new
feature (a tournament, a clock, a moderator's action) is one more subscriber, never an edit to the actor.

An event is made once in the room, by the process that stored the change, after it is stored. That process's
subscribers hear it first, in the order the events were made, each awaited in turn; then it goes on the bus, and
every other process's subscribers hear it once, in the order the bus carries it. A subscriber that writes (a rating,
a count) asks for ``made_here`` events only, so the work is done once in the room; one that tells its own connections
hears every event. A subscriber's failure is logged and the others still hear the event: a feature never stops a
table.

A game's end is also offered, inside the transaction that stores it, to the parts subscribed with ``finishing`` (the
rating, the players' statistics): what must not be lost between the game's end and its effects is written with it, or
not at all."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from ...game import Game

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from ..store import StoredSeat
    from .connections import Connection

__all__ = ["ConnectionClosed", "Covering", "Events", "FinishedGame", "GameOver", "GameStarted", "HandOver",
           "PersonAway", "PersonBack", "SeatLeft", "SeatTaken", "TableClosed", "TableEvent", "heard", "seat_events"]

log = logging.getLogger("spades.room")


@dataclass(frozen=True)
class TableEvent:
    """Something that happened to table ``table``; each kind names itself on the bus by ``kind``."""

    kind: ClassVar[str] = ""
    table: int


@dataclass(frozen=True)
class GameStarted(TableEvent):
    kind: ClassVar[str] = "game_started"
    people: tuple[str, ...] = ()  # the people seated, in seat order


@dataclass(frozen=True)
class HandOver(TableEvent):
    kind: ClassVar[str] = "hand_over"
    hand: int = 0
    scores: tuple[int, ...] = ()  # each side's score after the hand
    seq: int = 0  # the action that ended it


@dataclass(frozen=True)
class GameOver(TableEvent):
    kind: ClassVar[str] = "game_over"
    scores: tuple[int, ...] = ()
    winner: int | None = None  # a side, or None for a drawn match


@dataclass(frozen=True)
class SeatTaken(TableEvent):
    kind: ClassVar[str] = "seat_taken"
    seat: int = 0
    player: str = ""


@dataclass(frozen=True)
class SeatLeft(TableEvent):
    kind: ClassVar[str] = "seat_left"
    seat: int = 0
    player: str = ""


@dataclass(frozen=True)
class PersonAway(TableEvent):
    """A seated person is gone while the game is under way: ``reason`` as the store says it (dropped, left,
    restart, removed), ``was`` the reason before, if they were away already."""

    kind: ClassVar[str] = "person_away"
    seat: int = 0
    player: str = ""
    reason: str = ""
    was: str | None = None


@dataclass(frozen=True)
class PersonBack(TableEvent):
    kind: ClassVar[str] = "person_back"
    seat: int = 0
    player: str = ""
    was: str = ""  # why they were away
    covered_from: int | None = None  # the action the computer's cover began at, if it had


@dataclass(frozen=True)
class Covering(TableEvent):
    """The computer plays an absent person's seat from action ``since`` on."""

    kind: ClassVar[str] = "covering"
    seat: int = 0
    player: str = ""
    since: int = 0
    away: str = ""


@dataclass(frozen=True)
class TableClosed(TableEvent):
    """The table was closed: before its game started (it waited too long: ``minutes`` is how long a table may),
    or by a moderator at any time (``reason``: the words its people hear, a sentence kept as data, ``Later``'s
    JSON, so that each hears it in their own language in every process)."""

    kind: ClassVar[str] = "table_closed"
    minutes: float = 0.0
    reason: dict[str, Any] = field(default_factory=dict)


KINDS: dict[str, type[TableEvent]] = {kind.kind: kind for kind in (
    GameStarted, HandOver, GameOver, SeatTaken, SeatLeft, PersonAway, PersonBack, Covering, TableClosed)}


@dataclass(frozen=True)
class ConnectionClosed:
    """One of this process's connections closed (never carried to other processes: the connection is this
    process's own). ``tables``: the tables it was at, and its seat at each."""

    connection: Connection
    tables: Mapping[int, int | None] = field(default_factory=dict)


@dataclass(frozen=True)
class FinishedGame:
    """A game at its end, as the parts that are stored with it read it: the table, the finished game, its record's
    meta (who sat where, who is registered, the computers, the covers) and the registered players by seat."""

    table: int
    game: Game
    meta: Mapping[str, Any]
    registered: Mapping[int, str]


def to_json(event: TableEvent) -> dict[str, Any]:
    return {"kind": event.kind, **dataclasses.asdict(event)}


def from_json(data: object) -> TableEvent | None:
    """The event another process made; None for anything that is not one (a newer kind, a garbled notice)."""
    if not isinstance(data, dict):
        return None
    kind = KINDS.get(str(data.get("kind")))
    if kind is None:
        return None
    values = {f.name: data[f.name] for f in dataclasses.fields(kind) if f.name in data}
    for name in ("people", "scores"):
        if isinstance(values.get(name), list):
            values[name] = tuple(values[name])
    try:
        return kind(**values)
    except TypeError:
        return None


def seat_events(table: int, before: tuple[StoredSeat, ...], after: tuple[StoredSeat, ...]) -> list[TableEvent]:
    """What happened to the seats between two readings of them (by this process, around a change it stored), in
    seat order."""
    events: list[TableEvent] = []
    was = {seat.seat: seat for seat in before}
    for seat in after:
        old = was.get(seat.seat)
        if old is None:
            continue
        if old.player != seat.player:
            if old.player is not None:
                events.append(SeatLeft(table, seat.seat, old.player))
            if seat.player is not None:
                events.append(SeatTaken(table, seat.seat, seat.player))
            continue
        if seat.player is None:
            continue
        if seat.away is not None and seat.away != old.away:
            events.append(PersonAway(table, seat.seat, seat.player, seat.away, old.away))
        if seat.covered_from is not None and old.covered_from is None:
            events.append(Covering(table, seat.seat, seat.player, seat.covered_from, seat.away or ""))
        if seat.away is None and old.away is not None:
            events.append(PersonBack(table, seat.seat, seat.player, old.away, old.covered_from))
    return events


def heard(event: TableEvent) -> bool:
    """Whether the table is told of a change in who is there: a restart is not announced (everyone lost the
    connection at once and comes back by themselves), only the computer's cover that may follow it."""
    if isinstance(event, PersonAway):
        return event.reason != "restart"
    if isinstance(event, PersonBack):
        return event.covered_from is not None or event.was != "restart"
    return isinstance(event, Covering)


E = TypeVar("E")
Handler = Callable[[Any], Awaitable[None]]
Part = Callable[["Session", FinishedGame], "datetime | None"]


class Events:
    """One process's hub: its subscribers by kind of event, in the order they subscribed, and the parts a game's
    end is stored with. ``forward`` carries an event this process made to the others (the room's bus)."""

    def __init__(self, forward: Callable[[dict[str, Any]], Awaitable[None]] | None = None) -> None:
        self._forward = forward
        self._subscribers: list[tuple[type, Handler, bool]] = []
        self._parts: list[Part] = []

    def subscribe(self, kind: type[E], handler: Callable[[E], Awaitable[None]], *, made_here: bool = False) -> None:
        """``handler`` hears every event of ``kind`` (or of its subclasses) once; with ``made_here``, only those
        this process made."""
        self._subscribers.append((kind, handler, made_here))

    def finishing(self, part: Part) -> None:
        """``part`` runs inside the transaction that stores a game's end; a moment it returns is when the game
        counts as finished (the ratings' order)."""
        self._parts.append(part)

    def finish_parts(self, game: FinishedGame) -> Callable[[Session], datetime] | None:
        """The parts for one game, as the store's ``finish`` takes them; None when nothing subscribed."""
        if not self._parts:
            return None
        parts = list(self._parts)

        def run(session: Session) -> datetime:
            moment = None
            for part in parts:
                moment = part(session, game) or moment
            return moment or datetime.now(UTC)

        return run

    async def emit(self, event: TableEvent | ConnectionClosed) -> None:
        """This process made ``event`` (after storing what it tells of): its subscribers hear it, then the
        other processes do."""
        await self._dispatch(event, here=True)
        if isinstance(event, TableEvent) and self._forward is not None:
            try:
                await self._forward(to_json(event))
            except Exception as error:  # the bus gone for a moment: this process's own subscribers have heard it
                log.error("table %s: an event could not be carried to the other processes (%s)", event.table,
                          type(error).__name__)

    async def receive(self, data: object) -> None:
        """An event another process made, from the bus."""
        event = from_json(data)
        if event is not None:
            await self._dispatch(event, here=False)

    async def _dispatch(self, event: object, *, here: bool) -> None:
        for kind, handler, made_here in list(self._subscribers):
            if not isinstance(event, kind) or (made_here and not here):
                continue
            try:
                await handler(event)
            except Exception as error:  # the reason may name a card: only its kind is logged
                log.error("a subscriber of %s failed (%s: %s)", type(event).__name__, getattr(handler, "__qualname__",
                          handler), type(error).__name__)
