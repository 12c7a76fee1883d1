"""Two processes of one room (``spades serve --processes 2``) behind one address, on one PostgreSQL database and one
Redis: the players of one table, connected to different processes, play a whole game, and the same move sent to
both processes at once is accepted once."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from room_databases import REDIS
from room_server import Seat, ServeProcess, close_all, start
from spades.room.client import RoomClient
from spades.room.store import Store


async def connect_to(url: str, process: str | None) -> RoomClient:
    """A connection to the room held by ``process`` (None: any): the system hands each new connection to one of
    the processes, so connect until it is that one."""
    for _ in range(100):
        client = await RoomClient(url).connect()
        if process is None or client.process == process:
            return client
        await client.close()
    raise AssertionError(f"no connection reached process {process} in 100 tries")


def test_two_processes_behind_one_address_serve_one_table_and_accept_a_move_once(shared_database: str,
                                                                                  tmp_path: Path) -> None:
    server = ServeProcess(shared_database, tmp_path, REDIS, name="pair", extra=("--processes", "2")).start()
    store = Store(shared_database)

    async def main() -> None:
        owner = await connect_to(server.url, None)
        assert owner.process in ("1", "2")
        first, second = owner.process, "2" if owner.process == "1" else "1"
        await owner.guest()
        table = (await owner.create("standard", {"lose_at": -150}, pace=0))["table"]
        assert (await owner.join(table, 0))["type"] == "table"
        clients = {0: owner}
        for seat, process in ((1, first), (2, second), (3, second)):
            clients[seat] = await connect_to(server.url, process)
            await clients[seat].guest()
            assert (await clients[seat].join(table, seat))["type"] == "table"
        twin_client = None
        try:
            await start(owner, table)
            for client in clients.values():
                await client.wait_for(lambda f: f["type"] == "update", 60)
            turn = owner.views[table]["turn"]
            mover = clients[turn]
            twin_client = await connect_to(server.url, second if turn < 2 else first)  # the same player, elsewhere
            await twin_client.resume(mover.token)
            await twin_client.wait_for(lambda f: f["type"] == "update", 60)
            cursor = mover.cursors[table]
            assert twin_client.cursors[table] == cursor
            action = mover.views[table]["legal"][0]
            frame = json.dumps({"type": "act", "table": table, "action": action, "cursor": cursor})
            marks = (len(mover.frames), len(twin_client.frames))
            await asyncio.gather(mover.send_raw(frame), twin_client.send_raw(frame))
            for client in clients.values():
                await client.wait_for(lambda f: f["type"] == "update" and f["cursor"] > cursor, 60)

            def refusals() -> list[dict[str, object]]:
                return [f for client, mark in zip((mover, twin_client), marks, strict=True)
                        for f in client.frames[mark:] if f["type"] == "error"]

            for _ in range(1200):  # the other process's refusal, however slow the machine (a minute at least)
                if refusals():
                    break
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.5)  # time for a second refusal, which must not come
            errors = refusals()
            assert len(errors) == 1, errors
            assert errors[0]["code"] in ("not_your_turn", "out_of_date")
            assert store.action_count(table) == 1
            await twin_client.close()
            seats = [Seat(clients[s], table, s, f"seat {s}") for s in clients]
            await asyncio.gather(*(seat.play() for seat in seats))
            views = [c.views[table] for c in clients.values()]
            assert all(v["phase"] == "over" for v in views)
            assert len({json.dumps(v["scores"]) for v in views}) == 1
            for _ in range(1200):  # a minute at least: the end is stored just after the last update
                status, record = server.get(f"/api/tables/{table}/record")
                if status == 200:
                    break
                await asyncio.sleep(0.05)
            assert status == 200 and record["result"]["scores"] == views[0]["scores"]
            assert all(server.get(f"/api/tables/{table}/record") == (200, record) for _ in range(4))
            assert len(record["actions"]) == store.action_count(table)
        finally:
            await close_all([*clients.values(), *([twin_client] if twin_client else [])])

    try:
        asyncio.run(main())
    finally:
        store.close()
        server.stop()
