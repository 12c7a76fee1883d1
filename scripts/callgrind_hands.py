"""Random one-hand games of the engine, or of OpenSpiel's ``spades``, for counting instructions.

Machine load does not change an instruction count, so this gives the engine's cost per hand on any machine:

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python scripts/callgrind_hands.py spades 400
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python scripts/callgrind_hands.py spades 0

and the difference of the two "Collected" counts divided by 400 (the second run is the interpreter's start and the
imports). ``openspiel`` in place of ``spades`` counts OpenSpiel's game through pyspiel (``pip install
'spades[bench]'``). Both loops are those of ``spades bench engine``.
"""

from __future__ import annotations

import random
import sys


def main(which: str, hands: int) -> None:
    choice = random.Random(7).choice
    if which == "spades":
        from spades import Game, Rules

        for seed in range(hands):
            game = Game(Rules(hands=1), seed)
            while not game.over:
                game.apply(choice(game.legal_actions()))
    elif which == "openspiel":
        import pyspiel

        spades = pyspiel.load_game("spades")
        for _ in range(hands):
            state = spades.new_initial_state()
            while not state.is_terminal():
                state.apply_action(choice(state.legal_actions()))
    else:
        raise SystemExit(f"which game: spades or openspiel, not {which!r}")


if __name__ == "__main__":
    if len(sys.argv) != 3 or not sys.argv[2].isdigit():
        raise SystemExit("usage: callgrind_hands.py spades|openspiel HANDS")
    main(sys.argv[1], int(sys.argv[2]))
