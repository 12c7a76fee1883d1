"""One name and one type per concept: the phase, the search's decision beside the keep/discard choice, the seats."""

import ast
from pathlib import Path

from spades import Choice, Game, Phase, Rules, SeatView
from spades.seats import SEAT_LETTERS, seat_letters, seat_name, side_name

SRC = Path(__file__).resolve().parents[1] / "src" / "spades"
SPELLINGS = {"North", "East", "South", "West", "NESW", "North-South", "East-West"}


def test_the_game_and_a_seats_view_give_the_phase_as_the_same_type() -> None:
    game = Game(Rules.preset("two_player"), seed=3)
    for _ in range(60):
        view = game.view(game.turn)
        assert type(game.phase) is Phase
        assert type(view.phase) is Phase
        assert view.phase is game.phase
        game.apply(view.legal[0])
    assert SeatView.__dataclass_fields__["phase"].type == "Phase"
    assert Phase.BID == "bid" and f"{Phase.PLAY}" == "play"  # still reads as its word


def test_the_search_result_is_a_decision_and_choice_is_only_an_action() -> None:
    from spades.search import search

    assert not hasattr(search, "Choice")
    assert {"action", "value", "deals"} <= set(search.Decision.__dataclass_fields__)
    assert set(Choice) == {Choice.KEEP, Choice.DISCARD, Choice.LOOK}


def test_seat_names_are_spelled_only_in_seats_py() -> None:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        name = path.relative_to(SRC).as_posix()
        if name == "seats.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(), name)):
            if isinstance(node, ast.Constant) and node.value in SPELLINGS:
                found.append(f"{name}:{node.lineno} {node.value}")
    assert not found, f"seat names spelled outside seats.py: {found}"


def test_seat_and_side_names() -> None:
    assert [seat_name(s) for s in range(4)] == ["North", "East", "South", "West"]
    assert [seat_name(s, 2) for s in range(2)] == ["North", "South"]
    assert (seat_letters(4), seat_letters(2)) == (("N", "E", "S", "W"), ("N", "S"))
    assert (seat_letters(4), seat_letters(2)) == (SEAT_LETTERS[4], SEAT_LETTERS[2])
    assert seat_letters(3) == ("S", "W", "E")
    assert seat_letters(5) == ("S", "W", "NW", "NE", "E")
    assert seat_letters(6) == ("S", "SW", "NW", "N", "NE", "SE")
    assert [side_name(Rules(), s) for s in range(2)] == ["North-South", "East-West"]
    assert [side_name(Rules.preset("solo"), s) for s in range(4)] == ["North", "East", "South", "West"]
