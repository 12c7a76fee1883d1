"""The connections this process holds, indexed by table, each with a bounded queue of frames to send.

A table's update goes to the connections at that table only, found in the index rather than by a scan over every
connection. A connection's queue holds at most ``SEND_QUEUE_MAX`` frames and ``SEND_QUEUE_BYTES`` of them: a
client that stops reading while the room goes on sending is closed with ``CLOSE_NOT_READING`` (and may reconnect
and catch up with ``sync``), so that no client can make the server hold an unbounded backlog for it."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, TypeAlias, TypeVar

from ... import language as languages
from ...language import DEFAULT, Later, _, current, speaking
from ..protocol.codes import (
    CLOSE_NOT_READING,
    CLOSE_SANCTIONED,
    SEND_QUEUE_BYTES,
    SEND_QUEUE_MAX,
    SOCKET_SEND_BUFFER,
    ErrorCode,
    Refusal,
)
from ..store import Account

if TYPE_CHECKING:
    from .metrics import Timing

__all__ = ["CLOSE_AFTER", "CLOSE_NOT_READING", "SEND_QUEUE_BYTES", "SEND_QUEUE_MAX", "SOCKET_SEND_BUFFER", "Connection",
           "Connections", "Sentence", "in_language", "installed", "need_player", "send_each", "spoken"]

T = TypeVar("T")
# What the room says to someone: made already (in the language of whoever it is for), a sentence kept as data
# (``Later``), or a function that makes it in the language in force; the last two are made in each hearer's own.
Sentence: TypeAlias = str | Later | Callable[[], str]

CLOSE_AFTER = "\x00close:"  # a frame that is no frame: the writer closes the connection when it reaches it


class Connection:
    """One client's connection: who it is signed in as, its address, the tables it is at (seat, or None to
    watch) and how many public events of each it has been sent. ``send`` queues a frame; the app writes them in
    order and closes the connection when ``closing`` is set."""

    def __init__(self, address: str = "", limit: int = SEND_QUEUE_MAX, limit_bytes: int = SEND_QUEUE_BYTES,
                 language: str = DEFAULT) -> None:
        self.address = address
        self.language = language  # what it is said to in: its own, whoever else is at the table
        self.player: Account | None = None
        self.tables: dict[int, int | None] = {}
        self.cursors: dict[int, int] = {}
        self.outbox: asyncio.Queue[tuple[str, Timing | None]] = asyncio.Queue(maxsize=limit)
        self.limit_bytes = limit_bytes
        self.queued = 0  # characters of the frames in the outbox
        self.closing: str | None = None  # why the room closes this connection, once it does
        self.closed = asyncio.Event()
        self.handling = False  # a message of this connection is being handled now
        self.received = 0.0  # when the message being handled was taken from the websocket (time.perf_counter)
        self.close_code = CLOSE_NOT_READING  # the websocket's close code once ``closing`` is set

    def send(self, frame: str, timing: Timing | None = None) -> None:
        """Queue a frame (``timing``: the action it tells of, timed until it is written); a full queue means the
        client has stopped reading: the connection is closed instead."""
        if self.closing is not None:
            return
        if self.queued + len(frame) > self.limit_bytes:
            with speaking(self.language):
                self.close(_("more than {limit} bytes of messages were not read; reconnect and sync",
                             limit=self.limit_bytes))
            return
        try:
            self.outbox.put_nowait((frame, timing))
        except asyncio.QueueFull:
            with speaking(self.language):
                self.close(_("more than {limit} messages were not read; reconnect and sync",
                             limit=self.outbox.maxsize))
            return
        self.queued += len(frame)
        if timing is not None:
            timing.add()

    async def next_frame(self) -> tuple[str, Timing | None]:
        """The next frame to write (for the app's writer) and the action it times, if any: the writer calls
        ``timing.sent()`` once the frame is written."""
        frame, timing = await self.outbox.get()
        self.queued -= len(frame)
        return frame, timing

    def drain_and_close(self, reason: str, code: int = CLOSE_SANCTIONED) -> None:
        """Close the connection once the frames queued so far are written (a suspended player reads why first)."""
        if self.closing is None:
            self.close_code = code
            with contextlib.suppress(asyncio.QueueFull):
                self.outbox.put_nowait((CLOSE_AFTER + reason, None))

    def close(self, reason: str) -> None:
        """Ask the app to close the connection (it is told by ``closed``), dropping what was queued."""
        if self.closing is None:
            self.closing = reason
            while not self.outbox.empty():
                self.outbox.get_nowait()
            self.queued = 0
            self.closed.set()


class Connections:
    """Every connection of this process, and for each table the connections at it."""

    def __init__(self) -> None:
        self._all: set[Connection] = set()
        self._by_table: dict[int, dict[Connection, None]] = {}  # insertion-ordered sets
        self.version = 0  # counts the changes of who is at which table (what the lobby shows as connected)

    def __iter__(self) -> Iterator[Connection]:
        return iter(self._all)

    def __len__(self) -> int:
        return len(self._all)

    def add(self, conn: Connection) -> None:
        self._all.add(conn)

    def discard(self, conn: Connection) -> list[tuple[int, int | None]]:
        """Forget the connection; the tables it was at and its seat at each."""
        self._all.discard(conn)
        places = list(conn.tables.items())
        for table in list(conn.tables):
            self.leave(conn, table)
        return places

    def sit(self, conn: Connection, table: int, seat: int | None, cursor: int = 0) -> None:
        """The connection is at ``table``: at ``seat``, or watching (None)."""
        self.version += 1
        conn.tables[table] = seat
        conn.cursors[table] = cursor
        self._by_table.setdefault(table, {})[conn] = None

    def leave(self, conn: Connection, table: int) -> None:
        self.version += 1
        conn.tables.pop(table, None)
        conn.cursors.pop(table, None)
        at = self._by_table.get(table)
        if at is not None:
            at.pop(conn, None)
            if not at:
                del self._by_table[table]

    def at(self, table: int) -> list[Connection]:
        """The connections at the table, seated or watching."""
        return list(self._by_table.get(table, ()))

    def present(self, table: int) -> set[int]:
        """The seats of the table someone holds through a connection of this process."""
        return {seat for conn in self._by_table.get(table, ()) if (seat := conn.tables.get(table)) is not None}

    def of_player(self, name: str) -> list[Connection]:
        """The connections of this process signed in as ``name``."""
        key = name.casefold()
        return [conn for conn in self._all if conn.player is not None and conn.player.name.casefold() == key]

    def holding(self, table: int, seat: int) -> list[Connection]:
        """The connections at the table's ``seat``."""
        return [conn for conn in self._by_table.get(table, ()) if conn.tables.get(table) == seat]


def need_player(conn: Connection) -> Account:
    """The connection's player; a refusal when it has not signed in (every message but the sign-ins needs one)."""
    if conn.player is None:
        raise Refusal(ErrorCode.NOT_SIGNED_IN, _("sign in first: register, login, guest or resume"))
    return conn.player


def installed(language: str) -> str:
    """``language`` when its catalogue is installed here (English always is), else English: a connection asking for
    a language whose catalogue is missing is spoken to in English rather than refused at every sentence."""
    if language == DEFAULT:
        return language
    try:
        languages.translations(language)  # looked up where tests may stand in for it
    except OSError:
        return DEFAULT
    return language


def spoken(sentence: Sentence) -> str:
    """The sentence in the language in force (one made already is as it was made)."""
    if isinstance(sentence, str):
        return sentence
    if isinstance(sentence, Later):
        return sentence.text()
    return sentence()


def in_language(conn: Connection, make: Callable[[], T]) -> T:
    """``make()`` in the connection's language: what is said to one connection, whoever's message made it."""
    if conn.language == current():
        return make()
    with speaking(conn.language):
        return make()


def send_each(conns: Iterable[Connection], make: Callable[[], str], *, skip: Connection | None = None) -> None:
    """Send each connection (but ``skip``) the frame ``make()`` makes in its language: made once a language among
    them, not once a connection, and once in all when everyone speaks one."""
    frames: dict[str, str] = {}
    for conn in conns:
        if conn is skip:
            continue
        frame = frames.get(conn.language)
        if frame is None:
            frame = frames[conn.language] = in_language(conn, make)
        conn.send(frame)
