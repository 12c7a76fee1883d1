"""The bidding rules are stated once (bids.py) and asked of the Rules, never by testing a variant's name."""

import ast
from pathlib import Path

import pytest

from spades import VARIANTS, Bid, CardSet, Choice, Game, Rules
from spades.actions import BIDS, BLIND_NIL, NIL
from spades.bids import Bidding, blind_choices, legal_bids, partner_bid_after, spades_shown

SRC = Path(__file__).resolve().parents[1] / "src" / "spades"
# Where a variant's name may be compared: the rule sets themselves and the
# search benchmark (OpenSpiel, the reference it measures against, plays only the standard game).
MAY_NAME_VARIANTS = {"rules.py", "bids.py", "benchmarks/search.py",
                     # quick play keeps one queue per preset, keyed by its name: it compares keys, never a rule
                     "room/lobby/queue.py", "room/store/queue.py"}


def _names_a_variant(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return node.value in VARIANTS
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_names_a_variant(e) for e in node.elts)
    return (isinstance(node, ast.Attribute) and node.attr == "variant") or (
        isinstance(node, ast.Name) and node.id == "variant")


def test_no_module_outside_the_rules_tests_a_variant_name() -> None:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        name = path.relative_to(SRC).as_posix()
        if name in MAY_NAME_VARIANTS:
            continue
        for node in ast.walk(ast.parse(path.read_text(), name)):
            if isinstance(node, ast.Compare) and any(_names_a_variant(e) for e in (node.left, *node.comparators)):
                found.append(f"{name}:{node.lineno}")
    assert not found, f"variant names tested outside rules.py and bids.py: {found}"


@pytest.mark.parametrize(("variant", "bidding", "by_spades", "forced", "one_nil"), [
    ("standard", Bidding.FREE, False, False, False),
    ("solo", Bidding.FREE, False, False, False),
    ("two_player", Bidding.FREE, False, False, False),
    ("whiz", Bidding.NIL_OR_SPADES, True, True, False),
    ("mirror", Bidding.SPADES, True, True, False),
    ("suicide", Bidding.ONE_NIL, False, True, True),
])
def test_each_variant_names_its_bidding_rule(variant: str, bidding: Bidding, by_spades: bool, forced: bool,
                                             one_nil: bool) -> None:
    rules = Rules.preset(variant)
    assert rules.bidding is bidding
    assert (rules.bids_by_spades, rules.forced_bids, rules.one_nil_per_side) == (by_spades, forced, one_nil)


THREE_SPADES = int(CardSet.parse("AS 7S 2S KH QH JH 10H 9D 8D 7D 6C 5C 4C"))
NO_SPADE = int(CardSet.parse("AH KH QH JH 10D 9D 8D 7D 6C 5C 4C 3C 2C"))


def test_the_bids_of_each_rule_from_the_hand_and_the_partner() -> None:
    whiz, mirror, suicide = (Rules.preset(v) for v in ("whiz", "mirror", "suicide"))
    assert legal_bids(whiz, THREE_SPADES, None) == (NIL, BIDS[3])
    assert legal_bids(whiz, NO_SPADE, None) == (NIL,)
    assert legal_bids(mirror, THREE_SPADES, None) == (BIDS[3],)
    assert legal_bids(mirror, NO_SPADE, None) == (NIL,)
    assert legal_bids(suicide, THREE_SPADES, None) == (NIL, *BIDS[4:14])
    assert legal_bids(suicide, THREE_SPADES, NIL) == BIDS[4:14]
    assert legal_bids(Rules(), THREE_SPADES, None) == BIDS[:14]
    assert legal_bids(Rules(nil=False), THREE_SPADES, None) == BIDS[1:14]
    assert legal_bids(Rules(min_team_bid=4), THREE_SPADES, BIDS[1]) == BIDS[3:14]
    # No bid above the hand's tricks: 17 at three players, 8 at six.
    assert legal_bids(Rules.preset("three_player"), THREE_SPADES, None) == BIDS[:18]
    assert legal_bids(Rules.preset("six_partners"), THREE_SPADES, None) == BIDS[:9]
    assert blind_choices(Rules(blind_nil=True), None) == (BLIND_NIL, Choice.LOOK)
    assert blind_choices(Rules(blind_nil=True, min_team_bid=4), BIDS[2]) == (Choice.LOOK,)


def test_a_second_bid_of_four_turns_the_first_into_nil_only_in_suicide() -> None:
    suicide = Rules.preset("suicide")
    assert partner_bid_after(suicide, BIDS[5], BIDS[4]) is NIL
    assert partner_bid_after(suicide, BIDS[5], NIL) is None
    assert partner_bid_after(suicide, BIDS[5], None) is None
    assert partner_bid_after(Rules(), BIDS[5], BIDS[4]) is None


def test_which_bids_show_the_spades_held() -> None:
    assert spades_shown(Rules.preset("mirror"), NIL) == 0
    assert spades_shown(Rules.preset("mirror"), BIDS[3]) == 3
    assert spades_shown(Rules.preset("whiz"), BIDS[3]) == 3
    assert spades_shown(Rules.preset("whiz"), NIL) is None
    assert spades_shown(Rules(), BIDS[3]) is None
    assert spades_shown(Rules(blind_nil=True), BLIND_NIL) is None


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_game_offers_exactly_the_bids_of_its_rule(variant: str) -> None:
    rules = Rules.preset(variant)
    for seed in range(20):
        game = Game(rules, seed=seed)
        while game.phase.value == "draw":
            game.apply(game.legal_actions()[0])
        while game.phase.value == "bid":
            seat = game.turn
            partner = game.bids[(seat + 2) % 4] if rules.partnerships else None
            expected = legal_bids(rules, game.hands[seat], partner)
            assert game.legal_actions() == expected
            game.apply(expected[-1] if seed % 2 else expected[0])
        assert all(isinstance(b, Bid) for b in game.bids)
