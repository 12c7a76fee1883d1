"""The rows of the room's own tables: players and their sessions, tables and their seats, every action, the
finished records and each player's statistics. The other concerns keep their rows beside these, on the same
``Base`` (chat, the quick-play queue, ratings), each with its migration."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from ..identity import auth
from .base import Base, UTCDateTime, _now


class PlayerRow(Base):
    __tablename__ = "players"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(auth.NAME_MAX))
    name_key: Mapped[str] = mapped_column(String(4 * auth.NAME_MAX), unique=True)
    # the name's look with its case kept (names.look_key): I, l and 1 one, O and 0 one; none for a released guest
    look_key: Mapped[str | None] = mapped_column(String(4 * auth.NAME_MAX), unique=True, nullable=True)
    password_hash: Mapped[str | None] = mapped_column(String(255))
    created: Mapped[datetime] = mapped_column(UTCDateTime, default=_now)
    seen: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)  # a connection of theirs was open
    more_time: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")  # a clock's bank doubled


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
    started: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)  # its game's first turn began
    finished: Mapped[datetime | None] = mapped_column(UTCDateTime)


class SeatRow(Base):
    __tablename__ = "seats"
    # One person holds at most one seat at a table, however many processes seat them at once (people are not
    # NULL: any number of seats may be empty)
    __table_args__ = (Index("uq_seats_table_player", "table_id", "player_id", unique=True),)
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
    timed: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")  # the clock ran out: the computer's


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
