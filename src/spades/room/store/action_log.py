"""The one database statement on the path of every action: the table's next action appended, in one round trip.

Every action the room takes is stored before anyone hears of it (``tables``), so this statement is the room's
busiest by far. ``Store.append_action`` says what it means (the next seq, or False when another writer took that
seq first, or an error for a gap) through the ORM in a worker thread; here the same is one INSERT whose guard asks
for the previous seq, written through the driver itself:

- SQLite: on the event loop, on a connection of its own. The statement takes tens of microseconds (WAL, no sync
  at commit), less than handing it to a worker thread and back, which on a busy machine is where the time went.
- PostgreSQL: psycopg's asyncio connections (a few, for tables acting at once), in autocommit, the statement
  prepared by the driver after its first uses: the event loop goes on while the database answers.
- Anything else (an SQLite database in memory, which a second connection would not see): the store's own
  ``append_action`` in a worker thread.

The stored rows are the ORM's exactly (the time through the column's own bind processor), and ``Store.actions``
reads them back. A row the guard refuses (the previous seq is missing: a gap) is passed to the store, which says
what was wrong."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from . import ActionRowModel, Store

if TYPE_CHECKING:
    import psycopg

__all__ = ["ActionLog", "make_action_log"]

_SQL = ("INSERT INTO actions (table_id, seq, seat, action, at, timed) SELECT {p}, {p}, {p}, {p}, {p}, {p} "
        "WHERE {p} = 1 OR EXISTS (SELECT 1 FROM actions WHERE table_id = {p} AND seq = {p})")
POSTGRES_CONNECTIONS = 4  # appends of different tables in flight at once


class ActionLog:
    """The store's own append, in a worker thread: the reference the faster logs below agree with."""

    def __init__(self, store: Store) -> None:
        self.store = store
        processor = ActionRowModel.__table__.c.at.type.bind_processor(store.engine.dialect)
        self._at: Any = processor or (lambda value: value)  # the column's own conversion of a time

    def _row(self, table_id: int, seq: int, seat: int, action: str, timed: bool) -> tuple[Any, ...]:
        if seq < 1:
            raise ValueError("the first action is seq 1")
        return (table_id, seq, seat, action, self._at(datetime.now(UTC)), timed, seq, table_id, seq - 1)

    async def append(self, table_id: int, seq: int, seat: int, action: str, timed: bool = False) -> bool:
        """Commit the table's action ``seq`` (``timed``: the computer's, as the seat's clock ran out): True; False
        when that seq is taken already (catch up and check again); ValueError for a gap, as
        ``Store.append_action``."""
        result: bool = await asyncio.to_thread(self.store.append_action, table_id, seq, seat, action, timed)
        return result

    async def close(self) -> None:
        return None


class SqliteActionLog(ActionLog):
    def __init__(self, store: Store, path: str) -> None:
        super().__init__(store)
        self._path = path
        self._db: sqlite3.Connection | None = None
        self._sql = _SQL.format(p="?")

    def _connection(self) -> sqlite3.Connection:
        if self._db is None:
            db = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
            for pragma in ("busy_timeout=30000", "foreign_keys=ON", "synchronous=NORMAL"):
                db.execute(f"PRAGMA {pragma}")
            self._db = db
        return self._db

    async def append(self, table_id: int, seq: int, seat: int, action: str, timed: bool = False) -> bool:
        row = self._row(table_id, seq, seat, action, timed)
        try:
            added = self._connection().execute(self._sql, row).rowcount
        except sqlite3.IntegrityError:
            return False
        return bool(added) or await super().append(table_id, seq, seat, action, timed)

    async def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None


class PostgresActionLog(ActionLog):
    def __init__(self, store: Store, conninfo: str) -> None:
        super().__init__(store)
        self._conninfo = conninfo
        self._idle: asyncio.Queue[psycopg.AsyncConnection[Any]] = asyncio.Queue()
        self._made = 0
        self._sql = _SQL.format(p="%s")

    async def _take(self) -> psycopg.AsyncConnection[Any]:
        import psycopg

        if self._idle.empty() and self._made < POSTGRES_CONNECTIONS:
            self._made += 1
            try:
                return await psycopg.AsyncConnection.connect(self._conninfo, autocommit=True)
            except BaseException:
                self._made -= 1
                raise
        return await self._idle.get()

    async def append(self, table_id: int, seq: int, seat: int, action: str, timed: bool = False) -> bool:
        import psycopg

        row = self._row(table_id, seq, seat, action, timed)
        for attempt in (1, 2):
            db = await self._take()
            try:
                cursor = await db.execute(self._sql, row)
            except psycopg.errors.IntegrityError:
                self._idle.put_nowait(db)
                return False
            except psycopg.OperationalError:  # the connection is gone: a new one, once
                self._made -= 1
                with contextlib.suppress(Exception):
                    await db.close()
                if attempt == 2:
                    raise
                continue
            except BaseException:
                self._made -= 1
                with contextlib.suppress(Exception):
                    await db.close()
                raise
            self._idle.put_nowait(db)
            return bool(cursor.rowcount) or await super().append(table_id, seq, seat, action, timed)
        raise AssertionError("unreachable")

    async def close(self) -> None:
        while not self._idle.empty():
            with contextlib.suppress(Exception):
                await self._idle.get_nowait().close()
        self._made = 0


def make_action_log(store: Store) -> ActionLog:
    """The fastest log the store's database allows."""
    url = store.engine.url
    if url.get_backend_name() == "sqlite" and url.database and url.database != ":memory:" \
            and not url.database.startswith("file:"):
        return SqliteActionLog(store, url.database)
    if url.get_backend_name() == "postgresql":
        return PostgresActionLog(store, url.set(drivername="postgresql").render_as_string(hide_password=False))
    return ActionLog(store)
