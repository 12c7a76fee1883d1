"""Seeded random games of every new rule set and option, each step checked against the invariants of the game:
the cards are all there, every action taken was legal (by an oracle written from the rules, not from the engine),
tricks go by the rules' order of the trumps, scores add up, records replay, the wire form comes back unchanged,
undo and replay give the same state, and no view shows a passed card or a face-down discard to a seat that may not
know it. Many short games (one or two hands) rather than a few long ones, to keep the file to seconds."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine_support import snapshot
from spades import Card, CardSet, Choice, Game, Phase, Rules
from spades.events import Drew, Passed, TrickWon
from spades.record import game_from_record, record_of
from spades.wire import event_from_json, event_to_json, spectator_view, view_from_json, view_to_json

# (variant, options, games): games a setup plays; a few in full detail (wire, views, undo), the rest with the
# cheap checks at every step.
SETUPS: list[tuple[str, dict[str, Any], int]] = [
    ("three_player", {}, 60),
    ("three_player", {"jokers": "big_little"}, 60),
    ("five_player", {}, 60),
    ("five_player", {"jokers": "big_little"}, 60),
    ("six_player", {}, 60),
    ("six_partners", {}, 60),
    ("six_partners", {"teams": "threes"}, 60),
    ("standard", {"jokers": "big_little"}, 60),
    ("standard", {"jokers": "big_little", "deuces_out": "hearts_diamonds", "first_lead": "two_of_clubs"}, 60),
    ("standard", {"jokers": "jjdd"}, 60),
    ("solo", {"jokers": "big_little"}, 60),
    ("standard", {"nil_pass": 1}, 60),
    ("standard", {"nil_pass": 2, "blind_nil": True, "blind_nil_deficit": 0}, 60),
    ("standard", {"nil_pass": 3, "jokers": "jjdd"}, 60),
    ("six_partners", {"nil_pass": 1}, 60),
    ("six_partners", {"nil_pass": 2}, 60),
    ("six_partners", {"nil_pass": 3}, 60),
    ("two_player", {"face_down_discards": True}, 60),
    ("standard", {"no_bags": True}, 60),
    ("three_player", {"no_bags": True, "jokers": "big_little"}, 60),
]
DETAILED = 2  # games of each setup checked in full at every step (the first of two hands, the other of one)
NIL_BIAS = 0.3  # how often a bidder that may bid Nil does, so that passes come up often


def oracle_legal(game: Game) -> set[Any]:
    """The legal actions from the rules and the seat's view alone."""
    view = game.view(game.turn)
    rules = view.rules
    if view.phase is Phase.PASS:
        assert view.hand is not None and view.pass_to == rules.partner_of(view.seat)
        return set(view.hand)
    if view.phase is not Phase.PLAY:
        return set(game.legal_actions())
    assert view.hand is not None
    held = set(view.hand)
    if view.trick:
        led = rules.suit_of(view.trick[0][1])
        follow = {c for c in held if rules.suit_of(c) == led}
        return follow or held
    if rules.first_lead == "two_of_clubs" and not view.tricks:
        return {Card(0)}
    if view.spades_broken:
        return held
    return {c for c in held if rules.suit_of(c) != 3} or held


def oracle_winner(rules: Rules, leader: int, cards: tuple[Card, ...]) -> int:
    """The seat that takes a trick: the highest trump by the rules' list of trumps, else the highest card of the
    suit led (by rank: no two cards of one suit share one)."""
    trumps = [c for c in cards if c in rules.trumps]
    if trumps:
        best = max(trumps, key=rules.trumps.index)
    else:
        led = rules.suit_of(cards[0])
        best = max((c for c in cards if rules.suit_of(c) == led), key=lambda c: c.rank)
    return (leader + cards.index(best)) % rules.players


def in_flight(game: Game) -> int:
    """Cards chosen for a pass that have not reached the partner yet."""
    if game.phase is not Phase.PASS:
        return 0
    return game.passed[game.turn] if game.pass_count else 0


def check_cards(game: Game) -> None:
    """Every card of the pack is in exactly one place: a hand, the table, a pass on its way, or (two players) the
    discards and the stock."""
    rules = game.rules
    played = [c for _, cards, _ in game.tricks for c in cards] + list(game.trick)
    places = [*game.hands, sum(1 << c for c in played), in_flight(game)]
    if not rules.deals:
        places += [game.discards, sum(1 << c for c in game.deck[game.deck_pos:])]
    total = 0
    for mask in places:
        assert not total & mask, f"{CardSet(total & mask)} is in two places"
        total |= mask
    if game.phase is not Phase.OVER:
        assert total == (rules.pack if rules.deals else 0xFFFFFFFFFFFFF), CardSet(total ^ rules.pack)
    assert len(played) == len(set(played))


def check_secrets(game: Game) -> None:
    """A passed card is known to the two partners only; a face-down discard to its discarder only; neither is in any
    event, nor in a spectator's view."""
    rules = game.rules
    for seat in range(game.n):
        view = game.view(seat)
        assert view.passed == game.passed[seat] and view.received == game.received[seat]
        assert view.pass_to is None or (game.phase is Phase.PASS and game.turn == seat)
        if rules.face_down_discards:
            assert view.discards == game.discarded[seat]
        partner = rules.partner_of(seat)
        text = json.dumps(view_to_json(view))
        for other in range(game.n):
            if other in (seat, partner):
                continue
            secret = (game.passed[other] | game.received[other]) & ~view.played
            if rules.face_down_discards:
                secret |= game.discarded[other]
            for card in CardSet(secret):
                assert f'"{card}"' not in text, f"{card} is in the view of seat {seat}"
    public = spectator_view(game.view(0))
    assert public.passed == public.received == 0 and public.pass_to is None and public.hand is None
    if rules.face_down_discards:
        assert public.discards == 0
    for event in game.events:
        if isinstance(event, Drew) and rules.face_down_discards:
            assert event.discard is None
        if isinstance(event, Passed):
            assert event.count == rules.nil_pass and event.to == rules.partner_of(event.seat)


def check_wire(game: Game, checked: int) -> int:
    events = game.events
    for event in events[checked:]:
        data = event_to_json(event)
        assert event_from_json(json.loads(json.dumps(data))) == event
    for seat in range(game.n):
        view = game.view(seat)
        assert view_from_json(json.loads(json.dumps(view_to_json(view)))) == view
    public = spectator_view(game.view(0))
    assert view_from_json(json.loads(json.dumps(view_to_json(public)))) == public
    return len(events)


def choose(game: Game, rng: random.Random) -> Any:
    legal = game.legal_actions()
    if game.phase is Phase.BID:
        nils = [a for a in legal if getattr(a, "value", None) == 0]
        if nils and rng.random() < NIL_BIAS:
            return rng.choice(nils)
        if Choice.LOOK in legal and rng.random() < 0.7:
            return Choice.LOOK
    return rng.choice(legal)


def check_tricks_and_scores(game: Game, start_scores: list[int]) -> None:
    rules = game.rules
    for event in game.events:
        if isinstance(event, TrickWon):
            assert event.seat == oracle_winner(rules, event.leader, event.cards)
            assert event.number <= rules.hand_size and len(event.cards) == rules.players
    totals = list(start_scores)
    for result in game.results:
        assert len(result.sides) == rules.sides
        for side in result.sides:
            seats = rules.seats_of(side.side)
            assert side.tricks <= rules.hand_size
            if rules.no_bags:
                assert side.bags == 0 and side.total_bags == 0 and side.bag_penalty == 0
            totals[side.side] += side.points
            assert side.score == totals[side.side]
            assert side.points == side.contract_points + sum(n.points for n in side.nils) + side.bags + side.bag_penalty
            assert len(seats) >= 1
        assert sum(s.tricks for s in result.sides) == rules.hand_size
    assert game.scores == totals


def play(variant: str, options: dict[str, Any], seed: int, detailed: bool) -> Game:
    hands = 2 if detailed and seed == 0 else 1
    rules = Rules.preset(variant, hands=hands, **options)
    game = Game(rules, seed)
    rng = random.Random(seed)
    checked = 0
    passes = 0
    while not game.over:
        legal = game.legal_actions()
        if game.phase in (Phase.PLAY, Phase.PASS):
            assert set(legal) == oracle_legal(game)
        action = choose(game, rng)
        assert action in legal and game.why_illegal(action) is None
        if game.phase is Phase.PASS:
            passes += 1
        if detailed:
            check_secrets(game)
            checked = check_wire(game, checked)
            if rng.random() < 0.2:
                before = snapshot(game)
                game.apply(action)
                after = snapshot(game)
                game.undo()
                assert snapshot(game) == before
                game.apply(action)
                assert snapshot(game) == after
                check_cards(game)
                continue
        game.apply(action)
        check_cards(game)
    check_tricks_and_scores(game, [0] * rules.sides)
    if detailed:
        check_wire(game, checked)
        replayed = game_from_record(json.loads(json.dumps(record_of(game))))
        assert replayed.scores == game.scores and replayed.events == game.events
        again = game.clone()
        again.truncate(0)
        assert again.hand_number == 1 and not again.actions
        for action in game.actions:
            assert action in again.legal_actions()
            again.apply(action)
        assert snapshot(again) == snapshot(game)
    return game


@pytest.mark.parametrize(("variant", "options", "games"), SETUPS,
                         ids=[f"{v}-{'-'.join(f'{k}={x}' for k, x in o.items())}" for v, o, _ in SETUPS])
def test_random_games_of_each_rule_set_keep_every_invariant(variant: str, options: dict[str, Any],
                                                            games: int) -> None:
    passes = 0
    for seed in range(games):
        game = play(variant, options, seed, seed < DETAILED)
        passes += sum(isinstance(e, Passed) for e in game.events)
    if options.get("nil_pass"):
        assert passes, "no game passed a card: the setup tests nothing of the pass"
