"""Each player's statistics as a listener of the tables: a finished game's figures are added to its registered
players' rows, and each person's record against the computer's levels to theirs (``store.computers``), in the
transaction that stores its end, so a game counts once, on any process, or not at all."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rating.meetings import meetings
from ..store import game_stats
from ..store.computers import add_meetings
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
        add_meetings(session, meetings(game.game.rules, game.meta.get("players") or {},
                                       game.meta.get("computers") or {}, game.game.winner))

    room.events.finishing(count)
