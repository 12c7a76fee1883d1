"""The room's own flags: when a game ends with registered players at it who signed in from one device (the token
the web page keeps), or from one public address, within the last days, the moderators are sent a report of it
(kind ``flag``): two accounts of one person can feed one rating from the other. The game is rated as usual; a
moderator who finds it farmed voids its rating (``moderate`` with ``void``), which ``spades ratings --rebuild``
respects. Addresses that are not public (the machine itself, a private network) link no one: every player of a
room behind a proxy, or on a school's network, would otherwise be flagged together."""

from __future__ import annotations

import ipaddress

from ..store import moderation as stored
from ..table.events import GameOver
from ..table.room import Room
from .reports import tell_moderators

__all__ = ["flag_shared", "install"]


def _public(value: str) -> bool:
    try:
        return ipaddress.ip_address(value).is_global
    except ValueError:
        return False


async def flag_shared(room: Room, table_id: int) -> int:
    """Flag the finished game's registered players who share a device or a public address; how many pairs."""
    info = await room.db(room.store.table, table_id)
    if info is None:
        return 0
    accounts = {}
    for seat in info.seats:
        if seat.player is not None:
            account = await room.db(room.store.player, seat.player)
            if account is not None and not account.guest:
                accounts[account.id] = account.name
    pairs = await room.db(stored.marks_shared, room.store, sorted(accounts), _public)
    for first, second, kind in pairs:
        how = "one device" if kind == "device" else "one address"
        reason = (f"{accounts[first]} and {accounts[second]} signed in from {how} and played table {table_id} "
                  "together")
        await room.db(stored.add_report, room.store, "flag", None, accounts[second], table_id, None, reason, [])
    if pairs:
        await tell_moderators(room)
    return len(pairs)


def install(room: Room) -> None:
    async def over(event: GameOver) -> None:
        await flag_shared(room, event.table)

    room.events.subscribe(GameOver, over, made_here=True)
