"""Tournaments' rows and transactions: the tournament, its entries (two players each, both having entered), each
round's pairing with the tables it made, and each match's result.

A round is paired once in the room: its row (tournament, round) is the primary key, inserted in the same
transaction as the round's tables and their seats, so two processes pairing the same round at once cannot both
commit, and nobody is seated twice. The director's lease (``directed_by`` until ``directed_until``) is taken in one
statement, so one process directs a tournament at a time and another takes over once the lease runs out."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import JSON, ForeignKey, Integer, String, UniqueConstraint, func, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from ...language import _
from .. import protocol as p
from . import Account, Base, PlayerRow, SeatRow, Store, TableRow, UTCDateTime
from .base import DEFAULT_SETTINGS

__all__ = ["Entry", "Match", "MatchSpec", "Paired", "TournamentEntryRow", "TournamentMatchRow", "TournamentRoundRow",
           "TournamentRow", "TournamentState", "TournamentTrouble", "create_tournament", "enter", "leave",
           "open_tournaments", "pair_round", "record_result", "start", "take_lease", "tournament",
           "tournament_of_table"]


class TournamentRow(Base):
    __tablename__ = "tournaments"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    director_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    name: Mapped[str] = mapped_column(String(4 * p.TOURNAMENT_NAME_MAX))
    format: Mapped[str] = mapped_column(String(16))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)  # rounds, hands, entries, clock
    state: Mapped[str] = mapped_column(String(16), default="entry", index=True)
    round: Mapped[int] = mapped_column(Integer, default=0)
    created: Mapped[datetime] = mapped_column(UTCDateTime)
    directed_by: Mapped[str | None] = mapped_column(String(64))
    directed_until: Mapped[datetime | None] = mapped_column(UTCDateTime)


class TournamentEntryRow(Base):
    __tablename__ = "tournament_entries"
    # one entry a player in a tournament: their own, or the one that names them as partner
    __table_args__ = (UniqueConstraint("tournament_id", "first_id", name="uq_tournament_entries_first"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), index=True)
    first_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    second_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))  # none: a player for themselves
    confirmed: Mapped[bool] = mapped_column(default=False)
    number: Mapped[int | None] = mapped_column(Integer)  # from 1, by rating, once started


class TournamentRoundRow(Base):
    __tablename__ = "tournament_rounds"
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True)
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    bye: Mapped[int | None] = mapped_column(Integer)  # the entry number with the bye


class TournamentMatchRow(Base):
    __tablename__ = "tournament_matches"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    tournament_id: Mapped[int] = mapped_column(Integer, index=True)
    round: Mapped[int] = mapped_column(Integer)
    number: Mapped[int] = mapped_column(Integer)  # the table's number in the round, from 1
    ns: Mapped[int] = mapped_column(Integer)
    ew: Mapped[int] = mapped_column(Integer)
    ns_halves: Mapped[int | None] = mapped_column(Integer)  # North-South's result in halves: 2 won, 1 drawn, 0 lost
    board: Mapped[int | None] = mapped_column(Integer)  # a duplicate's board, played at this table
    ns_score: Mapped[int | None] = mapped_column(Integer)  # the sides' scores at the end of the game
    ew_score: Mapped[int | None] = mapped_column(Integer)
    covered: Mapped[list[int] | None] = mapped_column(JSON)  # seats whose person the computer played most of
    seats: Mapped[list[int | None] | None] = mapped_column(JSON)  # a table of individuals: the entry at each seat
    scores: Mapped[list[int] | None] = mapped_column(JSON)  # each side's score at the end


@dataclass(frozen=True)
class Entry:
    id: int
    number: int | None
    players: tuple[str, ...]  # two, or one for a player for themselves
    confirmed: bool


@dataclass(frozen=True)
class Match:
    table: int
    round: int
    number: int
    ns: int
    ew: int
    ns_halves: int | None
    board: int | None = None
    ns_score: int | None = None
    ew_score: int | None = None
    covered: tuple[int, ...] = ()
    seats: tuple[int | None, ...] = ()  # a table of individuals: the entry at each seat (None: the computer)
    scores: tuple[int, ...] = ()


@dataclass(frozen=True)
class MatchSpec:
    """A match to make: its number in the round, the entries North-South and East-West, and for a duplicate its
    board and the seed every table deals that board from."""

    number: int
    ns: int
    ew: int
    board: int | None = None
    seed: str | None = None
    seats: tuple[int | None, ...] = ()  # a table of individuals: the entry at each seat (None: the computer)


@dataclass(frozen=True)
class TournamentState:
    id: int
    name: str
    format: str
    director: str
    rules: dict[str, Any]
    settings: dict[str, Any]
    state: str
    round: int
    entries: tuple[Entry, ...]
    byes: tuple[int | None, ...]  # by round, from round 1
    matches: tuple[Match, ...]

    def entry_of(self, name: str) -> Entry | None:
        key = name.casefold()
        return next((e for e in self.entries if key in (n.casefold() for n in e.players)), None)

    def round_matches(self, round_: int) -> list[Match]:
        return sorted((m for m in self.matches if m.round == round_), key=lambda m: (m.number, m.board or 0))


@dataclass(frozen=True)
class Paired:
    """A round paired here: its tables, each with its seats' people by name."""

    round: int
    tables: tuple[tuple[int, int, int | None, dict[str, int]], ...]  # (table id, number, board, name -> seat)


class TournamentTrouble(Exception):
    """A refusal with its protocol code."""

    def __init__(self, code: p.ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code


COMPUTER_LEVEL = "normal"  # the computer that fills a table of individuals' empty seats


def _now() -> datetime:
    return datetime.now(UTC)


def _state(session: Any, row: TournamentRow) -> TournamentState:
    entry_rows = session.scalars(select(TournamentEntryRow).where(TournamentEntryRow.tournament_id == row.id)
                                 .order_by(TournamentEntryRow.number, TournamentEntryRow.id)).all()
    ids = {row.director_id} | {e.first_id for e in entry_rows} | {e.second_id for e in entry_rows if e.second_id}
    names = dict(session.execute(select(PlayerRow.id, PlayerRow.name).where(PlayerRow.id.in_(ids))).all())
    rounds = session.scalars(select(TournamentRoundRow).where(TournamentRoundRow.tournament_id == row.id)
                             .order_by(TournamentRoundRow.round)).all()
    matches = session.scalars(select(TournamentMatchRow).where(TournamentMatchRow.tournament_id == row.id)).all()
    return TournamentState(
        id=row.id, name=row.name, format=row.format, director=names.get(row.director_id, ""), rules=dict(row.rules),
        settings=dict(row.settings), state=row.state, round=row.round,
        entries=tuple(Entry(e.id, e.number, tuple(names.get(i, "") for i in (e.first_id, e.second_id) if i),
                            e.confirmed) for e in entry_rows),
        byes=tuple(r.bye for r in rounds),
        matches=tuple(Match(m.table_id, m.round, m.number, m.ns, m.ew, m.ns_halves, m.board, m.ns_score, m.ew_score,
                            tuple(m.covered or ()), tuple(m.seats or ()), tuple(m.scores or ()))
                      for m in matches))


def tournament(store: Store, tournament_id: int) -> TournamentState | None:
    with store.transaction() as session:
        row = session.get(TournamentRow, tournament_id)
        return None if row is None else _state(session, row)


def open_tournaments(store: Store) -> list[int]:
    """The tournaments entering or running: the ones a director may have to move on."""
    with store.transaction() as session:
        return list(session.scalars(select(TournamentRow.id).where(TournamentRow.state.in_(("entry", "running")))
                                    .order_by(TournamentRow.id)))


def listed(store: Store, most: int) -> list[TournamentState]:
    """The tournaments entering or under way, then the last ones over, newest first: ``most`` at most."""
    with store.transaction() as session:
        open_rows = session.scalars(select(TournamentRow).where(TournamentRow.state.in_(("entry", "running")))
                                    .order_by(TournamentRow.id.desc()).limit(most)).all()
        over = session.scalars(select(TournamentRow).where(TournamentRow.state == "over")
                               .order_by(TournamentRow.id.desc()).limit(max(0, most - len(open_rows)))).all()
        return [_state(session, row) for row in (*open_rows, *over)]


def tournament_of_table(store: Store, table_id: int) -> int | None:
    with store.transaction() as session:
        return session.scalar(select(TournamentMatchRow.tournament_id).where(TournamentMatchRow.table_id == table_id))


def _active_entries(session: Any, player_id: int) -> int:
    return int(session.scalar(
        select(func.count()).select_from(TournamentEntryRow).join(
            TournamentRow, TournamentRow.id == TournamentEntryRow.tournament_id)
        .where(TournamentRow.state.in_(("entry", "running")),
               or_(TournamentEntryRow.first_id == player_id, TournamentEntryRow.second_id == player_id))) or 0)


def create_tournament(store: Store, director: Account, name: str, format_: str, rules: dict[str, Any],
                      settings: dict[str, Any]) -> TournamentState:
    with store.transaction() as session:
        directing = session.scalar(select(func.count()).select_from(TournamentRow).where(
            TournamentRow.director_id == director.id, TournamentRow.state.in_(("entry", "running")))) or 0
        if directing >= p.TOURNAMENTS_PER_PLAYER:
            raise TournamentTrouble(p.ErrorCode.TOO_MANY_TOURNAMENTS, _(
                "you direct {count} tournaments not yet over; the limit is {limit}", count=directing,
                limit=p.TOURNAMENTS_PER_PLAYER))
        row = TournamentRow(director_id=director.id, name=name, format=format_, rules=dict(rules),
                            settings=dict(settings), state="entry", round=0, created=_now())
        session.add(row)
        session.flush()
        return _state(session, row)


def _locked(session: Any, tournament_id: int) -> TournamentRow:
    """The tournament's row, held for this transaction; a refusal when there is none."""
    row: TournamentRow | None = session.get(TournamentRow, tournament_id, with_for_update=True)
    if row is None:
        raise TournamentTrouble(p.ErrorCode.NO_SUCH_TOURNAMENT, _("there is no tournament {number}",
                                                                  number=tournament_id))
    return row


def _room_for(session: Any, row: TournamentRow, entered: int, player: Account, unit: str) -> None:
    """Refuse one more entry when the tournament has all it takes, or the player is in as many as one may be
    (``unit``: "players" for players for themselves, "entries" for pairs)."""
    if entered >= int(row.settings["entries"]):
        most = int(row.settings["entries"])
        raise TournamentTrouble(p.ErrorCode.TOURNAMENT_FULL, _(
            "the tournament takes {count} players, and has them", count=most) if unit == "players" else _(
            "the tournament takes {count} entries, and has them", count=most))
    if _active_entries(session, player.id) >= p.ENTRIES_PER_PLAYER:
        raise TournamentTrouble(p.ErrorCode.TOO_MANY_TOURNAMENTS, _(
            "you are entered in {count} tournaments not yet over", count=p.ENTRIES_PER_PLAYER))


def enter(store: Store, tournament_id: int, player: Account, other: Account | None) -> TournamentState:
    """The player enters with ``other`` as partner: a new entry waiting for the partner, or the partner's entry
    naming this player confirmed; or, at a tournament of players for themselves (``other`` None), alone."""
    with store.transaction() as session:
        row = _locked(session, tournament_id)
        if row.state != "entry":
            raise TournamentTrouble(p.ErrorCode.TOURNAMENT_STARTED, _("the tournament has started; entries are "
                                                                      "closed"))
        solo = not row.settings.get("pairs", True)
        if solo != (other is None):
            raise TournamentTrouble(p.ErrorCode.BAD_MESSAGE, _(
                "players enter this tournament for themselves, with no partner") if solo else _(
                "pairs enter this tournament: name your partner"))
        entries = session.scalars(select(TournamentEntryRow).where(
            TournamentEntryRow.tournament_id == tournament_id)).all()
        if other is None:
            if any(e.first_id == player.id for e in entries):
                return _state(session, row)
            _room_for(session, row, len(entries), player, "players")
            session.add(TournamentEntryRow(tournament_id=tournament_id, first_id=player.id, second_id=None,
                                           confirmed=True))
            session.flush()
            _start_if_full(session, row)
            return _state(session, row)
        if other.id == player.id:
            raise TournamentTrouble(p.ErrorCode.BAD_MESSAGE, _("your partner is another player"))
        mine = next((e for e in entries if player.id in (e.first_id, e.second_id)), None)
        if mine is not None:
            if mine.first_id == other.id and mine.second_id == player.id and not mine.confirmed:
                mine.confirmed = True
                session.flush()
                _start_if_full(session, row)
                return _state(session, row)
            if {mine.first_id, mine.second_id} == {player.id, other.id}:
                return _state(session, row)
            raise TournamentTrouble(p.ErrorCode.BAD_MESSAGE, _("you have entered this tournament with another "
                                                               "partner; leave it first"))
        if any(other.id in (e.first_id, e.second_id) for e in entries):
            raise TournamentTrouble(p.ErrorCode.BAD_MESSAGE, _("{name} has entered with another partner",
                                                               name=other.name))
        _room_for(session, row, len(entries), player, "entries")
        session.add(TournamentEntryRow(tournament_id=tournament_id, first_id=player.id, second_id=other.id))
        session.flush()
        return _state(session, row)


def _start_if_full(session: Any, row: TournamentRow) -> None:
    entries = session.scalars(select(TournamentEntryRow).where(TournamentEntryRow.tournament_id == row.id)).all()
    if len(entries) >= int(row.settings["entries"]) and all(e.confirmed for e in entries):
        _number(session, row, entries)


def _number(session: Any, row: TournamentRow, entries: Any) -> None:
    """Entries numbered from 1, best rated first (their players' partnership ratings' mean; unrated count 0);
    entries one player never confirmed are dropped; the tournament is running."""
    from .ratings import RatingRow

    group = str(row.settings.get("group", "partnership"))
    ratings = {player: mu - 3 * sigma for player, mu, sigma in session.execute(
        select(RatingRow.player_id, RatingRow.mu, RatingRow.sigma).where(RatingRow.rating_group == group))}
    confirmed = [e for e in entries if e.confirmed]
    for entry in entries:
        if not entry.confirmed:
            session.delete(entry)
    confirmed.sort(key=lambda e: (-(ratings.get(e.first_id, 0.0) + ratings.get(e.second_id or 0, 0.0)), e.id))
    for number, entry in enumerate(confirmed, 1):
        entry.number = number
    row.state = "running"
    session.flush()


def start_if_due(store: Store, tournament_id: int) -> bool:
    """Start the tournament if its start time has passed: with its entries, or, with fewer than two, called off
    (over, no round played). True when it changed."""
    with store.transaction() as session:
        row = session.get(TournamentRow, tournament_id, with_for_update=True)
        starts_at = None if row is None else row.settings.get("starts_at")
        if row is None or row.state != "entry" or not starts_at or datetime.fromisoformat(starts_at) > _now():
            return False
        entries = session.scalars(select(TournamentEntryRow).where(
            TournamentEntryRow.tournament_id == tournament_id)).all()
        if sum(e.confirmed for e in entries) < _fewest(row):
            row.state = "over"
            row.settings = {**row.settings, "called_off": True}
            return True
        _number(session, row, entries)
        return True


def _fewest(row: TournamentRow) -> int:
    """The fewest entries the tournament can start with: two, or for a knockout more than half its bracket (the
    byes go to the top seeds, one round at most)."""
    return int(row.settings["entries"]) // 2 + 1 if row.format == "knockout" else 2


def start(store: Store, tournament_id: int, director: Account) -> TournamentState:
    with store.transaction() as session:
        row = _locked(session, tournament_id)
        if row.director_id != director.id:
            raise TournamentTrouble(p.ErrorCode.NOT_ENTERED, _("only the tournament's director starts it"))
        if row.state != "entry":
            raise TournamentTrouble(p.ErrorCode.TOURNAMENT_STARTED, _("the tournament has started already"))
        entries = session.scalars(select(TournamentEntryRow).where(
            TournamentEntryRow.tournament_id == tournament_id)).all()
        if sum(e.confirmed for e in entries) < _fewest(row):
            raise TournamentTrouble(p.ErrorCode.BAD_MESSAGE, _(
                "this tournament starts with {count} entries at least, each entered by both partners (a knockout's "
                "bracket is more than half full)", count=_fewest(row)))
        _number(session, row, entries)
        return _state(session, row)


def leave(store: Store, tournament_id: int, player: Account) -> TournamentState:
    with store.transaction() as session:
        row = _locked(session, tournament_id)
        if row.state != "entry":
            raise TournamentTrouble(p.ErrorCode.TOURNAMENT_STARTED, _(
                "the tournament has started: an entrant who does not come is played for by the computer"))
        mine = session.scalars(select(TournamentEntryRow).where(
            TournamentEntryRow.tournament_id == tournament_id,
            or_(TournamentEntryRow.first_id == player.id, TournamentEntryRow.second_id == player.id))).first()
        if mine is None:
            raise TournamentTrouble(p.ErrorCode.NOT_ENTERED, _("you have no entry in this tournament"))
        session.delete(mine)
        session.flush()
        return _state(session, row)


def take_lease(store: Store, tournament_id: int, holder: str, seconds: float) -> str | None:
    """Direct the tournament for the next ``seconds``: "renewed" (this holder had it), "new" (no one had it),
    "taken over" (another holder's lease had run out: it may have died mid-round), or None (another holds it)."""
    now = _now()
    with store.transaction() as session:
        before = session.execute(select(TournamentRow.directed_by, TournamentRow.directed_until).where(
            TournamentRow.id == tournament_id)).first()
        if before is None:
            return None
        done = session.execute(update(TournamentRow).where(
            TournamentRow.id == tournament_id, TournamentRow.state.in_(("entry", "running")),
            or_(TournamentRow.directed_by.is_(None), TournamentRow.directed_by == holder,
                TournamentRow.directed_until < now))
            .values(directed_by=holder, directed_until=now + timedelta(seconds=seconds)))
        if not getattr(done, "rowcount", 0):
            return None
        return "renewed" if before[0] == holder else "new" if before[0] is None else "taken over"


def pair_round(store: Store, tournament_id: int, round_: int, matches: list[MatchSpec], bye: int | None,
               table_settings: dict[str, Any], table_rules: dict[str, Any] | None = None) -> Paired | None:
    """Store round ``round_``'s pairing and make its tables, North-South's entry at North and South, East-West's
    at East and West, in one transaction; None when the round was paired already (by another process)."""
    try:
        with store.transaction() as session:
            row = session.get(TournamentRow, tournament_id, with_for_update=True)
            if row is None or row.state != "running" or row.round != round_ - 1:
                return None
            session.add(TournamentRoundRow(tournament_id=tournament_id, round=round_, bye=bye))
            session.flush()  # the pairing's guard: a second pairing of this round stops here
            entries = {e.number: e for e in session.scalars(select(TournamentEntryRow).where(
                TournamentEntryRow.tournament_id == tournament_id))}
            ids = {i for e in entries.values() for i in (e.first_id, e.second_id) if i is not None}
            names = dict(session.execute(select(PlayerRow.id, PlayerRow.name).where(PlayerRow.id.in_(ids))).all())
            made = []
            for spec in matches:
                if spec.seats:
                    seats = {seat: entries[e].first_id if e is not None else None for seat, e in enumerate(spec.seats)}
                else:
                    ns, ew = entries[spec.ns], entries[spec.ew]
                    seats = {0: ns.first_id, 2: ns.second_id, 1: ew.first_id, 3: ew.second_id}
                table = TableRow(owner_id=row.director_id, rules=dict(table_rules or row.rules),
                                 seed=spec.seed or str(secrets.randbelow(2**63)),
                                 state="waiting", settings={**DEFAULT_SETTINGS, **table_settings,
                                                            "tournament": tournament_id},
                                 invite=secrets.token_urlsafe(16), created=_now())
                session.add(table)
                session.flush()
                for seat, player_id in seats.items():
                    session.add(SeatRow(table_id=table.id, seat=seat, player_id=player_id,
                                        level=None if player_id is not None else COMPUTER_LEVEL))
                session.add(TournamentMatchRow(table_id=table.id, tournament_id=tournament_id, round=round_,
                                               number=spec.number, ns=spec.ns, ew=spec.ew, board=spec.board,
                                               seats=list(spec.seats) or None))
                made.append((table.id, spec.number, spec.board,
                             {names[i]: seat for seat, i in seats.items() if i is not None}))
            row.round = round_
            session.flush()
            return Paired(round_, tuple(made))
    except IntegrityError:
        return None


def record_result(store: Store, table_id: int, ns_halves: int, scores: tuple[int, ...],
                  covered: tuple[int, ...] = ()) -> bool:
    """North-South's result at a tournament's table (in halves), both sides' scores, and the seats whose person
    the computer played for more than half of their actions (the game counts, marked); False when it was
    recorded already."""
    with store.transaction() as session:
        done = session.execute(update(TournamentMatchRow).where(
            TournamentMatchRow.table_id == table_id, TournamentMatchRow.ns_halves.is_(None))
            .values(ns_halves=ns_halves, ns_score=scores[0], ew_score=scores[1], covered=list(covered) or None,
                    scores=list(scores)))
        return bool(getattr(done, "rowcount", 0))


def finish(store: Store, tournament_id: int) -> bool:
    with store.transaction() as session:
        done = session.execute(update(TournamentRow).where(TournamentRow.id == tournament_id,
                                                           TournamentRow.state == "running").values(state="over"))
        return bool(getattr(done, "rowcount", 0))
