"""Records: a game replays from its JSON record to the identical state; a corrupt or edited record is refused with
a message that starts with the field that is wrong; the one-line deal text."""

import copy
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from engine_support import ALL_ACTIONS, assert_same, dealt, play_hand, random_game, snapshot
from spades import VARIANTS, CardError, CardSet, Game, Rules
from spades.record import (
    FORMAT,
    VERSION,
    RecordError,
    deal_text,
    game_from_record,
    load_record,
    parse_deal,
    record_of,
    save_record,
)


def through_json(game: Game) -> dict[str, Any]:
    return json.loads(json.dumps(record_of(game, {"north": "Ana"})))


@pytest.mark.parametrize("variant", VARIANTS)
def test_round_trip_of_a_whole_game(variant: str) -> None:
    game = random_game(Rules.preset(variant, hands=2), seed=31)
    data = through_json(game)
    assert data["format"] == FORMAT and data["version"] == VERSION
    assert data["meta"] == {"north": "Ana"}
    again = game_from_record(data)
    assert_same(snapshot(game), snapshot(again))
    assert again.results == game.results


@pytest.mark.parametrize("variant", VARIANTS)
def test_round_trip_of_a_game_in_progress(variant: str) -> None:
    game = Game(Rules.preset(variant, lose_at=None), seed="in progress")  # random bids would end Suicide soon
    rng = random.Random(2)
    for _ in range(83):
        game.apply(rng.choice(game.legal_actions()))
    again = game_from_record(through_json(game))
    assert_same(snapshot(game), snapshot(again))
    # and it goes on exactly as the original
    for _ in range(40):
        action = rng.choice(game.legal_actions())
        game.apply(action)
        again.apply(action)
    assert_same(snapshot(game), snapshot(again))


def test_round_trip_of_a_set_position() -> None:
    game = play_hand(Rules(blind_nil=True), [5, 3, 3, 2], {0: 4, 1: 3, 2: 3, 3: 2}, scores=[40, 180], bags=[3, 4])
    data = through_json(game)
    assert data["start"]["scores"] == [40, 180] and data["start"]["bags"] == [3, 4]
    assert_same(snapshot(game), snapshot(game_from_record(data)))


def test_round_trip_of_a_two_player_set_position() -> None:
    game = play_hand(Rules.preset("two_player"), [6, 7], {0: 5, 1: 6}, dealer=1)
    assert_same(snapshot(game), snapshot(game_from_record(through_json(game))))


def test_save_and_load(tmp_path: Path) -> None:
    game = random_game(Rules.preset("suicide", hands=2), seed=1)
    path = tmp_path / "games" / "one.json"
    save_record(game, path, {"event": "club night"})
    assert not path.with_name("one.json.tmp").exists()
    again = load_record(path)
    assert_same(snapshot(game), snapshot(again))
    assert json.loads(path.read_text())["meta"] == {"event": "club night"}


def test_an_empty_game_round_trips() -> None:
    game = Game(Rules.preset("two_player"), seed=0)
    assert_same(snapshot(game), snapshot(game_from_record(through_json(game))))


# -- corrupt and edited records --------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def good() -> dict[str, Any]:
    return through_json(random_game(Rules(hands=2), seed=17))


def edited(good: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(good)
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


def first_card_index(good: dict[str, Any]) -> int:
    return next(i for i, a in enumerate(good["actions"]) if a[-1] in "CDHS")


CORRUPTIONS: list[tuple[str, tuple[Any, ...], Any, str]] = [
    ("not an object", (), None, "record:"),
    ("format", ("format",), "chess-record", "format:"),
    ("format missing", ("format",), KeyError, "format:"),
    ("newer version", ("version",), VERSION + 1, "version:"),
    ("version as text", ("version",), "1", "version:"),
    ("version zero", ("version",), 0, "version:"),
    ("version true", ("version",), True, "version:"),
    ("unknown variant", ("rules", "variant"), "bridge", "rules:"),
    ("nonsense rules", ("rules",), {"variant": "whiz", "blind_nil": True}, "rules: option blind_nil"),
    ("bad option value", ("rules", "target"), "five hundred", "rules:"),
    ("unknown option", ("rules", "jokers"), 2, "rules:"),
    ("rules not an object", ("rules",), ["standard"], "rules:"),
    ("rules missing", ("rules",), KeyError, "rules:"),
    ("seed", ("seed",), [1, 2], "seed:"),
    ("seed missing", ("seed",), KeyError, "seed:"),
    ("actions not a list", ("actions",), "nil 3 4", "actions:"),
    ("action not text", ("actions", 0), 3, "actions[0]:"),
    ("not an action", ("actions", 2), "seventeen", "actions[2]:"),
    ("wrong score", ("result", "scores", 0), 999, "result.scores:"),
    ("wrong bags", ("result", "bags", 1), 9, "result.bags:"),
    ("wrong hands", ("result", "hands", 0, 0), 12345, "result.hands:"),
    ("wrong winner", ("result", "winner"), 5, "result.winner:"),
    ("wrong end", ("result", "over"), False, "result.over:"),
    ("result not an object", ("result",), [1], "result:"),
]


@pytest.mark.parametrize(("what", "path", "value", "field"), CORRUPTIONS, ids=[c[0] for c in CORRUPTIONS])
def test_corrupt_record_names_the_field(good: dict[str, Any], what: str, path: tuple[Any, ...], value: Any,
                                        field: str) -> None:
    data = edited(good, path, value) if path else value
    before = copy.deepcopy(data)
    with pytest.raises(RecordError) as info:
        game_from_record(data)
    assert str(info.value).startswith(field), str(info.value)
    assert data == before  # the record itself is left as it was


def test_bad_card_in_the_actions(good: dict[str, Any]) -> None:
    index = first_card_index(good)
    for bad in ("1X", "ZS", "AS AS"):
        with pytest.raises(RecordError) as info:
            game_from_record(edited(good, ("actions", index), bad))
        assert str(info.value).startswith(f"actions[{index}]:")
        assert repr(bad) in str(info.value)


def test_illegal_action_in_the_actions(good: dict[str, Any]) -> None:
    index = first_card_index(good)
    game = Game(Rules(hands=2), 17)
    for text in good["actions"][:index]:
        game.apply(next(a for a in game.legal_actions() if str(a) == text))
    seat = game.turn
    others = [c for s in range(4) if s != seat for c in game.view(s).hand]  # type: ignore[union-attr]
    not_held = str(others[0])
    with pytest.raises(RecordError) as info:
        game_from_record(edited(good, ("actions", index), not_held))
    message = str(info.value)
    assert message.startswith(f"actions[{index}]: {not_held} is not legal for {game.seat_name(seat)}")
    # a bid in place of a card, and a card in place of a bid
    with pytest.raises(RecordError) as info:
        game_from_record(edited(good, ("actions", index), "4"))
    assert str(info.value).startswith(f"actions[{index}]:")
    with pytest.raises(RecordError) as info:
        game_from_record(edited(good, ("actions", 0), good["actions"][index]))
    assert str(info.value).startswith("actions[0]:")


def test_swapped_cards_are_caught(good: dict[str, Any]) -> None:
    # Two plays of a seat swapped: either illegal where it stands, or a different game caught by the result.
    data = copy.deepcopy(good)
    index = first_card_index(good)
    data["actions"][index], data["actions"][index + 4] = data["actions"][index + 4], data["actions"][index]
    with pytest.raises(RecordError) as info:
        game_from_record(data)
    assert str(info.value).startswith(("actions[", "result."))


def test_action_after_the_end(good: dict[str, Any]) -> None:
    data = copy.deepcopy(good)
    data["actions"].append("AS")
    with pytest.raises(RecordError) as info:
        game_from_record(data)
    assert str(info.value).startswith(f"actions[{len(good['actions'])}]: the game was already over")


def test_missing_actions_change_the_result(good: dict[str, Any]) -> None:
    data = copy.deepcopy(good)
    del data["actions"][-1]
    with pytest.raises(RecordError) as info:
        game_from_record(data)
    assert str(info.value).startswith("result.")
    game = game_from_record(data, check_result=False)
    assert not game.over


def test_bad_start(good: dict[str, Any]) -> None:
    game = play_hand(Rules(), [5, 3, 3, 2], {0: 4, 1: 3, 2: 3, 3: 2})
    data = through_json(game)
    for key, value, field in (
        ("deal", "N:AKQ.J.T.9", "start.deal:"),
        ("dealer", "west", "start.dealer:"),
        ("dealer", 9, "start:"),
        ("scores", [0], "start.scores:"),
        ("bags", "none", "start.bags:"),
        ("hand", None, "start.hand:"),
    ):
        with pytest.raises(RecordError) as info:
            game_from_record(edited(data, ("start", key), value))
        assert str(info.value).startswith(field), str(info.value)
    with pytest.raises(RecordError) as info:
        game_from_record(edited(data, ("start",), "N:..."))
    assert str(info.value).startswith("start:")


def test_file_that_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    text = '{"format": "spades-record", "version": 1,'
    path.write_text(text)
    with pytest.raises(RecordError) as info:
        load_record(path)
    assert str(info.value) == (f"{path} is not a game record: it is not JSON (line 1, column 42: a name in double "
                               "quotes is expected there)")
    assert path.read_text() == text
    with pytest.raises(RecordError) as info:
        load_record(tmp_path / "missing.json")
    assert "cannot be read" in str(info.value)


def test_file_with_an_edited_field(tmp_path: Path, good: dict[str, Any]) -> None:
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(edited(good, ("result", "scores", 1), -5)))
    with pytest.raises(RecordError) as info:
        load_record(path)
    assert str(info.value).startswith("result.scores:")


# -- deal text -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(5))
def test_deal_text_round_trip(seed: int) -> None:
    hands = dealt(seed)
    text = deal_text(hands)
    assert text.startswith("N:") and len(text.split()) == 4
    assert parse_deal(text) == hands
    assert "\n" not in text


def test_deal_text_two_players() -> None:
    hands = dealt(3)[:2]
    text = deal_text(hands, 2)
    assert parse_deal(text, 2) == hands


def test_parse_deal_from_another_seat() -> None:
    hands = dealt(4)
    east_first = "E:" + " ".join(h.pbn() for h in hands[1:] + hands[:1])
    assert parse_deal(east_first) == hands
    assert parse_deal(east_first.lower()[0] + east_first[1:]) == hands


def test_deal_text_example() -> None:
    hands = [
        CardSet.parse("AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"),
        CardSet.parse("AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H"),
        CardSet.parse("AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D"),
        CardSet.parse("AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C"),
    ]
    assert deal_text(hands) == "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


@pytest.mark.parametrize("text", [
    "",
    "X:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
    "N AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
    "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432.",
    "N:AKQJT9876543... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
    "N:AKQJT98765432... AKQJT98765432... ..AKQJT98765432. ...AKQJT98765432",
    "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT9876543X",
])
def test_parse_deal_refuses_bad_text(text: str) -> None:
    with pytest.raises(CardError):
        parse_deal(text)


SECOND_PERSON = ("you do not hold", "you must follow", "first choose Blind Nil or look at your cards",
                 "your side must bid at least", "the bids you may make", "the card you drew")


def test_a_refusal_for_another_seat_reads_in_the_third_person() -> None:
    """A record is read by someone who is at most one of its seats: every reason the engine can give for refusing
    an action reads in the third person, naming the seat, and says the same as the reason said to that seat."""
    rule_sets = [Rules.preset(v, hands=1) for v in VARIANTS] + [
        Rules(hands=1, blind_nil=True, blind_nil_deficit=0, min_team_bid=4, first_lead="two_of_clubs")]
    met: set[str] = set()
    for number, rules in enumerate(rule_sets):
        game = Game(rules, number)
        rng = random.Random(number)
        while not game.over:
            name = game.seat_name(game.turn)
            legal = game.legal_actions()
            for candidate in ALL_ACTIONS:
                said_to_seat = game.why_illegal(candidate)
                said_of_seat = game.why_illegal(candidate, name)
                assert (said_to_seat is None) == (said_of_seat is None)
                if said_to_seat is None or said_of_seat is None:
                    continue
                assert not re.search(r"\byour?\b", said_of_seat, re.I), said_of_seat
                kinds = {kind for kind in SECOND_PERSON if kind in said_to_seat}
                met |= kinds
                assert name in said_of_seat if kinds else said_of_seat == said_to_seat, said_of_seat
            game.apply(rng.choice(legal))
    assert met == set(SECOND_PERSON)


def test_a_record_explains_a_refused_action_as_its_reader_hears_it(good: dict[str, Any]) -> None:
    """In a table's save the player's own seat is "you"; every other seat, and every seat of a record that is
    nobody's, is named."""
    index = first_card_index(good)
    game = Game(Rules(hands=2), 17)
    for text in good["actions"][:index]:
        game.apply(next(a for a in game.legal_actions() if str(a) == text))
    seat, name = game.turn, game.seat_name(game.turn)
    not_held = next(c for s in range(4) if s != seat for c in game.view(s).hand)  # type: ignore[union-attr]
    record = edited(good, ("actions", index), str(not_held))
    prefix = f"actions[{index}]: {not_held} is not legal for {name}: "
    for player in (None, (seat + 1) % 4):
        with pytest.raises(RecordError) as info:
            game_from_record(record, player=player)
        assert str(info.value) == f"{prefix}{name} does not hold the {not_held.name}"
    with pytest.raises(RecordError) as info:
        game_from_record(record, player=seat)
    assert str(info.value) == f"{prefix}you do not hold the {not_held.name}"
