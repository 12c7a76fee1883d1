"""What a player asks of a table without acting: the reading keys' answers, a hint, the coach's review of a
finished hand, and ``sync`` (everything after a cursor).

The answers are the terminal table's own words (``words``), from the asker's seat or as a spectator; the room adds
what only it knows: who is away at ``w``, and the cover rule at ``z``."""

from __future__ import annotations

import asyncio
import weakref
from datetime import UTC, datetime

from ...language import _, current
from ...wire import action_text
from ...words import clock as clock_words
from ...words import seat as words
from .. import protocol as p
from ..lobby.seating import sit_back
from ..social import presence
from ..social.removal import refuse_removed
from ..store.ratings import count_hint
from ..table.connections import Connection, need_player
from ..table.live import LiveTable
from ..table.room import Room
from ..tournaments.views import standings_answer

__all__ = ["ask", "sync"]


async def ask(room: Room, conn: Connection, message: p.Ask) -> None:
    """Answer a reading key in the terminal's words, from the asker's seat (or as a spectator): only to a
    connection at the table, so that the table knows everyone who reads it."""
    table = await room.table(message.table)
    await _at_table(room, conn, table)
    async with table.lock:  # a table just loaded by another message has caught up once this is free
        pass
    host = table.host
    if host is None:
        raise p.Refusal(p.ErrorCode.NOT_STARTED, _("the game has not started yet"))
    view = host.view(table.seat_of(conn))
    if message.key == "C":
        lines = await _coach(table, view.seat, words.coach_refusal(view, message.hand), message.hand)
        conn.send(p.encode(p.Said(type="said", id=message.id, table=table.id, text=lines[0][:p.MESSAGE_MAX],
                                  lines=[line[:p.MESSAGE_MAX] for line in lines[:p.COACH_LINES]])))
        return
    action = None
    if message.key == "x":
        # a spectator is told why there is no hint before any adviser is asked
        adviser = table.adviser(view.seat if view.seat in range(table.players) else 0)
        text, suggested = await asyncio.to_thread(words.hint, view, host.game.events, adviser, message.hand)
        action = None if suggested is None else action_text(suggested)
        if suggested is not None and message.hand is None:
            await _hint_asked(room, table, view.seat)
    elif message.key == "S":
        text = await standings_answer(room, table.id, conn.player.name if conn.player else None)
    elif message.key == "T":
        text = _(clock_words.NO_CLOCK)
        state = table.clock.state(table.players, table.info.seats, host)
        if state is not None:
            text = clock_words.time_left_line(host.game.rules, view.seat if view.seat in range(table.players)
                                              else None, state["turn"], state["left"], state["banks"])
    else:
        text = words.answer(view, host.game.events, message.key, message.hand)
        if message.key == "z":
            text += " " + presence.cover_rule(table.timeout)
            clock = table.info.settings.get("clock")
            if clock:
                text += " " + clock_words.setting_line(clock["per_action"], clock["bank"], clock["more_time"])
        elif message.key == "w" and message.hand is None and not host.game.over:
            note = presence.turn_note(table.seat(host.game.turn), table.players, table.timeout, datetime.now(UTC))
            if note is not None:
                text += " " + note
    conn.send(p.encode(p.Said(type="said", id=message.id, table=table.id, text=text[:p.MESSAGE_MAX],
                              action=action)))


# The decisions whose hint was counted, by table (forgotten with it): (seat, the table's seq).
_HINTED: weakref.WeakKeyDictionary[LiveTable, set[tuple[int, int]]] = weakref.WeakKeyDictionary()


async def _hint_asked(room: Room, table: LiveTable, seat: int) -> None:
    """The seat's person asked the hint for the decision before them: counted once a decision, for the record
    (``finish_meta``), so that a player's page says how many hints their rated games took."""
    hinted = _HINTED.setdefault(table, set())
    key = (seat, table.seq)
    if key in hinted or table.host is None or table.host.game.over:
        return
    hinted.add(key)
    await room.db(count_hint, room.store, table.id, seat)


async def _at_table(room: Room, conn: Connection, table: LiveTable) -> None:
    """A question about a table is answered only at it: a connection not there is taken back to the seat its
    player holds (as after a drop), and one whose player holds none is refused: it joins first, to watch or to
    sit, and is then listed among those watching. A player the owner removed is refused either way."""
    player = need_player(conn)
    if table.id in conn.tables:
        return
    refuse_removed(table.info, player.name)
    mine = [s.seat for s in table.info.seats if s.player == player.name]
    if not mine:
        raise p.Refusal(p.ErrorCode.NOT_SEATED, _("join the table first (with a seat, or to watch)"))
    await sit_back(room, conn, table, mine[0])


async def _coach(table: LiveTable, seat: int, refusal: str | None, hand: int | None) -> list[str]:
    """The coach's lines for ``seat`` about the finished ``hand`` (or the refusal), reviewed once per seat and
    hand (the room takes nothing back, so a finished hand's review never changes). The search runs in a worker
    thread on a copy of the game, so the table plays on meanwhile."""
    if refusal is not None or hand is None or table.host is None:
        return [refusal or _("There is no hand to review.")]
    key = (seat, hand, current())
    if key not in table.reviews:
        game = table.host.game.clone()  # taken here, on the loop, where the table's actions are applied
        table.reviews[key] = await asyncio.to_thread(words.coach, game, seat, hand)
    return table.reviews[key]


async def sync(room: Room, conn: Connection, message: p.Sync) -> None:
    """Everything after the cursor, as the reply to the message (with its id)."""
    table = await room.table(message.table)
    await _at_table(room, conn, table)
    async with table.lock:
        await table.catch_up()
        if table.host is None:
            raise p.Refusal(p.ErrorCode.NOT_STARTED, _("the game has not started yet"))
        table.send_update(conn, min(message.cursor, table.host.cursor), reply_to=message.id)
