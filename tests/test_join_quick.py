"""`spades join` through a pseudo-terminal at a real `spades serve`: with --quick it says the queue as it changes,
asks whether the computer may take the empty seats once the wait is over, and plays the table it is seated at; at
the end of a game with other people it says how the game was rated, asks about a rematch, says the answers, and
plays the new table when everyone accepts."""

from __future__ import annotations

import asyncio
import os
import re
import threading
import time
from pathlib import Path

import pexpect

from room_server import Seat, ServeProcess, close_all
from spades.room.client import RoomClient
from test_table_play import SPADES


def test_spades_join_quick_waits_says_the_queue_and_takes_the_computers_offer(tmp_path: Path) -> None:
    server = ServeProcess(str(tmp_path / "room.sqlite3"), tmp_path).start()
    env = dict(os.environ, SPADES_CONFIG_DIR=str(tmp_path / "config"), SPADES_DATA_DIR=str(tmp_path / "data"),
               PYTHONUNBUFFERED="1")
    argv = [*SPADES, "join", server.url, "--quick", "standard", "--wait", "5", "--name", "Quin", "--pace", "0",
            "--trick-pace", "0", "--speech", "none"]
    child = pexpect.spawn(argv[0], argv[1:], env=env, encoding="utf-8", timeout=15, dimensions=(50, 200))
    seated = threading.Event()
    frames: list[dict[str, object]] = []

    def other() -> None:
        async def main() -> None:
            rae = await RoomClient(server.url).connect()
            await rae.guest("Rae")
            await rae.request({"type": "quick", "variant": "standard", "wait": 600})
            await rae.wait_for(lambda f: f["type"] == "table", 30)
            frames.extend(rae.frames)
            seated.set()
            await rae.close()

        asyncio.run(main())

    try:
        child.expect_exact("Waiting for people to play standard: 1 of 4 players; waiting. Press q to leave the "
                           "queue.")
        queued = time.monotonic()
        thread = threading.Thread(target=other)
        thread.start()
        child.expect_exact("2 of 4 players; waiting.\r\n")
        child.send("n")  # no offer yet: the key says the queue again, and no question
        child.expect_exact("2 of 4 players; waiting. Press q to leave the queue.\r\n")
        # the offer in its own words, once the wait is over, after the queue's line that says so
        child.expect_exact("2 of 4 players; waiting. Your wait is over: the computer may take the empty seats.\r\n"
                           "Play with the computer in the empty seats? y or n\r\n", timeout=15)
        assert time.monotonic() - queued >= 4.5  # the --wait of 5 seconds, less the pty's delay
        child.send("y")
        child.expect(r"Quick play: table (\d+)\. You sit at North; your partner is the computer\.", timeout=5)
        assert "did not answer" not in child.before  # the room answers the offer's y at once, with the table
        # where the player sits, then who sits at the other seats (found: the seating line came first)
        assert "plays" not in child.before, child.before
        child.expect_exact("Rae plays East", timeout=5)
        child.expect(r"Hand 1\. \w+ deals\.", timeout=5)
        child.expect(r"Your cards: ", timeout=5)  # dealt; the bidding may wait for Rae, who left, at East
        thread.join(30)
        assert seated.is_set()
        table = next(f for f in frames if f["type"] == "table")
        assert [s["player"] for s in table["seats"]] == ["Quin", "Rae", None, None]  # type: ignore[index]
        child.send("q")
        child.expect_exact("Leave the table? The game goes on: the computer plays for you until you come back. y or n.")
        child.send("y")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
        server.stop()


def test_spades_join_quick_with_a_friend_seats_them_as_partners(tmp_path: Path) -> None:
    """Found: two friends who queued together were seated as opponents, with no way to ask to be partners. With
    --with NAME each names the other (a player of the room: Pal signs in first), and the room seats them on one
    side, whoever else comes first."""
    server = ServeProcess(str(tmp_path / "room.sqlite3"), tmp_path).start()
    env = dict(os.environ, SPADES_CONFIG_DIR=str(tmp_path / "config"), SPADES_DATA_DIR=str(tmp_path / "data"),
               PYTHONUNBUFFERED="1")
    argv = [*SPADES, "join", server.url, "--quick", "standard", "--with", "Pal", "--wait", "600", "--name", "Wendy",
            "--pace", "0", "--trick-pace", "0", "--speech", "none"]
    signed_in, queue = threading.Event(), threading.Event()
    seated: list[dict[str, object]] = []

    def others() -> None:
        async def main() -> None:
            pal = await RoomClient(server.url).connect()
            await pal.guest("Pal")
            signed_in.set()
            queue.wait(60)
            clients = [pal]
            for name in ("Ann", "Bo"):
                client = await RoomClient(server.url).connect()
                await client.guest(name)
                await client.request({"type": "quick", "variant": "standard", "wait": 600})
                clients.append(client)
            await pal.request({"type": "quick", "variant": "standard", "wait": 600, "partner": "Wendy"})
            seated.append(await pal.wait_for(lambda f: f["type"] == "table", 60))
            await close_all(clients)

        asyncio.run(main())

    thread = threading.Thread(target=others)
    thread.start()
    assert signed_in.wait(60)
    child = pexpect.spawn(argv[0], argv[1:], env=env, encoding="utf-8", timeout=60, dimensions=(50, 200))
    try:
        child.expect_exact("Waiting for people to play standard")
        queue.set()
        child.expect(r"Quick play: table (\d+)\. You sit at (\w+); your partner is Pal\.", timeout=60)
        thread.join(60)
        assert seated, "Pal was not seated"
        players = [s["player"] for s in seated[0]["seats"]]  # type: ignore[index]
        mine, pal = players.index("Wendy"), players.index("Pal")
        assert (mine - pal) % 4 == 2, players  # across the table: one side
        child.send("q")
        child.expect_exact("y or n.")
        child.send("y")
        child.expect(pexpect.EOF)
    finally:
        queue.set()
        child.close(force=True)
        server.stop()


# The room checks one password at a time, at the lowest priority: on a busy machine each check takes seconds, and
# the four people's sign-ins queue behind each other. The room's other news comes after storing a game.
PATIENCE = 150.0


async def registered(url: str, name: str) -> RoomClient:
    from test_room_ratings import PASSWORD

    client = await RoomClient(url).connect(PATIENCE)
    reply = await client.request({"type": "register", "name": name, "password": PASSWORD}, PATIENCE)
    assert reply["type"] == "welcome", reply
    return client


def test_spades_join_says_the_rating_then_asks_for_a_rematch_says_the_answers_and_moves_to_it(tmp_path: Path
                                                                                                ) -> None:
    """Four registered people, one of them at `spades join` (South), play a game of one hand: the terminal says how
    it was rated (the room's own line), then asks about a rematch and says the others' answers one by one; all
    accept, and the terminal is at the new table with the same seats, its game under way."""
    from test_join import JoinDriver
    from test_room_ratings import PASSWORD

    server = ServeProcess(str(tmp_path / "room.sqlite3"), tmp_path).start()
    said: list[str] = []  # the rating line, as Ada's client heard it
    left = threading.Event()
    failures: list[BaseException] = []

    async def people() -> None:
        clients = {seat: await registered(server.url, name) for seat, name in ((0, "Ada"), (1, "Bob"), (3, "Di"))}
        try:
            ada = clients[0]
            while not (await ada.request({"type": "lobby"}, PATIENCE)).get("tables"):
                await asyncio.sleep(1.0)  # the room's rate for a connection's lobby: once a second
            for seat, client in clients.items():
                assert (await client.join(1, seat))["type"] == "table"
            await asyncio.gather(*(Seat(c, 1, seat, f"1:{seat}").play(timeout=90) for seat, c in clients.items()))
            line = await ada.wait_for(lambda f: f.get("type") == "said" and f["table"] == 1
                                      and f["text"].startswith(("Rated game", "This game")), PATIENCE)
            said.append(line["text"])
            # each answers once South (Cy) has accepted, so that South hears them one by one
            await ada.wait_for(lambda f: f.get("type") == "rematch" and "Cy" in f["accepted"], PATIENCE)
            for client in clients.values():
                reply = await client.request({"type": "rematch", "table": 1, "accept": True}, PATIENCE)
                assert reply["type"] == "rematch", reply
            for client in clients.values():
                await client.wait_for(lambda f: f.get("type") == "table" and f["table"] == 2, PATIENCE)
            while not left.is_set():  # at the new table until South has left it
                await asyncio.sleep(0.05)
        finally:
            await close_all(clients.values())

    def run_people() -> None:
        try:
            asyncio.run(people())
        except BaseException as error:  # reported by the test, in its own thread
            failures.append(error)

    thread = threading.Thread(target=run_people)
    thread.start()
    cy = JoinDriver(tmp_path / "join", [server.url, "-o", "hands=1", "--partner", "person", "--opponents", "person",
                                        "--name", "Cy", "--password"], password=PASSWORD)
    try:
        cy.play_until(stop=lambda match: match.group(0).startswith("Your statistics"))
        cy.expect(re.escape("Press C for the coach's review of the last hand, or q to leave."))
        cy.key("q")
        cy.expect(r"Your statistics at the room, Cy: [^\r\n]*\r\n(Rated game: [^\r\n]*)\r\n")
        rated = cy.child.match.group(1)
        assert re.fullmatch(r"Rated game: Ada [\d.-]+ \([+-][\d.]+\), Bob [\d.-]+ \([+-][\d.]+\), "
                            r"Cy [\d.-]+ \([+-][\d.]+\), Di [\d.-]+ \([+-][\d.]+\)\.", rated), rated
        cy.expect(re.escape("Play again with the same seats? y or n"))
        assert said == [rated]  # the room's own line, said once, before the question
        cy.key("y")
        for answers in ("Cy accepts a rematch; waiting for Ada, Bob and Di.",
                        "Ada and Cy accept a rematch; waiting for Bob and Di.",
                        "Ada, Bob and Cy accept a rematch; waiting for Di.",
                        "Everyone accepts: the rematch is table 2.",
                        "Rematch: table 2, the same seats. You sit at South.",
                        "Hand 1. "):
            cy.expect(re.escape(answers))
        cy.expect(r"Your cards: [^\r\n]+; h reads every card\.")  # the new game is dealt
        cy.key("q")
        cy.expect(re.escape("Leave the table? The game goes on: the computer plays for you until you come back. "
                            "y or n."))
        cy.key("y")
        cy.expect(r"spades join ws://\S+/ws --table 2 takes you back to it")
        cy.expect_end()
        assert cy.transcript.count("Rated game: ") == 1
    finally:
        left.set()
        cy.child.close(force=True)
        thread.join(60)
        server.stop()
    assert not failures, failures
