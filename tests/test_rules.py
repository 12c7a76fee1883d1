"""Rules as data: every preset builds, every option of RULES.md exists, nonsense is refused naming the option."""

import dataclasses
import json

import pytest

from spades import VARIANTS, Rules, RulesError
from spades.rules import OPTION_HELP

# The options RULES.md names, with a value other than the default that a standard game accepts.
RULES_MD_OPTIONS = {
    "target": 250,
    "lose_at": -200,
    "blind_nil": True,
    "blind_nil_deficit": 150,
    "nil_value": 50,
    "nil_tricks_count_for_partner": True,
    "bag_limit": 5,
    "bag_penalty": 50,
    "first_lead": "two_of_clubs",
    "min_team_bid": 4,
    "ten_for_two_hundred": True,
    "hands": 8,
}


def test_variants() -> None:
    assert set(VARIANTS) == {"standard", "whiz", "mirror", "suicide", "solo", "two_player", "three_player",
                             "five_player", "six_player", "six_partners"}


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_preset_builds(variant: str) -> None:
    rules = Rules.preset(variant)
    assert rules.variant == variant
    assert rules.target == 500
    players = {"two_player": 2, "three_player": 3, "five_player": 5, "six_player": 6, "six_partners": 6}
    assert rules.players == players.get(variant, 4)
    assert rules.partnerships == (variant not in ("solo", "two_player", "three_player", "five_player",
                                                  "six_player"))
    sides = {"solo": 4, "three_player": 3, "five_player": 5, "six_player": 6, "six_partners": 3}
    assert rules.sides == sides.get(variant, 2)
    assert not rules.blind_nil
    hash(rules)
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.target = 300  # type: ignore[misc]


def test_defaults_of_rules_md() -> None:
    rules = Rules()
    assert rules.variant == "standard"
    assert rules.target == 500
    assert rules.lose_at is None
    assert rules.hands == 0
    assert rules.nil and rules.nil_value == 100
    assert not rules.blind_nil and rules.blind_nil_deficit == 100 and rules.blind_nil_value == 200
    assert not rules.nil_tricks_count_for_partner
    assert (rules.bag_limit, rules.bag_penalty) == (10, 100)
    assert rules.first_lead == "left_of_dealer"
    assert rules.min_team_bid == 0
    assert not rules.ten_for_two_hundred


@pytest.mark.parametrize(("option", "value"), RULES_MD_OPTIONS.items())
def test_every_option_of_rules_md_exists(option: str, value: object) -> None:
    assert option in OPTION_HELP
    rules = Rules.preset("standard", **{option: value})
    assert getattr(rules, option) == value
    assert rules.options() == {option: value}
    assert Rules.from_dict(rules.to_dict()) == rules


def test_all_options_together() -> None:
    rules = Rules.preset("standard", **RULES_MD_OPTIONS)
    assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    assert rules.options() == RULES_MD_OPTIONS


def test_seats_and_sides() -> None:
    standard = Rules()
    assert [standard.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert standard.seats_of(0) == (0, 2) and standard.seats_of(1) == (1, 3)
    solo = Rules.preset("solo")
    assert [solo.side_of(s) for s in range(4)] == [0, 1, 2, 3]
    assert solo.seats_of(2) == (2,)
    two = Rules.preset("two_player")
    assert [two.side_of(s) for s in range(2)] == [0, 1]


REFUSED = [
    ("whiz", {"blind_nil": True}, "blind_nil"),
    ("mirror", {"blind_nil": True}, "blind_nil"),
    ("suicide", {"blind_nil": True}, "blind_nil"),
    ("two_player", {"blind_nil": True}, "blind_nil"),
    ("standard", {"blind_nil": True, "nil": False}, "blind_nil"),
    ("whiz", {"min_team_bid": 4}, "min_team_bid"),
    ("mirror", {"min_team_bid": 4}, "min_team_bid"),
    ("suicide", {"min_team_bid": 4}, "min_team_bid"),
    ("solo", {"min_team_bid": 4}, "min_team_bid"),
    ("two_player", {"min_team_bid": 4}, "min_team_bid"),
    ("whiz", {"nil": False}, "nil"),
    ("mirror", {"nil": False}, "nil"),
    ("suicide", {"nil": False}, "nil"),
    ("two_player", {"ten_for_two_hundred": True}, "ten_for_two_hundred"),
    ("solo", {"nil_tricks_count_for_partner": True}, "nil_tricks_count_for_partner"),
    ("two_player", {"nil_tricks_count_for_partner": True}, "nil_tricks_count_for_partner"),
    ("two_player", {"first_lead": "two_of_clubs"}, "first_lead"),
    ("standard", {"first_lead": "highest_spade"}, "first_lead"),
    ("standard", {"target": 0}, "target"),
    ("standard", {"target": "500"}, "target"),
    ("standard", {"lose_at": 100}, "lose_at"),
    ("standard", {"lose_at": "low"}, "lose_at"),
    ("standard", {"hands": -1}, "hands"),
    ("standard", {"bag_limit": 0}, "bag_limit"),
    ("standard", {"bag_penalty": -100}, "bag_penalty"),
    ("standard", {"nil_value": -100}, "nil_value"),
    ("standard", {"blind_nil_value": -1}, "blind_nil_value"),
    ("standard", {"blind_nil_deficit": -50}, "blind_nil_deficit"),
    ("standard", {"min_team_bid": 14}, "min_team_bid"),
    ("standard", {"nil": "yes"}, "nil"),
    ("standard", {"ten_for_two_hundred": 1}, "ten_for_two_hundred"),
]


@pytest.mark.parametrize(("variant", "options", "option"), REFUSED)
def test_nonsense_is_refused_naming_the_option(variant: str, options: dict[str, object], option: str) -> None:
    with pytest.raises(RulesError) as info:
        Rules.preset(variant, **options)
    assert f"option {option}:" in str(info.value)


def test_unknown_variant_and_option() -> None:
    with pytest.raises(RulesError) as info:
        Rules.preset("bridge")
    assert "'bridge'" in str(info.value)
    with pytest.raises(RulesError) as info:
        Rules.preset("standard", trump="hearts")
    assert "'trump'" in str(info.value)
    with pytest.raises(RulesError) as info:
        Rules().with_options(colour="red")
    assert "'colour'" in str(info.value)
    with pytest.raises(RulesError):
        Rules.from_dict("standard")  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        Rules.from_dict({"variant": "standard", "players": 3})


def test_with_options_checks_again() -> None:
    whiz = Rules.preset("whiz")
    with pytest.raises(RulesError) as info:
        whiz.with_options(blind_nil=True)
    assert "blind_nil" in str(info.value)
    assert Rules().with_options(target=300).target == 300


@pytest.mark.parametrize("variant", VARIANTS)
def test_to_dict_from_dict_round_trip(variant: str) -> None:
    options = {"target": 300, "bag_penalty": 50, "hands": 3}
    if variant in ("standard", "solo"):
        options.update(blind_nil=True, blind_nil_deficit=50, lose_at=-250)
    if variant == "standard":
        options.update(min_team_bid=4, nil_tricks_count_for_partner=True, first_lead="two_of_clubs")
    rules = Rules.preset(variant, **options)
    data = json.loads(json.dumps(rules.to_dict()))
    assert data["variant"] == variant
    again = Rules.from_dict(data)
    assert again == rules
    assert again.to_dict() == rules.to_dict()
    assert again.players == rules.players
    assert Rules.from_dict(Rules.preset(variant).to_dict()) == Rules.preset(variant)


def test_describe_names_the_options() -> None:
    text = Rules.preset("standard", target=300, blind_nil=True, ten_for_two_hundred=True).describe()
    assert "300" in text and "Blind Nil" in text and "10 for 200" in text
    assert "two-player" in Rules.preset("two_player").describe()
