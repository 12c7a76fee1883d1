"""Players' ratings: an OpenSkill rating (Plackett-Luce, the ``openskill`` package) for each registered player in
each rating group, the games among people that the rating rules count, and each change a game made.

A rating group gathers the variants whose games measure the same skill: the partnership games of four (standard,
whiz, mirror, suicide) are one, solo for four another, the two-player game a third. A player's rating is shown as
its ordinal (mu less three sigma), which starts at 0 and rises as the rating grows surer as well as higher.

The rules (which games count, the ranks, openskill's computation) are ``rating_rules``, which knows no database;
this module keeps what they give. A game is rated in the transaction that stores its end (``Store.finish`` with
``rater``), so a crash loses nothing and the finish, once per table, rates it once; ``rebuild`` replays every
stored record, in the order they finished, through the same rules."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from ...game import Game
from ...record import game_from_record
from ..protocol.ratings import RATING_GROUPS
from ..rating.rules import GameFacts, Standing, facts, rate, unrated_reason
from ..store import PlayerRow, RecordRow, Store
from ..store.ratings import RatingChangeRow, RatingRow, standings_in

__all__ = ["GROUPS", "Rebuilt", "rate_finished", "rater", "rebuild"]

GROUPS = RATING_GROUPS  # the protocol's names of the groups, which the room keeps apart


def _now() -> datetime:
    return datetime.now(UTC)


def _at(moment: datetime) -> datetime:
    """A stored game's own moment, for the rebuild (``partial(_at, finished)``)."""
    return moment


def rate_finished(session: Session, table_id: int, game: GameFacts,
                  moment: Callable[[], datetime] = _now) -> datetime:
    """Rate a finished game in the transaction that stores its end: its registered players' rows are locked
    first (by id, so two games ending at once wait for each other rather than deadlock), then the game counts as
    finished (``moment``), and, when the rules rate it, each registered player's rating and its change are
    written. The moment is returned: the records' order is the order the ratings changed in."""
    names = sorted(set(game.players.values()) & game.registered)
    ids = dict(session.execute(select(PlayerRow.name, PlayerRow.id).where(PlayerRow.name.in_(names))
                               .order_by(PlayerRow.id).with_for_update()).all()) if names else {}
    finished = moment()
    if unrated_reason(game) is not None or not ids:
        return finished
    before = standings_in(session, game.group, names)
    after = rate(game, before)
    for name, new in after.items():
        player_id = ids.get(name)
        if player_id is None:
            continue
        old = before.get(name, Standing(name))
        hints = sum(n for seat, n in game.hints.items() if game.players.get(seat) == name)
        row = session.get(RatingRow, (player_id, game.group))
        if row is None:
            session.add(RatingRow(player_id=player_id, rating_group=game.group, mu=new.mu, sigma=new.sigma,
                                  games=new.games, hints=hints))
        else:
            row.mu, row.sigma, row.games = new.mu, new.sigma, new.games
            row.hints = (row.hints or 0) + hints
        session.add(RatingChangeRow(table_id=table_id, player_id=player_id, rating_group=game.group,
                                    mu_before=old.mu, sigma_before=old.sigma, mu=new.mu, sigma=new.sigma,
                                    finished=finished, hints=hints))
    return finished


def rater(table_id: int, game: Game, meta: Mapping[str, Any]) -> Callable[[Session], datetime]:
    """``Store.finish``'s ``also`` for a game the room has just played to its end."""
    found = facts(game, meta)
    return lambda session: rate_finished(session, table_id, found)


# -- the rebuild ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Rebuilt:
    """What a rebuild did: the players with a rating now, the games replayed, and how many were not rated."""

    players: int
    games: int
    unrated: int

    def __str__(self) -> str:
        return (f"Rebuilt the ratings of {self.players} player{'s' * (self.players != 1)} from {self.games} "
                f"game{'s' * (self.games != 1)}; {self.unrated} game{'s' * (self.unrated != 1)} unrated.")


def rebuild(store: Store) -> Rebuilt:
    """Every rating and every change made again from the stored records, in the order the games finished, through
    the rules the room rates by now; all in one transaction, so the room never shows half a rebuild."""
    games = unrated = 0
    with store.transaction() as session:
        session.execute(delete(RatingChangeRow))
        session.execute(delete(RatingRow))
        rows = session.execute(select(RecordRow.table_id, RecordRow.record, RecordRow.finished)
                               .order_by(RecordRow.finished, RecordRow.table_id)).all()
        for table_id, record, finished in rows:
            try:
                game = game_from_record(record)
            except Exception:  # a record this program cannot replay rates nothing
                unrated += 1
                games += 1
                continue
            found = facts(game, record.get("meta") or {})
            games += 1
            unrated += unrated_reason(found) is not None
            rate_finished(session, table_id, found, partial(_at, finished))
            session.flush()
        players = len(set(session.scalars(select(RatingRow.player_id)).all()))
    return Rebuilt(players, games, unrated)
