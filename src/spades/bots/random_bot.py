"""The uniformly random player: a baseline for tests and benchmarks, never a partner."""

from __future__ import annotations

from ..errors import NotYourTurn
from ..language import _
from ..view import SeatView
from .base import Bot, Hint, register


@register("random")
class RandomBot(Bot):
    def hint(self, view: SeatView) -> Hint:
        if not view.legal:
            raise NotYourTurn("it is not this seat's turn")
        return Hint(self.decision_rng(view).choice(view.legal), _("chosen at random"))
