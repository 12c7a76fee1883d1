"""Every preset plays to its end with random legal actions, and its record replays to the same scores."""

import json
import random

import pytest

from spades import VARIANTS, Game, Rules
from spades.game import play_random
from spades.record import game_from_record, record_of


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_game_replays(variant: str) -> None:
    game = Game(Rules.preset(variant, hands=4), seed=variant)
    play_random(game, random.Random(1))
    assert game.over
    assert len(game.results) == 4
    again = game_from_record(json.loads(json.dumps(record_of(game))))
    assert again.scores == game.scores
    assert again.bags == game.bags
