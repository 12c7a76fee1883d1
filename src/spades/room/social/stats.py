"""Each player's statistics as a listener of the tables: a finished game's figures are added to its registered
players' rows in the transaction that stores its end, so a game counts once, on any process, or not at all."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..store import game_stats
from ..store.tables import add_stats
from ..table.events import FinishedGame

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from ..table.room import Room

__all__ = ["install"]


def install(room: Room) -> None:
    def count(session: Session, game: FinishedGame) -> None:
        for name, change in game_stats(game.game, game.registered).items():
            add_stats(session, name, change)

    room.events.finishing(count)
