"""``spades bench room``: how many actions a second a real ``spades serve`` process sustains, and how soon every
seat hears of each one.

The bench starts ``spades serve`` on a free loopback port (SQLite in a temporary directory unless ``--database``
names another), then opens ``--tables`` tables with four people each: real websocket clients, so every action
crosses the network. The clients run in separate processes (``--client-processes``; a table's four seats are
always in one of them, so one clock times the whole round). On its turn a client waits a random think time in
[``--think-min``, ``--think-max``] and plays a random legal action from its own view.

The time measured for an action runs from the moment its client sends it to the moment the last of the table's
four clients has received an update that contains it (an update whose cursor passes the one the action was sent
at). The server's CPU (per cent of one core) and its peak memory (RSS) are read with psutil on its pid; each client
process reports its own CPU and how late its event loop wakes, so that a saturated client side shows.

Games are long (``hands`` at the room's most, about 50 minutes of play), so every table keeps its load for the
whole run.
``--mode ramp`` shortens the think times by half at each step, on the same tables, until the 99th percentile
passes 100 ms (or the think time reaches its floor), and reports every step and where it crossed.

A client process is this module run as ``python -m spades.benchmarks.room --clients``: it reads its orders as JSON
lines on stdin and answers with JSON lines on stdout.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import platform
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

NAME = "room"
HELP = "actions a second and action-to-every-seat latency of a real `spades serve` under N tables of four people"
DEFAULT_SECONDS = 20.0
LIMIT = 0.100  # the p99 the ramp looks for, in seconds
# The ramp's shortest think times. Quicker than this, a table's four seats would each send more than the room's 20
# messages a second per connection, and the step would measure refusals (rate_limited), not the room.
THINK_FLOOR = 0.01
LONG_GAME = {"hands": 50}  # the most the room allows; four people-paced seats play a hand in about a minute
RAMP_STEPS = 8


def add_arguments(parser: Any) -> None:
    """The options of this target (``spades bench room --help``)."""
    group = parser.add_argument_group("room options")
    group.add_argument("--tables", type=int, default=None, metavar="N", help="tables of four clients (default 10)")
    group.add_argument("--think-min", type=float, default=None, metavar="S",
                       help="shortest think time of a client on its turn, seconds (default 0.5)")
    group.add_argument("--think-max", type=float, default=None, metavar="S",
                       help="longest think time, seconds (default 2.0)")
    group.add_argument("--database", default=None, metavar="URL",
                       help="the server's database (default: SQLite in a temporary directory)")
    group.add_argument("--mode", choices=("steady", "ramp"), default=None,
                       help="steady: one measurement; ramp: halve the think times step by step until p99 > 100 ms")
    group.add_argument("--seed", type=int, default=None, help="the clients' random choices (default 1)")
    group.add_argument("--client-processes", type=int, default=None, metavar="K",
                       help="processes the clients are spread over (default: one per 400 connections)")


# -- the client side (runs in its own process) ---------------------------------------------------------------------
class _Table:
    """One table's four clients and the actions sent there whose round is not complete yet."""

    def __init__(self, index: int) -> None:
        self.index = index
        self.id = 0
        self.pending: list[tuple[int, float, set[int]]] = []  # (cursor sent at, time sent, seats not yet told)


class _Clients:
    """Every table of one client process, with the figures of the current measurement."""

    def __init__(self, url: str, tables: list[int], seed: int) -> None:
        self.url = url
        self.tables = [_Table(i) for i in tables]
        self.random = random.Random(seed)
        self.think = (0.5, 2.0)
        self.measuring = False
        self.latencies: list[float] = []
        self.actions = 0
        self.errors: list[str] = []
        self.lags: list[float] = []
        self.sockets: list[Any] = []
        self.tasks: list[asyncio.Task[None]] = []

    async def _request(self, ws: Any, message: dict[str, Any]) -> dict[str, Any]:
        await ws.send(json.dumps(message))
        while True:
            reply: dict[str, Any] = json.loads(await ws.recv())
            if reply.get("id") == message["id"]:
                if reply.get("type") == "error":
                    raise RuntimeError(f"{message['type']} refused: {reply['message']}")
                return reply

    async def _open(self, table: _Table) -> None:
        """Four guests at a new table, reading their frames from now on; the owner starts the game."""
        import websockets

        sockets = []
        # each table's guests from a loopback address of its own, as people come from theirs: the room makes at
        # most 20 guests an hour for one address
        index = table.index + 1
        address = (f"127.{(index >> 16) & 255}.{(index >> 8) & 255}.{index & 255 or 1}",
                   0) if "//127.0.0.1:" in self.url else None
        for seat in range(4):
            ws = await websockets.connect(self.url, max_size=2**22, compression=None, local_addr=address)
            sockets.append(ws)
            await self._request(ws, {"type": "guest", "id": 1})
            if seat == 0:
                reply = await self._request(ws, {"type": "create", "id": 2, "levels": {}, "pace": 0,
                                                 "rules": {"variant": "standard", "options": LONG_GAME}})
                table.id = reply["table"]
            await self._request(ws, {"type": "join", "id": 3, "table": table.id, "seat": seat})
        self.sockets += sockets
        for seat, ws in enumerate(sockets):
            self.tasks.append(asyncio.create_task(self._seat(table, seat, ws)))
        await sockets[0].send(json.dumps({"type": "start", "id": 4, "table": table.id}))

    async def _seat(self, table: _Table, seat: int, ws: Any) -> None:
        """Read one seat's frames: time the rounds, and wake the seat's player whenever its view changes."""
        import websockets

        latest: list[Any] = [0, {}]  # cursor, view
        changed = asyncio.Event()
        player = asyncio.create_task(self._play(table, seat, ws, latest, changed))
        self.tasks.append(player)
        try:
            async for frame in ws:
                message = json.loads(frame)
                kind = message.get("type")
                if kind == "error":
                    self.errors.append(f"{message.get('code')}: {message.get('message')}")
                    await ws.send(json.dumps({"type": "sync", "table": table.id, "cursor": latest[0]}))
                    continue
                if kind != "update":
                    continue
                now = time.monotonic()
                cursor = message["cursor"]
                latest[:] = [cursor, message["view"]]
                changed.set()
                for entry in list(table.pending):
                    at, sent, waiting = entry
                    if cursor > at:
                        waiting.discard(seat)
                        if not waiting:
                            table.pending.remove(entry)
                            if self.measuring and sent >= self.window_start:
                                self.latencies.append(now - sent)
                                self.actions += 1
        except websockets.ConnectionClosed:
            pass

    async def _play(self, table: _Table, seat: int, ws: Any, latest: list[Any], changed: asyncio.Event) -> None:
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
                await ws.send(json.dumps({"type": "act", "table": table.id, "action": action, "cursor": cursor}))
            except websockets.ConnectionClosed:  # the run is over
                return
            changed.set()  # look again: the update may have come while sending

    async def _watch_loop(self) -> None:
        """How late the event loop wakes from a 20 ms sleep: near zero unless this process is saturated."""
        while True:
            start = time.monotonic()
            await asyncio.sleep(0.02)
            if self.measuring:
                self.lags.append(time.monotonic() - start - 0.02)

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        reader = asyncio.StreamReader()
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
        gate = asyncio.Semaphore(8)

        async def open_one(table: _Table) -> None:
            async with gate:
                await self._open(table)

        await asyncio.gather(*(open_one(t) for t in self.tables))
        watcher = asyncio.create_task(self._watch_loop())
        _say({"ready": True})
        while True:
            line = await reader.readline()
            if not line:
                break
            order = json.loads(line)
            if order.get("stop"):
                break
            self.think = (order["think_min"], order["think_max"])
            await asyncio.sleep(order["settle"])
            self.latencies, self.actions, self.lags, self.errors = [], 0, [], []
            cpu = time.process_time()
            self.window_start = time.monotonic()
            self.measuring = True
            await asyncio.sleep(order["seconds"])
            self.measuring = False
            took = time.monotonic() - self.window_start
            _say({"latencies": self.latencies, "actions": self.actions, "errors": self.errors[:5],
                  "error_count": len(self.errors), "lags": sorted(self.lags)[-max(1, len(self.lags) // 100):],
                  "lag_count": len(self.lags), "cpu": (time.process_time() - cpu) / took, "seconds": took})
        watcher.cancel()
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*(ws.close() for ws in self.sockets), return_exceptions=True)

    window_start = 0.0


def _say(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def _client_main() -> None:
    orders = json.loads(sys.stdin.readline())
    asyncio.run(_Clients(orders["url"], orders["tables"], orders["seed"]).run())


# -- the server and the measurement (the bench's own process) -----------------------------------------------------
class _Server:
    """``spades serve`` on a free port, and a thread that samples its memory (RSS) to find the peak."""

    def __init__(self, database: str, log: Path) -> None:
        import psutil

        # --quiet: a line for each of hundreds of sign-ins and seats is not part of what is measured
        command = [sys.executable, "-m", "spades", "serve", "--port", "0", "--database", database, "--pace", "0",
                   "--quiet"]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log.open("w"), text=True)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if "open at" not in line:
            self.process.kill()
            self.process.wait()
            from ..cli import CommandError

            raise CommandError(f"spades serve did not start: {line.strip()!r} {log.read_text()[-2000:]}")
        self.port = int(line.strip().rsplit(":", 1)[1])
        self.ps = psutil.Process(self.process.pid)
        self.peak_rss = 0
        self._stop = threading.Event()
        self._sampler = threading.Thread(target=self._sample, daemon=True)
        self._sampler.start()

    def _sample(self) -> None:
        while not self._stop.is_set():
            try:
                self.peak_rss = max(self.peak_rss, self.ps.memory_info().rss)
            except Exception:
                return
            self._stop.wait(0.1)

    def cpu(self) -> tuple[float, dict[int, float]]:
        """The server's CPU seconds so far (user + system), and each thread's."""
        times = self.ps.cpu_times()
        threads = {t.id: t.user_time + t.system_time for t in self.ps.threads()}
        return times.user + times.system, threads

    def stop(self) -> None:
        self._stop.set()
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def _percentile(ordered: list[float], share: float) -> float:
    if not ordered:
        return math.nan
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def _step(server: _Server, workers: list[subprocess.Popen[str]], think: tuple[float, float], seconds: float,
          settle: float) -> dict[str, Any]:
    """One measurement at these think times: the clients' figures merged, with the server's CPU meanwhile."""
    import psutil

    order = json.dumps({"think_min": think[0], "think_max": think[1], "seconds": seconds, "settle": settle})
    for worker in workers:
        assert worker.stdin is not None
        worker.stdin.write(order + "\n")
        worker.stdin.flush()
    time.sleep(settle)
    cpu0, threads0 = server.cpu()
    psutil.cpu_percent()
    load0 = os.getloadavg()[0]
    start = time.monotonic()
    replies = [_read(worker) for worker in workers]
    took = time.monotonic() - start
    cpu1, threads1 = server.cpu()
    machine_busy = psutil.cpu_percent()
    latencies = sorted(x for r in replies for x in r["latencies"])
    lags = sorted(x for r in replies for x in r["lags"])
    busiest = sorted(((threads1[t] - threads0.get(t, 0.0)) / took * 100 for t in threads1), reverse=True)
    actions = sum(r["actions"] for r in replies)
    return {
        "think_min": think[0], "think_max": think[1], "seconds": took,
        "actions": actions, "actions_per_second": actions / took,
        "p50_ms": _percentile(latencies, 0.50) * 1000, "p99_ms": _percentile(latencies, 0.99) * 1000,
        "max_ms": (latencies[-1] if latencies else math.nan) * 1000,
        "server_cpu_percent": (cpu1 - cpu0) / took * 100,
        "server_busiest_threads_percent": [round(x, 1) for x in busiest[:3]],
        "server_threads": len(threads1),
        "client_cpu_percent": [round(r["cpu"] * 100, 1) for r in replies],
        "client_loop_lag_max_ms": (lags[-1] if lags else 0.0) * 1000,
        "machine_cpu_percent": machine_busy, "load_before": load0, "load_after": os.getloadavg()[0],
        "errors": sum(r["error_count"] for r in replies),
        "error_samples": [e for r in replies for e in r["errors"]][:5],
    }


def _read(worker: subprocess.Popen[str]) -> dict[str, Any]:
    assert worker.stdout is not None
    line = worker.stdout.readline()
    if not line:
        from ..cli import CommandError

        raise CommandError("a client process stopped; see its error above")
    reply: dict[str, Any] = json.loads(line)
    return reply


def run(seconds: float, tables: int = 10, think_min: float = 0.5, think_max: float = 2.0,
        database: str | None = None, mode: str = "steady", seed: int = 1, client_processes: int | None = None,
        **_: Any) -> dict[str, Any]:
    """Start the server and the clients, measure (one step, or the ramp's steps) and stop everything."""
    import psutil

    from ..cli import CommandError

    if tables < 1:
        raise CommandError(f"--tables must be at least 1, not {tables}")
    if not 0 <= think_min <= think_max:
        raise CommandError(f"the think times need 0 <= --think-min <= --think-max, not {think_min} and {think_max}")
    processes = client_processes or max(1, math.ceil(tables * 4 / 400))
    processes = min(processes, tables)
    with tempfile.TemporaryDirectory(prefix="spades-bench-room-") as tmp:
        url = database or f"sqlite:///{Path(tmp) / 'room.sqlite3'}"
        began = time.monotonic()
        server = _Server(url, Path(tmp) / "serve.log")
        workers: list[subprocess.Popen[str]] = []
        try:
            for k in range(processes):
                mine = list(range(k, tables, processes))
                worker = subprocess.Popen([sys.executable, "-m", "spades.benchmarks.room", "--clients"],
                                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
                assert worker.stdin is not None
                worker.stdin.write(json.dumps({"url": f"ws://127.0.0.1:{server.port}/ws", "tables": mine,
                                               "seed": seed * 1000 + k}) + "\n")
                worker.stdin.flush()
                workers.append(worker)
            for worker in workers:
                _read(worker)  # ready: every table of that process is playing
            opened = time.monotonic() - began
            steps = []
            think = (think_min, think_max)
            settle = min(think_max, 2.0) + 0.5
            for _step_number in range(1 if mode == "steady" else RAMP_STEPS):
                steps.append(_step(server, workers, think, seconds, settle))
                if mode == "steady" or steps[-1]["p99_ms"] > LIMIT * 1000 or think[1] <= THINK_FLOOR:
                    break
                settle = min(think[1], 2.0) + 0.5
                think = (max(think[0] / 2, THINK_FLOOR / 2), max(think[1] / 2, THINK_FLOOR))
            for worker in workers:
                assert worker.stdin is not None
                worker.stdin.write(json.dumps({"stop": True}) + "\n")
                worker.stdin.flush()
            for worker in workers:
                worker.wait(30)
        finally:
            for worker in workers:
                if worker.poll() is None:
                    worker.kill()
                    worker.wait()
            server.stop()
    crossed = next((i for i, s in enumerate(steps) if s["p99_ms"] > LIMIT * 1000), None)
    return {
        "benchmark": NAME, "mode": mode, "tables": tables, "connections": tables * 4,
        "database": "sqlite (temporary file)" if database is None else database.split("://")[0],
        "client_processes": processes, "setup_seconds": opened,
        "steps": steps, "crossed_step": crossed,
        "server_peak_rss_mb": server.peak_rss / 2**20,
        "machine": {"nproc": os.cpu_count(), "python": platform.python_version(), "arch": platform.machine(),
                    "memory_gb": round(psutil.virtual_memory().total / 2**30, 1)},
    }


def report(result: dict[str, Any]) -> str:
    machine = result["machine"]
    lines = [f"bench room: {result['tables']} tables, {result['connections']} websocket clients in "
             f"{result['client_processes']} process(es), {result['database']}, {result['mode']} "
             f"(tables open and playing after {result['setup_seconds']:.1f} s)"]
    for number, step in enumerate(result["steps"], 1):
        lines.append(
            f"  {'step ' + str(number) + ': ' if result['mode'] == 'ramp' else ''}"
            f"think {step['think_min']:g}-{step['think_max']:g} s: {step['actions_per_second']:.1f} actions/s "
            f"({step['actions']} in {step['seconds']:.1f} s); action to every seat: p50 {step['p50_ms']:.1f} ms, "
            f"p99 {step['p99_ms']:.1f} ms, max {step['max_ms']:.1f} ms")
        lines.append(
            f"    server CPU {step['server_cpu_percent']:.0f}% of one core (busiest threads "
            f"{', '.join(f'{x:g}%' for x in step['server_busiest_threads_percent'])}); clients CPU "
            f"{', '.join(f'{x:g}%' for x in step['client_cpu_percent'])}, client loop late by at most "
            f"{step['client_loop_lag_max_ms']:.0f} ms; machine {step['machine_cpu_percent']:.0f}% busy, load "
            f"{step['load_before']:.2f} -> {step['load_after']:.2f}; errors {step['errors']}")
    lines.append(f"  server peak memory (RSS): {result['server_peak_rss_mb']:.0f} MB")
    if result["mode"] == "ramp":
        crossed = result["crossed_step"]
        if crossed is None:
            lines.append(f"  p99 stayed under {LIMIT * 1000:.0f} ms at every step")
        else:
            step = result["steps"][crossed]
            lines.append(f"  p99 passed {LIMIT * 1000:.0f} ms at step {crossed + 1}: "
                         f"{step['actions_per_second']:.1f} actions/s, p99 {step['p99_ms']:.1f} ms")
    lines.append(f"  machine: {machine['nproc']} cpus, {machine['arch']}, {machine['memory_gb']} GB, "
                 f"Python {machine['python']}")
    return "\n".join(lines)


if __name__ == "__main__" and sys.argv[1:] == ["--clients"]:
    _client_main()
