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
from rules_model import check_cards, check_tricks_and_scores, oracle_legal
from spades import CardSet, Choice, Game, Phase, Rules
from spades.events import Drew, Passed
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
# Rule sets whose bidding differs (a team's floor, Whiz and Mirror counting the trumps of a pack with jokers,
# Suicide's forced Nil): checked here at every bid against the model (test_variants_many plays SETUPS only).
BID_SETUPS: list[tuple[str, dict[str, Any], int]] = [
    ("six_partners", {"teams": "threes", "min_team_bid": 4, "blind_nil": True, "blind_nil_deficit": 0}, 12),
    ("six_partners", {"min_team_bid": 4}, 8),
    ("whiz", {"jokers": "jjdd"}, 8),
    ("mirror", {"jokers": "big_little"}, 8),
    ("suicide", {"jokers": "jjdd"}, 8),
]
DETAILED = 2  # games of each setup checked in full at every step (the first of two hands, the other of one)
NIL_BIAS = 0.3  # how often a bidder that may bid Nil does, so that passes come up often


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


def play(variant: str, options: dict[str, Any], seed: int, detailed: bool) -> Game:
    hands = 2 if detailed and seed == 0 else 1
    rules = Rules.preset(variant, hands=hands, **options)
    game = Game(rules, seed)
    rng = random.Random(seed)
    checked = 0
    passes = 0
    while not game.over:
        legal = game.legal_actions()
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


@pytest.mark.parametrize(("variant", "options", "games"), SETUPS + BID_SETUPS,
                         ids=[f"{v}-{'-'.join(f'{k}={x}' for k, x in o.items())}" for v, o, _ in SETUPS + BID_SETUPS])
def test_random_games_of_each_rule_set_keep_every_invariant(variant: str, options: dict[str, Any],
                                                            games: int) -> None:
    passes = 0
    for seed in range(games):
        game = play(variant, options, seed, seed < DETAILED)
        passes += sum(isinstance(e, Passed) for e in game.events)
    if options.get("nil_pass"):
        assert passes, "no game passed a card: the setup tests nothing of the pass"
