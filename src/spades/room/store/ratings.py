"""The rating rows: each registered player's rating in each group and every change to it, how many actions the
computer took for each absent person at a table (a fact the rating rules read in the finished record), and the
standings read from them (quick play matches by them)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import Float, ForeignKey, Index, Integer, String, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from ...rules import Rules
from ..rating.rules import Standing, group_of
from .base import Base, Database, UTCDateTime
from .models import PlayerRow
from .records import StoredTable

__all__ = ["CoverRow", "HintRow", "RatingChangeRow", "RatingRow", "count_cover", "count_hint", "finish_meta",
           "rating_group", "standings", "standings_in"]


class RatingRow(Base):
    __tablename__ = "ratings"
    __table_args__ = (Index("ratings_by_group", "rating_group"),)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    rating_group: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    hints: Mapped[int] = mapped_column(Integer, default=0)  # hints asked in the group's rated games


class RatingChangeRow(Base):
    __tablename__ = "rating_changes"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    rating_group: Mapped[str] = mapped_column(String(32))
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    finished: Mapped[datetime] = mapped_column(UTCDateTime)
    hints: Mapped[int] = mapped_column(Integer, default=0)  # hints the player asked in that game


class CoverRow(Base):
    """How many actions the computer took for a person's seat while they were away."""

    __tablename__ = "covers"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    actions: Mapped[int] = mapped_column(Integer, default=0)


class HintRow(Base):
    """How many of a seat's decisions its person asked the hint for, in a game under way."""

    __tablename__ = "hints"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    asked: Mapped[int] = mapped_column(Integer, default=0)


def rating_group(rules: Rules) -> str:
    """The group a game's rating counts in: who plays with whom, and how many, rather than the variant's name."""
    return group_of(rules)


def standings(store: Database, group: str, names: Iterable[str]) -> dict[str, Standing]:
    """Each named player's standing in ``group``; a player with no rated game there (or a guest, or a name
    unknown to the room) has the starting one."""
    wanted = list(dict.fromkeys(names))
    found: dict[str, Standing] = {}
    if wanted:
        with store.transaction() as session:
            found = standings_in(session, group, wanted)
    return {name: found.get(name, Standing(name)) for name in wanted}


def standings_in(session: Session, group: str, names: list[str]) -> dict[str, Standing]:
    rows = session.execute(
        select(PlayerRow.name, RatingRow.mu, RatingRow.sigma, RatingRow.games)
        .join(RatingRow, RatingRow.player_id == PlayerRow.id)
        .where(PlayerRow.name.in_(names), RatingRow.rating_group == group)).all()
    return {name: Standing(name, mu, sigma, games) for name, mu, sigma, games in rows}


def count_cover(store: Database, table_id: int, seat: int) -> None:
    """One more action the computer took for the seat's absent person (one statement, so processes add up)."""
    _count_up(store, CoverRow, "actions", table_id, seat)


def count_hint(store: Database, table_id: int, seat: int) -> None:
    """One more decision of the seat's person taken with the hint asked for (one statement, so processes add up)."""
    _count_up(store, HintRow, "asked", table_id, seat)


def _count_up(store: Database, model: type[CoverRow] | type[HintRow], field: str, table_id: int, seat: int) -> None:
    """Add one to a seat's count in ``model`` (its row made at the first)."""
    column = getattr(model, field)
    for _ in range(3):
        try:
            with store.transaction() as session:
                done = session.execute(update(model).where(model.table_id == table_id, model.seat == seat)
                                       .values({column: column + 1}))
                if not getattr(done, "rowcount", 0):
                    session.add(model(table_id=table_id, seat=seat, **{field: 1}))
            return
        except IntegrityError:  # another process made the row first: add to it
            continue


def finish_meta(store: Database, info: StoredTable, registered: Mapping[int, str]) -> dict[str, Any]:
    """What a finished game's record keeps besides the game: the table, who sat where, which of them were
    registered players, the computer's level at each seat it held, how many actions it took for each absent
    person, the seats whose person the owner removed, and how many decisions each person asked the hint for, so
    that the rating rules (and the record against each computer level) read the record alone."""
    with store.transaction() as session:
        covered = {str(seat): n for seat, n in session.execute(
            select(CoverRow.seat, CoverRow.actions).where(CoverRow.table_id == info.id)).all()}
        hints = {str(seat): n for seat, n in session.execute(
            select(HintRow.seat, HintRow.asked).where(HintRow.table_id == info.id)).all()}
    return {"table": info.id,
            "players": {str(s.seat): s.player for s in info.seats if s.player is not None},
            "registered": sorted(set(registered.values())),
            "computers": {str(s.seat): s.level for s in info.seats if s.player is None and s.level},
            "covered": covered,
            "removed": [s.seat for s in info.seats if s.player is not None and s.away == "removed"],
            "hints": hints}
