"""What only one seat of a room's table hears of an event whose public line keeps a secret: the cards of a Nil
pass reach the partner face down, so the public event counts them and the receiver alone is told which they are."""

from __future__ import annotations

from ..events import Passed
from ..seats import seat_name
from ..view import SeatView
from ..words.announce import listed

__all__ = ["received_line"]


def received_line(view: SeatView, event: Passed) -> str:
    """"North passes you the six of clubs and the ace of hearts.", for the receiver's seat (``view``): a seat
    receives once a hand, so its received cards are this pass's."""
    cards = [f"the {card.name}" for card in view.received]
    return f"{seat_name(event.seat, view.rules.players)} passes you {listed(cards) if cards else 'nothing'}."
