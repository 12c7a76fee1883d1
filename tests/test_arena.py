"""The arena plays duplicate matches and reports what it measured."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import spades
from spades import Rules
from spades.arena import ArenaError, Match, lineups, play_block, play_lineup, read_think, run_arena
from spades.cards import Card
from spades.cli import main
from spades.errors import BudgetError
from spades.game import Game


def test_lineups_swap_the_seats() -> None:
    assert lineups(Rules.preset("standard")) == [(0, 2), (1, 3)]
    assert lineups(Rules.preset("solo")) == [(0,), (1,), (2,), (3,)]
    assert lineups(Rules.preset("two_player")) == [(0,), (1,)]
    assert lineups(Rules.preset("three_player")) == [(0,), (1,), (2,)]
    assert lineups(Rules.preset("six_player")) == [(s,) for s in range(6)]
    assert lineups(Rules.preset("six_partners", teams="threes")) == [(0, 2, 4), (1, 3, 5)]
    assert lineups(Rules.preset("six_partners")) == [(0, 3), (1, 4), (2, 5), (1, 2, 4, 5), (0, 2, 3, 5), (0, 1, 3, 4)]


@pytest.mark.parametrize("variant", ["three_player", "five_player", "six_player", "six_partners", "standard"])
def test_each_level_holds_every_seat_equally(variant: str) -> None:
    """Over a deal's plays each level holds each seat the same number of times, and partners always share a
    level: the scheme favours no seat and no level."""
    rules = Rules.preset(variant)
    plays = lineups(rules)
    for seat in range(rules.players):
        held = sum(seat in a for a in plays)
        assert held * rules.players == sum(len(a) for a in plays)
        partner = rules.partner_of(seat)
        assert partner is None or all((seat in a) == (partner in a) for a in plays)


@pytest.mark.parametrize(("variant", "options"), [("three_player", {}), ("six_partners", {}),
                                                  ("six_partners", {"teams": "threes"}),
                                                  ("standard", {"jokers": "jjdd", "nil_pass": 2})])
def test_a_level_against_itself_is_even_at_every_table(variant: str, options: dict[str, str]) -> None:
    out = play_block(Rules.preset(variant, **options), Match("normal", "normal"), "same", 2)
    assert out.margin == pytest.approx(0, abs=1e-9)
    assert out.deal_margins == pytest.approx([0, 0], abs=1e-9)


def test_a_level_against_itself_is_even_on_every_deal() -> None:
    """The same deterministic level on both sides of a duplicate pair plays the same cards, so the margin
    is exactly zero: the swap leaves nothing but skill."""
    out = play_block(Rules.preset("standard"), Match("easy", "easy"), "same", 3)
    assert out.margin == 0
    assert out.deal_margins == [0, 0, 0]
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
    assert _figures(one.to_dict()) == _figures(two.to_dict())  # the outcomes are put together in task order


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


def _figures(report: dict[str, Any]) -> dict[str, Any]:
    """A report's figures without the times it took, which no two runs share."""
    out = {k: v for k, v in report.items() if k != "seconds"}
    for side in ("a_stats", "b_stats"):
        out[side] = {k: v for k, v in report[side].items() if k != "ms_per_decision"}
    return out


def test_the_block_margin_is_the_mean_of_its_deals() -> None:
    out = play_block(Rules.preset("standard"), Match("normal", "easy"), "sum", 4)
    assert len(out.deal_margins) == 4 and any(out.deal_margins)
    assert sum(out.deal_margins) / 4 == pytest.approx(out.margin)


# -- --think: seconds or sampled deals ----------------------------------------------------------------------------

def test_think_takes_seconds_and_sampled_deals() -> None:
    assert read_think(None) is None
    assert read_think("0.1") == 0.1 and read_think(0.25) == 0.25
    assert read_think("200i") == "200i" and read_think(" 3D ") == "3i"
    assert read_think("0.2s") == 0.2
    for bad in ("abc", "-1", "0i", "nan"):
        with pytest.raises(BudgetError):
            read_think(bad)


def test_a_deal_budget_gives_the_same_deals_with_any_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    """With a budget in sampled deals every decision is fixed by the view and the seed, and the tasks' results are
    put together in task order: the report is the same, deal by deal, in one process or two."""
    reports = []
    for jobs in ("1", "2"):
        assert main(["arena", "hard", "normal", "--deals", "3", "--block", "1", "--games", "1", "--seed", "4",
                     "--think", "3i", "--jobs", jobs, "--json"]) == 0
        reports.append(json.loads(capsys.readouterr().out))
    one, two = reports
    assert one["think"] == "3i"
    assert len(one["deal_margins"]) == 3
    assert _figures(one) == _figures(two)


def test_seconds_do_not_load_the_search_for_levels_that_do_not_search() -> None:
    code = ("import sys; from spades.cli import main; "
            "assert main(['arena', 'easy', 'random', '--deals', '1', '--games', '0', '--think', '0.1']) == 0; "
            "assert 'numba' not in sys.modules, 'numba imported'")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(spades.__file__).parent.parent),
                                                         os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr


# -- --bids LEVEL: the same bids on both sides, card play measured alone -------------------------------------

def _bidding(game: Game) -> list[tuple[int, object]]:
    """Every choice made before the play of each hand (draws, looks, bids), in order."""
    return [(seat, action) for seat, action in game.history if not isinstance(action, Card)]


def _cards(game: Game) -> list[tuple[int, object]]:
    return [(seat, action) for seat, action in game.history if isinstance(action, Card)]


@pytest.mark.parametrize(("variant", "options"), [("standard", {}), ("standard", {"blind_nil": True}),
                                                   ("two_player", {}), ("solo", {})])
def test_with_bids_both_lineups_of_a_deal_hold_the_level_s_bids(variant: str, options: dict[str, Any]) -> None:
    rules = Rules.preset(variant).with_options(hands=1, **options)
    split = Match("easy", "normal", bids="normal")
    own = Match("easy", "normal")
    normal = Match("normal", "normal")
    cards_differ = own_bids_differ = False
    for n in range(6):
        seed = f"bids:{n}"
        games = [play_lineup(rules, seed, split, seats) for seats in lineups(rules)]
        all_normal = play_lineup(rules, seed, normal, lineups(rules)[0])
        for game in games:
            assert _bidding(game) == _bidding(all_normal)  # normal's bids (draws, looks) at every seat
        cards_differ |= len({tuple(_cards(g)) for g in games}) > 1
        own_bids_differ |= len({tuple(_bidding(play_lineup(rules, seed, own, s))) for s in lineups(rules)}) > 1
    assert cards_differ  # the card play is still A's or B's
    assert own_bids_differ  # without --bids, easy's bids are easy's


def test_the_same_card_play_with_the_same_bids_is_even_on_every_deal() -> None:
    report = run_arena("normal", "normal", Rules.preset("standard"), deals=6, seed=7, bids="normal", games=0)
    assert report.block == 1 and report.bids == "normal"
    assert report.deal_margins == [0.0] * 6


def test_with_bids_a_different_card_play_shows(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "easy", "normal", "--bids", "normal", "--deals", "6", "--seed", "7", "--games", "0"]) == 0
    out = capsys.readouterr().out
    assert "bids: normal's at every seat (the draw and Blind Nil too); only card play differs" in out
    assert "blocks of 1 hand," in out
    assert main(["arena", "easy", "normal", "--bids", "normal", "--deals", "6", "--seed", "7", "--games", "0",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["bids"] == "normal"
    assert any(m != 0 for m in data["deal_margins"])


def test_bids_with_an_unknown_level_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "easy", "normal", "--bids", "nobody"]) == 2
    err = capsys.readouterr().err.strip()
    assert "--bids: unknown bot level 'nobody'" in err
    assert len(err.splitlines()) == 1


# -- --ray: the tasks on a Ray cluster ------------------------------------------------------------------------

def test_ray_missing_is_a_one_line_error(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails, as where the extra is not installed
    assert main(["arena", "easy", "random", "--deals", "2", "--games", "0", "--ray", "auto"]) == 2
    err = capsys.readouterr().err.strip()
    assert "pip install 'spades[ray]'" in err
    assert len(err.splitlines()) == 1


def test_a_worker_with_other_code_refuses_to_play() -> None:
    from spades.cluster import _checked, source_fingerprint

    assert _checked(source_fingerprint(), sum, ([1, 2],)) == 3
    with pytest.raises(ArenaError, match="other spades code"):
        _checked("0" * 32, sum, ([1, 2],))


def test_ray_gives_the_same_report_as_one_process() -> None:
    """One small match on a local Ray against the same match in this process: a searching level and a rule level,
    blocks and a whole game (to 200, to keep it short), with a budget in sampled deals."""
    pytest.importorskip("ray", reason="the ray extra is not installed (pip install 'spades[ray]')")
    import ray

    rules = Rules.preset("standard").with_options(target=200)
    size: dict[str, Any] = {"deals": 3, "block": 1, "games": 1, "seed": 9, "think": "2i"}
    local = run_arena("hard", "easy", rules, jobs=1, **size)
    on_ray = run_arena("hard", "easy", rules, jobs=2, ray="auto", **size)
    assert local.games == 2 and len(local.deal_margins) == 3
    assert _figures(on_ray.to_dict()) == _figures(local.to_dict())
    assert not ray.is_initialized()  # the match left Ray shut down


def test_an_address_where_nothing_answers_is_refused_at_once() -> None:
    """Ray would retry such an address for minutes; the arena says so in one line instead."""
    from spades.cluster import _check_reachable

    with socket.socket() as probe:  # a port that was free a moment ago, and is closed now
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(ArenaError, match="nothing answers there"):
        _check_reachable(f"127.0.0.1:{port}")
    with pytest.raises(ArenaError, match="nothing answers there"):
        _check_reachable(f"ray://127.0.0.1:{port}")
