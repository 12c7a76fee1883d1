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


def cache_dir_for(package_dir: Path, environ: dict[str, str]) -> str | None:
    """Where numba should cache the compiled kernel: None (its default, ``__pycache__`` beside the source)
    when that is writable or ``NUMBA_CACHE_DIR`` is already set, else a directory under the user's cache."""
    if environ.get("NUMBA_CACHE_DIR"):
        return None
    pycache = package_dir / "__pycache__"
    try:
        pycache.mkdir(exist_ok=True)
        probe = pycache / f".write-test-{os.getpid()}"
        probe.touch()
        probe.unlink()
        return None
    except OSError:
        from platformdirs import user_cache_dir

        target = Path(user_cache_dir("spades")) / "numba"
        target.mkdir(parents=True, exist_ok=True)
        return str(target)


_fallback = cache_dir_for(Path(__file__).resolve().parent, dict(os.environ))
if _fallback is not None:
    os.environ["NUMBA_CACHE_DIR"] = _fallback  # numba reads it when it is first imported, just below

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
    deal_from,
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
    solve_cards,
    start_hand,
)

__all__ = [
    "action_of",
    "apply",
    "bid_code",
    "cache_dir_for",
    "deal_from",
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
    "solve_cards",
    "start_hand",
    "state_from_game",
    "state_from_view",
]
