"""The `spades` commands of the engine: rules, simulate (every preset, JSON, records) and replay."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from spades import VARIANTS
from spades.cli import main
from spades.record import load_record
from spades.words import announce


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("variant", VARIANTS)
def test_simulate_runs_every_preset_to_the_end(variant: str, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    # Random bidders rarely reach a target, so the game ends by the rules' own lose_at.
    code, out, _ = run(capsys, "simulate", "--variant", variant, "--bots", "random", "--option", "lose_at=-200",
                       "--games", "3", "--seed", "5", "--json", "--records", str(tmp_path))
    assert code == 0
    summary = json.loads(out)
    assert summary["games"] == 3
    assert summary["finished"] == 3
    assert sum(summary["wins"]) == 3
    assert summary["hands"] >= 3
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 3
    for path in records:
        game = load_record(path)
        assert game.over
        code, out, _ = run(capsys, "replay", str(path))
        assert code == 0
        assert "Final score: " in out
        assert f"Hand {game.hand_number}" in out


def test_simulate_reports_figures(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--variant", "mirror", "--games", "4", "--seed", "2")
    assert code == 0
    for words in ("points per hand", "set rate", "Nil bids", "bags per hand", "hands per finished game"):
        assert words in out


def test_simulate_stops_endless_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--games", "1", "--max-hands", "3", "--json")
    summary = json.loads(out)
    assert code == 0
    assert summary["finished"] in (0, 1)
    assert summary["hands"] <= 3


def test_bad_option_is_refused_with_its_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", "--variant", "whiz", "--option", "blind_nil=true")
    assert code == 2
    assert "blind_nil" in err
    code, _, err = run(capsys, "simulate", "--option", "colour=red")
    assert code == 2
    assert "colour" in err


def test_rules_command_describes_each_variant(capsys: pytest.CaptureFixture[str]) -> None:
    for variant in VARIANTS:
        code, out, _ = run(capsys, "rules", variant)
        assert code == 0
        assert "Options" in out
    _, out, _ = run(capsys, "rules", "whiz")
    assert "exactly the number of spades" in out
    _, out, _ = run(capsys, "rules", "standard", "--option", "blind_nil=true")
    assert "Blind Nil" in out
    assert "Duplicate pairs (a tournament):" in out and "Law 78A" in out and "Mitchell movement" in out
    _, out, _ = run(capsys, "rules", "solo")
    assert "Duplicate pairs" not in out


def test_replay_reports_a_corrupt_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "simulate", "--variant", "mirror", "--games", "1", "--records", str(tmp_path), "--json")
    path = next(tmp_path.glob("*.json"))
    data = json.loads(path.read_text())
    data["actions"][7] = "QQ"
    path.write_text(json.dumps(data))
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2
    assert "actions[7]" in err
    path.write_text("{not json")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2
    assert "not JSON" in err


def test_replay_speaks_as_the_table_and_compact_keeps_the_notation(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "simulate", "--variant", "standard", "--option", "hands=1", "--games", "1", "--seed", "4",
        "--records", str(tmp_path), "--json")
    path = next(tmp_path.glob("*.json"))
    game = load_record(path)
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    lines = out.splitlines()
    # no card code and no PBN: a screen reader would spell them out
    assert not re.search(r"\b(10|[2-9TJQKA])[SHDC]\b", out) and "N:" not in out
    assert "North's cards: spades " in out
    # every event is said in the table's own words, one line each, in order
    said = [line for event in game.events for line in announce.event_line(game.rules, event, verbose=True)]
    positions = [lines.index(line) for line in said]
    assert positions == sorted(positions) and len(said) > 60
    _, brief, _ = run(capsys, "replay", "--brief", str(path))
    assert " plays the " not in brief and " bids " in brief and "Final score: " in brief
    _, compact, _ = run(capsys, "replay", "--compact", str(path))
    assert "  deal N:" in compact and re.search(r"trick 1: \w+ (10|[2-9JQKA])[SHDC]", compact)


def test_simulate_reports_every_side_of_six_in_partnerships(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--variant", "six_partners", "--bots", "normal", "--games", "1",
                       "--seed", "1")
    assert code == 0
    assert re.search(r"^wins: South-North \d, Southwest-Northeast \d, Northwest-Southeast \d$", out, re.M)
    assert re.search(r"^points per hand: South-North -?[\d.]+, Southwest-Northeast -?[\d.]+, "
                     r"Northwest-Southeast -?[\d.]+$", out, re.M)
    for variant, options, sides in (("six_partners", ["-o", "teams=threes"], 2), ("five_player", [], 5),
                                    ("three_player", ["-o", "jokers=big_little"], 3)):
        code, out, _ = run(capsys, "simulate", "--variant", variant, *options, "--bots", "easy", "--games", "2",
                           "--seed", "3", "--max-hands", "40", "--json")
        summary = json.loads(out)
        assert code == 0 and len(summary["wins"]) == len(summary["points_per_hand"]) == sides
        assert sum(summary["wins"]) <= summary["finished"] <= 2
        assert summary["hands"] > 0 and 0 <= summary["set_rate"] <= 1


def test_compact_replay_shows_nil_passes_and_face_down_discards(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "simulate", "--option", "nil_pass=2", "--bots", "easy", "--games", "1", "--seed", "2",
        "--records", str(tmp_path / "pass"), "--json")
    _, compact, _ = run(capsys, "replay", "--compact", str(next((tmp_path / "pass").glob("*.json"))))
    assert re.search(r"^  (North|East|South|West) passes 2 cards to (North|East|South|West)$", compact, re.M)
    run(capsys, "simulate", "--variant", "two_player", "-o", "face_down_discards=true", "-o", "hands=1", "--bots",
        "random", "--games", "1", "--records", str(tmp_path / "two"), "--json")
    _, compact, _ = run(capsys, "replay", "--compact", str(next((tmp_path / "two").glob("*.json"))))
    assert "face down" in compact and "face up" not in compact and "None" not in compact


def test_review_seat_is_read_at_every_table_size() -> None:
    from spades import Game, Rules
    from spades.commands.replay import reviewed_seat

    six = Game(Rules.preset("six_partners"), 1)
    assert [reviewed_seat(six, {}, seat) for seat in ("sw", "NW", "Northeast", "se", "3")] == [1, 2, 4, 5, 3]
    assert reviewed_seat(six, {}, None) == 0  # South
    assert reviewed_seat(Game(Rules.preset("standard"), 1), {}, None) == 2
    with pytest.raises(ValueError, match="'W' is not a seat of this game"):
        reviewed_seat(six, {}, "W")
