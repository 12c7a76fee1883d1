"""What each client message does: one handler per message type, looked up in ``HANDLERS``. The app reads and
checks the frame, then calls the handler; a handler refuses with ``protocol.Refusal`` and the app answers it."""

from __future__ import annotations

import weakref
from collections.abc import Awaitable, Callable
from typing import Any

from ...language import _, language_of, number, use
from .. import protocol as p
from ..friends import blocks, friends, invites
from ..lobby import queue, rematch, seating
from ..lobby.listing import lobby_frame
from ..moderation import acts, reports, roles
from ..social import chat, rating_views, removal
from ..social.signin import signin_of
from ..table.connections import Connection, installed, need_player
from ..table.room import Room
from ..tournaments import entry
from . import questions
from .limits import RateLimit

__all__ = ["HANDLERS"]

Handler = Callable[[Room, Connection, Any], Awaitable[None]]
# each connection's rate of lobby lists, forgotten with the connection
_LOBBY_RATES: weakref.WeakKeyDictionary[Connection, RateLimit] = weakref.WeakKeyDictionary()


async def _ping(room: Room, conn: Connection, message: p.Ping) -> None:
    conn.send(p.encode(p.Pong(type="pong", id=message.id)))


async def _language(room: Room, conn: Connection, message: p.Language) -> None:
    """The connection is said everything in another language from now on: this message's reply already."""
    conn.language = installed(language_of(message.lang))
    use(conn.language)  # within this message's handling
    conn.send(p.encode(p.LanguageInfo(type="language", id=message.id, lang=conn.language)))


async def _sign_in(room: Room, conn: Connection, message: Any) -> None:
    """At most ``SIGN_INS_AT_ONCE`` sign-ins are worked on at a time (the others wait their turn), in the store's
    threads aside from the tables': a crowd connecting at once is let in at the room's pace, not the tables'."""
    signin = signin_of(room)
    metrics = room.metrics
    async with signin.gate:
        metrics.signing_in += 1
        metrics.signing_in_peak = max(metrics.signing_in_peak, metrics.signing_in)
        try:
            player, token = await signin.sign_in(message, conn.address)
            await room.welcome(conn, player, message.id, token)
        finally:
            metrics.signing_in -= 1
            metrics.sign_ins += 1
    if message.type == "resume":
        await seating.return_to_seats(room, conn)


async def _lobby(room: Room, conn: Connection, message: p.Lobby) -> None:
    """A page of the lobby: the copy every asker shares, within the lobby's own rate for each connection."""
    rate = _LOBBY_RATES.get(conn)
    if rate is None:
        rate = _LOBBY_RATES[conn] = RateLimit(p.LOBBY_PER_SECOND, p.LOBBY_BURST)
    if not rate.allow():
        raise p.Refusal(p.ErrorCode.RATE_LIMITED, _("more than {rate} lobby lists a second (bursts of {burst}); ask "
                                                    "again in a moment", rate=number(p.LOBBY_PER_SECOND),
                                                    burst=p.LOBBY_BURST))
    seated = None
    if message.seated:
        seated = need_player(conn).name
    conn.send(await lobby_frame(room, message.page, message.id, table=message.table, seated=seated,
                                viewer=conn.player))
    await chat.lobby_listed(room, conn)


async def _join(room: Room, conn: Connection, message: p.Join) -> None:
    await queue.join(room, conn, message)
    await chat.joined(room, conn, message.table)


async def _act(room: Room, conn: Connection, message: p.Act) -> None:
    player = need_player(conn)
    table = await room.table(message.table)
    seats = [s.seat for s in table.info.seats if s.player == player.name]
    if not seats:
        async with table.lock:
            await table.refresh()
        seats = [s.seat for s in table.info.seats if s.player == player.name]
    if not seats:
        raise p.Refusal(p.ErrorCode.NOT_SEATED, _("you have no seat at that table"))
    if conn.tables.get(table.id) != seats[0]:  # not at the seat on this connection: back at it first
        await seating.sit_back(room, conn, table, seats[0])
    await table.command(seats[0], message.action, person=True, reply=(conn, message.id), cursor=message.cursor)


async def _stand(room: Room, conn: Connection, message: p.Stand) -> None:
    """Standing from a table also leaves the quick-play queue and declines a rematch there."""
    await queue.leave(room, conn)
    await rematch.leaving(room, conn, message.table)
    await seating.stand(room, conn, message)


async def _stats(room: Room, conn: Connection, message: p.StatsRequest) -> None:
    name = message.name or (conn.player.name if conn.player else None)
    if name is None:
        raise p.Refusal(p.ErrorCode.NOT_SIGNED_IN, _("sign in first, or name a player"))
    stats = await signin_of(room).stats(name)
    conn.send(p.encode(p.Stats(type="stats", id=message.id, **vars(stats))))


HANDLERS: dict[str, Handler] = {
    "ping": _ping,
    "register": _sign_in,
    "login": _sign_in,
    "guest": _sign_in,
    "resume": _sign_in,
    "lobby": _lobby,
    "create": seating.create,
    "join": _join,
    "stand": _stand,
    "level": seating.set_level,
    "start": seating.start,
    "remove": seating.remove,
    "act": _act,
    "sync": questions.sync,
    "ask": questions.ask,
    "stats": _stats,
    "leaderboard": rating_views.leaderboard_handler,
    "quick": queue.quick,
    "leave_queue": queue.leave_queue,
    "quick_computer": queue.quick_computer,
    "rematch": rematch.answer,
    "chat": chat.chat,
    "chat_history": chat.history,
    "mute": chat.mute,
    "chat_settings": chat.chat_settings,
    "remove_person": removal.remove_person,
    "tournament_create": entry.create,
    "tournament_enter": entry.enter,
    "tournament_leave": entry.leave,
    "tournament_start": entry.start,
    "tournament_info": entry.info,
    "report": reports.report,
    "reports": reports.reports,
    "moderate": acts.moderate,
    "audit": roles.audit,
    "role": roles.role,
    "friend": friends.friend,
    "friends": friends.friends,
    "block": blocks.block,
    "invite": invites.invite,
    "language": _language,
}
