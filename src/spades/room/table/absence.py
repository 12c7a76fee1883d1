"""A live table's absence timer: when a person away from a game under way has been gone for the table's timeout,
the computer covers their seat (stored, so every process covers it at once) until they are back."""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .live import LiveTable

__all__ = ["watch"]

log = logging.getLogger("spades.room")


def _now() -> datetime:
    return datetime.now(UTC)


def watch(table: LiveTable) -> None:
    """(Re)arm the timer for the first absent, uncovered person's deadline: their absence plus the timeout."""
    if table.host is None or table.host.game.over or table.info.state != "playing":
        return
    waiting = [s.away_since or _now() for s in table.info.seats
               if s.player is not None and s.away is not None and s.covered_from is None]
    if not waiting:
        if table.timer is not None:
            table.timer.cancel()
        table.timer, table.timer_at = None, None
        return
    due = min(waiting) + timedelta(seconds=table.timeout)
    if table.timer is not None and not table.timer.done() and table.timer_at == due:
        return
    if table.timer is not None:
        table.timer.cancel()
    table.timer_at = due
    table.timer = asyncio.create_task(_cover_at(table, due))


async def _cover_at(table: LiveTable, due: datetime) -> None:
    await asyncio.sleep(max(0.0, (due - _now()).total_seconds()))
    room = table.room
    async with table.lock:
        await table.catch_up()
        await table.refresh()
        host = table.host
        if host is None or host.game.over:
            return
        now = _now()
        covered = False
        for seat in table.info.seats:
            if seat.player is None or seat.away is None or seat.covered_from is not None:
                continue
            if seat.seat in room.connections.present(table.id):
                continue
            if await room.db(room.store.cover, table.id, seat.seat, table.seq, now - timedelta(seconds=table.timeout)):
                log.info("table %s: seat %s covered by the computer", table.id, seat.seat)
                covered = True
        table.timer, table.timer_at = None, None
        if covered:
            await table.refresh(mine=[seat.seat for seat in table.info.seats])
            await table.changed()
        await table.after_change()
