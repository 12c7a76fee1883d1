"""What a running room measures of itself: how long each person's action takes inside the server, and the
process's CPU, so that ``spades bench room`` (and an operator) can tell the server's own time from what the
network and the clients add.

An action's time runs from the room taking its frame from the websocket to the last of that action's update
frames, to every connection of this process at the table, being written to its transport. It is counted in a
histogram of fixed geometric buckets (each 5 % wider than the one before, from 0.05 ms to about a minute), kept
from the process's start and never reset: a reader takes two readings and subtracts, as with a Prometheus
histogram, so several readers never disturb one another. Recording costs a clock reading and a bisection.

``spades serve --metrics-port P`` serves the reading at ``/metrics`` on a listener of its own, on 127.0.0.1
only: the room's public address never answers it."""

from __future__ import annotations

import bisect
import os
import time
from typing import Any

__all__ = ["BOUNDS_MS", "Metrics", "Timing"]

BOUNDS_MS: tuple[float, ...] = tuple(round(0.05 * 1.05 ** i, 6) for i in range(300))  # 0.05 ms to 110 s


class Metrics:
    """One process's counts: people's actions timed, by latency bucket."""

    def __init__(self, process: int = 1, processes: int = 1) -> None:
        self.process = process
        self.processes = processes
        self.counts = [0] * (len(BOUNDS_MS) + 1)
        self.sum_ms = 0.0
        self.lobby_lists = 0  # lobby pages sent (over the websocket and HTTP)
        self.lobby_builds = 0  # copies of the lobby made from the store for them
        self.signing_in = 0  # sign-ins being worked on now, and the most there have been at once
        self.signing_in_peak = 0
        self.sign_ins = 0

    def record(self, seconds: float) -> None:
        ms = seconds * 1000
        self.counts[bisect.bisect_left(BOUNDS_MS, ms)] += 1
        self.sum_ms += ms

    def timing(self, started: float) -> Timing:
        """The timing of one action whose frame was taken at ``started`` (``time.perf_counter``)."""
        return Timing(self, started)

    def reading(self, connections: int, tables: int) -> dict[str, Any]:
        """The counts so far, with the process's CPU seconds (user and system) and what it holds."""
        cpu = os.times()
        return {"process": self.process, "processes": self.processes, "pid": os.getpid(),
                "cpu_seconds": cpu.user + cpu.system, "connections": connections, "tables": tables,
                "actions": sum(self.counts), "lobby_lists": self.lobby_lists, "lobby_builds": self.lobby_builds,
                "sign_ins": self.sign_ins, "signing_in_peak": self.signing_in_peak,
                "latency": {"bounds_ms": list(BOUNDS_MS), "counts": list(self.counts), "sum_ms": self.sum_ms}}


class Timing:
    """One action on its way out: the frames queued for it and not yet written. The last one written records
    the action's time; an action that queued no frame is recorded when ``queued`` is called."""

    __slots__ = ("metrics", "pending", "started")

    def __init__(self, metrics: Metrics, started: float) -> None:
        self.metrics = metrics
        self.started = started
        self.pending = 0

    def add(self) -> None:
        self.pending += 1

    def sent(self) -> None:
        self.pending -= 1
        if self.pending == 0:
            self.metrics.record(time.perf_counter() - self.started)

    def queued(self) -> None:
        """Every frame of the action is queued (none may have been)."""
        if self.pending == 0:
            self.metrics.record(time.perf_counter() - self.started)
