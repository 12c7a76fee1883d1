"""The arena plays duplicate matches and reports what it measured."""

from __future__ import annotations

import json

import pytest

from spades import Rules
from spades.arena import lineups, play_block, run_arena
from spades.cli import main


def test_lineups_swap_the_seats() -> None:
    assert lineups(Rules.preset("standard")) == [(0, 2), (1, 3)]
    assert lineups(Rules.preset("solo")) == [(0,), (1,), (2,), (3,)]
    assert lineups(Rules.preset("two_player")) == [(0,), (1,)]


def test_a_level_against_itself_is_even_on_every_deal() -> None:
    """The same deterministic level on both sides of a duplicate pair plays the same cards, so the margin
    is exactly zero: the swap leaves nothing but skill."""
    out = play_block((Rules.preset("standard"), "easy", "easy", "same", 3, None))
    assert out.margin == 0
    assert out.a.hands.hands == out.b.hands.hands == 3 * 2


@pytest.mark.parametrize("variant", ["standard", "solo", "two_player"])
def test_easy_beats_random(variant: str) -> None:
    report = run_arena("easy", "random", Rules.preset(variant), deals=12, seed=5, block=4, games=1)
    assert report.deals == 12
    assert report.low > 0, report.text()
    assert report.games == len(lineups(Rules.preset(variant)))
    assert report.a_stats.decisions > 0 and report.a_stats.ms_per_decision > 0


def test_parallel_jobs_give_the_same_figures() -> None:
    rules = Rules.preset("whiz")
    one = run_arena("normal", "easy", rules, deals=8, seed=2, block=4, games=1, jobs=1)
    two = run_arena("normal", "easy", rules, deals=8, seed=2, block=4, games=1, jobs=2)
    assert one.margin == pytest.approx(two.margin)
    assert one.wins == two.wins
    assert one.a_stats.hands.sets == two.a_stats.hands.sets


def test_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["arena", "normal", "random", "--variant", "standard", "--option", "target=200",
                 "--deals", "4", "--block", "2", "--games", "1", "--seed", "3", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["a"] == "normal" and data["deals"] == 4
    assert data["rules"]["target"] == 200
    low, high = data["interval95"]
    assert low <= data["margin_per_deal"] <= high
    assert data["games"] == 2
    for key in ("set_rate", "nil_rate", "nil_success", "bags_per_hand", "ms_per_decision"):
        assert key in data["a_stats"]


def test_command_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "easy", "random", "--deals", "2", "--block", "2", "--games", "0"]) == 0
    out = capsys.readouterr().out
    assert "points per deal for easy" in out and "95% interval" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["arena", "easy", "nobody"], "unknown bot level 'nobody'"),
    (["arena", "easy", "random", "--deals", "0"], "--deals"),
    (["arena", "easy", "random", "--option", "blind_nil=yes", "--variant", "whiz"], "blind_nil"),
])
def test_command_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err
