"""A turn clock at `spades join`, by keys through a pseudo-terminal at a real `spades serve`: Shift+T says the time
left and the bank (doubled: the player asked for more time), the one warning is said ten seconds before the
deadline, the computer's action is said as the clock's, the player keeps the seat, and the bank is spent."""

from __future__ import annotations

import re
from pathlib import Path

from room_server import ServeProcess
from test_join import JoinDriver


def test_a_clock_runs_out_at_spades_join(tmp_path: Path) -> None:
    server = ServeProcess(str(tmp_path / "room.sqlite3"), tmp_path).start()
    try:
        joined = JoinDriver(tmp_path / "join", [server.url, "--new", "standard", "-o", "hands=1", "--seat", "S",
                                                "--clock", "5+8", "--more-time"])
        joined.expect(r"Your turn to bid")
        joined.key("T")
        joined.expect(r"(\d+) seconds left for you\. Your bank: 16 seconds\.")
        left = int(joined.child.match.group(1))
        assert 10 < left <= 21, left
        joined.key("z")
        joined.expect(re.escape("Clock: 5 seconds an action, and a bank of 8 seconds for the game, doubled for a "
                                "player who asks for more time."))
        joined.expect(re.escape("Ten seconds left."))
        joined.expect(r"Time: the computer bids [\w ]+ for South\.")
        joined.expect(r"Your turn\. ")  # the first card: the seat is still South's own
        joined.key("T")
        joined.expect(r"\d seconds left for you\. Your bank: 0 seconds\.")
        joined.expect(r"Time: the computer plays the \w+ of \w+ for South\.")
        assert joined.transcript.count("Ten seconds left.") == 1
        joined.child.sendcontrol("c")
    finally:
        server.stop()
