"""The transactions of tables: made, seated, away and back, covered by the computer, started, their actions in
order, and finished with their records and the players' statistics."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import (
    and_,
    func,
    or_,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..identity import names
from .base import AWAY_REASONS, DEFAULT_SETTINGS, STATES, Database, _now
from .models import STAT_FIELDS, ActionRowModel, PlayerRow, RecordRow, SeatRow, StatsRow, TableRow
from .records import Account, ActionRow, Figures, Sat, StoredSeat, StoredTable


class TooManyTables(ValueError):
    """The owner has as many tables waiting or under way as they may (``owned``)."""

    def __init__(self, owned: int) -> None:
        super().__init__(f"the owner has {owned} tables waiting or under way")
        self.owned = owned


class _SeatTaken(Exception):
    """The seat was someone's: the transaction rolls back."""


class Tables(Database):
    """Tables, their seats and their actions."""

    def create_table(self, owner: Account, rules: Mapping[str, Any], seed: str, seats: int,
                     levels: Mapping[int, str | None] | None = None,
                     settings: Mapping[str, Any] | None = None, *, at_most: int | None = None) -> StoredTable:
        """A waiting table with ``seats`` empty seats, computer ``levels`` in those named; ``rules`` is the wire
        form (variant and options), ``settings`` override the defaults (timeout 60 s, pace). With ``at_most``,
        TooManyTables when the owner has that many waiting or under way: counted in the same transaction, after
        a write to the owner's row (its lock on PostgreSQL, the writer's lock on SQLite), so that tables created
        at once on several processes are counted one after another."""
        levels = levels or {}
        if any(not 0 <= seat < seats for seat in levels):
            raise ValueError(f"seats are 0 to {seats - 1}")
        with self._session() as session:
            if at_most is not None:
                session.execute(update(PlayerRow).where(PlayerRow.id == owner.id).values(name=PlayerRow.name))
                owned = self._open_owned(session, owner)
                if owned >= at_most:
                    raise TooManyTables(owned)
            row = TableRow(owner_id=owner.id, rules=dict(rules), seed=str(seed), state="waiting",
                           settings={**DEFAULT_SETTINGS, **(settings or {})},
                           invite=secrets.token_urlsafe(16), created=_now())
            session.add(row)
            session.flush()
            for seat in range(seats):
                session.add(SeatRow(table_id=row.id, seat=seat, player_id=None, level=levels.get(seat)))
            session.flush()
            return self._table_info(session, row)

    def open_tables_owned(self, owner: Account) -> int:
        """How many tables the player owns that are waiting or under way."""
        with self._session() as session:
            return self._open_owned(session, owner)

    @staticmethod
    def _open_owned(session: Session, owner: Account) -> int:
        return int(session.scalar(select(func.count()).select_from(TableRow).where(
            TableRow.owner_id == owner.id, TableRow.state.in_(("waiting", "playing")))) or 0)

    def table(self, table_id: int) -> StoredTable | None:
        with self._session() as session:
            row = session.get(TableRow, table_id)
            return self._table_info(session, row) if row else None

    def table_by_invite(self, invite: str) -> StoredTable | None:
        with self._session() as session:
            row = session.scalar(select(TableRow).where(TableRow.invite == invite))
            return self._table_info(session, row) if row else None

    def tables(self, states: tuple[str, ...] = ("waiting", "playing"), limit: int | None = None, *,
               newest_first: bool = False) -> list[StoredTable]:
        """The tables in those states, oldest first (or newest first), every one of them or the first ``limit``:
        a restart resumes every game under way, however many."""
        with self._session() as session:
            order = TableRow.id.desc() if newest_first else TableRow.id
            rows = session.scalars(select(TableRow).where(TableRow.state.in_(states)).order_by(order)
                                   .limit(limit)).all()
            return self._table_infos(session, list(rows))

    def tables_of(self, player: Account, states: tuple[str, ...] = ("waiting", "playing")) -> list[StoredTable]:
        """The tables in those states where the player holds a seat, oldest first: found by the seat, not by
        reading every table."""
        with self._session() as session:
            rows = session.scalars(select(TableRow).join(SeatRow, SeatRow.table_id == TableRow.id)
                                   .where(SeatRow.player_id == player.id, TableRow.state.in_(states))
                                   .order_by(TableRow.id)).all()
            return self._table_infos(session, list(rows))

    def set_seat(self, table_id: int, seat: int, player: Account | None = None, level: str | None = None, *,
                 only_if_empty: bool = False) -> bool:
        """Seat a player (or nobody) with a computer level (or none). With ``only_if_empty`` the change is made
        only when no player sits there, in the same statement, so two people sitting at once cannot both win it.
        False when the seat is not there or was taken, or the player holds another seat of the table (one person,
        one seat: ``sit`` moves them)."""
        try:
            with self._session() as session:
                statement = (update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                             .values(player_id=player.id if player else None, level=level, away=None,
                                     away_since=None, covered_from=None))
                if only_if_empty:
                    statement = statement.where(SeatRow.player_id.is_(None))
                result = session.execute(statement)
                return bool(getattr(result, "rowcount", 0))
        except IntegrityError:
            return False

    def sit(self, table_id: int, seat: int, player: Account, level: str | None = None,
            more_time: bool | None = None) -> Sat:
        """The person takes the empty ``seat`` and leaves any other seat of theirs at the table, in one
        transaction (with ``more_time``, whether they ask for more time on a clock, kept with them). The unique
        index on (table, player) is the rule that a person holds one seat at a table: two processes seating one
        person at two seats at once cannot both commit, and the second is refused (``elsewhere``)."""
        try:
            with self._session() as session:
                freed = tuple(session.scalars(
                    update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.player_id == player.id,
                                          SeatRow.seat != seat)
                    .values(player_id=None, away=None, away_since=None, covered_from=None)
                    .returning(SeatRow.seat)))
                taken = session.execute(
                    update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat,
                                          SeatRow.player_id.is_(None))
                    .values(player_id=player.id, level=level, away=None, away_since=None, covered_from=None))
                if not getattr(taken, "rowcount", 0):
                    raise _SeatTaken  # rolled back: the person keeps the seat they had
                if more_time is not None:
                    session.execute(update(PlayerRow).where(PlayerRow.id == player.id).values(more_time=more_time))
                session.flush()
            return Sat(True, tuple(sorted(freed)))
        except _SeatTaken:
            return Sat(False)
        except IntegrityError:
            return Sat(False, elsewhere=True)

    def set_away(self, table_id: int, seat: int, away: str, since: datetime | None = None, *,
                 only_if_present: bool = False) -> bool:
        """Mark the seat's person away (``away``: one of AWAY_REASONS) from ``since`` (now by default). With
        ``only_if_present`` nothing changes for a seat already marked away, so an earlier absence keeps its start.
        False when nothing changed."""
        if away not in AWAY_REASONS:
            raise ValueError(f"away is one of {', '.join(AWAY_REASONS)}")
        with self._session() as session:
            statement = (update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat,
                                               SeatRow.player_id.is_not(None))
                         .values(away=away, away_since=since or _now()))
            if only_if_present:
                statement = statement.where(SeatRow.away.is_(None))
            return bool(getattr(session.execute(statement), "rowcount", 0))

    def set_present(self, table_id: int, seat: int) -> StoredSeat | None:
        """The seat's person is back: away, its time and the computer's cover cleared in one statement. The seat
        as it was before (its absence and cover), or None when it was not marked away (nothing to announce)."""
        with self._session() as session:
            row = session.get(SeatRow, (table_id, seat), with_for_update=True)
            if row is None or row.away is None or row.away == "removed":
                return None
            before = StoredSeat(seat, None, row.level, row.away, row.away_since, row.covered_from)
            row.away, row.away_since, row.covered_from = None, None, None
            return before

    def cover(self, table_id: int, seat: int, seq: int, away_before: datetime) -> bool:
        """The computer plays the seat from after ``seq``, if its person is still away since ``away_before`` or
        earlier and no one covered it yet; False when another process did, or the person came back."""
        with self._session() as session:
            result = session.execute(
                update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat,
                                      SeatRow.away.is_not(None), SeatRow.covered_from.is_(None),
                                      SeatRow.away_since <= away_before)
                .values(covered_from=seq))
            return bool(getattr(result, "rowcount", 0))

    def cover_removed(self, table_id: int, seat: int, seq: int) -> bool:
        """The seat's person is removed: away for that reason and covered by the computer from after ``seq``."""
        with self._session() as session:
            result = session.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat,
                                                           SeatRow.player_id.is_not(None))
                                     .values(away="removed", away_since=_now(), covered_from=seq))
            return bool(getattr(result, "rowcount", 0))

    def set_state(self, table_id: int, state: str, *, was: str | None = None) -> bool:
        """Move a table to ``state`` (from ``was`` only, when given): False when it was not there or not so."""
        if state not in STATES:
            raise ValueError(f"a table's state is one of {', '.join(STATES)}")
        with self._session() as session:
            statement = update(TableRow).where(TableRow.id == table_id).values(
                state=state, **({"started": _now()} if state == "playing" else {}))
            if was is not None:
                statement = statement.where(TableRow.state == was)
            return bool(getattr(session.execute(statement), "rowcount", 0))

    def expire_waiting(self, made_before: datetime, empty_made_before: datetime) -> list[int]:
        """Close every table still waiting that was made before ``made_before``, or before ``empty_made_before``
        with no person in its seats (state "closed": never listed again, no game, no record); their ids. One
        statement, so processes sweeping at once close each table once."""
        with self._session() as session:
            seated = select(SeatRow.table_id).where(SeatRow.table_id == TableRow.id,
                                                     SeatRow.player_id.is_not(None)).exists()
            result = session.execute(
                update(TableRow).where(TableRow.state == "waiting",
                                       or_(TableRow.created < made_before,
                                           and_(TableRow.created < empty_made_before, ~seated)))
                .values(state="closed", finished=_now()).returning(TableRow.id))
            return sorted(result.scalars())

    def update_settings(self, table_id: int, settings: Mapping[str, Any]) -> None:
        with self._session() as session:
            row = session.get(TableRow, table_id)
            if row is not None:
                row.settings = {**row.settings, **settings}

    def _table_info(self, session: Session, row: TableRow) -> StoredTable:
        return self._table_infos(session, [row])[0]

    def _table_infos(self, session: Session, rows: list[TableRow]) -> list[StoredTable]:
        if not rows:
            return []
        ids = [row.id for row in rows]
        seat_rows = session.execute(
            select(SeatRow.table_id, SeatRow.seat, PlayerRow.name, SeatRow.level, SeatRow.away, SeatRow.away_since,
                   SeatRow.covered_from, PlayerRow.more_time)
            .outerjoin(PlayerRow, SeatRow.player_id == PlayerRow.id)
            .where(SeatRow.table_id.in_(ids)).order_by(SeatRow.table_id, SeatRow.seat)).all()
        owners = {player_id: name for player_id, name in session.execute(
            select(PlayerRow.id, PlayerRow.name).where(PlayerRow.id.in_({row.owner_id for row in rows})))}
        seats: dict[int, list[StoredSeat]] = {}
        for table_id, seat, name, level, away, since, covered, more_time in seat_rows:
            seats.setdefault(table_id, []).append(StoredSeat(seat, name, level, away, since, covered,
                                                             bool(more_time) and name is not None))
        return [StoredTable(id=row.id, owner=owners.get(row.owner_id, ""), rules=dict(row.rules), seed=row.seed,
                          state=row.state, settings=dict(row.settings), invite=row.invite, created=row.created,
                          finished=row.finished, seats=tuple(seats.get(row.id, ())), started=row.started)
                for row in rows]

    # actions: the order of play

    def actions(self, table_id: int, after: int = 0) -> list[ActionRow]:
        """The table's actions after the first ``after``, in order. The first action is seq 1, so a caller that
        holds n actions asks ``actions(table, after=n)`` and appends the next as seq n + 1."""
        with self._session() as session:
            rows = session.scalars(select(ActionRowModel)
                                   .where(ActionRowModel.table_id == table_id, ActionRowModel.seq > after)
                                   .order_by(ActionRowModel.seq)).all()
            return [ActionRow(row.seq, row.seat, row.action, row.at, bool(row.timed)) for row in rows]

    def action_count(self, table_id: int) -> int:
        with self._session() as session:
            return int(session.scalar(select(func.coalesce(func.max(ActionRowModel.seq), 0))
                                      .where(ActionRowModel.table_id == table_id)) or 0)

    def append_action(self, table_id: int, seq: int, seat: int, action: str, timed: bool = False) -> bool:
        """Commit the table's action number ``seq`` (1 for the first). True when it is committed; False when that
        seq is taken already (another writer accepted an action for this turn first: catch up and check again).
        A seq past the next one is a caller's error (ValueError): the order has no gaps."""
        if seq < 1:
            raise ValueError("the first action is seq 1")
        try:
            with self._session() as session:
                last = session.scalar(select(func.coalesce(func.max(ActionRowModel.seq), 0))
                                      .where(ActionRowModel.table_id == table_id)) or 0
                if seq <= last:
                    return False
                if seq > last + 1:
                    raise ValueError(f"table {table_id} has {last} actions: the next is seq {last + 1}, not {seq}")
                session.add(ActionRowModel(table_id=table_id, seq=seq, seat=seat, action=action, at=_now(),
                                           timed=timed))
            return True
        except IntegrityError:
            return False

    # finished games and statistics

    def finish(self, table_id: int, record: Mapping[str, Any], stats: Mapping[str, Figures] | None = None,
               also: Callable[[Session], datetime] | None = None) -> bool:
        """Close the table: state "over", the engine's record kept, and each named player's statistics increased
        by the game's figures, all in one transaction. False (and nothing changed) when the table was finished
        already, so that two processes seeing the same last trick count the game once. ``also`` does more in the
        same transaction once the table is claimed (the ratings: see ``ratings.rate_finished``) and gives the
        moment the game counts as finished, taken once it holds its players, so that the records' order is the
        order their players' ratings changed in."""
        try:
            with self._session() as session:
                now = _now()
                result = session.execute(update(TableRow)
                                         .where(TableRow.id == table_id, TableRow.state != "over")
                                         .values(state="over", finished=now))
                if not getattr(result, "rowcount", 0):
                    return False
                if also is not None:
                    now = also(session)
                    session.execute(update(TableRow).where(TableRow.id == table_id).values(finished=now))
                session.add(RecordRow(table_id=table_id, record=dict(record), finished=now))
                for name, change in (stats or {}).items():
                    add_stats(session, name, change)
            return True
        except IntegrityError:
            return False

    def record(self, table_id: int) -> dict[str, Any] | None:
        """The engine's record of a finished game; None while the game is not over (nothing of it is given)."""
        with self._session() as session:
            row = session.get(RecordRow, table_id)
            return dict(row.record) if row else None


def add_stats(session: Session, name: str, change: Figures) -> None:
    """Add in one UPDATE (each player has a stats row from the start), so that games finishing at once on
    two processes both count."""
    key = names.lookup_key(name)
    player_id = session.scalar(select(PlayerRow.id).where(PlayerRow.name_key == key)) if key else None
    if player_id is None:
        raise ValueError(f"no player named {name}")
    session.execute(update(StatsRow).where(StatsRow.player_id == player_id)
                    .values({getattr(StatsRow, field): getattr(StatsRow, field) + getattr(change, field)
                             for field in STAT_FIELDS}))
