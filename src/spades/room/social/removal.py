"""The owner's removal of a person from their table, at any time: a seated player or a spectator.

Before the start the seat is free again, as ``remove`` frees it. During the game the computer takes the seat at
once, as it covers an absent person (the seat is stored away for the reason ``removed``, covered from the
table's last action), and ``presence`` says so to the table from the seats' two readings, in every process alike.
The removed person's connections leave the table and are told why; their name is kept in the table's settings,
and they may not sit at the table or watch it again."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...language import _
from ...seats import seat_words
from .. import protocol as p
from ..store import StoredTable
from ..table.connections import Connection, in_language, need_player

if TYPE_CHECKING:
    from ..table.live import LiveTable
    from ..table.room import Room

__all__ = ["is_removed", "on_notice", "refuse_removed", "remove_person"]


def is_removed(info: StoredTable, name: str) -> bool:
    """Whether the table's owner removed the player of that name from the table."""
    key = name.casefold()
    return any(str(removed).casefold() == key for removed in info.settings.get("removed", ()))


def refuse_removed(info: StoredTable, name: str) -> None:
    if is_removed(info, name):
        raise p.Refusal(p.ErrorCode.REMOVED, _("the owner removed you from table {table}; you may not sit at it "
                                               "or watch it again", table=info.id))


def _evict(room: Room, table: LiveTable, name: str) -> None:
    """Each connection of this process of the named person at the table leaves it, told why."""
    key = name.casefold()
    def frame() -> str:
        return p.encode(p.Removed(type="removed", table=table.id, text=_("The owner removed you from table {table}.",
                                                                          table=table.id)))

    for conn in room.connections.at(table.id):
        if conn.player is not None and conn.player.name.casefold() == key:
            room.connections.leave(conn, table.id)
            conn.send(in_language(conn, frame))
    room.release_soon(table.id)


async def remove_person(room: Room, conn: Connection, message: p.RemovePerson) -> None:
    owner = need_player(conn)
    table = await room.table(message.table)
    key = message.name.casefold()
    async with table.lock:
        await table.refresh()
        if table.info.owner != owner.name:
            raise p.Refusal(p.ErrorCode.NOT_OWNER, _("only the table's owner may do that"))
        if key == owner.name.casefold():
            raise p.Refusal(p.ErrorCode.BAD_MESSAGE, _("you own the table: you cannot remove yourself"))
        seats = [s for s in table.info.seats if s.player is not None and s.player.casefold() == key]
        if seats:
            name = str(seats[0].player)
        else:
            account = await room.db(room.store.player, message.name)
            if account is None:
                raise p.Refusal(p.ErrorCode.NO_SUCH_PLAYER, _("there is no player {name}",
                                                              name=p.quote(message.name)))
            name = account.name
        removed = [*table.info.settings.get("removed", ()), name]
        await room.db(room.store.update_settings, table.id, {"removed": removed})
        said = True
        for seat in seats:
            if table.info.state == "playing":
                said = not await room.db(room.store.cover_removed, table.id, seat.seat, table.seq)
            elif table.info.state == "waiting":
                await room.db(room.store.set_seat, table.id, seat.seat, None, seat.level)
        _evict(room, table, name)
        await table.refresh(mine=[s.seat for s in seats])  # in the game, the table hears of the computer taking it
        table.announce_table(conn, message.id)
        if said:
            freed = [s.seat for s in seats]
            table.say(lambda: removed_line(name, table, freed))
        await table.changed()
        await table.after_change()
    await room.bus.publish({"removed": table.id, "name": name, "say": said, "seats": [s.seat for s in seats]})


def removed_line(name: str, table: LiveTable, seats: list[int]) -> str:
    """What the table hears when a person is removed other than by the computer taking their seat, in the language
    in force."""
    if seats and table.info.state == "waiting":
        return _("The owner removed {name}; {seat} is free again.", name=name,
                 seat=seat_words(seats[0], table.players))
    return _("The owner removed {name} from the table.", name=name)


async def on_notice(room: Room, notice: dict[str, Any]) -> bool:
    """Another process removed someone: its connections of theirs leave the table; True when the notice was
    a removal's."""
    table_id, name = notice.get("removed"), notice.get("name")
    if not isinstance(table_id, int) or not isinstance(name, str):
        return False
    table = room.tables.get(table_id)
    if table is None:
        return True
    async with table.lock:
        await table.refresh()
        _evict(room, table, name)
        table.announce_table()
        if notice.get("say"):
            seats = notice.get("seats")
            freed = [int(s) for s in seats] if isinstance(seats, list) else []
            table.say(lambda: removed_line(name, table, freed))
    return True


def install(room: Room) -> None:
    room.on_notice_key("removed", on_notice)
