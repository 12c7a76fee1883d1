"""What a seat can work out from its view: cards out, voids shown, and deals that fit them."""

from __future__ import annotations

import random

from spades import Card, CardSet, Game, Rules
from spades.actions import parse_action
from spades.bots.knowledge import Knowledge
from spades.cards import SUIT_MASKS

C = Card.parse


def hands(*texts: str) -> list[int]:
    return [int(CardSet.parse(t)) for t in texts]


# North holds every club but the two, East the two of clubs and all the diamonds, South the hearts,
# West the spades: when North leads a club, only East can follow; South and West show out.
DEAL = hands(
    "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C AH",
    "2C AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D",
    "2D KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
    "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
)


def position() -> Game:
    game = Game.from_deal(Rules.preset("standard"), DEAL, dealer=3)
    for word in ("3", "3", "3", "3", "AC", "2C", "2H", "2S"):
        game.apply(parse_action(word))
    return game


def test_voids_and_cards_out() -> None:
    game = position()
    k = Knowledge.from_view(game.view(0))
    assert k.void(2, 0) and k.void(3, 0)  # South and West showed out of clubs
    assert not k.void(1, 0)
    assert k.held == [12, 12, 12, 12]
    assert not k.unseen & k.hand and not k.unseen & k.played
    assert k.unseen.bit_count() == 52 - 12 - 4
    assert k.out_count(0) == 0  # North holds every club left
    assert k.is_master(C("KC"))
    assert k.spades_out() == 12


def test_a_trump_is_beaten_only_by_a_seat_out_of_the_suit() -> None:
    game = position()
    k = Knowledge.from_view(game.view(0))
    # A club lead: West is out of clubs and holds spades, so a low spade played to it may be overtrumped by West;
    # East has not shown out of diamonds, so on a diamond lead East cannot overtrump.
    assert k.may_beat(3, C("3S"), 0)
    south = Knowledge.from_view(game.view(2))
    assert not south.likely_void(1, 1)
    assert not south.may_beat(1, C("3S"), 1)
    assert south.may_beat(1, C("9D"), 1)  # but East may hold a higher diamond


def test_samples_respect_voids_and_sizes() -> None:
    game = position()
    k = Knowledge.from_view(game.view(0))
    rng = random.Random(4)
    for _ in range(20):
        deal = k.sample(rng)
        assert deal[0] == k.hand
        assert [h.bit_count() for h in deal] == k.held
        union = 0
        for seat, hand in enumerate(deal):
            assert not union & hand
            union |= hand
            if seat != 0:
                for suit in range(4):
                    if k.void(seat, suit):
                        assert not hand & SUIT_MASKS[suit]
        assert union == k.hand | k.unseen


def test_two_player_knows_the_other_hand_after_the_draw() -> None:
    game = Game(Rules.preset("two_player"), seed=9)
    while game.phase.value == "draw":
        game.apply(game.legal_actions()[0])
    view = game.view(game.turn)
    k = Knowledge.from_view(view)
    other = 1 - view.seat
    assert k.known[other] == game.hands[other]
    assert k.sample(random.Random(1))[other] == game.hands[other]


def test_jokers_rank_above_the_ace_and_cards_out_of_the_pack_are_never_out() -> None:
    """Big and Little Joker, twos of clubs and diamonds out: the ace of spades is no master while a joker is
    unseen, and the twos taken out are not held by anyone."""
    game = Game(Rules.preset("standard", jokers="big_little"), seed=3)
    view = game.view(0)
    k = Knowledge.from_view(view)
    assert not k.unseen >> int(C("2C")) & 1 and not k.unseen >> int(C("2D")) & 1
    assert k.unseen | int(view.hand) == Rules.preset("standard", jokers="big_little").pack
    assert k.spades_out() + k.hand_count(3) == 15
    if C("BJ") not in view.hand:
        assert not k.is_master(C("AS")) and not k.is_master(C("LJ"))
    assert k.rank(C("BJ")) == 16 and k.rank(C("LJ")) == 15 and k.suit(C("BJ")) == 3


def test_jjdd_the_deuces_rank_above_the_ace() -> None:
    """JJDD: the two of diamonds is a spade in play; trumps run 3S..AS, 2S, 2D, LJ, BJ."""
    k = Knowledge.from_view(Game(Rules.preset("standard", jokers="jjdd"), seed=4).view(0))
    assert k.suit(C("2D")) == 3 and k.suit(C("3D")) == 1
    assert [k.rank(C(t)) for t in ("3S", "AS", "2S", "2D", "LJ", "BJ")] == [3, 14, 15, 16, 17, 18]
    assert k.beats(C("2S"), C("AS")) and k.beats(C("2D"), C("2S")) and not k.beats(C("AS"), C("2S"))
    assert k.beats(C("2D"), C("AH")) and not k.beats(C("AD"), C("AH"))
    assert k.higher_out(C("AS")) & ~(1 << C("2S") | 1 << C("2D") | 1 << 52 | 1 << 53) == 0


def test_face_down_discards_keep_the_other_hand_unknown() -> None:
    """Two-player, discards face down: the other hand is 13 of the cards not seen, never all of them, and a
    sampled deal leaves the rest as its discards."""
    game = Game(Rules.preset("two_player", face_down_discards=True), seed=9)
    while game.phase.value == "draw":
        game.apply(game.legal_actions()[0])
    view = game.view(game.turn)
    k = Knowledge.from_view(view)
    other = 1 - view.seat
    assert k.known[other] == 0 and k.unseen.bit_count() == 26
    sample = k.sample(random.Random(1))
    assert sample[other].bit_count() == 13 and sample[other] & ~k.unseen == 0


def test_the_passer_knows_where_its_cards_are() -> None:
    """After a Nil pass each partner knows the cards it gave are in the other's hand: placed there, and a sampled
    deal puts them there."""
    rules = Rules.preset("standard", nil_pass=2)
    game = Game(rules, seed=5)
    game.apply(parse_action("nil"))
    while game.phase.value == "bid":
        game.apply(parse_action("3"))
    while game.phase.value == "pass":
        game.apply(game.legal_actions()[0])
    nil = next(s for s in range(4) if game.bids[s] is not None and game.bids[s].value == 0)
    partner = rules.partner_of(nil)
    assert partner is not None
    view = game.view(partner)
    k = Knowledge.from_view(view)
    assert k.placed[nil] == int(view.passed) and len(view.passed) == 2
    assert all(k.sample(random.Random(i))[nil] & int(view.passed) == int(view.passed) for i in range(5))
