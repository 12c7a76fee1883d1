"""The room served by a real ``spades serve`` process, on SQLite and on PostgreSQL, talked to by real websocket
clients: whole games of every preset, records, reconnection, the computer covering an absent player."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from room_databases import database, postgres_unreachable
from room_server import Seat, ServeProcess, close_all, open_table, same_record, start, twin
from spades.record import game_from_record
from spades.rules import VARIANTS, Rules


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "postgresql":
        reason = postgres_unreachable()
        if reason:
            pytest.skip(reason)
    with database(request.param, tmp_path) as url:
        yield url


@pytest.fixture
def server(database_url: str, tmp_path: Path) -> Iterator[ServeProcess]:
    process = ServeProcess(database_url, tmp_path).start()
    try:
        yield process
    finally:
        process.stop()


def seeds(people: list[int]) -> dict[int, str]:
    return {seat: f"seat {seat}" for seat in people}


async def whole_game(server: ServeProcess, variant: str, people: list[int], levels: dict[int, str]) -> None:
    table, clients = await open_table(server.url, variant, people, levels)
    try:
        status, _ = server.get(f"/api/tables/{table}/record")
        assert status == 409  # never the record of a game not over
        await start(clients[people[0]], table)
        names = seeds(people)
        await asyncio.gather(*(Seat(clients[s], table, s, names[s]).play() for s in people))
        for _ in range(100):
            status, record = server.get(f"/api/tables/{table}/record")
            if status == 200:
                break
            await asyncio.sleep(0.05)
        assert status == 200, record
        replayed = game_from_record(record)
        assert replayed.over
        final = clients[people[0]].views[table]
        assert list(replayed.scores) == final["scores"]
        assert same_record(record, twin(record, names, levels))
    finally:
        await close_all(clients.values())


@pytest.mark.parametrize("variant", VARIANTS)
def test_four_people_play_a_whole_game_of_every_preset_and_the_record_replays(server: ServeProcess,
                                                                              variant: str) -> None:
    players = Rules.preset(variant).players
    asyncio.run(whole_game(server, variant, list(range(players)), {}))


@pytest.mark.parametrize("variant", VARIANTS)
def test_people_and_the_computer_play_a_whole_game_of_every_preset(server: ServeProcess, variant: str) -> None:
    players = Rules.preset(variant).players
    levels = {seat: "easy" if seat % 2 else "normal" for seat in range(1, players)}
    asyncio.run(whole_game(server, variant, [0], levels))
