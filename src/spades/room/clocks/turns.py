"""The turn clock's listener: it hears every change of a table that has a clock and waits on the turn that runs.

The table works out its clock from its stored actions (``table.clock``), and this listener acts on it: ten seconds
before the deadline it says the one warning to the connections of this process that hold the seat (each process
tells its own, so a player with the table open twice hears it once in each); at the deadline the computer takes
that one action for the seat, through the table's one path of an action, marked as the clock's, and the person
keeps the seat. Every process that serves the table waits on the same deadline; the database orders the actions,
so when two run out at once one stores the computer's action and the other finds the turn has moved on. A turn
that ends first (the person acts, the computer covers the seat) is passed over: the action is taken only on the
state it was chosen for."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from ...bots import bot_seed, make_bot
from ...language import _
from ...tournament.clock import WARNING
from ...words import clock as words
from .. import protocol as p
from ..table.connections import send_each
from ..table.live import COVER_LEVEL, LiveTable
from ..table.room import Room

__all__ = ["install"]

log = logging.getLogger("spades.room")

Key = tuple[int, int, float]  # the turn waited on: the table's seq, the seat, its deadline


def install(room: Room) -> None:
    armed: dict[int, tuple[Key, asyncio.Task[None]]] = {}

    def watch(table: LiveTable) -> None:
        clock, host = table.clock, table.host
        found = armed.get(table.id)
        if clock.turn is None or clock.seat is None or host is None or host.game.over:
            if found is not None:
                _stop(found[1])
                del armed[table.id]
            return
        key = (table.seq, clock.seat, clock.turn.deadline)
        if found is not None:
            if found[0] == key and not found[1].done():
                return
            _stop(found[1])
        task = asyncio.create_task(_run(room, table, key))
        armed[table.id] = (key, task)
        task.add_done_callback(lambda done: armed.pop(table.id, None) if armed.get(table.id, (None, None))[1]
                               is done else None)

    def forget(table_id: int) -> None:
        found = armed.pop(table_id, None)
        if found is not None:
            _stop(found[1])

    def close() -> None:
        for _key, task in armed.values():
            _stop(task)
        armed.clear()

    room.clock_watchers.append(watch)
    room.released.append(forget)
    room.closing.append(close)


def _stop(task: asyncio.Task[None]) -> None:
    """Cancel a wait, but never the one taking the computer's action now: its own change calls the watcher."""
    if task is not asyncio.current_task():
        task.cancel()


def _current(table: LiveTable, key: Key) -> bool:
    clock = table.clock
    return (clock.turn is not None and (table.seq, clock.seat, clock.turn.deadline) == key
            and table.host is not None and not table.host.game.over)


async def _run(room: Room, table: LiveTable, key: Key) -> None:
    _seq, seat, deadline = key
    try:
        warn_at = deadline - WARNING
        if warn_at > time.time():
            await asyncio.sleep(warn_at - time.time())
            if not _current(table, key):
                return
            send_each(room.connections.holding(table.id, seat),  # in each one's language
                      lambda: p.encode(p.Said(type="said", table=table.id, text=_(words.WARNING_LINE), alert="time")))
        await asyncio.sleep(max(0.0, deadline - time.time()))
        host = table.host
        if host is None or not _current(table, key):
            return
        cursor = host.cursor
        bot = make_bot(COVER_LEVEL, seed=bot_seed(host.game.seed, "clock", seat))
        action = await asyncio.to_thread(bot.act, host.game.view(seat))
        if not _current(table, key) or host.cursor != cursor:
            return
        log.info("table %s: seat %s ran out of time; the computer acts for it", table.id, seat)
        with contextlib.suppress(p.Refusal):  # the turn moved on at this moment elsewhere
            await table.command(seat, action, person=False, cursor=cursor, timed=True)
    except asyncio.CancelledError:
        raise
    except Exception as error:  # the reason may name a card: only its kind is logged
        log.error("table %s: the clock's action failed (%s)", table.id, type(error).__name__)

