"""Invitations: a player at a table (seated, or its owner) invites a friend to a seat, or to any; the friend is
told wherever they are in the room, with the table and the seat, and accepts with one key (their client sends
join). The invitation is kept with the table, so it lets the friend into a private table."""

from __future__ import annotations

import time

from ...rules import Rules
from ...seats import seat_name
from ...wire import rules_from_json
from .. import protocol as p
from ..store import friends as stored
from ..table.connections import Connection, need_player
from ..table.room import Room

__all__ = ["invite"]


async def invite(room: Room, conn: Connection, message: p.Invite) -> None:
    player = need_player(conn)
    table = await room.table(message.table)
    info = table.info
    sits = any(s.player is not None and s.player.casefold() == player.name.casefold() for s in info.seats)
    if not sits and info.owner != player.name:
        raise p.Refusal(p.ErrorCode.NOT_SEATED, f"you are not seated at table {info.id}, nor its owner")
    if info.state not in ("waiting", "playing"):
        raise p.Refusal(p.ErrorCode.GAME_OVER, f"table {info.id} is not open")
    rules: Rules = rules_from_json(info.rules)
    if message.seat is not None and message.seat >= rules.players:
        raise p.Refusal(p.ErrorCode.BAD_SEAT, f"table {info.id} has seats 0 to {rules.players - 1}")
    wait = await room.tallies.take(f"invite:{player.id}", p.INVITES_PER_MINUTE, 60.0, time.time())
    if wait > 0:
        raise p.Refusal(p.ErrorCode.RATE_LIMITED, f"you sent {p.INVITES_PER_MINUTE} invitations within a minute; "
                        f"wait {max(1, round(wait))} seconds")
    name = await room.db(stored.invite, room.store, player, info.id, message.name, message.seat)
    where = f"seat {seat_name(message.seat, rules.players)}" if message.seat is not None else "a seat"
    text = (f"{player.name} invites you to {where} at table {info.id} ({rules.variant}). Press Shift+A to "
            "accept, or go on with what you are doing.")
    await room.tell(name, p.encode(p.Notice(type="notice", kind="invited", table=info.id, seat=message.seat,
                                            name=player.name, text=text)))
    conn.send(p.encode(p.Notice(type="notice", id=message.id, kind="invite_sent", name=name, table=info.id,
                                seat=message.seat, text=f"{name} was invited to {where} at table {info.id}.")))
