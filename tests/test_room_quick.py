"""Quick play and the rematch on two ``spades serve`` processes sharing one PostgreSQL database and one Redis, with
real websocket clients: the queue seats the nearest ratings and keeps the rest waiting, offers the computer once a
wait is over, never seats anyone twice however the processes race, and lets people out; a finished table's people
all accepting a rematch get a new table with the same seats, and one declining leaves it at that."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections import Counter
from typing import Any

import pytest

from room_server import Seat, ServeProcess, close_all, start
from spades.room.client import RoomClient
from spades.room.store import Store
from spades.room.store.queue import queued
from spades.room.store.ratings import RatingRow

pytestmark = pytest.mark.xdist_group("room_quick")


@pytest.fixture
def rooms(room_pair: tuple[ServeProcess, ServeProcess, Store]) -> tuple[ServeProcess, ServeProcess, Store]:
    """The two processes of one room, shared with the modules run in this one's worker (conftest's room_pair)."""
    return room_pair


def rate(store: Store, ratings: dict[str, float], group: str = "partnership") -> None:
    """Give players known ratings (ordinal = mu - 3 sigma, with sigma 1)."""
    with store.transaction() as session:
        for name, ordinal in ratings.items():
            player = store.player(name)
            assert player is not None
            session.merge(RatingRow(player_id=player.id, rating_group=group, mu=ordinal + 3.0, sigma=1.0, games=9))


PEOPLE = itertools.count(2)


def person(url: str) -> RoomClient:
    """A client from a loopback address of its own, as each person comes from theirs: the room's processes share
    the count of guests an address makes (20 an hour), and this module makes more."""
    return RoomClient(url, source=f"127.0.{next(PEOPLE)}.1")


async def guests(urls: list[str], names: list[str]) -> dict[str, RoomClient]:
    clients: dict[str, RoomClient] = {}
    for url, name in zip(urls, names, strict=True):
        client = await person(url).connect()
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
        owner = await person(first.url).connect()
        await owner.guest("Ida")
        table = (await owner.create("standard", {"hands": 1}, pace=0, timeout=600))["table"]
        await owner.join(table, 0)
        clients: dict[int, RoomClient] = {0: owner}
        for seat, url, name in ((1, second.url, "Jo"), (2, first.url, "Kim"), (3, second.url, "Lee")):
            clients[seat] = (await guests([url], [name]))[name]
            assert (await clients[seat].join(table, seat))["type"] == "table"
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


def test_a_seat_left_on_purpose_is_not_claimed_back_when_the_person_returns_from_another_table(rooms: Any) -> None:
    """Found: Ann left table 1 (q, y) and played at table 2; after the room restarted, her client's return (resume)
    put her back at table 1 too ("table 1: Ann is back at South"), so table 1 waited on a seat she was not at,
    neither covered nor played, while her client showed table 2. A seat left on purpose is taken back only by
    asking for it (join)."""
    first, _, store = rooms

    async def main() -> None:
        ann = await person(first.url).connect()
        await ann.guest("Leaver")
        again = None
        try:
            left = (await ann.create("standard", levels={1: "random", 2: "random", 3: "random"}, pace=0,
                                     autostart=True, timeout=1))["table"]
            await ann.join(left, 0)
            await ann.wait_for(lambda f: f["type"] == "update" and f["table"] == left, 60)
            assert (await ann.request({"type": "stand", "table": left}))["type"] == "table"
            playing = (await ann.create("standard", levels={1: "random", 2: "random", 3: "random"}, pace=0,
                                        autostart=True))["table"]
            await ann.join(playing, 0)
            await ann.wait_for(lambda f: f["type"] == "update" and f["table"] == playing, 60)
            await ann.close()
            again = await RoomClient(first.url).connect()
            assert (await again.resume(ann.token))["type"] == "welcome"
            await again.wait_for(lambda f: f["type"] == "update" and f["table"] == playing, 60)
            assert not [f for f in again.frames if f.get("table") == left], "back at the table she left"
            info = store.table(left)
            assert info is not None and info.seats[0].player == "Leaver" and info.seats[0].away == "left"
            # and the table she left goes on without her: the computer covers her seat and the game is played
            deadline = time.monotonic() + 120
            while (store.table(left).state != "over"  # type: ignore[union-attr]
                   and store.action_count(left) < 20):
                assert time.monotonic() < deadline, "the table she left waits on her seat"
                await asyncio.sleep(0.2)
            assert store.table(left).seats[0].covered_from is not None  # type: ignore[union-attr]
        finally:
            await close_all([ann, *([again] if again else [])])

    asyncio.run(main())


def test_two_friends_who_ask_for_each_other_are_seated_as_partners(rooms: Any) -> None:
    """Found: quick play seated two friends who queued together as opponents, with no way to ask to be partners.
    By rating the first and second of four sit on opposite sides; named as each other's partner, they sit
    together."""
    first, second, store = rooms
    ratings = {"Pal One": 20.0, "Pal Two": 19.0, "Other One": 5.0, "Other Two": 4.0}

    async def main() -> None:
        clients = await guests([first.url, second.url, second.url, first.url], list(ratings))
        rate(store, ratings)
        try:
            one = await clients["Pal One"].request({"type": "quick", "variant": "standard", "wait": 600,
                                                    "partner": "pal two"})
            assert one["type"] == "queue" and one["text"].endswith("Waiting for Pal Two to ask for you as partner.")
            await asyncio.gather(*(clients[name].request({"type": "quick", "variant": "standard", "wait": 600})
                                   for name in ("Other One", "Other Two")))
            await asyncio.sleep(2)  # the queue has settled: the one who asked for a partner waits for them
            assert not any(frames(c, "table") for c in clients.values())
            two = await clients["Pal Two"].request({"type": "quick", "variant": "standard", "wait": 600,
                                                    "partner": "Pal One"})
            assert two["text"].endswith("Pal One and you sit together as partners."), two
            tables = {name: await c.wait_for(lambda f: f["type"] == "table", 60) for name, c in clients.items()}
            seats = {s["player"]: s["seat"] for s in tables["Pal One"]["seats"]}
            assert {seats["Pal One"], seats["Pal Two"]} in ({0, 2}, {1, 3}), seats
            said = await clients["Pal Two"].wait_for(lambda f: f["type"] == "said" and "Quick" in f["text"], 60)
            assert said["text"].endswith("your partner is Pal One."), said
            solo = await clients["Other One"].request({"type": "quick", "variant": "solo", "partner": "Other Two"})
            assert solo["code"] == "bad_message", solo
        finally:
            await close_all(clients.values())

    asyncio.run(main())


def queued_people(*people: tuple[str, float, str | None]) -> list[Any]:
    from datetime import UTC, datetime, timedelta

    from spades.room.store.queue import Queued

    start = datetime(2026, 1, 1, tzinfo=UTC)
    return [Queued(name, start + timedelta(seconds=i), 600, rating, partner)
            for i, (name, rating, partner) in enumerate(people)]


def test_pairs_come_whole_or_not_at_all_and_sit_on_a_side_of_their_own() -> None:
    from spades.room.store.queue import balanced_seats, choose_group, nearest_to
    from spades.rules import Rules

    four = Rules.preset("standard")
    people = queued_people(("A", 10, "B"), ("C", 11, None), ("B", 30, "A"), ("D", 31, "E"), ("E", 29, "D"))
    group = choose_group(people, 4, pairs=2)
    assert group is not None and {q.name for q in group} == {"A", "B", "D", "E"}  # two pairs, not C
    seats = balanced_seats(group, four)
    assert {seats["A"], seats["B"]} in ({0, 2}, {1, 3}) and {seats["D"], seats["E"]} in ({0, 2}, {1, 3})
    waiting = queued_people(("A", 10, "B"), ("C", 11, None), ("D", 12, None), ("E", 13, None))
    assert choose_group(waiting, 4, pairs=2) is None  # A waits for B, who has not asked
    assert {q.name for q in nearest_to(waiting, "A", 4, pairs=2)} == {"A", "C", "D", "E"}  # the computer's offer
    six = Rules.preset("six_partners")
    people = queued_people(("A", 1, "B"), ("B", 2, "A"), ("C", 3, "D"), ("D", 4, "C"), ("E", 5, "F"), ("F", 6, "E"))
    seats = balanced_seats(people, six)
    for one, other in (("A", "B"), ("C", "D"), ("E", "F")):
        assert six.side_of(seats[one]) == six.side_of(seats[other])
    assert sorted(seats.values()) == list(range(6))


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
