"""The wire form: every event and every seat's view of random games of every preset goes to JSON and back
unchanged, bad JSON is refused naming the field, and a view's JSON never shows another seat's cards."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

from spades import Card, CardSet, Game, Phase, Rules
from spades.errors import ActionError, SpadesError
from spades.record import record_of
from spades.wire import (
    EVENT_TYPES,
    SPECTATOR,
    SeatUpdate,
    WireError,
    action_from_json,
    action_to_json,
    cards_to_json,
    event_from_json,
    event_to_json,
    json_schema,
    rules_from_json,
    rules_to_json,
    spectator_view,
    update_from_json,
    update_to_json,
    view_from_json,
    view_to_json,
)

SETUPS = [
    ("standard", {}),
    ("standard", {"blind_nil": True, "blind_nil_deficit": 0, "target": 300, "bag_limit": 5}),
    ("standard", {"blind_nil": True, "first_lead": "two_of_clubs", "min_team_bid": 4, "lose_at": -200}),
    ("standard", {"nil": False, "ten_for_two_hundred": True, "nil_tricks_count_for_partner": True}),
    ("whiz", {}),
    ("mirror", {}),
    ("suicide", {}),
    ("solo", {"blind_nil": True, "blind_nil_deficit": 0}),
    ("two_player", {}),
    ("two_player", {"face_down_discards": True}),
    ("three_player", {"jokers": "big_little"}),
    ("five_player", {}),
    ("six_partners", {"nil_pass": 2, "teams": "pairs"}),
    ("six_partners", {"teams": "threes"}),
    ("standard", {"jokers": "jjdd", "nil_pass": 3, "blind_nil": True, "no_bags": True}),
]


def texts_in(value: Any) -> set[str]:
    """Every string anywhere in a JSON value (keys aside)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(texts_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(texts_in(v) for v in value)) if value else set()
    return set()


def check_leaks(game: Game, seat: int | None, data: dict[str, Any]) -> None:
    """No card of a hand the receiver may not see is in its JSON: a seat sees only its own (once it looked) and the
    cards it passed its partner, a spectator none; nobody sees another seat's face-down discards."""
    json.dumps(data)
    hidden = 0
    for other in range(game.n):
        if other != seat or not game.seen[other]:
            hidden |= game.hands[other]
            if game.rules.face_down_discards:
                hidden |= game.discarded[other]
    if seat is not None:
        hidden &= ~game.passed[seat]
    hidden_texts = {str(card) for card in CardSet(hidden)}
    offered = data.get("offered")
    shown = texts_in({k: v for k, v in data.items() if k != "offered"})
    assert not shown & hidden_texts, f"seat {seat} is shown {sorted(shown & hidden_texts)}"
    if offered is not None:
        assert seat is not None and game.turn == seat and game.phase is Phase.DRAW
        assert offered not in {str(c) for c in CardSet(sum(game.hands))}


def play_through(variant: str, options: dict[str, Any], seed: int) -> Game:
    game = Game(Rules.preset(variant, hands=2, **options), seed)
    rng = random.Random(seed)
    checked = 0
    while True:
        events = game.events
        for event in events[checked:]:
            data = event_to_json(event)
            assert json.loads(json.dumps(data)) == data
            assert event_from_json(data) == event
        checked = len(events)
        for seat in range(game.n):
            view = game.view(seat)
            data = view_to_json(view)
            check_leaks(game, seat, data)
            assert view_from_json(json.loads(json.dumps(data))) == view
        public = spectator_view(game.view(0))
        data = view_to_json(public)
        check_leaks(game, None, data)
        assert data["seat"] is None and data["hand"] is None and data["legal"] == [] and data["offered"] is None
        assert view_from_json(data) == public
        if game.over:
            return game
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize(("variant", "options"), SETUPS)
def test_every_event_and_view_of_a_random_game_comes_back_from_its_json(variant: str,
                                                                          options: dict[str, Any]) -> None:
    for seed in range(2):
        game = play_through(variant, options, seed)
        assert {type(e) for e in game.events} >= {t for t in EVENT_TYPES if t.__name__ not in
                                                   ("Drew", "Looked", "BidChanged", "SpadesBroken",
                                                                          "Passed")}


def test_the_two_player_draw_and_blind_nil_events_are_covered() -> None:
    seen: set[str] = set()
    for variant, options in SETUPS:
        game = Game(Rules.preset(variant, hands=2, **options), 7)
        rng = random.Random(7)
        while not game.over:
            game.apply(rng.choice(game.legal_actions()))
        seen |= {event_to_json(e)["type"] for e in game.events}
    assert seen >= set(EVENT_TYPES.values()) - {"bid_changed"}


def test_the_leak_check_sees_another_seats_cards() -> None:
    game = Game(Rules.preset("standard"), 2)
    with pytest.raises(AssertionError, match="shown"):
        check_leaks(game, 0, view_to_json(game.view(1)))


def test_an_update_comes_back_from_its_json() -> None:
    game = Game(Rules.preset("standard"), 3)
    rng = random.Random(3)
    for _ in range(20):
        game.apply(rng.choice(game.legal_actions()))
    update = SeatUpdate(len(game.events), tuple(game.events[-5:]), game.view(2))
    data = update_to_json(update)
    assert update_from_json(json.loads(json.dumps(data))) == update


def test_rules_carry_only_the_options_that_differ() -> None:
    rules = Rules.preset("standard", target=300, blind_nil=True)
    assert rules_to_json(rules) == {"variant": "standard", "options": {"target": 300, "blind_nil": True}}
    assert rules_from_json(rules_to_json(rules)) == rules


def test_actions_are_the_records_text() -> None:
    game = Game(Rules.preset("standard", blind_nil=True, blind_nil_deficit=0), 1)
    for action in game.legal_actions():
        assert action_to_json(action) == str(action)
        assert action_from_json(action_to_json(action)) == action
    record = record_of(game)
    assert record["actions"] == [action_to_json(a) for a in game.actions]
    with pytest.raises(ActionError, match="'QX'"):
        action_from_json("QX")
    with pytest.raises(WireError, match=r"^action: "):
        action_from_json(4)


def good_view() -> dict[str, Any]:
    game = Game(Rules.preset("standard"), 5)
    rng = random.Random(5)
    for _ in range(17):
        game.apply(rng.choice(game.legal_actions()))
    return view_to_json(game.view(game.turn))


BAD_VIEWS = [
    ("view.seat", lambda v: v.update(seat=4)),
    ("view.seat", lambda v: v.update(seat="north")),
    ("view.rules.variant", lambda v: v["rules"].update(variant="bridge")),
    ("view.rules.options.colour", lambda v: v["rules"]["options"].update(colour=1)),
    ("view.rules.options", lambda v: v["rules"]["options"].update(target=-5)),
    ("view.phase", lambda v: v.update(phase="dance")),
    ("view.hand[0]", lambda v: v["hand"].__setitem__(0, "ZZ")),
    ("view.hand[1]", lambda v: v["hand"].__setitem__(1, v["hand"][0])),
    ("view.legal[0]", lambda v: v["legal"].__setitem__(0, "jump")),
    ("view.bids", lambda v: v.update(bids=[None])),
    ("view.bids[0]", lambda v: v["bids"].__setitem__(0, "keep")),
    ("view.tricks_won[1]", lambda v: v["tricks_won"].__setitem__(1, True)),
    ("view.trick[0].card", lambda v: v["trick"].__setitem__(0, {"seat": 0, "card": 12})),
    ("view.tricks[0].winner", lambda v: v["tricks"][0].update(winner=9)),
    ("view.scores", lambda v: v.update(scores=[0, 0, 0])),
    ("view.offered", lambda v: v.update(offered="1S")),
    ("view.spades_broken", lambda v: v.update(spades_broken="yes")),
    ("view.winner", lambda v: v.update(winner=7)),
    ("view.extra", lambda v: v.update(extra=1)),
    ("view.turn", lambda v: v.pop("turn")),
]


@pytest.mark.parametrize(("field", "spoil"), BAD_VIEWS)
def test_a_bad_view_is_refused_naming_the_field(field: str, spoil: Any) -> None:
    data = good_view()
    assert data["trick"] and data["tricks"] and data["legal"]
    view_from_json(data)
    spoil(data)
    with pytest.raises(WireError) as caught:
        view_from_json(data)
    assert str(caught.value).startswith(field + ":") or str(caught.value).startswith(field + "."), caught.value
    assert isinstance(caught.value, SpadesError)


def test_a_spectator_view_with_a_hand_is_refused() -> None:
    data = view_to_json(spectator_view(Game(Rules(), 1).view(0)))
    data["hand"] = ["AS"]
    with pytest.raises(WireError, match=r"^view\.hand: "):
        view_from_json(data)
    assert view_from_json(view_to_json(spectator_view(Game(Rules(), 1).view(0)))).seat == SPECTATOR


@pytest.mark.parametrize(("field", "data"), [
    ("event.type", {"type": "sneeze"}),
    ("event", ["card"]),
    ("event.card", {"type": "card", "seat": 1, "card": "11S"}),
    ("event.seat", {"type": "card", "seat": -1, "card": "AS"}),
    ("event.bid", {"type": "bid", "seat": 1, "bid": "AS"}),
    ("event.cards", {"type": "trick", "seat": 1, "number": 1, "leader": 0, "cards": ["AS"]}),
    ("event.number", {"type": "trick", "seat": 1, "number": 19, "leader": 0, "cards": ["AS", "KS"]}),
    ("event.seat", {"type": "card", "seat": 6, "card": "AS"}),
    ("event.cards", {"type": "trick", "seat": 1, "number": 1, "leader": 0, "cards": ["AS"] * 7}),
    ("event.count", {"type": "passed", "seat": 0, "to": 2, "count": 5}),
    ("event.to", {"type": "passed", "seat": 0, "to": "S", "count": 2}),
    ("event.discard", {"type": "drew", "seat": 0, "kept_first": True, "discard": "XX"}),
    ("event.hand", {"type": "hand_started", "hand": 0, "dealer": 0}),
    ("event.dealer", {"type": "hand_started", "hand": 1}),
    ("event.result.sides", {"type": "hand_scored", "result": {"number": 1, "sides": 3}}),
    ("event.scores[1]", {"type": "game_over", "winner": None, "scores": [1, "2"]}),
    ("update.cursor", {"cursor": -1, "events": [], "view": {}}),
])
def test_a_bad_event_is_refused_naming_the_field(field: str, data: Any) -> None:
    with pytest.raises(WireError) as caught:
        if field.startswith("update"):
            update_from_json(data)
        else:
            event_from_json(data)
    assert str(caught.value).startswith(field), caught.value


def test_a_card_set_reads_spades_first_high_to_low() -> None:
    assert cards_to_json(CardSet.parse("2C AS 10H KS")) == ["AS", "KS", "10H", "2C"]
    assert Card.parse("10H") == action_from_json("10H")


def test_the_schema_names_every_event_and_every_view_field() -> None:
    schema = json_schema()
    json.dumps(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    defs = schema["$defs"]
    assert set(defs) >= {"action", "event", "view", "update"}
    types = {one["properties"]["type"]["const"] for one in defs["event"]["oneOf"]}
    assert types == set(EVENT_TYPES.values())
    for one in defs["event"]["oneOf"]:
        kind = next(k for k, v in EVENT_TYPES.items() if v == one["properties"]["type"]["const"])
        assert set(one["required"]) == {"type", *kind._fields}
    assert defs["view"]["required"] == [f.name for f in dataclasses.fields(view_from_json(good_view()))]
