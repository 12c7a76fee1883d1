"""The commands around the tables, as a new user meets them: `spades join --password` tells a wrong password
from a new name, and registers a new name only once its password is typed twice; `spades serve` says a busy port
in one line, logs who comes and goes and the games, and says that it stopped; `spades simulate` says which
players it ran and mentions stopped games only when there were some; `spades arena` ends on a line that says what
its number is. And `scripts/play` says every few seconds that its first install is under way."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from room_server import Seat, ServeProcess
from spades.cli import main
from spades.room.client import RoomClient
from test_table_play import SPADES

SERVE = [sys.executable, "-m", "spades", "serve"]
STAMP = r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d "


@pytest.fixture
def room(tmp_path: Path) -> Iterator[ServeProcess]:
    server = ServeProcess(str(tmp_path / "room.sqlite3"), tmp_path).start()
    try:
        yield server
    finally:
        server.stop()


def join(tmp: Path, room: ServeProcess, name: str) -> pexpect.spawn:
    """`spades join --name NAME --password` in a pseudo-terminal, the password to be typed (none in the
    environment)."""
    env = {key: value for key, value in os.environ.items() if key != "SPADES_PASSWORD"}
    env.update(SPADES_CONFIG_DIR=str(tmp / "config"), SPADES_DATA_DIR=str(tmp / "data"), PYTHONUNBUFFERED="1")
    argv = [*SPADES, "join", room.url, "--name", name, "--password", "--speech", "none", "--pace", "0"]
    child = pexpect.spawn(argv[0], argv[1:], env=env, encoding="utf-8", timeout=60, dimensions=(50, 200))
    child.expect_exact(f"Password for {name}: ")
    return child


def ended(child: pexpect.spawn) -> str:
    """What the child said until it ended, and that it ended refused (exit status 2, as every refusal)."""
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2, child.before
    said = " ".join(str(child.before).split())
    assert not re.search(r"\b(register|login|guest)\.\w+:", said), said  # never a field of the protocol
    return said


def test_join_tells_a_wrong_password_from_a_new_name_and_registers_only_twice_typed(room: ServeProcess,
                                                                                    tmp_path: Path) -> None:
    async def register() -> None:
        client = await RoomClient(room.url).connect()
        assert (await client.register("Alice", "correct horse"))["type"] == "welcome"
        await client.close()

    asyncio.run(register())
    # Found: "register.password: should have at least 8 characters" for Alice, who is registered
    child = join(tmp_path, room, "Alice")
    child.sendline("short")
    said = ended(child)
    assert "spades join: wrong password: Alice is registered at this room with another one" in said
    assert "Type it again" not in said

    child = join(tmp_path, room, "Bob")
    child.sendline("tiny")
    said = ended(child)
    assert ("no player is registered as Bob at this room; to register the name, choose a password of 8 to 128 "
            "characters") in said and "Type it again" not in said

    child = join(tmp_path, room, "Bob")
    child.sendline("correct horse")
    child.expect_exact("No player is registered as Bob at this room yet. To register the name, type the same "
                       "password again.")
    child.expect_exact("Type it again: ")
    child.sendline("correct hoarse")
    assert "the two passwords differ, so Bob was not registered; run the command again" in ended(child)
    assert room.get("/api/players/Bob/stats")[0] == 404

    child = join(tmp_path, room, "Bob")
    child.sendline("correct horse")
    child.expect_exact("Type it again: ")
    child.sendline("correct horse")
    child.expect_exact("Bob is registered at this room; the room keeps your statistics from now on.")
    child.expect(r"Signed in at ws://127\.0\.0\.1:\d+/ws as Bob\.")
    child.terminate(force=True)
    assert room.get("/api/players/Bob/stats")[0] == 200


def test_serve_on_a_busy_port_says_so_in_one_line(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run([*SERVE, "--port", str(port), "--database", str(tmp_path / "room.sqlite3")],
                              capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert done.stdout == ""
    assert done.stderr == (f"spades serve: Port {port} on 127.0.0.1 is in use: another room or program is "
                           "listening there; choose another with --port.\n")


async def _one_game(url: str) -> None:
    """Ada signs in, sits, stands, sits again, plays a one-hand game with the computer and goes."""
    ada = await RoomClient(url).connect()
    await ada.guest("Ada")
    reply = await ada.create("standard", {"hands": 1}, {1: "random", 2: "random", 3: "random"}, pace=0)
    table = reply["table"]
    assert (await ada.join(table, 0))["type"] == "table"
    await ada.request({"type": "stand", "table": table})
    assert (await ada.join(table, 0))["type"] == "table"
    await ada.send({"type": "start", "table": table})
    await Seat(ada, table, 0, "heard").play(timeout=180)
    await ada.close()


def wait_for_line(log: Path, text: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while text not in log.read_text():
        assert time.monotonic() < deadline, f"{text!r} never logged:\n{log.read_text()}"
        time.sleep(0.05)


def test_serve_logs_comings_goings_and_games_and_says_it_stopped(tmp_path: Path) -> None:
    server = ServeProcess(str(tmp_path / "room.sqlite3"), tmp_path).start()
    try:
        asyncio.run(_one_game(server.url))
        wait_for_line(server.log, "Ada's connection closed")
        wait_for_line(server.log, "the game is over")
        assert server.process is not None
        server.process.send_signal(signal.SIGINT)
        out, _ = server.process.communicate(timeout=30)
    finally:
        server.stop()
    assert server.process.returncode == 0
    assert out == ("The room has stopped. Every game is kept in its database; the games under way go on when the "
                   "room starts again.\n")
    lines = server.log.read_text().splitlines()
    assert lines and all(re.match(STAMP, line) for line in lines), lines
    said = [line[20:] for line in lines]
    expected = ["Ada signed in from 127.0.0.1 (a guest)", "table 1: Ada sat at North", "table 1: Ada left the table",
                "table 1: Ada sat at North",
                "table 1: the game started: North Ada, East computer (random), South computer (random), "
                "West computer (random)"]
    assert said[:len(expected)] == expected
    over = [line for line in said if line.startswith("table 1: the game is over after ")]
    assert len(over) == 1 and re.search(r": North-South -?\d+, East-West -?\d+; (North-South|East-West|no side) won$",
                                        over[0]), said
    assert "Ada's connection closed" in said


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def test_simulate_plays_normal_players_by_default_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "simulate", "--games", "2", "--seed", "3")
    lines = out.splitlines()
    assert code == 0
    assert ", normal players, seed 3" in lines[0]
    # normal players finish their games: no word of games stopped when none were
    assert lines[1] == "finished: 2 of 2"
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    assert "(default normal, so that games reach their end" in " ".join(capsys.readouterr().out.split())


def test_simulate_says_how_many_games_it_stopped(capsys: pytest.CaptureFixture[str]) -> None:
    _, out = run(capsys, "simulate", "--bots", "random", "--games", "2", "--max-hands", "1")
    assert ", random players, seed 1" in out.splitlines()[0]
    assert out.splitlines()[1] == "finished: 0 of 2 (2 stopped after 1 hand)"


def test_arena_ends_with_the_time_it_took_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "arena", "random", "random", "--deals", "2", "--games", "0")
    assert code == 0
    last = out.splitlines()[-1]
    assert re.fullmatch(r"played in (under 0\.1 s|\d\.\d s)", last), last


def test_serve_quiet_keeps_warnings_only() -> None:
    import logging

    from spades.commands.serve import show_activity

    log = logging.getLogger("spades.room")
    try:
        show_activity(quiet=True)
        assert not log.isEnabledFor(logging.INFO) and log.isEnabledFor(logging.WARNING)
        show_activity()
        assert log.isEnabledFor(logging.INFO)
    finally:
        log.handlers.clear()
        log.setLevel(logging.NOTSET)
        log.propagate = True


FAKE_PYTHON = """#!/bin/sh
# pip --version for make_venv; pip install: a slow install that says what it collects, as pip does
if [ "$3" = "--version" ]; then echo "pip 24.0"; exit 0; fi
echo "Collecting numba>=0.60"
sleep 1.5
echo "Collecting tqdm>=4.60"
sleep 1.5
echo "Successfully installed numba tqdm spades"
"""


def test_the_first_play_says_every_few_seconds_that_it_is_installing(tmp_path: Path) -> None:
    """Found: the first ./scripts/play installed for about two minutes with no sign of life (pip --quiet)."""
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    for name, text in (("python", FAKE_PYTHON), ("spades", '#!/bin/sh\necho "spades $*"\n')):
        (venv / "bin" / name).write_text(text)
        (venv / "bin" / name).chmod(0o755)
    script = Path(__file__).resolve().parent.parent / "scripts" / "play"
    env = dict(os.environ, SPADES_VENV=str(venv), SPADES_INSTALL_TICK="1")
    done = subprocess.run([str(script), "--line"], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    progress = re.findall(r"^  still installing, (\d+) s so far(?:: (.*))?$", done.stderr, re.MULTILINE)
    assert len(progress) >= 2, done.stderr  # a line a second here (every 10 s by default)
    assert [int(seconds) for seconds, _ in progress] == sorted(int(seconds) for seconds, _ in progress)
    assert {"collecting numba", "collecting tqdm"} & {what for _, what in progress}, done.stderr  # what pip is at
    assert "Successfully installed" in (venv / "install.log").read_text()  # pip's own words, kept
    assert done.stdout == "spades play --line\n"  # and then the table
