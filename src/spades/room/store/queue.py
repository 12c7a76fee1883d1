"""The quick-play queue and the rematch in the database, so that every ``spades serve`` process on one database
agrees on them: one queue row per player (its key is the player, so a player is in one queue at a time), each
rematch answer, and the one rematch table made of a finished table.

A match is one transaction: it locks the variant's queue (PostgreSQL: ``pg_advisory_xact_lock``; SQLite: the
database's single writer, taken by the first statement, a delete), chooses the group, deletes exactly those rows
(all of them or nothing: another process that seated one of them first makes the transaction roll back) and
creates their table. The rematch table is made in one transaction with a row keyed by the finished table, so a
second maker fails on that key and only one new table is ever made."""

from __future__ import annotations

import secrets
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Boolean, Float, ForeignKey, String, delete, func, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from ...rules import Rules
from ...wire import rules_to_json
from ..protocol.codes import QUEUE_STALE
from . import DEFAULT_SETTINGS, Base, PlayerRow, SeatRow, Store, StoredTable, TableRow, UTCDateTime
from .ratings import rating_group, standings

__all__ = ["Match", "QueueRow", "Queued", "RematchAnswerRow", "RematchRow", "answer", "answers", "balanced_seats",
           "choose_group", "count_waiting", "dequeue", "enqueue", "heartbeat", "made", "make_rematch", "match",
           "nearest_to", "queue_of", "queued"]

COMPUTER_LEVEL = "normal"  # the computer that fills a quick-play table's empty seats


def _now() -> datetime:
    return datetime.now(UTC)


class QueueRow(Base):
    __tablename__ = "quick_queue"
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    variant: Mapped[str] = mapped_column(String(32), index=True)
    wait: Mapped[float] = mapped_column(Float)
    since: Mapped[datetime] = mapped_column(UTCDateTime)
    process: Mapped[str] = mapped_column(String(64))  # the serving process that holds the player's connection
    heartbeat: Mapped[datetime] = mapped_column(UTCDateTime)  # that process's last sign of life


class RematchAnswerRow(Base):
    __tablename__ = "rematch_answers"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    accept: Mapped[bool] = mapped_column(Boolean)
    at: Mapped[datetime] = mapped_column(UTCDateTime)


class RematchRow(Base):
    __tablename__ = "rematches"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    new_table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), unique=True)


@dataclass(frozen=True)
class Queued:
    """One person waiting: their name, when they came, how long they wait for people, their rating there."""

    name: str
    since: datetime
    wait: float
    rating: float = 0.0


@dataclass(frozen=True)
class Match:
    """A table made from the queue: its id and each person's seat."""

    table: int
    seats: dict[str, int]
    variant: str


def _player_id(session: Session, name: str) -> int | None:
    return session.scalar(select(PlayerRow.id).where(PlayerRow.name == name))


def enqueue(store: Store, player_id: int, variant: str, wait: float, process: str) -> str | None:
    """Put the player in the variant's queue (out of any other: the row is the player's); the queue they were in
    before, if another."""
    now = _now()
    with store.transaction() as session:
        row = session.get(QueueRow, player_id, with_for_update=True)
        before = row.variant if row is not None else None
        if row is None:
            session.add(QueueRow(player_id=player_id, variant=variant, wait=wait, since=now, process=process,
                                 heartbeat=now))
        else:
            row.variant, row.wait, row.since, row.process, row.heartbeat = variant, wait, now, process, now
    return before if before != variant else None


def dequeue(store: Store, player_id: int) -> str | None:
    """Take the player out of their queue; the variant they were waiting for, or None."""
    with store.transaction() as session:
        row = session.get(QueueRow, player_id)
        if row is None:
            return None
        variant = row.variant
        session.delete(row)
        return variant


def heartbeat(store: Store, process: str) -> list[str]:
    """The process is alive: its rows are fresh; the rows of processes silent for ``QUEUE_STALE`` are dropped.
    The variants whose queue lost someone so."""
    now = _now()
    with store.transaction() as session:
        session.execute(update(QueueRow).where(QueueRow.process == process).values(heartbeat=now))
        return _clean(session, now)


def _clean(session: Session, now: datetime) -> list[str]:
    """Drop the rows of silent processes. Being a write, it is also what takes SQLite's writer lock first in a
    transaction (the reads after it see no other writer's change)."""
    cutoff = now - timedelta(seconds=QUEUE_STALE)
    gone = session.scalars(delete(QueueRow).where(QueueRow.heartbeat < cutoff).returning(QueueRow.variant))
    return sorted(set(gone))


def _rows(session: Session, variant: str) -> list[tuple[str, datetime, float]]:
    return [(name, since, wait) for name, since, wait in session.execute(
        select(PlayerRow.name, QueueRow.since, QueueRow.wait).join(PlayerRow, PlayerRow.id == QueueRow.player_id)
        .where(QueueRow.variant == variant).order_by(QueueRow.since, QueueRow.player_id))]


def queued(store: Store, variant: str) -> list[Queued]:
    """The people waiting in the variant's queue, longest waiting first."""
    with store.transaction() as session:
        return [Queued(name, since, wait) for name, since, wait in _rows(session, variant)]


def queue_of(store: Store, player_id: int) -> str | None:
    with store.transaction() as session:
        row = session.get(QueueRow, player_id)
        return row.variant if row is not None else None


def choose_group(people: Sequence[Queued], size: int) -> list[Queued] | None:
    """The ``size`` people whose ratings are nearest: the smallest spread (highest less lowest) among runs of the
    sorted ratings; between equal spreads, those who have waited longest (the earliest latest arrival)."""
    if len(people) < size:
        return None
    ranked = sorted(people, key=lambda q: (q.rating, q.since))
    runs = [ranked[start:start + size] for start in range(len(ranked) - size + 1)]
    return min(runs, key=lambda run: (run[-1].rating - run[0].rating, max(q.since for q in run),
                                      sorted(q.since for q in run)))


def nearest_to(people: Sequence[Queued], name: str, size: int) -> list[Queued]:
    """The player and the others nearest in rating to them, up to ``size`` in all (longest waiting first among
    equals)."""
    me = next(q for q in people if q.name == name)
    others = sorted((q for q in people if q.name != name), key=lambda q: (abs(q.rating - me.rating), q.since))
    return [me, *others[:size - 1]]


def snake_order(rules: Rules) -> tuple[int, ...]:
    """The seats in the order the ranked people take them: each side its next seat, first to last, then last to
    first, and so on (at four: 0, 1, 3, 2; three partnerships of two: 0, 1, 2, 5, 4, 3)."""
    sides = [list(rules.seats_of(side)) for side in range(rules.sides)]
    order: list[int] = []
    turn = 0
    while len(order) < rules.players:
        for side in sides if turn % 2 == 0 else reversed(sides):
            if side:
                order.append(side.pop(0))
        turn += 1
    return tuple(order)


def balanced_seats(group: Sequence[Queued], rules: Rules) -> dict[str, int]:
    """Each person's seat. In partnerships the sides are balanced, strongest with weakest: by rating, the sides
    choose in turn and back again (at four the first and the fourth are partners, seats 0 and 2, the second and
    third the other side, 1 and 3); with fewer people the seats fill in that order. Otherwise by the order of
    arrival."""
    order: tuple[int, ...]
    if rules.partnerships:
        ranked = sorted(group, key=lambda q: (-q.rating, q.since))
        order = snake_order(rules)
    else:
        ranked = sorted(group, key=lambda q: q.since)
        order = tuple(range(rules.players))
    return {q.name: seat for q, seat in zip(ranked, order, strict=False)}


def _lock(session: Session, variant: str) -> None:
    """Hold the variant's queue for this transaction: PostgreSQL's advisory lock; on SQLite the first write
    (``_clean``'s delete) takes the one writer's lock."""
    if session.get_bind().dialect.name == "postgresql":
        session.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                        {"key": 7402_0000 + zlib.crc32(variant.encode()) % 10_000})


def _create_table(session: Session, owner_id: int, rules: dict[str, Any], seats: dict[int, int | None],
                  levels: dict[int, str | None], settings: dict[str, Any], players: int) -> int:
    row = TableRow(owner_id=owner_id, rules=rules, seed=str(secrets.randbelow(2**63)), state="waiting",
                   settings={**DEFAULT_SETTINGS, **settings}, invite=secrets.token_urlsafe(16), created=_now())
    session.add(row)
    session.flush()
    for seat in range(players):
        session.add(SeatRow(table_id=row.id, seat=seat, player_id=seats.get(seat), level=levels.get(seat)))
    session.flush()
    return row.id


MATCH_TRIES = 5  # reads of a queue that changes while it is matched, before the next change's turn


class _Taken(Exception):
    """Someone of the group was seated by another process meanwhile: the transaction rolls back."""


def match(store: Store, variant: str, settings: dict[str, Any], *, around: str | None = None) -> Match | None:
    """Seat a group of the variant's queue at a new table, in one transaction: the people nearest in rating when
    there are enough of them, or (``around``: a player who accepts the computer) that player and the people
    nearest to them, the computer in the seats left. None when there is no group (or it was taken meanwhile)."""
    for _ in range(MATCH_TRIES):
        try:
            return _match_once(store, variant, settings, around)
        except _Taken:  # a row taken meanwhile (its player moved, or was seated): the queue is read again
            continue
    return None


def _match_once(store: Store, variant: str, settings: dict[str, Any], around: str | None) -> Match | None:
    """One try of ``match``; _Taken (the transaction rolled back) when a row of the group was gone."""
    rules = Rules.preset(variant)
    now = _now()
    with store.transaction() as session:
        _lock(session, variant)
        _clean(session, now)
        rows = _rows(session, variant)
        if around is not None and around not in [name for name, _, _ in rows]:
            return None
        ratings = standings(store, rating_group(rules), [name for name, _, _ in rows])
        people = [Queued(name, since, wait, ratings[name].ordinal) for name, since, wait in rows]
        group = nearest_to(people, around, rules.players) if around is not None \
            else choose_group(people, rules.players)
        if not group:
            return None
        ids = {q.name: _player_id(session, q.name) for q in group}
        gone = session.execute(delete(QueueRow).where(QueueRow.player_id.in_(
            [i for i in ids.values() if i is not None])))
        if getattr(gone, "rowcount", 0) != len(group):
            raise _Taken
        seated = balanced_seats(group, rules)
        seats = {seat: ids[name] for name, seat in seated.items()}
        levels: dict[int, str | None] = {seat: COMPUTER_LEVEL for seat in range(rules.players)
                                         if seat not in seats}
        owner = ids[min(group, key=lambda q: q.since).name]
        assert owner is not None
        table = _create_table(session, owner, rules_to_json(rules), seats, levels,
                              {**settings, "autostart": True, "quick": variant}, rules.players)
        return Match(table, seated, variant)


# -- the rematch ------------------------------------------------------------------------------------------------

def answer(store: Store, table_id: int, player_id: int, accept: bool) -> None:
    """Keep a person's answer (a later one replaces it)."""
    with store.transaction() as session:
        row = session.get(RematchAnswerRow, (table_id, player_id))
        if row is None:
            session.add(RematchAnswerRow(table_id=table_id, player_id=player_id, accept=accept, at=_now()))
        else:
            row.accept, row.at = accept, _now()


def answers(store: Store, table_id: int) -> dict[str, bool]:
    """Each person's answer so far, by name, in the order given."""
    with store.transaction() as session:
        return {name: accept for name, accept in session.execute(
            select(PlayerRow.name, RematchAnswerRow.accept)
            .join(PlayerRow, PlayerRow.id == RematchAnswerRow.player_id)
            .where(RematchAnswerRow.table_id == table_id).order_by(RematchAnswerRow.at))}


def made(store: Store, table_id: int) -> int | None:
    """The rematch table made of that finished table, if one was."""
    with store.transaction() as session:
        return session.scalar(select(RematchRow.new_table_id).where(RematchRow.table_id == table_id))


def make_rematch(store: Store, old: StoredTable) -> int | None:
    """The new table of a rematch: the same rules, seats (people and computer levels) and settings, a new seed,
    owned by the same owner; None when another process made it first (the row keyed by the old table)."""
    try:
        with store.transaction() as session:
            owner = session.scalar(select(TableRow.owner_id).where(TableRow.id == old.id))
            ids = {s.seat: _player_id(session, s.player) if s.player else None for s in old.seats}
            settings = {key: value for key, value in old.settings.items() if key != "rematch_of"}
            new = _create_table(session, int(owner or 0), dict(old.rules), ids, {s.seat: s.level for s in old.seats},
                                {**settings, "autostart": True, "rematch_of": old.id}, len(old.seats))
            session.add(RematchRow(table_id=old.id, new_table_id=new))
            session.flush()
            return new
    except IntegrityError:
        return None


def count_waiting(store: Store, variant: str) -> int:
    with store.transaction() as session:
        return int(session.scalar(select(func.count()).select_from(QueueRow)
                                  .where(QueueRow.variant == variant)) or 0)
