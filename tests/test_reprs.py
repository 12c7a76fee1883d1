"""Values' reprs paste back into Python as equal values: cards, sets, bids, choices, phases, rules, events, views."""

import random

import pytest

import spades
import spades.scoring
from spades import BLIND_NIL, NIL, Bid, Card, CardSet, Choice, Game, Phase, Rules

NAMESPACE = {**vars(spades), **vars(spades.scoring)}


def _pastes_back(value: object) -> None:
    again = eval(repr(value), NAMESPACE)
    assert again == value, repr(value)
    assert type(again) is type(value)


@pytest.mark.parametrize(("value", "text"), [
    (Card.parse("AS"), "Card.parse('AS')"),
    (Card.parse("10H"), "Card.parse('10H')"),
    (CardSet.parse("KH AS"), "CardSet.parse('KH AS')"),
    (CardSet(0), "CardSet.parse('')"),
    (Bid(4), "Bid(4)"),
    (NIL, "Bid(0)"),
    (BLIND_NIL, "Bid(0, blind=True)"),
    (Choice.KEEP, "Choice.KEEP"),
    (Phase.BID, "Phase.BID"),
    (Rules(), "Rules.preset('standard')"),
    (Rules.preset("standard", target=300), "Rules.preset('standard', target=300)"),
    (Rules.preset("solo", lose_at=-200, nil=False), "Rules.preset('solo', lose_at=-200, nil=False)"),
])
def test_the_repr_is_the_python_that_makes_the_value(value: object, text: str) -> None:
    assert repr(value) == text
    _pastes_back(value)


def test_every_card_bid_and_choice_pastes_back() -> None:
    for value in (*(Card(i) for i in range(52)), *(Bid(v) for v in range(14)), BLIND_NIL, *Choice, *Phase):
        _pastes_back(value)
    _pastes_back(CardSet.parse("2C 10D QH AS"))


def test_rules_of_every_variant_with_options_paste_back() -> None:
    for variant in spades.VARIANTS:
        _pastes_back(Rules.preset(variant))
    _pastes_back(Rules.preset("standard", blind_nil=True, first_lead="two_of_clubs", min_team_bid=4, hands=3))


def test_the_events_and_a_view_of_a_whole_game_paste_back() -> None:
    game = Game(Rules(hands=1, blind_nil=True), seed=3)
    rng = random.Random(1)
    views = []
    while not game.over:
        views.append(game.view(game.turn))
        game.apply(rng.choice(game.legal_actions()))
    for event in game.events:
        _pastes_back(event)
    for view in views[::7]:
        _pastes_back(view)
