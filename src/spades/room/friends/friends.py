"""Friends: asked and accepted by name, between registered players; each is told of the other's request and of
the acceptance. The friends list says where each friend is: at a game (playing), at a table not started
(waiting), watching, in the quick-play queue, in the lobby, or not in the room.

Where a friend is comes from the store (their seats, their place in the queue, when a connection of theirs was
last seen) and from this process's connections (watching is known only to the process that holds the
connection); a friend connected to another process is online while that process marks them seen, every half
minute."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from ...language import _
from .. import protocol as p
from ..store import Account
from ..store import friends as stored
from ..store.queue import queue_of
from ..table.connections import Connection, need_player
from ..table.room import Room

__all__ = ["friend", "friends", "friends_frame", "friends_maker"]

SEEN_RECENTLY = timedelta(seconds=75)  # the sweep marks players seen every 30 s at most; twice that and more


def _where_words(name: str, where: str, table: int | None) -> str:
    """Where a friend is, in a sentence in the language in force."""
    if where == "playing":
        return _("{name} is playing at table {table}.", name=name, table=table)
    if where == "waiting":
        return _("{name} sits at table {table}, waiting for its start.", name=name, table=table)
    if where == "watching":
        return _("{name} is watching table {table}.", name=name, table=table)
    if where == "queue":
        return _("{name} is waiting in quick play.", name=name)
    if where == "lobby":
        return _("{name} is in the lobby.", name=name)
    return _("{name} is not in the room.", name=name)


async def _where(room: Room, name: str) -> tuple[str, bool, str, int | None]:
    """Where a friend is: their name, whether they are online, where, and at which table."""
    account: Account | None = await room.db(room.store.player, name)
    here = room.connections.of_player(name)
    seen = await room.db(stored.last_seen, room.store, name)
    online = bool(here) or (seen is not None and seen > room.store.now() - SEEN_RECENTLY)
    where, table = "away", None
    if online:
        tables = await room.db(room.store.tables_of, account, ("waiting", "playing")) if account else []
        seated = [(info, s) for info in tables for s in info.seats
                  if s.player is not None and s.player.casefold() == name.casefold()]
        playing = [(info, s) for info, s in seated if info.state == "playing" and s.away is None]
        watching = [t for conn in here for t, seat in conn.tables.items() if seat is None]
        if playing:
            where, table = "playing", playing[0][0].id
        elif any(info.state == "waiting" for info, _seat in seated):
            where, table = "waiting", next(info.id for info, _seat in seated if info.state == "waiting")
        elif watching:
            where, table = "watching", watching[0]
        elif account is not None and await room.db(queue_of, room.store, account.id):
            where = "queue"
        else:
            where = "lobby"
    return name, online, where, table


async def friends_maker(room: Room, player: Account, reply_to: int | None = None) -> Callable[[], str]:
    """The player's friends read now, and what makes their frame in the language in force (where each friend is
    is a sentence)."""
    found: stored.Friendships = await room.db(stored.friendships, room.store, player.id)
    places = [await _where(room, name) for name in found.friends]

    def frame() -> str:
        entries = [p.FriendEntry(name=name, online=online, where=where, table=table,  # type: ignore[arg-type]
                                 text=_where_words(name, where, table)) for name, online, where, table in places]
        return p.encode(p.Friends(type="friends", id=reply_to, friends=entries, asked_by=found.asked_by,
                                  asking=found.asking))

    return frame


async def friends_frame(room: Room, player: Account, reply_to: int | None = None) -> str:
    """The player's friends, and where each is, in the language in force."""
    return (await friends_maker(room, player, reply_to))()


async def friends(room: Room, conn: Connection, message: p.FriendsRequest) -> None:
    player = need_player(conn)
    conn.send(await friends_frame(room, player, message.id))


async def friend(room: Room, conn: Connection, message: p.Friend) -> None:
    player = need_player(conn)
    if message.act in ("ask", "accept"):
        name, now_friends = await room.db(stored.ask_friend, room.store, player, message.name)
        asker = player.name
        if now_friends:
            await room.tell(name, lambda: p.encode(p.Notice(type="notice", kind="friend_accepted", name=asker, text=_(
                "{name} and you are friends now.", name=asker))))
        else:
            await room.tell(name, lambda: p.encode(p.Notice(type="notice", kind="friend_asked", name=asker, text=_(
                "{name} asks to be your friend. Accept by asking back, by name.", name=asker))))
        other = await room.db(room.store.player, name)
        if other is not None:
            await room.tell(name, await friends_maker(room, other))
    else:
        await room.db(stored.drop_friend, room.store, player, message.name)
    conn.send(await friends_frame(room, player, message.id))
