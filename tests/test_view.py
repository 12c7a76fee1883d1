"""Views: a seat sees its own cards (once it has looked) and what the table has seen, and never another seat's
unplayed cards."""

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine_support import bid_in_turn, hand
from spades import BLIND_NIL, Card, CardSet, Choice, Game, Phase, Rules, SeatView
from spades.errors import PositionError
from spades.view import Views

SETUPS = [
    ("standard", {}),
    ("standard", {"blind_nil": True, "blind_nil_deficit": 0}),
    ("standard", {"blind_nil": True, "first_lead": "two_of_clubs", "min_team_bid": 4}),
    ("whiz", {}),
    ("mirror", {}),
    ("suicide", {}),
    ("solo", {"blind_nil": True, "blind_nil_deficit": 0}),
    ("two_player", {}),
]


def cards_in(value: Any) -> Iterator[int]:
    """Every card mentioned anywhere in a value: cards, sets of cards, in tuples and dataclasses."""
    if isinstance(value, Card):
        yield int(value)
    elif isinstance(value, CardSet):
        yield from (int(c) for c in value)
    elif isinstance(value, tuple | list):
        for item in value:
            yield from cards_in(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type | Rules):
        for f in dataclasses.fields(value):
            yield from cards_in(getattr(value, f.name))


def check_views(game: Game) -> None:
    for seat in range(game.n):
        view = game.view(seat)
        own = game.hands[seat]
        others = 0
        for other in range(game.n):
            if other != seat:
                others |= game.hands[other]
        if view.hand is None:
            assert game.rules.blind_nil and game.phase is Phase.BID
            hidden = others | own  # an unlooked seat does not see its own cards either
        else:
            assert int(view.hand) == own
            hidden = others
        assert view.offered is None or (game.phase is Phase.DRAW and game.turn == seat)
        for f in dataclasses.fields(view):
            if f.name in ("hand", "offered"):
                continue
            for card in cards_in(getattr(view, f.name)):
                assert not hidden >> card & 1, f"{f.name} of seat {seat} shows {Card(card)}"
        if view.offered is not None:
            assert not (others | own) >> view.offered & 1
        assert view.legal == (game.legal_actions() if game.turn == seat else ())
        assert view.my_turn == (game.turn == seat and not game.over)


@pytest.mark.parametrize(("variant", "options"), SETUPS)
def test_no_view_shows_another_seats_cards(variant: str, options: dict[str, Any]) -> None:
    for seed in range(2):
        game = Game(Rules.preset(variant, hands=2, **options), seed)
        rng = random.Random(seed)
        while not game.over:
            check_views(game)
            game.apply(rng.choice(game.legal_actions()))
        check_views(game)


def test_view_fields_in_play() -> None:
    hands = [
        hand("AS KS AH KH QH AD KD QD AC KC QC JC 10C"),
        hand("QS JS JH 10H 9H JD 10D 9D 9C 8C 7C 6C 5C"),
        hand("10S 9S 8S 7S 6S 5S 4S 3S 2S 8H 7H 6H 5H"),
        hand("4H 3H 2H 8D 7D 6D 5D 4D 3D 2D 4C 3C 2C"),
    ]
    game = Game.from_deal(Rules(), hands, dealer=3)
    view = game.view(1)
    assert (view.seat, view.phase, view.hand_number, view.dealer, view.turn) == (1, "bid", 1, 3, 0)
    assert view.side == 1 and view.partner == 3 and view.players == 4
    assert not view.my_turn and view.legal == ()
    bid_in_turn(game, {0: 4, 1: 3, 2: 5, 3: 1})
    for card in ("AH", "9H", "5H", "2H", "KD", "9D"):
        game.apply(Card.parse(card))
    view = game.view(2)
    assert view.phase == "play" and view.my_turn
    assert view.bids[0] is not None and [b.value for b in view.bids] == [4, 3, 5, 1]  # type: ignore[union-attr]
    assert view.tricks_won == (1, 0, 0, 0)
    assert view.trick == ((0, Card.parse("KD")), (1, Card.parse("9D")))
    assert view.led_suit == 1
    assert view.trick_number == 2
    assert view.played == CardSet.parse("AH 9H 5H 2H KD 9D")
    assert view.hand == hands[2] - CardSet.parse("5H")
    assert len(view.tricks) == 1 and view.tricks[0].plays() == (
        (0, Card.parse("AH")), (1, Card.parse("9H")), (2, Card.parse("5H")), (3, Card.parse("2H")))
    assert not view.spades_broken
    assert view.scores == (0, 0) and view.bags == (0, 0) and view.results == ()
    assert view.discards == CardSet(0)
    assert view.side_seats(0) == (0, 2)


def test_view_of_a_seat_that_has_not_looked() -> None:
    game = Game(Rules(blind_nil=True, blind_nil_deficit=0), seed=3)
    seat = game.turn
    view = game.view(seat)
    assert view.hand is None and view.blind_nil_allowed
    assert set(view.legal) == {BLIND_NIL, Choice.LOOK}
    game.apply(Choice.LOOK)
    assert game.view(seat).hand is not None


def test_two_player_views_keep_the_kept_card_hidden() -> None:
    game = Game(Rules.preset("two_player"), seed=8)
    seat = game.turn
    offered = game.view(seat).offered
    assert offered is not None
    assert game.view(1 - seat).offered is None
    game.apply(Choice.KEEP)
    assert offered in game.view(seat).hand  # type: ignore[operator]
    other = game.view(1 - seat)
    assert offered not in other.discards and offered not in other.hand  # type: ignore[operator]
    assert offered not in set(cards_in([getattr(other, f.name) for f in dataclasses.fields(SeatView)]))


def test_view_refuses_a_seat_not_at_the_table() -> None:
    with pytest.raises(ValueError):
        Game(Rules(), 0).view(4)
    with pytest.raises(ValueError):
        Game(Rules.preset("two_player"), 0).view(2)


def test_dealt_hands_only_once_the_hand_is_over() -> None:
    game = Game(Rules(hands=2), seed=5)
    first = [game.view(s).hand for s in range(4)]
    with pytest.raises(ValueError):
        game.dealt_hands(1)
    rng = random.Random(1)
    while game.hand_number == 1:
        game.apply(rng.choice(game.legal_actions()))
    assert list(game.dealt_hands(1)) == first
    with pytest.raises(ValueError):
        game.dealt_hands(2)


@pytest.mark.parametrize("variant", ["standard", "two_player", "six_partners"])
def test_views_of_one_position_are_each_seats_own_view(variant: str) -> None:
    """``Views`` shares what every seat sees between the seats' views, and each is the view ``make_view`` makes."""
    rng = random.Random(variant)
    game = Game(Rules.preset(variant, hands=1, nil_pass=0 if variant == "two_player" else 2), seed=3)
    while not game.over:
        views = Views(game)
        for seat in rng.sample(range(game.n), game.n):
            assert views[seat] == game.view(seat)
        assert views[0].bids is views[game.n - 1].bids and views[0].scores is views[1].scores
        game.apply(rng.choice(list(game.legal_actions())))
    with pytest.raises(PositionError):
        Views(game)[game.n]
