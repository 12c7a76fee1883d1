"""Quick play and the rematch on two ``spades serve`` processes sharing one PostgreSQL database and one Redis, with
real websocket clients: the queue seats the nearest ratings and keeps the rest waiting, offers the computer once a
wait is over, never seats anyone twice however the processes race, and lets people out; a finished table's people
all accepting a rematch get a new table with the same seats, and one declining leaves it at that."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from room_databases import REDIS, redis_unreachable
from room_server import Seat, ServeProcess, close_all, sit, start
from spades.room.client import RoomClient
from spades.room.store import Store
from spades.room.store.queue import queued
from spades.room.store.ratings import RatingRow

pytestmark = pytest.mark.xdist_group("room_quick")


@pytest.fixture(scope="module")
def rooms(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServeProcess, ServeProcess, Store]]:
    from room_databases import postgres_database, postgres_unreachable

    reason = postgres_unreachable() or redis_unreachable()
    if reason:
        pytest.skip(reason)
    tmp = tmp_path_factory.mktemp("quick")
    with postgres_database() as url:
        first = ServeProcess(url, tmp, REDIS, name="first").start()
        second = ServeProcess(url, tmp, REDIS, name="second").start()
        store = Store(url)
        try:
            yield first, second, store
        finally:
            store.close()
            first.stop()
            second.stop()


def rate(store: Store, ratings: dict[str, float], group: str = "partnership") -> None:
    """Give players known ratings (ordinal = mu - 3 sigma, with sigma 1)."""
    with store.transaction() as session:
        for name, ordinal in ratings.items():
            player = store.player(name)
            assert player is not None
            session.merge(RatingRow(player_id=player.id, rating_group=group, mu=ordinal + 3.0, sigma=1.0, games=9))


async def guests(urls: list[str], names: list[str]) -> dict[str, RoomClient]:
    clients: dict[str, RoomClient] = {}
    for url, name in zip(urls, names, strict=True):
        client = await RoomClient(url).connect()
        assert (await client.guest(name))["type"] == "welcome"
        clients[name] = client
    return clients


def frames(client: RoomClient, kind: str) -> list[dict[str, Any]]:
    return [f for f in client.frames if f.get("type") == kind]


def test_six_people_on_two_processes_give_one_table_of_the_nearest_four(rooms: Any) -> None:
    first, second, store = rooms
    ratings = {"Ann": 10.0, "Bo": 11.0, "Cat": 30.0, "Dan": 12.0, "Eve": 13.0, "Fay": -20.0}

    async def main() -> None:
        clients = await guests([first.url, second.url] * 3, list(ratings))
        rate(store, ratings)
        try:
            await asyncio.gather(*(c.request({"type": "quick", "variant": "standard", "wait": 600})
                                   for c in clients.values()))
            seated = {name: await clients[name].wait_for(lambda f: f["type"] == "table", 60)
                      for name in ("Ann", "Bo", "Dan", "Eve")}
            table = seated["Ann"]["table"]
            assert {f["table"] for f in seated.values()} == {table}
            seats = {s["player"]: s["seat"] for s in seated["Ann"]["seats"]}
            # strongest with weakest: Eve (13) and Ann (10) against Dan (12) and Bo (11)
            assert seats == {"Eve": 0, "Dan": 1, "Ann": 2, "Bo": 3}
            for client in (clients[n] for n in seats):
                said = await client.wait_for(lambda f: f["type"] == "said" and "Quick play" in f["text"], 60)
                assert said["text"].startswith(f"Quick play: table {table}. You sit at ")
                await client.wait_for(lambda f: f["type"] == "update" and f["table"] == table, 60)
            assert "your partner is Ann" in next(f["text"] for f in clients["Eve"].frames
                                                 if f["type"] == "said" and "Quick" in f["text"])
            assert sorted(q.name for q in queued(store, "standard")) == ["Cat", "Fay"]
            for name in ("Cat", "Fay"):
                await clients[name].wait_for(lambda f: f["type"] == "queue" and f["waiting"] == 2, 60)
                assert not frames(clients[name], "table")
            assert frames(clients["Cat"], "queue")[-1]["text"] == "2 of 4 players; waiting."
            # leaving the queue, and closing the connection, take a player out
            reply = await clients["Cat"].request({"type": "leave_queue"})
            assert reply["type"] == "queue" and reply["waiting"] == 0
            await clients["Fay"].wait_for(lambda f: f["type"] == "queue" and f["waiting"] == 1, 60)
            again = await clients["Cat"].request({"type": "leave_queue"})
            assert again["type"] == "error" and again["code"] == "not_queued"
            await clients["Fay"].close()
            for _ in range(1200):  # a minute at least for the room to see the connection gone
                if not queued(store, "standard"):
                    break
                await asyncio.sleep(0.05)
            assert queued(store, "standard") == []
        finally:
            await close_all(clients.values())

    asyncio.run(main())


def test_no_one_is_seated_twice_when_both_processes_match_at_once(rooms: Any) -> None:
    first, second, store = rooms
    names = [f"Racer {i}" for i in range(10)]

    async def main() -> None:
        clients = await guests([first.url, second.url] * 5, names)
        try:
            for _ in range(3):  # each quick again moves its player: the queues churn on both processes at once
                await asyncio.gather(*(c.send({"type": "quick", "variant": "whiz", "wait": 600})
                                       for c in clients.values()))
            for _ in range(2400):  # two tables of four are made (on a busy machine this can take seconds) ...
                told = sum(1 for c in clients.values() if frames(c, "table"))
                if len(queued(store, "whiz")) == 2 and told == 8:
                    break
                await asyncio.sleep(0.05)
            await asyncio.sleep(2.5)  # ... and any second seating would have come by now
            tables = {f["table"] for c in clients.values() for f in frames(c, "table")}
            stored = [store.table(t) for t in tables]
            seated = Counter(s.player for info in stored if info for s in info.seats if s.player)
            assert len(stored) == 2 and all(count == 1 for count in seated.values())
            assert sum(seated.values()) == 8
            told = {name for name, c in clients.items() if frames(c, "table")}
            assert told == set(seated), "every player seated, by either process, is told the table"
            for name, client in clients.items():
                assert len({f["table"] for f in frames(client, "table")}) <= 1, name
            assert len(queued(store, "whiz")) == 2
        finally:
            await close_all(clients.values())

    asyncio.run(main())


def test_the_computer_is_offered_once_the_wait_is_over(rooms: Any) -> None:
    first, second, store = rooms

    async def main() -> None:
        clients = await guests([first.url, second.url], ["Gil", "Hal"])
        gil, hal = clients["Gil"], clients["Hal"]
        try:
            reply = await gil.request({"type": "quick", "variant": "standard", "wait": 5})
            assert reply["offer"] is False and reply["needed"] == 4 and reply["text"] == "1 of 4 players; waiting."
            assert (await hal.request({"type": "quick", "variant": "standard", "wait": 600}))["waiting"] == 2
            early = await gil.request({"type": "quick_computer", "accept": True})
            assert early["type"] == "error" and early["code"] == "wait_not_over"
            offer = await gil.wait_for(lambda f: f["type"] == "queue" and f["offer"], 60)
            assert "computer may take the empty seats" in offer["text"]
            assert not any(f["offer"] for f in frames(hal, "queue"))
            assert (await hal.request({"type": "quick_computer", "accept": True}))["code"] == "wait_not_over"
            await gil.send({"type": "quick_computer", "accept": True})
            table = await gil.wait_for(lambda f: f["type"] == "table", 60)
            assert table["table"] == (await hal.wait_for(lambda f: f["type"] == "table", 60))["table"]
            seats = {s["seat"]: (s["player"], s["level"]) for s in table["seats"]}
            assert seats == {0: ("Gil", None), 1: ("Hal", None), 2: (None, "normal"), 3: (None, "normal")}
            for client in (gil, hal):
                said = await client.wait_for(lambda f: f["type"] == "said" and "Quick" in f["text"], 60)
                assert said["text"].endswith("your partner is the computer.")
            assert queued(store, "standard") == []
        finally:
            await close_all(clients.values())

    asyncio.run(main())


async def play_out(clients: dict[int, RoomClient], table: int) -> None:
    await asyncio.gather(*(Seat(c, table, s, f"seat {s}").play() for s, c in clients.items()))


def test_a_rematch_when_all_accept_and_none_when_one_declines(rooms: Any) -> None:
    first, second, store = rooms

    async def main() -> None:
        owner = await RoomClient(first.url).connect()
        await owner.guest("Ida")
        table = (await owner.create("standard", {"hands": 1}, pace=0, timeout=600))["table"]
        await owner.join(table, 0)
        clients = {0: owner, 1: await sit(second.url, table, 1, "Jo"), 2: await sit(first.url, table, 2, "Kim"),
                   3: await sit(second.url, table, 3, "Lee")}
        try:
            await start(owner, table)
            await play_out(clients, table)
            for client in clients.values():
                ask = await client.wait_for(lambda f: f["type"] == "rematch" and f["table"] == table, 60)
                assert ask["asked"] == ["Ida", "Jo", "Kim", "Lee"] and ask["accepted"] == []
                assert ask["text"].startswith("Play again with the same seats?")
            for seat in (0, 1, 2):
                reply = await clients[seat].request({"type": "rematch", "table": table, "accept": True})
                assert reply["type"] == "rematch", reply
            said = await clients[3].wait_for(lambda f: f["type"] == "rematch" and len(f["accepted"]) == 3, 60)
            assert said["text"] == "Ida, Jo and Kim accept a rematch; waiting for Lee."
            await clients[3].request({"type": "rematch", "table": table, "accept": True})
            news = [await c.wait_for(lambda f: f["type"] == "table" and f["table"] != table, 60)
                    for c in clients.values()]
            new = news[0]["table"]
            assert {n["table"] for n in news} == {new}
            assert [s["player"] for s in news[0]["seats"]] == ["Ida", "Jo", "Kim", "Lee"]
            assert news[0]["rules"] == {"variant": "standard", "options": {"hands": 1}}
            old, fresh = store.table(table), store.table(new)
            assert old is not None and fresh is not None and fresh.seed != old.seed and fresh.state == "playing"
            for client in clients.values():
                told = await client.wait_for(lambda f: f["type"] == "said" and "Rematch" in f["text"], 60)
                assert told["text"].startswith(f"Rematch: table {new}, the same seats. You sit at ")
                await client.wait_for(lambda f: f["type"] == "update" and f["table"] == new, 60)
            late = await clients[0].request({"type": "rematch", "table": table, "accept": True})
            assert late["code"] == "no_rematch"
            # the rematch's own end: Jo declines, and no table is made
            for client in clients.values():
                client.views.pop(table, None)
            await play_out(clients, new)
            for client in clients.values():
                await client.wait_for(lambda f: f["type"] == "rematch" and f["table"] == new, 60)
            await clients[0].request({"type": "rematch", "table": new, "accept": True})
            await clients[1].request({"type": "rematch", "table": new, "accept": False})
            for client in clients.values():
                no = await client.wait_for(lambda f: f["type"] == "rematch" and f["table"] == new
                                           and f["declined"], 10)
                assert no["text"] == "Jo declined: no rematch." and no["accepted"] == ["Ida"]
            refused = await clients[2].request({"type": "rematch", "table": new, "accept": True})
            assert refused["code"] == "no_rematch" and refused["message"] == "Jo declined: no rematch."
            await asyncio.sleep(1)
            assert not any(f["type"] == "table" and f["table"] not in (table, new)
                           for c in clients.values() for f in c.frames)
        finally:
            await close_all(clients.values())

    asyncio.run(main())


def test_a_connection_whose_row_vanished_is_found_for_a_while_only() -> None:
    """A seating notice may come after this process has seen the row gone: the connection is still found; but a
    row that left for another reason long ago no longer pulls the connection to a table."""
    from datetime import UTC, datetime, timedelta

    from spades.room.lobby.queue import VANISHED_FOR, QuickPlay
    from spades.room.store import Account
    from spades.room.table.connections import Connection

    play = QuickPlay(None)  # type: ignore[arg-type]  # no room: only the bookkeeping is asked
    conn = Connection()
    conn.player = Account(id=1, name="Ivy", guest=True, created=datetime.now(UTC))
    play.vanished[conn] = datetime.now(UTC)
    assert play.connections_of("Ivy") == [conn] and play.connections_of("Jo") == []
    play.vanished[conn] = datetime.now(UTC) - timedelta(seconds=VANISHED_FOR + 1)
    assert play.connections_of("Ivy") == [] and conn not in play.vanished
    play.vanished[conn] = datetime.now(UTC)
    play.forget(conn)  # queued again, seated or closed
    assert play.connections_of("Ivy") == []
