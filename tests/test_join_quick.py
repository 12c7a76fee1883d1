"""`spades join --quick` through a pseudo-terminal at a real `spades serve`: it says the queue as it changes, asks
whether the computer may take the empty seats once the wait is over, and plays the table it is seated at."""

from __future__ import annotations

import asyncio
import os
import threading
import time
from pathlib import Path

import pexpect

from room_server import ServeProcess
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
        child.expect(r"Hand 1\. \w+ deals\.", timeout=5)
        child.expect(r"Your turn to bid|bids", timeout=5)
        thread.join(30)
        assert seated.is_set()
        table = next(f for f in frames if f["type"] == "table")
        assert [s["player"] for s in table["seats"]] == ["Quin", "Rae", None, None]  # type: ignore[index]
        child.send("q")
        child.expect_exact("Leave the game? It will be saved. y or n.")
        child.send("y")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
        server.stop()
