"""The rules in words: `spades rules`, the table's z key and the scorepad's header say what the rule set does, in
the same sentences, and list only the options a variant takes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from spades import VARIANTS, Rules, RulesError
from spades.cli import main


def rules_text(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(["rules", *argv]) == 0
    return capsys.readouterr().out


def summary(text: str) -> str:
    """The rules above the list of options."""
    return text.split("Options (set with")[0]


def listed_options(text: str) -> list[str]:
    return [line.split(" = ")[0].strip() for line in text.split("Options (set with")[1].splitlines()[1:]]


def spades(tmp: Path, args: list[str], text: str) -> str:
    env = dict(os.environ, SPADES_DATA_DIR=str(tmp / "data"), SPADES_CONFIG_DIR=str(tmp / "config"))
    done = subprocess.run([sys.executable, "-m", "spades", *args], input=text, capture_output=True, text=True,
                          env=env, timeout=60, check=True)
    return done.stdout


def table_rules(tmp: Path, *args: str) -> str:
    """What z says at the table in line mode."""
    out = spades(tmp, ["play", "--pace", "0", "--trick-pace", "0", "--speech", "none", "--seed", "3", *args],
                 "z\nq\ny\n")
    return next(line for line in out.splitlines() if line.startswith("Rules: "))


def test_two_player_nil_is_said_as_the_option_sets_it(capsys: pytest.CaptureFixture[str]) -> None:
    text = summary(rules_text(capsys, "two_player", "-o", "nil_value=50"))
    assert "Made, it wins 50; failed, it loses nothing" in text
    assert "100" not in text.replace("10 bags cost 100", "")


def test_without_nil_the_summary_does_not_describe_nil(capsys: pytest.CaptureFixture[str]) -> None:
    for variant in ("standard", "solo", "two_player"):
        text = summary(rules_text(capsys, variant, "-o", "nil=false"))
        assert "Nil may not be bid." in text
        assert "Nil or 1 to 13" not in text and "Made, it wins" not in text


@pytest.mark.parametrize("variant", VARIANTS)
def test_only_the_options_a_variant_takes_are_listed(variant: str, capsys: pytest.CaptureFixture[str]) -> None:
    listed = listed_options(rules_text(capsys, variant))
    refused = {
        "standard": set(),
        "whiz": {"nil", "blind_nil", "blind_nil_deficit", "blind_nil_value", "min_team_bid"},
        "mirror": {"nil", "blind_nil", "blind_nil_deficit", "blind_nil_value", "min_team_bid"},
        "suicide": {"nil", "blind_nil", "blind_nil_deficit", "blind_nil_value", "min_team_bid"},
        "solo": {"nil_tricks_count_for_partner", "min_team_bid"},
        "two_player": {"blind_nil", "blind_nil_deficit", "blind_nil_value", "nil_tricks_count_for_partner",
                       "first_lead", "min_team_bid", "ten_for_two_hundred"},
    }[variant]
    assert not refused & set(listed)
    assert len(listed) == 14 - len(refused)
    # and each refused switch really is refused by the rules
    for name, value in (("blind_nil", True), ("min_team_bid", 4), ("first_lead", "two_of_clubs"), ("nil", False)):
        if name in refused:
            with pytest.raises(RulesError):
                Rules.preset(variant, **{name: value})


def test_lose_at_decision_is_written(capsys: pytest.CaptureFixture[str]) -> None:
    solo = summary(rules_text(capsys, "solo", "-o", "lose_at=-200"))
    assert ("A player at or below -200 after a hand has lost, for good, and the best of the others wins; if the "
            "best are tied, another hand is played") in solo
    pairs = summary(rules_text(capsys, "standard", "-o", "lose_at=-200"))
    assert "if both are at or below it, the higher score wins, and an exact tie plays another hand." in pairs


def test_z_says_the_bidding_rule_and_blind_nil_in_the_words_of_spades_rules(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    whiz = table_rules(tmp_path / "whiz", "--variant", "whiz")
    bidding = "Each player bids Nil or exactly the number of spades they hold; with no spade, Nil is the only bid."
    assert bidding in whiz and "Blind Nil is never played in Whiz Spades." in whiz
    assert bidding in rules_text(capsys, "whiz")
    suicide = table_rules(tmp_path / "suicide", "--variant", "suicide")
    assert "one partner bids Nil and the other 4 or more" in suicide
    blind = table_rules(tmp_path / "blind", "--option", "blind_nil=true")
    assert "Blind Nil is on: a player may bid it before looking at their cards" in blind
    assert "Blind Nil is off." in table_rules(tmp_path / "plain")


def test_two_player_z_and_scorepad_do_not_claim_a_failed_nil_costs_100(tmp_path: Path) -> None:
    z = table_rules(tmp_path / "table", "--variant", "two_player")
    assert "a failed Nil loses nothing" in z and "Nil 100" not in z
    pad = spades(tmp_path / "pad", ["score", "--variant", "two_player"], "quit\n")
    assert "Nil wins 100, a failed Nil loses nothing" in pad and "Nil 100" not in pad


def test_suicide_is_played_to_a_real_end_by_default() -> None:
    """Suicide's forced Nils make games between good players drift for a long time, so the preset loses at -200
    (seed 001's losing line); the option gives the open-ended game back, and a fixed-length match keeps every hand."""
    assert Rules.preset("suicide").lose_at == -200
    assert Rules.preset("suicide", lose_at=None).lose_at is None
    assert Rules.preset("suicide", hands=3).lose_at is None
    assert Rules.preset("standard").lose_at is None
    assert repr(Rules.preset("suicide")) == "Rules.preset('suicide')"
    assert eval(repr(Rules.preset("suicide", lose_at=None))) == Rules.preset("suicide", lose_at=None)


def test_two_player_option_list_does_not_say_a_failed_nil_costs(capsys: pytest.CaptureFixture[str]) -> None:
    main(["rules", "two_player"])
    line = next(line for line in capsys.readouterr().out.splitlines() if line.strip().startswith("nil_value"))
    assert "lost" not in line and "costs nothing" in line
