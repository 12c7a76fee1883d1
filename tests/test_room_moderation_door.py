"""No new door: every moderator and administrator message refused to a player, a guest and a connection that has not
signed in (and the administrator's to a moderator), a revoked moderator refused at once; a moderator watching a
game and handling reports sees no hidden card (the leak check over every frame they receive); a suspended
player's seat at a game under way passes to the computer; a table closed by a moderator; and the room's flag of
two accounts on one device, its rating voided through the report."""

from __future__ import annotations

import asyncio
import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from governance_support import frame, grant, person, rooms_of
from room_server import FAST, Knowledge, Seat, close_all, leaks, stored_record
from spades.room.client import RoomClient

MODERATOR_MESSAGES: list[dict[str, Any]] = [
    {"type": "reports"},
    *({"type": "moderate", "act": act, "name": "Bob", "reason": "test", **extra} for act, extra in (
        ("warn", {}), ("mute", {"minutes": 5}), ("suspend", {"minutes": 5}), ("ban", {}), ("lift", {}),
        ("close", {"table": 1}), ("void", {"table": 1}), ("dismiss", {"report": 1}))),
]
ADMIN_MESSAGES: list[dict[str, Any]] = [
    {"type": "audit"}, {"type": "role"}, {"type": "role", "name": "Bob", "role": "moderator"},
    {"type": "role", "name": "Mo", "role": None},
]


def page(url: str, name: str) -> Any:
    """A player's page, as the web page reads it."""
    with urllib.request.urlopen(url.replace("ws://", "http://").removesuffix("/ws") + f"/api/players/{name}",
                                timeout=60) as response:
        return json.load(response)


@pytest.fixture(params=["sqlite", "postgresql"])
def rooms(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[list[str], str]]:
    yield from rooms_of(request.param, tmp_path)


def test_every_moderator_and_administrator_message_is_refused_to_everyone_else(
        rooms: tuple[list[str], str]) -> None:
    (url,), db = rooms

    async def main() -> None:
        ann = await person(url, "Ann")
        grant(db, "Ann", "admin")
        mo = await person(url, "Mo")
        bob = await person(url, "Bob")
        guest = await person(url, "Visitor", guest=True)
        stranger = await RoomClient(url).connect()
        clients = [ann, mo, bob, guest, stranger]
        try:
            assert (await ann.request({"type": "role", "name": "Mo", "role": "moderator"}))["type"] == "roles"
            assert page(url, "Mo")["role"] == "moderator" and page(url, "Bob")["role"] is None
            made = await bob.create("standard", FAST, {1: "normal", 2: "normal", 3: "normal"}, pace=0)
            assert made["table"] == 1
            for client, moderator_code, admin_code in ((bob, "not_moderator", "not_admin"),
                                                       (guest, "not_moderator", "not_admin"),
                                                       (stranger, "not_signed_in", "not_signed_in"),
                                                       (mo, None, "not_admin")):
                if moderator_code is not None:
                    for message in MODERATOR_MESSAGES:
                        reply = await client.request(dict(message))
                        assert reply["type"] == "error" and reply["code"] == moderator_code, (message, reply)
                for message in ADMIN_MESSAGES:
                    reply = await client.request(dict(message))
                    assert reply["type"] == "error" and reply["code"] == admin_code, (message, reply)
            # nothing was done: Bob speaks, table 1 waits, the log holds only the two roles
            assert (await bob.request({"type": "chat", "table": None, "text": "still free"}))["type"] == "chat"
            assert (await bob.request({"type": "lobby", "table": 1}))["tables"][0]["state"] == "waiting"
            log = await ann.request({"type": "audit"})
            assert [(e["act"], e["target"]) for e in log["entries"]] == [("grant", "Mo"), ("grant", "Ann")]
            # a role taken back holds at once
            assert (await ann.request({"type": "role", "name": "Mo", "role": None}))["roles"] == [
                {"name": "Ann", "role": "admin"}]
            assert (await mo.request({"type": "reports"}))["code"] == "not_moderator"
        finally:
            await close_all(clients)

    asyncio.run(main())


def test_a_moderator_watching_and_acting_sees_no_hidden_card(rooms: tuple[list[str], str]) -> None:
    """The moderator watches a whole game while a report is made at it and handled: every frame they receive
    passes the leak check against the game's record. A suspended player's seat at another game is covered by
    the computer, and a third table is closed by the moderator."""
    (url,), db = rooms

    async def main() -> None:
        mo = await person(url, "Mo")
        grant(db, "Mo", "moderator")
        ada = await person(url, "Ada")
        bob = await person(url, "Bob", source="127.0.0.5")
        cy = await person(url, "Cy")
        clients = [mo, ada, bob, cy]
        try:
            made = await ada.create("standard", FAST, {1: "normal", 2: "normal", 3: "normal"}, pace=0)
            table = made["table"]
            assert (await ada.join(table, 0))["type"] == "table"
            start = len(mo.frames)
            assert (await mo.join(table))["type"] == "table"
            await ada.request({"type": "start", "table": table})
            line = await ada.request({"type": "chat", "table": table, "text": "watch this"})
            assert line["type"] == "chat"
            player = Seat(ada, table, 0, "ada-seed")
            playing = asyncio.create_task(player.play(timeout=300))
            reply = await cy.request({"type": "report", "name": "Ada", "table": None, "reason": "slow play"})
            assert reply["kind"] == "reported", reply
            queue = await mo.request({"type": "reports"})
            report = queue["reports"][0]
            assert report["player"] == "Ada" and report["table"] is None
            done = await mo.request({"type": "moderate", "report": report["number"], "act": "warn",
                                     "reason": "please keep up"})
            assert done["kind"] == "moderated"
            await asyncio.wait_for(playing, 300)
            record = await stored_record_from(url, db, table)
            found = leaks(mo.frames[start:], None, Knowledge(record))
            assert found == [], found

            # a suspended player's seat at a game under way: away, then the computer's after the table's timeout
            other = await bob.create("standard", FAST, {1: "normal", 2: "normal", 3: "normal"}, pace=0,
                                     timeout=1)
            second = other["table"]
            assert (await bob.join(second, 0))["type"] == "table"
            await bob.request({"type": "start", "table": second})
            watch = len(cy.frames)
            assert (await cy.join(second))["type"] == "table"
            await mo.request({"type": "moderate", "name": "Bob", "act": "suspend", "minutes": 10,
                              "reason": "abuse"})
            covered = await frame(cy, lambda f: f.get("type") == "table" and f["table"] == second
                                  and f["seats"][0]["covered"], watch, timeout=90)
            assert covered["seats"][0]["player"] == "Bob"

            # closed by a moderator: its people told, the table closed, nothing more accepted
            since = len(cy.frames)
            closed = await mo.request({"type": "moderate", "act": "close", "table": second,
                                       "reason": "a test of closing"})
            assert closed["kind"] == "moderated", closed
            said = await frame(cy, lambda f: f.get("type") == "said" and f["table"] == second
                               and "closed" in f["text"], since)
            assert "A moderator closed table" in said["text"] and "a test of closing" in said["text"]
            assert (await cy.request({"type": "lobby", "table": second}))["tables"] == []
        finally:
            await close_all(clients)

    asyncio.run(main())


async def stored_record_from(url: str, db: str, table: int) -> Any:
    from room_server import ServeProcess

    server = ServeProcess(db, Path("."))
    server.port = int(url.rsplit(":", 1)[1].split("/")[0])
    return await stored_record(server, table)


def test_two_accounts_on_one_device_are_flagged_and_the_rating_voided(rooms: tuple[list[str], str]) -> None:
    (url,), db = rooms
    device = "same-device-token-0123456789"

    async def main() -> None:
        mo = await person(url, "Mo")
        grant(db, "Mo", "moderator")
        one = await person(url, "Max", device=device)
        two = await person(url, "Min", device=device)
        clients = [mo, one, two]
        try:
            made = await one.create("two_player", FAST, {}, pace=0)
            table = made["table"]
            assert (await one.join(table, 0))["type"] == "table"
            assert (await two.join(table, 1))["type"] == "table"
            since = len(mo.frames)
            await one.request({"type": "start", "table": table})
            await asyncio.gather(Seat(one, table, 0, "max").play(timeout=300),
                                 Seat(two, table, 1, "min").play(timeout=300))
            queue = await frame(mo, lambda f: f.get("type") == "reports" and any(
                r["kind"] == "flag" for r in f["reports"]), since, timeout=60)
            flag = next(r for r in queue["reports"] if r["kind"] == "flag")
            assert flag["table"] == table and flag["reporter"] is None and "one device" in flag["reason"]
            rated = await one.request({"type": "stats", "name": "Max"})
            assert rated["type"] == "stats"
            board = await mo.request({"type": "leaderboard", "group": "two_player"})
            assert {row["name"] for row in board["rows"]} == {"Max", "Min"}, board
            done = await mo.request({"type": "moderate", "report": flag["number"], "act": "void",
                                     "reason": "one person's two accounts"})
            assert done["kind"] == "moderated", done
            board = await mo.request({"type": "leaderboard", "group": "two_player"})
            assert board["rows"] == [], board
        finally:
            await close_all(clients)

    asyncio.run(main())


def test_reports_are_held_to_their_limits(rooms: tuple[list[str], str]) -> None:
    """A report names a real player and, for a line, that player's line in a chat the reporter is at; oneself is
    not reported; at most REPORTS_PER_HOUR a player in any hour, the next refused with the time to wait; a reason
    with markup is kept as the characters typed."""
    from spades.room.protocol import REPORTS_PER_HOUR

    (url,), db = rooms

    async def main() -> None:
        mo = await person(url, "Mo")
        grant(db, "Mo", "moderator")
        ada = await person(url, "Ada")
        bob = await person(url, "Bob")
        clients = [mo, ada, bob]
        try:
            for client in clients:
                await client.request({"type": "lobby"})
            line = await bob.request({"type": "chat", "table": None, "text": "hello"})
            mine = await ada.request({"type": "chat", "table": None, "text": "hi"})
            assert (await ada.request({"type": "report", "name": "Ada", "reason": "x"}))["code"] == "bad_message"
            assert (await ada.request({"type": "report", "name": "Nobody", "reason": "x"}))["code"] == \
                "no_such_player"
            wrong = await ada.request({"type": "report", "name": "Bob", "table": None, "seq": mine["seq"]})
            assert wrong["code"] == "bad_message" and "not Bob's" in wrong["message"], wrong
            elsewhere = await ada.request({"type": "report", "name": "Bob", "table": 99, "seq": 1})
            assert elsewhere["code"] in ("no_such_table", "not_seated"), elsewhere
            for n in range(REPORTS_PER_HOUR):
                reply = await ada.request({"type": "report", "name": "Bob", "table": None, "seq": line["seq"],
                                           "reason": f"<b>spam</b> {n}"})
                assert reply.get("kind") == "reported", reply
            over = await ada.request({"type": "report", "name": "Bob", "reason": "once more"})
            assert over["code"] == "too_many_reports" and "another in" in over["message"], over
            queue = await mo.request({"type": "reports"})
            assert queue["open"] == REPORTS_PER_HOUR
            assert queue["reports"][0]["reason"] == "<b>spam</b> 0"
            assert [x["text"] for x in queue["reports"][0]["lines"]] == ["hello"]
        finally:
            await close_all(clients)

    asyncio.run(main())
