"""The store's ground: the room's database (SQLite by default, or PostgreSQL), its engine and sessions, the
declarative base every row model of the room is made on, and the few values the modules of transactions share."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import (
    DateTime,
    Dialect,
    TypeDecorator,
    create_engine,
    event,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Session, sessionmaker

from ..protocol.codes import GUEST_HOLD_MINUTES

STATES = ("waiting", "playing", "over", "closed")  # closed: expired while waiting, never played
# Why a seated person is away: the connection was lost, they left the table, or the room restarted (every
# connection was lost at once; that one is not announced, since everyone lost theirs), or the table's owner
# removed them (the computer plays the seat for the rest of the game: they are never back).
AWAY_REASONS = ("dropped", "left", "restart", "removed")
DEFAULT_SETTINGS: dict[str, Any] = {"timeout": 60, "pace": 1.0}
ROOM_DATABASE = "room.sqlite3"
GUEST_GRACE = timedelta(minutes=10)  # a guest this new keeps its name even before its first session
GUEST_HOLD = timedelta(minutes=GUEST_HOLD_MINUTES)  # a guest's name is kept this long after their last connection


def _now() -> datetime:
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """A moment in UTC on both databases (SQLite keeps no time zone: it is put back on reading)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("a stored time needs its time zone")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Base(DeclarativeBase):
    pass



def default_database_url() -> str:
    from ...paths import data_dir

    return f"sqlite:///{data_dir() / ROOM_DATABASE}"


def database_url(url: str | None = None) -> str:
    """The SQLAlchemy URL for ``--database``: the default SQLite file, a path or ``sqlite:`` URL, or a
    ``postgresql://`` URL, which is driven by psycopg 3."""
    if not url:
        return default_database_url()
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    if "://" not in url:
        return f"sqlite:///{Path(url).expanduser()}"
    return url


def make_engine(url: str | None = None) -> Engine:
    url = database_url(url)
    if url.startswith("sqlite"):
        path = url.split("///", 1)[1] if "///" in url else ""
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": 30})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(connection: Any, record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20)


class Database:
    """The room's database opened: its engine and its short transactions; ``Store`` adds the transactions of
    each concern."""


    def __init__(self, url: str | None = None, *, engine: Engine | None = None, migrate: bool = True,
                 clock: Callable[[], datetime] = _now) -> None:
        self.engine = engine or make_engine(url)
        self._clock = clock  # the time sessions expire by and guests are released by (tests move it)
        if migrate:
            from .migrations import upgrade

            upgrade(self.engine)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    def close(self) -> None:
        self.engine.dispose()

    def now(self) -> datetime:
        """The store's clock: the moment sessions expire by, guests are released by and sanctions end by (a
        test moves it)."""
        return self._clock()

    @contextmanager
    def _session(self) -> Iterator[Session]:
        with self._sessions.begin() as session:
            yield session

    def transaction(self) -> AbstractContextManager[Session]:
        """One short transaction, for the modules that keep the room's other rows beside these (on ``Base``, with
        their own migrations): chat, the quick-play queue, ratings."""
        return self._session()
