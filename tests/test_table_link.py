"""The table is a console fed only through a seat's link: it never imports the game, and when the others' moves
arrive over time (people at an online table) it says the same words, answering the reading keys meanwhile."""

from __future__ import annotations

import ast
import io
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from spades import Game, Rules
from spades.bots import make_bot
from spades.host import Host
from spades.table.config import Settings
from spades.table.keys import LineInput
from spades.table.link import LocalLink
from spades.table.session import Output, Table

CONSOLE = Path(__file__).resolve().parent.parent / "src" / "spades" / "table" / "session.py"


def test_the_console_never_imports_the_game() -> None:
    tree = ast.parse(CONSOLE.read_text(encoding="utf-8"))
    imported: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            imported.add("." * node.level + (node.module or ""))
            imported.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
    assert imported.isdisjoint({"..game", "spades.game", "Game", "..host", "..record", ".saves"}), imported
    assert "Game" not in {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}


class SlowLink(LocalLink):
    """A local game whose other seats answer only every third wait, as people at an online table do."""

    waits = 0
    idle = 0

    def wait(self, timeout: float) -> bool:
        self.waits += 1
        if self.waits % 3:
            self.idle += 1
            return False
        return super().wait(timeout)


class Recorder(Output):
    def __init__(self) -> None:
        super().__init__(io.StringIO())
        self.lines: list[tuple[str, bool]] = []

    def __call__(self, line: str, interrupt: bool = False, remember: bool | None = None) -> None:
        self.lines.append((line, interrupt))
        super().__call__(line, interrupt, remember)


class Player:
    """Plays the last legal bid and the first legal card; while the others are to move, presses w."""

    line_mode = True

    def __init__(self) -> None:
        self.table: Table | None = None
        self.limit = 5000
        self.asked = 0

    def ready(self, timeout: float) -> bool:
        return True

    def read(self) -> str | None:
        self.limit -= 1
        table = self.table
        assert table is not None and self.limit > 0
        if table.confirm is not None:
            return "y"
        if table.waiting_next:
            return "n"
        if table.over:
            return "q"  # the game has ended: leave instead of asking the coach
        view = table.view()
        if not view.legal:
            self.asked += 1
            return "w"
        action = view.legal[-1] if view.phase == "bid" else view.legal[0]
        return {"nil": "0", "blind nil": "0"}.get(str(action), str(action))

    @contextmanager
    def raw(self) -> Iterator[None]:
        yield


def run(link: LocalLink) -> tuple[Recorder, Player]:
    out = Recorder()
    player = Player()
    table = Table(link=link, adviser=make_bot("random"), settings=Settings(pace=0, trick_pace=0), input=player,
                  out=out)
    player.table = table
    assert table.run() == 0 and table.over
    return out, player


def local(variant: str, tmp: Path, kind: type[LocalLink] = LocalLink) -> LocalLink:
    game = Game(Rules.preset(variant, hands=1), seed=11)
    human = 1 if game.n == 2 else 2
    bots = {seat: make_bot("random", seed=seat) for seat in range(game.n) if seat != human}
    return kind(Host(game, bots), human, save_to=tmp / "save.json")


def test_moves_that_arrive_over_time_are_said_in_the_same_words_and_keys_answer_meanwhile(tmp_path: Path) -> None:
    for variant in ("standard", "two_player"):
        at_once, _ = run(local(variant, tmp_path))
        slow = local(variant, tmp_path, SlowLink)
        over_time, player = run(slow)
        kept = "The game is kept as "  # each game's record has a file of its own
        said = [line for line, interrupt in over_time.lines if not interrupt and not line.startswith(kept)]
        assert said == [line for line, interrupt in at_once.lines if not interrupt and not line.startswith(kept)]
        assert isinstance(slow, SlowLink) and slow.idle > 20 and player.asked == slow.idle
        answers = [line for line, interrupt in over_time.lines if interrupt]
        assert len(answers) == player.asked and all("turn" in line for line in answers)


def test_line_input_knows_when_a_line_is_waiting(tmp_path: Path) -> None:
    reading, writing = os.pipe()
    with os.fdopen(reading, "r") as stream:
        source = LineInput(stream)
        os.write(writing, b"AS\nbid 4\n")
        assert source.ready(1) and source.read() == "AS"
        assert source.ready(0)  # the second line came with the first: it is waiting, not lost in a buffer
        assert source.read() == "bid 4"
        assert not source.ready(0.01)
        os.write(writing, b"q")
        assert not source.ready(0.01)  # half a line
        os.close(writing)
        assert source.ready(0.01) and source.read() == "q" and source.read() is None
