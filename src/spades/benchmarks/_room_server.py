"""The server side of ``spades bench room``: ``spades serve`` started on a free port with its metrics, and the
figures read from them.

Each server process answers ``GET /metrics`` with counts kept since it started: its CPU seconds, connections,
tables, people's actions, and a histogram of those actions' server-side latency (from reading the action's frame to
writing the last of its updates). A step's figures are the differences between two readings, merged over every
process: bucket counts add, so the merged histogram is exact, and a percentile is interpolated within its bucket
(the buckets are about 5 % apart, so it is that close).
"""

from __future__ import annotations

import math
import re
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import orjson

METRICS_LINE = re.compile(r"Metrics of process (\d+) of (\d+) at (\S+)")
METRICS_TIMEOUT = 10.0  # seconds to wait for one reading of a process's metrics
METRICS_TRIES = 12  # readings tried (each failure an error line) before a process that never answers ends the bench
_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback: never through a proxy


def _refuse(message: str) -> Exception:
    from ..cli import CommandError

    return CommandError(message)


class Servers:
    """``spades serve`` on a free port (``processes`` of them behind it), and a thread that samples their memory
    (RSS) to find the peak."""

    def __init__(self, database: str, log: Path, processes: int = 1, redis: str | None = None,
                 server: str = "uvicorn") -> None:
        import psutil

        # --quiet: a line for each of hundreds of sign-ins and seats is not part of what is measured
        command = [sys.executable, "-m", "spades", "serve", "--port", "0", "--database", database, "--pace", "0",
                   "--quiet", "--metrics-port", "0"]
        if processes > 1:
            command += ["--processes", str(processes)]
        if redis:
            command += ["--redis", redis]
        if server != "uvicorn":  # the default's command stays the one older rooms understand
            command += ["--server", server]
        self.log = log
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log.open("w"), text=True)
        self.metrics_urls: dict[int, str] = {}
        self.errors: list[str] = []  # readings of the metrics that failed (a stopped or too busy server), in words
        assert self.process.stdout is not None
        while True:
            line = self.process.stdout.readline()
            found = METRICS_LINE.search(line)
            if found:
                self.metrics_urls[int(found[1])] = found[3]
                continue
            if "open at" in line:
                break
            self.stop()
            raise _refuse(f"spades serve did not start: {line.strip()!r} {log.read_text()[-2000:]}")
        self.port = int(line.strip().rsplit(":", 1)[1])
        if not self.metrics_urls:
            self.stop()
            raise _refuse("spades serve printed no metrics address: it needs --metrics-port (the room's code is "
                          "older than this bench)")
        self.pids = {k: m["pid"] for k, m in self.metrics().items()}
        self.ps = {k: psutil.Process(pid) for k, pid in self.pids.items()}
        self.peak_rss = 0
        self.peak_rss_each = dict.fromkeys(self.pids, 0)
        self._stop = threading.Event()
        self._sampler = threading.Thread(target=self._sample, daemon=True)
        self._sampler.start()

    def metrics(self) -> dict[int, dict[str, Any]]:
        """Every server process's metrics now, by its number. A process that does not answer in time (stopped, or
        too busy) is asked again, each failure kept in ``errors``; after ``METRICS_TRIES`` the bench ends, saying
        so."""
        found = {}
        for k, url in self.metrics_urls.items():
            for attempt in range(1, METRICS_TRIES + 1):
                began = time.monotonic()
                try:
                    with _DIRECT.open(url, timeout=METRICS_TIMEOUT) as response:
                        found[k] = orjson.loads(response.read())
                    break
                except (OSError, ValueError) as error:
                    self.errors.append(f"server process {k}'s metrics (try {attempt} of {METRICS_TRIES}): {error}")
                    if attempt == METRICS_TRIES or self.process.poll() is not None:
                        raise _refuse(f"server process {k} did not answer at {url} ({error}, {attempt} tries); the "
                                      f"server's log ends: {self.log.read_text()[-2000:]}") from None
                    time.sleep(max(0.0, 1.0 - (time.monotonic() - began)))  # refused at once: not a busy loop
        return found

    def _sample(self) -> None:
        while not self._stop.is_set():
            total = 0
            try:
                for k, ps in self.ps.items():
                    rss = ps.memory_info().rss
                    self.peak_rss_each[k] = max(self.peak_rss_each[k], rss)
                    total += rss
            except Exception:
                return
            self.peak_rss = max(self.peak_rss, total)
            self._stop.wait(0.1)

    def threads(self) -> dict[tuple[int, int], float]:
        """Each thread's CPU seconds so far (user + system), by (process, thread id)."""
        return {(k, t.id): t.user_time + t.system_time for k, ps in self.ps.items() for t in ps.threads()}

    def stop(self) -> None:
        if hasattr(self, "_stop"):
            self._stop.set()
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


# -- the latency histograms ----------------------------------------------------------------------------------------
def histogram_delta(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """The actions of one histogram between two readings of it."""
    return {"bounds_ms": list(after["bounds_ms"]),
            "counts": [a - b for a, b in zip(after["counts"], before["counts"], strict=True)],
            "sum_ms": after["sum_ms"] - before["sum_ms"]}


def histogram_merge(histograms: list[dict[str, Any]]) -> dict[str, Any]:
    """Several processes' histograms as one (they share their bounds)."""
    bounds = histograms[0]["bounds_ms"]
    if any(h["bounds_ms"] != bounds for h in histograms):
        raise ValueError("the server processes' latency histograms have different bounds")
    return {"bounds_ms": list(bounds), "counts": [sum(c) for c in zip(*(h["counts"] for h in histograms), strict=True)],
            "sum_ms": sum(h["sum_ms"] for h in histograms)}


def histogram_percentile(histogram: dict[str, Any], share: float) -> float:
    """The latency (ms) that ``share`` of the actions did not pass, interpolated within its bucket. In the last
    bucket (over the highest bound) there is no upper edge: its lower edge is the answer, a lower bound."""
    bounds, counts = histogram["bounds_ms"], histogram["counts"]
    total = sum(counts)
    if not total:
        return math.nan
    rank = share * total
    below = 0
    for i, count in enumerate(counts):
        if count and below + count >= rank:
            low = bounds[i - 1] if i else 0.0
            if i == len(bounds):
                return float(low)
            return float(low + (bounds[i] - low) * max(0.0, rank - below) / count)
        below += count
    return float(bounds[-1])


def histogram_max(histogram: dict[str, Any]) -> float:
    """The upper edge of the highest bucket any action fell in (ms): no action took longer. Infinite when some
    took longer than the highest bound."""
    bounds, counts = histogram["bounds_ms"], histogram["counts"]
    for i in range(len(counts) - 1, -1, -1):
        if counts[i]:
            return math.inf if i == len(bounds) else float(bounds[i])
    return math.nan
