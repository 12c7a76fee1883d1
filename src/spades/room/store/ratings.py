"""The rating rows and the transactions that keep them: each registered player's rating in each group and every
change to it, each rated game with its people and the weight it counted with, the games whose rating a moderator
voided, the rated games each player abandoned, how many actions the computer took for each absent person at a
table (a fact the rating rules read in the finished record), and the standings read from them (quick play matches
by them).

A game is rated in the transaction that stores its end (``rate_finished``, through ``Store.finish``'s ``also``),
so a crash loses nothing and the finish, once per table, rates it once; ``rebuild`` replays every stored record,
in the order they finished, through the same rules (``rating.rules``), leaving out the voided games; and
``void_rating`` voids one game and rebuilds in the same transaction."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from typing import Any

from sqlalchemy import Float, ForeignKey, Index, Integer, String, and_, delete, func, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from ...language import _, n_
from ...record import game_from_record
from ...rules import Rules
from ..rating.rules import (
    REPEAT_WINDOW,
    GameFacts,
    Standing,
    abandoned,
    facts,
    group_of,
    rate,
    repeat_weight,
    unrated_reason,
)
from .base import Base, Database, UTCDateTime
from .models import PlayerRow, RecordRow
from .records import StoredTable

__all__ = ["VOID_REASON_MAX", "AbandonRow", "CoverRow", "HintRow", "RatedGameRow", "RatingChangeRow", "RatingRow",
           "RatingVoidRow", "Rebuilt", "abandons_since", "count_cover", "count_hint", "finish_meta", "rate_finished",
           "rated_game", "rating_group", "rebuild", "standings", "standings_in", "void_rating", "voided"]

VOID_REASON_MAX = 500  # characters of a void's reason kept


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


class RatedGameRow(Base):
    """A rated game: its people (their player ids, ascending, space-separated: the same set of people is the same
    text), when it finished, which rated game among those people within the repeat window it was (1 for the first)
    and the weight it counted with."""

    __tablename__ = "rated_games"
    __table_args__ = (Index("rated_games_by_people", "people", "finished"),)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    rating_group: Mapped[str] = mapped_column(String(32))
    people: Mapped[str] = mapped_column(String(100))
    finished: Mapped[datetime] = mapped_column(UTCDateTime)
    number: Mapped[int] = mapped_column(Integer)
    weight: Mapped[float] = mapped_column(Float)


class RatingVoidRow(Base):
    """A finished game whose rating a moderator voided: it counts for no rating, as if it had not been rated."""

    __tablename__ = "rating_voids"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    by: Mapped[str] = mapped_column(String(64))  # the moderator's name
    reason: Mapped[str] = mapped_column(String(VOID_REASON_MAX))
    at: Mapped[datetime] = mapped_column(UTCDateTime)


class AbandonRow(Base):
    """A registered player abandoned a rated game (``rating.rules.abandoned``), at the moment it finished; the
    early-leaver rule (``rating.leavers``) reads them."""

    __tablename__ = "abandons"
    __table_args__ = (Index("abandons_by_player", "player_id", "at"),)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime)


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
    for _try in range(3):
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


# -- rating a finished game ----------------------------------------------------------------------------------------

def _now() -> datetime:
    return datetime.now(UTC)


def _at(moment: datetime) -> datetime:
    """A stored game's own moment, for the rebuild (``partial(_at, finished)``)."""
    return moment


def _earlier(session: Session, people: str, finished: datetime, table_id: int) -> int:
    """The rated games among the same people that finished within the repeat window before this one (at the same
    moment: those of a lower table id), as stored."""
    return session.scalar(select(func.count()).select_from(RatedGameRow).where(
        RatedGameRow.people == people, RatedGameRow.finished > finished - REPEAT_WINDOW,
        or_(RatedGameRow.finished < finished,
            and_(RatedGameRow.finished == finished, RatedGameRow.table_id < table_id)))) or 0


def rate_finished(session: Session, table_id: int, game: GameFacts,
                  moment: Callable[[], datetime] = _now) -> datetime:
    """Rate a finished game in the transaction that stores its end: its registered players' rows are locked
    first (by id, so two games ending at once wait for each other rather than deadlock), then the game counts as
    finished (``moment``), and, when the rules rate it, it is kept as a rated game with its people and weight
    (the rated games among the same people before it, ``rating.rules.repeat_weight``), each registered player's
    rating and its change are written, and each registered player who abandoned it is kept as having done so. The
    moment is returned: the records' order is the order the ratings changed in."""
    names = sorted(set(game.players.values()) & game.registered)
    ids = dict(session.execute(select(PlayerRow.name, PlayerRow.id).where(PlayerRow.name.in_(names))
                               .order_by(PlayerRow.id).with_for_update()).all()) if names else {}
    finished = moment()
    if unrated_reason(game) is not None or not ids:
        return finished
    people = " ".join(str(player_id) for player_id in sorted(ids.values()))
    number = 1 + _earlier(session, people, finished, table_id)
    weight = repeat_weight(number)
    session.add(RatedGameRow(table_id=table_id, rating_group=game.group, people=people, finished=finished,
                             number=number, weight=weight))
    before = standings_in(session, game.group, names)
    after = rate(game, before, weight)
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
    for name in sorted({game.players[seat] for seat in abandoned(game)}):
        if name in ids:
            session.add(AbandonRow(table_id=table_id, player_id=ids[name], at=finished))
    return finished


def rated_game(session: Session, table_id: int) -> RatedGameRow | None:
    """The table's game as it was rated (its number among the same people and its weight); None when unrated."""
    return session.get(RatedGameRow, table_id)


def voided(session: Session, table_id: int) -> RatingVoidRow | None:
    """The void of the table's game's rating, if a moderator voided it."""
    return session.get(RatingVoidRow, table_id)


def abandons_since(store: Database, player_id: int, since: datetime) -> list[datetime]:
    """The moments of the player's abandoned rated games since ``since`` (for the early-leaver rule)."""
    with store.transaction() as session:
        return list(session.scalars(select(AbandonRow.at).where(AbandonRow.player_id == player_id,
                                                                AbandonRow.at > since).order_by(AbandonRow.at)))


# -- the rebuild and the void --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Rebuilt:
    """What a rebuild did: the players with a rating now, the games replayed, how many were not rated, and how
    many of them a moderator voided."""

    players: int
    games: int
    unrated: int
    voided: int = 0

    def __str__(self) -> str:
        # Translators: each count is said with its noun ("3 players", "1 game", "2 games unrated").
        fields = {"players": n_("{n} player", "{n} players", self.players),
                  "games": n_("{n} game", "{n} games", self.games),
                  "unrated": n_("{n} game unrated", "{n} games unrated", self.unrated), "voided": self.voided}
        if self.voided:
            return _("Rebuilt the ratings of {players} from {games}; {unrated}, {voided} voided.", **fields)
        return _("Rebuilt the ratings of {players} from {games}; {unrated}.", **fields)


def _rebuild(session: Session) -> Rebuilt:
    """Every rating, change, rated game and abandon made again from the stored records, in the order the games
    finished (equal moments by table), leaving out the voided games. Every player's row is locked first, in the
    order of their ids, as a finishing game locks its own: a game that ends meanwhile is rated after the rebuild,
    on what it wrote."""
    session.execute(select(PlayerRow.id).order_by(PlayerRow.id).with_for_update()).all()
    for model in (RatingChangeRow, RatingRow, RatedGameRow, AbandonRow):
        session.execute(delete(model))
    void = set(session.scalars(select(RatingVoidRow.table_id)))
    games = unrated = voids = 0
    rows = session.execute(select(RecordRow.table_id, RecordRow.record, RecordRow.finished)
                           .order_by(RecordRow.finished, RecordRow.table_id)).all()
    for table_id, record, finished in rows:
        games += 1
        if table_id in void:
            voids += 1
            continue
        try:
            game = game_from_record(record)
        except Exception:  # a record this program cannot replay rates nothing
            unrated += 1
            continue
        found = facts(game, record.get("meta") or {})
        unrated += unrated_reason(found) is not None
        rate_finished(session, table_id, found, partial(_at, finished))
        session.flush()
    players = len(set(session.scalars(select(RatingRow.player_id)).all()))
    return Rebuilt(players, games, unrated, voids)


def rebuild(store: Database) -> Rebuilt:
    """Every rating and every change made again from the stored records, in the order the games finished, through
    the rules the room rates by now, leaving out the games whose rating was voided; all in one transaction, so the
    room never shows half a rebuild."""
    with store.transaction() as session:
        return _rebuild(session)


def void_rating(store: Database, table_id: int, by: str, reason: str) -> bool:
    """Void the rating of the finished game at ``table_id``: it is marked voided (``by``: the moderator's name;
    ``reason``: why, in their words, cut to ``VOID_REASON_MAX`` characters) and every rating is made again as if
    that game had never been rated (a rebuild in the same transaction, through the same rules: the games after it
    among the same people count as the repeats they now are, and its abandons no longer count). True when the game
    is voided by this call; False when the table has no finished game, or its rating was voided already. Either
    way nothing is half done."""
    try:
        with store.transaction() as session:
            if session.get(RecordRow, table_id) is None or session.get(RatingVoidRow, table_id) is not None:
                return False
            session.add(RatingVoidRow(table_id=table_id, by=by[:64], reason=reason[:VOID_REASON_MAX], at=_now()))
            session.flush()
            _rebuild(session)
        return True
    except IntegrityError:  # voided at the same moment by another transaction
        return False
