"""Thousands of random one-hand games of every new rule set and option, each checked at its end: every card of
the pack played once in tricks of one card a seat, tricks adding up to the hand, the scores the sum of the hand's
points, and the record replaying to the same scores. (tests/test_variants_properties.py checks fewer games at
every step; this one plays many, cheaply.)"""

from __future__ import annotations

import random
from typing import Any

import pytest

from spades.game import Game, play_random
from spades.record import game_from_record, record_of
from spades.rules import Rules
from test_variants_properties import SETUPS

GAMES = 2000  # one-hand games of each setup


@pytest.mark.parametrize(("variant", "options"), [(v, o) for v, o, _ in SETUPS],
                         ids=[f"{v}-{'-'.join(f'{k}={x}' for k, x in o.items())}" for v, o, _ in SETUPS])
def test_thousands_of_random_games_keep_the_invariants(variant: str, options: dict[str, Any]) -> None:
    rules = Rules.preset(variant, hands=1, **options)
    rng = random.Random(f"{variant}:{sorted(options.items())}")
    passes = 0
    for seed in range(GAMES):
        game = Game(rules, seed)
        play_random(game, rng)
        seen = 0
        for _leader, cards, _winner in game.tricks:
            assert len(cards) == rules.players
            for card in cards:
                assert not seen >> card & 1
                seen |= 1 << card
        assert seen | game.discards == rules.pack and not seen & game.discards  # two players: 26 discarded
        assert sum(game.tricks_won) == rules.hand_size == len(game.tricks)
        assert [side.score for side in game.results[-1].sides] == game.scores
        assert game.scores == [sum(result.points[side] for result in game.results) for side in range(rules.sides)]
        passes += bool(game.pass_plan)
        if seed % 10 == 0:  # one in ten through their records, which replays them whole
            assert game_from_record(record_of(game)).scores == game.scores
    if rules.nil_pass:
        assert passes > GAMES // 20  # the random bids make Nils, and their partnerships pass
