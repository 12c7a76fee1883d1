"""``spades bench lobby-flood``: what a flood of lobby requests from clients that never sign in, and a crowd
reading a player's page, do to a person playing at the same room, against the same person in the quiet room.

The bench starts ``spades serve`` (SQLite in a temporary directory, ``--metrics-port 0``), fills the room with
``--flood-tables`` tables waiting for players (three computers and an open seat each, five to an owner, the owners
coming from many loopback addresses as the room's guest quota is per address), and seats a person at a table of
three random computers at pace 0, who plays each turn the moment it comes and pings the room every 50 ms. It
measures that person for ``--seconds`` in the quiet room, then again while ``--flooders`` connections that never
sign in each ask for the lobby ``--flood-rate`` times a second without waiting for the answers, and
``--page-readers`` HTTP clients each read ``/api/players/NAME`` of a player with ``--page-games`` finished games
(rated, with the computer at the table: the room is given them before it opens) as fast as they are answered. Every
flooder and every reader comes from a loopback address of its own, as strangers do, so that no per-address limit
is what holds them. Its figures: the person's ping round trips (p50, p90, p99) and actions a second, quiet and
flooded; the flood's answers (lists, refusals) and the pages read; the lobby's size (one page, and all pages); the
server's CPU share.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import tempfile
import time
from pathlib import Path
from typing import Any

from ..language import N_, _
from ._room_server import Servers

NAME = "lobby-flood"
HELP = N_("a playing person's pings and actions while clients that never sign in flood the lobby, against a quiet room")
DEFAULT_SECONDS = 10.0
OWNED = 5  # tables one guest may own
GUESTS_PER_ADDRESS = 10  # fewer than the room's quota of guests an address may make
WAIT = 120.0  # seconds any one answer may take on a busy machine before the bench gives up


def add_arguments(parser: Any) -> None:
    group = parser.add_argument_group(_("lobby-flood options"))
    group.add_argument("--flood-tables", type=int, default=None, metavar="N",
                       help=_("tables waiting in the room (default 300)"))
    group.add_argument("--flooders", type=int, default=None, metavar="K",
                       help=_("connections asking for the lobby without signing in (default 3)"))
    group.add_argument("--flood-rate", type=float, default=None, metavar="R",
                       help=_("lobby requests a second from each of them (default 15)"))
    group.add_argument("--page-readers", type=int, default=None, metavar="N",
                       help=_("HTTP clients reading a player's page as fast as it is answered (default 0)"))
    group.add_argument("--page-games", type=int, default=None, metavar="G",
                       help=_("finished rated games of the player whose page they read (default 154)"))


def _percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _address(n: int) -> str:
    return f"127.77.{n // GUESTS_PER_ADDRESS // 250}.{n // GUESTS_PER_ADDRESS % 250 + 1}"


async def _fill(url: str, tables: int) -> list[Any]:
    from ..room.client import RoomClient

    owners = []
    for n in range((tables + OWNED - 1) // OWNED):
        owner = await RoomClient(url).connect(timeout=WAIT, source=_address(n))
        await owner.request({"type": "guest"}, timeout=WAIT)
        owners.append(owner)
        for _table in range(min(OWNED, tables - n * OWNED)):
            reply = await owner.request({"type": "create", "rules": {"variant": "standard", "options": {}},
                                         "levels": {"1": "easy", "2": "easy", "3": "easy"}}, timeout=WAIT)
            if reply.get("type") != "table":
                raise RuntimeError(f"a table could not be created: {reply}")
    return owners


class _Person:
    """A person playing at a table of random computers: acts on each turn at once, pings every 50 ms."""

    def __init__(self, client: Any, table: int) -> None:
        self.client = client
        self.table = table
        self.acted = 0
        self.pings: list[float] = []
        self.lost = 0  # pings unanswered within WAIT

    async def play(self, stop: asyncio.Event) -> None:
        client, table = self.client, self.table
        while not stop.is_set():
            view = client.views.get(table)
            since = len(client.frames)
            if view is not None and view["turn"] == 0 and view["legal"] and view["phase"] != "over":
                try:
                    reply = await client.request({"type": "act", "table": table, "action": view["legal"][0],
                                                  "cursor": client.cursors.get(table, 0)}, timeout=WAIT)
                except TimeoutError:
                    continue
                if reply.get("type") == "update":
                    self.acted += 1
                continue
            with contextlib.suppress(TimeoutError):
                await client.wait_for(lambda f: f.get("type") == "update", 0.5, since=since)

    async def ping(self, stop: asyncio.Event) -> None:
        loop = asyncio.get_running_loop()
        while not stop.is_set():
            began = loop.time()
            try:
                await self.client.request({"type": "ping"}, timeout=WAIT)
            except TimeoutError:
                self.lost += 1
                continue
            self.pings.append(loop.time() - began)
            await asyncio.sleep(0.05)


def _stranger(n: int) -> str:
    """The loopback address of the n-th flooder or reader: each its own."""
    return f"127.79.{n // 250}.{n % 250 + 1}"


async def _flooder(url: str, rate: float, stop: asyncio.Event, answers: dict[str, int], n: int) -> None:
    from ..room.client import RoomClient

    client = await RoomClient(url).connect(timeout=WAIT, source=_stranger(n))
    while not stop.is_set() and not client.closed:
        await client.send({"type": "lobby"})
        await asyncio.sleep(1 / rate)
    if client.closed:
        answers["closed by the room"] = answers.get("closed by the room", 0) + 1
    await asyncio.sleep(1.0)
    for frame in client.frames:
        kind = frame.get("type") if frame.get("type") != "error" else f"refused ({frame.get('code')})"
        answers[str(kind)] = answers.get(str(kind), 0) + 1
    await client.close()


async def _reader(port: int, path: str, stop: asyncio.Event, answers: dict[str, int], n: int) -> None:
    """GET ``path`` again and again, each answer read whole before the next (HTTP/1.1, one connection each)."""
    while not stop.is_set():
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection("127.0.0.1", port, local_addr=(_stranger(1000 + n), 0)), WAIT)
            writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
            await writer.drain()
            body = await asyncio.wait_for(reader.read(), WAIT)
            writer.close()
            status = body.split(b" ", 2)[1].decode() if body.startswith(b"HTTP/") else "no answer"
        except (OSError, TimeoutError):
            status = "failed"
        key = f"page {status}"
        answers[key] = answers.get(key, 0) + 1
        if status == "429":
            await asyncio.sleep(0.1)  # told to wait: a client that does not comes back at once all the same


async def _measure(person: _Person, seconds: float, flood: tuple[str, int, float, int, str] | None,
                   servers: Servers) -> dict[str, Any]:
    stop = asyncio.Event()
    person.acted, person.pings, person.lost = 0, [], 0
    answers: dict[str, int] = {}
    before = servers.metrics()
    cpu_before = sum(m["cpu_seconds"] for m in before.values())
    began = time.monotonic()
    tasks = [asyncio.create_task(person.play(stop)), asyncio.create_task(person.ping(stop))]
    if flood is not None:
        url, flooders, rate, readers, path = flood
        tasks += [asyncio.create_task(_flooder(url, rate, stop, answers, n)) for n in range(flooders)]
        tasks += [asyncio.create_task(_reader(servers.port, path, stop, answers, n)) for n in range(readers)]
    await asyncio.sleep(seconds)
    stop.set()
    elapsed = time.monotonic() - began
    acted, pings, lost = person.acted, list(person.pings), person.lost
    await asyncio.gather(*tasks)
    after = servers.metrics()
    cpu = sum(m["cpu_seconds"] for m in after.values()) - cpu_before
    made = {key: sum(m.get(key, 0) for m in after.values()) - sum(m.get(key, 0) for m in before.values())
            for key in ("lobby_lists", "lobby_builds")}  # (a room older than these counts says 0)
    return {**made, "seconds": elapsed, "actions_per_second": acted / elapsed, "pings": len(pings), "lost": lost,
            "ping_ms": {f"p{int(q * 100)}": 1000 * _percentile(pings, q) for q in (0.5, 0.9, 0.99)},
            "server_cpu_share": cpu / (time.monotonic() - began), "flood_answers": answers}


async def _bench(url: str, servers: Servers, seconds: float, tables: int, flooders: int, rate: float,
                 readers: int, read_name: str) -> dict[str, Any]:
    from ..room.client import RoomClient

    owners = await _fill(url, tables)
    person = await RoomClient(url).connect(timeout=WAIT, source="127.78.0.1")
    await person.request({"type": "guest"}, timeout=WAIT)
    table = (await person.request({"type": "create", "rules": {"variant": "standard", "options": {"hands": 50}},
                                   "levels": {"1": "random", "2": "random", "3": "random"}, "pace": 0},
                                  timeout=WAIT))["table"]
    await person.request({"type": "join", "table": table, "seat": 0}, timeout=WAIT)
    await person.request({"type": "start", "table": table}, timeout=WAIT)
    page = await person.request({"type": "lobby"}, timeout=WAIT)
    sizes = [len(json.dumps(page))]
    for n in range(1, int(page.get("pages", 1))):
        sizes.append(len(json.dumps(await person.request({"type": "lobby", "page": n}, timeout=WAIT))))
    runner = _Person(person, table)
    quiet = await _measure(runner, seconds, None, servers)
    path = f"/api/players/{read_name.replace(' ', '%20')}"
    flooded = await _measure(runner, seconds, (url, flooders, rate, readers, path), servers)
    for client in [*owners, person]:
        await client.close()
    return {"tables": tables, "flooders": flooders, "flood_rate": rate, "page_readers": readers,
            "lobby_page_bytes": sizes[0], "lobby_bytes_all_pages": sum(sizes), "lobby_pages": len(sizes),
            "quiet": quiet, "flood": flooded}


READ_NAME = "Much Played"  # the player whose page the readers read


def seed_player(database: str, games: int, name: str = READ_NAME) -> None:
    """A registered player ``name`` with ``games`` finished games, each rated and with the computer at the table,
    as the room would have stored them: their record, their rating's change and their record against the
    computer."""
    from datetime import UTC, datetime

    from ..room.store import Store
    from ..room.store.ratings import RatingChangeRow, RatingRow
    from ..rules import Rules

    kept = True
    try:  # a room from before the record against the computer was kept (compared with this bench) has no rows
        from ..room.rating.meetings import meetings
        from ..room.store.computers import add_meetings
    except ImportError:
        kept = False

    store = Store(database)
    try:
        player = store.create_player(name, "a long password")
        rules = Rules.preset("standard")
        mu, sigma = 25.0, 25 / 3
        for n in range(games):
            table = store.create_table(player, {"variant": "standard", "options": {}}, str(n), 4,
                                       {1: "normal", 2: "easy", 3: "hard"})
            store.set_seat(table.id, 0, player)
            meta = {"players": {"0": name}, "computers": {"1": "normal", "2": "easy", "3": "hard"}}
            winner = n % 2
            store.finish(table.id, {"rules": rules.to_dict(), "meta": meta, "result": {"winner": winner}})
            before = (mu, sigma)
            mu, sigma = mu + (0.4 if winner == 0 else -0.4), max(1.0, sigma * 0.98)
            with store.transaction() as session:
                session.add(RatingChangeRow(table_id=table.id, player_id=player.id, rating_group="partnership",
                                            mu_before=before[0], sigma_before=before[1], mu=mu, sigma=sigma,
                                            finished=datetime.now(UTC)))
                session.merge(RatingRow(player_id=player.id, rating_group="partnership", mu=mu, sigma=sigma,
                                        games=n + 1))
                if kept:
                    add_meetings(session, meetings(rules, meta["players"], meta["computers"], winner))
    finally:
        store.close()


def run(seconds: float, flood_tables: int = 300, flooders: int = 3, flood_rate: float = 15.0,
        page_readers: int = 0, page_games: int = 154) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        database = f"sqlite:///{Path(tmp) / 'room.sqlite3'}"
        if page_readers:
            seed_player(database, page_games)
        servers = Servers(database, Path(tmp) / "serve.log")
        try:
            url = f"ws://127.0.0.1:{servers.port}/ws"
            return asyncio.run(_bench(url, servers, seconds, flood_tables, flooders, flood_rate, page_readers,
                                      READ_NAME))
        finally:
            servers.stop()


def report(result: dict[str, Any]) -> str:
    lines = [f"{result['tables']} tables waiting; the lobby's first page {result['lobby_page_bytes']:,} bytes, "
             f"{result['lobby_pages']} pages, {result['lobby_bytes_all_pages']:,} bytes in all",
             f"flood: {result['flooders']} connections never signed in, {result['flood_rate']:g} lobby requests a "
             f"second each; {result.get('page_readers', 0)} readers of a player's page"]
    for name in ("quiet", "flood"):
        part = result[name]
        ping = part["ping_ms"]
        lines.append(f"{name:>5}: the playing person's ping p50 {ping['p50']:.1f} ms, p90 {ping['p90']:.1f} ms, p99 "
                     f"{ping['p99']:.1f} ms ({part['pings']} pings, {part['lost']} unanswered); "
                     f"{part['actions_per_second']:.1f} actions a second; server CPU "
                     f"{100 * part['server_cpu_share']:.0f}% of a core")
    flood = result["flood"]
    lines.append(f"lobby lists sent during the flood {flood['lobby_lists']}, copies made from the store "
                 f"{flood['lobby_builds']}")
    answers = flood["flood_answers"]
    lines.append("the flood's answers: " + (", ".join(f"{kind} {count}" for kind, count in sorted(answers.items()))
                                            or "none"))
    quiet = result["quiet"]
    if quiet["actions_per_second"] and flood["ping_ms"]["p50"]:
        rate = flood["actions_per_second"] / quiet["actions_per_second"]
        lines.append(f"flooded against quiet: actions a second x{rate:.2f}, "
                     f"ping p50 x{flood['ping_ms']['p50'] / quiet['ping_ms']['p50']:.2f}, "
                     f"p90 x{flood['ping_ms']['p90'] / quiet['ping_ms']['p90']:.2f}")
    return "\n".join(lines)
