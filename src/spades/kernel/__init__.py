"""A compiled (numba) kernel of one Spades hand, for search: bidding, play, scoring and random playouts.

The engine (:mod:`spades.game`, :mod:`spades.scoring`) is the reference; this kernel repeats its rules on
flat ``int64`` arrays so that a search can play hundreds of thousands of hands a second, and
``tests/test_kernel.py`` proves the two agree move for move. The kernel plays one hand from the bidding (after
the two-player draw and any Blind Nil choice, which stay with the engine) to its score; the next deal, the
target and the end of the game stay with the engine too.

Every rule set of the engine is served, none by a fallback: two to six seats, partnerships of two or teams of
three, packs of 52 or with jokers (the Big and Little Joker above the ace of spades, or JJDD, whose two of spades
and two of diamonds rank above the ace), deuces out, no bags. The kernel reads the rules' fields (the bidding rule,
the seats of each side, each card's suit in play and its order among the trumps), never a variant's name; a pack
without jokers keeps the standard game's inline suit arithmetic, so its playouts run as fast as before the tables.
One step is the kernel's own: the Nil pass. When the bids end with a Nil in a game that passes, the kernel makes
the exchange at once by a stated rule (the Nil bidder passes its highest cards, the partner its lowest back:
:func:`.bridge.pass_choice`, which the ``hard`` player also passes by), so a search of the bidding plays the
hand on as the table will; positions are packed only in the bidding or the play, never mid-pass.

Importing this package imports numba (``import spades`` does not). The compiled code is cached on disk, next to
these files when that is writable, else under the user's cache directory, so only the first start compiles
(see :func:`cache_dir_for`).

Modules: :mod:`.layout` (the array fields), :mod:`.core` (the rules: deal, legal actions, apply, score),
:mod:`.playouts` (random or rule-of-thumb playouts, many at once), :mod:`.policy` (those rules of thumb),
:mod:`.solver` (exact values of the last tricks, the one solver the search uses too), :mod:`.value` (what a
finished hand is worth to a side), :mod:`.batch` (many hands stepped and observed at once, for
:mod:`spades.env.batch`) and :mod:`.bridge` (engine objects to arrays and back).

State and rules are ``numpy.int64`` arrays: build them with :func:`rules_array` and :func:`state_from_game`,
:func:`state_from_view` or :func:`new_state`; copy a state with ``state.copy()``. Field offsets and codes are in
:mod:`spades.kernel.layout`. Actions are integers: a card's index (0..53) in play, a bid's value (0..18) while
bidding (``layout.BLIND_NIL_BID`` for a Blind Nil already bid); legal actions are bit masks of those integers.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
from pathlib import Path


def cache_dir_for(package_dir: Path, environ: dict[str, str], also: tuple[Path, ...] = ()) -> str | None:
    """Where numba should cache the compiled kernel, or None when ``NUMBA_CACHE_DIR`` is already set.

    Numba checks only a function's own file before reusing its cached code, but the kernel's modules compile
    into one another (a playout inlines the rules), and so do the modules of ``also`` (the search's, which
    inline the kernel and each other), so the directory is named for a hash of all of them: a change to any
    module starts a fresh cache. It sits in ``__pycache__`` beside the source when that is
    writable, else under the user's cache directory (a read-only install)."""
    if environ.get("NUMBA_CACHE_DIR"):
        return None
    digest = hashlib.blake2b(digest_size=8)
    for source in sorted(package_dir.glob("*.py")) + sorted(p for d in also for p in d.glob("*.py")):
        digest.update(source.name.encode() + b"\0" + source.read_bytes())
    name = f"numba-{digest.hexdigest()}"
    pycache = package_dir / "__pycache__"
    try:
        pycache.mkdir(exist_ok=True)
        probe = pycache / f".write-test-{os.getpid()}"
        probe.touch()
        probe.unlink()
        base = pycache
    except OSError:
        from platformdirs import user_cache_dir

        base = Path(user_cache_dir("spades"))
    target = base / name
    target.mkdir(parents=True, exist_ok=True)
    for old in base.glob("numba-*"):  # caches of earlier sources
        if old != target:
            shutil.rmtree(old, ignore_errors=True)
    return str(target)


_here = Path(__file__).resolve().parent
_cache = cache_dir_for(_here, dict(os.environ), also=(_here.parent / "search",))  # it inlines the kernel too
if _cache is not None:
    os.environ["NUMBA_CACHE_DIR"] = _cache  # numba reads it when it is first imported, just below
    if "numba" in sys.modules:  # imported before the kernel (by the caller): make it read the directory again,
        from numba.core import config as _config  # or it caches beside the sources, where children never look

        _config.reload_config()  # type: ignore[no-untyped-call]

from . import layout  # noqa: E402
from .bridge import (  # noqa: E402
    action_of,
    bid_code,
    kernel_action,
    legal_actions_of,
    pass_choice,
    rules_array,
    state_from_game,
    state_from_view,
)
from .core import (  # noqa: E402
    apply,
    deal_from,
    deal_random,
    legal_bids,
    legal_cards,
    legal_mask,
    make_rng,
    margin,
    new_state,
    score,
    start_hand,
)
from .playouts import (  # noqa: E402
    move_values,
    play_out,
    playout_margins,
    random_action,
    random_hands,
    random_playouts,
)
from .policy import greedy_bid, greedy_card  # noqa: E402
from .solver import solve_cards  # noqa: E402

__all__ = [
    "action_of",
    "apply",
    "bid_code",
    "cache_dir_for",
    "deal_from",
    "deal_random",
    "greedy_bid",
    "greedy_card",
    "kernel_action",
    "layout",
    "legal_actions_of",
    "legal_bids",
    "legal_cards",
    "legal_mask",
    "make_rng",
    "margin",
    "move_values",
    "new_state",
    "pass_choice",
    "play_out",
    "playout_margins",
    "random_action",
    "random_hands",
    "random_playouts",
    "rules_array",
    "score",
    "solve_cards",
    "start_hand",
    "state_from_game",
    "state_from_view",
]
