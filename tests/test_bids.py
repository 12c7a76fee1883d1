"""The bidding rules are stated once (bids.py) and asked of the Rules, never by testing a variant's name."""

import ast
from pathlib import Path

import pytest

from spades import VARIANTS, Bid, CardSet, Choice, Game, Rules
from spades.actions import BIDS, BLIND_NIL, NIL
from spades.bids import Bidding, blind_choices, legal_bids, mates_bid, partner_bid_after, spades_shown

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


def _a_name(node: ast.AST) -> bool:
    """A variant's name written out, or several: a variant compared with None, or with another rule set's variant,
    names none."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_a_name(element) for element in node.elts)
    return False


def test_no_module_outside_the_rules_tests_a_variant_name() -> None:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        name = path.relative_to(SRC).as_posix()
        if name in MAY_NAME_VARIANTS:
            continue
        for node in ast.walk(ast.parse(path.read_text(), name)):
            sides = (node.left, *node.comparators) if isinstance(node, ast.Compare) else ()
            if any(_names_a_variant(e) for e in sides) and any(_a_name(e) for e in sides):
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
    assert legal_bids(suicide, THREE_SPADES, 0) == BIDS[4:14]
    assert legal_bids(Rules(), THREE_SPADES, None) == BIDS[:14]
    assert legal_bids(Rules(nil=False), THREE_SPADES, None) == BIDS[1:14]
    assert legal_bids(Rules(min_team_bid=4), THREE_SPADES, 1) == BIDS[3:14]
    # No bid above the hand's tricks: 17 at three players, 8 at six.
    assert legal_bids(Rules.preset("three_player"), THREE_SPADES, None) == BIDS[:18]
    assert legal_bids(Rules.preset("six_partners"), THREE_SPADES, None) == BIDS[:9]
    assert blind_choices(Rules(blind_nil=True), None) == (BLIND_NIL, Choice.LOOK)
    assert blind_choices(Rules(blind_nil=True, min_team_bid=4), 2) == (Choice.LOOK,)


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
            expected = legal_bids(rules, game.hands[seat], mates_bid(rules, game.bids, seat))
            assert game.legal_actions() == expected
            game.apply(expected[-1] if seed % 2 else expected[0])
        assert all(isinstance(b, Bid) for b in game.bids)


def test_a_team_of_three_keeps_its_minimum_bid() -> None:
    """Six in two teams of three with a floor of 4: the team's last bidder must bring its three bids to 4; the
    first two bid freely, as the first partner of a pair does."""
    rules = Rules.preset("six_partners", teams="threes", min_team_bid=4)
    game = Game(rules, seed=1)
    first = game.turn
    team = rules.seats_of(rules.side_of(first))
    last = max(team, key=lambda seat: (seat - first) % rules.players)
    seen: dict[int, tuple[int, ...]] = {}
    while game.phase.value == "bid":
        seat = game.turn
        seen[seat] = tuple(a.value for a in game.legal_actions() if isinstance(a, Bid))
        legal = [a for a in game.legal_actions() if isinstance(a, Bid)]
        game.apply(next(b for b in legal if b.value == 1) if seat in team and seat != last else legal[0])
    assert all(seen[seat][0] == 0 for seat in team if seat != last)
    assert seen[last] == tuple(range(2, rules.hand_size + 1))
    assert sum(game.bids[seat].value for seat in team) >= 4  # type: ignore[union-attr]
    # The other team bid Nil, Nil and then what brings it to 4.
    others = [seat for seat in range(rules.players) if seat not in team]
    assert sum(game.bids[seat].value for seat in others) == 4  # type: ignore[union-attr]


def test_the_team_floor_in_legal_bids() -> None:
    threes = Rules.preset("six_partners", teams="threes", min_team_bid=4)
    assert legal_bids(threes, THREE_SPADES, None) == BIDS[:9]
    assert legal_bids(threes, THREE_SPADES, 1) == BIDS[3:9]
    assert legal_bids(threes, THREE_SPADES, 5) == BIDS[:9]
    assert blind_choices(threes.with_options(blind_nil=True), 3) == (Choice.LOOK,)
    assert blind_choices(threes.with_options(blind_nil=True), None) == (BLIND_NIL, Choice.LOOK)
