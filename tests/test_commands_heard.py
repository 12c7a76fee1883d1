"""The commands around the tables, as a new user meets them: `spades simulate` says which players it ran and
mentions stopped games only when there were some, and `spades arena` ends on a line that says what its number
is."""

from __future__ import annotations

import re

import pytest

from spades.cli import main


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
