"""The table announces, the features listen: a subscriber added from outside (``spades serve --listener``) hears
every event of a whole game once and in order, in a process of its own and in each of two processes behind one
address on PostgreSQL and Redis, and each event is made by exactly one process."""

from __future__ import annotations

import asyncio
import json
import os
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from room_databases import REDIS
from room_server import Seat, ServeProcess, close_all, start
from spades.room.client import RoomClient
from test_room_processes import connect_to

TESTS = Path(__file__).resolve().parent
LISTENER = ("--listener", "event_recorder:record")


@pytest.fixture
def event_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The file the servers' recorder writes, and the tests' folder on the servers' path (the listener lives here)."""
    log = tmp_path / "events.jsonl"
    monkeypatch.setenv("SPADES_EVENT_LOG", str(log))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(TESTS), os.environ.get("PYTHONPATH")])))
    return log


def heard(log: Path, table: int) -> dict[int, list[dict[str, Any]]]:
    """Each process's events of the table, in the order it heard them."""
    by_process: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for line in log.read_text(encoding="utf-8").splitlines():
        event = json.loads(line)
        if event["table"] == table:
            by_process[event["pid"]].append(event)
    return dict(by_process)


def check_whole_game(events: list[dict[str, Any]], final: dict[str, Any]) -> None:
    """One process's hearing of a game: the four seats taken, the start, every hand over once and in order, the
    game over with the scores of the last hand, and nothing twice. Who is there may change meanwhile (with two
    processes, the one that starts the game marks the people of the other away until it claims them back)."""
    presence = {"person_away", "person_back", "covering"}
    events = [event for event in events if event["kind"] not in presence]
    kinds = [event["kind"] for event in events]
    assert kinds[:5] == ["seat_taken"] * 4 + ["game_started"], kinds
    assert sorted(event["seat"] for event in events[:4]) == [0, 1, 2, 3]
    hands = [event for event in events if event["kind"] == "hand_over"]
    assert kinds == kinds[:5] + ["hand_over"] * len(hands) + ["game_over"], kinds
    assert [hand["hand"] for hand in hands] == list(range(1, len(hands) + 1))
    seqs = [hand["seq"] for hand in hands]
    assert seqs == sorted(set(seqs))
    assert events[-1]["scores"] == hands[-1]["scores"] == final["scores"]
    assert len(hands) == len(final["results"])


async def seat_four(url: str, clients: dict[int, RoomClient], *, alternate: bool) -> int:
    """A standard table of four guests, seated in turn (``alternate``: on the two processes by turns); its id."""
    owner = clients[0] = await connect_to(url, None)
    other = "2" if owner.process == "1" else "1"
    await owner.guest()
    table = int((await owner.create("standard", {"lose_at": -150}, pace=0))["table"])
    assert (await owner.join(table, 0))["type"] == "table"
    for seat in (1, 2, 3):
        process = (other if seat % 2 else owner.process) if alternate else None
        clients[seat] = await connect_to(url, process)
        await clients[seat].guest()
        assert (await clients[seat].join(table, seat))["type"] == "table"
    return table


async def play_whole_game(clients: dict[int, RoomClient], table: int) -> None:
    await start(clients[0], table)
    await asyncio.gather(*(Seat(client, table, seat, f"seat {seat}").play(timeout=300)
                           for seat, client in clients.items()))


async def wait_for_lines(log: Path, table: int, processes: int, last: str = "game_over") -> None:
    """Until every process has heard the game's end (the room tells it just after the last update)."""
    for _ in range(1200):
        if log.exists():
            found = heard(log, table)
            if len(found) == processes and all(e and e[-1]["kind"] == last for e in found.values()):
                return
        await asyncio.sleep(0.1)
    raise AssertionError(f"the game's end was not heard by {processes} processes: {log.read_text()[-2000:]}")


def test_a_subscriber_added_from_outside_hears_every_event_of_a_game_once_and_in_order(
        tmp_path: Path, event_log: Path) -> None:
    server = ServeProcess(str(tmp_path / "room.sqlite3"), tmp_path, extra=LISTENER).start()

    async def main() -> int:
        clients: dict[int, RoomClient] = {}
        try:
            table = await seat_four(server.url, clients, alternate=False)
            await play_whole_game(clients, table)
            await wait_for_lines(event_log, table, 1)
            return table
        finally:
            await close_all(clients.values())

    try:
        table = asyncio.run(main())
        (events,) = heard(event_log, table).values()
        check_whole_game(events, final_scores(server, table))
        assert all(event["made"] for event in events)  # one process: it made every event it heard
    finally:
        server.stop()


def final_scores(server: ServeProcess, table: int) -> dict[str, Any]:
    """The stored record's final scores and its hands, as the engine replays them."""
    from spades.record import game_from_record

    status, record = server.get(f"/api/tables/{table}/record")
    assert status == 200, record
    game = game_from_record(record)
    return {"scores": list(game.scores), "results": list(game.results)}


def same_but_concurrent(one: list[dict[str, Any]], two: list[dict[str, Any]]) -> bool:
    """The two processes heard the same events, the table's in the same order and each seat's in the same order."""
    def plain(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{k: v for k, v in e.items() if k not in ("pid", "made")} for e in events]

    def by_seat(events: list[dict[str, Any]]) -> dict[Any, list[dict[str, Any]]]:
        chains: dict[Any, list[dict[str, Any]]] = {}
        for event in plain(events):
            chains.setdefault(event.get("seat", "table"), []).append(event)
        return chains

    return len(one) == len(two) and by_seat(one) == by_seat(two)


def differences(one: list[dict[str, Any]], two: list[dict[str, Any]]) -> str:
    """Where two processes' hearing differs, chain by chain, for the failure's message."""
    def chains(events: list[dict[str, Any]]) -> dict[Any, list[str]]:
        found: dict[Any, list[str]] = {}
        for event in events:
            rest = {k: v for k, v in event.items() if k not in ("pid", "made", "table", "seat")}
            found.setdefault(event.get("seat", "table"), []).append(json.dumps(rest, sort_keys=True))
        return found

    first, second = chains(one), chains(two)
    return "\n".join(f"{key}: {first.get(key)}\n  != {second.get(key)}" for key in sorted(
        set(first) | set(second), key=str) if first.get(key) != second.get(key))


def test_on_two_processes_each_hears_every_event_once_in_order_and_one_made_it(
        shared_database: str, tmp_path: Path, event_log: Path) -> None:
    server = ServeProcess(shared_database, tmp_path, REDIS, name="pair",
                          extra=("--processes", "2", *LISTENER)).start()

    async def main() -> int:
        clients: dict[int, RoomClient] = {}
        try:
            table = await seat_four(server.url, clients, alternate=True)
            await play_whole_game(clients, table)
            await wait_for_lines(event_log, table, 2)
            return table
        finally:
            await close_all(clients.values())

    try:
        table = asyncio.run(main())
        found = heard(event_log, table)
        assert len(found) == 2, found.keys()
        final = final_scores(server, table)
        for events in found.values():
            check_whole_game(events, final)
        one, two = found.values()
        # Events that two processes make at the same moment (one marks the people it does not serve away as the
        # game starts, while the other claims its people back) have no order between them: each process hears its
        # own first. Every other order is the same on both: the game's events, and each seat's events in turn.
        assert same_but_concurrent(one, two), differences(one, two)
        unmatched = list(one)
        for theirs in two:  # each event made by exactly one of them
            plain = {k: v for k, v in theirs.items() if k not in ("pid", "made")}
            mine = next(e for e in unmatched if {k: v for k, v in e.items() if k not in ("pid", "made")} == plain)
            unmatched.remove(mine)
            assert mine["made"] != theirs["made"], (mine, theirs)
        assert {e["made"] for e in one} == {True, False}  # both made some: the seats were taken on both
    finally:
        server.stop()


def test_a_process_started_on_the_rooms_database_marks_people_away_and_the_one_serving_them_claims_them_back(
        shared_database: str, tmp_path: Path, event_log: Path) -> None:
    """A second ``spades serve`` starting on the database of a game under way marks its people away ("restart":
    it cannot know who is connected elsewhere); the process that holds the person's connection hears that event
    and claims the seat back, so the game goes on with the person, not with the computer covering them."""
    first = ServeProcess(shared_database, tmp_path, REDIS, name="first", extra=LISTENER).start()
    second = ServeProcess(shared_database, tmp_path, REDIS, name="second", extra=LISTENER)

    async def main() -> int:
        ada = await RoomClient(first.url).connect()
        try:
            await ada.guest()
            table = int((await ada.create("standard", {"lose_at": -150}, {1: "random", 2: "random", 3: "random"},
                                          pace=0))["table"])
            assert (await ada.join(table, 0))["type"] == "table"
            await start(ada, table)
            second.start()
            for _ in range(1200):  # the second process's start, heard and answered by the first
                kinds = [(e["kind"], e["made"]) for e in heard(event_log, table).get(first.process.pid, [])]
                if ("person_back", True) in kinds:
                    break
                await asyncio.sleep(0.1)
            await Seat(ada, table, 0, "seat 0").play(timeout=300)
            await wait_for_lines(event_log, table, 2)
            return table
        finally:
            await ada.close()

    try:
        table = asyncio.run(main())
        found = heard(event_log, table)
        on_first = found[first.process.pid]
        on_second = found[second.process.pid]
        away = [(e["reason"], e["made"]) for e in on_first if e["kind"] == "person_away"]
        back = [(e["was"], e["made"]) for e in on_first if e["kind"] == "person_back"]
        assert away == [("restart", False)] and back == [("restart", True)], on_first
        assert [e["kind"] for e in on_first].index("person_away") < [e["kind"] for e in on_first].index(
            "person_back")
        assert not [e for e in on_first if e["kind"] == "covering"]  # claimed back, never covered
        assert on_first[-1]["kind"] == on_second[-1]["kind"] == "game_over"
    finally:
        second.stop()
        first.stop()
