"""The room served by a real ``spades serve`` process, on SQLite and on PostgreSQL, talked to by real websocket
clients: whole games of every preset, records, reconnection, the computer covering an absent player."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from room_server import (
    Knowledge,
    Seat,
    ServeProcess,
    close_all,
    leaks,
    open_table,
    same_record,
    start,
    stored_record,
    twin,
    )
from spades.record import game_from_record
from spades.room.client import RoomClient
from spades.rules import VARIANTS, Rules


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
    spectator = await RoomClient(server.url).connect()
    await spectator.guest()
    assert (await spectator.join(table))["type"] == "table"
    try:
        status, _ = server.get(f"/api/tables/{table}/record")
        assert status == 409  # never the record of a game not over
        await start(clients[people[0]], table)
        names = seeds(people)
        await asyncio.gather(*(Seat(clients[s], table, s, names[s]).play() for s in people))
        record = await stored_record(server, table)
        replayed = game_from_record(record)
        assert replayed.over
        final = clients[people[0]].views[table]
        assert list(replayed.scores) == final["scores"]
        assert same_record(record, twin(record, names, levels))
        states = Knowledge(record)
        for seat, client in clients.items():
            assert leaks(client.frames, seat, states) == []
        last = max(i for i, f in enumerate(spectator.frames) if f["type"] == "update")
        after = [f["type"] for f in spectator.frames[last + 1:]]  # the game's end: its table, its rating, a rematch
        assert set(after) <= {"table", "said", "rating", "rematch"}, after
        assert all(f["view"]["hand"] is None for f in spectator.frames if f["type"] == "update")
        assert leaks(spectator.frames, None, states) == []
        assert not re.search(r"\b(10|[2-9JQKA])[SHDC]\b", server.log.read_text())  # no card in a log line
    finally:
        await close_all([*clients.values(), spectator])


# The tables of three, five and six play their whole games with people and the computer below, and with their
# passes and leak checks in tests/test_room_variants.py: this test of people alone keeps to the tables of two and
# four, so that the suite stays short.
SMALL_TABLES = [variant for variant in VARIANTS if Rules.preset(variant).players in (2, 4)]
# Every preset on SQLite; on PostgreSQL a table of four and one of two: the store is the same code whatever the
# rules, and the room's other tests (presence, ratings, restarts, two processes) hold PostgreSQL to it as well.
ON_POSTGRESQL = ("standard", "two_player")


def cases(variants: list[str]) -> list[Any]:
    return [pytest.param(kind, variant, id=f"{kind}-{variant}") for kind in ("sqlite", "postgresql")
            for variant in variants if kind == "sqlite" or variant in ON_POSTGRESQL]


@pytest.mark.parametrize(("database_url", "variant"), cases(SMALL_TABLES), indirect=["database_url"])
def test_four_people_play_a_whole_game_of_every_preset_and_the_record_replays(server: ServeProcess,
                                                                              variant: str) -> None:
    players = Rules.preset(variant).players
    asyncio.run(whole_game(server, variant, list(range(players)), {}))


@pytest.mark.parametrize(("database_url", "variant"), cases(list(VARIANTS)), indirect=["database_url"])
def test_people_and_the_computer_play_a_whole_game_of_every_preset(server: ServeProcess, variant: str) -> None:
    players = Rules.preset(variant).players
    levels = {seat: "easy" if seat % 2 else "normal" for seat in range(1, players)}
    asyncio.run(whole_game(server, variant, [0], levels))


def test_a_seat_that_sees_another_seats_card_is_caught() -> None:
    """The leak check itself: a frame naming a card of another seat's hand is found."""
    from spades.game import Game
    from spades.record import record_of

    record = record_of(Game(Rules.preset("standard"), seed=5))
    states = Knowledge(record)
    north = sorted(states.hands[1][0])
    frame = {"type": "update", "table": 1, "seat": 1, "cursor": 1, "events": [], "view": {"hand": north[:1]}}
    assert leaks([frame], 1, states) != []
    assert leaks([frame], 0, states) == []
    assert leaks([frame], None, states) != []
    invented = {**frame, "view": {}, "events": [{"type": "card", "seat": 0, "card": north[0]}], "cursor": 1}
    assert leaks([invented], 1, states) != []


def test_every_bad_message_is_answered_with_an_error_and_changes_nothing(server: ServeProcess,
                                                                         database_url: str) -> None:
    from spades.room.store import Store

    async def main() -> None:
        table, clients = await open_table(server.url, "standard", [0, 1, 2, 3], {})
        other, _ = await open_table(server.url, "standard", [0], {1: "easy", 2: "easy", 3: "easy"})
        outsider = await RoomClient(server.url).connect()
        await outsider.guest()
        store = Store(database_url)
        try:
            await start(clients[0], table)
            for client in clients.values():  # every seat has the first view
                await client.wait_for(lambda f: f["type"] == "update" and f["table"] == table, 60)
            view = clients[0].views[table]
            turn = view["turn"]
            mover, idle = clients[turn], clients[(turn + 1) % 4]
            cursor = mover.cursors[table]
            before = (store.action_count(table), mover.views[table], idle.views[table])

            async def refused(client: RoomClient, frame: str | bytes, code: str) -> None:
                start_at = len(client.frames)
                await client.send_raw(frame)
                reply = await client.wait_for(lambda f: f["type"] == "error", 5,
                                              since=start_at)
                assert reply["type"] == "error" and reply["code"] == code, (frame, reply)

            act = {"type": "act", "table": table, "cursor": cursor}
            await refused(mover, "{not json", "not_json")
            await refused(mover, b"\xff\xfe", "not_json")
            await refused(mover, json.dumps({"type": "act", "table": table}), "bad_message")
            await refused(mover, json.dumps({"type": "shout"}), "bad_message")
            await refused(mover, json.dumps({**act, "action": "4", "seat": (turn + 1) % 4}), "bad_message")
            await refused(mover, json.dumps({**act, "action": "4", "pad": "x" * 5000}), "too_large")
            await refused(mover, json.dumps({**act, "action": "AS"}), "illegal")  # a card while bidding
            await refused(mover, json.dumps({**act, "action": "4", "cursor": 0}), "out_of_date")
            await refused(idle, json.dumps({**act, "action": "4"}), "not_your_turn")
            await refused(outsider, json.dumps({**act, "action": "4"}), "not_seated")
            await refused(mover, json.dumps({"type": "act", "table": other, "cursor": 1, "action": "4"}),
                          "not_seated")
            await refused(outsider, json.dumps({"type": "start", "table": table}), "not_owner")
            await refused(idle, json.dumps({"type": "join", "table": table, "seat": turn}), "game_started")
            # too fast: a burst past the limit is refused, and the connection goes on
            for _ in range(60):
                await outsider.send_raw(json.dumps({"type": "ping"}))
            await outsider.wait_for(lambda f: f.get("code") == "rate_limited", 60)
            await asyncio.sleep(1.0)
            assert (await outsider.request({"type": "ping"}))["type"] == "pong"
            await asyncio.sleep(0.2)
            assert (store.action_count(table), mover.views[table], idle.views[table]) == before
            assert mover.cursors[table] == cursor
            # and the table goes on: the right seat's legal action is taken
            await mover.act(table, view["legal"][0] if turn == 0 else mover.views[table]["legal"][0], cursor)
            await mover.wait_for(lambda f: f.get("type") == "update" and f["cursor"] > cursor, 60)
            assert store.action_count(table) == before[0] + 1
        finally:
            store.close()
            await close_all([*clients.values(), outsider])

    asyncio.run(main())


def test_a_player_who_drops_comes_back_to_the_whole_state(server: ServeProcess) -> None:
    async def main() -> None:
        table, clients = await open_table(server.url, "standard", [0, 1, 2, 3], {})
        try:
            await start(clients[0], table)
            seats = {s: Seat(clients[s], table, s, f"seat {s}") for s in clients}
            await asyncio.gather(*(seat.play(until=20) for seat in seats.values()))
            gone = clients[2]
            token, had = gone.token, gone.cursors[table]
            await gone.close()
            back = await RoomClient(server.url).connect()
            welcome = await back.resume(token)
            assert welcome["type"] == "welcome"
            said = await back.wait_for(lambda f: f["type"] == "said", 60)
            view = await back.wait_for(lambda f: f["type"] == "update", 60)
            assert view["cursor"] == had and view["view"]["hand"]  # the whole state, hand and all
            words = said["text"]
            assert words.startswith("Back at the table: hand 1, ")
            assert words.endswith("your turn.") == (view["view"]["turn"] == 2)
            assert re.match(r"Back at the table: hand \d+, (trick \d+|the bidding), (your turn|\w+ to play)\.$",
                            words), words
            start_at = len(back.frames)
            await back.send({"type": "sync", "table": table, "cursor": had - 3})
            missing = await back.wait_for(lambda f: f["type"] == "update", 60, since=start_at)
            assert missing["cursor"] == had and len(missing["events"]) == 3
            clients[2] = back
            seats[2].client = back
            await asyncio.gather(*(seat.play() for seat in seats.values()))
            assert all(c.views[table]["phase"] == "over" for c in clients.values())
        finally:
            await close_all(clients.values())

    asyncio.run(main())


def test_the_computer_covers_an_absent_player_after_the_timeout_and_gives_the_seat_back(
        server: ServeProcess) -> None:
    async def main() -> None:
        table, clients = await open_table(server.url, "standard", [0, 2], {1: "easy", 3: "easy"}, timeout=1)
        try:
            away = clients[2]
            token = away.token
            name = next(f["player"]["name"] for f in away.frames if f["type"] == "welcome")
            await away.close()
            await start(clients[0], table)
            north = Seat(clients[0], table, 0, "seat 0")
            said = asyncio.create_task(clients[0].wait_for(
                lambda f: f["type"] == "said" and "is not back:" in f["text"], 60))
            while not said.done():
                await asyncio.wait([asyncio.create_task(north.play(until=clients[0].cursors[table] + 1,
                                                                   timeout=3)), said],
                                   return_when=asyncio.FIRST_COMPLETED)
            gone = [f["text"] for f in clients[0].frames if f["type"] == "said" and "South" in f["text"]]
            assert gone[0] == (f"South, {name}, lost the connection; the computer plays for South if {name} is not "
                               "back within 1 second."), gone
            assert said.result()["text"] == f"{name} is not back: the computer plays for South until {name} returns."
            covered_from = clients[0].cursors[table]
            await north.play(until=covered_from + 12, timeout=120)  # the computer plays South meanwhile
            heard = len(clients[0].frames)
            back = await RoomClient(server.url).connect()
            await back.resume(token)
            report = await back.wait_for(lambda f: f["type"] == "said" and "While you were away" in f["text"], 60)
            assert report["text"].startswith("While you were away the computer bid "), report
            assert "played" in report["text"]
            returned = await clients[0].wait_for(lambda f: f["type"] == "said" and "is back" in f["text"], 5,
                                                 since=heard)
            assert returned["text"] == f"{name} is back at South; the computer hands the seat back."
            clients[2] = back
            south = Seat(back, table, 2, "seat 2")
            await asyncio.gather(north.play(), south.play())
            record = await stored_record(server, table)
            assert game_from_record(record).over
        finally:
            await close_all(clients.values())

    asyncio.run(main())


def test_a_server_killed_mid_hand_resumes_every_table_exactly(database_url: str, tmp_path: Path) -> None:
    people, levels = [0, 2], {1: "normal", 3: "easy"}

    async def main() -> None:
        server = ServeProcess(database_url, tmp_path).start()
        try:
            table, clients = await open_table(server.url, "standard", people, levels)
            await start(clients[0], table)
            seats = {s: Seat(clients[s], table, s, f"seat {s}") for s in people}
            await asyncio.gather(*(seat.play(until=25) for seat in seats.values()))
            server.kill()
            await asyncio.wait_for(asyncio.gather(*(c.wait_closed() for c in clients.values())), 60)
            assert all(c.closed for c in clients.values())
            server = ServeProcess(database_url, tmp_path, name="again").start()
            for seat in people:
                back = await RoomClient(server.url).connect()
                await back.resume(clients[seat].token)
                await back.wait_for(lambda f: f["type"] == "said", 60)
                clients[seat] = seats[seat].client = back
            await asyncio.gather(*(seat.play() for seat in seats.values()))
            record = await stored_record(server, table)
            assert same_record(record, twin(record, {s: f"seat {s}" for s in people}, levels))
            await close_all(clients.values())
        finally:
            server.stop()

    asyncio.run(main())


def test_a_registered_players_finished_game_counts_in_their_statistics(server: ServeProcess) -> None:
    async def main() -> None:
        ada = await RoomClient(server.url).connect()
        assert (await ada.register("Ada Lovelace", "correct horse"))["type"] == "welcome"
        table = (await ada.create("standard", {"lose_at": -150}, {1: "random", 2: "random", 3: "random"},
                                  pace=0))["table"]
        await ada.join(table, 0)
        try:
            await start(ada, table)
            await Seat(ada, table, 0, "seat 0").play()
            for _ in range(1200):  # a minute at least: the statistics are stored just after the game's end
                status, stats = server.get("/api/players/Ada%20Lovelace/stats")
                if stats.get("games") == 1:
                    break
                await asyncio.sleep(0.05)
            assert status == 200 and stats["games"] == 1 and stats["name"] == "Ada Lovelace"
            reply = await ada.request({"type": "stats"})
            assert reply["type"] == "stats" and reply["games"] == 1
            assert server.get("/api/players/Nobody/stats")[0] == 404
        finally:
            await ada.close()

    asyncio.run(main())
