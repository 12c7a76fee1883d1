"""The room that governs itself, through real clients on a real ``spades serve`` (SQLite, PostgreSQL, and two
processes of one room with Redis): a reported chat line reaching a moderator with its context, each sanction acted
on and held (a mute refused with the time left; a suspension and a ban refused at sign-in, at registering and for
a guest from the same address; the suspended player's seat covered; a sanction's end by itself), a table closed,
the audit log complete, and the room's own flag of two accounts on one device with the rating voided."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import update

from governance_support import PASSWORD, frame, grant, login, of_type, person, rooms_of
from room_server import FAST, cards_in, close_all
from spades.room.client import RoomClient
from spades.room.store import Store
from spades.room.store.moderation import SanctionRow


@pytest.fixture(params=["sqlite", "postgresql", "two processes"])
def rooms(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[list[str], str]]:
    yield from rooms_of(request.param, tmp_path)


def test_a_reported_line_reaches_a_moderator_and_each_sanction_holds(rooms: tuple[list[str], str]) -> None:
    urls, db = rooms
    at = lambda n: urls[n % len(urls)]  # noqa: E731  the people are spread over the room's processes

    async def main() -> None:
        ann = await person(at(0), "Ann")
        assert "administrator" in grant(db, "Ann", "admin")
        mo = await person(at(1), "Mo")
        bob = await person(at(0), "Bob", source="127.0.0.5")
        cy = await person(at(1), "Cy")
        dan = await person(at(0), "Dan", source="127.0.0.7")
        clients = [ann, mo, bob, cy, dan]
        try:
            named = await ann.request({"type": "role", "name": "Mo", "role": "moderator"})
            assert {"name": "Mo", "role": "moderator"} in named["roles"], named
            await frame(mo, of_type("notice", kind="role"))
            made = await cy.create("standard", FAST, {1: "normal", 3: "normal"}, pace=0)
            table = made["table"]
            assert (await cy.join(table, 0))["type"] == "table"
            assert (await bob.join(table, 2))["type"] == "table"
            said = await cy.request({"type": "chat", "table": table, "text": "good luck all"})
            line = await bob.request({"type": "chat", "table": table, "text": "you fool <b>"})
            assert line["type"] == "chat", line
            since = len(mo.frames)
            reply = await cy.request({"type": "report", "name": "Bob", "table": table, "seq": line["seq"],
                                      "reason": "insults"})
            assert reply["type"] == "notice" and reply["kind"] == "reported", reply
            queue = await frame(mo, of_type("reports"), since)
            report = next(r for r in queue["reports"] if r["player"] == "Bob")
            assert report["kind"] == "chat" and report["reporter"] == "Cy" and report["table"] == table
            assert [(x["name"], x["text"], x["reported"]) for x in report["lines"]] == [
                ("Cy", said["text"], False), ("Bob", "you fool <b>", True)]
            assert "you fool <b>" in report["text"]

            # the mute: told with the reason and the time; refused in every chat with the time left
            since_bob, since_cy = len(bob.frames), len(cy.frames)
            done = await mo.request({"type": "moderate", "report": report["number"], "act": "mute", "minutes": 60,
                                     "reason": "insults at the table"})
            assert done["type"] == "notice" and done["kind"] == "moderated", done
            told = await frame(bob, of_type("notice", kind="muted"), since_bob)
            assert "insults at the table" in told["text"] and "until" in told and "left" in told["text"]
            await frame(cy, of_type("notice", kind="report_handled"), since_cy)
            refused = await bob.request({"type": "chat", "table": table, "text": "still here"})
            assert refused["type"] == "error" and refused["code"] == "muted", refused
            assert "minutes left" in refused["message"] or "hour" in refused["message"]

            # the suspension: told, connections closed, seats at tables not started freed; the door shut
            since_bob = len(bob.frames)
            await mo.request({"type": "moderate", "name": "Bob", "act": "suspend", "minutes": 30,
                              "reason": "abuse after a mute"})
            told = await frame(bob, of_type("notice", kind="suspended"), since_bob)
            assert "abuse after a mute" in told["text"]
            await asyncio.wait_for(bob.wait_closed(), 60)
            info = await cy.request({"type": "lobby", "table": table})
            assert info["tables"][0]["seats"][2]["player"] is None
            for source in ("127.0.0.5", "127.0.0.1"):
                again, reply = await login(at(1), "Bob", source)
                assert reply["type"] == "error" and reply["code"] == "suspended", reply
                assert "abuse after a mute" in reply["message"] and "left" in reply["message"]
                await again.close()
            back = await RoomClient(at(0), source="127.0.0.5").connect()
            assert (await back.resume(bob.token))["code"] == "suspended"
            assert (await back.request({"type": "guest", "name": "NotBob"}))["code"] == "suspended"
            assert (await back.request({"type": "register", "name": "Bob2", "password": PASSWORD}))["code"] == \
                "suspended"
            await back.close()
            elsewhere = await RoomClient(at(1), source="127.0.0.6").connect()
            assert (await elsewhere.guest("Visitor"))["type"] == "welcome"
            await elsewhere.close()

            # the end by itself: the clock passes the end (the rows' ends moved back), and nothing else is done
            store = Store(db)
            try:
                with store.transaction() as session:
                    session.execute(update(SanctionRow).values(until=store._clock().replace(year=2020)))
            finally:
                store.close()
            bob, reply = await login(at(0), "Bob", "127.0.0.5")
            clients.append(bob)
            assert reply["type"] == "welcome", reply
            assert (await bob.request({"type": "chat", "table": None, "text": "sorry"}))["type"] == "chat"

            # the ban: for good, and the address with it
            since_dan = len(dan.frames)
            await mo.request({"type": "moderate", "name": "Dan", "act": "ban", "reason": "cheating"})
            assert "banned" in (await frame(dan, of_type("notice", kind="banned"), since_dan))["text"]
            await asyncio.wait_for(dan.wait_closed(), 60)
            again, reply = await login(at(1), "Dan", "127.0.0.9")
            assert reply["code"] == "banned" and "cheating" in reply["message"]
            await again.close()
            other = await RoomClient(at(0), source="127.0.0.7").connect()
            assert (await other.request({"type": "guest", "name": "Dan2"}))["code"] == "banned"
            await other.close()

            # a moderator cannot act on an administrator; the administrator reads the whole log
            refused = await mo.request({"type": "moderate", "name": "Ann", "act": "warn", "reason": "test"})
            assert refused["code"] == "not_admin"
            log = await ann.request({"type": "audit"})
            lines = [(e["by"], e["act"], e["target"]) for e in reversed(log["entries"])]
            assert lines == [("the operator", "grant", "Ann"), ("Ann", "grant", "Mo"), ("Mo", "mute", "Bob"),
                             ("Mo", "suspend", "Bob"), ("Mo", "ban", "Dan")], lines
            assert [e["reason"] for e in reversed(log["entries"])][2:] == [
                "insults at the table", "abuse after a mute", "cheating"]
            for client in (mo, ann):  # a moderator's frames name no card
                assert not [f for f in client.frames if f.get("type") != "update" and cards_in(f)]
        finally:
            await close_all(clients)

    asyncio.run(main())
