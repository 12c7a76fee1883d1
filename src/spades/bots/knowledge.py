"""What a seat can work out from its view: the cards still out, the voids shown, the spades left, who is winning.

Every rule-based player and the search player start from the same facts, so they are gathered once here from a
:class:`~spades.view.SeatView` and nothing else: a card the seat cannot see is only ever "out", never placed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..cards import CARDS, SUIT_MASKS, Card, Suit
from ..tricks import beats
from ..view import Phase, SeatView

__all__ = ["Knowledge"]

SPADES = int(Suit.SPADES)
NON_SPADES = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2]
ALL_SUITS = 0b1111


@dataclass
class Knowledge:
    """Public facts of the hand in progress, from one seat's point of view."""

    seat: int
    players: int
    hand: int  # the seat's own cards, as a mask
    played: int  # every card played this hand, the trick in progress included
    unseen: int  # cards this seat has not seen: held by the other seats
    voids: list[int] = field(default_factory=list)  # per seat, a mask of suits (bit s) it has shown it lacks
    held: list[int] = field(default_factory=list)  # per seat, cards still in its hand (13 minus those played)
    known: list[int] = field(default_factory=list)  # per seat, cards known to be in its hand

    @classmethod
    def from_view(cls, view: SeatView) -> Knowledge:
        n = view.players
        hand = int(view.hand) if view.hand is not None else 0
        played = int(view.played)
        unseen = ((1 << 52) - 1) & ~hand & ~played
        if not view.rules.deals:
            unseen &= ~int(view.discards)
        voids = [0] * n
        counts = [0] * n
        broken = False
        plays_list = [trick.plays(n) for trick in view.tricks]
        if view.trick:
            plays_list.append(view.trick)
        for plays in plays_list:
            led = plays[0][1] // 13
            leader = plays[0][0]
            if led == SPADES and not broken:
                # A spade led before spades were broken: the leader held nothing else.
                voids[leader] |= 0b0111
            for seat, card in plays:
                counts[seat] += 1
                if card // 13 != led:
                    voids[seat] |= 1 << led
                if card // 13 == SPADES:
                    broken = True
        held = [13 - c for c in counts]
        known = [0] * n
        known[view.seat] = hand
        if not view.rules.deals and view.phase in (Phase.BID, Phase.PLAY):
            # Two-player: once the draw is over the other hand is every card not seen.
            known[1 - view.seat] = unseen
        return cls(view.seat, n, hand, played, unseen, voids, held, known)

    # -- own hand -------------------------------------------------------------------------------------------
    def hand_count(self, suit: int) -> int:
        return (self.hand & SUIT_MASKS[suit]).bit_count()

    def hand_top(self, suit: int) -> Card | None:
        mask = self.hand & SUIT_MASKS[suit]
        return CARDS[mask.bit_length() - 1] if mask else None

    # -- cards out ------------------------------------------------------------------------------------------
    def out(self, suit: int) -> int:
        """The cards of ``suit`` held by other seats."""
        return self.unseen & SUIT_MASKS[suit]

    def out_count(self, suit: int) -> int:
        return (self.unseen & SUIT_MASKS[suit]).bit_count()

    def higher_out(self, card: int) -> int:
        """Cards of ``card``'s suit, above it, held by other seats."""
        suit = card // 13
        above = SUIT_MASKS[suit] & ~((2 << card) - 1)
        return self.unseen & above

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
            return bool(self.hand & SUIT_MASKS[suit])
        if self.known[seat]:
            return bool(self.known[seat] & SUIT_MASKS[suit])
        return not self.void(seat, suit) and bool(self.out(suit)) and self.held[seat] > 0

    def may_beat(self, seat: int, card: int, led: int) -> bool:
        """Whether ``seat``, still to play to a trick led in ``led``, could take it from ``card``."""
        if self.known[seat]:
            cards = self.known[seat]
            follow = cards & SUIT_MASKS[led]
            choices = follow or cards
            return any(beats(c, card) for c in _bits(choices))
        if card // 13 == SPADES:
            # A trump is beaten only by a higher trump, and in a side suit only by a seat out of that suit.
            if led != SPADES and not self.likely_void(seat, led):
                return False
            return self.may_hold(seat, SPADES) and bool(self.higher_out(card))
        if self.void(seat, led):
            return self.may_hold(seat, SPADES) and bool(self.out(SPADES))
        if card // 13 == led and self.higher_out(card):
            return True
        # Following suit with nothing higher out: only a seat that runs out of the suit can ruff.
        return self.likely_void(seat, led) and self.may_hold(seat, SPADES)

    def likely_void(self, seat: int, suit: int) -> bool:
        """A guess that ``seat`` has no card of ``suit``: shown out, or so few are out that someone lacks it."""
        if self.void(seat, suit):
            return True
        out = self.out_count(suit)
        others = sum(1 for s in range(self.players) if s != self.seat and not self.void(s, suit))
        return out < others or (out <= 2 and others >= 2)

    def safe(self, card: int, led: int, after: list[int]) -> bool:
        """Whether ``card`` will hold the trick against the seats in ``after`` (those still to play)."""
        return not any(self.may_beat(s, card, led) for s in after)

    # -- for search -----------------------------------------------------------------------------------------
    def sample(self, rng: random.Random, tries: int = 200) -> list[int]:
        """One way the unseen cards could lie among the other seats, consistent with the voids shown and the
        number of cards each holds (a draw for search players; by rejection, falling back to ignoring voids)."""
        others = [s for s in range(self.players) if s != self.seat]
        fixed = {s: self.known[s] for s in others if self.known[s]}
        pool = [CARDS[i] for i in range(52) if self.unseen >> i & 1 and not any(m >> i & 1 for m in fixed.values())]
        free = [s for s in others if s not in fixed]
        for attempt in range(tries + 1):
            hands = [0] * self.players
            hands[self.seat] = self.hand
            for s, m in fixed.items():
                hands[s] = m
            cards = list(pool)
            rng.shuffle(cards)
            # Place the most constrained cards first: each goes to a seat that may hold its suit and has room.
            room = {s: self.held[s] for s in free}
            ok = True
            for card in sorted(cards, key=lambda c: -sum(1 for s in free if not self.void(s, c // 13))):
                choices = [s for s in free if room[s] and (attempt == tries or not self.void(s, card // 13))]
                if not choices:
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
