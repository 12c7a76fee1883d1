"""The hand-made positions: a level that plays well makes the good player's choice in each."""

import pytest

from positions import NIL_POSITIONS, POSITIONS, Position
from spades.bots import make_bot

LEVELS = ["normal"]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("position", POSITIONS + NIL_POSITIONS, ids=[p.name for p in POSITIONS + NIL_POSITIONS])
def test_good_choice(level: str, position: Position) -> None:
    game = position.game()
    view = game.view(game.turn)
    hint = make_bot(level, seed=1).hint(view)
    assert hint.action in view.legal
    good = position.good()
    assert good <= set(view.legal), f"{position.name}: an expected answer is not legal"
    assert hint.action in good, f"{position.name}: {level} chose {hint.action} ({hint.reason}); good: {good}"


def test_positions_are_decisions() -> None:
    """A position where the good answer is the only legal one would test nothing."""
    assert len(POSITIONS) >= 12
    assert len(NIL_POSITIONS) >= 10
    for position in POSITIONS + NIL_POSITIONS:
        game = position.game()
        view = game.view(game.turn)
        assert set(view.legal) - position.good(), position.name
