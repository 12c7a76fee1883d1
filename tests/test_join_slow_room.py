"""`spades join` at a room that is slow or silent says so in a sentence and tries again, never with a traceback: a
room that never answers the connection ends, after its tries, with a sentence and a failing exit status; a room
that answers the sign-in late, or is stopped (SIGSTOP) in the middle of a game and goes on (SIGCONT), is waited
for, each wait said, and the game goes on once it answers.

The client's wait for one answer is SPADES_JOIN_WAIT seconds here (twenty by default), so that a test takes
seconds; the tests wait on what the client says, with ceilings far above what it takes on a busy machine."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pexpect
import pytest
import websockets

from room_server import ServeProcess
from test_table_play import SPADES

PATIENCE = 120  # seconds a test waits for a line the client says: far longer than it takes on a busy machine
WAIT = "2"  # SPADES_JOIN_WAIT: the client's wait for one answer, in seconds


def spawn(tmp: Path, args: list[str]) -> pexpect.spawn:
    env = dict(os.environ, SPADES_CONFIG_DIR=str(tmp / "config"), SPADES_DATA_DIR=str(tmp / "data"),
               PYTHONUNBUFFERED="1", SPADES_JOIN_WAIT=WAIT)
    env.pop("SPADES_PASSWORD", None)
    argv = [*SPADES, "join", "--pace", "0", "--trick-pace", "0", "--speech", "none", *args]
    return pexpect.spawn(argv[0], argv[1:], env=env, encoding="utf-8", timeout=PATIENCE, dimensions=(50, 200))


def ended(child: pexpect.spawn) -> str:
    """Everything the client said until it ended, once it has."""
    child.expect(pexpect.EOF)
    child.close()
    return str(child.before)


@pytest.fixture
def silent_room() -> Iterator[str]:
    """A TCP server that takes every connection and never says a word: not even the websocket's handshake."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    taken: list[socket.socket] = []
    closing = threading.Event()

    def accept() -> None:
        while not closing.is_set():
            try:
                taken.append(listener.accept()[0])
            except OSError:
                return

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield f"ws://127.0.0.1:{listener.getsockname()[1]}/ws"
    finally:
        closing.set()
        listener.close()
        for connection in taken:
            connection.close()


def test_a_room_that_never_answers_the_connection_is_tried_again_then_said_and_the_exit_fails(
        silent_room: str, tmp_path: Path) -> None:
    child = spawn(tmp_path, [silent_room, "--name", "Ann"])
    child.expect_exact(f"The room at {silent_room} has not answered the connection in 2 seconds; trying again, try "
                       "2 of 6; press Ctrl-C to stop.")
    child.expect_exact("try 6 of 6; press Ctrl-C to stop.")
    said = ended(child)
    assert "Traceback" not in said
    assert re.search(rf"spades join: the room at {re.escape(silent_room)} did not answer in 12 seconds \(6 tries\); "
                     r"it may be stopped or too busy\. Try again later", said), said
    assert child.exitstatus not in (0, None)


class LateRoom:
    """A websocket server that answers a guest's sign-in only once ``answer`` is set, and refuses everything
    after it (it has no tables): a room too busy to sign anyone in for a while."""

    def __init__(self) -> None:
        self.answer = threading.Event()
        self.asked = threading.Event()
        self.url = ""
        self._ready = threading.Event()
        self._stop: asyncio.Future[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread = threading.Thread(target=asyncio.run, args=(self._main(),), daemon=True)

    async def _serve(self, ws: Any) -> None:
        async for text in ws:
            message = json.loads(text)
            if message["type"] == "guest":
                self.asked.set()
                await asyncio.get_running_loop().run_in_executor(None, self.answer.wait)
                await ws.send(json.dumps({"type": "welcome", "id": message["id"], "token": "late-token",
                                          "player": {"name": message.get("name", "Guest 1"), "guest": True}}))
            else:
                await ws.send(json.dumps({"type": "error", "id": message.get("id"), "code": "server_error",
                                          "message": "this room has no tables today"}))

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = self._loop.create_future()
        async with websockets.serve(self._serve, "127.0.0.1", 0) as server:
            self.url = f"ws://127.0.0.1:{server.sockets[0].getsockname()[1]}/ws"
            self._ready.set()
            await self._stop

    def __enter__(self) -> LateRoom:
        self._thread.start()
        assert self._ready.wait(60)
        return self

    def __exit__(self, *_: object) -> None:
        self.answer.set()
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set_result, None)
        self._thread.join(30)


def test_a_sign_in_answered_late_is_waited_for_and_said_and_the_join_goes_on(tmp_path: Path) -> None:
    with LateRoom() as room:
        child = spawn(tmp_path, [room.url, "--name", "Ann"])
        child.expect_exact("The room has not answered in 2 seconds; it may be busy. Waiting again, try 2 of 6; press "
                           "Ctrl-C to stop.")
        assert room.asked.is_set()
        room.answer.set()  # the room answers at last: signed in, and on to the next question, which it refuses
        child.expect_exact(f"Signed in at {room.url} as Ann (a guest).")
        said = ended(child)
    assert "Traceback" not in said and "spades join: this room has no tables today" in said, said
    assert child.exitstatus not in (0, None)


def test_a_room_stopped_at_the_sign_in_and_in_the_middle_of_a_game_is_waited_for_and_the_game_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The room is stopped (SIGSTOP) before `spades join` connects: the connection is tried again, each try said,
    until the room goes on (SIGCONT); then the room is stopped at the player's bid, and the bid is waited for,
    each wait said, until the room goes on and answers it; the game is played to its end."""
    from test_join import JoinDriver

    monkeypatch.setenv("SPADES_JOIN_WAIT", WAIT)
    server = ServeProcess(str(tmp_path / "room.sqlite3"), tmp_path).start()
    assert server.process is not None
    server.process.send_signal(signal.SIGSTOP)
    stopped = True
    joined = JoinDriver(tmp_path / "join", [server.url, "--name", "Ann", "-o", "hands=1"])
    joined.child.timeout = PATIENCE
    try:
        joined.expect(re.escape(f"The room at {server.url} has not answered the connection in 2 seconds; trying "
                                "again, try 2 of 6; press Ctrl-C to stop."))
        server.process.send_signal(signal.SIGCONT)
        stopped = False
        joined.expect(re.escape(f"Signed in at {server.url} as Ann (a guest)."))
        joined.expect(r"Your turn to bid: ([^\r\n]*)\.\r?\n")
        legal = joined.child.match.group(1)
        server.process.send_signal(signal.SIGSTOP)
        stopped = True
        joined.bid(legal)
        joined.expect(re.escape("The room has not answered in 2 seconds; it may be busy. Waiting again, try 2 of 6; "
                                "press Ctrl-C to stop."))
        server.process.send_signal(signal.SIGCONT)
        stopped = False
        joined.play_until()  # the room took the bid: the game goes on to its end
    finally:
        if stopped:
            server.process.send_signal(signal.SIGCONT)
        joined.child.close(force=True)
        server.stop()
    transcript = joined.transcript
    assert "Traceback" not in transcript, transcript
    assert "Not possible" not in transcript  # the bid was waited for, not refused for a late answer
    assert "Your statistics at the room" in transcript or "The room keeps statistics" in transcript


def test_a_leaderboard_the_room_never_gives_is_asked_again_then_said(silent_room: str, tmp_path: Path) -> None:
    child = spawn(tmp_path, [silent_room, "--leaderboard"])
    child.expect_exact(f"The room at {silent_room} has not given its leaderboard (timed out during opening "
                       "handshake); trying again, try 2 of 6; press Ctrl-C to stop.")
    said = ended(child)
    assert "Traceback" not in said
    assert f"spades join: the room at {silent_room} did not give its leaderboard in 6 tries: " in said, said
    assert child.exitstatus not in (0, None)
