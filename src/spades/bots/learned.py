"""The learned playout player as levels: ``learned`` (the playouts alone) and ``hard-learned`` (``hard`` searching
with them).

``learned`` is to the learned playout player (:mod:`spades.search.learned`) what ``rollout`` is to the rules: it
sees one deal guessed from the seat's view by the search's sampler and plays the card the learned player would
play on it, so ``spades arena learned normal`` says what the playouts are worth at a fair table. Bids and the
two-player draw are the normal player's. ``hard-learned`` is ``hard`` with the learned player's cards in its
playouts, for measuring them where they matter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..language import N_
from .base import register
from .hard import HardBot
from .rollout import RolloutBot

if TYPE_CHECKING:
    import numpy as np

__all__ = ["HardLearnedBot", "LearnedBot"]


@register("learned")
class LearnedBot(RolloutBot):
    PLAYER = N_("the learned playout player")

    def playout_card(self, state: np.ndarray, rules: np.ndarray, rng: np.ndarray) -> int:
        import numpy as np

        from ..search.learned import BUF_SIZE, learned_card
        from ..search.weights import shipped_weights

        return int(learned_card(state, rules, rng, 0, shipped_weights(), np.empty(BUF_SIZE)))


@register("hard-learned")
class HardLearnedBot(HardBot):
    def __init__(self, seed: int | str = 0, think: float | str | None = None) -> None:
        from ..search.weights import shipped_weights

        super().__init__(seed=seed, think=think)
        self.playouts = shipped_weights()
