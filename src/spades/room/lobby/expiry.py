"""Waiting tables expire, so that tables made and left (or made by the hundred to fill the lobby) do not stay in
it for ever: a table whose game has not started ``waiting_life`` after it was made (60 minutes unless ``spades
serve --table-wait`` says otherwise) is closed, and so is one with no person in its seats a sixth of that after
it was made. Every process sweeps now and then; the store closes each table once, by one statement, and the
process that closed it says so as an event (``TableClosed``), which every process hears once: each tells its own
connections at the table that it is closed, and why, and takes them off it.

The same sweep tells the store which players this process holds a connection of (``mark_seen``), forgets the
sessions whose time is over, and frees the names of guests who are done with them (gone half an hour, or signed
out)."""

from __future__ import annotations

import asyncio
import logging
import random
from datetime import UTC, datetime

from ...language import Later, _, number
from ..table.events import TableClosed
from ..table.room import Room

__all__ = ["SWEEP_EVERY", "closed_line", "install", "sweep"]

log = logging.getLogger("spades.room")

SWEEP_EVERY = 30.0  # seconds between a process's sweeps at most (less when tables wait less long)


def closed_line(table: int, minutes: float) -> str:
    """Why a table that waited too long is closed, in the language in force."""
    return _("Table {table} is closed: its game did not start within {minutes} minutes of its making, or no one sat "
             "at it. Make a new table, or choose another in the lobby.", table=table, minutes=number(minutes))


async def sweep(room: Room) -> list[int]:
    """Close the tables that have waited too long (the events say so at each); the tables closed here."""
    now = datetime.now(UTC)
    life = room.waiting_life
    closed: list[int] = await room.db(room.store.expire_waiting, now - life, now - life / 6)
    for table_id in closed:
        log.info("table %s: closed, its game not started in time", table_id)
        await room.notify(table_id)  # every process's lobby leaves it out from now on
        await room.events.emit(TableClosed(table_id, life.total_seconds() / 60))
    await room.db(room.store.mark_seen, {conn.player.id for conn in room.connections if conn.player is not None})
    await room.db(room.store.forget_expired_sessions)
    await room.db(room.store.release_guests)
    return closed


async def _sweeping(room: Room) -> None:
    every = min(SWEEP_EVERY, room.waiting_life.total_seconds() / 12)
    await asyncio.sleep(random.uniform(0, every))  # the processes of a room started together sweep apart
    while True:
        try:
            await sweep(room)
        except Exception as error:  # a database away for a moment: the next sweep tries again
            log.error("the sweep of waiting tables failed (%s)", type(error).__name__)
        await asyncio.sleep(every)


def install(room: Room) -> None:
    async def closed(event: TableClosed) -> None:
        """Heard on every process: its connections at the table hear why it closed, see it closed, and leave it."""
        table = room.tables.get(event.table)
        if table is None:
            return
        async with table.lock:
            await table.refresh()
            # a moderator's close says its own words (a sentence kept as data, said in each one's language)
            table.say(Later.from_json(event.reason) if event.reason else
                      lambda: closed_line(event.table, event.minutes))
            table.announce_table()
            for conn in list(room.connections.at(event.table)):
                room.connections.leave(conn, event.table)
        if event.reason:  # a game closed under way: its computer players and timers stop here
            await table.close()
        await room.release(event.table)

    room.events.subscribe(TableClosed, closed)
    task = asyncio.get_running_loop().create_task(_sweeping(room))

    def stop() -> None:
        task.cancel()

    room.closing.append(stop)
