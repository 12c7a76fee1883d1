"""A real ``spades serve`` process for the room's tests, and seats that play a whole game through RoomClient.

Clients choose their actions from their own view only: a random legal action drawn from a generator seeded by the
seat's seed and the number of public events so far, so that the same position always gets the same choice, in a
server that was killed and started again as much as in a local twin game."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from room_databases import database, postgres_unreachable
from spades.bots import bot_seed, make_bot
from spades.cards import CardSet
from spades.game import Game
from spades.record import record_of
from spades.room.client import RoomClient
from spades.room.protocol import RATE_BURST, RATE_PER_SECOND
from spades.room.web.limits import RateLimit
from spades.wire import action_from_json, action_text

T = TypeVar("T")
FAST = {"lose_at": -150}  # random bids lose points fast: every preset's game ends within a few hands
# SPADES_TEST_SERVER=granian: every ServeProcess runs spades serve --server granian, to hold that server to the room's
# tests (how it differs from uvicorn: spades.commands.serve_granian)
SERVER = os.environ.get("SPADES_TEST_SERVER", "")


class ServeProcess:
    """``spades serve --port 0`` on a database; ``url`` and ``http`` once it says it is open."""

    def __init__(self, database: str, tmp: Path, redis: str | None = None, name: str = "serve", port: int = 0,
                 extra: tuple[str, ...] = ()) -> None:
        self.database = database
        self.redis = redis
        self.extra = extra  # more options of spades serve
        self.log = tmp / f"{name}.log"
        self.process: subprocess.Popen[str] | None = None
        self.port = port
        self.metrics: list[str] = []  # each process's metrics address, with --metrics-port

    def start(self) -> ServeProcess:
        command = [sys.executable, "-m", "spades", "serve", "--port", str(self.port), "--database", self.database,
                   "--pace", "0", *self.extra]
        if self.redis:
            command += ["--redis", self.redis]
        if SERVER:
            command += ["--server", SERVER]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=self.log.open("a"), text=True,
                                        env=os.environ.copy())
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        while line.startswith("Metrics of process"):  # --metrics-port: each process's, before the room's address
            self.metrics.append(line.strip().rsplit(" ", 1)[1])
            line = self.process.stdout.readline()
        if "open at" not in line:
            self.process.kill()
            raise RuntimeError(f"spades serve did not start: {line!r}\n{self.log.read_text()}")
        self.port = int(line.strip().rsplit(":", 1)[1])
        return self

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def get(self, path: str) -> tuple[int, Any]:
        try:
            with urllib.request.urlopen(self.http + path, timeout=60) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


class Loop:
    """An event loop in a thread, for the room's websocket clients beside blocking code (a browser's pages, the
    terminal's reads); ``ceiling``: the seconds ``run`` waits for one coroutine."""

    def __init__(self, ceiling: float = 90.0) -> None:
        self.ceiling = ceiling
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(self.ceiling)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


def choose(seed: str, cursor: int, legal: list[str]) -> str:
    """A seat's choice: random, but the same for the same seat and position."""
    return random.Random(f"{seed}:{cursor}").choice(legal)


class Seat:
    """A person at the table through a RoomClient, playing random legal actions from its own view."""

    def __init__(self, client: RoomClient, table: int, seat: int, seed: str) -> None:
        self.client = client
        self.table = table
        self.seat = seat
        self.seed = seed
        self.seen = 0  # frames handled
        self.acted: list[tuple[tuple[int, int], str]] = []  # (the decision's place, action)
        self.rate = RateLimit(RATE_PER_SECOND * 0.75, RATE_BURST // 2)  # under the server's limit, like a person

    def decide(self, cursor: int, legal: list[str]) -> str:
        return choose(self.seed, cursor, legal)

    @staticmethod
    def place(cursor: int, view: dict[str, Any]) -> tuple[int, int]:
        """Where a decision stands: the public events and, within a Nil pass (whose cards before the last make
        no event), the cards set aside so far."""
        return cursor, len(view.get("passed") or [])

    def over(self) -> bool:
        view = self.client.views.get(self.table)
        return view is not None and view["phase"] == "over"

    async def play(self, until: int | None = None, timeout: float = 180.0) -> None:
        """Act whenever it is this seat's turn until the game is over (or the table has ``until`` events)."""
        deadline = time.monotonic() + timeout
        while True:
            client = self.client
            if self.over() or (until is not None and client.cursors.get(self.table, 0) >= until):
                return
            view = client.views.get(self.table)
            cursor = client.cursors.get(self.table, 0)
            if view is not None and view["turn"] == self.seat and view["legal"] and \
                    (not self.acted or self.acted[-1][0] != self.place(cursor, view)):
                action = self.decide(cursor, view["legal"])
                at_place = self.place(cursor, view)
                self.acted.append((at_place, action))
                while not self.rate.allow():
                    await asyncio.sleep(0.01)
                since = len(client.frames)
                await client.act(self.table, action, cursor)
                reply = await client.wait_for(
                    lambda f, at=at_place: f.get("type") == "error"
                    or (f.get("type") == "update" and f["table"] == self.table
                        and self.place(f["cursor"], f["view"]) > at),
                    60, since=since)
                if reply.get("type") == "error":
                    raise AssertionError(f"seat {self.seat}: {action} at {cursor} refused: {reply}")
                continue
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"seat {self.seat} waited too long at cursor {cursor}")
            count = len(client.frames)
            try:
                await client.wait_for(lambda f: True, min(left, 20), since=count)
            except TimeoutError:
                continue


async def sit(url: str, table: int, seat: int, name: str | None = None) -> RoomClient:
    client = await RoomClient(url).connect()
    await client.guest(name)
    reply = await client.join(table, seat)
    assert reply["type"] == "table", reply
    return client


async def open_table(url: str, variant: str, people: list[int], levels: dict[int, str] | None = None,
                     options: dict[str, Any] | None = None, **settings: Any) -> tuple[int, dict[int, RoomClient]]:
    """A table with a person at each of ``people`` (the first is its owner) and the computer at ``levels``."""
    owner = await RoomClient(url).connect()
    await owner.guest()
    reply = await owner.create(variant, FAST if options is None else options, levels, pace=0, **settings)
    assert reply["type"] == "table", reply
    table = reply["table"]
    clients = {people[0]: owner}
    assert (await owner.join(table, people[0]))["type"] == "table"
    for seat in people[1:]:
        clients[seat] = await sit(url, table, seat)
    return table, clients


async def start(owner: RoomClient, table: int) -> None:
    start_at = len(owner.frames)
    await owner.send({"type": "start", "table": table})
    await owner.wait_for(lambda f: f.get("type") == "update" and f["table"] == table, 60, since=start_at)


async def stored_record(server: ServeProcess, table: int, seconds: float = 60) -> Any:
    """The record of a finished game, once the room has stored its end (just after the last update is sent)."""
    status, record = 0, None
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        status, record = server.get(f"/api/tables/{table}/record")
        if status == 200:
            return record
        await asyncio.sleep(0.05)
    raise AssertionError(f"table {table}: no record after {seconds} s: {status} {record}")


def twin(record: dict[str, Any], people: dict[int, str], levels: dict[int, str]) -> Game:
    """The game played locally, uninterrupted, from the same rules and seed: people choose as ``choose`` does,
    the computer as the room's computer does."""
    game = Game(game_rules(record), seed=record["seed"])
    bots = {seat: make_bot(level, seed=bot_seed(game.seed, "player", seat)) for seat, level in levels.items()}
    while not game.over:
        seat = game.turn
        if seat in bots:
            action = bots[seat].act(game.view(seat))
        else:
            legal = [action_text(a) for a in game.view(seat).legal]
            action = action_from_json(choose(people[seat], len(game.events), legal))
        game.apply(action)
    return game


def game_rules(record: dict[str, Any]) -> Any:
    from spades.record import game_from_record

    return game_from_record(record).rules


def same_record(a: dict[str, Any], b: Game) -> bool:
    other = record_of(b, a.get("meta"))
    return bool(a["actions"] == other["actions"] and a["result"] == other["result"] and a["seed"] == other["seed"])


async def close_all(clients: Any) -> None:
    await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)


CARD = re.compile(r"^((10|[2-9JQKA])[SHDC]|[BL]J)$")


def cards_in(value: Any) -> set[str]:
    """Every card text anywhere in a frame."""
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


class Knowledge:
    """What the game let each seat know, step by step: at each number of public events the game passed through,
    the cards in each seat's hand (what every other seat, and a spectator, may not see then), and the public
    events themselves in their wire form. An action may make no public event (a card set aside for a Nil pass):
    the seats' cards at a number of events are then those of every state the game passed through there, and what a
    seat knows besides its hand (the cards it passed and received) is kept apart in ``known``."""

    def __init__(self, record: dict[str, Any]) -> None:
        from spades.record import game_from_record
        from spades.wire import event_to_json

        played = game_from_record(record)
        game = Game(played.rules, seed=record["seed"])
        self.hands: dict[int, list[set[str]]] = {}
        self.known: dict[int, list[set[str]]] = {}
        self.note(game)
        for action in played.actions:
            game.apply(action)
            self.note(game)
        self.events = [event_to_json(event) for event in game.events]

    def note(self, game: Game) -> None:
        at = len(game.events)
        hands = self.hands.setdefault(at, [set() for _ in game.hands])
        known = self.known.setdefault(at, [set() for _ in game.hands])
        for seat, hand in enumerate(game.hands):
            view = game.view(seat)
            hands[seat] |= {str(card) for card in CardSet(hand)}
            known[seat] |= hands[seat] | {str(card) for card in (*view.passed, *view.received)}


def leaks(frames: list[dict[str, Any]], seat: int | None, known: Knowledge) -> list[str]:
    """What the frames a seat (None: a spectator) received showed that it could not know: a card of another
    seat's hand in its view, an event that is not the game's public event, any card outside an update."""
    found = []
    for frame in frames:
        if frame.get("type") != "update":
            if cards_in(frame):
                found.append(f"a {frame.get('type')} frame names cards {sorted(cards_in(frame))}")
            continue
        cursor, events = frame["cursor"], frame["events"]
        if events != known.events[cursor - len(events):cursor]:
            found.append(f"update at cursor {cursor} has events that are not the public ones")
        hidden = set().union(*(hand for s, hand in enumerate(known.hands[cursor]) if s != seat))
        if seat is not None:
            hidden -= known.known[cursor][seat]
        shown = cards_in(frame["view"]) & hidden
        if shown:
            found.append(f"update at cursor {cursor} shows {sorted(shown)}")
    return found


@contextmanager
def serving(kind: str, tmp: Path) -> Iterator[ServeProcess]:
    """``spades serve`` on a fresh database of that kind ("sqlite" or "postgresql"), stopped afterwards; a test
    of a PostgreSQL that cannot be reached is skipped with the reason."""
    import pytest

    if kind == "postgresql" and (reason := postgres_unreachable()):
        pytest.skip(reason)
    with database(kind, tmp) as url:
        process = ServeProcess(url, tmp).start()
        try:
            yield process
        finally:
            process.stop()
