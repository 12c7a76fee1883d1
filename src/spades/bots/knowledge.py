"""What a seat can work out from its view: the cards still out, the voids shown, the spades left, who is winning.

Every rule-based player and the search player start from the same facts, so they are gathered once here from a
:class:`~spades.view.SeatView` and nothing else: a card the seat cannot see is only ever "out", never placed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..cards import CARDS, Card, Suit
from ..rules import Rules
from ..view import Phase, SeatView

__all__ = ["Knowledge", "Order", "order_of", "spade_base"]

SPADES = int(Suit.SPADES)
ALL_SUITS = 0b1111


@dataclass(frozen=True)
class Order:
    """How the cards of one pack rank in play, read once from the rules: the bit order of the cards is not the
    order of the trumps in every pack (in JJDD the two of spades and the two of diamonds rank above the ace), and a
    card's printed suit is not always its suit in play (the jokers, the JJDD two of diamonds)."""

    suit: tuple[int, ...]  # per card, its suit in play
    masks: tuple[int, ...]  # per suit in play, its cards in the pack
    above: tuple[int, ...]  # per card, the cards of its suit in play that beat it (in the pack)
    # Per card, a rank on one scale for every suit: 2..14 for side cards; trumps counted from the ace of spades
    # (14) so that a card above it is 15 and up (the jokers; in JJDD the two of spades, the two of diamonds, ...)
    rank: tuple[int, ...]
    trumps: int  # trumps in the pack
    top: int  # the rank of the highest trump (14 without jokers)


_ORDERS: dict[tuple[tuple[int, ...], int], Order] = {}


def order_of(rules: Rules) -> Order:
    """The ranking of ``rules``' pack (cached: a pack is one of a handful)."""
    key = (rules.trumps, rules.pack)
    order = _ORDERS.get(key)
    if order is None:
        order = _ORDERS[key] = _make_order(rules)
    return order


def spade_base(rules: Rules) -> int:
    """The spades an average hand of the table holds, rounded down (three at a table of four, and two-player
    counts as four): the length past which spades take tricks of their own."""
    return len(rules.trumps) // rules.players if rules.players > 2 else 3


def _make_order(rules: Rules) -> Order:
    pack = rules.pack
    suits = tuple(rules.suit_of(c) for c in range(54))
    masks = tuple(m & pack for m in rules.suit_masks)
    above = tuple(
        sum(1 << o for o in range(54) if pack >> o & 1 and suits[o] == suits[c] and rules.power(o) > rules.power(c))
        for c in range(54))
    ace = rules.trumps.index(51)
    rank = [c % 13 + 2 if c < 52 else 15 for c in range(54)]
    for i, card in enumerate(rules.trumps):
        rank[card] = 14 + i - ace
    return Order(suits, masks, above, tuple(rank), len(rules.trumps), rank[rules.trumps[-1]])


@dataclass
class Knowledge:
    """Public facts of the hand in progress, from one seat's point of view."""

    seat: int
    players: int
    hand: int  # the seat's own cards, as a mask
    played: int  # every card played this hand, the trick in progress included
    unseen: int  # cards of the pack this seat has not seen: held by the other seats (or their face-down discards)
    voids: list[int] = field(default_factory=list)  # per seat, a mask of suits (bit s) it has shown it lacks
    held: list[int] = field(default_factory=list)  # per seat, cards still in its hand (the hand's size less played)
    known: list[int] = field(default_factory=list)  # per seat, its whole hand when this seat can tell it (else 0)
    placed: list[int] = field(default_factory=list)  # per seat, some cards known to be in its hand (a Nil pass)
    order: Order | None = None  # how the pack ranks; None: the 52 cards in their bit order

    @classmethod
    def from_view(cls, view: SeatView) -> Knowledge:
        rules = view.rules
        order = order_of(rules)
        suit_of = order.suit
        n = view.players
        hand = int(view.hand) if view.hand is not None else 0
        played = int(view.played)
        # The seat's own discards, and in two-player the face-up ones, are in nobody's hand; a card out of the pack
        # is never "out".
        unseen = rules.pack & ~hand & ~played & ~int(view.discards)
        voids = [0] * n
        counts = [0] * n
        broken = False
        plays_list = [trick.plays(n) for trick in view.tricks]
        if view.trick:
            plays_list.append(view.trick)
        for plays in plays_list:
            led = suit_of[plays[0][1]]
            leader = plays[0][0]
            if led == SPADES and not broken:
                # A spade led before spades were broken: the leader held nothing else.
                voids[leader] |= 0b0111
            for seat, card in plays:
                counts[seat] += 1
                if suit_of[card] != led:
                    voids[seat] |= 1 << led
                if suit_of[card] == SPADES:
                    broken = True
        held = [rules.hand_size - c for c in counts]
        known = [0] * n
        known[view.seat] = hand
        placed = [0] * n
        if not rules.deals and not rules.face_down_discards and view.phase in (Phase.BID, Phase.PLAY):
            # Two-player with the discards face up: once the draw is over the other hand is every card not seen.
            known[1 - view.seat] = unseen
        if view.partner is not None:
            # The cards this seat passed are in its partner's hand until played.
            placed[view.partner] = int(view.passed) & unseen
        return cls(view.seat, n, hand, played, unseen, voids, held, known, placed, order)

    # -- the pack's order -----------------------------------------------------------------------------------
    @property
    def ranking(self) -> Order:
        if self.order is None:
            self.order = order_of(Rules())
        return self.order

    def suit(self, card: int) -> int:
        """``card``'s suit in play."""
        return self.ranking.suit[card]

    def rank(self, card: int) -> int:
        """``card``'s rank on the one scale of :class:`Order`: comparable across suits, jokers above the ace."""
        return self.ranking.rank[card]

    def by_suit(self, card: int) -> tuple[int, int]:
        """A key ordering cards by suit in play, then rank: the order of the card numbers in a plain pack."""
        order = self.ranking
        return order.suit[card], order.rank[card]

    def mask(self, suit: int) -> int:
        return self.ranking.masks[suit]

    # -- own hand -------------------------------------------------------------------------------------------
    def hand_count(self, suit: int) -> int:
        return (self.hand & self.mask(suit)).bit_count()

    def hand_top(self, suit: int) -> Card | None:
        cards = _bits(self.hand & self.mask(suit))
        return CARDS[max(cards, key=self.rank)] if cards else None

    # -- cards out ------------------------------------------------------------------------------------------
    def out(self, suit: int) -> int:
        """The cards of ``suit`` held by other seats."""
        return self.unseen & self.mask(suit)

    def out_count(self, suit: int) -> int:
        return (self.unseen & self.mask(suit)).bit_count()

    def higher_out(self, card: int) -> int:
        """Cards of ``card``'s suit in play, above it, held by other seats."""
        return self.unseen & self.ranking.above[card]

    def is_master(self, card: int) -> bool:
        """No other seat holds a higher card of its suit."""
        return not self.higher_out(card)

    def spades_out(self) -> int:
        return self.out_count(SPADES)

    def void(self, seat: int, suit: int) -> bool:
        return bool(self.voids[seat] >> suit & 1)

    def may_hold(self, seat: int, suit: int) -> bool:
        """Whether ``seat`` may still hold a card of ``suit`` (it has not shown out and some are out)."""
        if seat == self.seat:
            return bool(self.hand & self.mask(suit))
        if self.known[seat]:
            return bool(self.known[seat] & self.mask(suit))
        if self.placed[seat] & self.mask(suit):
            return True
        return not self.void(seat, suit) and bool(self.out(suit)) and self.held[seat] > 0

    def beats(self, card: int, best: int) -> bool:
        """Whether ``card`` takes a trick from ``best``, the card winning it (of the suit led or a trump)."""
        keys = self.ranking
        if keys.suit[card] == keys.suit[best]:
            return bool(keys.above[best] >> card & 1)
        return keys.suit[card] == SPADES

    def may_beat(self, seat: int, card: int, led: int) -> bool:
        """Whether ``seat``, still to play to a trick led in ``led``, could take it from ``card``."""
        suit_of = self.ranking.suit
        if self.known[seat]:
            cards = self.known[seat]
            follow = cards & self.mask(led)
            choices = follow or cards
            return any(self.beats(c, card) for c in _bits(choices))
        if suit_of[card] == SPADES:
            # A trump is beaten only by a higher trump, and in a side suit only by a seat out of that suit.
            if led != SPADES and not self.likely_void(seat, led):
                return False
            return self.may_hold(seat, SPADES) and bool(self.higher_out(card))
        if self.void(seat, led):
            return self.may_hold(seat, SPADES) and bool(self.out(SPADES))
        if suit_of[card] == led and self.higher_out(card):
            return True
        # Following suit with nothing higher out: only a seat that runs out of the suit can ruff.
        return self.likely_void(seat, led) and self.may_hold(seat, SPADES)

    def likely_void(self, seat: int, suit: int) -> bool:
        """A guess that ``seat`` has no card of ``suit``: shown out, or so few are out that someone lacks it."""
        if self.void(seat, suit):
            return True
        if self.placed[seat] & self.mask(suit):
            return False
        out = self.out_count(suit)
        others = sum(1 for s in range(self.players) if s != self.seat and not self.void(s, suit))
        return out < others or (out <= 2 and others >= 2)

    def safe(self, card: int, led: int, after: list[int]) -> bool:
        """Whether ``card`` will hold the trick against the seats in ``after`` (those still to play)."""
        return not any(self.may_beat(s, card, led) for s in after)

    # -- for search -----------------------------------------------------------------------------------------
    def sample(self, rng: random.Random, tries: int = 200) -> list[int]:
        """One way the unseen cards could lie among the other seats, consistent with the voids shown, the cards
        known to be placed (a Nil pass) and the number of cards each holds (a draw for search players; by
        rejection, falling back to ignoring voids). Unseen cards beyond the room left are face-down discards."""
        others = [s for s in range(self.players) if s != self.seat]
        fixed = {s: self.known[s] for s in others if self.known[s]}
        free = [s for s in others if s not in fixed]
        taken = 0
        for m in fixed.values():
            taken |= m
        for s in free:
            taken |= self.placed[s]
        pool = [CARDS[i] for i in _bits(self.unseen & ~taken)]
        for attempt in range(tries + 1):
            hands = [0] * self.players
            hands[self.seat] = self.hand
            for s, m in fixed.items():
                hands[s] = m
            room = {}
            for s in free:
                hands[s] = self.placed[s] & self.unseen
                room[s] = self.held[s] - hands[s].bit_count()
            spare = len(pool) - sum(room.values())
            cards = list(pool)
            rng.shuffle(cards)
            # Place the most constrained cards first: each goes to a seat that may hold its suit and has room.
            ok = True
            for card in sorted(cards, key=lambda c: -sum(1 for s in free if not self.void(s, self.suit(c)))):
                choices = [s for s in free if room[s] > 0 and (attempt == tries or not self.void(s, self.suit(card)))]
                if not choices:
                    if spare > 0:
                        spare -= 1
                        continue
                    ok = False
                    break
                seat = rng.choice(choices)
                hands[seat] |= 1 << card
                room[seat] -= 1
            if ok:
                return hands
        raise RuntimeError("no deal fits the cards held")


def _bits(mask: int) -> list[int]:
    result = []
    while mask:
        low = mask & -mask
        result.append(low.bit_length() - 1)
        mask ^= low
    return result
