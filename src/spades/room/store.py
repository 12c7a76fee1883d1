"""The room's storage: players, sessions, tables and their seats, every accepted action in order, finished
records and each player's statistics, on SQLite (the default) or PostgreSQL through SQLAlchemy 2.

The order of a table's actions is the database's: ``actions`` has a unique key (table_id, seq), and
``append_action`` answers False when another writer (another thread or another ``spades serve`` process) took that
seq first. A table is rebuilt from its rules, seed and actions, so what is committed here is the whole game.

The store is synchronous and every method is one short transaction that returns plain values (dataclasses, no
ORM objects), so it is safe to call from any thread. The server calls it from asyncio through a thread
(``asyncio.to_thread``): each call is a few milliseconds, SQLite has no real async driver (aiosqlite is a thread
too), and one code path serves both databases and the tests.

SQLite runs in WAL mode (readers do not wait for the writer) with a busy timeout, so that two processes on one
file wait for each other's short write instead of failing. The schema is created and upgraded by the alembic
migrations in ``migrations/`` when a Store opens: an older database is upgraded in place, never dropped."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    DateTime,
    Dialect,
    ForeignKey,
    Integer,
    String,
    TypeDecorator,
    UniqueConstraint,
    create_engine,
    delete,
    event,
    func,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from ..game import Game
from . import auth, names

__all__ = [
    "AWAY_REASONS",
    "Account",
    "ActionRow",
    "Base",
    "Figures",
    "PlayerRow",
    "Store",
    "StoredSeat",
    "StoredTable",
    "UTCDateTime",
    "database_url",
    "default_database_url",
    "game_stats",
]

STATES = ("waiting", "playing", "over")
# Why a seated person is away: the connection was lost, they left the table, or the room restarted (every
# connection was lost at once; that one is not announced, since everyone lost theirs), or the table's owner
# removed them (the computer plays the seat for the rest of the game: they are never back).
AWAY_REASONS = ("dropped", "left", "restart", "removed")
DEFAULT_SETTINGS: dict[str, Any] = {"timeout": 60, "pace": 1.0}
ROOM_DATABASE = "room.sqlite3"
GUEST_GRACE = timedelta(minutes=10)  # a guest this new keeps its name even before its first session


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


class PlayerRow(Base):
    __tablename__ = "players"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(auth.NAME_MAX))
    name_key: Mapped[str] = mapped_column(String(4 * auth.NAME_MAX), unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(255))
    created: Mapped[datetime] = mapped_column(UTCDateTime, default=_now)


class SessionRow(Base):
    __tablename__ = "sessions"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    expires: Mapped[datetime] = mapped_column(UTCDateTime)


class TableRow(Base):
    __tablename__ = "tables"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[str] = mapped_column(String(200))
    state: Mapped[str] = mapped_column(String(16), default="waiting", index=True)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    invite: Mapped[str] = mapped_column(String(64), unique=True)
    created: Mapped[datetime] = mapped_column(UTCDateTime, default=_now)
    finished: Mapped[datetime | None] = mapped_column(UTCDateTime)


class SeatRow(Base):
    __tablename__ = "seats"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    level: Mapped[str | None] = mapped_column(String(32))
    away: Mapped[str | None] = mapped_column(String(16))  # AWAY_REASONS, or None: present (or no person)
    away_since: Mapped[datetime | None] = mapped_column(UTCDateTime)
    covered_from: Mapped[int | None] = mapped_column(Integer)  # the computer plays the seat after this seq


class ActionRowModel(Base):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("table_id", "seq", name="uq_actions_table_seq"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(16))
    at: Mapped[datetime] = mapped_column(UTCDateTime, default=_now)


class RecordRow(Base):
    __tablename__ = "records"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    record: Mapped[dict[str, Any]] = mapped_column(JSON)
    finished: Mapped[datetime] = mapped_column(UTCDateTime, default=_now)


class StatsRow(Base):
    __tablename__ = "stats"
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    games: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    contracts: Mapped[int] = mapped_column(Integer, default=0)
    made: Mapped[int] = mapped_column(Integer, default=0)
    nils: Mapped[int] = mapped_column(Integer, default=0)
    nils_made: Mapped[int] = mapped_column(Integer, default=0)
    bags: Mapped[int] = mapped_column(Integer, default=0)


STAT_FIELDS = ("games", "wins", "contracts", "made", "nils", "nils_made", "bags")


@dataclass(frozen=True)
class Account:
    id: int
    name: str
    guest: bool
    created: datetime


@dataclass(frozen=True)
class StoredSeat:
    seat: int
    player: str | None
    level: str | None
    away: str | None = None  # one of AWAY_REASONS while the seat's person is away
    away_since: datetime | None = None
    covered_from: int | None = None  # the seq after which the computer plays for the absent person


@dataclass(frozen=True)
class StoredTable:
    id: int
    owner: str
    rules: dict[str, Any]
    seed: str
    state: str
    settings: dict[str, Any]
    invite: str
    created: datetime
    finished: datetime | None
    seats: tuple[StoredSeat, ...]


@dataclass(frozen=True)
class ActionRow:
    seq: int
    seat: int
    action: str
    at: datetime


@dataclass(frozen=True)
class Figures:
    """A player's figures over finished games; also the change one game makes (``Store.finish``)."""

    name: str = ""
    games: int = 0
    wins: int = 0
    contracts: int = 0
    made: int = 0
    nils: int = 0
    nils_made: int = 0
    bags: int = 0


def game_stats(game: Game, players: Mapping[int, str]) -> dict[str, Figures]:
    """What a finished game adds to each seated player's figures (``players``: seat to name; computer seats are
    left out). A contract counts for a player who bid tricks (not Nil) in a hand where the side had a contract,
    made when the side took its contract; bags are the side's bags that hand, counted for each partner; a win is
    the player's side winning the game (a drawn game is no one's)."""
    rules = game.rules
    figures: dict[str, Figures] = {}
    for seat, name in players.items():
        side = rules.side_of(seat)
        contracts = made = nils = nils_made = bags = 0
        for result in game.results:
            mine = result.sides[side]
            bags += mine.bags
            own_nils = [nil for nil in mine.nils if nil.seat == seat]
            nils += len(own_nils)
            nils_made += sum(nil.made for nil in own_nils)
            if not own_nils and mine.contract > 0:
                contracts += 1
                made += mine.made
        figures[name] = Figures(name=name, games=1, wins=int(game.winner == side), contracts=contracts, made=made,
                              nils=nils, nils_made=nils_made, bags=bags)
    return figures


def default_database_url() -> str:
    from ..paths import data_dir

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


class Store:
    """The room's database; ``Store(url)`` opens it and brings its schema to the newest version."""

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

    @contextmanager
    def _session(self) -> Iterator[Session]:
        with self._sessions.begin() as session:
            yield session

    def transaction(self) -> AbstractContextManager[Session]:
        """One short transaction, for the modules that keep the room's other rows beside these (on ``Base``, with
        their own migrations): chat, the quick-play queue, ratings."""
        return self._session()

    # players and sessions

    def create_player(self, name: str, password: str) -> Account:
        """A registered player; AuthError "name_taken" when the name (in any case, or written with look-alike
        characters: ``names.name_key``) is someone's already. A guest whose time is over holds no name
        (``release_guest``)."""
        name = auth.check_name(name)
        hashed = auth.hash_password(password)
        return self._insert_player(name, hashed)

    def name_free(self, name: str) -> bool:
        """Whether the name could be taken now (a released guest's counts as free); no lock is held."""
        key = names.lookup_key(name)
        if key is None:
            return False
        with self._session() as session:
            row = session.scalar(select(PlayerRow).where(PlayerRow.name_key == key))
            return row is None or self._releasable(session, row)

    def guest(self, name: str | None = None) -> Account:
        """A guest: the name asked for (checked, and refused when taken) or a free "Guest 4821"."""
        if name is not None:
            return self._insert_player(auth.check_name(name), None)
        for _ in range(50):
            try:
                return self._insert_player(auth.guest_name(), None)
            except auth.AuthError:
                continue
        raise auth.AuthError("name_taken", "No guest name is free now; choose a name.")

    def _insert_player(self, name: str, hashed: str | None) -> Account:
        key = auth.name_key(name)
        self.release_guest(key)
        try:
            with self._session() as session:
                row = PlayerRow(name=name, name_key=key, password_hash=hashed, created=self._clock())
                session.add(row)
                session.flush()
                session.add(StatsRow(player_id=row.id, **dict.fromkeys(STAT_FIELDS, 0)))
                return _player(row)
        except IntegrityError:
            holder = self.player(name)
            if holder is None:
                raise
            looks = "" if holder.name == name else f" (it reads as {holder.name})"
            raise auth.AuthError("name_taken", f"The name {name} is taken{looks}.") from None

    def release_guest(self, key: str) -> bool:
        """Free the name whose key that is when a guest holds it whose time is over: no session of theirs is
        still valid, they were made more than ``GUEST_GRACE`` ago (a new guest gets its session just after), and
        they sit at no waiting or playing table and own none. The guest's row is kept under the key
        ``released:<id>``, which no name has, rather than deleted: finished tables keep their owner and seats
        (and show the name), a record keeps it as text, a connection still open under that guest stays a
        player of its own, and SQLite, which gives a deleted last row's id to the next row, never hands the
        guest's id to the next player. True when the name was freed."""
        with self._session() as session:
            row = session.scalar(select(PlayerRow).where(PlayerRow.name_key == key).with_for_update())
            if row is None or not self._releasable(session, row):
                return False
            row.name_key = f"released:{row.id}"
            return True

    def release_guests(self) -> int:
        """Free the names of every guest whose time is over (``release_guest``); how many. A name is also freed
        the moment someone asks for it, so this sweep only keeps the table small."""
        with self._session() as session:
            keys = session.scalars(select(PlayerRow.name_key).where(PlayerRow.password_hash.is_(None),
                                                                    ~PlayerRow.name_key.startswith("released:"))
                                   ).all()
        return sum(self.release_guest(key) for key in keys)

    def _releasable(self, session: Session, row: PlayerRow) -> bool:
        now = self._clock()
        if row.password_hash is not None or row.name_key.startswith("released:") or \
                row.created > now - GUEST_GRACE:
            return False
        live_session = session.scalar(select(func.count()).select_from(SessionRow)
                                      .where(SessionRow.player_id == row.id, SessionRow.expires > now))
        if live_session:
            return False
        active = ("waiting", "playing")
        owns = session.scalar(select(func.count()).select_from(TableRow)
                              .where(TableRow.owner_id == row.id, TableRow.state.in_(active)))
        sits = session.scalar(select(func.count()).select_from(SeatRow).join(TableRow, SeatRow.table_id == TableRow.id)
                              .where(SeatRow.player_id == row.id, TableRow.state.in_(active)))
        return not owns and not sits

    def player(self, name: str) -> Account | None:
        key = names.lookup_key(name)
        if key is None:
            return None
        with self._session() as session:
            row = session.scalar(select(PlayerRow).where(PlayerRow.name_key == key))
            return _player(row) if row else None

    def check_password(self, name: str, password: str) -> Account | None:
        """The player when name and password match; None for a wrong password, an unknown name or a guest."""
        key = names.lookup_key(name)
        with self._session() as session:
            row = session.scalar(select(PlayerRow).where(PlayerRow.name_key == key)) if key else None
            stored = row.password_hash if row else None
            if not auth.verify_password(stored, password) or row is None or stored is None:
                return None
            if auth.needs_rehash(stored):
                row.password_hash = auth.hash_password(password)
            return _player(row)

    def new_session(self, player: Account, lifetime: timedelta = auth.TOKEN_LIFETIME) -> tuple[str, datetime]:
        """A new session token for the player and when it expires; only the token's hash is stored."""
        token = auth.new_token()
        expires = self._clock() + lifetime
        with self._session() as session:
            session.add(SessionRow(token_hash=auth.token_hash(token), player_id=player.id, expires=expires))
        return token, expires

    def player_for_token(self, token: str) -> Account | None:
        """The token's player, or None for an unknown or expired token (an expired one is deleted)."""
        if not isinstance(token, str) or len(token) > 200:
            return None
        with self._session() as session:
            row = session.get(SessionRow, auth.token_hash(token))
            if row is None:
                return None
            if row.expires <= self._clock():
                session.delete(row)
                return None
            player = session.get(PlayerRow, row.player_id)
            return _player(player) if player else None

    def end_session(self, token: str) -> None:
        with self._session() as session:
            session.execute(delete(SessionRow).where(SessionRow.token_hash == auth.token_hash(token)))

    def forget_expired_sessions(self) -> int:
        with self._session() as session:
            result = session.execute(delete(SessionRow).where(SessionRow.expires <= self._clock()))
            return int(getattr(result, "rowcount", 0) or 0)

    # tables and seats

    def create_table(self, owner: Account, rules: Mapping[str, Any], seed: str, seats: int,
                     levels: Mapping[int, str | None] | None = None,
                     settings: Mapping[str, Any] | None = None) -> StoredTable:
        """A waiting table with ``seats`` empty seats, computer ``levels`` in those named; ``rules`` is the wire
        form (variant and options), ``settings`` override the defaults (timeout 60 s, pace)."""
        levels = levels or {}
        if any(not 0 <= seat < seats for seat in levels):
            raise ValueError(f"seats are 0 to {seats - 1}")
        with self._session() as session:
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

    def tables(self, states: tuple[str, ...] = ("waiting", "playing"), limit: int = 500) -> list[StoredTable]:
        """The lobby: tables in those states, oldest first."""
        with self._session() as session:
            rows = session.scalars(select(TableRow).where(TableRow.state.in_(states))
                                   .order_by(TableRow.id).limit(limit)).all()
            return self._table_infos(session, list(rows))

    def set_seat(self, table_id: int, seat: int, player: Account | None = None, level: str | None = None, *,
                 only_if_empty: bool = False) -> bool:
        """Seat a player (or nobody) with a computer level (or none). With ``only_if_empty`` the change is made
        only when no player sits there, in the same statement, so two people sitting at once cannot both win it.
        False when the seat is not there or was taken."""
        with self._session() as session:
            statement = (update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                         .values(player_id=player.id if player else None, level=level, away=None, away_since=None,
                                 covered_from=None))
            if only_if_empty:
                statement = statement.where(SeatRow.player_id.is_(None))
            result = session.execute(statement)
            return bool(getattr(result, "rowcount", 0))

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

    def set_state(self, table_id: int, state: str, *, was: str | None = None) -> bool:
        """Move a table to ``state`` (from ``was`` only, when given): False when it was not there or not so."""
        if state not in STATES:
            raise ValueError(f"a table's state is one of {', '.join(STATES)}")
        with self._session() as session:
            statement = update(TableRow).where(TableRow.id == table_id).values(state=state)
            if was is not None:
                statement = statement.where(TableRow.state == was)
            return bool(getattr(session.execute(statement), "rowcount", 0))

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
                   SeatRow.covered_from)
            .outerjoin(PlayerRow, SeatRow.player_id == PlayerRow.id)
            .where(SeatRow.table_id.in_(ids)).order_by(SeatRow.table_id, SeatRow.seat)).all()
        owners = {player_id: name for player_id, name in session.execute(
            select(PlayerRow.id, PlayerRow.name).where(PlayerRow.id.in_({row.owner_id for row in rows})))}
        seats: dict[int, list[StoredSeat]] = {}
        for table_id, seat, name, level, away, since, covered in seat_rows:
            seats.setdefault(table_id, []).append(StoredSeat(seat, name, level, away, since, covered))
        return [StoredTable(id=row.id, owner=owners.get(row.owner_id, ""), rules=dict(row.rules), seed=row.seed,
                          state=row.state, settings=dict(row.settings), invite=row.invite, created=row.created,
                          finished=row.finished, seats=tuple(seats.get(row.id, ())))
                for row in rows]

    # actions: the order of play

    def actions(self, table_id: int, after: int = 0) -> list[ActionRow]:
        """The table's actions after the first ``after``, in order. The first action is seq 1, so a caller that
        holds n actions asks ``actions(table, after=n)`` and appends the next as seq n + 1."""
        with self._session() as session:
            rows = session.scalars(select(ActionRowModel)
                                   .where(ActionRowModel.table_id == table_id, ActionRowModel.seq > after)
                                   .order_by(ActionRowModel.seq)).all()
            return [ActionRow(row.seq, row.seat, row.action, row.at) for row in rows]

    def action_count(self, table_id: int) -> int:
        with self._session() as session:
            return int(session.scalar(select(func.coalesce(func.max(ActionRowModel.seq), 0))
                                      .where(ActionRowModel.table_id == table_id)) or 0)

    def append_action(self, table_id: int, seq: int, seat: int, action: str) -> bool:
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
                session.add(ActionRowModel(table_id=table_id, seq=seq, seat=seat, action=action, at=_now()))
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
                    self._add_stats(session, name, change)
            return True
        except IntegrityError:
            return False

    def _add_stats(self, session: Session, name: str, change: Figures) -> None:
        """Add in one UPDATE (each player has a stats row from the start), so that games finishing at once on
        two processes both count."""
        key = names.lookup_key(name)
        player_id = session.scalar(select(PlayerRow.id).where(PlayerRow.name_key == key)) if key else None
        if player_id is None:
            raise ValueError(f"no player named {name}")
        session.execute(update(StatsRow).where(StatsRow.player_id == player_id)
                        .values({getattr(StatsRow, field): getattr(StatsRow, field) + getattr(change, field)
                                 for field in STAT_FIELDS}))

    def record(self, table_id: int) -> dict[str, Any] | None:
        """The engine's record of a finished game; None while the game is not over (nothing of it is given)."""
        with self._session() as session:
            row = session.get(RecordRow, table_id)
            return dict(row.record) if row else None

    def stats(self, name: str) -> Figures | None:
        """A player's figures (all zero before a first finished game); None when there is no such player."""
        key = names.lookup_key(name)
        if key is None:
            return None
        with self._session() as session:
            player = session.scalar(select(PlayerRow).where(PlayerRow.name_key == key))
            if player is None:
                return None
            row = session.get(StatsRow, player.id)
            figures = {field: getattr(row, field) for field in STAT_FIELDS} if row else {}
            return Figures(name=player.name, **figures)


def _player(row: PlayerRow) -> Account:
    return Account(id=row.id, name=row.name, guest=row.password_hash is None, created=row.created)
