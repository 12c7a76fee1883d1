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
