"""The rematch: when a game with people ends, the room asks each of them "Play again with the same seats?", says
who accepted and who declined as they answer, and once every person has accepted starts a new table with the
same seats (people and computer levels), the same rules and a new seed. A person who leaves the table, or whose
connection closes, declines.

The answers are rows of the database and the new table is made in one transaction keyed by the finished table
(``queue_store.make_rematch``), so two processes agree on the answers and only one new table is ever made. The
bus says ``{"rematch": table}`` (the answers changed) and, with ``made``, the new table; every process tells its
own connections at the table and seats those of its people."""

from __future__ import annotations

import logging
import weakref
from typing import Any

from ...language import N_, _, listed, n_
from ...seats import seat_words
from .. import protocol as p
from ..social.removal import refuse_removed
from ..store import queue as qs
from ..table.connections import Connection, in_language, need_player, send_each
from ..table.events import ConnectionClosed, GameOver
from ..table.live import LiveTable
from ..table.room import Room
from .queue import quick_play, seat_and_tell

__all__ = ["answer", "game_over", "install", "leaving", "on_notice"]

log = logging.getLogger("spades.room")

QUESTION = N_("Play again with the same seats?")  # in English; said in the language of whoever hears it

_ASKED: weakref.WeakKeyDictionary[Room, set[int]] = weakref.WeakKeyDictionary()


def _people(table: LiveTable) -> list[str]:
    """Those asked: the people of the finished game, but those the owner removed from it."""
    removed = {s.seat for s in table.info.seats if s.away == "removed"}
    return list(dict.fromkeys(name for seat, name in sorted(table.people().items()) if seat not in removed))


def state_text(asked: list[str], accepted: list[str], declined: list[str], new: int | None) -> str:
    """What the room says of the answers so far, in the language in force."""
    if new is not None:
        return _("Everyone accepts: the rematch is table {table}.", table=new)
    if declined:
        return _("{names} declined: no rematch.", names=listed(declined))
    if not accepted:
        return _("{question} Asked: {names}.", question=_(QUESTION), names=listed(asked))
    waiting = [name for name in asked if name not in accepted]
    if not waiting:
        return _("Everyone accepts a rematch.")
    return n_("{names} accepts a rematch; waiting for {waiting}.", "{names} accept a rematch; waiting for {waiting}.",
              len(accepted), names=listed(accepted), waiting=listed(waiting))


async def _state(room: Room, table: LiveTable, reply_to: int | None = None) -> p.RematchState:
    asked = _people(table)
    answers: dict[str, bool] = await room.db(qs.answers, room.store, table.id)
    accepted = [name for name in asked if answers.get(name) is True]
    declined = [name for name in asked if answers.get(name) is False]
    new: int | None = await room.db(qs.made, room.store, table.id)
    return p.RematchState(type="rematch", id=reply_to, table=table.id, asked=asked, accepted=accepted,
                          declined=declined, text=state_text(asked, accepted, declined, new), table_new=new)


def _tell(room: Room, table: LiveTable, state: p.RematchState, reply: tuple[Connection, int | None] | None = None
          ) -> None:
    """Everyone at the table hears the answers, each in their language (the asker with its message's id)."""
    def said(reply_to: int | None = None) -> str:
        text = state_text(state.asked, state.accepted, state.declined, state.table_new)
        return p.encode(state.model_copy(update={"id": reply_to, "text": text}))

    asker, ident = reply if reply is not None else (None, None)
    send_each(room.connections.at(table.id), said, skip=asker)
    if asker is not None and asker in room.connections.at(table.id):
        asker.send(in_language(asker, lambda: said(ident)))


async def _publish(room: Room, notice: dict[str, Any]) -> None:
    await room.bus.publish({**notice, "process": quick_play(room).process})


async def game_over(table: LiveTable) -> None:
    """The table's game is over: its people (and spectators) of this process are asked, once; never at a
    tournament's table, whose director seats its people next."""
    room = table.room
    asked = _ASKED.setdefault(room, set())
    if table.id in asked or table.info.state != "over" or not table.people() or table.info.settings.get("tournament"):
        return
    asked.add(table.id)
    _tell(room, table, await _state(room, table))


async def answer(room: Room, conn: Connection, message: p.RematchAnswer) -> None:
    player = need_player(conn)
    table = await room.table(message.table)
    async with table.lock:
        await table.refresh()
    if table.info.state != "over":
        raise p.Refusal(p.ErrorCode.NO_REMATCH, _("the game at that table is not over"))
    if player.name not in _people(table):
        refuse_removed(table.info, player.name)
        raise p.Refusal(p.ErrorCode.NOT_SEATED, _("you did not play at that table"))
    state = await _state(room, table)
    if state.table_new is not None:
        raise p.Refusal(p.ErrorCode.NO_REMATCH, _("the rematch is table {table} already", table=state.table_new))
    if state.declined:
        raise p.Refusal(p.ErrorCode.NO_REMATCH, state.text)
    if table.id not in conn.tables:  # the answer is heard at the table: one who left it has declined already
        raise p.Refusal(p.ErrorCode.NOT_SEATED, _("you are not at that table: come back to it (join) to answer"))
    await _answer(room, table, player.id, message.accept, (conn, message.id))


async def _answer(room: Room, table: LiveTable, player_id: int, accept: bool,
                  reply: tuple[Connection, int | None] | None = None) -> None:
    await room.db(qs.answer, room.store, table.id, player_id, accept)
    state = await _state(room, table)
    _tell(room, table, state, reply)
    await _publish(room, {"rematch": table.id})
    if accept and not state.declined and len(state.accepted) == len(state.asked):
        new = await room.db(qs.make_rematch, room.store, table.info)
        if new is not None:  # told before they move to the new table, where the finished one's news stops
            _tell(room, table, await _state(room, table))
            await _seat(room, table, new, begin=True)
            await _publish(room, {"rematch": table.id, "made": new})


async def _seat(room: Room, table: LiveTable, new: int, *, begin: bool) -> None:
    """This process's connections of the table's people sit at the same seats of the new table (and leave the
    finished one)."""
    seats = {name: seat for seat, name in table.people().items()}
    conns: dict[str, list[Connection]] = {}
    for conn in room.connections.at(table.id):
        if conn.player is not None and conn.player.name in seats and conn.tables.get(table.id) is not None:
            conns.setdefault(conn.player.name, []).append(conn)
            room.connections.leave(conn, table.id)
            room.release_soon(table.id)
    players = len(table.info.seats)
    await seat_and_tell(room, new, seats, conns, lambda name, seat: _(
        "Rematch: table {table}, the same seats. You sit at {seat}.", table=new, seat=seat_words(seat, players)),
        begin=begin)


async def leaving(room: Room, conn: Connection, table_id: int) -> None:
    """A person leaves a finished table (stands, or the connection closes) before the rematch is settled: they
    decline."""
    table = room.tables.get(table_id)
    if table is None or conn.player is None or table.info.state != "over" or conn.tables.get(table_id) is None:
        return
    if conn.player.name not in _people(table):
        return
    state = await _state(room, table)
    if state.table_new is not None or state.declined:
        return
    await _answer(room, table, conn.player.id, False)


async def on_notice(room: Room, notice: dict[str, Any]) -> None:
    """Another process changed a rematch's answers, or made its table."""
    table_id = notice.get("rematch")
    if notice.get("process") == quick_play(room).process or not isinstance(table_id, int):
        return
    table = room.tables.get(table_id)
    if table is None:
        return
    async with table.lock:
        await table.refresh()
    _tell(room, table, await _state(room, table))
    made = notice.get("made")
    if isinstance(made, int):
        await _seat(room, table, made, begin=False)


def install(room: Room) -> None:
    """The rematch's listeners: a game over asks this process's people at the table (once); a closed connection
    declines at each finished table it was at; other processes' answers and new tables."""

    async def over(event: GameOver) -> None:
        table = room.tables.get(event.table)
        if table is None:
            return
        if table.info.state != "over":  # heard from another process before its notice: read the table
            async with table.lock:
                await table.refresh()
        await game_over(table)

    async def closed(event: ConnectionClosed) -> None:
        for table_id in event.tables:
            try:
                await leaving(room, event.connection, table_id)
            except Exception as error:
                log.error("table %s: a closed connection's rematch could not be declined (%s)", table_id,
                          type(error).__name__)

    room.events.subscribe(GameOver, over)
    room.events.subscribe(ConnectionClosed, closed)
    asked = _ASKED.setdefault(room, set())
    room.released.append(asked.discard)  # a table dropped from memory has been asked already, or never will be
    room.held["rematch_asked"] = lambda: len(asked)
    room.on_notice_key("rematch", on_notice)
