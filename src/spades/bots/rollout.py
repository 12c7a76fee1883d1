"""The playout player: the compiled rules the search plays its playouts with, made a level so it can be measured.

Inside the search those rules see a whole sampled deal. Here they see one deal guessed from the seat's view (the
same sampler the search uses), so the level plays fair and ``spades arena rollout normal`` says how good the
playouts are. Bids and the two-player draw are the normal player's. A measuring stick, not a partner.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import CARDS, the_card
from ..language import N_, _
from ..view import SeatView
from .base import Hint, register
from .normal import NormalBot

if TYPE_CHECKING:
    import numpy as np

__all__ = ["RolloutBot"]


@register("rollout")
class RolloutBot(NormalBot):
    # who chooses the card on the guessed deal, for the hint's reason (in English, marked: said with ``_``)
    PLAYER = N_("the playout rules")

    def choose_card(self, view: SeatView) -> Hint:
        from ..kernel.bridge import rules_array, state_from_view
        from ..kernel.core import make_rng
        from ..search.sampler import Sampler

        rng = self.decision_rng(view)
        hands = Sampler.from_view(view).deals(rng, 1, oversample=4)[0]
        state = state_from_view(view, hands)
        card = CARDS[self.playout_card(state, rules_array(view.rules), make_rng(rng.getrandbits(62)))]
        # Translators: {player} is "the playout rules" or "the learned playout player".
        return Hint(card, _("{player} on one guessed deal: {card}", player=_(self.PLAYER), card=the_card(card)))

    def playout_card(self, state: np.ndarray, rules: np.ndarray, rng: np.ndarray) -> int:
        """The card the playouts' player chooses on the guessed deal (a kernel state; every hand is seen)."""
        from ..search.policy import policy_card

        return int(policy_card(state, rules, rng, 0))
