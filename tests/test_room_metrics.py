"""The room's own measurements (``spades serve --metrics-port``): each person's action is timed from its frame to
the last seat's update written, on a listener of its own that the room's public address does not answer."""

from __future__ import annotations

import asyncio
import json
import urllib.request
from pathlib import Path

from room_server import ServeProcess, open_table, start
from spades.room.table.metrics import BOUNDS_MS, Metrics


def test_a_timing_records_once_its_last_frame_is_written() -> None:
    metrics = Metrics(2, 3)
    timing = metrics.timing(0.0)
    timing.add()
    timing.add()
    timing.queued()
    timing.sent()
    assert sum(metrics.counts) == 0
    timing.sent()
    alone = metrics.timing(0.0)
    alone.queued()  # no connection was told: recorded at once
    reading = metrics.reading(connections=5, tables=1)
    assert reading["actions"] == 2 == sum(reading["latency"]["counts"])
    assert reading["process"] == 2 and reading["processes"] == 3 and reading["connections"] == 5
    assert len(reading["latency"]["counts"]) == len(BOUNDS_MS) + 1 and reading["cpu_seconds"] > 0


def test_the_metrics_listener_counts_each_persons_action(tmp_path: Path) -> None:
    server = ServeProcess(f"sqlite:///{tmp_path / 'room.sqlite3'}", tmp_path,
                          extra=("--metrics-port", "0")).start()

    def reading() -> dict[str, object]:
        (address,) = server.metrics
        with urllib.request.urlopen(address, timeout=10) as response:
            value: dict[str, object] = json.loads(response.read())
            return value

    async def main() -> int:
        table, clients = await open_table(server.url, "standard", [0], {1: "random", 2: "random", 3: "random"})
        owner = clients[0]
        await start(owner, table)
        acted = 0
        while acted < 3:
            view = owner.views[table]
            if view["turn"] == 0 and view["legal"]:
                cursor = owner.cursors[table]
                await owner.send({"type": "act", "table": table, "action": view["legal"][0], "cursor": cursor})
                await owner.wait_for(lambda f, at=cursor: f["type"] == "update" and f["cursor"] > at, 60)
                acted += 1
            else:
                await owner.wait_for(lambda f: f["type"] == "update", 60, since=len(owner.frames))
        await owner.close()
        return acted

    try:
        assert server.get("/metrics")[0] == 404  # the public address does not answer it
        before = reading()
        assert asyncio.run(main()) == 3
        after = reading()
        assert after["actions"] == 3 and before["actions"] == 0  # the computers' actions are not a person's
        assert after["tables"] == 1 and after["processes"] == 1
    finally:
        server.stop()
