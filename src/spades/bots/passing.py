"""How a Nil partnership chooses the cards it passes, where the rules have a Nil pass.

The Nil bidder gives away the cards most likely to take a trick (high spades, aces, kings: the cards a Nil is set
with), one at a time, each the card whose loss lowers the hand's Nil risk most. Its partner, who will cover the
Nil and now holds those cards, passes back low side cards (never one it was just given), from its shortest suits
first: a low card is one more card the Nil can play under, and a suit the partner empties is one it can trump
to take a trick from under the Nil.
"""

from __future__ import annotations

from ..cards import Card, Suit, the_card
from ..language import _
from ..view import SeatView
from .base import Fact, Hint
from .bidding import nil_risk
from .knowledge import order_of

__all__ = ["choose_pass"]

SPADES = int(Suit.SPADES)


def is_nil(view: SeatView, seat: int) -> bool:
    bid = view.bids[seat]
    return bid is not None and bid.value == 0


def choose_pass(view: SeatView) -> Hint:
    """The next card of this seat's pass."""
    legal = [c for c in view.legal if isinstance(c, Card)]
    to = view.pass_to
    assert view.hand is not None and legal and to is not None
    rules = view.rules
    hand = int(view.hand)
    if is_nil(view, view.seat):
        card = min(legal, key=lambda c: (nil_risk(hand & ~(1 << c), rules), -int(c)))
        return Hint(card, _("Nil: pass {card}, the card most likely to take a trick", card=the_card(card)),
                    (Fact("nil", seat=view.seat),))
    order = order_of(rules)
    received = int(view.received)
    pool = [c for c in legal if not received >> c & 1] or legal
    side = [c for c in pool if order.suit[c] != SPADES] or pool

    def length(card: int) -> int:
        return (hand & order.masks[order.suit[card]]).bit_count()

    card = min(side, key=lambda c: (order.rank[c], length(c), int(c)))
    facts = (Fact("nil", seat=to),) if is_nil(view, to) and view.partner == to else ()
    low = order.rank[card] <= 10  # a hand of honours has no low card: its lowest to spare
    if facts:
        if low:
            return Hint(card, _("partner's Nil: pass back {card}, a low card to play under", card=the_card(card)),
                        facts)
        return Hint(card, _("partner's Nil: pass back {card}, the lowest card to spare to play under",
                            card=the_card(card)), facts)
    if low:
        return Hint(card, _("pass back {card}, a low card", card=the_card(card)))
    return Hint(card, _("pass back {card}, the lowest card to spare", card=the_card(card)))


def easy_pass(view: SeatView) -> Hint:
    """A beginner's pass: the Nil bidder its highest card, the partner its lowest."""
    legal = [c for c in view.legal if isinstance(c, Card)]
    order = order_of(view.rules)
    if is_nil(view, view.seat):
        card = max(legal, key=lambda c: (order.rank[c], order.suit[c] == SPADES))
        return Hint(card, _("Nil: pass the highest card, {card}", card=the_card(card)), (Fact("nil", seat=view.seat),))
    card = min(legal, key=lambda c: (order.rank[c], order.suit[c] == SPADES))
    return Hint(card, _("pass back the lowest card, {card}", card=the_card(card)))
