"""Friends, blocks and private tables through real clients on a real ``spades serve`` (SQLite, PostgreSQL, and two
processes with Redis): a friend asked and accepted, their presence and where they are, an invitation to a seat
taken; a blocked player's chat never reaching the blocker, quick play seating them apart, the blocked kept from
the blocker's private table; a private table invisible to others and taken by its link."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from governance_support import frame, of_type, person, rooms_of
from room_server import FAST, close_all
from spades.room.client import RoomClient


@pytest.fixture(params=["sqlite", "postgresql", "two processes"])
def rooms(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[list[str], str]]:
    yield from rooms_of(request.param, tmp_path)


async def until(client: RoomClient, message: dict[str, Any], test: Any, seconds: float = 60) -> dict[str, Any]:
    """Ask again (every half second) until the reply passes ``test``: what another process knows arrives in its
    own time."""
    deadline = asyncio.get_running_loop().time() + seconds
    while True:
        reply = await client.request(dict(message))
        if test(reply) or asyncio.get_running_loop().time() > deadline:
            return reply
        await asyncio.sleep(0.5)


def test_friends_are_asked_accepted_seen_where_they_are_and_invited(rooms: tuple[list[str], str]) -> None:
    urls, _ = rooms
    at = lambda n: urls[n % len(urls)]  # noqa: E731

    async def main() -> None:
        ann = await person(at(0), "Ann")
        bob = await person(at(1), "Bob")
        cy = await person(at(0), "Cy")
        guest = await person(at(1), "Visitor", guest=True)
        clients = [ann, bob, cy, guest]
        try:
            since = len(bob.frames)
            asked = await ann.request({"type": "friend", "name": "Bob", "act": "ask"})
            assert asked["type"] == "friends" and asked["asking"] == ["Bob"], asked
            told = await frame(bob, of_type("notice", kind="friend_asked"), since)
            assert told["name"] == "Ann" and "Ann asks to be your friend" in told["text"]
            since = len(ann.frames)
            accepted = await bob.request({"type": "friend", "name": "Ann", "act": "accept"})
            assert [f["name"] for f in accepted["friends"]] == ["Ann"] and accepted["asked_by"] == []
            await frame(ann, of_type("notice", kind="friend_accepted"), since)
            refused = await ann.request({"type": "friend", "name": "Visitor", "act": "ask"})
            assert refused["code"] == "not_registered", refused

            listed = await until(ann, {"type": "friends"}, lambda r: r["friends"][0]["where"] == "lobby")
            assert listed["friends"][0]["online"] and listed["friends"][0]["text"] == "Bob is in the lobby."

            # Ann's table: Bob is invited to seat 2, is told with the table and the seat, and takes it
            made = await ann.create("standard", FAST, {1: "normal", 3: "normal"}, pace=0)
            table = made["table"]
            assert (await ann.join(table, 0))["type"] == "table"
            not_friend = await ann.request({"type": "invite", "table": table, "seat": 2, "name": "Cy"})
            assert not_friend["code"] == "not_friends", not_friend
            since = len(bob.frames)
            sent = await ann.request({"type": "invite", "table": table, "seat": 2, "name": "Bob"})
            assert sent["type"] == "notice" and sent["kind"] == "invite_sent", sent
            invited = await frame(bob, of_type("notice", kind="invited"), since)
            assert (invited["table"], invited["seat"], invited["name"]) == (table, 2, "Ann")
            assert "Shift+A" in invited["text"]
            assert (await bob.join(invited["table"], invited["seat"]))["type"] == "table"
            listed = await until(ann, {"type": "friends"}, lambda r: r["friends"][0]["where"] == "waiting")
            assert listed["friends"][0]["table"] == table and f"table {table}" in listed["friends"][0]["text"]

            # ended by Bob: gone from both lists
            await bob.request({"type": "friend", "name": "Ann", "act": "remove"})
            assert (await ann.request({"type": "friends"}))["friends"] == []
        finally:
            await close_all(clients)

    asyncio.run(main())


def test_a_block_keeps_chat_quick_play_and_private_tables_apart(rooms: tuple[list[str], str]) -> None:
    urls, _ = rooms
    at = lambda n: urls[n % len(urls)]  # noqa: E731

    async def main() -> None:
        ann = await person(at(0), "Ann")
        bob = await person(at(1), "Bob")
        cy = await person(at(0), "Cy")
        dan = await person(at(1), "Dan")
        clients = [ann, bob, cy, dan]
        try:
            blocked = await ann.request({"type": "block", "name": "Bob", "blocked": True})
            assert blocked["names"] == ["Bob"]
            # chat: the lobby hears Bob but Ann; Bob is not told
            for client in clients:
                await client.request({"type": "lobby"})
            since = {id(c): len(c.frames) for c in clients}
            said = await bob.request({"type": "chat", "table": None, "text": "hello all"})
            assert said["type"] == "chat"
            for client in (cy, dan):
                await frame(client, of_type("chat", text="hello all"), since[id(client)])
            marker = await cy.request({"type": "chat", "table": None, "text": "after Bob"})
            assert marker["type"] == "chat"
            await frame(ann, of_type("chat", text="after Bob"), since[id(ann)])
            assert not [f for f in ann.frames[since[id(ann)]:] if f.get("type") == "chat" and f["name"] == "Bob"]
            assert not [f for f in bob.frames if f.get("type") in ("blocked", "notice") and "Ann" in str(f)]

            # a private table of Ann's: listed to her friend Cy only, Bob kept out even with its link
            await ann.request({"type": "friend", "name": "Cy", "act": "ask"})
            await cy.request({"type": "friend", "name": "Ann", "act": "accept"})
            made = await ann.create("standard", FAST, {}, pace=0, private=True, watchers=False)
            table, link = made["table"], made["invite"]
            assert made["private"] and "?invite=" in link
            code = link.split("?invite=")[1]
            assert (await ann.join(table, 0))["type"] == "table"
            for stranger in (dan, bob):
                lobby = await stranger.request({"type": "lobby"})
                assert table not in [t["table"] for t in lobby["tables"]]
                assert (await stranger.request({"type": "lobby", "table": table}))["tables"] == []
            seen = await until(cy, {"type": "lobby"}, lambda r: table in [t["table"] for t in r["tables"]])
            assert table in [t["table"] for t in seen["tables"]]
            assert (await dan.join(table, 1))["code"] == "private_table"
            assert (await dan.join(table))["code"] == "private_table"
            assert (await bob.request({"type": "join", "table": table, "seat": 1, "invite": code}))["code"] == \
                "private_table"
            assert (await cy.join(table))["code"] == "no_watchers"
            assert (await cy.join(table, 2))["type"] == "table"
            assert (await dan.request({"type": "join", "table": table, "seat": 1, "invite": code}))["type"] == \
                "table"
            await ann.request({"type": "stand", "table": table})
            for client in (cy, dan):
                await client.request({"type": "stand", "table": table})

            # quick play of two-player games: Ann and Bob never at one table while another pairing exists
            since = {id(c): len(c.frames) for c in clients}
            for client in clients:
                reply = await client.request({"type": "quick", "variant": "two_player", "wait": 60})
                assert reply["type"] == "queue", reply
            tables: dict[str, int] = {}
            for client, name in zip(clients, ("Ann", "Bob", "Cy", "Dan"), strict=True):
                seated = await frame(client, lambda f, name=name: f.get("type") == "table" and any(
                    s["player"] == name for s in f["seats"]), since[id(client)], timeout=90)
                tables[name] = seated["table"]
            assert tables["Ann"] != tables["Bob"], tables
        finally:
            await close_all(clients)

    asyncio.run(main())
