"""Players' ratings: an OpenSkill rating (Plackett-Luce, the ``openskill`` package) for each registered player in
each rating group, the games among people that the rating rules count, and each change a game made.

A rating group gathers the variants whose games measure the same skill: the partnership games of four (standard,
whiz, mirror, suicide) are one, solo for four another, the two-player game a third. A player's rating is shown as
its ordinal (mu less three sigma), which starts at 0 and rises as the rating grows surer as well as higher.

The rules (which games count, the ranks, the weight of repeated games, openskill's computation) are
``rating.rules``, which knows no database; the store's ``ratings`` keeps what they give: a game is rated in the
transaction that stores its end (``Store.finish`` with ``rater``: ``rate_finished``), ``rebuild`` replays every
stored record, in the order they finished, through the same rules, and ``void_rating`` voids one game's rating
and rebuilds. This module is the room's side: the finished game's facts handed to the store."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from ...game import Game
from ..protocol.ratings import RATING_GROUPS
from ..rating.rules import facts
from ..store.ratings import Rebuilt, rate_finished, rebuild, void_rating

__all__ = ["GROUPS", "Rebuilt", "rate_finished", "rater", "rebuild", "void_rating"]

GROUPS = RATING_GROUPS  # the protocol's names of the groups, which the room keeps apart


def rater(table_id: int, game: Game, meta: Mapping[str, Any]) -> Callable[[Session], datetime]:
    """``Store.finish``'s ``also`` for a game the room has just played to its end."""
    found = facts(game, meta)
    return lambda session: rate_finished(session, table_id, found)
