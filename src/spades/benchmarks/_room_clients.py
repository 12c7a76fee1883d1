"""The people of ``spades bench room``: one process of websocket clients, four to a table.

Run as ``python -m spades.benchmarks._room_clients``: it reads its orders as JSON lines on stdin (first the
server's address, its tables, a seed and the first think times; then one line a measurement, or
``{"stop": true}``) and answers with JSON lines on stdout. The bench spreads a thousand tables over several of
these, so each must cost little: frames are read as bytes and decoded by orjson without first being made into
text, the event loop is uvloop's, and a seat only looks at the pending rounds of its own table.

A room that does not answer in time (stopped, or too busy) never ends a client process with a traceback: each
failure is an error line, counted in the measurement's errors (an opening's in the first measurement's), and the
client tries again. A table not opened in ``OPEN_TRIES`` tries is left out; a seat whose connection drops (the
keepalive's pings unanswered) connects again, takes its session up with its token and asks for what it missed.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import sys
import time
from typing import Any

import orjson

LONG_GAME = {"hands": 50}  # the most the room allows; four people-paced seats play a hand in about a minute
# Tables being opened at once by one process. Each opening is a handful of round trips (four handshakes, four
# guests, a table, four seats), the four seats' in parallel. The server's store sets the pace of opening (a table
# a few tens of ms, most of it reading the table back); more at once than this only queues there.
OPENING = 16
# A thousand tables' handshakes queue behind the server's work of opening them: wait for the room longer than
# websockets' 10 s.
OPEN_TIMEOUT = 120.0
REPLY_TIMEOUT = OPEN_TIMEOUT  # ... and for its reply to one message, queued behind the same work
OPEN_TRIES = 3  # tries to open a table (each failure an error line) before it is left out
RECONNECT_PAUSE = 1.0  # seconds between a seat's tries to connect again
ROUND_TIMEOUT = 10.0  # seconds after which an action not yet heard of by all four seats is an error


class _Table:
    """One table's four clients and the actions sent there whose round is not complete yet."""

    __slots__ = ("id", "index", "pending")

    def __init__(self, index: int) -> None:
        self.index = index
        self.id = 0
        self.pending: list[tuple[int, float, set[int]]] = []  # (cursor sent at, time sent, seats not yet told)


def _address(index: int, url: str) -> tuple[str, int] | None:
    """Each table's guests come from a loopback address of its own, as people come from theirs: the room makes at
    most 20 guests an hour for one address."""
    if "//127.0.0.1:" not in url:
        return None
    index += 1
    return f"127.{(index >> 16) & 255}.{(index >> 8) & 255}.{index & 255 or 1}", 0


class Clients:
    """Every table of one client process, with the figures of the current measurement."""

    def __init__(self, url: str, tables: list[int], seed: int, think: tuple[float, float],
                 languages: tuple[str, ...] = ()) -> None:
        self.url = url
        self.languages = languages  # each seat's language in turn (?lang=); none: the room's English, unasked
        self.tables = [_Table(i) for i in tables]
        self.random = random.Random(seed)
        self.think = think  # from the first step's: a seat's first think is as long as that step's settling allows
        self.measuring = False
        self.window_start = 0.0
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.error_count = 0
        self.stopping = False
        self.opened_errors = False  # errors while opening, kept for the first measurement
        self.lags: list[float] = []
        self.sockets: list[Any] = []
        self.tasks: list[asyncio.Task[None]] = []
        self.processes: dict[str, int] = {}  # the server process each connection reached (x-spades-process)

    def _error(self, line: str) -> None:
        """One error of the room's, counted; the first few are kept in words."""
        self.error_count += 1
        if len(self.errors) < 5:
            self.errors.append(line)

    async def _request(self, ws: Any, message: dict[str, Any]) -> dict[str, Any]:
        """The reply to ``message``; RoomSilent when none comes in ``REPLY_TIMEOUT`` seconds or the connection
        drops first, RuntimeError when the room refuses it."""
        import websockets

        async def reply() -> dict[str, Any]:
            await ws.send(orjson.dumps(message), text=True)
            while True:
                frame: dict[str, Any] = orjson.loads(await ws.recv(decode=False))
                if frame.get("id") == message["id"]:
                    return frame

        try:
            found = await asyncio.wait_for(reply(), REPLY_TIMEOUT)
        except TimeoutError:
            raise RoomSilent(f"{message['type']}: no reply in {REPLY_TIMEOUT:g} s") from None
        except websockets.ConnectionClosed as error:
            raise RoomSilent(f"{message['type']}: the connection closed before the reply ({error})") from None
        if found.get("type") == "error":
            raise RuntimeError(f"{message['type']} refused: {found['message']}")
        return found

    def _url(self, seat: int) -> str:
        """The room's address for a seat's connection, asking for the seat's language."""
        if not self.languages:
            return self.url
        return f"{self.url}?lang={self.languages[seat % len(self.languages)]}"

    async def _connect(self, table: _Table, seat: int = 0) -> tuple[Any, str | None]:
        """A guest's connection (the first connection of a table sits at seat 0, and so on), and its session
        token; RoomSilent when the room does not answer in time."""
        import websockets

        try:
            ws = await websockets.connect(self._url(seat), max_size=2**22, compression=None, open_timeout=OPEN_TIMEOUT,
                                          local_addr=_address(table.index, self.url))
        except (TimeoutError, OSError, websockets.InvalidHandshake) as error:
            raise RoomSilent(f"connect: {error or type(error).__name__}") from None
        process = ws.response.headers.get("x-spades-process", "?") if ws.response is not None else "?"
        self.processes[process] = self.processes.get(process, 0) + 1
        try:
            reply = await self._request(ws, {"type": "guest", "id": 1})
        except BaseException:
            await _close(ws)
            raise
        return ws, reply.get("token")

    async def _open(self, table: _Table) -> None:
        """Four guests at a new table, reading their frames from now on; the owner starts the game. A try the
        room does not answer in time (or refuses) is an error line, and the table is opened again on new
        connections, up to ``OPEN_TRIES`` tries; then it is left out, said in one more error line."""
        for attempt in range(1, OPEN_TRIES + 1):
            opened: list[tuple[Any, str | None]] = []
            try:
                for result in await asyncio.gather(*(self._connect(table, seat) for seat in range(4)),
                                                   return_exceptions=True):
                    if isinstance(result, BaseException):
                        raise result
                    opened.append(result)
                sockets = [ws for ws, _ in opened]
                reply = await self._request(sockets[0], {"type": "create", "id": 2, "levels": {}, "pace": 0,
                                                         "rules": {"variant": "standard", "options": LONG_GAME}})
                table.id = reply["table"]
                await asyncio.gather(*(self._request(ws, {"type": "join", "id": 3, "table": table.id, "seat": seat})
                                       for seat, ws in enumerate(sockets)))
            except (RoomSilent, RuntimeError) as error:
                self._error(f"opening table {table.index + 1} (try {attempt} of {OPEN_TRIES}): {error}")
                await asyncio.gather(*(_close(ws) for ws, _ in opened))
                continue
            self.sockets += sockets
            for seat, (ws, token) in enumerate(opened):
                self.tasks.append(asyncio.create_task(self._seat(table, seat, ws, token)))
            await sockets[0].send(orjson.dumps({"type": "start", "id": 4, "table": table.id}), text=True)
            return
        self._error(f"table {table.index + 1} left out: not opened in {OPEN_TRIES} tries")

    async def _seat(self, table: _Table, seat: int, ws: Any, token: str | None) -> None:
        """Read one seat's frames: time the rounds, and wake the seat's player whenever its view changes. A
        connection that drops while the run goes on (a room that stopped answering the keepalive's pings) is an
        error line, and the seat connects again."""
        import websockets

        latest: list[Any] = [0, {}]  # cursor, view
        changed = asyncio.Event()
        socket = [ws]  # the seat's connection, as its player sends on it
        self.tasks.append(asyncio.create_task(self._play(table, seat, socket, latest, changed)))
        while True:
            try:
                await self._read(table, seat, socket[0], latest, changed)
            except websockets.ConnectionClosed as error:
                if self.stopping:
                    return
                self._error(f"table {table.index + 1}, seat {seat}: the connection closed ({error}); connecting "
                            "again")
            socket[0] = await self._reconnect(table, seat, token, latest[0])
            if socket[0] is None:
                return

    async def _reconnect(self, table: _Table, seat: int, token: str | None, cursor: int) -> Any:
        """A new connection for a seat, in its session, having asked for the table's news after ``cursor``; tried
        until the room answers (each failure an error line), or None when the run is over."""
        import websockets

        while not self.stopping:
            await asyncio.sleep(RECONNECT_PAUSE)
            try:
                ws = await websockets.connect(self._url(seat), max_size=2**22, compression=None,
                                              open_timeout=OPEN_TIMEOUT, local_addr=_address(table.index, self.url))
            except (TimeoutError, OSError, websockets.InvalidHandshake) as error:
                self._error(f"table {table.index + 1}, seat {seat}: connecting again: {error or type(error).__name__}")
                continue
            try:
                await self._request(ws, {"type": "resume", "id": 1, "token": token})
                await ws.send(orjson.dumps({"type": "sync", "table": table.id, "cursor": cursor}), text=True)
            except (RoomSilent, RuntimeError, websockets.ConnectionClosed) as error:
                self._error(f"table {table.index + 1}, seat {seat}: taking the session up again: {error}")
                await _close(ws)
                continue
            self.sockets.append(ws)
            return ws
        return None

    async def _read(self, table: _Table, seat: int, ws: Any, latest: list[Any], changed: asyncio.Event) -> None:
        """A seat's frames, until its connection closes (ConnectionClosed)."""
        pending = table.pending
        while True:
            message = orjson.loads(await ws.recv(decode=False))
            kind = message.get("type")
            if kind == "update":
                now = time.monotonic()
                cursor = message["cursor"]
                view = message["view"]
                latest[0] = cursor
                latest[1] = view
                if view["turn"] == seat:  # only this seat's turn wakes its player
                    changed.set()
                if pending:
                    self._told(pending, seat, cursor, now)
            elif kind == "error":
                self._error(f"{message.get('code')}: {message.get('message')}")
                await ws.send(orjson.dumps({"type": "sync", "table": table.id, "cursor": latest[0]}), text=True)

    def _told(self, pending: list[tuple[int, float, set[int]]], seat: int, cursor: int, now: float) -> None:
        """This seat has heard of every action sent before ``cursor``: a round is complete when all four have."""
        for entry in list(pending):
            at, sent, waiting = entry
            if cursor > at:
                waiting.discard(seat)
                if not waiting:
                    pending.remove(entry)
                    if self.measuring and sent >= self.window_start:
                        self.latencies.append(now - sent)
                        if now - sent > ROUND_TIMEOUT:
                            self._error(f"an action heard of by every seat only after {now - sent:.1f} s")

    async def _play(self, table: _Table, seat: int, socket: list[Any], latest: list[Any], changed: asyncio.Event
                    ) -> None:
        """Whenever it is this seat's turn at a position it has not acted in: think, then play a random legal
        action. Only this seat can move on its turn, so the view is still current after the think."""
        import websockets

        acted = -1
        while True:
            await changed.wait()
            changed.clear()
            cursor, view = latest
            if view["turn"] != seat or not view["legal"] or view["phase"] == "over" or cursor == acted:
                continue
            low, high = self.think
            await asyncio.sleep(self.random.uniform(low, high))
            cursor, view = latest
            action = self.random.choice(view["legal"])
            acted = cursor
            table.pending.append((cursor, time.monotonic(), {0, 1, 2, 3}))
            try:
                await socket[0].send(orjson.dumps({"type": "act", "table": table.id, "action": action,
                                                   "cursor": cursor}), text=True)
            except websockets.ConnectionClosed:  # the run is over, or the seat's reader connects again
                if self.stopping:
                    return
                acted = -1
                continue
            changed.set()  # look again: the update may have come while sending

    async def _watch_loop(self) -> None:
        """How late the event loop wakes from a 20 ms sleep: near zero unless this process is saturated."""
        while True:
            start = time.monotonic()
            await asyncio.sleep(0.02)
            if self.measuring:
                self.lags.append(time.monotonic() - start - 0.02)

    async def _measure(self, order: dict[str, Any]) -> dict[str, Any]:
        self.think = (order["think_min"], order["think_max"])
        await asyncio.sleep(order["settle"])
        self.latencies, self.lags = [], []
        if not self.opened_errors:  # the first measurement counts the opening's errors too
            self.errors, self.error_count = [], 0
        self.opened_errors = False
        cpu = time.process_time()
        self.window_start = time.monotonic()
        self.measuring = True
        await asyncio.sleep(order["seconds"])
        self.measuring = False
        now = time.monotonic()
        for table in self.tables:
            late = [sent for _, sent, _ in table.pending if self.window_start <= sent < now - ROUND_TIMEOUT]
            if late:
                self._error(f"table {table.index + 1}: {len(late)} action{'s' * (len(late) != 1)} not heard of by "
                            f"every seat within {ROUND_TIMEOUT:g} s")
                self.error_count += len(late) - 1  # each late action counts
        took = now - self.window_start
        lags = sorted(self.lags)
        return {"latencies": [round(x, 6) for x in self.latencies], "actions": len(self.latencies),
                "errors": self.errors, "error_count": self.error_count,
                "lag_max": lags[-1] if lags else 0.0, "lag_count": len(lags),
                "cpu": (time.process_time() - cpu) / took, "seconds": took}

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        reader = asyncio.StreamReader()
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
        gate = asyncio.Semaphore(OPENING)

        async def open_one(table: _Table) -> None:
            async with gate:
                await self._open(table)

        started = time.monotonic()
        await asyncio.gather(*(open_one(t) for t in self.tables))
        self.opened_errors = self.error_count > 0
        watcher = asyncio.create_task(self._watch_loop())
        _say({"ready": True, "open_seconds": time.monotonic() - started, "processes": self.processes})
        while True:
            line = await reader.readline()
            if not line:
                break
            order = orjson.loads(line)
            if order.get("stop"):
                break
            _say(await self._measure(order))
        watcher.cancel()
        self.stopping = True
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*(ws.close() for ws in self.sockets), return_exceptions=True)


class RoomSilent(Exception):
    """The room did not answer in time, or the connection dropped before it did."""


async def _close(ws: Any) -> None:
    """Close a connection the room may not answer on: it is given up either way."""
    with contextlib.suppress(Exception):
        await asyncio.wait_for(ws.close(), 5)


def _say(message: dict[str, Any]) -> None:
    sys.stdout.buffer.write(orjson.dumps(message) + b"\n")
    sys.stdout.buffer.flush()


def main() -> None:
    orders = orjson.loads(sys.stdin.readline())
    clients = Clients(orders["url"], orders["tables"], orders["seed"], (orders["think_min"], orders["think_max"]),
                      tuple(orders.get("languages") or ()))
    try:  # uvloop (uvicorn's, as the server's): the event loop's own work, most of a client's, in C
        import uvloop
    except ImportError:
        asyncio.run(clients.run())
    else:
        uvloop.run(clients.run())


if __name__ == "__main__":
    main()
