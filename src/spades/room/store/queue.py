"""The quick-play queue and the rematch in the database, so that every ``spades serve`` process on one database
agrees on them: one queue row per player (its key is the player, so a player is in one queue at a time), each
rematch answer, and the one rematch table made of a finished table.

A match is one transaction: it locks the variant's queue (PostgreSQL: ``pg_advisory_xact_lock``; SQLite: the
database's single writer, taken by the first statement, a delete), chooses the group, deletes exactly those rows
(all of them or nothing: another process that seated one of them first makes the transaction roll back) and
creates their table. The rematch table is made in one transaction with a row keyed by the finished table, so a
second maker fails on that key and only one new table is ever made."""

from __future__ import annotations

import itertools
import secrets
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Boolean, Float, ForeignKey, String, delete, func, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, aliased, mapped_column

from ...rules import Rules
from ...wire import rules_to_json
from ..protocol.codes import QUEUE_STALE
from . import DEFAULT_SETTINGS, Base, PlayerRow, SeatRow, Store, StoredTable, TableRow, UTCDateTime
from .friends import blocked_names_between
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
    # the partner the player asked to sit with (seated together once each has named the other)
    partner_id: Mapped[int | None] = mapped_column(
        ForeignKey("players.id", ondelete="SET NULL", name="fk_quick_queue_partner"), nullable=True)


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
    """One person waiting: their name, when they came, how long they wait for people, their rating there, and
    the partner they asked for."""

    name: str
    since: datetime
    wait: float
    rating: float = 0.0
    partner: str | None = None


@dataclass(frozen=True)
class Match:
    """A table made from the queue: its id and each person's seat."""

    table: int
    seats: dict[str, int]
    variant: str


def _player_id(session: Session, name: str) -> int | None:
    return session.scalar(select(PlayerRow.id).where(PlayerRow.name == name))


def enqueue(store: Store, player_id: int, variant: str, wait: float, process: str,
            partner_id: int | None = None) -> str | None:
    """Put the player in the variant's queue (out of any other: the row is the player's), asking to sit with
    ``partner_id``; the queue they were in before, if another."""
    now = _now()
    with store.transaction() as session:
        row = session.get(QueueRow, player_id, with_for_update=True)
        before = row.variant if row is not None else None
        if row is None:
            session.add(QueueRow(player_id=player_id, variant=variant, wait=wait, since=now, process=process,
                                 heartbeat=now, partner_id=partner_id))
        else:
            row.variant, row.wait, row.since, row.process, row.heartbeat = variant, wait, now, process, now
            row.partner_id = partner_id
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


def _rows(session: Session, variant: str) -> list[Queued]:
    """The variant's queue, longest waiting first (unrated)."""
    partner = aliased(PlayerRow)
    return [Queued(name, since, wait, partner=mate) for name, since, wait, mate in session.execute(
        select(PlayerRow.name, QueueRow.since, QueueRow.wait, partner.name)
        .join(PlayerRow, PlayerRow.id == QueueRow.player_id)
        .outerjoin(partner, partner.id == QueueRow.partner_id)
        .where(QueueRow.variant == variant).order_by(QueueRow.since, QueueRow.player_id))]


def queued(store: Store, variant: str) -> list[Queued]:
    """The people waiting in the variant's queue, longest waiting first."""
    with store.transaction() as session:
        return _rows(session, variant)


def queue_of(store: Store, player_id: int) -> str | None:
    with store.transaction() as session:
        row = session.get(QueueRow, player_id)
        return row.variant if row is not None else None


Unit = tuple[Queued, ...]  # one person, or two who asked for each other as partners


def units(people: Sequence[Queued]) -> list[Unit]:
    """Who may be seated, as they must be seated: each pair who named each other, together; each person who named
    no one, alone. One who named a partner not (yet) asking for them back waits for them, and is left out."""
    by_name = {q.name: q for q in people}
    found: list[Unit] = []
    placed: set[str] = set()
    for q in people:
        if q.name in placed:
            continue
        placed.add(q.name)
        if q.partner is None:
            found.append((q,))
            continue
        mate = by_name.get(q.partner)
        if mate is not None and mate.partner == q.name and mate.name not in placed:
            placed.add(mate.name)
            found.append((q, mate))
    return found


def _rating(unit: Unit) -> float:
    return sum(q.rating for q in unit) / len(unit)


def _closeness(group: Sequence[Queued]) -> tuple[float, datetime, list[datetime]]:
    """How good a group is: the spread of its ratings (highest less lowest), then the latest arrival in it, then
    the others' arrivals (smaller is better: those who have waited longest)."""
    ratings = [q.rating for q in group]
    return max(ratings) - min(ratings), max(q.since for q in group), sorted(q.since for q in group)


Apart = frozenset[frozenset[str]]  # the pairs of names of whom one blocks the other


def _clash(group: Sequence[Queued], apart: Apart) -> bool:
    names = [q.name.casefold() for q in group]
    return any(frozenset((a, b)) in apart for i, a in enumerate(names) for b in names[i + 1:])


def choose_group(people: Sequence[Queued], size: int, pairs: int | None = None,
                 apart: Apart = frozenset()) -> list[Queued] | None:
    """The ``size`` people whose ratings are nearest: the smallest spread (highest less lowest) among runs of the
    sorted ratings; between equal spreads, those who have waited longest (the earliest latest arrival). Partners
    who asked for each other come together or not at all, at most ``pairs`` pairs a table (one a side). Two of
    whom one blocks the other (``apart``) are never in one group when a group without such a pair can be made."""
    found = units(people)
    if all(len(unit) == 1 for unit in found):
        singles = [unit[0] for unit in found]
        if len(singles) < size:
            return None
        ranked = sorted(singles, key=lambda q: (q.rating, q.since))
        best_run = min((ranked[start:start + size] for start in range(len(ranked) - size + 1)), key=_closeness)
        if not apart or not _clash(best_run, apart):
            return best_run
        # another choice: any group without a blocked pair, the nearest in rating (every group, for a queue of
        # the size quick play has; the runs of the sorted ratings beyond that)
        groups = (itertools.combinations(ranked, size) if len(ranked) <= APART_SEARCH
                  else (ranked[start:start + size] for start in range(len(ranked) - size + 1)))
        clean = [list(g) for g in groups if not _clash(g, apart)]
        return min(clean, key=_closeness) if clean else best_run
    ranked_units = sorted(found, key=lambda unit: (_rating(unit), min(q.since for q in unit)))
    best: list[Queued] | None = None
    best_clean: list[Queued] | None = None
    for start, first in enumerate(ranked_units):  # each unit with a few of those just above it in rating
        near = ranked_units[start + 1:start + 1 + size + 2]
        for count in range(size):
            for more in itertools.combinations(near, count):
                group = [q for unit in (first, *more) for q in unit]
                if len(group) != size or (pairs is not None and sum(len(u) == 2 for u in (first, *more)) > pairs):
                    continue
                if best is None or _closeness(group) < _closeness(best):
                    best = group
                if apart and not _clash(group, apart) and (best_clean is None
                                                           or _closeness(group) < _closeness(best_clean)):
                    best_clean = group
    return best_clean if apart and best_clean is not None else best


def nearest_to(people: Sequence[Queued], name: str, size: int, pairs: int | None = None,
               apart: Apart = frozenset()) -> list[Queued]:
    """The player (with the partner who asked for them) and the others nearest in rating to them, up to ``size``
    in all (longest waiting first among equals), pairs whole, at most ``pairs`` of them; none who blocks, or is
    blocked by, one already in the group (the computer takes that seat instead)."""
    found = units(people)
    mine = next((unit for unit in found if any(q.name == name for q in unit)), None)
    if mine is None:  # asked for a partner who has not asked back: seated without them
        mine = (next(q for q in people if q.name == name),)
    rating = _rating(mine)
    group = list(mine)
    paired = int(len(mine) == 2)
    for unit in sorted((u for u in found if u is not mine),
                       key=lambda u: (abs(_rating(u) - rating), min(q.since for q in u))):
        if len(group) + len(unit) > size or (len(unit) == 2 and pairs is not None and paired + 1 > pairs):
            continue
        if apart and _clash([*group, *unit], apart):
            continue
        group.extend(unit)
        paired += int(len(unit) == 2)
    return group


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
    third the other side, 1 and 3); with fewer people the seats fill in that order. Two who asked for each other
    sit together first, a side of their own each pair (the stronger pair the first side), and the others fill
    the seats left in that order. Otherwise by the order of arrival."""
    order: tuple[int, ...]
    if not rules.partnerships:
        ranked = sorted(group, key=lambda q: q.since)
        return {q.name: seat for q, seat in zip(ranked, range(rules.players), strict=False)}
    seats: dict[str, int] = {}
    pairs = sorted((unit for unit in units(group) if len(unit) == 2),
                   key=lambda unit: (-_rating(unit), min(q.since for q in unit)))
    for side, pair in zip(range(rules.sides), pairs, strict=False):
        for q, seat in zip(pair, rules.seats_of(side), strict=False):
            seats[q.name] = seat
    ranked = sorted((q for q in group if q.name not in seats), key=lambda q: (-q.rating, q.since))
    order = tuple(seat for seat in snake_order(rules) if seat not in seats.values())
    seats.update((q.name, seat) for q, seat in zip(ranked, order, strict=False))
    return seats


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


APART_SEARCH = 14  # a queue this long or shorter is searched whole for a group with no blocked pair
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
        if around is not None and around not in [q.name for q in rows]:
            return None
        ratings = standings(store, rating_group(rules), [q.name for q in rows])
        people = [Queued(q.name, q.since, q.wait, ratings[q.name].ordinal, q.partner) for q in rows]
        pairs = rules.sides if rules.partnerships else 0
        apart: Apart = frozenset(frozenset(pair) for pair in blocked_names_between(store, [q.name for q in rows]))
        group = nearest_to(people, around, rules.players, pairs, apart) if around is not None \
            else choose_group(people, rules.players, pairs, apart)
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
        # the owner: of those who own the fewest tables waiting or under way (a cap counts them), the longest waiting
        owned = {name: int(session.scalar(select(func.count()).select_from(TableRow).where(
            TableRow.owner_id == player_id, TableRow.state.in_(("waiting", "playing")))) or 0)
            for name, player_id in ids.items()}
        owner = ids[min(group, key=lambda q: (owned[q.name], q.since)).name]
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
