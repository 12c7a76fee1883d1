"""A tournament at `spades join`, by keys through a pseudo-terminal at a real `spades serve`: a registered player
enters with the partner who named them, hears the round's seating as the room says it, plays the game at the
terminal table, and hears the tournament's end with its standings; the other three people play through websocket
clients."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import threading
from pathlib import Path

from room_server import ServeProcess, close_all
from spades.room.client import RoomClient
from test_join import JoinDriver
from test_room_tournament import PASSWORD, play_all, registered
from test_table_play import SPADES

NAMES = ["Term One", "Part Two", "Other Three", "Other Four", "Director"]


def test_a_tournament_entered_and_played_at_spades_join(tmp_path: Path) -> None:
    database = str(tmp_path / "room.sqlite3")
    registered(database, NAMES)
    server = ServeProcess(database, tmp_path).start()
    entered = threading.Event()
    failures: list[BaseException] = []

    async def others() -> None:
        clients = [await RoomClient(server.url).connect() for _ in NAMES[1:]]
        try:
            for client, name in zip(clients, NAMES[1:], strict=True):
                assert (await client.login(name, PASSWORD))["type"] == "welcome"
            made = await clients[3].request({"type": "tournament_create", "name": "Pair cup", "rules": {
                "variant": "standard", "options": {}}, "rounds": 1, "hands": 1, "entries": 2})
            assert made["tournament"] == 1, made
            reply = await clients[0].request({"type": "tournament_enter", "tournament": 1, "partner": "Term One"})
            assert reply["type"] == "tournament", reply  # the entry, waiting for the terminal's player
            created.set()
            for _ in range(2400):  # until the terminal's player has entered (a minute at least)
                if entered.is_set():
                    break
                await asyncio.sleep(0.05)
            games = [asyncio.create_task(play_all(c, n)) for c, n in zip(clients[:3], NAMES[1:4], strict=True)]
            for client, partner in ((clients[1], "Other Four"), (clients[2], "Other Three")):
                reply = await client.request({"type": "tournament_enter", "tournament": 1, "partner": partner})
                assert reply["type"] == "tournament", reply
            await asyncio.wait_for(asyncio.gather(*games), 600)
        except BaseException as error:
            failures.append(error)
            raise
        finally:
            await close_all(clients)

    created = threading.Event()
    thread = threading.Thread(target=lambda: asyncio.run(others()), daemon=True)
    thread.start()
    try:
        assert created.wait(120)
        joined = JoinDriver(tmp_path / "join", [server.url, "--name", "Term One", "--password", "--tournament", "1",
                                                "--with", "Part Two"], password=PASSWORD)
        joined.expect(re.escape("Pair cup: a Swiss of 1 round, 1 of 2 entries in; directed by Director."))
        joined.expect(re.escape("Waiting for the next round. Shift+S says where the tournament stands; q leaves."))
        entered.set()
        joined.expect(r"Round 1 of 1: table 1, you sit South with Part Two against Other (Three|Four) and "
                      r"Other (Three|Four)\.")
        joined.play_until()
        assert re.search(r"Pair cup is over\. Standings: 1\. ", joined.transcript), joined.transcript[-600:]
        thread.join(120)
        assert not failures, failures
    finally:
        server.stop()


def test_a_tournament_made_at_spades_join_and_a_bad_one_refused(tmp_path: Path) -> None:
    database = str(tmp_path / "room.sqlite3")
    registered(database, ["Director"])
    server = ServeProcess(database, tmp_path).start()
    try:
        made = JoinDriver(tmp_path / "made", [server.url, "--name", "Director", "--password", "--new-tournament",
                                              "Term cup", "--rounds", "1", "--hands", "1", "--entries", "2"],
                          password=PASSWORD, line=True)
        made.expect(re.escape("Tournament 1. Term cup: a Swiss of 1 round, 0 of 2 entries in; directed by Director. "
                              f"Pairs enter with: spades join {server.url} --tournament 1 --with PARTNER (each "
                              "naming the other)."))
        made.expect_end()
        env = dict(os.environ, SPADES_CONFIG_DIR=str(tmp_path / "config"), SPADES_DATA_DIR=str(tmp_path / "data"),
                   SPADES_PASSWORD=PASSWORD)
        refused = subprocess.run([*SPADES, "join", server.url, "--name", "Director", "--password", "--line",
                                  "--new-tournament", "Odd cup", "--format", "knockout", "--entries", "6"],
                                 env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)
        assert refused.returncode == 2, refused
        assert refused.stderr.strip().endswith("tournament_create: a knockout's bracket takes 8 or 16 entries"), \
            refused.stderr
    finally:
        server.stop()
