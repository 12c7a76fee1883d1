"""No module reaches into another's private state: Game gives the public accessors that records and views need."""

import ast
from pathlib import Path

from spades import Game, Rules

SRC = Path(__file__).resolve().parents[1] / "src" / "spades"
NAMED_TUPLE_API = {"_replace", "_make", "_asdict", "_fields", "_field_defaults"}
# Another library's internals, read where it offers no public way: numba's cache index tells whether the search
# is compiled without compiling it (search/warmup.py answers "compiled" when these names change).
# os._exit is os's documented way out of a forked child (no cleanup of the parent's state, no return into its code).
# Granian's embedded server takes an address, not a bound socket: commands/serve_granian.py starts its ASGI worker as
# that server does, from its internal modules (the bench extra pins Granian's minor version for it).
FOREIGN = {"search/warmup.py": {"_cache", "_cache_file", "_load_index"}, "commands/serve_processes.py": {"_exit"},
           "commands/serve_granian.py": {"_futures", "_granian", "_future_watcher_wrapper", "_new_cbscheduler",
                                         "_callback_wrapper"}}


def _private_names_of(tree: ast.AST) -> set[str]:
    """The names a module defines or sets itself: its functions and classes, its own attributes, its slots."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names.add(node.value)
        elif isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
            names.add(node.attr)
    return names


def test_no_module_reads_a_private_attribute_of_another() -> None:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        own = _private_names_of(tree)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                    and node.attr not in own and node.attr not in NAMED_TUPLE_API
                    and node.attr not in FOREIGN.get(path.relative_to(SRC).as_posix(), ())
                    and not (isinstance(node.value, ast.Name) and node.value.id == "argparse")):
                found.append(f"{path.relative_to(SRC)}:{node.lineno} .{node.attr}")
    assert not found, f"private state read across modules: {found}"


def test_game_says_how_each_hand_began() -> None:
    game = Game(Rules(hands=2), seed=5)
    first = game.starts[0]
    assert (first.number, first.action_index, first.scores) == (1, 0, (0, 0))
    while game.hand_number == 1:
        game.apply(game.legal_actions()[0])
    assert len(game.starts) == 2
    assert game.starts[-1].action_index == len(game.actions)
    assert game.starts[-1].scores == tuple(game.scores)
    assert isinstance(game.starts, tuple)  # a copy: the game's own list is not handed out


def test_game_says_who_may_bid_blind_nil() -> None:
    game = Game.from_deal(Rules(blind_nil=True), Game(Rules(), seed=1).hands, scores=[0, 300])
    assert [game.blind_nil_allowed(seat) for seat in range(4)] == [True, False, True, False]
    assert [game.view(seat).blind_nil_allowed for seat in range(4)] == [True, False, True, False]
