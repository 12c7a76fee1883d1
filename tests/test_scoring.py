"""Scoring: every worked example of RULES.md, through score_hand and through whole games played to the scored
situation, and the scoring options."""

import pytest

from engine_support import play_hand
from spades import BLIND_NIL, NIL, Bid, GameOver, HandScored, HandStarted, Phase, Rules, score_hand


def bids(*values: int) -> list[Bid]:
    return [Bid.of(v) for v in values]


# -- worked example 1 ----------------------------------------------------------------------------------------
def test_worked_example_1_made_contracts_and_one_bag() -> None:
    # North-South bid 4 + 3 = 7 and take 8; East-West bid 3 + 2 = 5 and take 5.
    result = score_hand(Rules(), bids(4, 3, 3, 2), [5, 3, 3, 2], [0, 0], [0, 0])
    ns, ew = result.sides
    assert (ns.contract, ns.tricks, ns.points, ns.bags, ns.total_bags) == (7, 8, 71, 1, 1)
    assert (ew.contract, ew.tricks, ew.points, ew.bags, ew.total_bags) == (5, 5, 50, 0, 0)
    assert ns.made and ew.made and not ns.set


def test_worked_example_1_in_a_game() -> None:
    game = play_hand(Rules(), [5, 3, 3, 2], {0: 4, 1: 3, 2: 3, 3: 2})
    assert game.results[0].points == (71, 50)
    assert game.scores == [71, 50]
    assert game.bags == [1, 0]
    assert [r.tricks for r in game.results[0].sides] == [8, 5]


# -- worked example 2 ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("taken", "score", "bags"), [(7, 389, 9), (8, 290, 0), (9, 291, 1)])
def test_worked_example_2_bags_reach_ten(taken: int, score: int, bags: int) -> None:
    # A side at 337 with 7 bags bids 5.
    result = score_hand(Rules(), bids(3, 4, 2, 4), [taken - 3, (13 - taken) // 2, 3, 13 - taken - (13 - taken) // 2],
                        [337, 0], [7, 0])
    ns = result.sides[0]
    assert (ns.score, ns.total_bags) == (score, bags)
    assert ns.bag_penalty == (-100 if taken >= 8 else 0)


@pytest.mark.parametrize(("taken", "score", "bags"), [(7, 389, 9), (8, 290, 0), (9, 291, 1)])
def test_worked_example_2_in_a_game(taken: int, score: int, bags: int) -> None:
    north = taken - 3
    east = (13 - taken) // 2
    game = play_hand(Rules(), [north, east, 3, 13 - taken - east], {0: 3, 1: 1, 2: 2, 3: 1},
                     scores=[337, 0], bags=[7, 0])
    assert game.scores[0] == score
    assert game.bags[0] == bags
    # the bags carry into the next hand
    assert game.view(0).bags[0] == bags
    assert game.phase is Phase.BID and game.hand_number == 2


# -- worked example 3 ----------------------------------------------------------------------------------------
TWO_PLAYER_CASES = [
    (6, 6, 60, 0),
    (6, 7, 61, 1),
    (6, 5, -60, 0),
    (0, 5, 5, 5),
    (13, 9, 9, 9),
    (13, 13, 250, 0),
]


@pytest.mark.parametrize(("bid", "taken", "points", "bags"), TWO_PLAYER_CASES)
def test_worked_example_3_two_player(bid: int, taken: int, points: int, bags: int) -> None:
    rules = Rules.preset("two_player")
    result = score_hand(rules, bids(bid, 3), [taken, 13 - taken], [0, 0], [0, 0])
    assert result.sides[0].points == points
    assert result.sides[0].total_bags == bags


@pytest.mark.parametrize(("bid", "taken", "points", "bags"), TWO_PLAYER_CASES)
def test_worked_example_3_two_player_in_a_game(bid: int, taken: int, points: int, bags: int) -> None:
    rules = Rules.preset("two_player")
    game = play_hand(rules, [taken, 13 - taken], {0: bid, 1: 2}, dealer=1)
    assert game.results[0].sides[0].points == points
    assert game.scores[0] == points
    assert game.bags[0] == bags


# -- worked example 4 ----------------------------------------------------------------------------------------
def test_worked_example_4_whiz_failed_nil() -> None:
    rules = Rules.preset("whiz")
    result = score_hand(rules, bids(0, 3, 4, 3), [1, 3, 5, 4], [0, 0], [0, 0])
    ns = result.sides[0]
    assert ns.nils[0].points == -100 and not ns.nils[0].made
    # South's 4 made with one over, North's trick a bag: -100 + 40 + 1 + 1
    assert ns.points == -58


def test_worked_example_4_whiz_in_a_game() -> None:
    # The scripted deal gives North 3 spades (trick 10 is won by East), so Whiz offers North exactly {Nil, 3}.
    rules = Rules.preset("whiz")
    game = play_hand(rules, [1, 4, 4, 4], {0: NIL, 1: 4, 2: 3, 3: 3})
    north_nil = game.results[0].sides[0].nils[0]
    assert north_nil.seat == 0 and north_nil.points == -100
    assert game.results[0].sides[0].points == -100 + 30 + 1 + 1


# -- worked example 5 ----------------------------------------------------------------------------------------
def test_worked_example_5_set_contract_and_failed_nil() -> None:
    result = score_hand(Rules(), bids(13, 4, 0, 4), [4, 4, 1, 4], [0, 0], [0, 0])
    ns = result.sides[0]
    assert ns.contract_points == -130
    assert ns.nils[0].points == -100
    assert (ns.points, ns.bags, ns.total_bags) == (-229, 1, 1)


def test_worked_example_5_nil_tricks_count_for_partner() -> None:
    rules = Rules(nil_tricks_count_for_partner=True)
    result = score_hand(rules, bids(13, 4, 0, 4), [4, 4, 1, 4], [0, 0], [0, 0])
    ns = result.sides[0]
    assert (ns.points, ns.bags, ns.total_bags) == (-230, 0, 0)


@pytest.mark.parametrize(("counts", "points", "bags"), [(False, -229, 1), (True, -230, 0)])
def test_worked_example_5_in_a_game(counts: bool, points: int, bags: int) -> None:
    game = play_hand(Rules(nil_tricks_count_for_partner=counts), [4, 4, 1, 4], {0: 13, 1: 4, 2: NIL, 3: 4})
    assert game.results[0].sides[0].points == points
    assert game.bags[0] == bags
    assert game.scores[0] == points


# -- worked example 6 ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("contract", [2, 4, 7])
def test_worked_example_6_bag_penalty_carries_the_rest(contract: int) -> None:
    north = contract // 2
    taken = contract + 5
    result = score_hand(Rules(), bids(north, 1, contract - north, 1),
                        [north + 5, (13 - taken) // 2, contract - north, 13 - taken - (13 - taken) // 2],
                        [200, 0], [8, 0])
    ns = result.sides[0]
    assert ns.points == 10 * contract + 5 - 100
    assert ns.total_bags == 3
    assert ns.bag_penalty == -100


def test_worked_example_6_in_a_game() -> None:
    game = play_hand(Rules(), [5, 2, 4, 2], {0: 2, 1: 1, 2: 2, 3: 1}, scores=[48, 20], bags=[8, 0])
    assert game.results[0].sides[0].points == 40 + 5 - 100
    assert game.bags == [3, 2]
    assert game.scores == [48 + 40 + 5 - 100, 20 + 20 + 2]


# -- worked example 7 ----------------------------------------------------------------------------------------
def test_worked_example_7_both_past_target_higher_wins() -> None:
    # North-South 480 bid 3 and take 7 (+34 = 514); East-West 470 bid 3 and take 6 (+33 = 503).
    game = play_hand(Rules(), [4, 3, 3, 3], {0: 2, 1: 2, 2: 1, 3: 1}, scores=[480, 470])
    assert game.scores == [514, 503]
    assert game.over and game.phase is Phase.OVER
    assert game.winner == 0
    assert game.events[-1] == GameOver(0, (514, 503))
    assert game.legal_actions() == ()
    assert all(v.winner == 0 and v.phase == "over" for v in map(game.view, range(4)))


def test_worked_example_7_both_past_target_lower_side_cannot_win() -> None:
    game = play_hand(Rules(), [4, 3, 3, 3], {0: 2, 1: 2, 2: 1, 3: 1}, scores=[470, 490])
    assert game.scores == [504, 523]
    assert game.winner == 1


def test_worked_example_7_equal_scores_past_target_deal_another_hand() -> None:
    # North-South 470 bid 4 and take 7 (+43); East-West 480 bid 3 and take 6 (+33): both 513.
    game = play_hand(Rules(), [4, 3, 3, 3], {0: 2, 1: 2, 2: 2, 3: 1}, scores=[470, 480])
    assert game.scores == [513, 513]
    assert not game.over and game.winner is None
    assert game.phase is Phase.BID
    assert game.hand_number == 2
    assert isinstance(game.events[-1], HandStarted)
    assert isinstance(game.events[-2], HandScored)
    assert not any(isinstance(e, GameOver) for e in game.events)


# -- options ---------------------------------------------------------------------------------------------------
def test_nil_made_and_nil_value() -> None:
    for value in (100, 50):
        result = score_hand(Rules(nil_value=value), bids(0, 3, 4, 3), [0, 4, 5, 4], [0, 0], [0, 0])
        assert result.sides[0].points == value + 40 + 1
        assert result.sides[0].nils[0].made


def test_double_nil() -> None:
    result = score_hand(Rules(), bids(0, 3, 0, 3), [0, 6, 2, 5], [0, 0], [0, 0])
    ns = result.sides[0]
    assert ns.contract == 0
    assert ns.points == 100 - 100 + 2
    assert ns.total_bags == 2


def test_blind_nil_scores_its_value() -> None:
    rules = Rules(blind_nil=True)
    made = score_hand(rules, [BLIND_NIL, *bids(3, 4, 3)], [0, 4, 5, 4], [0, 0], [0, 0])
    assert made.sides[0].points == 200 + 40 + 1
    failed = score_hand(rules, [BLIND_NIL, *bids(3, 4, 3)], [2, 4, 3, 4], [0, 0], [0, 0])
    assert failed.sides[0].points == -200 - 40 + 2
    other = score_hand(Rules(blind_nil=True, blind_nil_value=300), [BLIND_NIL, *bids(3, 4, 3)], [0, 4, 5, 4],
                       [0, 0], [0, 0])
    assert other.sides[0].points == 300 + 41


def test_ten_for_two_hundred() -> None:
    rules = Rules(ten_for_two_hundred=True)
    made = score_hand(rules, bids(6, 1, 5, 1), [6, 1, 5, 1], [0, 0], [0, 0])
    assert made.sides[0].points == 220
    made_over = score_hand(rules, bids(6, 0, 4, 1), [6, 0, 5, 2], [0, 0], [0, 0])
    assert made_over.sides[0].points == 200 + 1
    set_ = score_hand(rules, bids(6, 1, 5, 1), [6, 3, 3, 1], [0, 0], [0, 0])
    assert set_.sides[0].points == -220
    nine = score_hand(rules, bids(5, 1, 4, 1), [5, 2, 4, 2], [0, 0], [0, 0])
    assert nine.sides[0].points == 90
    plain = score_hand(Rules(), bids(6, 1, 5, 1), [6, 1, 5, 1], [0, 0], [0, 0])
    assert plain.sides[0].points == 110


def test_bag_limit_and_penalty_options() -> None:
    rules = Rules(bag_limit=5, bag_penalty=50)
    result = score_hand(rules, bids(1, 1, 1, 1), [6, 2, 4, 1], [0, 0], [3, 4])
    ns, ew = result.sides
    # NS bid 2, took 10: 8 bags, 3 + 8 = 11 -> two penalties, 1 left
    assert (ns.bags, ns.bag_penalty, ns.total_bags, ns.points) == (8, -100, 1, 20 + 8 - 100)
    # EW bid 2, took 3: 1 bag, 4 + 1 = 5 -> one penalty, none left
    assert (ew.bags, ew.bag_penalty, ew.total_bags, ew.points) == (1, -50, 0, 20 + 1 - 50)


def test_bags_counted_apart_from_a_negative_score() -> None:
    result = score_hand(Rules(), bids(2, 6, 1, 4), [4, 5, 1, 3], [-153, 0], [4, 0])
    ns = result.sides[0]
    assert ns.score == -153 + 32
    assert ns.total_bags == 6


def test_solo_each_seat_scores_alone() -> None:
    rules = Rules.preset("solo")
    result = score_hand(rules, bids(3, 0, 5, 4), [4, 0, 4, 5], [0, 0, 0, 0], [0, 0, 0, 0])
    assert result.points == (31, 100, -50, 41)
    assert len(result.sides) == 4
    assert [s.total_bags for s in result.sides] == [1, 0, 0, 1]


def test_solo_in_a_game() -> None:
    game = play_hand(Rules.preset("solo"), [4, 0, 4, 5], {0: 3, 1: NIL, 2: 5, 3: 4})
    assert game.scores == [31, 100, -50, 41]


def test_two_player_failed_nil_and_bag_penalty() -> None:
    rules = Rules.preset("two_player")
    result = score_hand(rules, bids(0, 9), [4, 9], [100, 0], [8, 0])
    north = result.sides[0]
    assert north.points == 4 - 100
    assert north.total_bags == 2
    assert north.nils[0].points == 0
