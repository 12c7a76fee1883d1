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
from spades.commands.rules import describe
from spades.rules import OPTION_HELP


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


# The options each variant refuses; every other option of OPTION_HELP is listed, in its order.
REFUSED: dict[str, set[str]] = {
    "standard": {"teams", "face_down_discards"},
    "whiz": {"nil", "blind_nil", "blind_nil_deficit", "blind_nil_value", "min_team_bid", "teams",
             "face_down_discards"},
    "mirror": {"nil", "blind_nil", "blind_nil_deficit", "blind_nil_value", "min_team_bid", "teams",
               "face_down_discards"},
    "suicide": {"nil", "blind_nil", "blind_nil_deficit", "blind_nil_value", "min_team_bid", "teams", "nil_pass",
                "face_down_discards"},
    "solo": {"nil_tricks_count_for_partner", "min_team_bid", "teams", "nil_pass", "face_down_discards"},
    "two_player": {"blind_nil", "blind_nil_deficit", "blind_nil_value", "nil_tricks_count_for_partner",
                   "first_lead", "min_team_bid", "ten_for_two_hundred", "jokers", "deuces_out", "teams",
                   "nil_pass"},
    "three_player": {"nil_tricks_count_for_partner", "first_lead", "min_team_bid", "deuces_out", "teams",
                     "nil_pass", "face_down_discards"},
    "five_player": {"nil_tricks_count_for_partner", "first_lead", "min_team_bid", "deuces_out", "teams",
                    "nil_pass", "face_down_discards"},
    "six_player": {"nil_tricks_count_for_partner", "first_lead", "min_team_bid", "jokers", "deuces_out", "teams",
                   "nil_pass", "face_down_discards"},
    "six_partners": {"first_lead", "jokers", "deuces_out", "face_down_discards"},
}


@pytest.mark.parametrize("variant", VARIANTS)
def test_only_the_options_a_variant_takes_are_listed(variant: str, capsys: pytest.CaptureFixture[str]) -> None:
    listed = listed_options(rules_text(capsys, variant))
    refused = REFUSED[variant]
    assert listed == [name for name in OPTION_HELP if name not in refused]
    # and each refused switch really is refused by the rules
    for name, value in (("blind_nil", True), ("min_team_bid", 4), ("first_lead", "two_of_clubs"), ("nil", False),
                        ("jokers", "big_little"), ("teams", "threes"), ("nil_pass", 2),
                        ("face_down_discards", True)):
        if name in refused:
            with pytest.raises(RulesError):
                Rules.preset(variant, **{name: value})


# Each rule set that is not the common four-handed game, with the page its text cites and what its pack is.
CITED: list[tuple[str, dict[str, object], str, str]] = [
    ("three_player", {}, "skullwink.com/cutthroat-rules", "51 cards: the 52 less the two of clubs."),
    ("three_player", {"jokers": "big_little"}, "bicyclecards.com/how-to-play/spades-with-jokers",
     "54 cards: the 52 and the Big and Little Joker ("),
    ("five_player", {}, "spinandplayslots.com", "50 cards: the 52 less the twos of clubs and diamonds."),
    ("five_player", {"jokers": "big_little"}, "bicyclecards.com",
     "50 cards: the 52 and the Big and Little Joker, less the four deuces ("),
    ("six_player", {}, "spotglobe.blogg.se", "48 cards: the 52 less the four deuces."),
    ("six_partners", {}, "spades.co/spades-with-six-people", "48 cards: the 52 less the four deuces."),
    ("six_partners", {"teams": "threes"}, "rarepike.com/spades/variants", "48 cards: the 52 less the four deuces."),
    ("standard", {"jokers": "big_little"}, "bicyclecards.com",
     "52 cards: the 52 and the Big and Little Joker, less the twos of clubs and diamonds ("),
    ("standard", {"jokers": "big_little", "deuces_out": "hearts_diamonds"}, "holdingthecards.com",
     "52 cards: the 52 and the Big and Little Joker, less the twos of diamonds and hearts ("),
    ("standard", {"jokers": "jjdd"}, "jokerswildspades.com/faq",
     "52 cards: the 52 and the Big and Little Joker, less the twos of clubs and hearts ("),
    ("two_player", {}, "hiuhndy.blogspot.com", "52 cards."),
    ("two_player", {"face_down_discards": True}, "ourpastimes.com/play-spades-two-people", "52 cards."),
    ("standard", {"nil_pass": 2}, "field-of-themes.com/spades/sprules.htm", "52 cards."),
    ("standard", {"no_bags": True}, "clarksvillejuneteenth.com", "52 cards."),
]


@pytest.mark.parametrize(("variant", "options", "source", "pack"), CITED)
def test_each_new_rule_set_names_its_source_and_its_pack(
        variant: str, options: dict[str, object], source: str, pack: str) -> None:
    rules = Rules.preset(variant, **options)
    text = describe(rules)
    assert source in text and "(source: " in text
    play = text.split("Play:\n")[1]
    assert play.startswith(f"- {pack}")
    assert f"{rules.pack.bit_count()} cards" in play
    if rules.deals:
        assert f"{rules.hand_size} cards each" in summary(text) or rules.players == 4
        assert f"Nil or 1 to {rules.hand_size}" in summary(text)


def test_the_play_lines_never_claim_the_plain_pack_with_jokers() -> None:
    for variant in ("standard", "three_player", "five_player"):
        for jokers in ("big_little", "jjdd"):
            try:
                rules = Rules.preset(variant, jokers=jokers)
            except RulesError:
                continue
            play = describe(rules).split("Play:")[1]
            assert "Ace high; spades are always trump" not in play
            assert "Spades are always trump, highest first: the Big Joker, the Little Joker" in play \
                or "Spades are always trump, highest first: the Big Joker and the Little Joker" in play
            assert "The highest trump takes the trick" in play


def test_jjdd_says_the_trump_order_and_that_the_two_of_diamonds_is_a_spade() -> None:
    play = describe(Rules.preset("standard", jokers="jjdd")).split("Play:")[1]
    assert ("highest first: the Big Joker, the Little Joker, the two of diamonds and the two of spades, then the "
            "ace of spades down to the three.") in play
    assert "The two of diamonds is a spade in play too: it follows a spade lead, not its own suit" in play


def test_two_player_says_what_face_up_discards_tell() -> None:
    face_up = summary(describe(Rules.preset("two_player")))
    assert "the 52 cards less their own 13 and the 26 discards" in face_up
    assert "face_down_discards=true keeps the discards hidden" in face_up
    face_down = summary(describe(Rules.preset("two_player", face_down_discards=True)))
    assert "goes face down to the discards" in face_down and "the other's hand stays hidden" in face_down
    assert "26 discards" not in face_down


def test_nil_passing_says_who_passes_first_how_many_and_when_they_arrive() -> None:
    text = summary(describe(Rules.preset("standard", nil_pass=3)))
    assert "the Nil bidder passes 3 cards face down to the partner first" in text
    assert "the partner receives them all at once when the last is chosen" in text
    assert "passes 3 cards back" in text
    assert "A partnership that bid two Nils passes nothing" in text
    assert "Nil passing" not in summary(describe(Rules.preset("standard")))


def test_no_bags_scores_nothing_for_overtricks() -> None:
    text = summary(describe(Rules.preset("standard", no_bags=True)))
    assert "scores 10 a trick bid and nothing for a trick over" in text
    assert "No bags: tricks over a contract score nothing and never cost" in text
    assert "bags cost" not in text


def test_six_in_partnerships_names_the_seating_and_the_form_not_offered() -> None:
    pairs = summary(describe(Rules.preset("six_partners")))
    assert "partners opposite as at four (South and North, Southwest and Northeast, Northwest and Southeast)" in pairs
    assert "two packs" in pairs and "that form is not offered, since a card would be in the pack twice" in pairs
    threes = summary(describe(Rules.preset("six_partners", teams="threes")))
    assert "South, Northwest and Northeast against Southwest, North and Southeast" in threes
    assert "a team's contract is the sum of its three bids" in threes


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


def test_a_bid_by_spades_says_the_jokers_count_as_spades() -> None:
    jjdd = describe(Rules.preset("whiz", jokers="jjdd"))
    assert "The Big Joker, the Little Joker and the two of diamonds count as spades." in jjdd
    assert "count as spades" not in describe(Rules.preset("mirror"))
