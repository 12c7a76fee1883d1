"""Turn clocks at the room's tables, through real websocket clients on a real ``spades serve``: the deadline in
every seat's update, the one warning to the seat on turn, the computer's one action when time runs out (said to
everyone in one line, the seat kept), the bank counted down, more time doubling the bank where the clock allows it,
and the deadline held across a SIGKILL of the room."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from room_databases import database
from room_server import ServeProcess, close_all
from spades.room.client import RoomClient


def updates(client: RoomClient, since: int = 0) -> list[dict[str, Any]]:
    return [f for f in client.frames[since:] if f["type"] == "update"]


def warnings(client: RoomClient) -> list[dict[str, Any]]:
    return [f for f in client.frames if f["type"] == "said" and f.get("alert") == "time"]


def lines(client: RoomClient) -> list[str]:
    return [line for f in updates(client) for event in f["lines"] for line in event]


async def clock_table(url: str, clock: dict[str, Any], *, more_time: bool = False) -> tuple[int, RoomClient,
                                                                                           RoomClient]:
    """A table with its owner at South and the computer elsewhere, and a spectator: the owner never acts."""
    owner = await RoomClient(url).connect()
    await owner.guest()
    reply = await owner.create("standard", {"hands": 1}, {0: "easy", 1: "easy", 3: "easy"}, pace=0, clock=clock)
    assert reply["type"] == "table" and reply["clock"] == {"more_time": True, **clock}, reply
    table = reply["table"]
    joined = await owner.request({"type": "join", "table": table, "seat": 2, "more_time": more_time})
    assert joined["type"] == "table", joined
    watcher = await RoomClient(url).connect()
    await watcher.guest()
    assert (await watcher.join(table))["type"] == "table"
    await owner.send({"type": "start", "table": table})
    return table, owner, watcher


def test_a_clock_runs_out_the_computer_acts_once_the_table_hears_it_and_the_bank_is_spent(tmp_path: Path) -> None:
    """Done-when (the room's part): South never acts. Each of South's updates carries the deadline; the warning is
    said once, to South alone, ten seconds before it; then the computer bids for South, everyone hears "Time: the
    computer bids ... for South." in place of the bid's own line, South keeps the seat, and South's bank is spent:
    the next turn has its own seconds only, too few for a warning."""
    with database("sqlite", tmp_path) as url:
        server = ServeProcess(url, tmp_path).start()

        async def main() -> None:
            _, south, watcher = await clock_table(server.url, {"per_action": 5, "bank": 8})
            try:
                first = await south.wait_for(lambda f: f["type"] == "update" and f["view"]["turn"] == 2
                                             and f["view"]["phase"] == "bid", 60)
                clock = first["clock"]
                assert clock["turn"] == 2 and 11 < clock["left"] <= 13, clock
                assert clock["banks"] == [None, None, 8.0, None], clock
                deadline = clock["deadline"]
                assert abs(deadline - (time.time() + clock["left"])) < 2, clock
                timed = await watcher.wait_for(lambda f: f["type"] == "update" and any(
                    line.startswith("Time: the computer bids ") for event in f["lines"] for line in event), 60)
                assert time.time() >= deadline - 1  # not before its deadline
                said = [line for event in timed["lines"] for line in event if line.startswith("Time:")]
                assert len(said) == 1 and said[0].endswith(" for South."), said
                bid = said[0].removeprefix("Time: the computer bids ").removesuffix(" for South.")
                assert not [line for line in lines(watcher) if line == f"South bids {bid}."]  # said once
                await south.wait_for(lambda f: f["type"] == "update" and any(
                    line.startswith("Time: ") for event in f["lines"] for line in event), 30)
                assert [w["text"] for w in warnings(south)] == ["Ten seconds left."]
                assert not warnings(watcher)
                # South keeps the seat, and its next turn has only its own five seconds: the bank is spent
                table_frames = [f for f in south.frames if f["type"] == "table"]
                south_seat = table_frames[-1]["seats"][2]
                assert south_seat["player"] is not None and not south_seat["covered"], south_seat
                second = await south.wait_for(lambda f: f["type"] == "update" and f["view"]["turn"] == 2
                                              and f["view"]["phase"] == "play" and f.get("clock", {}).get("turn") == 2,
                                              120)
                assert second["clock"]["banks"][2] == 0 and second["clock"]["left"] <= 5, second["clock"]
                await watcher.wait_for(lambda f: f["type"] == "update" and any(
                    line.startswith("Time: the computer plays the ") for event in f["lines"] for line in event), 60)
                assert len(warnings(south)) == 1  # five seconds a turn: no second warning
            finally:
                await close_all([south, watcher])

        try:
            asyncio.run(main())
        finally:
            server.stop()


def test_more_time_doubles_the_bank_where_the_clock_allows_it(tmp_path: Path) -> None:
    with database("sqlite", tmp_path) as url:
        server = ServeProcess(url, tmp_path).start()

        async def main() -> None:
            clients: list[RoomClient] = []
            for allowed, banks in ((True, 40.0), (False, 20.0)):
                table, south, watcher = await clock_table(
                    server.url, {"per_action": 30, "bank": 20, "more_time": allowed}, more_time=True)
                clients += [south, watcher]
                first = await south.wait_for(lambda f, t=table: f["type"] == "update" and f["table"] == t
                                             and f.get("clock", {}).get("turn") == 2, 60)
                assert first["clock"]["banks"][2] == banks, (allowed, first["clock"])
            await close_all(clients)

        try:
            asyncio.run(main())
        finally:
            server.stop()


def test_a_table_without_a_clock_sends_none(tmp_path: Path) -> None:
    with database("sqlite", tmp_path) as url:
        server = ServeProcess(url, tmp_path).start()

        async def main() -> None:
            owner = await RoomClient(server.url).connect()
            await owner.guest()
            reply = await owner.create("standard", {}, {0: "easy", 1: "easy", 3: "easy"}, pace=0)
            assert reply["clock"] is None
            table = reply["table"]
            await owner.join(table, 2)
            await owner.send({"type": "start", "table": table})
            update = await owner.wait_for(lambda f: f["type"] == "update" and f["view"]["turn"] == 2, 60)
            assert "clock" not in update
            for bad in ({"per_action": 4, "bank": 0}, {"per_action": 30, "bank": 3601}, {"per_action": 30},
                        {"per_action": 30, "bank": 0, "extra": 1}, {"per_action": "30", "bank": 0}):
                refused = await owner.create("standard", {}, {}, clock=bad)
                assert refused["type"] == "error" and refused["code"] == "bad_message", (bad, refused)
            await owner.close()

        try:
            asyncio.run(main())
        finally:
            server.stop()


def test_the_deadline_holds_across_a_sigkill_of_the_room(database_url: str, tmp_path: Path) -> None:
    """Done-when: the room is killed on South's turn; the restarted room sends the same deadline (counted from the
    stored action before the turn, not from the restart), and the computer acts for South at it."""
    server = ServeProcess(database_url, tmp_path).start()

    async def main() -> None:
        _, south, watcher = await clock_table(server.url, {"per_action": 25, "bank": 0})
        token = south.token
        first = await south.wait_for(lambda f: f["type"] == "update" and f.get("clock", {}).get("turn") == 2, 60)
        deadline = first["clock"]["deadline"]
        await close_all([south, watcher])
        server.kill()
        server.start()
        back = await RoomClient(server.url).connect()
        try:
            await back.resume(token)
            resumed = await back.wait_for(lambda f: f["type"] == "update" and f.get("clock", {}).get("turn") == 2,
                                          60)
            assert abs(resumed["clock"]["deadline"] - deadline) < 0.5, (resumed["clock"], deadline)
            await back.wait_for(lambda f: f["type"] == "update" and any(
                line.startswith("Time: the computer bids ") for event in f["lines"] for line in event), 120)
            assert time.time() >= deadline - 0.5
        finally:
            await back.close()

    try:
        asyncio.run(main())
    finally:
        server.stop()


def test_two_processes_run_one_clock_and_the_computer_acts_once_a_turn(shared_database: str, tmp_path: Path) -> None:
    """Two processes on one PostgreSQL with Redis both serve the table (South on one, a spectator on the other):
    both wait on the same deadline, and each of South's turns run out is one stored action, heard once at each."""
    from room_databases import REDIS
    from spades.room.store import Store
    from test_room_processes import connect_to

    server = ServeProcess(shared_database, tmp_path, REDIS, name="pair", extra=("--processes", "2")).start()
    store = Store(shared_database)

    async def main() -> None:
        south = await connect_to(server.url, None)
        other = "2" if south.process == "1" else "1"
        await south.guest()
        reply = await south.create("standard", {"hands": 1}, {0: "easy", 1: "easy", 3: "easy"}, pace=0,
                                   clock={"per_action": 5, "bank": 8})
        table = reply["table"]
        assert (await south.request({"type": "join", "table": table, "seat": 2}))["type"] == "table"
        watcher = await connect_to(server.url, other)
        await watcher.guest()
        assert (await watcher.join(table))["type"] == "table"
        try:
            await south.send({"type": "start", "table": table})

            def timed_lines(client: RoomClient) -> list[str]:
                return [line for line in lines(client) if line.startswith("Time: ")]

            for client in (south, watcher):
                await client.wait_for(lambda _, c=client: len(timed_lines(c)) >= 3, 180)
            south_actions = [row for row in store.actions(table) if row.seat == 2]
            heard = min(len(timed_lines(south)), len(timed_lines(watcher)))
            assert heard >= 3
            assert timed_lines(south)[:heard] == timed_lines(watcher)[:heard]
            assert len(south_actions) >= heard  # each run-out turn stored once
            assert len(set(timed_lines(watcher))) == len(timed_lines(watcher))  # no line twice
            assert [w["text"] for w in warnings(south)] == ["Ten seconds left."] and not warnings(watcher)
        finally:
            await close_all([south, watcher])
            store.engine.dispose()

    try:
        asyncio.run(main())
    finally:
        server.stop()
