"""`spades join` driven like a person would, by keys through a pseudo-terminal, at a real `spades serve`: a whole
game says the same lines as `spades play` with the same seed and the same keys, and a server killed mid-hand and
started again is reconnected to by itself, says where the game stands, and the game goes on to the same end."""

from __future__ import annotations

import asyncio
import os
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest
from pexpect.popen_spawn import PopenSpawn

from room_server import Seat, ServeProcess, close_all, sit
from spades.game import Game
from spades.room.client import RoomClient
from spades.rules import Rules
from spades.table.session import END_OFFER
from test_table_play import SPADES, Driver, check_finished, replay

SEED = "11"
OPTIONS = ["-o", "hands=1"]


class JoinDriver(Driver):
    """One `spades join` process at the room, by keys through a pty (the `spades play` driver's moves)."""

    def __init__(self, tmp: Path, args: list[str], password: str | None = None, line: bool = False) -> None:
        env = dict(os.environ, SPADES_CONFIG_DIR=str(tmp / "config"), SPADES_DATA_DIR=str(tmp / "data"),
                   PYTHONUNBUFFERED="1")
        if password is not None:
            env["SPADES_PASSWORD"] = password
        argv = [*SPADES, "join", "--pace", "0", "--trick-pace", "0", "--speech", "none", *args]
        self.line = line
        # a busy room's answer may take longer than the client's wait of ANSWER_TIMEOUT (20 s): the client says so
        # and waits again, up to TRIES times; the test waits for each line as long as the client would in all
        timeout = 120
        if line:
            self.child: pexpect.spawnbase.SpawnBase = PopenSpawn(argv, env=env, encoding="utf-8", timeout=timeout)
        else:
            self.child = pexpect.spawn(argv[0], argv[1:], env=env, encoding="utf-8", timeout=timeout,
                                       dimensions=(50, 200))
        self.child.delaybeforesend = 0.002
        self.log: list[str] = []

    def leave_finished(self) -> None:
        """After the statistics, q leaves; at a table with other people the room then asks about a rematch, which
        n declines."""
        if self.expect([re.escape(END_OFFER), pexpect.EOF]) == 0:
            self.key("q")
            if self.expect([re.escape("Play again with the same seats? y or n"), pexpect.EOF]) == 0:
                self.key("n")
                self.expect_end()


@pytest.fixture
def database(tmp_path: Path) -> str:
    return str(tmp_path / "room.sqlite3")


@pytest.fixture
def server(database: str, tmp_path: Path) -> Iterator[ServeProcess]:
    process = ServeProcess(database, tmp_path, extra=("--seeds",)).start()  # on the free port it takes and says
    try:
        yield process
    finally:
        process.stop()


def table_lines(transcript: str) -> list[str]:
    """What the table said from the first hand on, line by line, without the room's own lines (the connection
    and the room's statistics), which the local table has no reason to say, and the local table's file of the
    finished game, which the room keeps itself."""
    lines = [line.strip() for line in transcript.replace("\r", "").split("\n")]
    start = next(i for i, line in enumerate(lines) if line.startswith("Hand 1."))
    room = ("Connection lost", "Back at the table", "Your statistics at the room", "The room keeps statistics",
            "The game is kept as ", "The game begins.", "Rated game: ", "This game is unrated: ")
    return [line for line in lines[start:] if line and not line.startswith(room)]


def local_game(tmp: Path) -> Driver:
    """The same game at `spades play`, played with the same keys."""
    local = Driver(tmp, ["--seed", SEED, *OPTIONS])
    local.play_until()
    return local


def test_a_whole_game_at_the_room_says_what_the_local_table_says(server: ServeProcess, tmp_path: Path) -> None:
    joined = JoinDriver(tmp_path / "join", [server.http, "--seed", SEED, *OPTIONS, "--name", "Ada", "--password"],
                        password="correct horse")
    joined.expect(r"Signed in at ws://127\.0\.0\.1:\d+/ws as Ada\.")
    joined.expect(r"Spades, standard, 1 hand, [^\r\n]*, at table 1\. You are South\. Press \? for the keys\.")
    joined.play_until()
    transcript = joined.transcript
    check_finished(transcript, replay(transcript, Rules.preset("standard", hands=1), int(SEED)))
    assert re.search(r"Your statistics at the room, Ada: 1 game, \d+ wins?; \d+ contracts? made of \d+; [^\r\n]*\r\n"
                     r"This game is unrated: the computer played North, East and West for all of it\.\r\n",
                     transcript)  # how the game was rated, after the room's statistics
    local = local_game(tmp_path / "play")
    assert table_lines(transcript) == table_lines(local.transcript)
    status, record = server.get("/api/tables/1/record")
    assert status == 200 and record["seed"] == int(SEED)


def test_the_server_killed_mid_hand_comes_back_and_the_game_goes_on(server: ServeProcess, database: str,
                                                                     tmp_path: Path) -> None:
    joined = JoinDriver(tmp_path / "join", [server.url, "--seed", SEED, *OPTIONS])
    joined.expect(r"as Guest \d+ \(a guest\)\.")

    def third_trick(match: re.Match[str]) -> bool:
        return match.group(0).startswith("Your turn.") and joined.transcript.count(" wins trick ") == 2

    joined.play_until(stop=third_trick)
    server.kill()
    joined.expect(r"Connection lost; reconnecting\.")
    again = ServeProcess(database, tmp_path, name="serve-again", port=server.port, extra=("--seeds",)).start()
    try:
        joined.expect(r"Back at the table: hand 1, trick 3, your turn\.")
        joined.play_card()
        joined.play_until()
    finally:
        again.stop()
    transcript = joined.transcript
    assert transcript.count("Connection lost; reconnecting.") == 1
    check_finished(transcript, replay(transcript, Rules.preset("standard", hands=1), int(SEED)))
    assert "The room keeps statistics for registered players only" in transcript
    local = local_game(tmp_path / "play")
    assert table_lines(transcript) == table_lines(local.transcript)


def test_a_room_takes_a_seed_only_when_started_to(tmp_path: Path) -> None:
    plain = ServeProcess(str(tmp_path / "plain.sqlite3"), tmp_path, name="plain").start()

    async def create() -> dict[str, object]:
        client = await RoomClient(plain.url).connect()
        try:
            await client.guest()
            return await client.request({"type": "create", "rules": {"variant": "standard", "options": {}},
                                         "seed": "11"})
        finally:
            await client.close()

    try:
        reply = asyncio.run(create())
    finally:
        plain.stop()
    assert reply["type"] == "error" and reply["code"] == "bad_message"
    assert "spades serve --seeds" in str(reply["message"])


def test_a_table_of_the_room_that_is_not_there(server: ServeProcess, tmp_path: Path) -> None:
    joined = JoinDriver(tmp_path / "join", [server.url, "--table", "9"])
    joined.expect(r"there is no table 9 waiting or under way")
    joined.expect(pexpect.EOF)
    joined.child.close()
    assert joined.child.exitstatus != 0


def test_a_guest_who_leaves_comes_back_to_the_same_seat_with_the_next_join(server: ServeProcess,
                                                                           tmp_path: Path) -> None:
    first = JoinDriver(tmp_path / "join", [server.url, *OPTIONS])
    first.expect(r"as (Guest \d+) \(a guest\)\.")
    name = first.child.match.group(1)

    def mid_hand(match: re.Match[str]) -> bool:
        return match.group(0).startswith("Your turn.") and first.transcript.count(" wins trick ") == 4

    first.play_until(stop=mid_hand)
    first.key("q")
    first.expect(r"Leave the table\? The game goes on: the computer plays for you until you come back\. y or n\.")
    first.key("y")
    first.expect(r"The room keeps the game\. spades join (\S+) --table 1 takes you back to it\. Goodbye\.")
    said = first.child.match.group(1)
    assert said == server.url  # the command said names the room: typed as said, it works
    first.expect(pexpect.EOF)
    second = JoinDriver(tmp_path / "join", [said, "--table", "1"])
    second.expect(rf"as {name} \(a guest\)\.")
    second.expect(r"Resumed: standard game, hand 1\.")
    second.expect(r"Back at the table: hand 1, trick 5, your turn\.")
    second.play_card()
    second.play_until()
    transcript = first.transcript + second.transcript
    check_finished(transcript, replay_record(server, transcript))


def replay_record(server: ServeProcess, transcript: str) -> Game:
    """The game the transcript tells, replayed from the room's record's seed: every line is the engine's."""
    for _ in range(100):  # the room stores the finished game just after its last update
        status, record = server.get("/api/tables/1/record")
        if status == 200:
            break
        time.sleep(0.05)
    assert status == 200, record
    return replay(transcript, Rules.preset("standard", hands=1), record["seed"])


def test_sitting_at_another_owners_table_waits_for_the_start(server: ServeProcess, tmp_path: Path) -> None:
    async def open_table() -> RoomClient:
        owner = await RoomClient(server.url).connect()
        await owner.guest("Table Maker")
        reply = await owner.request({"type": "create", "rules": {"variant": "standard", "options": {"hands": 1}},
                                     "levels": {"0": "normal", "1": "normal", "3": "normal"}, "pace": 0,
                                     "seed": SEED})
        assert reply["type"] == "table", reply
        return owner

    async def start(owner: RoomClient) -> None:
        while True:  # asked at most once a second, the room's rate for a connection's lobby
            tables = (await owner.request({"type": "lobby"})).get("tables")
            if tables and tables[0]["seats"][2]["player"] is not None:
                break
            await asyncio.sleep(1.0)
        reply = await owner.request({"type": "start", "table": 1})
        assert reply["type"] == "table" and reply["state"] == "playing", reply
        await owner.close()

    loop = asyncio.new_event_loop()
    try:
        owner = loop.run_until_complete(open_table())
        joined = JoinDriver(tmp_path / "join", [server.url, "--table", "1"])
        joined.expect(r"at table 1\. You are South\.")
        joined.expect(r"Waiting for Table Maker to start the game\.")
        loop.run_until_complete(start(owner))
    finally:
        loop.close()
    joined.play_until()
    local = local_game(tmp_path / "play")
    assert table_lines(joined.transcript) == table_lines(local.transcript)


def test_a_new_table_left_to_people_starts_when_everyone_has_sat_down(server: ServeProcess,
                                                                      tmp_path: Path) -> None:
    owner = JoinDriver(tmp_path / "join", [server.url, *OPTIONS, "--opponents", "person"])
    owner.expect(r"Others join with: spades join ws://127\.0\.0\.1:\d+/ws --table 1\. "
                 r"The game starts by itself when every seat is taken\.")
    failures: list[BaseException] = []

    async def people() -> None:
        east, west = await asyncio.gather(sit(server.url, 1, 1), sit(server.url, 1, 3))
        try:
            await asyncio.gather(Seat(east, 1, 1, "east").play(), Seat(west, 1, 3, "west").play())
            # they stay until South has answered the rematch (their leaving would decline it first)
            await east.wait_for(lambda f: f.get("type") == "rematch" and bool(f["declined"]), 30)
        finally:
            await close_all([east, west])

    def run_people() -> None:
        try:
            asyncio.run(people())
        except BaseException as error:  # reported by the test, in its own thread
            failures.append(error)

    thread = threading.Thread(target=run_people)
    thread.start()
    owner.expect(r"Guest \d+ sits at (East|West)\.")
    owner.expect(r"Guest \d+ sits at (East|West)\.")
    try:
        owner.play_until(stop=lambda match: match.group(0).startswith("Your statistics"))
        # with other people at the table the room asks about a rematch once the game is left; q declines it
        owner.expect(re.escape("Press C for the coach's review of the last hand, or q to leave."))
        owner.key("q")
        owner.expect(re.escape("Play again with the same seats? y or n"))
        owner.key("q")
        owner.expect(r"Guest \d+ declined: no rematch\.")
        owner.expect_end()
    finally:
        thread.join(30)
        assert not failures, failures  # the people's own failure, when theirs is why South waited in vain
    check_finished(owner.transcript, replay_record(server, owner.transcript))


def test_a_whole_game_at_the_room_in_line_mode_through_a_pipe(server: ServeProcess, tmp_path: Path) -> None:
    joined = JoinDriver(tmp_path / "join", [server.url, "--new", "suicide", "--seed", "3", *OPTIONS], line=True)
    joined.play_until()
    local = Driver(tmp_path / "play", ["--seed", "3", *OPTIONS, "--variant", "suicide"], line=True)
    local.play_until()
    check_finished(joined.transcript, replay(joined.transcript, Rules.preset("suicide", hands=1), 3))
    assert table_lines(joined.transcript) == table_lines(local.transcript)


def coach_after_first_hand(driver: Driver) -> list[str]:
    """Play the first hand, press C before n, and return the review's lines; then leave."""
    driver.play_until(stop=lambda match: match.group(0).startswith("Press n"))
    driver.expect(r"Or press C for the coach's review of your bids and cards\.")
    driver.key("C")
    driver.expect(r"The coach goes through your bids and cards of hand 1\.")
    timeout, driver.child.timeout = driver.child.timeout, 150  # a search: on a busy machine, as long as the
    driver.expect(r"Coach, hand 1: (?:(\d+) of|none of)[^\r\n]*")  # client waits for it (COACH_TIMEOUT)
    driver.child.timeout = timeout
    lines = [driver.child.after.strip()]
    for _ in range(min(int(driver.child.match.group(1) or 0), 3)):
        driver.expect(r"(?:Bidding|Trick \d+): [^\r\n]*")
        lines.append(driver.child.after.strip())
    driver.key("q")
    driver.expect(r"y or n\.")
    driver.key("y")
    driver.expect_end()
    return lines


def test_c_between_hands_at_the_room_says_the_local_tables_review(server: ServeProcess, tmp_path: Path) -> None:
    """The same seed and keys at `spades join` and at `spades play`: C after the first hand gives the same review,
    the room's searched at the room from the seat's own views."""
    joined = JoinDriver(tmp_path / "join", [server.url, "--seed", SEED, "-o", "hands=2"])
    joined.expect(r"as Guest \d+ \(a guest\)\.")
    at_the_room = coach_after_first_hand(joined)
    local = Driver(tmp_path / "play", ["--seed", SEED, "-o", "hands=2"])
    assert at_the_room == coach_after_first_hand(local)


def test_spades_join_goes_back_to_the_game_the_player_did_not_leave() -> None:
    """Found beside a restart's stalled table: Ann left table 1 on purpose and plays at table 2; a plain
    `spades join` took her back to table 1, the first in the lobby, where her seat is the computer's now."""
    from types import SimpleNamespace

    from spades.commands.join import game_under_way

    def table(number: int, away: str | None) -> dict[str, object]:
        return {"table": number, "state": "playing",
                "seats": [{"seat": 0, "player": "Ann", "away": away}, {"seat": 1, "player": None, "away": None}]}

    said: list[str] = []
    link = SimpleNamespace(name="ann", seated=lambda: [table(1, "left"), table(2, "restart")])
    assert game_under_way(link, said.append) == 2  # type: ignore[arg-type]
    assert said == ["Your game at table 2 is under way; back to it."]
    link = SimpleNamespace(name="Ann", seated=lambda: [table(1, "left")])
    assert game_under_way(link, said.append) == 1  # type: ignore[arg-type]  # the only one: back to it
