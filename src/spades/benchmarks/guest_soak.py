"""``spades bench guest-soak``: whether a room gives its memory back after crowds of guests come and go.

The bench starts ``spades serve`` (SQLite in a temporary directory, ``--metrics-port 0``) and runs ``--cycles``
cycles. In each, ``--guests`` guests connect (from many loopback addresses, as the room's guest quota is per
address), each asks for the lobby and says a line in its chat, creates a table with three computers, sits at it,
says a line there, and half of them play a game of one hand to its end; then every guest leaves. After each
cycle, once the room has settled, it reads the server's RSS and what the room says it holds (``/metrics``: tables,
connections, the chat's and the queue's registries). A room that gives back what a cycle took stays flat from
the second cycle on (the first one warms the allocator, the caches and the database's pages).
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path
from typing import Any

from ..language import N_, _
from ._room_server import Servers

NAME = "guest-soak"
HELP = N_("the server's RSS and in-memory registries over repeated cycles of guests opening tables and leaving")
DEFAULT_SECONDS = 2.0  # the settling wait after each cycle
GUESTS_PER_ADDRESS = 10
AT_ONCE = 50  # guests acting at the same time within a cycle
WAIT = 120.0  # seconds any one answer may take on a busy machine before the bench gives up


def add_arguments(parser: Any) -> None:
    group = parser.add_argument_group(_("guest-soak options"))
    group.add_argument("--cycles", type=int, default=None, metavar="N", help=_("cycles of guests (default 12)"))
    group.add_argument("--guests", type=int, default=None, metavar="G", help=_("guests in each cycle (default 300)"))


async def _guest(url: str, source: str, n: int) -> Any:
    from ..room.client import RoomClient

    client = await RoomClient(url).connect(timeout=WAIT, source=source)
    welcome = await client.request({"type": "guest"}, timeout=WAIT)
    if welcome.get("type") != "welcome":
        raise RuntimeError(f"a guest was refused: {welcome}")
    await client.request({"type": "lobby"}, timeout=WAIT)
    await client.request({"type": "chat", "table": None, "text": f"hello from guest {n}"}, timeout=WAIT)
    reply = await client.request({"type": "create", "rules": {"variant": "standard", "options": {"hands": 1}},
                                  "levels": {"1": "easy", "2": "easy", "3": "easy"}, "pace": 0}, timeout=WAIT)
    table = reply["table"]
    await client.request({"type": "join", "table": table, "seat": 0}, timeout=WAIT)
    await client.request({"type": "chat", "table": table, "text": "good luck"}, timeout=WAIT)
    if n % 2:  # a game of one hand, played to its end
        since = len(client.frames)
        await client.request({"type": "start", "table": table}, timeout=WAIT)
        while True:
            view = client.views.get(table)
            if view is not None and view["phase"] == "over":
                break
            if view is not None and view["turn"] == 0 and view["legal"]:
                since = len(client.frames)
                await client.request({"type": "act", "table": table, "action": view["legal"][0],
                                      "cursor": client.cursors.get(table, 0)}, timeout=WAIT)
                continue
            await client.wait_for(lambda f: f.get("type") == "update", WAIT, since=since)
            since = len(client.frames)
    return client


async def _cycle(url: str, cycle: int, guests: int) -> int:
    """One cycle; how many guests failed (a connection the room closed, an answer that never came)."""
    done: list[Any] = []
    for start in range(0, guests, AT_ONCE):
        batch = range(start, min(guests, start + AT_ONCE))
        done += await asyncio.gather(*(_guest(url, f"127.{100 + cycle}.{n // GUESTS_PER_ADDRESS // 250}."
                                                    f"{n // GUESTS_PER_ADDRESS % 250 + 1}", n) for n in batch),
                                     return_exceptions=True)
    clients = [client for client in done if not isinstance(client, BaseException)]
    await asyncio.gather(*(client.close() for client in clients), return_exceptions=True)
    return len(done) - len(clients)


def run(seconds: float, cycles: int = 12, guests: int = 300) -> dict[str, Any]:
    if cycles > 150:
        from ..cli import CommandError

        raise CommandError("at most 150 cycles: each comes from loopback addresses of its own")
    with tempfile.TemporaryDirectory() as tmp:
        servers = Servers(f"sqlite:///{Path(tmp) / 'room.sqlite3'}", Path(tmp) / "serve.log")
        try:
            url = f"ws://127.0.0.1:{servers.port}/ws"
            ps = next(iter(servers.ps.values()))
            start = ps.memory_info().rss
            rows = []
            for cycle in range(cycles):
                began = time.monotonic()
                failed = asyncio.run(_cycle(url, cycle, guests))
                took = time.monotonic() - began
                time.sleep(seconds)
                reading = next(iter(servers.metrics().values()))
                rows.append({"cycle": cycle + 1, "seconds": took, "failed": failed, "rss": ps.memory_info().rss,
                             "tables": reading["tables"], "connections": reading["connections"],
                             "held": reading.get("held", {})})
            return {"guests": guests, "cycles": cycles, "rss_start": start, "rows": rows,
                    "peak_rss": servers.peak_rss}
        finally:
            servers.stop()


def report(result: dict[str, Any]) -> str:
    mb = 1 / 2**20
    lines = [f"{result['cycles']} cycles of {result['guests']} guests; RSS at the start {result['rss_start'] * mb:.0f}"
             f" MB, at the peak {result['peak_rss'] * mb:.0f} MB"]
    for row in result["rows"]:
        held = row["held"]
        extra = ", ".join(f"{k} {v}" for k, v in sorted(held.items()) if v) or "nothing else"
        failed = f" ({row['failed']} guests failed)" if row.get("failed") else ""
        lines.append(f"cycle {row['cycle']:>3}: {row['seconds']:.1f} s{failed}, RSS after {row['rss'] * mb:.0f} MB; "
                     f"tables held {row['tables']}, connections {row['connections']}; {extra}")
    rows = result["rows"]
    if len(rows) >= 2:
        lines.append(f"RSS from the end of cycle 1 to the end of cycle {len(rows)}: "
                     f"{(rows[-1]['rss'] - rows[0]['rss']) * mb:+.0f} MB")
    return "\n".join(lines)
