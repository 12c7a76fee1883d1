"""A compiled (numba) kernel of one Spades hand, for search: bidding, play, scoring and random playouts.

The engine (:mod:`spades.game`, :mod:`spades.scoring`) is the reference; this kernel repeats its rules on
flat ``int64`` arrays so that a search can play hundreds of thousands of hands a second, and
``tests/test_kernel.py`` proves the two agree move for move. The kernel plays one hand from the bidding (after
the two-player draw and any Blind Nil choice, which stay with the engine) to its score; the next deal, the
target and the end of the game stay with the engine too.

Importing this package imports numba (``import spades`` does not). The compiled code is cached on disk, next to
these files when that is writable, else under the user's cache directory, so only the first start compiles.

State and rules are ``numpy.int64`` arrays: build them with :func:`rules_array` and :func:`state_from_game`,
:func:`state_from_view` or :func:`new_state`; copy a state with ``state.copy()``. Field offsets and codes are in
:mod:`spades.kernel.layout`. Actions are integers: a card's index (0..51) in play, a bid's value (0..13) while
bidding (``layout.BLIND_NIL_BID`` for a Blind Nil already bid); legal actions are bit masks of those integers.
"""

from __future__ import annotations

import os
from pathlib import Path


def _cache_dir() -> None:
    """Point numba's cache at the user's cache directory when the package directory is read-only."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return
    here = Path(__file__).resolve().parent
    pycache = here / "__pycache__"
    try:
        pycache.mkdir(exist_ok=True)
        probe = pycache / f".write-test-{os.getpid()}"
        probe.touch()
        probe.unlink()
    except OSError:
        from platformdirs import user_cache_dir

        target = Path(user_cache_dir("spades")) / "numba"
        target.mkdir(parents=True, exist_ok=True)
        os.environ["NUMBA_CACHE_DIR"] = str(target)


_cache_dir()

from . import layout  # noqa: E402
from .bridge import (  # noqa: E402
    action_of,
    bid_code,
    kernel_action,
    legal_actions_of,
    rules_array,
    state_from_game,
    state_from_view,
)
from .core import (  # noqa: E402
    apply,
    deal_random,
    legal_bids,
    legal_cards,
    legal_mask,
    make_rng,
    new_state,
    play_out,
    playout_margins,
    random_action,
    random_hands,
    random_playouts,
    score,
    start_hand,
)

__all__ = [
    "action_of",
    "apply",
    "bid_code",
    "deal_random",
    "kernel_action",
    "layout",
    "legal_actions_of",
    "legal_bids",
    "legal_cards",
    "legal_mask",
    "make_rng",
    "new_state",
    "play_out",
    "playout_margins",
    "random_action",
    "random_hands",
    "random_playouts",
    "rules_array",
    "score",
    "start_hand",
    "state_from_game",
    "state_from_view",
]
