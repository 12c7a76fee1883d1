"""The search behind the ``hard`` player: deals sampled from a seat's view, played out on the kernel.

- :mod:`.sampler`: deals of the unseen cards consistent with the view, weighted by the bids and plays;
- :mod:`.players` and :mod:`.inference`: a learned model of how a seat bids and plays from its own view, and each
  sampled deal weighted by the likelihood it gives the other seats' decisions this hand (``hard``'s weighting);
- :mod:`.nil_hands`: a sampled Nil bidder's hand fitted to its bid;
- :mod:`.policy`: the compiled rule player that plays the playouts (and quick bids for the seats after);
- :mod:`.reward`: what a finished hand is worth, bags and the end of the game counted (the compiled value and the
  exact solver of the last tricks are the kernel's: :mod:`spades.kernel.value`, :mod:`spades.kernel.solver`);
- :mod:`.pimc`: the compiled loops that try every candidate on every deal;
- :mod:`.search`: the budget (seconds or deals) and the choice, with its reason, and what Blind Nil and the
  comparison share with it (the batches a budget allows, the play-out of a batch, the paired gain and its guard);
- :mod:`.compare`: given actions valued on the same sampled deals (what a choice cost, for the coach).

Importing this package imports numba (through :mod:`spades.kernel`).
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from .. import kernel as _kernel  # sets the numba cache directory before anything here compiles

_MODULES = ("nil_hands", "pimc", "players", "policy", "reward")


def _drop_stale_cache() -> None:
    """Forget compiled search code built from other sources.

    numba checks a cached function against its own file only, yet the search's loops compile the kernel's and
    the policy's code into themselves: after an edit to the kernel, a cached loop would keep running the old
    rules (or crash on a changed state layout). So the sources are fingerprinted, and the search's cache is
    dropped when the fingerprint changes."""
    here = Path(__file__).resolve().parent
    kernel = Path(_kernel.__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted(kernel.glob("*.py")) + [here / f"{name}.py" for name in _MODULES]:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    fingerprint = digest.hexdigest()
    places = [here / "__pycache__"]
    if os.environ.get("NUMBA_CACHE_DIR"):
        places.append(Path(os.environ["NUMBA_CACHE_DIR"]))
    for place in places:
        stamp = place / "search-sources.sha256"
        try:
            if stamp.read_text() == fingerprint:
                continue
        except OSError:
            pass
        try:
            place.mkdir(parents=True, exist_ok=True)
            for pattern in ("*.nbi", "*.nbc"):
                for path in place.rglob(pattern):
                    if path.name.split(".")[0] in _MODULES:
                        path.unlink(missing_ok=True)
            stamp.write_text(fingerprint)
        except OSError:
            pass  # a read-only cache is numba's to handle; nothing stale can be written there by us either


_drop_stale_cache()
