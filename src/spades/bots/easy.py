"""The easy player: a beginner's habits, so that new players have someone to beat.

It bids its aces, kings and long spades, plays its highest card when that takes the trick and its lowest
otherwise, and pays no attention to its partner, the score or the bags: the mistakes a club player learns to
stop making.
"""

from __future__ import annotations

from ..actions import BIDS, NIL, Bid, Choice
from ..cards import Card, CardSet, Suit
from ..errors import NotYourTurn
from ..tricks import beats, winning_play
from ..view import Phase, SeatView
from .base import Bot, Fact, Hint, register

__all__ = ["EasyBot"]


def count_bid(hand: CardSet) -> int:
    """Aces, kings, and every spade past the third: the count a beginner is taught."""
    aces = sum(1 for c in hand if c.rank == 14)
    kings = sum(1 for c in hand if c.rank == 13)
    return aces + kings + max(0, hand.count(Suit.SPADES) - 3)


@register("easy")
class EasyBot(Bot):
    def hint(self, view: SeatView) -> Hint:
        if not view.legal:
            raise NotYourTurn("it is not this seat's turn")
        if view.phase is Phase.DRAW:
            return self._draw(view)
        if view.phase is Phase.BID:
            return self._bid(view)
        return self._play(view)

    def _draw(self, view: SeatView) -> Hint:
        card = view.offered
        if card is not None and (card.suit == Suit.SPADES or card.rank >= 10):
            return Hint(Choice.KEEP, f"keep the {card.name}: a high card or a spade")
        return Hint(Choice.DISCARD, "a low card: discard it and take the next one")

    def _bid(self, view: SeatView) -> Hint:
        legal = view.legal
        if Choice.LOOK in legal:
            return Hint(Choice.LOOK, "look at the cards before bidding")
        assert view.hand is not None
        want = count_bid(view.hand)
        bids = [a for a in legal if isinstance(a, Bid)]
        if len(bids) == 1:
            return Hint(bids[0], f"the only bid allowed is {bids[0].spoken}")
        if view.rules.bids_by_spades:
            spades = view.hand.count(Suit.SPADES)
            return Hint(BIDS[spades], f"bid the {spades} spade{'' if spades == 1 else 's'} held")
        numbers = [b for b in bids if b.value > 0]
        if want == 0 and NIL in bids:
            return Hint(NIL, "no aces, no kings and few spades: Nil")
        chosen = min(numbers, key=lambda b: (abs(b.value - want), b.value))
        return Hint(chosen, f"aces, kings and spades past the third count {want}: bid {chosen.spoken}")

    def _play(self, view: SeatView) -> Hint:
        legal: list[Card] = [a for a in view.legal if isinstance(a, Card)]
        if not view.trick:
            card = max(legal, key=lambda c: (c.suit != Suit.SPADES, c.rank))
            return Hint(card, f"lead high, the {card.name}")
        led = view.trick[0][1].suit
        win_seat, best = winning_play(view.trick)
        winning = Fact("winning", seat=win_seat, card=best)
        winners = [c for c in legal if beats(c, best)]
        if view.bids[view.seat] is not None and view.bids[view.seat].value == 0:  # type: ignore[union-attr]
            card = min(legal, key=lambda c: (c.rank, c.suit))
            return Hint(card, f"Nil: play the lowest card, the {card.name}")
        if winners:
            card = max(winners, key=lambda c: (c.suit == Suit.SPADES, c.rank)) if winners[0].suit == led else \
                min(winners)
            return Hint(card, f"the {card.name} beats the {best.name}, winning now", (winning,))
        card = min(legal, key=lambda c: (c.suit == Suit.SPADES, c.rank))
        return Hint(card, f"nothing beats the {best.name}, winning now: play low, the {card.name}",
                    (winning, Fact("cannot_beat", card=best)))
