"""What happened at the table, in order: the material of announcements, logs and the hand review.

Every event is public: it says only what every seat at the table saw. A kept card in two-player Spades is not in
any event; the card that went face up is (and none, when the discards go face down). A Nil pass says who passed
how many cards to whom, never which.
"""

from __future__ import annotations

from typing import NamedTuple

from .actions import Bid
from .cards import Card
from .scoring import HandResult

__all__ = [
    "BidChanged",
    "BidMade",
    "CardPlayed",
    "Drew",
    "Event",
    "GameOver",
    "HandScored",
    "HandStarted",
    "Looked",
    "Passed",
    "SpadesBroken",
    "TrickWon",
]


class HandStarted(NamedTuple):
    hand: int  # 1 for the first hand
    dealer: int


class Drew(NamedTuple):
    """Two-player draw: ``kept_first`` says whether the drawer kept the first card; ``discard`` went face up (None
    when the discards go face down)."""

    seat: int
    kept_first: bool
    discard: Card | None


class Looked(NamedTuple):
    """A seat that could have bid Blind Nil looked at its cards instead."""

    seat: int


class BidMade(NamedTuple):
    seat: int
    bid: Bid


class BidChanged(NamedTuple):
    """Suicide: the first partner bid 4 or more, the second did too, so the first bid became Nil."""

    seat: int
    bid: Bid


class Passed(NamedTuple):
    """A Nil pass: ``seat`` passed ``count`` cards face down to ``to``, its partner."""

    seat: int
    to: int
    # The field hides tuple.count on this event, which nobody calls on an event; the name is the wire's "count".
    count: int  # type: ignore[assignment]


class CardPlayed(NamedTuple):
    seat: int
    card: Card


class SpadesBroken(NamedTuple):
    seat: int


class TrickWon(NamedTuple):
    seat: int
    number: int  # 1 to the hand's tricks
    leader: int
    cards: tuple[Card, ...]  # in the order played, from the leader

    @property
    def plays(self) -> tuple[tuple[int, Card], ...]:
        """(seat, card) in the order played."""
        players = len(self.cards)  # a finished trick holds one card from each seat
        return tuple(((self.leader + i) % players, card) for i, card in enumerate(self.cards))


class HandScored(NamedTuple):
    result: HandResult


class GameOver(NamedTuple):
    winner: int | None  # a side, or None for a drawn fixed-length match
    scores: tuple[int, ...]


Event = (
    HandStarted | Drew | Looked | BidMade | BidChanged | Passed | CardPlayed | SpadesBroken | TrickWon | HandScored
    | GameOver
)
