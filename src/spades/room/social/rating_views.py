"""What the room shows of the ratings: the end of a game told at its table, the leaderboard of a rating group
(``/api/leaderboard``, and the ``leaderboard`` message of ``spades join``), and a player's page
(``/api/players/NAME``): their rating over time in each group and their record against each computer level.

A rating is shown as its ordinal (mu less three sigma) to one decimal; a change is the difference of the two
ratings as shown, so the words add up ("9.3 to 12.4, +3.1")."""

from __future__ import annotations

import asyncio
import time
import weakref
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

import orjson
from sqlalchemy import select
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ...language import DEFAULT, _, current, listed, n_
from ...record import game_from_record
from .. import protocol as p
from ..identity import names
from ..rating.rules import Standing, abandoned, facts, repeat_words, unrated_reason
from ..store import PlayerRow, Store
from ..store.computers import computer_record
from ..store.moderation import RoleRow
from ..store.ratings import RatedGameRow, RatingChangeRow, RatingRow, rated_game, voided
from ..table.connections import Connection, send_each
from ..table.events import FinishedGame, GameOver
from .ratings import GROUPS, rate_finished

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from ..table.room import Room

__all__ = ["leaderboard", "leaderboard_handler", "player_page", "rating_line", "rating_message", "routes", "shown",
           "tell"]


def shown(mu: float, sigma: float) -> float:
    """A rating as the room shows it: the ordinal, to one decimal."""
    return round(Standing("", mu, sigma).ordinal, 1)


# -- the end of a game -------------------------------------------------------------------------------------------

def rating_message(store: Store, table_id: int) -> p.Rating | None:
    """How the table's finished game was rated, read from what is stored (so every process says the same); None
    while it has no record. Its reason, for a game unrated, is in the language in force."""
    made = _rating_maker(store, table_id)
    return None if made is None else made()


def _rating_maker(store: Store, table_id: int) -> Callable[[], p.Rating] | None:
    """``rating_message``'s reading of the store, and what makes the message from it in the language in force."""
    record = store.record(table_id)
    if record is None:
        return None
    found = facts(game_from_record(record), record.get("meta") or {})
    with store.transaction() as session:
        rows = session.execute(
            select(PlayerRow.name, RatingChangeRow.mu_before, RatingChangeRow.sigma_before, RatingChangeRow.mu,
                   RatingChangeRow.sigma)
            .join(PlayerRow, PlayerRow.id == RatingChangeRow.player_id)
            .where(RatingChangeRow.table_id == table_id)).all()
        rated = rated_game(session, table_id)
        repeat, weight = (rated.number, rated.weight) if rated is not None else (1, 1.0)
        void = voided(session, table_id) is not None
    if not rows:
        def unrated() -> p.Rating:
            reason = (_("a moderator voided its rating") if void else unrated_reason(found)
                      or _("no registered player's rating could be kept"))
            return p.Rating(type="rating", table=table_id, rated=False, group=found.group, reason=reason)  # type: ignore[arg-type]

        return unrated
    seat_of = {name: seat for seat, name in found.players.items()}
    changes = []
    for name, mu_before, sigma_before, mu, sigma in sorted(rows, key=lambda row: seat_of.get(row[0], 9)):
        before, after = shown(mu_before, sigma_before), shown(mu, sigma)
        changes.append(p.RatingChange(name=name, before=before, after=after, change=round(after - before, 1)))
    left = [found.players[seat] for seat in sorted(abandoned(found))]
    message = p.Rating(type="rating", table=table_id, rated=True, group=found.group, changes=changes,  # type: ignore[arg-type]
                       abandoned=left, repeat=repeat, weight=weight)
    return lambda: message


def tenths(value: float, *, signed: bool = False) -> str:
    """A rating (or its change, ``signed``) to one decimal, as the language in force writes it: "12.4", "+3,1"."""
    if current() == DEFAULT:
        return f"{value:+.1f}" if signed else f"{value:.1f}"
    from babel.numbers import format_decimal

    return format_decimal(value, "+0.0;-0.0" if signed else "0.0", locale=current())


def rating_line(message: p.Rating) -> str:
    """The rating said as one line: "Rated game: Ada 12.4 (+3.1), Bob 8.0 (-2.2)." or why the game is unrated;
    with who abandoned it first ("Bob abandoned the game and loses it."), and after, when it counted for less, why
    ("This game counted for half: the 2nd rated game with the same people within a day.")."""
    if not message.rated:
        return _("This game is unrated: {reason}.", reason=message.reason)
    # Translators: each player's rating after the game, and its change: "Ada 12.4 (+3.1)".
    changes = ", ".join(_("{name} {rating} ({change})", name=c.name, rating=tenths(c.after),
                          change=tenths(c.change, signed=True)) for c in message.changes)
    if message.abandoned:
        left = n_("{names} abandoned the game and loses it; a partner's rating stays as it was.",
                  "{names} abandoned the game and lose it; a partner's rating stays as it was.",
                  len(message.abandoned), names=listed(message.abandoned))
        line = _("Rated game: {abandoned} {changes}.", abandoned=left, changes=changes) if changes else \
            _("Rated game: {abandoned}", abandoned=left)
    else:
        line = _("Rated game: {changes}.", changes=changes) if changes else _("Rated game:")
    less = repeat_words(message.repeat)
    return f"{line} {less}" if less else line


async def tell(room: Room, table_id: int) -> None:
    """Tell this process's clients at the table how its game was rated: the ``rating`` message and its line."""
    connections = room.connections.at(table_id)
    if not connections:
        return
    made = await room.db(_rating_maker, room.store, table_id)
    if made is None:
        return
    send_each(connections, lambda: p.encode(made()))  # a game unrated says why in each one's language
    send_each(connections, lambda: p.encode(p.Said(type="said", table=table_id,
                                                   text=rating_line(made())[:p.MESSAGE_MAX])))


# -- the leaderboard ------------------------------------------------------------------------------------------------

def leaderboard(store: Store, group: str, limit: int = p.LEADERBOARD_ROWS) -> list[p.LeaderRow]:
    """The group's registered players with a rated game there, best rating first; equal ratings as shown share a
    rank (1, 2, 2, 4), and a name breaks the tie in the order."""
    with store.transaction() as session:
        rows = session.execute(
            select(PlayerRow.name, RatingRow.mu, RatingRow.sigma, RatingRow.games)
            .join(PlayerRow, PlayerRow.id == RatingRow.player_id)
            .where(RatingRow.rating_group == group, RatingRow.games > 0)
            .order_by((RatingRow.mu - 3.0 * RatingRow.sigma).desc(), PlayerRow.name).limit(limit)).all()
    board: list[p.LeaderRow] = []
    for place, (name, mu, sigma, games) in enumerate(rows, start=1):
        rating = shown(mu, sigma)
        rank = board[-1].rank if board and board[-1].rating == rating else place
        board.append(p.LeaderRow(rank=rank, name=name, rating=rating, mu=round(mu, 3), sigma=round(sigma, 3),
                                 games=games))
    return board


async def leaderboard_handler(room: Room, conn: Connection, message: p.LeaderboardRequest) -> None:
    rows = await room.db(leaderboard, room.store, message.group)
    conn.send(p.encode(p.Leaderboard(type="leaderboard", id=message.id, group=message.group, rows=rows)))


# -- a player's page ------------------------------------------------------------------------------------------------

HISTORY_PAGE = 100  # rated games of a group a player's page shows at once, the newest


def player_page(store: Store, name: str, page: int = 0) -> dict[str, Any] | None:
    """A player's ratings (each group they have a rated game in: the rating now, and after each of its rated games,
    ``HISTORY_PAGE`` at a time from the newest: ``page`` 0 the latest, 1 those before; ``first`` is the number of
    the page's oldest game among all the player's rated games of the group; ``weight``, how much each game counted:
    less for a repeat among the same people), their record against each
    computer level (kept as games finish) and the hints they asked for in rated games; None when no player has
    that name; and their role in the room (admin, moderator or null), shown so that players know who moderates.
    A few short reads, however many games the player has finished."""
    key = names.lookup_key(name)
    if key is None:
        return None
    with store.transaction() as session:
        player = session.execute(select(PlayerRow.id, PlayerRow.name).where(PlayerRow.name_key == key)).first()
        if player is None:
            return None
        player_id, name = player
        now = {group: (mu, sigma, games, hints) for group, mu, sigma, games, hints in session.execute(
            select(RatingRow.rating_group, RatingRow.mu, RatingRow.sigma, RatingRow.games, RatingRow.hints)
            .where(RatingRow.player_id == player_id)).all()}
        ratings = []
        for group in GROUPS:
            if group not in now:
                continue
            mu, sigma, games, hints = now[group]
            changes = session.execute(
                select(RatingChangeRow.table_id, RatingChangeRow.finished, RatingChangeRow.mu_before,
                       RatingChangeRow.sigma_before, RatingChangeRow.mu, RatingChangeRow.sigma, RatingChangeRow.hints,
                       RatedGameRow.weight)
                .outerjoin(RatedGameRow, RatedGameRow.table_id == RatingChangeRow.table_id)
                .where(RatingChangeRow.player_id == player_id, RatingChangeRow.rating_group == group)
                .order_by(RatingChangeRow.finished.desc(), RatingChangeRow.id.desc())
                .offset(page * HISTORY_PAGE).limit(HISTORY_PAGE)).all()
            history = [{"table": table, "finished": finished.isoformat(), "before": shown(mu0, s0),
                        "after": shown(mu1, s1), "change": round(shown(mu1, s1) - shown(mu0, s0), 1),
                        "hints": asked or 0, "weight": 1.0 if weight is None else weight}
                       for table, finished, mu0, s0, mu1, s1, asked, weight in reversed(changes)]
            ratings.append({"group": group, "rating": shown(mu, sigma), "mu": round(mu, 3),
                            "sigma": round(sigma, 3), "games": games, "hints": hints or 0, "history": history,
                            "first": max(1, games - page * HISTORY_PAGE - len(history) + 1),
                            "page": page, "pages": max(1, -(-games // HISTORY_PAGE))})
        computers = computer_record(session, player_id)
        role = session.scalar(select(RoleRow.role).where(RoleRow.player_id == player_id))
    return {"name": name, "ratings": ratings, "computers": computers, "role": role}


# -- HTTP ---------------------------------------------------------------------------------------------------------

async def _leaderboard(request: Request) -> Response:
    group = request.query_params.get("group", "partnership")
    if group not in GROUPS:
        return JSONResponse({"error": _("the rating groups are {groups}", groups=", ".join(GROUPS))}, status_code=404)
    room = request.app.state.room

    async def made() -> bytes:
        rows = await room.aside(leaderboard, room.store, group)
        return orjson.dumps({"group": group, "rows": [row.model_dump(mode="json") for row in rows]})

    return Response(await _shared(request, ("leaderboard", group), made), media_type="application/json")


async def _player(request: Request) -> Response:
    text = request.query_params.get("page", "0")
    number = int(text) if text.isascii() and text.isdigit() and len(text) <= 5 else -1
    if not 0 <= number <= 10_000:
        return JSONResponse({"error": _("a page is a number from 0 to {last}", last=10000)}, status_code=404)
    name = request.path_params["name"]
    key = names.lookup_key(name)
    if key is None:
        return JSONResponse({"error": _("no player has that name")}, status_code=404)
    room = request.app.state.room

    async def made() -> bytes | None:
        page = await room.aside(player_page, room.store, name, number)
        return None if page is None else orjson.dumps(page)

    body = await _shared(request, ("player", key, number), made)
    if body is None:
        return JSONResponse({"error": _("no player has that name")}, status_code=404)
    return Response(body, media_type="application/json")


SHARED_FOR = 1.0  # seconds a page read over HTTP is given again to whoever asks, rather than read again
_SHARED: weakref.WeakKeyDictionary[Any, dict[tuple[Any, ...], tuple[float, bytes | None]]] = \
    weakref.WeakKeyDictionary()


async def _shared(request: Request, key: tuple[Any, ...], make: Callable[[], Awaitable[bytes | None]]) -> bytes | None:
    """A page's encoded body, made at most once every ``SHARED_FOR`` seconds and given to everyone who asks
    meanwhile, and made by ``READERS_AT_ONCE`` readers at most at a time: a crowd reading one player's page costs
    the store one read a second, not one a reader."""
    room = request.app.state.room
    shared = _SHARED.setdefault(room, {})
    now = time.monotonic()
    found = shared.get(key)
    if found is not None and now - found[0] < SHARED_FOR:
        return found[1]
    async with _reading(request):
        found = shared.get(key)
        if found is not None and time.monotonic() - found[0] < SHARED_FOR:
            return found[1]
        body = await make()
        if len(shared) >= 1000:  # the pages of many players, each asked once: the oldest go first
            for old in sorted(shared, key=lambda k: shared[k][0])[:500]:
                del shared[old]
        shared[key] = (time.monotonic(), body)
        return body


_READERS: weakref.WeakKeyDictionary[Any, asyncio.Semaphore] = weakref.WeakKeyDictionary()
READERS_AT_ONCE = 2  # the pages and boards read from the store at once: the tables' moves share its threads


def _reading(request: Request) -> asyncio.Semaphore:
    """At most ``READERS_AT_ONCE`` of the room's public pages (a player's, the leaderboard) are read from the store
    at a time, whoever asks: a crowd of readers waits its turn instead of taking every worker thread the tables'
    moves are stored through."""
    room = request.app.state.room
    gate = _READERS.get(room)
    if gate is None:
        gate = _READERS[room] = asyncio.Semaphore(READERS_AT_ONCE)
    return gate


def routes() -> list[Route]:
    """The ratings' HTTP routes, for the room's Starlette application."""
    return [Route("/api/leaderboard", _leaderboard), Route("/api/players/{name}", _player)]


# -- as a listener of the tables ----------------------------------------------------------------------------------

def install(room: Room) -> None:
    """The ratings as a listener: a game is rated in the transaction that stores its end (so no game ends
    unrated, whatever is killed when), and every process tells its own connections at the table how."""

    def rate(session: Session, game: FinishedGame) -> datetime:
        return rate_finished(session, game.table, facts(game.game, game.meta))

    async def over(event: GameOver) -> None:
        await tell(room, event.table)

    room.events.finishing(rate)
    room.events.subscribe(GameOver, over)
