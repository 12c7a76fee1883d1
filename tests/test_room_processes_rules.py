"""The room's per-person rules hold across its processes: one room (two ``spades serve`` processes on PostgreSQL and
Redis) is one server to a client that opens a connection on each process. One person holds at most one seat
at a table, and every per-player limit (chat, failed logins, guests, open tables) counts what the person did on
both processes."""

from __future__ import annotations

import asyncio
import itertools
import json

import pytest

from room_server import ServeProcess, close_all
from spades.room import protocol as p
from spades.room.client import RoomClient
from spades.room.store import Store

NAMES = itertools.count(1)


Pair = tuple[ServeProcess, ServeProcess, Store]
SOURCE = "127.0.1.1"  # this module's clients' address: the room counts the guests an address makes


@pytest.fixture
def pair(room_pair: Pair) -> Pair:
    """Two processes of one room on PostgreSQL and Redis (conftest's room_pair, shared with the quick-play tests,
    which run in the same worker)."""
    return room_pair


async def both_processes(room: Pair) -> tuple[RoomClient, RoomClient]:
    """A connection to each process."""
    first, second, _ = room
    return (await RoomClient(first.url, source=SOURCE).connect(),
            await RoomClient(second.url, source=SOURCE).connect())


def test_one_person_sending_join_for_two_seats_on_two_processes_holds_one_seat(pair: Pair) -> None:
    """Found: with a connection on each process, one player who sent join for seats 0 and 2 of one table at once
    was seated at both, partners, and was sent both hands (2 of 2 tries). The store holds the rule now."""
    store = pair[2]

    async def main() -> None:
        first, second = await both_processes(pair)
        clients = [first, second]
        try:
            reply = await first.guest(f"Twin{next(NAMES)}")
            await second.resume(reply["token"])
            name = reply["player"]["name"]
            for attempt in range(4):  # the race is won or lost by a few milliseconds: try it a few times
                table = (await first.create("standard", {"lose_at": -150},
                                            levels={"1": "random", "3": "random"}, pace=0))["table"]
                frames = [json.dumps({"type": "join", "id": 900 + attempt, "table": table, "seat": seat})
                          for seat in (0, 2)]
                marks = (len(first.frames), len(second.frames))
                await asyncio.gather(first.send_raw(frames[0]), second.send_raw(frames[1]))
                ident = 900 + attempt
                for client, mark in zip(clients, marks, strict=True):
                    await client.wait_for(lambda f, ident=ident: f.get("id") == ident, 60, since=mark)
                seats = [s.seat for s in store.table(table).seats if s.player == name]
                assert len(seats) == 1, f"try {attempt + 1}: {name} holds seats {seats} of table {table}"
        finally:
            await close_all(clients)

    asyncio.run(main())


def test_the_owner_setting_a_level_does_not_unseat_a_person_who_sat_there_at_once(pair: Pair) -> None:
    """Of the same kind: the owner's level for an empty seat was checked by one process and written whatever the
    store held by then, so a person seated there at the same moment by the other process lost the seat unseen,
    still told they sat there. The store writes a level only to a seat no one holds."""
    store = pair[2]

    async def main() -> None:
        owner, person = await both_processes(pair)
        try:
            await owner.guest(f"Owner{next(NAMES)}")
            name = (await person.guest(f"Sitter{next(NAMES)}"))["player"]["name"]
            for attempt in range(4):
                table = (await owner.create("standard", pace=0))["table"]
                level = json.dumps({"type": "level", "id": 800 + attempt, "table": table, "seat": 1,
                                    "level": "random"})
                join = json.dumps({"type": "join", "id": 800 + attempt, "table": table, "seat": 1})
                marks = (len(owner.frames), len(person.frames))
                await asyncio.gather(owner.send_raw(level), person.send_raw(join))
                ident = 800 + attempt
                answers = [await client.wait_for(lambda f, ident=ident: f.get("id") == ident, 60, since=mark)
                           for client, mark in zip((owner, person), marks, strict=True)]
                seat = store.table(table).seats[1]
                if answers[1]["type"] == "table":  # told they sit there: they do
                    assert seat.player == name, f"try {attempt + 1}: {answers}, the store has {seat}"
        finally:
            await close_all([owner, person])

    asyncio.run(main())


def test_chat_lines_split_across_two_processes_are_held_to_the_players_rate(pair: Pair) -> None:
    """Found: 10 lines in a row from one player, alternating between two processes, all passed; the protocol
    says 5 in 10 seconds for the player."""

    async def main() -> None:
        first, second = await both_processes(pair)
        try:
            reply = await first.guest(f"Talker{next(NAMES)}")
            await second.resume(reply["token"])
            answers = []
            for i in range(10):
                client = (first, second)[i % 2]
                answers.append(await client.request({"type": "chat", "table": None, "text": f"line {i}"}, 60))
            kinds = [a["type"] if a["type"] == "chat" else a["code"] for a in answers]
            assert kinds == ["chat"] * p.CHAT_RATE_MESSAGES + ["chat_flood"] * (10 - p.CHAT_RATE_MESSAGES), kinds
        finally:
            await close_all([first, second])

    asyncio.run(main())


def test_failed_logins_and_open_tables_count_on_both_processes(pair: Pair) -> None:
    """Failed logins were counted per process: a name had twice its free failures over two processes. (A player's
    open tables were counted in the store already; they are now counted in the new table's own transaction, so
    that tables made at the same moment on two processes count too.)"""

    async def main() -> None:
        first, second = await both_processes(pair)
        clients = [first, second]
        try:
            owner = await first.guest(f"Owner{next(NAMES)}")
            await second.resume(owner["token"])
            made = []
            for i in range(p.MAX_OPEN_TABLES + 1):
                made.append(await clients[i % 2].request({"type": "create", "rules": {"variant": "standard"},
                                                          "levels": {"1": "random"}}, 60))
            kinds = [m["type"] if m["type"] == "table" else m["code"] for m in made]
            assert kinds == ["table"] * p.MAX_OPEN_TABLES + ["too_many_tables"], kinds

            name = f"Locked{next(NAMES)}"
            assert (await first.register(name, "correct horse"))["type"] == "welcome"
            codes = []
            for i in range(p.LOGIN_FREE_PER_NAME + 1):
                codes.append((await clients[i % 2].login(name, f"wrong horse {i}"))["code"])
            assert codes == ["bad_password"] * p.LOGIN_FREE_PER_NAME + ["too_many_attempts"], codes
        finally:
            await close_all(clients)

    asyncio.run(main())


def test_guests_from_one_address_count_on_both_processes(pair: Pair) -> None:
    """Last in the module: it uses up the address's guests."""

    async def main() -> None:
        first, second = await both_processes(pair)
        try:
            codes = []
            for i in range(p.GUESTS_PER_ADDRESS + 2):
                client = (first, second)[i % 2]
                answer = await client.request({"type": "guest"}, 60)
                codes.append(answer.get("code", answer["type"]))
            assert codes.count("welcome") <= p.GUESTS_PER_ADDRESS, codes
            assert codes[-2:] == ["too_many_guests"] * 2, codes
        finally:
            await close_all([first, second])

    asyncio.run(main())
