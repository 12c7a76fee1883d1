"""Each player's record against the computer, kept as games finish (``computer_records``): by level, and whether the
computer sat against the player or as their partner, the games and the wins. A player's page reads these few rows;
it used to read and replay every finished record the player sat in, for every reader of the page, which a crowd of
readers turned into the room's slowest request.

Which games count, and how, is stated once (``rating.meetings``), for the finishing game and for the migration that
counted the games finished before (``migrations/versions/v0014_computer_records.py``)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import ForeignKey, Integer, String, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from ..identity import names
from .base import Base
from .models import PlayerRow

__all__ = ["ComputerRecordRow", "add_meetings", "computer_record"]


class ComputerRecordRow(Base):
    __tablename__ = "computer_records"
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    level: Mapped[str] = mapped_column(String(64), primary_key=True)
    role: Mapped[str] = mapped_column(String(16), primary_key=True)
    games: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)


def add_meetings(session: Session, found: list[tuple[str, str, str, bool]]) -> None:
    """Count a game's meetings into the players' rows, in the transaction that stores its end: one statement a row,
    made or added to (an upsert), so that games finishing at once on two processes both count."""
    from sqlalchemy.dialects import postgresql, sqlite

    insert = postgresql.insert if session.get_bind().dialect.name == "postgresql" else sqlite.insert
    for name, level, role, won in found:
        key = names.lookup_key(name)
        player_id = session.scalar(select(PlayerRow.id).where(PlayerRow.name_key == key)) if key else None
        if player_id is None:
            continue
        statement = insert(ComputerRecordRow).values(player_id=player_id, level=level, role=role, games=1,
                                                     wins=int(won))
        session.execute(statement.on_conflict_do_update(
            index_elements=["player_id", "level", "role"],
            set_={"games": ComputerRecordRow.games + 1, "wins": ComputerRecordRow.wins + int(won)}))


def computer_record(session: Session, player_id: int) -> list[dict[str, Any]]:
    """The player's rows, by level then role."""
    rows = session.execute(select(ComputerRecordRow.level, ComputerRecordRow.role, ComputerRecordRow.games,
                                  ComputerRecordRow.wins)
                           .where(ComputerRecordRow.player_id == player_id)
                           .order_by(ComputerRecordRow.level, ComputerRecordRow.role)).all()
    return [{"level": level, "role": role, "games": games, "wins": wins} for level, role, games, wins in rows]
