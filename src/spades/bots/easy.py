"""The easy player: a beginner's habits, so that new players have someone to beat.

It bids its aces, kings and long spades, plays its highest card when that takes the trick and its lowest
otherwise, and pays no attention to its partner, the score or the bags: the mistakes a club player learns to
stop making. "High" and "low" are the pack's own order (a joker above the ace of spades), read from the rules.
"""

from __future__ import annotations

from ..actions import NIL, Bid, Choice
from ..cards import Card, CardSet, Suit, the_card
from ..errors import NotYourTurn
from ..language import _, n_
from ..rules import Rules
from ..tricks import winning_play
from ..view import Phase, SeatView
from .base import Bot, Fact, Hint, register
from .knowledge import order_of, spade_base
from .passing import easy_pass

__all__ = ["EasyBot"]

SPADES = int(Suit.SPADES)


def count_bid(hand: CardSet, rules: Rules | None = None) -> int:
    """Aces and better, kings, and every spade past the count an average hand holds (the third at a table of
    four): the count a beginner is taught."""
    rules = rules or Rules()
    order = order_of(rules)
    cards = [int(c) for c in hand]
    aces = sum(1 for c in cards if order.rank[c] >= 14)
    kings = sum(1 for c in cards if order.rank[c] == 13)
    spades = sum(1 for c in cards if order.suit[c] == SPADES)
    return aces + kings + max(0, spades - spade_base(rules))


ORDINALS = ("none", "first", "second", "third", "fourth", "fifth", "sixth")


def _count_reason(base: int, want: int, bid: Bid) -> str:
    """The count bid's reason: the spades past the pack's ``base`` (an ordinal said whole in each sentence)."""
    fields = {"count": want, "bid": bid.spoken}
    if base <= 0:
        return _("aces, kings and spades past the none count {count}: bid {bid}", **fields)
    if base == 1:
        return _("aces, kings and spades past the first count {count}: bid {bid}", **fields)
    if base == 2:
        return _("aces, kings and spades past the second count {count}: bid {bid}", **fields)
    if base == 3:
        return _("aces, kings and spades past the third count {count}: bid {bid}", **fields)
    if base == 4:
        return _("aces, kings and spades past the fourth count {count}: bid {bid}", **fields)
    if base == 5:
        return _("aces, kings and spades past the fifth count {count}: bid {bid}", **fields)
    return _("aces, kings and spades past the sixth count {count}: bid {bid}", **fields)


@register("easy")
class EasyBot(Bot):
    def hint(self, view: SeatView) -> Hint:
        if not view.legal:
            raise NotYourTurn("it is not this seat's turn")
        if view.phase is Phase.DRAW:
            return self._draw(view)
        if view.phase is Phase.BID:
            return self._bid(view)
        if view.phase is Phase.PASS:
            return easy_pass(view)
        return self._play(view)

    def _draw(self, view: SeatView) -> Hint:
        card = view.offered
        order = order_of(view.rules)
        if card is not None and (order.suit[card] == SPADES or order.rank[card] >= 10):
            return Hint(Choice.KEEP, _("keep {card}: a high card or a spade", card=the_card(card)))
        return Hint(Choice.DISCARD, _("a low card: discard it and take the next one"))

    def _bid(self, view: SeatView) -> Hint:
        legal = view.legal
        if Choice.LOOK in legal:
            return Hint(Choice.LOOK, _("look at the cards before bidding"))
        assert view.hand is not None
        want = count_bid(view.hand, view.rules)
        bids = [a for a in legal if isinstance(a, Bid)]
        if len(bids) == 1:
            return Hint(bids[0], _("the only bid allowed is {bid}", bid=bids[0].spoken))
        if view.rules.bids_by_spades:  # the number bid allowed is the count of trumps held, from the rules
            forced = max(bids, key=lambda bid: bid.value)
            spades = forced.value
            return Hint(forced, n_("bid the {n} spade held", "bid the {n} spades held", spades))
        numbers = [b for b in bids if b.value > 0]
        if want == 0 and NIL in bids:
            return Hint(NIL, _("no aces, no kings and few spades: Nil"))
        chosen = min(numbers, key=lambda b: (abs(b.value - want), b.value))
        return Hint(chosen, _count_reason(min(spade_base(view.rules), len(ORDINALS) - 1), want, chosen))

    def _play(self, view: SeatView) -> Hint:
        order = order_of(view.rules)
        suit, rank = order.suit, order.rank
        legal: list[Card] = [a for a in view.legal if isinstance(a, Card)]
        if not view.trick:
            card = max(legal, key=lambda c: (suit[c] != SPADES, rank[c]))
            return Hint(card, _("lead high, {card}", card=the_card(card)))
        led = suit[view.trick[0][1]]
        win_seat, best = winning_play(view.trick, view.rules)
        winning = Fact("winning", seat=win_seat, card=best)
        keys = view.rules.trick_keys[led]
        winners = [c for c in legal if keys[c] > keys[best]]
        if view.bids[view.seat] is not None and view.bids[view.seat].value == 0:  # type: ignore[union-attr]
            card = min(legal, key=lambda c: (rank[c], suit[c]))
            return Hint(card, _("Nil: play the lowest card, {card}", card=the_card(card)))
        if winners:
            card = max(winners, key=lambda c: (suit[c] == SPADES, rank[c])) if suit[winners[0]] == led else \
                min(winners, key=lambda c: rank[c])
            return Hint(card, _("{card} beats {best}, winning now", card=the_card(card), best=the_card(best)),
                        (winning,))
        card = min(legal, key=lambda c: (suit[c] == SPADES, rank[c]))
        return Hint(card, _("nothing beats {best}, winning now: play low, {card}", best=the_card(best),
                            card=the_card(card)),
                    (winning, Fact("cannot_beat", card=best)))
