"""The commands around the tables, as a new user meets them: `spades serve` says a busy port in one line, logs
who comes and goes and the games, and says that it stopped; `spades simulate` says which players it ran and
mentions stopped games only when there were some; `spades arena` ends on a line that says what its number is."""

from __future__ import annotations

import asyncio
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from room_server import Seat, ServeProcess
from spades.cli import main
from spades.room.client import RoomClient

SERVE = [sys.executable, "-m", "spades", "serve"]
STAMP = r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d "


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
    await Seat(ada, table, 0, "heard").play(timeout=60)
    await ada.close()


def wait_for_line(log: Path, text: str, timeout: float = 10.0) -> None:
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
    assert len(over) == 1 and re.search(r": North-South -?\d+, East-West -?\d+; (North-South|East-West) won$",
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
