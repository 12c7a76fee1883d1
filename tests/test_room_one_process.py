"""A room alone on its database (no Redis) takes a person's action without first reading the table's actions back:
every action passed its own table lock, so its Host is the database's. With a bus between processes it still
catches up first. (A read and a thread hop fewer per action: what `spades bench room` found the server waiting on.)"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from spades.room import protocol as p
from spades.room.bus import LocalBus
from spades.room.rooms import Connection, Room
from spades.room.store import Store


class OtherProcessesBus:
    """A bus to other processes (as Redis is), that carries nothing here."""

    async def start(self, handler: Any) -> None:
        return None

    async def publish(self, notice: dict[str, Any]) -> None:
        return None

    async def close(self) -> None:
        return None


async def reads_for_one_action(store: Store, bus: Any) -> int:
    room = Room(store, bus, pace=0)
    await room.start()
    frames: list[list[str]] = [[] for _ in range(4)]
    conns = []
    for seat in range(4):
        conn = Connection(send=frames[seat].append)
        room.connections.add(conn)
        await room.welcome(conn, store.guest(None), None)
        conns.append(conn)

    def message(**fields: Any) -> Any:
        return p.parse_client(json.dumps(fields))

    await room.create(conns[0], message(type="create", rules={"variant": "standard", "options": {}}, levels={}))
    table = json.loads(frames[0][-1])["table"]
    for seat, conn in enumerate(conns):
        await room.join(conn, message(type="join", table=table, seat=seat))
    await room.start_game(conns[0], message(type="start", table=table))
    host = room.live[table].host
    assert host is not None
    seat = host.game.turn
    legal = json.loads(frames[seat][-1])["view"]["legal"]

    reads = 0
    actions = store.actions

    def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal reads
        reads += 1
        return actions(*args, **kwargs)

    store.actions = counted  # type: ignore[method-assign]
    await room.act(conns[seat], message(type="act", table=table, action=legal[0], cursor=host.cursor))
    assert store.action_count(table) == 1 and len(host.game.actions) == 1
    assert all(json.loads(f[-1])["cursor"] == host.cursor for f in frames)  # every seat was told
    await room.close()
    return reads


@pytest.mark.parametrize("bus, reads", [(LocalBus(), 0), (OtherProcessesBus(), 1)], ids=["alone", "with others"])
def test_a_room_alone_takes_an_action_without_reading_it_back(tmp_path: Path, bus: Any, reads: int) -> None:
    store = Store(f"sqlite:///{tmp_path / 'room.sqlite3'}")
    try:
        assert asyncio.run(reads_for_one_action(store, bus)) == reads
    finally:
        store.close()
