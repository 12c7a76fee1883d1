"""Two ``spades serve`` processes on one PostgreSQL database and one Redis: the players of one table connected to
different processes play a whole game, and the same move sent to both processes at once is accepted once."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from room_databases import REDIS
from room_server import Seat, ServeProcess, close_all, sit, start
from spades.room.client import RoomClient
from spades.room.store import Store


def test_two_processes_serve_one_table_and_accept_a_move_once(shared_database: str, tmp_path: Path) -> None:
    first = ServeProcess(shared_database, tmp_path, REDIS, name="first").start()
    second = ServeProcess(shared_database, tmp_path, REDIS, name="second").start()
    store = Store(shared_database)

    async def main() -> None:
        owner = await RoomClient(first.url).connect()
        await owner.guest()
        table = (await owner.create("standard", {"lose_at": -150}, pace=0))["table"]
        assert (await owner.join(table, 0))["type"] == "table"
        clients = {0: owner, 1: await sit(first.url, table, 1), 2: await sit(second.url, table, 2),
                   3: await sit(second.url, table, 3)}
        twin_client = None
        try:
            await start(owner, table)
            for client in clients.values():
                await client.wait_for(lambda f: f["type"] == "update", 10)
            turn = owner.views[table]["turn"]
            mover = clients[turn]
            other = second if turn < 2 else first
            twin_client = await RoomClient(other.url).connect()  # the same player, on the other process
            await twin_client.resume(mover.token)
            await twin_client.wait_for(lambda f: f["type"] == "update", 10)
            cursor = mover.cursors[table]
            assert twin_client.cursors[table] == cursor
            action = mover.views[table]["legal"][0]
            frame = json.dumps({"type": "act", "table": table, "action": action, "cursor": cursor})
            marks = (len(mover.frames), len(twin_client.frames))
            await asyncio.gather(mover.send_raw(frame), twin_client.send_raw(frame))
            for client in clients.values():
                await client.wait_for(lambda f: f["type"] == "update" and f["cursor"] > cursor, 10)
            await asyncio.sleep(0.5)
            errors = [f for client, mark in zip((mover, twin_client), marks, strict=True)
                      for f in client.frames[mark:] if f["type"] == "error"]
            assert len(errors) == 1, errors
            assert errors[0]["code"] in ("not_your_turn", "out_of_date")
            assert store.action_count(table) == 1
            await twin_client.close()
            seats = [Seat(clients[s], table, s, f"seat {s}") for s in clients]
            await asyncio.gather(*(seat.play() for seat in seats))
            views = [c.views[table] for c in clients.values()]
            assert all(v["phase"] == "over" for v in views)
            assert len({json.dumps(v["scores"]) for v in views}) == 1
            for _ in range(100):
                status, record = first.get(f"/api/tables/{table}/record")
                if status == 200:
                    break
                await asyncio.sleep(0.05)
            assert status == 200 and record["result"]["scores"] == views[0]["scores"]
            assert second.get(f"/api/tables/{table}/record") == (200, record)
            assert len(record["actions"]) == store.action_count(table)
        finally:
            await close_all([*clients.values(), *([twin_client] if twin_client else [])])

    try:
        asyncio.run(main())
    finally:
        store.close()
        first.stop()
        second.stop()
