"""Invitations: a player at a table (seated, or its owner) invites a friend to a seat, or to any; the friend is
told wherever they are in the room, with the table and the seat, and accepts with one key (their client sends
join). The invitation is kept with the table, so it lets the friend into a private table."""

from __future__ import annotations

import time

from ...language import _
from ...rules import Rules, variant_words
from ...seats import seat_words
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
        raise p.Refusal(p.ErrorCode.NOT_SEATED, _("you are not seated at table {table}, nor its owner",
                                                  table=info.id))
    if info.state not in ("waiting", "playing"):
        raise p.Refusal(p.ErrorCode.GAME_OVER, _("table {table} is not open", table=info.id))
    rules: Rules = rules_from_json(info.rules)
    if message.seat is not None and message.seat >= rules.players:
        raise p.Refusal(p.ErrorCode.BAD_SEAT, _("table {table} has seats 0 to {last}", table=info.id,
                                                last=rules.players - 1))
    wait = await room.tallies.take(f"invite:{player.id}", p.INVITES_PER_MINUTE, 60.0, time.time())
    if wait > 0:
        raise p.Refusal(p.ErrorCode.RATE_LIMITED, _("you sent {count} invitations within a minute; wait {wait} "
                                                    "seconds", count=p.INVITES_PER_MINUTE, wait=max(1, round(wait))))
    name = await room.db(stored.invite, room.store, player, info.id, message.name, message.seat)
    seat, number, host = message.seat, info.id, player.name

    def invited() -> str:  # in the language of each of the friend's connections
        fields = {"name": host, "table": number, "variant": variant_words(rules.variant)}
        text = _("{name} invites you to seat {seat} at table {table} ({variant}). Press Shift+A to accept, or go on "
                 "with what you are doing.", seat=seat_words(seat, rules.players), **fields) if seat is not None \
            else _("{name} invites you to a seat at table {table} ({variant}). Press Shift+A to accept, or go on "
                   "with what you are doing.", **fields)
        return p.encode(p.Notice(type="notice", kind="invited", table=number, seat=seat, name=host, text=text))

    await room.tell(name, invited)
    sent = _("{name} was invited to seat {seat} at table {table}.", name=name, seat=seat_words(seat, rules.players),
             table=number) if seat is not None else \
        _("{name} was invited to a seat at table {table}.", name=name, table=number)
    conn.send(p.encode(p.Notice(type="notice", id=message.id, kind="invite_sent", name=name, table=info.id,
                                seat=message.seat, text=sent)))
