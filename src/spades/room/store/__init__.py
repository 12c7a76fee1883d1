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

from .base import AWAY_REASONS, DEFAULT_SETTINGS, Base, UTCDateTime, database_url, default_database_url
from .models import ActionRowModel, PlayerRow, RecordRow, SeatRow, SessionRow, StatsRow, TableRow
from .players import Players, taken_words
from .records import Account, ActionRow, Figures, Sat, StoredSeat, StoredTable, game_stats
from .tables import Tables, TooManyTables

__all__ = [
    "AWAY_REASONS",
    "DEFAULT_SETTINGS",
    "Account",
    "ActionRow",
    "ActionRowModel",
    "Base",
    "Figures",
    "PlayerRow",
    "RecordRow",
    "Sat",
    "SeatRow",
    "SessionRow",
    "StatsRow",
    "Store",
    "StoredSeat",
    "StoredTable",
    "TableRow",
    "TooManyTables",
    "UTCDateTime",
    "database_url",
    "default_database_url",
    "game_stats",
    "taken_words",
]


class Store(Players, Tables):
    """The room's database; ``Store(url)`` opens it and brings its schema to the newest version. Each concern's
    transactions are a module of their own (players, tables; chat, queue, ratings beside them)."""
