"""The normal player: a good club player written as rules, the partner most people want at the table.

Bidding is in :mod:`.bidding`, the Nil pass in :mod:`.passing`, card play in :mod:`.play`, and what can be known
of the hidden cards in :mod:`.knowledge`; this module only puts them behind the bot interface. It ignores the
thinking budget: rules answer at once.
"""

from __future__ import annotations

from ..errors import NotYourTurn
from ..view import Phase, SeatView
from .base import Bot, Hint, register
from .bidding import choose_bid, choose_draw
from .passing import choose_pass
from .play import choose_card

__all__ = ["NormalBot"]


@register("normal")
class NormalBot(Bot):
    def hint(self, view: SeatView) -> Hint:
        if not view.legal:
            raise NotYourTurn("it is not this seat's turn")
        if view.phase is Phase.DRAW:
            return choose_draw(view)
        if view.phase is Phase.BID:
            return choose_bid(view)
        if view.phase is Phase.PASS:
            return choose_pass(view)
        return self.choose_card(view)

    def choose_card(self, view: SeatView) -> Hint:
        """The card play; the one step a variant of this player (such as ``rollout``) replaces."""
        return choose_card(view)
