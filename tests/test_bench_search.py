"""`spades bench search`: the target is found, measures both loops, and says how to get OpenSpiel without it."""

from __future__ import annotations

import sys

import pytest

from spades.benchmarks import targets
from spades.cli import main


def test_search_is_a_bench_target() -> None:
    module = targets()["search"]
    assert module.NAME == "search" and module.HELP


def test_run_measures_the_kernel_and_reports_it() -> None:
    module = targets()["search"]
    result = module.run(0.05, start_times=False)
    assert result["kernel_playouts"] > 0 and result["kernel_per_second"] > 0
    text = module.report(result)
    assert f"{result['kernel_per_second']:,.0f} playouts/s" in text
    if "openspiel_per_second" in result:
        assert result["open_spiel_game_length"] == 56  # one OpenSpiel game is one hand: 4 bids, 52 cards
        assert result["ratio"] == pytest.approx(result["kernel_per_second"] / result["openspiel_per_second"])
        assert f"{result['ratio']:.1f} x" in text


def test_without_openspiel_it_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel now raises ImportError
    module = targets()["search"]
    result = module.run(0.02, start_times=False)
    assert "ratio" not in result and result["kernel_per_second"] > 0
    assert "pip install 'spades[bench]'" in module.report(result)


def test_seconds_must_be_positive(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "search", "--seconds", "0"]) == 2
    assert "--seconds must be positive" in capsys.readouterr().err
