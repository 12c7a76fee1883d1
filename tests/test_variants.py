"""The rule sets beyond four-handed Spades, checked against the worked examples and rules of their sources (each
test names its source; the sources' notes are in the rules text). Random games of every rule set are in
test_variants_properties.py."""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest

from spades import NIL, Card, CardSet, Choice, Game, Phase, Rules
from spades.actions import BIDS, BLIND_NIL, Bid
from spades.cards import ALL_CARDS, BIG_JOKER, FULL_DECK, LITTLE_JOKER
from spades.errors import IllegalAction, PositionError, RulesError
from spades.events import Drew, Passed, SpadesBroken
from spades.record import game_from_record, record_of
from spades.scoring import score_hand
from spades.tricks import beats, winning_play
from spades.wire import spectator_view, view_to_json

C = Card.parse


def cards(text: str) -> int:
    return int(CardSet.parse(text))


def deal(rules: Rules, fixed: Mapping[int, str], avoid: Mapping[int, int] | None = None) -> list[int]:
    """Hands of ``rules``'s pack holding the ``fixed`` cards, each seat filled up from the rest of the pack, low
    cards first, with none of its ``avoid`` cards."""
    avoid = avoid or {}
    hands = [cards(fixed.get(seat, "")) for seat in range(rules.players)]
    free = rules.pack & ~sum(hands)
    for seat in sorted(range(rules.players), key=lambda s: -avoid.get(s, 0).bit_count()):
        for card in CardSet(free & ~avoid.get(seat, 0)):
            if hands[seat].bit_count() == rules.hand_size:
                break
            hands[seat] |= 1 << card
            free &= ~(1 << card)
    assert all(h.bit_count() == rules.hand_size for h in hands), "the fixed cards leave no way to fill the hands"
    return hands


def bid_all(game: Game, bids: Mapping[int, Bid] | None = None) -> None:
    """Every seat bids (1 unless ``bids`` says otherwise), in turn."""
    bids = bids or {}
    while game.phase is Phase.BID:
        if Choice.LOOK in game.legal_actions():
            game.apply(Choice.LOOK)
        game.apply(bids.get(game.turn, BIDS[1]))


# -- the packs ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("variant", "options", "size", "hand", "out"), [
    # Bicycle, "Spades with Jokers" (http://www.bicyclecards.com/how-to-play/spades-with-jokers/): the jokers in,
    # 2C and 2D out at four; nothing out at three, 18 each; every deuce out at five, 10 each.
    ("standard", {"jokers": "big_little"}, 52, 13, "2C 2D"),
    ("three_player", {"jokers": "big_little"}, 54, 18, ""),
    ("five_player", {"jokers": "big_little"}, 50, 10, "2C 2D 2H 2S"),
    ("solo", {"jokers": "big_little"}, 52, 13, "2C 2D"),
    # The red deuces out instead (https://holdingthecards.com/what-cards-do-you-take-out-in-spades-2-3-and-4-players-
    # jokers-removals/).
    ("standard", {"jokers": "big_little", "deuces_out": "hearts_diamonds"}, 52, 13, "2D 2H"),
    # JJDD: 2C and 2H out (https://www.jokerswildspades.com/faq, https://afronautics.com/2017/12/13/joker-joker-
    # deuce-deuce/).
    ("standard", {"jokers": "jjdd"}, 52, 13, "2C 2H"),
    # Cutthroat: the 2C set aside, 17 each (https://www.skullwink.com/cutthroat-rules).
    ("three_player", {}, 51, 17, "2C"),
    # Five without jokers: 2C and 2D out, 10 each (https://www.spinandplayslots.com/how-to-play-spades-with-5-players/).
    ("five_player", {}, 50, 10, "2C 2D"),
    # Six, one pack: the four deuces out, 8 each (http://spotglobe.blogg.se/2023/october/play-online-spades.html).
    ("six_player", {}, 48, 8, "2C 2D 2H 2S"),
    ("six_partners", {}, 48, 8, "2C 2D 2H 2S"),
    ("six_partners", {"teams": "threes"}, 48, 8, "2C 2D 2H 2S"),
    ("standard", {}, 52, 13, ""),
    ("two_player", {}, 52, 13, ""),
])
def test_each_pack_holds_its_sources_cards(variant: str, options: dict[str, object], size: int, hand: int,
                                           out: str) -> None:
    rules = Rules.preset(variant, **options)
    jokers = 3 << LITTLE_JOKER if rules.jokers != "none" else 0
    assert rules.pack == (FULL_DECK | jokers) & ~cards(out)
    assert rules.pack.bit_count() == size
    assert rules.hand_size == hand
    assert rules.plain_pack == (rules.pack == FULL_DECK)
    game = Game(Rules.preset(variant, hands=1, **options), 11)
    if rules.deals:
        assert sorted(h.bit_count() for h in game.hands) == [hand] * rules.players
        assert sum(game.hands) == rules.pack


def test_the_jjdd_suits_have_sixteen_spades_and_twelve_of_each_other_suit() -> None:
    # afronautics.com (https://afronautics.com/2017/12/13/joker-joker-deuce-deuce/): spades 16, the others 12.
    rules = Rules.preset("standard", jokers="jjdd")
    assert [(rules.pack & mask).bit_count() for mask in rules.suit_masks] == [12, 12, 12, 16]
    assert rules.suit_of(C("2D")) == 3 and rules.suit_of(C("3D")) == 1
    assert rules.suit_of(C("LJ")) == rules.suit_of(C("BJ")) == 3


# -- the order of the trumps ----------------------------------------------------------------------------------------
def test_big_joker_beats_little_joker_above_the_ace_of_spades() -> None:
    # Bicycle (URL above) and http://spadesgame.net/SpadesVariations.php: Big Joker, Little Joker, then the ace.
    rules = Rules.preset("standard", jokers="big_little")
    assert [str(Card(c)) for c in rules.trumps[-3:]] == ["AS", "LJ", "BJ"]
    assert winning_play([(0, C("LJ")), (1, C("BJ")), (2, C("AS")), (3, C("KS"))], rules) == (1, C("BJ"))
    assert winning_play([(0, C("AH")), (1, C("LJ")), (2, C("2S")), (3, C("KH"))], rules) == (1, C("LJ"))
    assert beats(C("BJ"), C("LJ"), rules=rules) and not beats(C("LJ"), C("BJ"), rules=rules)
    assert C("BJ").joker and C("BJ").rank == 16 and C("LJ").rank == 15 and C("LJ").suit == 3
    assert C("big joker") == Card(BIG_JOKER) and C("little joker") == Card(LITTLE_JOKER)


def test_jjdd_ranks_two_of_spades_then_two_of_diamonds_then_the_jokers_above_the_ace() -> None:
    # Copy of pagat (http://vinopoint.biz/spade-in-card-game.html), jokerswildspades.com/faq: Big Joker, Little
    # Joker, 2D, 2S, AS, KS ... 3S.
    rules = Rules.preset("standard", jokers="jjdd")
    assert [str(Card(c)) for c in rules.trumps] == [
        "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS", "2S", "2D", "LJ", "BJ"]
    powers = [rules.power(c) for c in rules.trumps]
    assert powers == sorted(powers) and len(set(powers)) == 16
    assert rules.power(C("2S")) > rules.power(C("AS"))
    assert winning_play([(0, C("AS")), (1, C("2S")), (2, C("KS")), (3, C("3S"))], rules) == (1, C("2S"))
    assert winning_play([(0, C("2S")), (1, C("2D")), (2, C("AS")), (3, C("3S"))], rules) == (1, C("2D"))
    assert winning_play([(0, C("2D")), (1, C("BJ")), (2, C("LJ")), (3, C("3S"))], rules) == (1, C("BJ"))


def test_jjdd_two_of_diamonds_trumps_a_diamond_lead() -> None:
    # Copy of pagat (URL above): the 2D is a spade in play, so on a diamond lead it trumps.
    rules = Rules.preset("standard", jokers="jjdd")
    assert winning_play([(0, C("AD")), (1, C("2D")), (2, C("KD")), (3, C("3D"))], rules) == (1, C("2D"))
    assert beats(C("2D"), C("AD"), rules=rules)
    # Without the rules the two of diamonds is the lowest diamond, as in every other pack.
    assert winning_play([(0, C("AD")), (1, C("2D"))]) == (0, C("AD"))


def test_jjdd_two_of_diamonds_follows_leads_and_breaks_spades_as_one() -> None:
    # Copy of pagat (URL above): for following suit the 2D counts as a spade.
    rules = Rules.preset("standard", jokers="jjdd", hands=1)
    diamonds = rules.suit_masks[1]
    # West (3) leads after dealer South (2); North holds the 2D and no other diamond.
    hands = deal(rules, {3: "AD KD", 0: "2D"}, {0: diamonds})
    game = Game.from_deal(rules, hands, dealer=2)
    bid_all(game)
    assert game.turn == 3
    game.apply(C("AD"))
    assert C("2D") in game.legal_actions()  # void in diamonds: anything, the 2D among them
    assert game.legal_mask() == game.hands[0]
    events = len(game.events)
    game.apply(C("2D"))
    assert any(isinstance(e, SpadesBroken) for e in game.events[events:])
    assert game.broken
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    assert game.tricks[-1][2] == 0  # the 2D took the trick from the ace of diamonds


def test_jjdd_two_of_diamonds_must_follow_a_spade_lead_and_may_not_lead_before_spades_break() -> None:
    rules = Rules.preset("standard", jokers="jjdd", hands=1)
    # West holds only trumps (the 2S and twelve more), so may lead one; North holds the 2D and the jokers.
    west = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"
    hands = deal(rules, {3: west, 0: "2D LJ BJ"}, {0: rules.suit_masks[3]})
    game = Game.from_deal(rules, hands, dealer=2)
    bid_all(game)
    game.apply(C("3S"))
    assert set(game.legal_actions()) == {C("2D"), C("LJ"), C("BJ")}
    club = next(iter(CardSet(game.hands[0] & rules.suit_masks[0])))
    with pytest.raises(IllegalAction, match="must follow spades"):
        game.apply(club)
    # North, not holding only trumps, may not lead the 2D before spades are broken.
    other = Game.from_deal(rules, deal(rules, {1: "2D 3D"}), dealer=0)
    bid_all(other)
    assert other.turn == 1 and C("2D") not in other.legal_actions() and C("3D") in other.legal_actions()
    assert other.why_illegal(C("2D")) == "spades are not broken"


# -- scoring --------------------------------------------------------------------------------------------------------
def test_cutthroat_bid_five_take_seven_scores_fifty_two() -> None:
    # http://onlinespades.net/rules-cutthroat.htm (and http://whiteknucklecards.com/games/spades.html): 50 + 2 bags.
    rules = Rules.preset("three_player")
    result = score_hand(rules, [BIDS[5], BIDS[6], BIDS[4]], [7, 6, 4], [0, 0, 0], [0, 0, 0])
    assert result.points == (52, 60, 40)
    assert result.sides[0].bags == 2 and result.sides[0].total_bags == 2


def test_no_bags_bid_five_take_seven_scores_fifty() -> None:
    # https://www.clarksvillejuneteenth.com/spades-tournament: overtricks are recorded but add nothing.
    rules = Rules.preset("standard", no_bags=True)
    result = score_hand(rules, [BIDS[3], BIDS[4], BIDS[2], BIDS[4]], [4, 3, 3, 3], [0, 0], [9, 9])
    assert result.points == (50, -80)
    assert result.sides[0].bags == 0 and result.sides[0].total_bags == 9 and result.sides[0].bag_penalty == 0
    solo = score_hand(Rules.preset("three_player", no_bags=True), [BIDS[5], BIDS[2], BIDS[2]], [7, 5, 5],
                      [0, 0, 0], [0, 0, 0])
    assert solo.points == (50, 20, 20)


def test_bags_carry_over_and_cost_at_ten() -> None:
    # https://holdingthecards.com/what-is-a-bag-penalty-in-spades-sandbagging/: a side at 378 with 8 bags scores
    # 53 (bid 5, took 8), reaches 11 bags and loses 100: 331, one bag carried.
    rules = Rules.preset("standard")
    result = score_hand(rules, [BIDS[3], BIDS[4], BIDS[2], BIDS[4]], [4, 3, 4, 2], [378, 0], [8, 0])
    side = result.sides[0]
    assert (side.points, side.score, side.total_bags, side.bag_penalty) == (-47, 331, 1, -100)
    # The same in cutthroat, where each player keeps bags: http://onlinespades.net/rules-cutthroat.htm.
    result = score_hand(Rules.preset("three_player"), [BIDS[5], BIDS[5], BIDS[5]], [8, 5, 4], [378, 0, 0],
                        [8, 0, 0])
    assert (result.sides[0].score, result.sides[0].total_bags) == (331, 1)


def test_a_side_of_three_scores_its_three_bids_together() -> None:
    rules = Rules.preset("six_partners", teams="threes")
    result = score_hand(rules, [BIDS[1], BIDS[2], BIDS[1], BIDS[1], NIL, BIDS[1]], [2, 2, 0, 1, 0, 3],
                        [0, 0], [0, 0])
    # Seats 0, 2 and 4 bid 1 + 1 + Nil and took 2 + 0 + 0: contract 2 made, the Nil made.
    assert result.sides[0].contract == 2 and result.points[0] == 20 + 100
    assert result.sides[1].contract == 4 and result.points[1] == 40 + 2


# -- Nil passing ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("variant", "count"), [("standard", 1), ("standard", 2), ("six_partners", 3)])
def test_a_nil_pass_goes_bidder_first_and_reaches_the_partner_when_all_are_chosen(variant: str, count: int) -> None:
    # Britannica (http://www.britannica.com/EBchecked/topic/1233155/spades) and Playsite
    # (https://www.field-of-themes.com/spades/sprules.htm): the Nil bidder passes first, then the partner.
    rules = Rules.preset(variant, nil_pass=count, hands=1)
    game = Game(rules, 21)
    nil_seat = (game.dealer + 1) % rules.players
    partner = rules.partner_of(nil_seat)
    assert partner is not None
    bid_all(game, {nil_seat: NIL})
    assert game.phase is Phase.PASS and game.turn == nil_seat and game.pass_count == count
    assert game.pass_plan == ((nil_seat, partner), (partner, nil_seat))
    assert game.view(nil_seat).pass_to == partner and game.view(partner).pass_to is None
    start = list(game.hands)
    chosen = 0
    for i in range(count):
        card = game.legal_actions()[-1]
        chosen |= 1 << card
        game.apply(card)
        if i < count - 1:
            assert game.hands[partner] == start[partner]  # not there until every card is chosen
            assert game.turn == nil_seat and game.pass_count == count - 1 - i
    assert game.hands[partner] == start[partner] | chosen
    assert game.view(partner).received == chosen and game.view(nil_seat).passed == chosen
    passed = [e for e in game.events if isinstance(e, Passed)]
    assert passed == [Passed(nil_seat, partner, count)]
    assert game.turn == partner and game.pass_count == count
    back = 0
    for _ in range(count):
        card = game.legal_actions()[0]
        back |= 1 << card
        game.apply(card)
    assert game.phase is Phase.PLAY and game.turn == (game.dealer + 1) % rules.players
    assert game.hands[nil_seat] == start[nil_seat] & ~chosen | back
    assert game.hands[partner] == (start[partner] | chosen) & ~back
    for seat in range(rules.players):
        view = game.view(seat)
        if seat not in (nil_seat, partner):
            assert view.passed == view.received == 0
    public = spectator_view(game.view(nil_seat))
    assert public.passed == public.received == 0 and public.pass_to is None
    # The cards of a hand are those dealt, before the pass.
    game_over = game.clone()
    while not game_over.over:
        game_over.apply(game_over.legal_actions()[0])
    assert [int(h) for h in game_over.dealt_hands(1)] == start


def test_both_partners_nil_pass_nothing_and_each_partnership_passes_in_turn() -> None:
    # Hoyle-style rules (http://tipwriter.expertscolumn.com/article/spades-card-game-rules): no exchange when both
    # partners bid Nil.
    rules = Rules.preset("standard", nil_pass=2, hands=1)
    game = Game(rules, 3)
    first = (game.dealer + 1) % 4
    bid_all(game, {first: NIL, (first + 2) % 4: NIL})
    assert game.phase is Phase.PLAY and game.pass_plan == ()
    game = Game(rules, 3)
    bid_all(game, {first: NIL, (first + 1) % 4: NIL})
    assert game.pass_plan == ((first, (first + 2) % 4), ((first + 2) % 4, first),
                              ((first + 1) % 4, (first + 3) % 4), ((first + 3) % 4, (first + 1) % 4))


def test_a_blind_nil_passes_too_and_undo_goes_back_through_the_pass() -> None:
    rules = Rules.preset("standard", nil_pass=2, blind_nil=True, blind_nil_deficit=0, hands=1)
    game = Game(rules, 8)
    first = game.turn
    game.apply(BLIND_NIL)
    bid_all(game)
    assert game.phase is Phase.PASS and game.turn == first
    before = (list(game.hands), game.phase, game.turn)
    for _ in range(4):
        game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])  # the first card of the play
    game.undo(5)
    assert (list(game.hands), game.phase, game.turn) == before
    assert game.passed == [0] * 4 and game.received == [0] * 4


@pytest.mark.parametrize(("variant", "options", "why"), [
    ("solo", {"nil_pass": 2}, "nil_pass"),
    ("three_player", {"nil_pass": 2}, "nil_pass"),
    ("six_partners", {"teams": "threes", "nil_pass": 2}, "nil_pass"),
    ("suicide", {"nil_pass": 2}, "nil_pass"),
    ("standard", {"nil_pass": 5}, "nil_pass"),
    ("standard", {"nil": False, "nil_pass": 1}, "nil_pass"),
    ("two_player", {"jokers": "big_little"}, "jokers"),
    ("six_player", {"jokers": "big_little"}, "jokers"),
    ("five_player", {"jokers": "jjdd"}, "jokers"),
    ("standard", {"deuces_out": "hearts_diamonds"}, "deuces_out"),
    ("three_player", {"jokers": "big_little", "deuces_out": "hearts_diamonds"}, "deuces_out"),
    ("standard", {"teams": "threes"}, "teams"),
    ("six_player", {"teams": "threes"}, "teams"),
    ("standard", {"face_down_discards": True}, "face_down_discards"),
    ("standard", {"no_bags": "yes"}, "no_bags"),
    # The two of clubs cannot lead where it is out of the pack.
    ("three_player", {"first_lead": "two_of_clubs"}, "first_lead"),
    ("five_player", {"first_lead": "two_of_clubs"}, "first_lead"),
    ("six_partners", {"first_lead": "two_of_clubs"}, "first_lead"),
    ("standard", {"jokers": "jjdd", "first_lead": "two_of_clubs"}, "first_lead"),
    ("standard", {"jokers": "big_little", "first_lead": "two_of_clubs"}, "first_lead"),
    ("two_player", {"first_lead": "two_of_clubs"}, "first_lead"),
    ("six_player", {"min_team_bid": 4}, "min_team_bid"),
    ("six_partners", {"min_team_bid": 9}, "min_team_bid"),
])
def test_every_refused_combination_names_its_option(variant: str, options: dict[str, object], why: str) -> None:
    with pytest.raises(RulesError, match=f"^option {why}: "):
        Rules.preset(variant, **options)


def test_the_two_of_clubs_leads_where_the_pack_keeps_it() -> None:
    for variant, options in [("three_player", {"jokers": "big_little"}),
                             ("standard", {"jokers": "big_little", "deuces_out": "hearts_diamonds"})]:
        game = Game(Rules.preset(variant, first_lead="two_of_clubs", hands=1, **options), 4)
        bid_all(game)
        assert game.legal_actions() == (C("2C"),) and game.hands[game.turn] & 1


# -- two players, discards face down --------------------------------------------------------------------------------
def test_face_down_discards_are_in_no_event_and_no_other_view() -> None:
    # https://holdingthecards.com/what-cards-do-you-take-out-in-spades-2-3-and-4-players-jokers-removals/: the
    # card not kept goes face down, seen by the drawer only.
    game = Game(Rules.preset("two_player", face_down_discards=True, hands=1), 5)
    rng = random.Random(5)
    while game.phase is Phase.DRAW:
        game.apply(rng.choice(game.legal_actions()))
    drew = [e for e in game.events if isinstance(e, Drew)]
    assert len(drew) == 26 and all(e.discard is None for e in drew)
    assert game.discarded[0] | game.discarded[1] == game.discards and not game.discarded[0] & game.discarded[1]
    for seat in (0, 1):
        view = game.view(seat)
        assert view.discards == game.discarded[seat]
        shown = set(view_to_json(view)["discards"])
        assert not shown & {str(c) for c in CardSet(game.discarded[1 - seat])}
    assert spectator_view(game.view(0)).discards == 0
    assert view_to_json(spectator_view(game.view(0)))["discards"] == []
    # A set position: neither player knows which of the other 26 cards the other discarded.
    rules = Rules.preset("two_player", face_down_discards=True)
    position = Game.from_deal(rules, game.hands)
    assert position.view(0).discards == position.view(1).discards == 0
    assert position.discards == FULL_DECK & ~(game.hands[0] | game.hands[1])
    face_up = Game(Rules.preset("two_player", hands=1), 5)
    for action in game.actions[:52]:
        face_up.apply(action)
    assert face_up.view(0).discards == face_up.view(1).discards == game.discards


# -- positions, records and the hands of a finished hand --------------------------------------------------------------
SETS = [
    ("three_player", {}), ("three_player", {"jokers": "big_little"}), ("five_player", {}),
    ("five_player", {"jokers": "big_little"}), ("six_player", {}), ("six_partners", {}),
    ("six_partners", {"teams": "threes"}), ("standard", {"jokers": "big_little"}),
    ("standard", {"jokers": "big_little", "deuces_out": "hearts_diamonds"}), ("standard", {"jokers": "jjdd"}),
    ("solo", {"jokers": "big_little"}), ("standard", {"nil_pass": 2}), ("six_partners", {"nil_pass": 1}),
    ("two_player", {"face_down_discards": True}), ("standard", {"no_bags": True}),
]


@pytest.mark.parametrize(("variant", "options"), SETS)
def test_from_deal_records_and_dealt_hands_of_every_pack(variant: str, options: dict[str, object]) -> None:
    rules = Rules.preset(variant, hands=2, **options)
    rng = random.Random(len(variant))
    pack = list(CardSet(rules.pack))
    rng.shuffle(pack)
    size = rules.hand_size
    hands = [sum(1 << c for c in pack[i * size:(i + 1) * size]) for i in range(rules.players)]
    game = Game.from_deal(rules, hands, dealer=rules.players - 1, seed=9)
    assert game.hands == hands and game.phase is Phase.BID
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    assert [int(h) for h in game.dealt_hands(1)] == hands
    second = [int(h) for h in game.dealt_hands(2)]
    assert all(h.bit_count() == size for h in second) and not sum(second) & ~rules.pack
    if rules.deals:
        assert sum(second) == rules.pack
    replayed = game_from_record(record_of(game))
    assert replayed.scores == game.scores and replayed.events == game.events
    outside = ALL_CARDS & ~rules.pack
    if outside:  # a card the pack leaves out is refused, naming it
        bad = list(hands)
        low = bad[0] & -bad[0]
        bad[0] = bad[0] ^ low | (outside & -outside)
        with pytest.raises(PositionError, match="not in this game's pack"):
            Game.from_deal(rules, bad)
