"""Blocks: private to the blocker. The blocked player's chat never reaches them (the chat's list of whom a player
does not hear holds their blocks beside their mutes, read again on every process when the bus says it changed),
quick play and the Swiss pairing seat them apart when another choice exists, and the blocked may not come to the
blocker's private tables. A block ends a friendship."""

from __future__ import annotations

from .. import protocol as p
from ..social.chat import state_of
from ..store import friends as stored
from ..table.connections import Connection, need_player
from ..table.room import Room

__all__ = ["block"]


async def block(room: Room, conn: Connection, message: p.Block) -> None:
    player = need_player(conn)
    names: list[str] = await room.db(stored.set_block, room.store, player, message.name, message.blocked)
    if message.name is not None:
        await room.bus.publish({"mutes": player.id})  # every process hears this player's list again
        state_of(room).mutes.pop(player.id, None)
    conn.send(p.encode(p.Blocked(type="blocked", id=message.id, names=names)))
