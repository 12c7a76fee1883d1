"""`spades bench room`: a real server under a few tables of websocket clients reports sensible figures."""

from __future__ import annotations

import json
import math

import pytest

from spades.benchmarks import room, targets
from spades.cli import main


def test_room_is_a_bench_target() -> None:
    module = targets()["room"]
    assert module.NAME == "room" and module.HELP


def test_two_tables_for_a_few_seconds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "room", "--tables", "2", "--seconds", "3", "--think-min", "0.05", "--think-max", "0.2",
                 "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["tables"] == 2 and result["connections"] == 8 and result["mode"] == "steady"
    (step,) = result["steps"]
    assert step["actions"] > 0 and step["actions_per_second"] > 0
    assert step["errors"] == 0, step["error_samples"]
    assert 0 < step["p50_ms"] <= step["p99_ms"] <= step["max_ms"] < 5000
    assert step["server_cpu_percent"] > 0 and step["server_threads"] >= 1
    assert result["server_peak_rss_mb"] > 10
    assert step["client_cpu_percent"] and all(x >= 0 for x in step["client_cpu_percent"])
    assert result["machine"]["nproc"] >= 1
    text = targets()["room"].report(result)
    assert f"p99 {step['p99_ms']:.1f} ms" in text and "server CPU" in text and "peak memory" in text


def test_ramp_shortens_the_think_times_until_it_crosses_or_reaches_its_floor() -> None:
    module = targets()["room"]
    result = module.run(1.0, tables=1, think_min=0.02, think_max=0.04, mode="ramp")
    steps = result["steps"]
    assert steps and all(s["actions"] > 0 for s in steps)
    thinks = [s["think_max"] for s in steps]
    assert thinks == sorted(thinks, reverse=True) and len(set(thinks)) == len(thinks)
    crossed = result["crossed_step"]
    if crossed is None:  # it ran to the shortest think time without passing 100 ms
        assert thinks[-1] == room.THINK_FLOOR and all(s["p99_ms"] <= 100 for s in steps)
    else:
        assert crossed == len(steps) - 1 and steps[crossed]["p99_ms"] > 100
    assert all(s["errors"] == 0 for s in steps), [s["error_samples"] for s in steps]  # never over the rate limit
    assert not any(math.isnan(s["p99_ms"]) for s in steps)
    assert "step 1:" in module.report(result)


def test_bad_room_options_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "room", "--tables", "0"]) == 2
    assert "--tables must be at least 1" in capsys.readouterr().err
    assert main(["bench", "room", "--think-min", "2", "--think-max", "1"]) == 2
    assert "--think-min" in capsys.readouterr().err
