"""Bidding: each variant's exact legal bids, the order of bidding, Blind Nil offered before a seat sees its cards."""

import pytest

from engine_support import bid_in_turn, dealt, hand, play_hand, snapshot
from spades import (
    BLIND_NIL,
    NIL,
    Bid,
    BidChanged,
    BidMade,
    Card,
    Choice,
    Game,
    IllegalAction,
    Looked,
    Phase,
    Rules,
)

# North holds 4 spades, East none, South 9, West none.
HANDS = [
    hand("AS KS QS JS AH KH QH JH 10H 9H 8H 7H 6H"),
    hand("5H 4H 3H 2H AD KD QD JD 10D 9D 8D 7D 6D"),
    hand("10S 9S 8S 7S 6S 5S 4S 3S 2S 5D 4D 3D 2D"),
    hand("AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C"),
]


def bids(*values: int) -> tuple[Bid, ...]:
    return tuple(Bid.of(v) for v in values)


def set_game(rules: Rules, dealer: int = 3, **kwargs: object) -> Game:
    return Game.from_deal(rules, HANDS, dealer, **kwargs)  # type: ignore[arg-type]


def legal_by_seat(game: Game, made: dict[int, int]) -> dict[int, set[Bid]]:
    """The legal bids of each seat in turn, bidding ``made[seat]`` after looking."""
    legal = {}
    while game.phase is Phase.BID:
        legal[game.turn] = set(game.legal_actions())
        assert set(game.view(game.turn).legal) == legal[game.turn]
        game.apply(Bid.of(made[game.turn]))
    return legal


def test_standard_bids_nil_to_thirteen() -> None:
    legal = legal_by_seat(set_game(Rules()), {0: 4, 1: 0, 2: 9, 3: 1})
    for seat in range(4):
        assert legal[seat] == set(bids(*range(14)))


def test_bidding_starts_left_of_dealer_and_goes_clockwise() -> None:
    for dealer in range(4):
        game = set_game(Rules(), dealer=dealer)
        order = []
        while game.phase is Phase.BID:
            order.append(game.turn)
            game.apply(Bid.of(3))
        assert order == [(dealer + 1 + i) % 4 for i in range(4)]
        assert game.phase is Phase.PLAY
        assert game.turn == (dealer + 1) % 4
        assert [e.seat for e in game.events if isinstance(e, BidMade)] == order


def test_no_nil_option() -> None:
    legal = legal_by_seat(set_game(Rules(nil=False)), {0: 4, 1: 1, 2: 9, 3: 1})
    for seat in range(4):
        assert legal[seat] == set(bids(*range(1, 14)))
    game = set_game(Rules(nil=False))
    with pytest.raises(IllegalAction):
        game.apply(NIL)


@pytest.mark.parametrize(("first", "second_low"), [(0, 4), (1, 3), (3, 1), (4, 0), (9, 0)])
def test_min_team_bid_four(first: int, second_low: int) -> None:
    game = set_game(Rules(min_team_bid=4))
    game.apply(Bid.of(first))  # North, the first of North-South to bid
    assert set(game.legal_actions()) == set(bids(*range(14)))  # East bids first for its side
    game.apply(Bid.of(2))
    assert set(game.legal_actions()) == set(bids(*range(second_low, 14)))  # South brings the sum to 4
    if second_low:
        before = snapshot(game)
        with pytest.raises(IllegalAction) as info:
            game.apply(Bid.of(second_low - 1))
        assert "the bids you may make are" in info.value.reason
        assert snapshot(game) == before
    game.apply(Bid.of(second_low))
    assert set(game.legal_actions()) == set(bids(*range(2, 14)))  # West, partner of East's 2


def test_whiz_bids_are_nil_or_the_spades_held() -> None:
    legal = legal_by_seat(set_game(Rules.preset("whiz")), {0: 4, 1: 0, 2: 0, 3: 0})
    assert legal[0] == {NIL, Bid.of(4)}
    assert legal[1] == {NIL}
    assert legal[2] == {NIL, Bid.of(9)}
    assert legal[3] == {NIL}


def test_whiz_refuses_another_number() -> None:
    game = set_game(Rules.preset("whiz"))
    for wrong in (3, 5, 13):
        with pytest.raises(IllegalAction) as info:
            game.apply(Bid.of(wrong))
        assert info.value.reason == "the bids you may make are nil, 4"
    assert game.why_illegal(Bid.of(4)) is None


def test_mirror_bids_exactly_the_spades_held() -> None:
    legal = legal_by_seat(set_game(Rules.preset("mirror")), {0: 4, 1: 0, 2: 9, 3: 0})
    assert legal == {0: {Bid.of(4)}, 1: {NIL}, 2: {Bid.of(9)}, 3: {NIL}}


def test_mirror_refuses_nil_with_spades() -> None:
    game = set_game(Rules.preset("mirror"))
    with pytest.raises(IllegalAction):
        game.apply(NIL)
    game.apply(Bid.of(4))
    game.apply(NIL)


SUICIDE_FIRST = {NIL, *bids(*range(4, 14))}


def test_suicide_first_partner_nil_then_second_four_or_more() -> None:
    game = set_game(Rules.preset("suicide"))
    assert set(game.legal_actions()) == SUICIDE_FIRST
    game.apply(NIL)  # North
    assert set(game.legal_actions()) == SUICIDE_FIRST  # East is first of its side
    game.apply(Bid.of(5))
    assert set(game.legal_actions()) == set(bids(*range(4, 14)))  # South must bid 4 or more
    for wrong in (NIL, Bid.of(3), Bid.of(1)):
        assert game.why_illegal(wrong) is not None
    game.apply(Bid.of(4))
    assert set(game.legal_actions()) == SUICIDE_FIRST  # West after East's 5: Nil or 4+
    game.apply(NIL)
    assert game.bids == [NIL, Bid.of(5), Bid.of(4), NIL]
    assert not any(isinstance(e, BidChanged) for e in game.events)


def test_suicide_both_four_or_more_first_becomes_nil() -> None:
    game = set_game(Rules.preset("suicide"))
    bid_in_turn(game, {0: 5, 1: 4, 2: 6, 3: 7})
    assert game.bids == [NIL, NIL, Bid.of(6), Bid.of(7)]
    changed = [e for e in game.events if isinstance(e, BidChanged)]
    assert changed == [BidChanged(0, NIL), BidChanged(1, NIL)]
    # the change comes right after the second partner's bid
    index = game.events.index(BidChanged(0, NIL))
    assert game.events[index - 1] == BidMade(2, Bid.of(6))
    assert all(v.bids == (NIL, NIL, Bid.of(6), Bid.of(7)) for v in map(game.view, range(4)))


def test_suicide_changed_bid_is_scored_as_nil() -> None:
    game = play_hand(Rules.preset("suicide"), [0, 5, 6, 2], {0: 5, 1: 4, 2: 6, 3: NIL})
    ns, ew = game.results[0].sides
    assert ns.contract == 6 and [n.seat for n in ns.nils] == [0]
    assert ns.points == 100 + 60
    assert ew.contract == 4 and ew.points == -100 + 40 + 1 + 2
    # and the suicide rule holds for both sides: one Nil and one 4+
    for side in (ns, ew):
        assert len(side.nils) == 1 and side.contract >= 4


def test_two_player_bids_zero_to_thirteen() -> None:
    rules = Rules.preset("two_player")
    hands = dealt(5)[:2]
    for dealer in (0, 1):
        game = Game.from_deal(rules, hands, dealer)
        assert game.phase is Phase.BID
        assert game.turn == 1 - dealer  # the non-dealer bids first
        assert set(game.legal_actions()) == set(bids(*range(14)))
        game.apply(Bid.of(13))
        assert game.turn == dealer
        assert set(game.legal_actions()) == set(bids(*range(14)))
        game.apply(NIL)
        assert game.phase is Phase.PLAY and game.turn == 1 - dealer  # and leads first


def test_only_bids_while_bidding() -> None:
    game = set_game(Rules())
    with pytest.raises(IllegalAction) as info:
        game.apply(Card.parse("AS"))
    assert info.value.reason == "it is time to bid"
    with pytest.raises(IllegalAction):
        game.apply(Choice.KEEP)
    with pytest.raises(IllegalAction):
        game.apply(BLIND_NIL)
    with pytest.raises(IllegalAction):
        game.apply(Choice.LOOK)


# -- Blind Nil -------------------------------------------------------------------------------------------------
def blind_rules(**options: object) -> Rules:
    return Rules(blind_nil=True, **options)  # type: ignore[arg-type]


def test_blind_nil_offered_before_looking_when_behind() -> None:
    game = set_game(blind_rules(), scores=[0, 150])
    # North-South are 150 behind: both are offered Blind Nil and see nothing yet; East-West see their cards.
    assert [game.view(s).hand is None for s in range(4)] == [True, False, True, False]
    assert [game.view(s).blind_nil_allowed for s in range(4)] == [True, False, True, False]
    assert game.turn == 0
    assert set(game.legal_actions()) == {BLIND_NIL, Choice.LOOK}
    assert set(game.view(0).legal) == {BLIND_NIL, Choice.LOOK}
    with pytest.raises(IllegalAction) as info:
        game.apply(Bid.of(3))
    assert info.value.reason == "first choose Blind Nil or look at your cards"
    with pytest.raises(IllegalAction):
        game.apply(NIL)

    game.apply(Choice.LOOK)
    assert game.events[-1] == Looked(0)
    assert game.turn == 0
    assert game.view(0).hand == HANDS[0]
    assert set(game.legal_actions()) == set(bids(*range(14)))
    assert BLIND_NIL not in game.legal_actions()
    game.apply(Bid.of(4))

    assert set(game.legal_actions()) == set(bids(*range(14)))  # East, ahead, is not offered
    game.apply(Bid.of(3))

    assert game.view(2).hand is None
    assert set(game.legal_actions()) == {BLIND_NIL, Choice.LOOK}
    game.apply(BLIND_NIL)
    assert game.events[-1] == BidMade(2, BLIND_NIL)
    assert game.view(2).hand == HANDS[2]
    assert game.bids[2] is BLIND_NIL


@pytest.mark.parametrize(("scores", "deficit", "offered"), [
    ([0, 99], 100, False),
    ([0, 100], 100, True),
    ([-60, 40], 100, True),
    ([0, 0], 100, False),
    ([0, 49], 50, False),
    ([0, 50], 50, True),
    ([0, 0], 0, True),
])
def test_blind_nil_needs_the_deficit(scores: list[int], deficit: int, offered: bool) -> None:
    game = set_game(blind_rules(blind_nil_deficit=deficit), scores=scores)
    assert (BLIND_NIL in game.legal_actions()) == offered
    assert (game.view(0).hand is None) == offered
    assert game.view(1).hand is not None or deficit == 0


def test_blind_nil_not_offered_without_the_option() -> None:
    game = set_game(Rules(), scores=[0, 300])
    assert all(game.view(s).hand is not None for s in range(4))
    assert BLIND_NIL not in game.legal_actions()


def test_blind_nil_in_solo_against_the_best_other_seat() -> None:
    game = set_game(Rules.preset("solo", blind_nil=True), scores=[0, 120, 50, 20])
    assert [game.view(s).blind_nil_allowed for s in range(4)] == [True, False, False, True]


def test_blind_nil_offered_in_a_later_hand_once_behind() -> None:
    rules = blind_rules()
    game = play_hand(rules, [2, 5, 2, 4], {0: 4, 1: 2, 2: 3, 3: 2})  # NS set: -70; EW 40 + 5 bags
    assert game.scores == [-70, 45]
    assert game.phase is Phase.BID
    for seat in range(4):
        behind = seat % 2 == 0
        assert (game.view(seat).hand is None) == behind
    # the cards of an unlooked seat are not in its view in any form
    while game.phase is Phase.BID:
        seat = game.turn
        view = game.view(seat)
        if view.hand is None:
            assert view.legal == (BLIND_NIL, Choice.LOOK) or set(view.legal) == {BLIND_NIL, Choice.LOOK}
            game.apply(Choice.LOOK)
        game.apply(Bid.of(3))


def test_blind_nil_with_min_team_bid_keeps_the_team_minimum() -> None:
    game = set_game(blind_rules(min_team_bid=4), scores=[0, 200])
    game.apply(Choice.LOOK)
    game.apply(Bid.of(2))  # North
    game.apply(Bid.of(3))  # East
    # South may not bring North-South to 2 with a Blind Nil: it must look and bid 2 or more.
    assert game.legal_actions() == (Choice.LOOK,)
    assert game.view(2).hand is None
    before = snapshot(game)
    with pytest.raises(IllegalAction) as info:
        game.apply(BLIND_NIL)
    assert "at least 4" in info.value.reason
    assert snapshot(game) == before
    game.apply(Choice.LOOK)
    assert set(game.legal_actions()) == set(bids(*range(2, 14)))


def test_blind_nil_first_with_min_team_bid_partner_must_bid_four() -> None:
    game = set_game(blind_rules(min_team_bid=4), scores=[0, 200])
    game.apply(BLIND_NIL)  # North
    game.apply(Bid.of(3))  # East
    assert game.legal_actions() == (Choice.LOOK,)
    game.apply(Choice.LOOK)
    assert set(game.legal_actions()) == set(bids(*range(4, 14)))


def _mean_count(rules: Rules, hands: int = 2000) -> float:
    import random

    from spades.bots.bidding import estimate_tricks

    rng = random.Random(repr(rules))
    cards = [c for c in range(54) if rules.pack >> c & 1]
    return sum(estimate_tricks(sum(1 << c for c in rng.sample(cards, rules.hand_size)), rules)
               for _ in range(hands)) / hands


@pytest.mark.parametrize(("variant", "options"), [
    ("three_player", {}), ("five_player", {}), ("six_player", {}), ("six_partners", {}),
    ("standard", {"jokers": "big_little"}), ("standard", {"jokers": "jjdd"}),
    ("three_player", {"jokers": "big_little"}),
])
def test_the_count_of_a_hand_scales_to_the_table(variant: str, options: dict[str, str]) -> None:
    """Over many hands the normal player's count, set against the tricks an average hand takes (the hand's size
    over the players), comes out as at the standard table: 17 cards at three count for more than 8 at six."""
    rules = Rules.preset(variant, **options)
    standard = _mean_count(Rules()) / (13 / 4)
    here = _mean_count(rules) / (rules.hand_size / rules.players)
    assert 0.9 < here / standard < 1.1, (here, standard)
