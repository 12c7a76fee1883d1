"""Every refusal has a kind a caller can catch, under one base, and is still a ValueError for older callers."""

from collections.abc import Callable

import pytest

import spades
from spades import Card, CardSet, Game, Rules, parse_action
from spades.bots import make_bot
from spades.errors import (
    ActionError,
    BudgetError,
    CardError,
    IllegalAction,
    NotYourTurn,
    ParseError,
    PositionError,
    RecordError,
    RulesError,
    SpadesError,
    UndoError,
    UnknownLevel,
)
from spades.record import game_from_record


def _idle_bot() -> None:
    game = Game(Rules(), seed=1)
    make_bot("normal").hint(game.view((game.turn + 1) % 4))


def _budget() -> None:
    from spades.search.search import Budget

    Budget.parse("soon", 0.4)


CASES: list[tuple[str, Callable[[], object], type[SpadesError]]] = [
    ("a card string that is no card", lambda: Card.parse("XH"), CardError),
    ("a set of cards with a bad card", lambda: CardSet.parse("AS ZZ"), CardError),
    ("text that is no action", lambda: parse_action("fold"), ActionError),
    ("an unknown variant", lambda: Rules.preset("bridge"), RulesError),
    ("an option the variant refuses", lambda: Rules.preset("whiz", blind_nil=True), RulesError),
    ("a card during the bidding", lambda: Game(Rules(), seed=1).apply(Card.parse("AS")), IllegalAction),
    ("an undo before any action", lambda: Game(Rules(), seed=1).undo(), UndoError),
    ("a position with twelve cards", lambda: Game.from_deal(Rules(), [1, 2, 4, 8]), PositionError),
    ("a seat not at the table", lambda: Game(Rules(), seed=1).view(7), PositionError),
    ("the hidden hand in progress", lambda: Game(Rules(), seed=1).dealt_hands(1), PositionError),
    ("a record that is not one", lambda: game_from_record({"format": "chess"}), RecordError),
    ("an unknown bot level", lambda: make_bot("grandmaster"), UnknownLevel),
    ("a bot asked out of turn", _idle_bot, NotYourTurn),
    ("a thinking budget that is no budget", _budget, BudgetError),
]


@pytest.mark.parametrize(("what", "call", "kind"), CASES, ids=[c[0] for c in CASES])
def test_each_refusal_is_raised_by_its_kind(what: str, call: Callable[[], object], kind: type[SpadesError]) -> None:
    with pytest.raises(kind) as caught:
        call()
    assert isinstance(caught.value, SpadesError)
    assert isinstance(caught.value, ValueError)  # what callers caught before the kinds existed
    assert str(caught.value)


def test_parse_errors_share_a_kind() -> None:
    assert issubclass(CardError, ParseError)
    assert issubclass(ActionError, ParseError)


def test_an_unknown_level_names_the_levels_there_are() -> None:
    with pytest.raises(UnknownLevel) as caught:
        make_bot("grandmaster")
    assert caught.value.level == "grandmaster"
    assert "normal" in caught.value.levels
    assert "grandmaster" in str(caught.value)


def test_the_kinds_are_exported_from_the_package() -> None:
    for name in ("SpadesError", "ParseError", "CardError", "ActionError", "RulesError", "IllegalAction",
                 "UndoError", "PositionError", "RecordError", "UnknownLevel", "NotYourTurn", "BudgetError"):
        assert getattr(spades, name) is getattr(spades.errors, name)


def test_the_kinds_still_import_from_their_old_modules() -> None:
    from spades.actions import ActionError as A
    from spades.cards import CardError as C
    from spades.game import IllegalAction as I
    from spades.game import UndoError as U
    from spades.record import RecordError as R
    from spades.rules import RulesError as RE

    assert (ActionError, CardError, IllegalAction, UndoError, RecordError, RulesError) == (A, C, I, U, R, RE)
