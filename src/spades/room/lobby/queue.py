"""Quick play with people: a queue per variant, kept in the database (``queue_store``) so that every process of the
room sees one queue; this module is the room's side of it: the messages, the offer of the computer once a
player's wait is over, the match and telling everyone seated.

Each process keeps the connections of its own that wait, and gives a sign of life for their rows every
``QUEUE_HEARTBEAT`` seconds; a row whose process has been silent for ``QUEUE_STALE`` is dropped (its process died).
The process that sees a queue change seats it ``QUICK_SETTLE`` seconds later, under the queue's lock, and tells
the others on the bus: ``{"queue": variant}`` (say the queue to your waiting connections) and, with ``table`` and
``seats``, who was seated where (seat the connections of those people you hold). The table's owner is the person
who waited longest; it starts by itself (autostart)."""

from __future__ import annotations

import asyncio
import functools
import logging
import uuid
import weakref
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from ...language import _, listed
from ...rules import VARIANTS, Rules, variant_words
from ...seats import seat_words
from .. import protocol as p
from ..protocol.codes import QUEUE_HEARTBEAT, QUICK_SETTLE
from ..rating import leavers
from ..social import chat
from ..store import Account
from ..store import queue as qs
from ..store.ratings import abandons_since
from ..table.connections import Connection, Sentence, in_language, need_player
from ..table.events import ConnectionClosed
from ..table.room import Room
from . import seating

__all__ = ["QuickPlay", "install", "leave", "leave_queue", "left", "on_notice", "quick", "quick_computer", "quick_play",
           "seat_and_tell", "sit_down"]

log = logging.getLogger("spades.room")
VANISHED_FOR = 30.0  # seconds a connection whose queue row vanished may still be seated by a notice


@dataclass
class _Waiting:
    variant: str
    since: datetime
    wait: float
    timer: asyncio.Task[None] | None = None
    partner: str | None = None  # the partner asked for
    paired: bool = False  # whether the partner has asked for this player too (as the queue was last read)


class QuickPlay:
    """This process's side of the queues: its waiting connections, their offer timers, the heartbeat, and the
    settling of each variant's queue before a match."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.process = uuid.uuid4().hex
        self.waiting: dict[Connection, _Waiting] = {}
        # Connections whose row left the queue while they waited here, with when it was seen gone: most often
        # another process seated them, and its notice naming their table may come after this one has read the
        # queue; it must still find them (a player is never seated without being told). A row can leave for
        # other reasons too (the same player queued for another variant on another process), so an entry counts
        # only for VANISHED_FOR seconds, far longer than a match takes to be announced.
        self.vanished: dict[Connection, datetime] = {}
        self.settling: dict[str, asyncio.Task[None]] = {}
        self.again: set[str] = set()  # variants whose queue changed while they were being seated
        self.beat: asyncio.Task[None] | None = None

    def connections_of(self, name: str) -> list[Connection]:
        """The connections of this process where ``name`` waits, or waited until their row left the queue a
        moment ago (a match made elsewhere, whose notice is on its way)."""
        cutoff = datetime.now(UTC) - timedelta(seconds=VANISHED_FOR)
        for conn in [conn for conn, when in self.vanished.items() if when < cutoff]:
            del self.vanished[conn]
        return [conn for conn in (*self.waiting, *self.vanished)
                if conn.player is not None and conn.player.name == name]

    def close(self) -> None:
        for task in [self.beat, *self.settling.values(), *(w.timer for w in self.waiting.values())]:
            if task is not None:
                task.cancel()

    def forget(self, conn: Connection) -> _Waiting | None:
        self.vanished.pop(conn, None)
        waiting = self.waiting.pop(conn, None)
        if waiting is not None and waiting.timer is not None:
            waiting.timer.cancel()
        return waiting

    # -- saying the queue ---------------------------------------------------------------------------------------
    async def tell(self, variant: str) -> None:
        """Each waiting connection of this process in that queue hears where it stands; a connection whose row
        is gone (seated by another process, or dropped) stops waiting."""
        read = datetime.now(UTC)
        people = {q.name: q for q in await self.room.db(qs.queued, self.room.store, variant)}
        for conn, waiting in list(self.waiting.items()):
            if waiting.variant != variant or conn.player is None:
                continue
            if conn.player.name not in people:
                if waiting.since < read:  # (one who came during the reading is not in it yet)
                    self.forget(conn)
                    self.vanished[conn] = read
                continue
            mate = people.get(waiting.partner or "")
            waiting.paired = mate is not None and mate.partner == conn.player.name
            self.send_state(conn, len(people))

    def send_state(self, conn: Connection, count: int) -> None:
        """Where the connection's player stands in their queue, said in the connection's language."""
        conn.send(in_language(conn, lambda: p.encode(self.state(conn, count))))

    def state(self, conn: Connection, count: int, reply_to: int | None = None) -> p.QueueState:
        waiting = self.waiting[conn]
        needed = Rules.preset(waiting.variant).players
        offer = (datetime.now(UTC) - waiting.since).total_seconds() >= waiting.wait
        # sentences said one after another
        text = _("{count} of {needed} players; waiting.", count=count, needed=needed)
        if waiting.partner is not None:
            text += " " + (_("{name} and you sit together as partners.", name=waiting.partner) if waiting.paired
                           else _("Waiting for {name} to ask for you as partner.", name=waiting.partner))
        if offer:
            text += " " + _("Your wait is over: the computer may take the empty seats.")
        return p.QueueState(type="queue", id=reply_to, variant=waiting.variant, waiting=count, needed=needed,
                            offer=offer, text=text)

    async def offer_at(self, conn: Connection, waiting: _Waiting) -> None:
        await asyncio.sleep(waiting.wait)
        if self.waiting.get(conn) is waiting:
            count = await self.room.db(qs.count_waiting, self.room.store, waiting.variant)
            if self.waiting.get(conn) is waiting:
                self.send_state(conn, count)

    async def publish(self, notice: dict[str, Any]) -> None:
        """A notice to the other processes, marked as this one's (it does not act on its own again)."""
        await self.room.bus.publish({**notice, "process": self.process})

    # -- keeping the rows alive ---------------------------------------------------------------------------------
    def start_heartbeat(self) -> None:
        if self.beat is None or self.beat.done():
            self.beat = asyncio.create_task(self._heartbeat())

    async def _heartbeat(self) -> None:
        while self.waiting:
            await asyncio.sleep(QUEUE_HEARTBEAT)
            try:
                for variant in await self.room.db(qs.heartbeat, self.room.store, self.process):
                    await self.publish({"queue": variant})
                    await self.tell(variant)
            except Exception as error:
                log.error("the quick-play queue's heartbeat failed (%s)", type(error).__name__)

    # -- matching -----------------------------------------------------------------------------------------------
    def settle(self, variant: str) -> None:
        """Seat the variant's queue once it has settled (a change while it waits is seated with it; a change
        while it is being seated, once more after it)."""
        task = self.settling.get(variant)
        if task is None or task.done():
            self.settling[variant] = asyncio.create_task(self._match_after(variant))
        else:
            self.again.add(variant)

    async def _match_after(self, variant: str) -> None:
        while True:
            await asyncio.sleep(QUICK_SETTLE)
            self.again.discard(variant)
            try:
                while await self.match(variant):
                    pass
            except Exception as error:
                log.error("the %s queue could not be seated (%s)", variant, type(error).__name__)
                self.again.add(variant)  # tried again after the settling time, not left waiting for a change
            if variant not in self.again:
                return

    async def match(self, variant: str, around: str | None = None,
                    reply: tuple[Connection, int | None] | None = None) -> qs.Match | None:
        """One match of the variant's queue (``around``: the player who accepted the computer, whose message
        ``reply`` answers with the new table's description); the people seated that this process holds sit at
        the new table, which starts, and everyone hears of it."""
        settings = {"pace": self.room.pace}
        made: qs.Match | None = await self.room.db(qs.match, self.room.store, variant, settings, around=around)
        if made is None:
            return None
        log.info("quick play: table %s seats %s", made.table, ", ".join(made.seats))
        await seat_matched(self.room, made.table, made.seats, begin=True, reply=reply)
        await self.publish({"queue": variant, "table": made.table, "seats": made.seats})
        await self.tell(variant)
        await self.publish({"queue": variant})
        return made


_ROOMS: weakref.WeakKeyDictionary[Room, QuickPlay] = weakref.WeakKeyDictionary()


def quick_play(room: Room) -> QuickPlay:
    """The room's quick play (made on first use)."""
    found = _ROOMS.get(room)
    if found is None:
        found = _ROOMS[room] = QuickPlay(room)
    return found


def quick_line(table: int, seat: int, seats: dict[str, int], rules: Rules) -> str:
    """What a seated person hears: the table, their seat and, in partnerships, their partner (or partners, in a
    team of three); in the language in force."""
    where = seat_words(seat, rules.players)
    if not rules.partnerships:
        return _("Quick play: table {table}. You sit at {seat}.", table=table, seat=where)
    by_seat = {s: name for name, s in seats.items()}
    mates = [by_seat.get(other) or _("the computer") for other in rules.seats_of(rules.side_of(seat))
             if other != seat]
    if len(mates) == 1:
        return _("Quick play: table {table}. You sit at {seat}; your partner is {partner}.", table=table,
                 seat=where, partner=mates[0])
    return _("Quick play: table {table}. You sit at {seat}; your partners are {partners}.", table=table, seat=where,
             partners=listed(mates))


async def sit_down(room: Room, conn: Connection, table_id: int, seat: int, line: Sentence) -> None:
    """A connection of this process takes its seat at a table that was made for it elsewhere (a match or a
    rematch made by another process): it sits, and hears the table, ``line`` (where it sits, in its language),
    then the game from its start."""
    table = await room.table(table_id)
    async with table.lock:
        room.connections.sit(conn, table_id, seat)
        await table.refresh()
        await table.catch_up()
        conn.send(p.encode(table.table_message()))
        table.say(line, to=conn)
        table.send_update(conn, 0)
        await table.back(conn, seat)
        await table.after_change()


async def seat_and_tell(room: Room, table_id: int, seats: dict[str, int], conns: dict[str, list[Connection]],
                        line: Any, *, begin: bool, reply: tuple[Connection, int | None] | None = None) -> None:
    """Sit each person's connections (``conns``, of this process) at their seat of the new table and tell them
    (``line(name, seat)``, before the deal, in each one's language); with ``begin`` this process made the table
    and starts it, and the table's description answers ``reply``'s message (a client waits for an answer with its
    id)."""
    told: dict[Connection, Sentence] = {conn: in_language(conn, functools.partial(line, name, seats[name]))
                                        for name, held in conns.items() for conn in held}
    if begin:
        table = await room.table(table_id)
        for name, held in conns.items():
            for conn in held:
                room.connections.sit(conn, table_id, seats[name])
        async with table.lock:
            await table.refresh()
            to, reply_to = reply if reply is not None else (None, None)
            await seating.begin(table, to, reply_to, told=told)
    else:
        for name, held in conns.items():
            for conn in held:
                await sit_down(room, conn, table_id, seats[name], told[conn])
    for conn in told:
        await chat.joined(room, conn, table_id)  # the new table's chat settings, as at a join


async def seat_matched(room: Room, table_id: int, seats: dict[str, int], *, begin: bool,
                       reply: tuple[Connection, int | None] | None = None) -> None:
    quick = quick_play(room)
    conns = {name: held for name in seats if (held := quick.connections_of(name))}
    for held in conns.values():
        for conn in held:
            quick.forget(conn)
    table = await room.table(table_id)
    rules = Rules.preset(str(table.info.settings.get("quick", "standard")))
    await seat_and_tell(room, table_id, seats, conns,
                        lambda name, seat: quick_line(table_id, seat, seats, rules),
                        begin=begin, reply=reply)


# -- the handlers -----------------------------------------------------------------------------------------------

async def _partner(room: Room, player: Account, variant: str, name: str | None) -> Account | None:
    """The partner a quick message asks for, checked: a player of the room, not oneself, in a variant played in
    partnerships."""
    if name is None:
        return None
    if not Rules.preset(variant).partnerships:
        raise p.Refusal(p.ErrorCode.BAD_MESSAGE, _("{variant} is not played in partnerships: leave partner out",
                                                   variant=variant_words(variant)))
    partner: Account | None = await room.db(room.store.player, name)
    if partner is None:
        raise p.Refusal(p.ErrorCode.NO_SUCH_PLAYER, _("no player is named {name}", name=name))
    if partner.id == player.id:
        raise p.Refusal(p.ErrorCode.BAD_MESSAGE, _("name another player as your partner, not yourself"))
    return partner


async def left_early(room: Room, player: Account) -> None:
    """Refuse rated quick play to a player the early-leaver rule keeps out of it (``rating.leavers``), with the
    rule and the time left."""
    now = datetime.now(UTC)
    closed = leavers.closed(await room.db(abandons_since, room.store, player.id, now - leavers.LOOK_BACK), now)
    if closed is not None:
        raise p.Refusal(p.ErrorCode.LEFT_EARLY, leavers.refusal(closed, now))


async def quick(room: Room, conn: Connection, message: p.Quick) -> None:
    player = need_player(conn)
    await left_early(room, player)  # quick play with people is rated: the early-leaver rule closes it
    owned = await room.db(room.store.open_tables_owned, player)
    if owned >= p.MAX_OPEN_TABLES:  # the table quick play makes may be theirs: the cap holds there too
        raise p.Refusal(p.ErrorCode.TOO_MANY_TABLES, _("you own {count} tables waiting or under way; the limit is "
                                                       "{limit}: finish or leave one before quick play", count=owned,
                                                       limit=p.MAX_OPEN_TABLES))
    play = quick_play(room)
    partner = await _partner(room, player, message.variant, message.partner)
    before = await room.db(qs.enqueue, room.store, player.id, message.variant, message.wait, play.process,
                           partner.id if partner is not None else None)
    for other in play.connections_of(player.name):  # one queue a player: the same player's other tabs leave it
        play.forget(other)
    waiting = _Waiting(message.variant, datetime.now(UTC), message.wait,
                       partner=partner.name if partner is not None else None)
    play.waiting[conn] = waiting
    waiting.timer = asyncio.create_task(play.offer_at(conn, waiting))
    play.start_heartbeat()
    log.info("%s waits for quick play (%s)%s", player.name, message.variant,
             f" with {partner.name} as partner" if partner is not None else "")
    people = await room.db(qs.queued, room.store, message.variant)
    mate = next((q for q in people if partner is not None and q.name == partner.name), None)
    waiting.paired = mate is not None and mate.partner == player.name
    conn.send(p.encode(play.state(conn, len(people), message.id)))
    await play.tell(message.variant)
    await play.publish({"queue": message.variant})
    if before is not None:
        await play.tell(before)
        await play.publish({"queue": before})
    play.settle(message.variant)


async def leave(room: Room, conn: Connection, reply_to: int | None = None) -> bool:
    """Take the connection's player out of their queue (if this connection is the one waiting, or with
    ``reply_to``, asked); True when they were in one."""
    play = quick_play(room)
    waiting = play.forget(conn)
    if conn.player is None or (waiting is None and reply_to is None):
        return False
    variant = await room.db(qs.dequeue, room.store, conn.player.id)
    if variant is None:
        return False
    needed = Rules.preset(variant).players
    conn.send(p.encode(p.QueueState(type="queue", id=reply_to, variant=variant, waiting=0, needed=needed,
                                    offer=False, text=_("You left the queue."))))
    await play.tell(variant)
    await play.publish({"queue": variant})
    return True


async def leave_queue(room: Room, conn: Connection, message: p.LeaveQueue) -> None:
    need_player(conn)
    if not await leave(room, conn, message.id):
        raise p.Refusal(p.ErrorCode.NOT_QUEUED, _("you are in no quick-play queue"))


async def quick_computer(room: Room, conn: Connection, message: p.QuickComputer) -> None:
    player = need_player(conn)
    play = quick_play(room)
    waiting = play.waiting.get(conn)
    if waiting is None:
        raise p.Refusal(p.ErrorCode.NOT_QUEUED, _("you are in no quick-play queue on this connection"))
    left = waiting.wait - (datetime.now(UTC) - waiting.since).total_seconds()
    if left > 0:
        seconds = round(left)
        raise p.Refusal(p.ErrorCode.WAIT_NOT_OVER, _("your wait for people is not over: {left} seconds left",
                                                     left=seconds))
    if not message.accept:
        count = await room.db(qs.count_waiting, room.store, waiting.variant)
        state = play.state(conn, count, message.id)
        conn.send(p.encode(state.model_copy(update={"text": _("{count} of {needed} players; waiting for people.",
                                                              count=count, needed=state.needed)})))
        return
    if await play.match(waiting.variant, around=player.name, reply=(conn, message.id)) is None:
        raise p.Refusal(p.ErrorCode.NOT_QUEUED, _("you were seated or left the queue meanwhile"))


async def join(room: Room, conn: Connection, message: p.Join) -> None:
    """Sitting at a table takes the player out of the queue."""
    await seating.join(room, conn, message)
    if message.seat is not None:
        await leave(room, conn)


async def left(room: Room, closed: ConnectionClosed) -> None:
    """The connection closed: out of the queue. A step that fails (the database gone for a moment) is logged
    rather than passed over in silence, and does not keep the connection's other listeners from its close."""
    try:
        await leave(room, closed.connection)
    except Exception as error:
        log.error("a closed connection could not leave the quick-play queue (%s)", type(error).__name__)


async def on_notice(room: Room, notice: dict[str, Any]) -> None:
    """Another process changed a queue (or seated some of it at ``table``)."""
    variant = notice.get("queue")
    if not isinstance(variant, str) or variant not in VARIANTS:
        return
    play = quick_play(room)
    if notice.get("process") == play.process:
        return
    table, seats = notice.get("table"), notice.get("seats")
    if isinstance(table, int) and isinstance(seats, dict):
        mine = {name: seat for name, seat in seats.items() if play.connections_of(name)}
        if mine:
            await seat_matched(room, table, {n: int(s) for n, s in seats.items()}, begin=False)
        return
    await play.tell(variant)


def install(room: Room) -> None:
    """Quick play's listeners: a closed connection leaves the queue; other processes' queue notices."""

    async def closed(event: ConnectionClosed) -> None:
        await left(room, event)

    room.events.subscribe(ConnectionClosed, closed)
    room.on_notice_key("queue", on_notice)
    play = quick_play(room)
    room.held.update({"queue_waiting": lambda: len(play.waiting), "queue_vanished": lambda: len(play.vanished),
                      "queue_settling": lambda: len(play.settling)})
    room.closing.append(lambda: quick_play(room).close())
