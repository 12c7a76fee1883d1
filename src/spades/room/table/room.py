"""The room of one process: its store, its bus, its connections and the live tables it serves.

It loads a table when someone first comes to it and drops it from memory again once nothing here needs it (no
connection of this process is at it and its game is not under way: it is read again from the store when someone
comes back), hears the bus say that another process changed one, and on a start rebuilds every game under way:
the people at those tables are away from the moment of the restart (unless they were away already, whose absence
keeps its start), so the computer covers whoever does not come back within the table's timeout, as it would have
without the restart."""

from __future__ import annotations

import asyncio
import contextvars
import functools
import logging
import secrets
from collections.abc import Awaitable, Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Any

from ...language import DEFAULT, LANGUAGES, _, each
from .. import protocol as p
from ..identity.auth import TOKEN_LIFETIME
from ..store import Account, Store, StoredTable
from ..store.action_log import make_action_log
from .bus import Bus, LocalBus
from .connections import Connection, Connections, installed
from .events import ConnectionClosed, Events, PersonAway
from .live import LiveTable
from .metrics import Metrics
from .tallies import LocalTallies, Tallies

NoticeHandler = Callable[["Room", dict[str, Any]], Awaitable[object]]  # what it answers is not read

__all__ = ["Room"]


def _catalogued() -> tuple[str, ...]:
    """The languages the room can say things in here: English, and each whose catalogue is installed."""
    return tuple(dict.fromkeys(installed(code) for code in LANGUAGES))


def _made(made: str | Callable[[], str], languages: Iterable[str]) -> dict[str, str]:
    """A frame (or a close's reason) in each of ``languages``: one made already is the same in all."""
    if isinstance(made, str):
        return dict.fromkeys(languages, made)
    return each(languages, made)

log = logging.getLogger("spades.room")

ASIDE_THREADS = 2  # the store's threads for sign-ins, sessions and pages read over HTTP


class Room:
    """Every table this process serves and every connection it holds."""

    def __init__(self, store: Store, bus: Bus | None = None, *, base_url: str = "", pace: float = 1.0,
                 seeds: bool = False, allow_origins: tuple[str, ...] = (), metrics: Metrics | None = None,
                 tallies: Tallies | None = None, waiting_minutes: float = p.TABLE_WAIT_MINUTES) -> None:
        self.store = store
        self.waiting_life = timedelta(minutes=waiting_minutes)  # how long a table may wait for its game to start
        self.seeds = seeds  # whether a table's creator may choose its seed
        self.bus: Bus = bus or LocalBus()
        # the per-player limits' counts, shared by the room's processes (Redis) or this one's (memory)
        self.tallies: Tallies = tallies if tallies is not None else LocalTallies()
        self.base_url = base_url
        self.pace = pace
        self.allow_origins = allow_origins
        self.tables: dict[int, LiveTable] = {}
        self.lobby_version = 0  # counts the changes of tables' seats and states this process heard of (the lobby's)
        self.connections = Connections()
        self.metrics = metrics or Metrics()
        self.action_log = make_action_log(store)
        self.origin = secrets.token_hex(8)  # this process, in its notices: its own actions need no catching up
        self.events = Events(self._forward)
        self.notices: dict[str, NoticeHandler] = {}  # a feature's own notices on the bus, by their key
        self.closing: list[Callable[[], None]] = []  # what the features stop when the room closes
        self.starting: list[Callable[[], None]] = []  # what the features start once the room is open
        self.claims: set[asyncio.Task[None]] = set()  # tasks of the room's own, held until done
        self._aside: ThreadPoolExecutor | None = None  # the store's threads for what is not a table's move
        # what the features keep of a table, forgotten with it when it is dropped from memory (by the table's id)
        self.released: list[Callable[[int], None]] = []
        self.clock_watchers: list[Callable[[LiveTable], None]] = []  # told after each change at a table with a clock
        # the sizes of what this process keeps for tables, connections and players, by name (the metrics report
        # them, so that a test can see them come back to where they were once a crowd has gone)
        self.held: dict[str, Callable[[], int]] = {"tables": lambda: len(self.tables),
                                                   "connections": lambda: len(self.connections),
                                                   "tasks": lambda: len(self.claims)}
        if isinstance(self.tallies, LocalTallies):  # with Redis the counts live there, each key with its expiry
            self.held["tallies"] = self.tallies.held
        self.events.subscribe(PersonAway, self._claim_back)
        self.notices["tell"] = Room.told_elsewhere
        self._spoken: tuple[str, ...] | None = None  # the languages with a catalogue here, read once

    @property
    def alone(self) -> bool:
        """Whether this is the room's only process (no bus to others), which knows who is connected anywhere."""
        return isinstance(self.bus, LocalBus)

    async def start(self) -> None:
        await self.bus.start(self.on_notice)
        await self._resume_games()
        for begin in self.starting:
            begin()

    async def _claim_back(self, event: PersonAway) -> None:
        """Another process marked away a person one of this process's connections holds the seat of (it restarted,
        or started the game without them): claimed back once this event is heard, so every process hears the
        person away before back. A task of its own: the event may be heard under the table's lock."""
        table = self.tables.get(event.table)
        if table is not None and event.seat in self.connections.present(event.table):
            self._task(table.claim(event.seat))

    def _task(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self.claims.add(task)
        task.add_done_callback(self.claims.discard)

    def release_soon(self, table_id: int) -> None:
        """Drop the table from memory once its lock is free, if nothing here needs it then (``release``)."""
        if table_id in self.tables:
            self._task(self.release(table_id))

    async def release(self, table_id: int) -> None:
        """Drop the table from memory when no connection of this process is at it and its game is not under way
        (waiting, or over): a finished game's actor, host and frames, and what the features keep of it, are not
        kept for the life of the process. Someone who comes to it again has it read from the store."""
        table = self.tables.get(table_id)
        if table is None:
            return
        async with table.lock:
            if self.tables.get(table_id) is not table or self.connections.at(table_id) \
                    or table.info.state == "playing" or (table.driver is not None and not table.driver.done()):
                return
            del self.tables[table_id]
        await table.close()
        for forget in self.released:
            forget(table_id)

    def on_notice_key(self, key: str, handler: NoticeHandler) -> None:
        """A feature's own notices (those with ``key``) go to ``handler``."""
        self.notices[key] = handler

    async def close(self) -> None:
        for stop in self.closing:
            stop()
        for table in list(self.tables.values()):
            await table.close()
        await self.bus.close()
        await self.action_log.close()
        close = getattr(self.tallies, "close", None)
        if close is not None:
            await close()
        if self._aside is not None:
            self._aside.shutdown(wait=False, cancel_futures=True)

    async def db(self, function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """A store call, in a worker thread (each is one short transaction)."""
        return await asyncio.to_thread(function, *args, **kwargs)

    async def aside(self, function: Callable[..., Any], *args: Any) -> Any:
        """A store call for what is not a table's move (a sign-in, a session, a page read over HTTP), in threads of
        its own (``ASIDE_THREADS``): a crowd of sign-ins or readers then waits for those, and never takes the
        threads the tables' moves and computer players use."""
        if self._aside is None:
            self._aside = ThreadPoolExecutor(ASIDE_THREADS, thread_name_prefix="room-aside")
        # run in a copy of this context, as asyncio.to_thread runs: a refusal is made in the asker's language
        run = functools.partial(contextvars.copy_context().run, function, *args)
        return await asyncio.get_running_loop().run_in_executor(self._aside, run)

    async def notify(self, table: int, seq: int | None = None, action: tuple[int, str] | tuple[int, str, str] | None
                     = None) -> None:
        """Tell the other processes that the table changed: its actions up to ``seq`` (``action``: the seat and
        text of that one, stored already, which a process one action behind applies without reading the store,
        and "time" when the computer took it as the seat's clock ran out), or (None) its seats."""
        if seq is None:
            self.lobby_version += 1
        notice: dict[str, Any] = {"table": table, "seq": seq, "from": self.origin}
        if action is not None:
            notice["action"] = list(action)
        await self.bus.publish(notice)

    async def _forward(self, event: dict[str, Any]) -> None:
        await self.bus.publish({"event": event, "from": self.origin})

    async def table(self, table_id: int) -> LiveTable:
        """The live table, loaded and caught up on first use; a refusal when there is no such table."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        info = await self.db(self.store.table, table_id)
        if info is None:
            raise p.Refusal(p.ErrorCode.NO_SUCH_TABLE, _("there is no table {table}", table=table_id))
        table = self.tables.setdefault(table_id, LiveTable(self, info))
        async with table.lock:
            await table.catch_up()
        return table

    async def _resume_games(self) -> None:
        infos: list[StoredTable] = await self.db(self.store.tables, ("playing",))
        for info in infos:
            table = await self.table(info.id)  # read before its people are away: the change makes their events
            async with table.lock:
                for seat in info.seats:
                    if seat.player is not None:
                        await self.db(self.store.set_away, info.id, seat.seat, "restart", only_if_present=True)
                await table.refresh(mine=[s.seat for s in info.seats])
                await table.after_change()
                await table.changed()
        if infos:
            log.info("resumed %s games under way", len(infos))

    async def on_notice(self, notice: dict[str, Any]) -> None:
        """The bus says a table changed (its actions, or its seats and state): catch up and tell our clients; or
        carries an event another process made (``event``), or a feature's own notice (by its key)."""
        if "event" in notice:
            if notice.get("from") != self.origin:
                await self.events.receive(notice["event"])
            return
        for key, handler in self.notices.items():
            if key in notice:
                await handler(self, notice)
                return
        table_id = notice.get("table")
        if notice.get("seq") is None:
            self.lobby_version += 1  # its seats or state changed, wherever it is served
        table = self.tables.get(table_id) if isinstance(table_id, int) else None
        if table is None and isinstance(table_id, int) and self.connections.at(table_id):
            # someone came to it as it was being dropped from memory: read again, it serves them
            table = await self.table(table_id)
        if table is None:
            return
        seq = notice.get("seq")
        if seq is not None and (notice.get("from") == self.origin or (isinstance(seq, int) and seq <= table.seq)):
            return  # an action this process took, or has applied already: its clients have been told
        async with table.lock:
            if seq is None and not await table.refresh():  # refresh told them of the seats if they changed
                table.announce_table()
            if not table.follow(seq, notice.get("action")):
                await table.catch_up()
            table.publish()
            await table.after_change()

    # -- telling a player, wherever they are connected -----------------------------------------------------------
    async def tell(self, name: str, frame: str | Callable[[], str], *,
                   close: str | Callable[[], str] | None = None) -> None:
        """Send ``frame`` to every connection of the player ``name`` in the room (this process's at once, the
        others' through the bus); with ``close``, close those connections after it, for that reason. A frame (or a
        reason) with words is given as the function that makes it in the language in force: each connection is
        sent it in its own language, made here once for each language among them, and for the other processes in
        each language the room speaks (they may hold that player's connections in any), carried as text: the words
        of a tell (a date, a seat, a variant, a number) are made by the words' own functions, which a sentence kept
        as data could not carry, and a tell is rare beside a table's updates."""
        here = self.connections.of_player(name)
        frames = _made(frame, {conn.language for conn in here})
        reasons = None if close is None else _made(close, {conn.language for conn in here})
        self._tell_here(here, frames, reasons)
        if not self.alone:
            if self._spoken is None:
                self._spoken = _catalogued()
            await self.bus.publish({"tell": name, "frames": _made(frame, self._spoken),
                                    "close": None if close is None else _made(close, self._spoken),
                                    "from": self.origin})

    @staticmethod
    def _tell_here(conns: list[Connection], frames: Mapping[str, str], reasons: Mapping[str, str] | None) -> None:
        """Each connection is sent the frame in its language (English when another process could not make it in
        that one)."""
        for conn in conns:
            frame = frames.get(conn.language) or frames.get(DEFAULT) or next(iter(frames.values()))
            conn.send(frame)
            if reasons:
                conn.drain_and_close(reasons.get(conn.language) or reasons.get(DEFAULT) or next(iter(reasons.values())))

    async def told_elsewhere(self, notice: dict[str, Any]) -> None:
        """Another process's ``tell``: this process's connections of that player are sent it too, each in its
        language."""
        if notice.get("from") == self.origin:
            return
        name, frames, reasons = notice.get("tell"), notice.get("frames"), notice.get("close")
        if isinstance(name, str) and isinstance(frames, dict) and frames:
            self._tell_here(self.connections.of_player(name), frames, reasons if isinstance(reasons, dict) else None)

    # -- connections ------------------------------------------------------------------------------------------
    async def welcome(self, conn: Connection, player: Account, reply_to: int | None, token: str | None = None) -> None:
        """Signed in: the welcome with a session token (a resumed session keeps its own)."""
        conn.player = player
        log.info("%s signed in from %s%s", player.name, conn.address or "an unknown address",
                 " (a guest)" if player.guest else "")
        await self.aside(self.store.mark_seen, [player.id])
        if token is None:
            token, expires = await self.aside(self.store.new_session, player)
        else:
            expires = datetime.now(UTC) + min(TOKEN_LIFETIME, timedelta(days=1))  # its expiry is not re-read
        conn.send(p.encode(p.Welcome(type="welcome", id=reply_to,
                                     player=p.Player(name=player.name, guest=player.guest),
                                     token=token, expires=expires, lang=conn.language)))

    async def left(self, conn: Connection) -> None:
        """The connection is gone: each seat it held at a game under way is away (the table is told, and the
        computer covers it after the table's timeout unless the person is back)."""
        if conn.player is not None:
            log.info("%s's connection closed", conn.player.name)
        await self.events.emit(ConnectionClosed(conn, dict(conn.tables)))  # out of the queue, rematches declined
        for table_id, seat in self.connections.discard(conn):
            table = self.tables.get(table_id)
            if table is None:
                continue
            async with table.lock:
                if seat is None or not await table.away(seat, "dropped"):
                    table.announce_table()
            await self.release(table_id)
