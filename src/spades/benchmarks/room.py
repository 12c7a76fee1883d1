"""``spades bench room``: how many actions a second a real ``spades serve`` sustains, how soon every seat hears of
each one, and what an action costs the server in hands of the engine measured in the same run.

This machine's speed varies from day to day, so the bench first plays the engine's random hands
(:func:`spades.benchmarks.engine.ours`) in its own process while nothing else of the bench runs, and again once the
clients and the server have stopped; the mean of the two is the yardstick. The server's CPU per action is then
also given as engine hands (CPU seconds an action x engine hands a second), which compares across days; and, for
a machine busier than its cores, where the engine's loop waits for a CPU while the server's CPU seconds do not, as
engine hands of the loop's own CPU time (CPU seconds an action x engine hands a CPU second).

The bench starts ``spades serve`` on a free loopback port with ``--metrics-port 0`` (SQLite in a temporary
directory unless ``--database`` names another), then opens ``--tables`` tables with four people each: real
websocket clients, so every action crosses the network, in separate processes (``--client-processes``; a table's
four seats are always in one of them, so one clock times the whole round). On its turn a client waits a random
think time in [``--think-min``, ``--think-max``] and plays a random legal action from its own view.

Two latencies are measured. End to end: from the moment a client sends an action to the moment the last of the
table's four clients has received an update that contains it. Server side: from the server reading the action's
frame to its writing the last of that action's updates, from each server process's ``/metrics`` histogram (the
differences over the step, merged over the processes; the max is the upper edge of the highest bucket reached).
The server's CPU comes from the same metrics; each client process reports its own CPU and how late its event loop
wakes, so that a saturated client side shows.

Games are long (``hands`` at the room's most, about 50 minutes of play), so every table keeps its load for the
whole run.

Options (besides ``--seconds``, the length of each measurement, default 20):

``--tables N``            tables of four clients (default 10)
``--think-min/--think-max S``  a client's think time on its turn (default 0.5 to 2 s)
``--database URL``        the server's database (default SQLite in a temporary directory)
``--mode steady|ramp``    ramp: halve the think times at each step, on the same tables, until the end-to-end p99
                          passes 100 ms (or the think time reaches its floor); the step where the server-side p99
                          passed 100 ms is given too, and each step's actions a second as a share of the engine's
                          hands a second
``--seed N``              the clients' random choices
``--client-processes K``  processes the clients are spread over (default one per 400 connections)
``--server-processes N``  ``spades serve --processes N`` (default 1); more than one needs ``--redis`` and a
                          PostgreSQL ``--database``, and each process's connections, actions and CPU are reported
``--redis URL``           passed to ``spades serve``
``--server uvicorn|granian``  ``spades serve --server``: the ASGI server under the room's application (default
                          uvicorn), to compare what each costs an action
``--engine-seconds S``    each of the two engine measurements (default 3)
``--profile PATH``        py-spy samples each server process during the first step; the collapsed stacks go to
                          PATH (PATH.K for process K when there are several), and the samples are broken down by
                          what the server was doing (see :mod:`spades.benchmarks._room_profile`)
"""

from __future__ import annotations

import json
import math
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from ..language import N_, _
from . import _room_profile, _room_report
from ._room_server import Servers, histogram_delta, histogram_max, histogram_merge, histogram_percentile

NAME = "room"
HELP = N_("actions a second and action-to-every-seat latency of a real `spades serve` under N tables of four people")
DEFAULT_SECONDS = 20.0
LIMIT = 0.100  # the p99 the ramp looks for, in seconds
# The ramp's shortest think times. Quicker than this, a table's four seats would each send more than the room's 20
# messages a second per connection, and the step would measure refusals (rate_limited), not the room.
THINK_FLOOR = 0.01
RAMP_STEPS = 8
ENGINE_SECONDS = 3.0
CONNECTIONS_PER_CLIENT_PROCESS = 400


def add_arguments(parser: Any) -> None:
    """The options of this target (``spades bench room --help``)."""
    group = parser.add_argument_group(_("room options"))
    group.add_argument("--tables", type=int, default=None, metavar="N", help=_("tables of four clients (default 10)"))
    group.add_argument("--think-min", type=float, default=None, metavar="S",
                       help=_("shortest think time of a client on its turn, seconds (default 0.5)"))
    group.add_argument("--think-max", type=float, default=None, metavar="S",
                       help=_("longest think time, seconds (default 2.0)"))
    group.add_argument("--database", default=None, metavar="URL",
                       help=_("the server's database (default: SQLite in a temporary directory)"))
    group.add_argument("--mode", choices=("steady", "ramp"), default=None,
                       help=_("steady: one measurement; ramp: halve the think times step by step until p99 > 100 ms"))
    group.add_argument("--seed", type=int, default=None, help=_("the clients' random choices (default 1)"))
    group.add_argument("--client-processes", type=int, default=None, metavar="K",
                       help=_("processes the clients are spread over (default: one per 400 connections)"))
    group.add_argument("--server-processes", type=int, default=None, metavar="N",
                       help=_("server processes behind the one address (default 1); more need --redis and a "
                              "PostgreSQL --database"))
    group.add_argument("--redis", default=None, metavar="URL", help=_("the Redis the server processes share"))
    group.add_argument("--server", choices=("uvicorn", "granian"), default=None,
                       help=_("the ASGI server spades serve runs the room on (default uvicorn)"))
    group.add_argument("--engine-seconds", type=float, default=None, metavar="S",
                       help=_("the engine's random hands are measured before and after the room, S seconds each "
                              "(default 3)"))
    group.add_argument("--profile", default=None, metavar="PATH",
                       help=_("sample the server with py-spy during the first step: collapsed stacks to PATH (PATH.K "
                              "for process K of several), and where the CPU went by category"))
    group.add_argument("--languages", default=None, metavar="LIST",
                       help=_("the seats' languages in turn, such as en,es,fr (seat 1 English, seat 2 Spanish...): "
                              "the room makes each connection's words in its own (default: every seat English)"))


def _engine(seconds: float, warm_up: bool) -> dict[str, float]:
    """The engine's random hands a second in this process, and how busy the rest of the machine was meanwhile
    (the yardstick is only good when that is near zero)."""
    import psutil

    from .engine import ours

    if warm_up:  # the first time: imports, tables, the allocator
        ours(0.2)
    me = psutil.Process()
    me.cpu_percent()
    psutil.cpu_percent()
    wall, cpu = time.perf_counter(), time.thread_time()
    rate = ours(seconds)
    wall, cpu = time.perf_counter() - wall, time.thread_time() - cpu
    mine = me.cpu_percent() / (os.cpu_count() or 1)
    # On a machine busier than its cores, the loop waits for a CPU and its hands a second fall while the server's CPU
    # seconds an action do not: its hands a CPU second are the yardstick that does not wait.
    return {"hands_per_second": rate, "hands_per_cpu_second": rate * wall / cpu if cpu > 0 else math.nan,
            "others_cpu_percent": max(0.0, psutil.cpu_percent() - mine)}


def _enough_files(connections: int) -> None:
    """The server holds a socket for each client: raise this process's soft limit of open files, which the server
    inherits, as far as the hard limit allows (a thousand tables need more than the usual 1024)."""
    try:
        import resource
    except ImportError:  # not a POSIX system: its own limits
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = connections + 256  # and the database, the logs, the listening sockets
    if soft == resource.RLIM_INFINITY or soft >= need:
        return
    resource.setrlimit(resource.RLIMIT_NOFILE, (need if hard == resource.RLIM_INFINITY else min(hard, need), hard))
    if hard != resource.RLIM_INFINITY and hard < need:
        from ..cli import CommandError

        raise CommandError(f"{connections} connections need about {need} open files in the server, and this system "
                           f"allows {hard} (ulimit -Hn); use fewer --tables or raise the limit")


def _percentile(ordered: list[float], share: float) -> float:
    if not ordered:
        return math.nan
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def _send(workers: list[subprocess.Popen[str]], order: dict[str, Any]) -> None:
    for worker in workers:
        assert worker.stdin is not None
        worker.stdin.write(json.dumps(order) + "\n")
        worker.stdin.flush()


def _read(worker: subprocess.Popen[str]) -> dict[str, Any]:
    assert worker.stdout is not None
    line = worker.stdout.readline()
    if not line:
        from ..cli import CommandError

        raise CommandError("a client process stopped; see its error above")
    reply: dict[str, Any] = json.loads(line)
    return reply


def _server_figures(before: dict[int, dict[str, Any]], after: dict[int, dict[str, Any]], took: float,
                    ) -> dict[str, Any]:
    """The servers' side of one step, from their metrics before and after it."""
    each = []
    for k in sorted(after):
        cpu = after[k]["cpu_seconds"] - before[k]["cpu_seconds"]
        actions = after[k]["actions"] - before[k]["actions"]
        each.append({"process": k, "pid": after[k]["pid"], "connections": after[k]["connections"],
                     "tables": after[k]["tables"], "actions": actions, "cpu_seconds": cpu,
                     "cpu_percent": cpu / took * 100,
                     "cpu_ms_per_action": cpu / actions * 1000 if actions else math.nan})
    latency = histogram_merge([histogram_delta(before[k]["latency"], after[k]["latency"]) for k in sorted(after)])
    actions = sum(p["actions"] for p in each)
    cpu = sum(p["cpu_seconds"] for p in each)
    return {
        "server_actions": actions, "server_cpu_seconds": cpu, "server_cpu_percent": cpu / took * 100,
        "server_cpu_ms_per_action": cpu / actions * 1000 if actions else math.nan,
        "server_p50_ms": histogram_percentile(latency, 0.50), "server_p99_ms": histogram_percentile(latency, 0.99),
        "server_max_ms": histogram_max(latency),
        "server_mean_ms": latency["sum_ms"] / actions if actions else math.nan,
        "server_processes": each,
    }


def _step(servers: Servers, workers: list[subprocess.Popen[str]], think: tuple[float, float], seconds: float,
          settle: float, profile: Path | None, log: Path) -> dict[str, Any]:
    """One measurement at these think times: the clients' figures merged, with the servers' meanwhile."""
    import psutil

    _send(workers, {"think_min": think[0], "think_max": think[1], "seconds": seconds, "settle": settle})
    time.sleep(settle)
    spies = _room_profile.Profile(profile, servers.pids, log) if profile is not None else None
    failed = len(servers.errors)
    metrics0, threads0 = servers.metrics(), servers.threads()
    psutil.cpu_percent()
    load0 = os.getloadavg()[0]
    start = time.monotonic()
    replies = [_read(worker) for worker in workers]
    took = time.monotonic() - start
    metrics1, threads1 = servers.metrics(), servers.threads()
    machine_busy = psutil.cpu_percent()
    unmatched: Counter[str] = Counter()
    samples = spies.stop(unmatched) if spies is not None else None
    latencies = sorted(x for r in replies for x in r["latencies"])
    busiest = sorted(((threads1[t] - threads0.get(t, 0.0)) / took * 100 for t in threads1), reverse=True)
    actions = sum(r["actions"] for r in replies)
    clients = [r["cpu"] * 100 for r in replies]
    step = {
        "think_min": think[0], "think_max": think[1], "seconds": took,
        "actions": actions, "actions_per_second": actions / took,
        "p50_ms": _percentile(latencies, 0.50) * 1000, "p99_ms": _percentile(latencies, 0.99) * 1000,
        "max_ms": (latencies[-1] if latencies else math.nan) * 1000,
        **_server_figures(metrics0, metrics1, took),
        "server_busiest_threads_percent": [round(x, 1) for x in busiest[:3]],
        "server_threads": len(threads1),
        "client_cpu_percent": [round(x, 1) for x in clients], "client_cpu_percent_total": round(sum(clients), 1),
        "client_loop_lag_max_ms": max(r["lag_max"] for r in replies) * 1000,
        "machine_cpu_percent": machine_busy, "load_before": load0, "load_after": os.getloadavg()[0],
        "errors": sum(r["error_count"] for r in replies) + len(servers.errors) - failed,
        "error_samples": [*servers.errors[failed:], *(e for r in replies for e in r["errors"])][:5],
    }
    if samples is not None:
        step["profile_samples"] = {str(k): dict(counts) for k, counts in samples.items()}
        step["profile_other_frames"] = unmatched.most_common(5)
        assert spies is not None
        step["profile_errors"] = {str(k): error for k, error in spies.errors.items()}
    return step


def _languages(text: str | None) -> list[str]:
    """The seats' languages of --languages (``en,es,fr``: seat 0 English, seat 1 Spanish...); none given, the
    clients ask for none and the room speaks English."""
    from ..cli import CommandError
    from ..language import LANGUAGES

    chosen = [part.strip() for part in (text or "").split(",") if part.strip()]
    for language in chosen:
        if language not in LANGUAGES:
            raise CommandError(_("--languages: {language} is not one of {languages}", language=repr(language),
                                 languages=", ".join(LANGUAGES)))
    return chosen


def _check(tables: int, think_min: float, think_max: float, database: str | None, client_processes: int | None,
           server_processes: int, redis: str | None, engine_seconds: float, profile: str | None,
           server: str = "uvicorn") -> None:
    from ..cli import CommandError

    if tables < 1:
        raise CommandError(f"--tables must be at least 1, not {tables}")
    if not 0 <= think_min <= think_max:
        raise CommandError(f"the think times need 0 <= --think-min <= --think-max, not {think_min} and {think_max}")
    if client_processes is not None and client_processes < 1:
        raise CommandError(f"--client-processes must be at least 1, not {client_processes}")
    if server_processes < 1:
        raise CommandError(f"--server-processes must be at least 1, not {server_processes}")
    if engine_seconds <= 0:
        raise CommandError(f"--engine-seconds must be positive, not {engine_seconds}")
    if server_processes > 1:
        if not redis:
            raise CommandError(f"--server-processes {server_processes} needs --redis URL: the server processes "
                               "carry their tables' updates to each other through Redis")
        if database is None or not database.startswith(("postgresql:", "postgresql+", "postgres:")):
            raise CommandError(f"--server-processes {server_processes} needs a PostgreSQL --database "
                               "(postgresql://...): several processes share one database, which SQLite cannot "
                               "serve well")
    if profile is not None:
        _room_profile.py_spy()
    if server == "granian":
        from ..commands.serve_granian import available

        available()


def run(seconds: float, tables: int = 10, think_min: float = 0.5, think_max: float = 2.0,
        database: str | None = None, mode: str = "steady", seed: int = 1, client_processes: int | None = None,
        server_processes: int = 1, redis: str | None = None, engine_seconds: float = ENGINE_SECONDS,
        profile: str | None = None, server: str = "uvicorn", languages: str | None = None, **_: Any
        ) -> dict[str, Any]:
    """Measure the engine, start the server and the clients, measure (one step, or the ramp's steps), stop
    everything and measure the engine again."""
    import psutil

    _check(tables, think_min, think_max, database, client_processes, server_processes, redis, engine_seconds,
           profile, server)
    _enough_files(tables * 4)
    processes = min(client_processes or max(1, math.ceil(tables * 4 / CONNECTIONS_PER_CLIENT_PROCESS)), tables)
    engine_before = _engine(engine_seconds, warm_up=True)
    with tempfile.TemporaryDirectory(prefix="spades-bench-room-") as tmp:
        url = database or f"sqlite:///{Path(tmp) / 'room.sqlite3'}"
        began = time.monotonic()
        servers = Servers(url, Path(tmp) / "serve.log", server_processes, redis, server)
        started = time.monotonic() - began
        workers: list[subprocess.Popen[str]] = []
        try:
            for k in range(processes):
                worker = subprocess.Popen([sys.executable, "-m", "spades.benchmarks._room_clients"],
                                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
                workers.append(worker)
                _send([worker], {"url": f"ws://127.0.0.1:{servers.port}/ws", "seed": seed * 1000 + k,
                                 "tables": list(range(k, tables, processes)),
                                 "think_min": think_min, "think_max": think_max,
                                 "languages": _languages(languages)})
            ready = [_read(worker) for worker in workers]  # every table of each process is playing
            opened = time.monotonic() - began - started
            steps = []
            think = (think_min, think_max)
            settle = min(think_max, 2.0) + 0.5
            for number in range(1 if mode == "steady" else RAMP_STEPS):
                path = Path(profile) if profile is not None and number == 0 else None
                steps.append(_step(servers, workers, think, seconds, settle, path, Path(tmp) / "py-spy"))
                if mode == "steady" or steps[-1]["p99_ms"] > LIMIT * 1000 or think[1] <= THINK_FLOOR:
                    break
                settle = min(think[1], 2.0) + 0.5
                think = (max(think[0] / 2, THINK_FLOOR / 2), max(think[1] / 2, THINK_FLOOR))
            _send(workers, {"stop": True})
            for worker in workers:
                worker.wait(30)
        finally:
            for worker in workers:
                if worker.poll() is None:
                    worker.kill()
                    worker.wait()
            servers.stop()
    engine_after = _engine(engine_seconds, warm_up=False)
    engine = (engine_before["hands_per_second"] + engine_after["hands_per_second"]) / 2
    engine_cpu = (engine_before["hands_per_cpu_second"] + engine_after["hands_per_cpu_second"]) / 2
    for step in steps:
        step["engine_hands_per_action"] = step["server_cpu_ms_per_action"] / 1000 * engine
        step["engine_cpu_hands_per_action"] = step["server_cpu_ms_per_action"] / 1000 * engine_cpu
        step["engine_share"] = step["actions_per_second"] / engine
    by_process: dict[str, int] = {}
    for reply in ready:
        for k, n in reply["processes"].items():
            by_process[k] = by_process.get(k, 0) + n
    crossed = next((i for i, s in enumerate(steps) if s["p99_ms"] > LIMIT * 1000), None)
    server_crossed = next((i for i, s in enumerate(steps) if s["server_p99_ms"] > LIMIT * 1000), None)
    result = {
        "benchmark": NAME, "mode": mode, "tables": tables, "connections": tables * 4,
        "database": "sqlite (temporary file)" if database is None else database.split("://")[0],
        "client_processes": processes, "server_processes": server_processes, "server": server,
        "languages": _languages(languages) or ["en"],
        "engine": {"seconds": engine_seconds, "before": engine_before["hands_per_second"],
                   "after": engine_after["hands_per_second"], "hands_per_second": engine,
                   "hands_per_cpu_second": engine_cpu, "cpu_before": engine_before["hands_per_cpu_second"],
                   "cpu_after": engine_after["hands_per_cpu_second"],
                   "others_cpu_percent_before": engine_before["others_cpu_percent"],
                   "others_cpu_percent_after": engine_after["others_cpu_percent"]},
        "server_start_seconds": started, "open_seconds": opened, "setup_seconds": started + opened,
        "tables_per_second": tables / opened if opened > 0 else math.nan,
        "client_open_seconds": [round(r["open_seconds"], 2) for r in ready],
        "connections_by_process": dict(sorted(by_process.items())),
        "steps": steps, "crossed_step": crossed, "server_crossed_step": server_crossed,
        "server_peak_rss_mb": servers.peak_rss / 2**20,
        "server_peak_rss_mb_each": {str(k): v / 2**20 for k, v in servers.peak_rss_each.items()},
        "machine": {"nproc": os.cpu_count(), "python": platform.python_version(), "arch": platform.machine(),
                    "memory_gb": round(psutil.virtual_memory().total / 2**30, 1)},
    }
    if profile is not None:
        result["profile"] = _room_report.profile_figures(steps[0], profile)
    return result


def report(result: dict[str, Any]) -> str:
    return _room_report.report(result, LIMIT)
