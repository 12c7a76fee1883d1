"""The lobby and the seats: creating a table, sitting, standing, the owner's arrangements before the start, the
start itself, and going back to one's seat after a drop.

A table's seats are the store's; each change is written there first, then the table's description goes to
everyone at it and the bus tells the other processes."""

from __future__ import annotations

import contextlib
import logging
import secrets
from collections.abc import AsyncIterator, Iterable
from typing import Any

from ...language import _
from ...rules import variant_words
from ...seats import seat_name
from ...wire import rules_to_json
from .. import protocol as p
from ..social import chat, presence
from ..social.removal import is_removed, refuse_removed
from ..store import Account, StoredSeat, StoredTable, TooManyTables
from ..store.friends import may_sit_private, owner_blocks
from ..table.connections import Connection, Sentence, need_player
from ..table.events import GameStarted
from ..table.live import LiveTable
from ..table.messages import table_message
from ..table.room import Room

log = logging.getLogger("spades.room")

__all__ = ["MAX_OPEN_TABLES", "begin", "create", "join", "remove", "return_to_seats", "set_level", "sit_back",
           "stand", "start"]

MAX_OPEN_TABLES = p.MAX_OPEN_TABLES


async def create(room: Room, conn: Connection, message: p.Create) -> None:
    player = need_player(conn)
    rules = message.rules.to_rules()
    levels = message.seat_levels()
    for seat in levels:
        if seat >= rules.players:
            raise p.Refusal(p.ErrorCode.BAD_SEAT, _("a {variant} table has seats 0 to {last}",
                                                    variant=variant_words(rules.variant), last=rules.players - 1))
    if message.seed is not None and not room.seeds:
        raise p.Refusal(p.ErrorCode.BAD_MESSAGE, _("this room does not take a table's seed (spades serve --seeds)"))
    settings: dict[str, Any] = {"pace": room.pace if message.pace is None else message.pace}
    if message.timeout is not None:
        settings["timeout"] = message.timeout
    if message.autostart:
        settings["autostart"] = True
    settings.update(chat=message.chat, spectator_chat=message.spectator_chat)
    if message.clock is not None:
        settings["clock"] = message.clock.model_dump()
    if message.private:
        settings.update(private=True, watchers=message.watchers)
    seed = message.seed if message.seed is not None else str(secrets.randbelow(2**63))
    try:  # the limit is counted in the table's own transaction: tables made at once on two processes count
        info = await room.db(room.store.create_table, player, rules_to_json(rules), seed, rules.players, levels,
                             settings, at_most=MAX_OPEN_TABLES)
    except TooManyTables as refused:
        raise p.Refusal(p.ErrorCode.TOO_MANY_TABLES, _("you own {count} tables waiting or under way; the limit is "
                                                       "{limit}: finish or leave one first", count=refused.owned,
                                                       limit=MAX_OPEN_TABLES)) from None
    # not loaded here: the table is read from the store when someone comes to it, and dropped again when all have
    # left, so a table no one ever joins is never held in memory
    conn.send(p.encode(table_message(room, info, message.id)))
    await room.notify(info.id)  # every process's lobby lists it from now on


@contextlib.asynccontextmanager
async def _owners_waiting_table(room: Room, conn: Connection, table_id: int) -> AsyncIterator[LiveTable]:
    """A table its owner may still arrange (levels, removals, the start): signed in, the owner, not started;
    held under the table's lock, its seats read fresh from the store."""
    player = need_player(conn)
    table = await room.table(table_id)
    async with table.lock:
        await table.refresh()
        if table.info.owner != player.name:
            raise p.Refusal(p.ErrorCode.NOT_OWNER, _("only the table's owner may do that"))
        _waiting(table)
        yield table


def _waiting(table: LiveTable) -> None:
    if table.info.state != "waiting":
        raise p.Refusal(p.ErrorCode.GAME_STARTED, _("the game has started"))


def _seat_of(table: LiveTable, seat: int) -> StoredSeat:
    if not 0 <= seat < len(table.info.seats):
        raise p.Refusal(p.ErrorCode.BAD_SEAT, _("this table has seats 0 to {last}", last=len(table.info.seats) - 1))
    return table.info.seats[seat]


def _unseat(room: Room, table: LiveTable, seat: int) -> None:
    """Every connection of this process at the freed ``seat`` goes on watching (another tab of the same player
    included), so that none is sent the hand of whoever sits there next."""
    for other in room.connections.holding(table.id, seat):
        room.connections.sit(other, table.id, None, other.cursors.get(table.id, 0))


async def _seat_change(table: LiveTable, to: Connection, reply_to: int | None, seats: Iterable[int]) -> None:
    """The seats this process changed are stored: the table's events and seats, the reply, and the start if the
    table starts by itself once full."""
    await table.refresh(mine=seats)
    await table.changed()  # the other processes hear of the seat before the reply lets its player go on
    table.announce_table(to, reply_to)
    if table.info.settings.get("autostart") and table.info.state == "waiting" \
            and all(s.player is not None or s.level for s in table.info.seats):
        await begin(table)


async def join(room: Room, conn: Connection, message: p.Join) -> None:
    player = need_player(conn)
    table = await room.table(message.table)
    refuse_removed(table.info, player.name)
    if table.info.settings.get("private"):
        await _may_come(room, table, player, message)
    if message.seat is None:
        async with table.lock:
            await table.catch_up()
            held = conn.tables.get(table.id)
            room.connections.sit(conn, table.id, None)
            if held is not None:  # a seated player who goes to watching has left the seat
                await table.away(held, "left")
            table.announce_table(conn, message.id)  # the others see one more watching
            table.send_update(conn, 0)
        return
    async with table.lock:
        await table.refresh()
        seat = _seat_of(table, message.seat)
        mine = seat.player is not None and seat.player.casefold() == player.name.casefold()
    if mine:
        await sit_back(room, conn, table, message.seat, message.id)
        return
    async with table.lock:
        await table.refresh()
        _waiting(table)
        seat = _seat_of(table, message.seat)
        if seat.player is not None:
            raise p.Refusal(p.ErrorCode.SEAT_TAKEN, _("{name} sits at seat {seat}", name=seat.player,
                                                      seat=message.seat))
        # one seat a person at a table, whatever process seats them: moving frees the old seat in the same
        # transaction, and the store refuses a second seat taken at the same moment elsewhere
        sat = await room.db(room.store.sit, table.id, message.seat, player, seat.level, message.more_time)
        if sat.elsewhere:
            raise p.Refusal(p.ErrorCode.SEAT_TAKEN, _("you took another seat at this table just now; one person "
                                                      "holds one seat at a table"))
        if not sat.seated:
            raise p.Refusal(p.ErrorCode.SEAT_TAKEN, _("seat {seat} was just taken", seat=message.seat))
        for freed in sat.freed:
            _unseat(room, table, freed)
        room.connections.sit(conn, table.id, message.seat)
        log.info("table %s: %s sat at %s", table.id, player.name, seat_name(message.seat, table.players))
        await _seat_change(table, conn, message.id, [*sat.freed, message.seat])


async def _may_come(room: Room, table: LiveTable, player: Account, message: p.Join) -> None:
    """A private table takes its owner, its players, the players invited, its owner's friends and the holders of
    its invitation link, but never one its owner blocks; and watchers only when its owner allows them."""
    if await room.db(owner_blocks, room.store, table.id, player.id):
        raise p.Refusal(p.ErrorCode.PRIVATE_TABLE, _("table {table} is private", table=table.id))
    allowed = (message.invite is not None and secrets.compare_digest(message.invite, table.info.invite)) \
        or await room.db(may_sit_private, room.store, table.id, player.id)
    if not allowed:
        raise p.Refusal(p.ErrorCode.PRIVATE_TABLE, _("table {table} is private: its owner's friends, the players "
                                                     "invited and those with its invitation link may come to it",
                                                     table=table.id))
    seated = any(s.player is not None and s.player.casefold() == player.name.casefold() for s in table.info.seats)
    if message.seat is None and not table.info.settings.get("watchers", True) and not seated \
            and table.info.owner != player.name:
        raise p.Refusal(p.ErrorCode.NO_WATCHERS, _("the owner of table {table} allows no one to watch it",
                                                   table=table.id))


async def sit_back(room: Room, conn: Connection, table: LiveTable, seat: int,
                   reply_to: int | None = None) -> StoredSeat | None:
    """The seat's own player is back at it: the whole state, where the game stands, and what the computer did for
    them meanwhile; the table hears that they are back. The seat as it was while they were away (None: it was
    not marked away)."""
    if conn.player is not None:
        refuse_removed(table.info, conn.player.name)
    async with table.lock:
        await table.catch_up()
        room.connections.sit(conn, table.id, seat)
        log.info("table %s: %s is back at %s", table.id, conn.player.name if conn.player else "someone",
                 seat_name(seat, table.players))
        table.announce_table(conn, reply_to)
        if table.host is not None:
            table.send_update(conn, 0)
            game = table.host.game
            table.say(lambda: presence.back_line(game, seat), to=conn)
        was = await table.back(conn, seat)
        await table.after_change()
    return was


async def return_to_seats(room: Room, conn: Connection) -> None:
    """After resume: back to every table waiting or under way where the player sits, with the whole state; but
    not to a seat they left on purpose (stand during the game): they may be at another table by now (quick play
    seated them elsewhere), and their return must not mark them present at the one they left, where the computer
    would then wait on them, uncovered. They take that seat back by asking (join)."""
    assert conn.player is not None
    name = conn.player.name
    infos: list[StoredTable] = await room.db(room.store.tables_of, conn.player)
    for info in infos:
        for seat in info.seats:
            if seat.player == name and seat.away != "left" and not is_removed(info, name):
                was = await sit_back(room, conn, await room.table(info.id), seat.seat)
                if was is not None and was.away_since is not None:  # their connection there was gone meanwhile
                    await chat.back_from_away(room, conn, info.id, was.away_since)
                break


async def stand(room: Room, conn: Connection, message: p.Stand) -> None:
    player = need_player(conn)
    table = await room.table(message.table)
    async with table.lock:
        await table.refresh()
        mine = [s for s in table.info.seats if s.player == player.name]
        if table.id not in conn.tables and not mine:
            raise p.Refusal(p.ErrorCode.NOT_SEATED, _("you are not at that table"))
        seat = conn.tables.get(table.id)
        room.connections.leave(conn, table.id)
        log.info("table %s: %s left the table", table.id, player.name)
        if table.info.state == "waiting":
            for own in mine:
                await room.db(room.store.set_seat, table.id, own.seat, None, own.level)
                _unseat(room, table, own.seat)
        elif seat is not None:
            await table.away(seat, "left")
        await _seat_change(table, conn, message.id, [s.seat for s in mine])
        await table.after_change()
    await room.release(table.id)


async def set_level(room: Room, conn: Connection, message: p.SetLevel) -> None:
    async with _owners_waiting_table(room, conn, message.table) as table:
        seat = _seat_of(table, message.seat)
        if seat.player is not None:
            raise p.Refusal(p.ErrorCode.SEAT_TAKEN, _("{name} sits at seat {seat}", name=seat.player,
                                                      seat=message.seat))
        # written only while no one holds the seat: a person seated there meanwhile by another process keeps it
        if not await room.db(room.store.set_seat, table.id, message.seat, None, message.level, only_if_empty=True):
            await table.refresh()
            raise p.Refusal(p.ErrorCode.SEAT_TAKEN, _("seat {seat} was just taken", seat=message.seat))
        await _seat_change(table, conn, message.id, [message.seat])


async def remove(room: Room, conn: Connection, message: p.Remove) -> None:
    async with _owners_waiting_table(room, conn, message.table) as table:
        seat = _seat_of(table, message.seat)
        await room.db(room.store.set_seat, table.id, message.seat, None, seat.level)
        _unseat(room, table, message.seat)
        await _seat_change(table, conn, message.id, [message.seat])


async def start(room: Room, conn: Connection, message: p.Start) -> None:
    async with _owners_waiting_table(room, conn, message.table) as table:
        empty = [s.seat for s in table.info.seats if s.player is None and s.level is None]
        if empty:
            raise p.Refusal(p.ErrorCode.BAD_SEAT, _("every seat needs a person or a computer level; empty: {seats}",
                                                    seats=", ".join(map(str, empty))))
        if not await begin(table, conn, message.id):
            raise p.Refusal(p.ErrorCode.GAME_STARTED, _("the game has started"))


async def begin(table: LiveTable, to: Connection | None = None, reply_to: int | None = None,
                told: dict[Connection, Sentence] | None = None) -> bool:
    """Start the game (under the table's lock): the first update to everyone, the cover rule said, and the people
    not here are away from now on; ``told``, a line for some connections (where quick play seated them), comes
    after the table's description and before the deal. False when another process started it first."""
    room = table.room
    if not await room.db(room.store.set_state, table.id, "playing", was="waiting"):
        return False
    await table.refresh()
    await table.catch_up()
    log.info("table %s: the game started: %s", table.id, ", ".join(
        f"{seat_name(s.seat, table.players)} {s.player or f'computer ({s.level})'}" for s in table.info.seats))
    table.announce_table(to, reply_to)
    for conn, line in (told or {}).items():
        table.say(line, to=conn)
    # before the first update, and before the other processes hear of the start: everyone hears the cover rule
    # (presence) first
    await room.events.emit(GameStarted(table.id, tuple(s.player for s in table.info.seats if s.player)))
    table.publish()
    await table.changed()
    present = room.connections.present(table.id)
    # alone on its database, this process knows who is connected; with others, a person not here may be at one
    # of them, which claims them back: marked away quietly, they are announced only if the computer covers them
    reason = "dropped" if room.alone else "restart"
    for seat in table.info.seats:
        if seat.player is not None and seat.seat not in present:
            await table.away(seat.seat, reason)
    await table.after_change()
    return True
