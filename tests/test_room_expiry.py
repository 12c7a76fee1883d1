"""Waiting tables expire, and the lobby puts the newest and the joinable first: a crowd of old tables can neither
hide a new one nor stay for ever (found: 100 guests making 5 tables each hid every newer table from the lobby and
from /api/tables, which listed the 500 oldest, and a waiting table never expired). Through real clients on a real
``spades serve --table-wait 0.1`` (a table waits 6 seconds, 1 with no one seated), and the order in the store."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from room_databases import database, postgres_unreachable
from room_server import ServeProcess, close_all
from spades.room.client import RoomClient
from spades.room.lobby.listing import lobby_order
from spades.room.store import Store


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    tmp = tmp_path_factory.mktemp("expiry")
    process = ServeProcess(f"sqlite:///{tmp / 'room.sqlite3'}", tmp, extra=("--table-wait", "0.1")).start()
    try:
        yield process
    finally:
        process.stop()


async def guest(url: str) -> RoomClient:
    client = await RoomClient(url).connect(source="127.0.8.2")
    assert (await client.guest())["type"] == "welcome"
    return client


async def listed(client: RoomClient, table: int) -> bool:
    reply = await client.request({"type": "lobby", "table": table})
    assert reply["type"] == "lobby" and reply["pages"] == 1, reply
    return any(info["table"] == table for info in reply["tables"])


def test_a_waiting_table_closes_and_its_people_hear_why(server: ServeProcess) -> None:
    async def main() -> None:
        owner = await guest(server.url)
        watcher = await guest(server.url)
        try:
            seated = (await owner.create("standard", {}, {1: "easy", 2: "easy", 3: "easy"}, pace=0))["table"]
            empty = (await owner.create("standard", {}, {1: "easy"}, pace=0))["table"]
            playing = (await owner.create("standard", {}, {1: "easy", 2: "easy", 3: "easy"}, pace=0))["table"]
            await owner.join(seated, 0)
            await owner.join(playing, 0)
            assert (await owner.request({"type": "start", "table": playing}))["state"] == "playing"
            assert await listed(watcher, empty) and await listed(watcher, seated)
            assert (await watcher.join(seated))["type"] == "table"  # a spectator hears it too
            mine = await owner.request({"type": "lobby", "seated": True})
            assert sorted(info["table"] for info in mine["tables"]) == [seated, playing]
            refused = await watcher.request({"type": "lobby", "seated": True})
            assert refused["type"] == "lobby" and refused["tables"] == []  # the watcher sits nowhere
            # no one sits at the empty one: it closes first, and leaves the lobby and /api/tables/N
            deadline = time.monotonic() + 60
            while await listed(watcher, empty):
                assert time.monotonic() < deadline, "the empty table was never closed"
                await asyncio.sleep(0.5)
            assert server.get(f"/api/tables/{empty}")[0] == 404
            # the seated one closes when its time is up, and everyone at it is told, then sees it closed
            for client in (owner, watcher):
                said = await client.wait_for(lambda f: f["type"] == "said" and f.get("table") == seated
                                             and f["text"].startswith(f"Table {seated} is closed"), 60)
                assert "did not start within 0.1 minutes" in said["text"], said
                await client.wait_for(lambda f: f["type"] == "table" and f["table"] == seated
                                      and f["state"] == "closed", 60)
            assert not await listed(watcher, seated)
            refused = await owner.join(seated, 1)
            assert refused["type"] == "error", refused  # no one sits at a closed table
            # a game under way never expires
            assert await listed(watcher, playing)
            status, info = server.get(f"/api/tables/{playing}")
            assert status == 200 and info["state"] == "playing" and info["table"] == playing
        finally:
            await close_all([owner, watcher])

    asyncio.run(main())


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "postgresql" and (reason := postgres_unreachable()):
        pytest.skip(reason)
    with database(request.param, tmp_path) as url:
        made = Store(url)
        try:
            yield made
        finally:
            made.close()


def test_the_store_closes_the_tables_that_waited_too_long_once(store: Store) -> None:
    ada = store.create_player("Ada Lovelace", "password1")
    rules: dict[str, Any] = {"variant": "standard", "options": {}}
    old_seated, old_empty, new_empty, started = (store.create_table(ada, rules, "1", 4) for _ in range(4))
    store.set_seat(old_seated.id, 0, ada)
    store.set_seat(started.id, 0, ada)
    store.set_state(started.id, "playing", was="waiting")
    later = datetime.now(UTC) + timedelta(seconds=1)
    # made before the empty cut but not the whole one: only the tables with no person go
    assert store.expire_waiting(later - timedelta(hours=1), later) == sorted(
        [old_empty.id, new_empty.id])
    assert store.expire_waiting(later, later) == [old_seated.id]  # and then the rest that still wait
    assert store.expire_waiting(later, later) == []  # each once
    assert [t.id for t in store.tables(("waiting", "playing"))] == [started.id]
    assert {t.state for t in store.tables(("closed",))} == {"closed"}


def test_the_lobby_lists_the_joinable_then_the_full_then_the_games_each_newest_first(store: Store) -> None:
    ada = store.create_player("Ada Lovelace", "password1")
    rules: dict[str, Any] = {"variant": "standard", "options": {}}
    full = store.create_table(ada, rules, "1", 4, {0: "easy", 1: "easy", 2: "easy", 3: "easy"})
    older = store.create_table(ada, rules, "1", 4, {1: "easy"})
    game = store.create_table(ada, rules, "1", 4)
    store.set_state(game.id, "playing", was="waiting")
    newer = store.create_table(ada, rules, "1", 4)
    infos = sorted(store.tables(("waiting", "playing"), newest_first=True), key=lobby_order)
    assert [info.id for info in infos] == [newer.id, older.id, full.id, game.id]
    assert [t.id for t in store.tables_of(ada)] == []  # she sits nowhere yet
    store.set_seat(older.id, 0, ada)
    assert [t.id for t in store.tables_of(ada)] == [older.id]
