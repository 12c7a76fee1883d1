"""`spades score`: whole games typed in, renege included, against RULES.md's worked examples and score_hand."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from spades import VARIANTS, Rules, score_hand
from spades.actions import BIDS, BLIND_NIL, NIL
from spades.table.scorepad import PadError, Scorepad


def score(tmp: Path, lines: list[str], *args: str) -> str:
    env = dict(os.environ, SPADES_DATA_DIR=str(tmp / "data"), SPADES_CONFIG_DIR=str(tmp / "config"))
    done = subprocess.run([sys.executable, "-m", "spades", "score", *args], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, env=env, timeout=30, check=True)
    return done.stdout


def test_whole_standard_game_with_renege_and_undo(tmp_path: Path) -> None:
    out = score(tmp_path, [
        "4 3 3 2", "4 3 4 2",  # seed 001: North-South bid 7 and take 8, East-West bid 5 and take 5
        "4 3 3 2", "2 5 3 3 renege EW",  # East-West took 8, reneged: 3 pass to North-South
        "6 1 7 1", "undo", "6 1 7 1", "7 0 6 0",
        "6 1 7 1", "7 0 6 x", "7 0 6 1", "7 0 6 0", "undo", "7 0 6 0",
        "score", "6 1 7 1", "6 0 7 0",
    ])
    assert out.count("North-South: bid 7, took 8, made: +71 points") == 2
    assert out.count("East-West: bid 5, took 5, made: +50 points") == 2
    assert "Renege: tricks pass from East-West to North-South." in out
    assert "Took back the bids of hand 3." in out
    assert "Took back the tricks of hand 4; its bids stay entered." in out
    assert "Not taken: 'x' is not a number of tricks." in out
    assert "Not taken: the tricks add up to 14, not 13." in out
    assert "Totals after 4 hands: North-South 402, 2 bags; East-West 60, 0 bags; playing to 500." in out
    assert "North-South win the game. Final score: North-South 532, East-West 40." in out
    assert (tmp_path / "data" / "scorepad-last.json").exists()
    assert not (tmp_path / "data" / "scorepad.json").exists()


def test_worked_example_of_seed_003_and_resume(tmp_path: Path) -> None:
    """A side at 337 with 7 bags bids 5: taking 8 gives 290 and 0 bags (RULES.md, example 2)."""
    lines: list[str] = []
    # North-South: three hands of bid 10 taking 11 give 303 and 3 bags; then bid 3 taking 7 gives 337, 7 bags.
    for _ in range(3):
        lines += ["5 1 5 1", "6 1 5 1"]
    lines += ["2 1 1 1", "4 1 3 5"]
    first = score(tmp_path, lines)
    assert "Totals after 4 hands: North-South 337, 7 bags" in first
    assert "spades score --resume continues it." in first
    second = score(tmp_path, ["3 1 2 1", "5 1 3 4"], "--resume")
    assert "North-South: bid 5, took 8, made; bag penalty -100: -47 points, score 290, 0 bags." in second
    third = score(tmp_path, ["undo", "undo", "3 1 2 1", "5 1 4 3"], "--resume")
    assert "North-South: bid 5, took 9, made; bag penalty -100: -46 points, score 291, 1 bag." in third


def test_two_player_and_solo_pads(tmp_path: Path) -> None:
    out = score(tmp_path, ["6 nil", "6 7", "13 1", "9 4", "13 2", "13 0"], "--variant", "two_player")
    assert "North: bid 6, took 6, made: +60 points" in out
    assert "South's Nil failed with 7 tricks, 7 bags: +7 points" in out
    assert "North: bid 13, took 9, missed the moon: +9 points, score 69, 9 bags." in out
    assert "South: bid 1, took 4, made; bag penalty -100: -87 points, score -80, 0 bags." in out
    assert "North: bid 13, took 13, shot the moon: +250 points, score 319, 9 bags." in out
    solo = score(tmp_path / "solo", ["3 3 3 4", "3 3 4 3 renege S", "3 3 4 3 renege S W"],
                 "--variant", "solo", "-o", "hands=1")
    assert "Not taken: say who reneged and who receives the tricks, such as renege E N." in solo
    assert "Renege: tricks pass from South to West." in solo
    assert "South: bid 3, took 1, set: -30 points" in solo
    assert "West: bid 4, took 6, made: +42 points" in solo
    assert "West wins the game." in solo


def test_corrupt_pad_is_kept_aside(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "scorepad.json").write_text("{not json", encoding="utf-8")
    out = score(tmp_path, ["quit"], "--resume")
    assert "The scorepad cannot be used:" in out and "a new one starts." in out
    assert any(p.name.startswith("scorepad.corrupt-") for p in (tmp_path / "data").iterdir())


# Every variant, and the options that change who scores together or what a hand is worth.
PADS: list[tuple[str, dict[str, object]]] = [
    *((variant, {"blind_nil": True} if variant in ("standard", "solo", "three_player", "six_partners") else {})
      for variant in VARIANTS),
    ("standard", {"no_bags": True}),
    ("six_partners", {"teams": "threes", "no_bags": True}),
    ("three_player", {"jokers": "big_little"}),
    ("five_player", {"nil_value": 50, "bag_limit": 5}),
]


@pytest.mark.parametrize(("variant", "options"), PADS)
def test_every_variant_scores_as_the_engine(variant: str, options: dict[str, object]) -> None:
    rules = Rules.preset(variant, **options)
    rng = random.Random(f"{variant}{options}")
    pad = Scorepad(rules)
    scores, bags = [0] * rules.sides, [0] * rules.sides
    most = rules.hand_size
    for _ in range(12):
        choices = [*BIDS[:most + 1], BLIND_NIL] if rules.blind_nil else BIDS[:most + 1]
        bids = [rng.choice(choices) for _ in range(rules.players)]
        cuts = sorted(rng.randint(0, most) for _ in range(rules.players - 1))
        tricks = [b - a for a, b in zip([0, *cuts], [*cuts, most], strict=True)]
        pad.enter_bids(" ".join("bn" if b is BLIND_NIL else str(b.value) for b in bids))
        result = pad.enter_tricks(" ".join(map(str, tricks)))
        expected = score_hand(rules, bids, tricks, scores, bags)
        assert result.points == expected.points
        scores = [s.score for s in expected.sides]
        bags = [s.total_bags for s in expected.sides]
    assert pad.totals() == (scores, bags)
    again = Scorepad.from_dict(json.loads(json.dumps(pad.to_dict())))
    assert again.totals() == pad.totals() and again.rules == rules


def test_bids_and_tricks_follow_the_hand_size() -> None:
    three = Scorepad(Rules.preset("three_player"))
    three.enter_bids("17 nil 1")
    with pytest.raises(PadError, match="the tricks add up to 13, not 17"):
        three.enter_tricks("5 4 4")
    three.enter_tricks("15 0 2")
    six = Scorepad(Rules.preset("six_player"))
    with pytest.raises(PadError, match="'9' is not a bid: a number from 1 to 8, nil, or bn for Blind Nil"):
        six.enter_bids("9 1 1 1 1 1")
    with pytest.raises(PadError, match="5 bids given; 6 are needed"):
        six.enter_bids("1 1 1 1 1")


def test_six_seats_are_named_by_their_letters_in_any_case() -> None:
    pad = Scorepad(Rules.preset("six_partners"))
    assert [pad.side_named(word) for word in ("S", "sw", "Nw", "n", "NE", "se")] == [0, 1, 2, 0, 1, 2]
    assert [pad.side_named(word) for word in ("SN", "South-North", "swne", "Northwest-SE")] == [0, 0, 1, 2]
    with pytest.raises(PadError, match="'SSW' is not a seat or a side"):
        pad.side_named("SSW")  # South and Southwest are not partners
    pad.enter_bids("2 1 1 2 1 1")
    pad.enter_tricks("2 1 1 2 1 1 renege SWNE NWSE")
    assert pad.hands[-1].counted(pad.rules) == [2, 0, 3, 2, 0, 1]  # the two tricks Southwest-Northeast had
    threes = Scorepad(Rules.preset("six_partners", teams="threes"))
    assert [threes.side_named(word) for word in ("S", "Sw", "nw", "N", "ne", "SE")] == [0, 1, 0, 1, 0, 1]
    five = Scorepad(Rules.preset("five_player"))
    assert [five.side_named(word) for word in ("s", "W", "nw", "NE", "e", "Northeast")] == [0, 1, 2, 3, 4, 3]


def test_renege_examples_use_the_seats_of_the_table(tmp_path: Path) -> None:
    out = score(tmp_path, ["help", "3 3 3", "5 5 7 renege W"], "--variant", "three_player")
    assert "(such as renege W S)" in out and "(17 in all)" in out and "(S W E)" in out
    assert "Not taken: say who reneged and who receives the tricks, such as renege W S." in out


def test_renege_spares_a_nil_and_refuses_bad_entries() -> None:
    pad = Scorepad(Rules.preset("standard"))
    with pytest.raises(PadError, match="3 bids given; 4 are needed"):
        pad.enter_bids("4 4 4")
    with pytest.raises(PadError, match="Blind Nil is not played"):
        pad.enter_bids("bn 4 4 4")
    with pytest.raises(PadError, match="enter the bids first"):
        pad.enter_tricks("4 3 3 3")
    pad.enter_bids("nil 4 5 3")
    with pytest.raises(PadError, match="'XY' is not a seat or a side"):
        pad.enter_tricks("0 5 5 3 renege XY")
    result = pad.enter_tricks("0 5 5 3 renege EW")
    assert pad.hands[-1].counted(pad.rules) == [0, 2, 8, 3]  # North's Nil kept; East's tricks go to South
    assert result.sides[0].nils[0].made
    assert pad.hands[-1].bids[0] is NIL


def test_solo_lose_at_a_fallen_player_stays_beaten_while_a_tie_at_the_top_is_played_off() -> None:
    pad = Scorepad(Rules.preset("solo", lose_at=-200))
    for bids, tricks in (("13 5 5 3", "0 5 5 3"), ("13 5 5 3", "0 5 5 3")):
        pad.enter_bids(bids)
        pad.enter_tricks(tricks)
    assert pad.totals()[0] == [-260, 100, 100, 60]
    assert not pad.end()[0]  # North has lost; East and South are tied, so another hand is played
    pad.enter_bids("7 3 2 1")
    pad.enter_tricks("7 3 2 1")
    assert pad.totals()[0] == [-190, 130, 120, 70]
    assert pad.end() == (True, 1)  # North's climb above -200 does not undo the loss; East is the best of the rest


def test_a_wrong_word_is_quoted_whatever_the_count(tmp_path: Path) -> None:
    out = score(tmp_path, ["foo", "4 x3 3", "4 3 3 3", "abc", "4 3 3", "4 3 3 3"], "--new", "--file",
                str(tmp_path / "pad.json"))
    refusals = [line for line in out.splitlines() if line.startswith("Not taken")]
    assert refusals == [
        "Not taken: 'foo' is not a bid: a number from 1 to 13, nil, or bn for Blind Nil.",
        "Not taken: 'x3' is not a bid: a number from 1 to 13, nil, or bn for Blind Nil.",
        "Not taken: 'abc' is not a number of tricks.",
        "Not taken: 3 trick counts given; 4 are needed, one per seat.",
    ]
    assert "Bids: North 4, East 3, South 3, West 3." in out


def test_a_scorepad_in_progress_says_which_before_asking(tmp_path: Path) -> None:
    score(tmp_path, ["4 3 4 2", "5 3 3 2", "quit"], "--variant", "whiz")
    out = score(tmp_path, ["n", "quit"])
    assert out.startswith("A scorepad is in progress: whiz; totals after 1 hand: North-South "), out
    assert out.splitlines()[0].endswith("playing to 500. Continue it? y or n."), out
