"""A live table: the actor that owns one table's ``Host``, its sequence number, its lock, its computer players and
its absence timer. Every action, a person's, a computer's or the cover for an absent person, goes one way under the
table's lock: check (``Host.check``, the one gate), store (the next seq), apply, publish (this process's clients
get their updates, the bus tells the others). The database orders each table's actions; a lost race means catch
up from the store and check again, so no client was told what is not stored and a table is rebuilt exactly from
its rules, seed and actions. Presence is stored with the seats, and the events of a change are worked out from
two readings of them (``events.seat_events``), so every process says the same once. Nothing here logs a card."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Iterable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ...actions import Action, Choice, parse_action
from ...bots import Bot, bot_seed, make_bot
from ...cards import CardSet
from ...events import Passed
from ...game import Game
from ...host import Host, Refusal
from ...language import _
from ...seats import side_name
from ...wire import action_text, rules_from_json
from ...words import announce
from .. import protocol as p
from ..client import hint_adviser
from ..store import StoredSeat, StoredTable
from ..store.ratings import count_cover, finish_meta
from . import absence
from .clock import TableClock
from .connections import Connection, Sentence, in_language, send_each, spoken
from .events import FinishedGame, GameOver, HandOver, TableEvent, heard, seat_events
from .frames import Batch, Notes, TableFrames
from .messages import table_message
from .metrics import Timing

if TYPE_CHECKING:
    from .room import Room

__all__ = ["COVER_LEVEL", "QUIET_PACE", "LiveTable", "seed_of"]

log = logging.getLogger("spades.room")

COVER_LEVEL = "normal"
QUIET_PACE = 1.0  # seconds between the computer's actions at least, while no one at all is at the table
FINISH_GRACE = 30.0  # seconds the process that stored a game's last action has to finish it, before another does


def seed_of(text: str) -> int | str:
    """A stored seed as ``spades play --seed`` reads it (a number is a number), so that a table given a seed deals
    and its computer players decide exactly as at the local table with that seed."""
    return int(text) if text.lstrip("-").isdigit() else text


class LiveTable:
    """One table this process serves: its latest stored description and, once started, its Host."""

    def __init__(self, room: Room, info: StoredTable) -> None:
        self.room = room
        self.info = info
        self.host: Host | None = None
        self.seq = 0  # actions applied to the host
        self.lock = asyncio.Lock()
        self.timer: asyncio.Task[None] | None = None
        self.timer_at: datetime | None = None  # the moment the timer waits for
        self.driver: asyncio.Task[None] | None = None
        self.finisher: asyncio.Task[None] | None = None  # another process's game end, finished here if it is not
        self.stored_to = 0  # the last seq this process stored
        self.notes = Notes()  # by event index: a seat and its private line, made in the language it is heard in
        self.reviews: dict[tuple[int, int, str], list[str]] = {}  # (seat, hand, language): the coach's lines
        self.advisers: dict[int, Bot] = {}  # by seat: the hint's adviser
        self.frames = TableFrames(info.id)
        self.pending: list[TableEvent] = []  # what this process changed, said once the change is on the bus
        self.clock = TableClock(info.settings.get("clock"))
        self.timed: set[int] = set()  # by event index: the actions the computer took as the seat's time ran out

    # -- what it is -----------------------------------------------------------------------------------------
    @property
    def id(self) -> int:
        return self.info.id

    @property
    def players(self) -> int:
        return len(self.info.seats)

    @property
    def timeout(self) -> float:
        return float(self.info.settings.get("timeout", 60))

    @property
    def pace(self) -> float:
        pace = float(self.info.settings.get("pace", self.room.pace))
        people = [s for s in self.info.seats if s.player is not None]
        if not self.room.connections.at(self.id) and all(s.away is not None for s in people):
            return max(pace, QUIET_PACE)  # no one is there to see it: the computers need not play flat out
        return pace

    def people(self) -> dict[int, str]:
        return {s.seat: s.player for s in self.info.seats if s.player is not None}

    def seat(self, seat: int) -> StoredSeat | None:
        return next((s for s in self.info.seats if s.seat == seat), None)

    def seat_of(self, conn: Connection) -> int | None:
        """The seat whose hand ``conn`` is sent: the one it holds at this table when the table's seats say its
        player sits there; else none (a spectator's view), whatever the connection last held."""
        seat = conn.tables.get(self.id)
        if seat is None or conn.player is None:
            return None
        stored = self.seat(seat)
        return seat if stored is not None and stored.player == conn.player.name else None

    def adviser(self, seat: int) -> Bot:
        """The seat's hint adviser, kept for the table's life and seeded as at ``spades join``."""
        if seat not in self.advisers:
            self.advisers[seat] = hint_adviser(self.id, seat)
        return self.advisers[seat]

    async def _db(self, function: Any, *args: Any, **kwargs: Any) -> Any:
        return await self.room.db(function, *args, **kwargs)

    # -- reading the store ----------------------------------------------------------------------------------
    async def refresh(self, *, mine: Iterable[int] = ()) -> bool:
        """Read the table's seats and state again (another process, or this one, changed them), tell this
        process's clients the seats when who is there changed, and let the computer cover the seats the store
        says it covers; True when the table was told. ``mine``: the seats whose change this process stored, whose
        events it makes (said by ``changed``). Call under the table's lock."""
        info = await self._db(self.room.store.table, self.id)
        if info is None:
            return False
        before, self.info = self.info, info
        self._sync_covers()
        events = seat_events(self.id, before.seats, self.info.seats)
        seats = set(mine)
        self.pending.extend(e for e in events if getattr(e, "seat", None) in seats)
        told = self.info.state == "playing" and before.state == "playing" and any(map(heard, events))
        if told:  # the seats as they are now; what happened to them is said by the events' listeners
            self.announce_table()
        return told

    async def changed(self) -> None:
        """Make the events of what this process changed, then tell the other processes that the table's seats or
        state changed: the bus carries the events first, so no process makes the table's next event before it has
        heard these (it must read the change first)."""
        pending, self.pending = self.pending, []
        for event in pending:
            await self.room.events.emit(event)
        await self.room.notify(self.id)

    async def claim(self, seat: int) -> None:
        """The seat, away in the store while a connection here holds it (``PersonAway`` from another process), is
        present again, and said back: that seat only, as another may not be heard away here yet."""
        async with self.lock:
            await self.refresh()
            here = self.room.connections.present(self.id)
            claimed = [s.seat for s in self.info.seats if s.seat == seat and s.away is not None and s.seat in here
                       and await self._db(self.room.store.set_present, self.id, s.seat) is not None]
            if claimed:
                await self.refresh(mine=claimed)
                await self.changed()

    def _sync_covers(self, at: float | None = None) -> None:
        """The host's computers for absent people follow the store's ``covered_from``; the clock stops for a
        seat the computer covers, and starts (at ``at``, by default now) for one whose person is back."""
        host = self.host
        if host is None:
            return
        for seat in self.info.seats:
            if seat.player is None:
                continue
            if seat.covered_from is not None and seat.seat not in host.computers:
                host.set_computer(seat.seat, make_bot(COVER_LEVEL, seed=bot_seed(host.game.seed, "cover", seat.seat)))
            elif seat.covered_from is None and seat.seat in host.computers:
                host.set_computer(seat.seat, None)
        self.clock.follow(host, self.info.seats, time.time() if at is None else at)

    def _make_host(self) -> Host:
        info = self.info
        game = Game(rules_from_json(info.rules), seed=seed_of(info.seed))
        computers = {s.seat: make_bot(s.level, seed=bot_seed(game.seed, "player", s.seat))
                     for s in info.seats if s.player is None and s.level}
        return Host(game, computers)

    async def catch_up(self) -> bool:
        """Apply the actions other writers committed; True when there were any. Call under the table's lock."""
        if self.info.state == "waiting":
            await self.refresh()
            if self.info.state == "waiting":
                return False
        rows = await self._db(self.room.store.actions, self.id, self.seq)
        if self.host is None:
            self.host = self._make_host()
            self.seq = 0
            self.clock.reset()
            self.timed.clear()
            started = self.info.started or (rows[0].at if rows and rows[0].seq == 1 else None)
            self._sync_covers(started.timestamp() if started is not None else None)
        for row in rows:
            if row.seq != self.seq + 1:
                break
            if row.timed:
                self.timed.add(len(self.host.game.events))
            self._apply(parse_action(row.action), row.at.timestamp())
            self.seq = row.seq
        return bool(rows)

    def follow(self, seq: object, action: object) -> bool:
        """Apply another process's action ``seq`` from its notice (``[seat, text]``, stored already) when it is
        the next one here; False when it is not (catch up from the store instead). Call under the table's lock."""
        if self.host is None or seq != self.seq + 1 or not isinstance(action, list) or len(action) not in (2, 3):
            return False
        seat, text = action[:2]
        if seat != self.host.game.turn or not isinstance(text, str):
            return False
        if action[2:] == ["time"]:
            self.timed.add(len(self.host.game.events))
        self._apply(parse_action(text))
        self.seq += 1
        return True

    def _apply(self, action: Action, at: float | None = None) -> None:
        """Apply one action (stored at ``at``, by default now) to the game and its clock; a draw's kept card is
        noted for its seat alone, as the terminal notes it, since the public event names only the card that went
        face up; and so are the cards of a Nil pass, for the partner who receives them alone."""
        assert self.host is not None
        game = self.host.game
        seat, index = game.turn, len(game.events)
        drawing = action in (Choice.KEEP, Choice.DISCARD)
        before = game.view(seat).hand if drawing else None
        game.apply(action)
        if before is not None:
            after = game.view(seat).hand or CardSet()
            if announce.kept_line(before, after) is not None:
                self.notes.add(index, seat, functools.partial(announce.kept_line, before, after))
        for later in range(index, len(game.events)):
            event = game.events[later]
            if isinstance(event, Passed):
                view, history = game.view(event.to), tuple(game.events)
                if announce.pass_line(view, history, later) is not None:
                    self.notes.add(later, event.to, functools.partial(announce.pass_line, view, history, later))
        moment = time.time() if at is None else at
        self.clock.acted(seat, moment)
        self.clock.follow(self.host, self.info.seats, moment)

    # -- the one path of an action --------------------------------------------------------------------------
    async def command(self, seat: int, action: Action | str, *, person: bool,
                      reply: tuple[Connection, int | None] | None = None, cursor: int | None = None,
                      timed: bool = False) -> None:
        """Take an action for ``seat``: a person's (through ``reply``'s connection, chosen on ``cursor`` events),
        a computer's, the cover's, or (``timed``) the computer's as the seat's time ran out. Refused:
        ``protocol.Refusal`` with the code and the reason. The store is read only for a table not loaded yet or a
        seq another process took first (the bus tells of its actions)."""
        async with self.lock:
            if self.info.state == "closed":
                raise p.Refusal(p.ErrorCode.GAME_OVER, _("table {table} is closed", table=self.id))
            if self.host is None:
                await self.catch_up()
            while True:
                host = self.host
                if host is None:
                    raise p.Refusal(p.ErrorCode.NOT_STARTED, _("the game has not started yet"))
                if cursor is not None and cursor != host.cursor:
                    conn, ident = reply if reply is not None else (None, None)
                    if conn is not None:
                        conn.send(p.encode(p.Error(type="error", id=ident, code=p.ErrorCode.OUT_OF_DATE, message=_(
                            "the table has {events} events, not {cursor}; the update follows", events=host.cursor,
                            cursor=cursor))))
                        self.send_update(conn, min(cursor, host.cursor))
                    return
                if await self._commit(seat, action, person=person, reply=reply, timed=timed):
                    return

    async def _commit(self, seat: int, action: Action | str, *, person: bool,
                      reply: tuple[Connection, int | None] | None = None, timed: bool = False) -> bool:
        """Check, store, apply and publish the action; False when another process stored this seq first (this
        one has caught up: check again)."""
        host = self.host
        assert host is not None
        checked = host.check(seat, action, person=person)
        if isinstance(checked, Refusal):
            raise p.host_refusal(checked, action if isinstance(action, str) else None)
        if not await self.room.action_log.append(self.id, self.seq + 1, seat, action_text(checked), timed):
            log.info("table %s: seq %s was taken by another process; catching up", self.id, self.seq + 1)
            await self.catch_up()
            # this process's clients hear what it caught up on now: the other process's notice of those actions
            # will be passed over as applied, and if the next turn is a person's, no action of ours will tell them
            self.publish()
            return False
        hands = len(host.game.results)
        if timed:
            self.timed.add(len(host.game.events))
        self._apply(checked)
        self.seq = self.stored_to = self.seq + 1
        if not person and seat in self.people():  # the computer for an absent person: the record counts these
            await self._db(count_cover, self.room.store, self.id, seat)
        log.debug("table %s: action seq %s accepted", self.id, self.seq)
        self.publish(reply, self.room.metrics.timing(reply[0].received) if person and reply is not None else None)
        if len(host.game.results) > hands:  # on the bus before the action: no process finishes the game first
            scores = tuple(side.score for side in host.game.results[-1].sides)
            await self.room.events.emit(HandOver(self.id, len(host.game.results), scores, self.seq))
        await self.room.notify(self.id, self.seq, (seat, action_text(checked), *(("time",) if timed else ())))
        await self.after_change()
        return True

    # -- telling the clients ----------------------------------------------------------------------------------
    def table_message(self, reply_to: int | None = None) -> p.Table:
        return table_message(self.room, self.info, reply_to)

    def send_update(self, conn: Connection, cursor: int | None = None, reply_to: int | None = None,
                    batch: Batch | None = None, timing: Timing | None = None) -> None:
        """Send ``conn`` its update from ``cursor`` (default: what it has had), made in ``batch`` when given."""
        host = self.host
        if host is None:
            return
        batch = batch or self.batch(host)
        start = conn.cursors.get(self.id, 0) if cursor is None else cursor
        conn.cursors[self.id], frame = batch.update(self.seat_of(conn), min(start, host.cursor), reply_to,
                                                    conn.language)
        conn.send(frame, timing)

    def batch(self, host: Host) -> Batch:
        return self.frames.batch(host, self.notes, self.timed,
                                 self.clock.state(self.players, self.info.seats, host) if self.clock.running else None)

    def publish(self, reply: tuple[Connection, int | None] | None = None, timing: Timing | None = None) -> None:
        """Send each of this process's clients at the table what it has not had yet; the one whose message this
        answers gets its update with the message's id (and an update even when nothing was new). ``timing``: the
        person's action these updates tell of, timed until the last of them is written."""
        host = self.host
        if host is None:
            return
        asker, ident = reply if reply is not None else (None, None)
        batch = self.batch(host)
        for conn in self.room.connections.at(self.id):
            if conn is asker:
                self.send_update(conn, reply_to=ident, batch=batch, timing=timing)
            elif conn.cursors.get(self.id, 0) < host.cursor:
                self.send_update(conn, batch=batch, timing=timing)
        if timing is not None:
            timing.queued()

    def say(self, text: Sentence, *, skip: Connection | None = None, to: Connection | list[Connection] | None = None,
            reply_to: int | None = None) -> None:
        """A said line to everyone at the table (but ``skip``), or to ``to`` alone (or those listed), each in
        their language (a line made already is sent as it is): made once for each language among them."""
        def frame() -> str:
            return p.encode(p.Said(type="said", id=reply_to, table=self.id, text=spoken(text)[:p.MESSAGE_MAX]))

        if isinstance(to, Connection):
            if to is not skip:
                to.send(in_language(to, frame))
            return
        send_each(self.room.connections.at(self.id) if to is None else to, frame, skip=skip)

    def announce_table(self, to: Connection | None = None, reply_to: int | None = None) -> None:
        """The table's seats and state to everyone at it; ``to`` gets it as the reply to its message."""
        frame = p.encode(self.table_message())
        for conn in self.room.connections.at(self.id):
            if conn is not to:
                conn.send(frame)
        if to is not None:
            to.send(p.encode(self.table_message(reply_to)))

    # -- what follows a change ------------------------------------------------------------------------------
    async def after_change(self, *, finish: bool = False) -> None:
        """What follows any change: finish a game that is over (the process that stored its last action, which
        said that hand's end first; else this one after ``FINISH_GRACE``, or at once when it is the room's only
        process), let the computer move, watch for absence."""
        host = self.host
        if host is None or self.info.state == "closed":
            return
        if host.game.over:
            if self.info.state != "over" and not (finish or self.stored_to == self.seq or self.room.alone):
                if self.finisher is None or self.finisher.done():
                    self.finisher = asyncio.create_task(self._finish_after(FINISH_GRACE))
                return
            if self.info.state != "over":
                await self._finish()
            self.room.release_soon(self.id)  # a finished game is kept only while someone is at it
            return
        if host.computer_to_move() is not None and (self.driver is None or self.driver.done()):
            self.driver = asyncio.create_task(self._drive())
        self._watch_absence()
        if self.clock.running:
            for watch in self.room.clock_watchers:
                watch(self)

    async def _finish(self) -> None:
        """Store the game's end once in the room, with what the finishing parts store beside it (the rating, the
        statistics), then say it: the table's seats and state, and the event ``GameOver``."""
        host = self.host
        assert host is not None
        registered = {}
        for seat, name in self.people().items():
            player = await self._db(self.room.store.player, name)
            if player is not None and not player.guest:
                registered[seat] = player.name
        meta = await self._db(finish_meta, self.room.store, self.info, registered)
        record = host.record(meta)
        game = host.game
        parts = self.room.events.finish_parts(FinishedGame(self.id, game, meta, registered))
        finished = await self._db(self.room.store.finish, self.id, record, None, parts)
        if finished:
            log.info("table %s: the game is over after %s actions: %s; %s won", self.id, self.seq, ", ".join(
                f"{side_name(game.rules, side)} {score}" for side, score in enumerate(game.scores)),
                "no side" if game.winner is None else side_name(game.rules, game.winner))
        await self.refresh()
        self.announce_table()
        await self.changed()
        if finished:
            await self.room.events.emit(GameOver(self.id, tuple(game.scores), game.winner))

    async def _finish_after(self, grace: float) -> None:  # the process that stored the last action has died
        await asyncio.sleep(grace)
        async with self.lock:
            await self.refresh()
            await self.after_change(finish=True)

    async def _drive(self) -> None:
        """Play the computer seats while it is their turn, at the table's pace, deciding in a worker thread (a
        ``hard`` player thinks for most of a second, and the event loop must go on serving everyone else)."""
        try:
            while True:
                host = self.host
                if host is None or host.game.over or self.info.state == "closed":
                    return
                seat = host.computer_to_move()
                if seat is None:
                    return
                pace = self.pace
                if pace > 0:
                    await asyncio.sleep(pace)
                cursor = host.cursor
                bot = host.computers.get(seat)
                if bot is None or host.computer_to_move() != seat:
                    continue
                action = await asyncio.to_thread(bot.act, host.game.view(seat))
                async with self.lock:
                    if host.cursor != cursor or host.computer_to_move() != seat:
                        continue  # the table moved on meanwhile (another process, a person back)
                    try:
                        await self._commit(seat, action, person=False)  # False: it moved on elsewhere
                    except p.Refusal as refusal:  # a bot's bug must not pass for a move, nor spin
                        log.error("table %s: the computer's action was refused (%s)", self.id, refusal.code)
                        return
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the reason may name a card: only its kind is logged
            log.error("table %s: the computer player failed (%s)", self.id, type(error).__name__)

    # -- absence --------------------------------------------------------------------------------------------
    def _watch_absence(self) -> None:
        absence.watch(self)

    async def away(self, seat: int, reason: str) -> bool:
        """The seat's person is gone (``dropped`` or ``left``) while the game is under way: stored, told to the
        table (with its seats), and the absence timer armed; False when nothing changed. Call under the table's
        lock."""
        if self.info.state != "playing" or seat in self.room.connections.present(self.id):
            return False
        changed = bool(await self._db(self.room.store.set_away, self.id, seat, reason, only_if_present=True))
        if changed:
            await self.refresh(mine=[seat])
            await self.changed()
        self._watch_absence()
        return changed

    async def back(self, conn: Connection, seat: int) -> StoredSeat | None:
        """The seat's person is here again (their connection ``conn``): the absence and the cover end, and the
        table is told (``PersonBack``: its listeners say what the computer did for them). The seat as it was
        (when its absence began), or None when it was not away. Call under the table's lock."""
        before: StoredSeat | None = await self._db(self.room.store.set_present, self.id, seat)
        if before is None:
            return None
        if not await self.refresh(mine=[seat]):
            self.announce_table()
        await self.changed()
        self._watch_absence()
        return before

    async def close(self) -> None:
        for task in (self.timer, self.driver, self.finisher):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

