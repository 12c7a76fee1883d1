"""The search's compiled code, made ready before a decision waits for it.

numba compiles the search's loops the first time they run, about ten seconds, and keeps them in its cache on
disk, so only the first decision of the first game waits. A table with a ``hard`` seat asks :func:`compiled`
whether that wait lies ahead, says :data:`PREPARING` once when it does, and starts
:func:`prepare_in_background`, so that most of the wait passes while the player reads the table and bids. A
decision that comes before the preparation has finished waits on numba's own compiler lock for what is still
being compiled; nothing is compiled twice.

Loading the compiled loops from the cache still takes about half a second in each new process, longer than a
decision's whole budget of seconds: :func:`ready` does the loading (or the compiling) once per process, and a
timed decision calls it before its clock starts, so the first decision of a process searches as many deals as
the next ones instead of one batch.
"""

from __future__ import annotations

import contextlib
import random
import threading
from typing import Any

__all__ = ["PREPARING", "compiled", "prepare", "prepare_in_background", "ready"]

PREPARING = "Preparing the computer's search, about ten seconds, only the first time."

_lock = threading.Lock()
_prepared = False  # this process has run :func:`prepare` to the end: every loop a decision runs is loaded


def compiled() -> bool:
    """Whether numba's cache holds current compiled code for the search's loops, so no decision will compile.

    Reads numba's index of each loop's cache without compiling anything; numba drops an index written for other
    sources or by another numba version, so an index with an entry is one it will use. When the index cannot be
    read this way (numba's internals changed), the answer is True: better say nothing, as before, than
    announce a wait that may not come."""
    from .nil_hands import fit_nil
    from .pimc import evaluate_bids, evaluate_cards

    loops: tuple[Any, ...] = (evaluate_bids, evaluate_cards, fit_nil)
    try:
        return all(bool(loop._cache._cache_file._load_index()) for loop in loops)
    except Exception:
        return True


def prepare() -> None:
    """One tiny search for a bid and one for a card: compiles every loop a decision runs, or loads it from the
    cache (numba's lock makes a decision that needs a loop meanwhile wait for it, not compile it again)."""
    from ..actions import Bid
    from ..bots.normal import NormalBot
    from ..game import Game, Phase
    from ..rules import Rules
    from .search import Budget, choose

    game = Game(Rules.preset("standard"), seed="prepare")
    budget = Budget(deals=1)
    rng = random.Random(0)
    choose(game.view(game.turn), budget, rng)
    rules_player = NormalBot(seed="prepare")
    game.apply(rules_player.act(game.view(game.turn)))
    game.apply(Bid(0))  # a Nil by a seat whose cards the leader cannot see: the sampler fits its hand to the bid
    while game.phase is Phase.BID:
        game.apply(rules_player.act(game.view(game.turn)))
    choose(game.view(game.turn), budget, rng)


def ready() -> None:
    """Run :func:`prepare` once in this process, so that no decision's clock runs while the loops load.

    A second caller (a decision while the table prepares in the background) waits for the first to finish. When
    preparing fails, the next call tries again, so a decision reports the error."""
    global _prepared
    if _prepared:
        return
    with _lock:
        if not _prepared:
            prepare()
            _prepared = True


def _prepare_quietly() -> None:
    with contextlib.suppress(Exception):  # the first decision compiles what is missing, and reports any error
        ready()


def prepare_in_background() -> threading.Thread:
    """Start :func:`ready` in a daemon thread (leaving the table mid-way abandons it; numba's cache files are
    written whole or not at all)."""
    thread = threading.Thread(target=_prepare_quietly, name="prepare-search", daemon=True)
    thread.start()
    return thread
