"""The hand that has just ended, as the review keys tell it until the player presses n.

The engine deals the next hand in the same step that scores the last one, so between hands the game's own view
already shows the new hand: no bids, no tricks. What the player asks about then is the hand they have just played,
so its bids, tricks and last trick are read back from that hand's public events, the same record the log (g) reads.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ..actions import Bid
from ..cards import CardSet
from ..events import BidChanged, BidMade, Event, HandStarted, SpadesBroken, TrickWon
from ..language import _, n_
from ..view import Phase, SeatView, Trick
from . import announce as say

__all__ = ["ENDED_KEYS", "ended_answers", "ended_view"]

ENDED_KEYS = frozenset("bcrtwh")  # the reading keys whose answer would otherwise be about the next hand


def ended_view(view: SeatView, events: Sequence[Event]) -> SeatView:
    """``view`` (the seat's view now) with the bids, tricks and trick counts of the hand ``events`` record.

    The scores and bags are already those after that hand, so they stay; the seat holds no card and has nothing to
    do."""
    rules = view.rules
    bids: list[Bid | None] = [None] * rules.players
    won = [0] * rules.players
    tricks: list[Trick] = []
    number, dealer, broken = view.hand_number, view.dealer, False
    for event in events:
        if isinstance(event, HandStarted):
            number, dealer = event.hand, event.dealer
        elif isinstance(event, BidMade | BidChanged):
            bids[event.seat] = event.bid
        elif isinstance(event, TrickWon):
            won[event.seat] += 1
            tricks.append(Trick(event.leader, event.cards, event.seat))
        elif isinstance(event, SpadesBroken):
            broken = True
    # the hand was played out: its contracts are known (the next hand may be in its bidding now)
    phase = view.phase if view.phase is Phase.OVER else Phase.PLAY
    return dataclasses.replace(
        view, phase=phase, hand_number=number, dealer=dealer, hand=CardSet(), legal=(), bids=tuple(bids),
        tricks_won=tuple(won), trick=(), tricks=tuple(tricks), spades_broken=broken, offered=None)


def ended_answers(view: SeatView, events: Sequence[Event]) -> dict[str, str]:
    """The answers of b, c, r, t, w and h about the ended hand, each opening with the hand's number."""
    ended = ended_view(view, events)
    number = ended.hand_number
    over = _("Hand {number} is over.", number=number)
    last = say.last_trick_line(ended) if ended.tricks else _("No trick was taken.")
    return {
        "b": f"{over} {say.bids_line(ended)}",
        "c": f"{over} {say.contract_line(ended)}",
        "r": f"{over} {last}",
        "t": n_("Hand {number} is over: {n} trick played; press n for the next hand.",
                "Hand {number} is over: {n} tricks played; press n for the next hand.", len(ended.tricks),
                number=number),
        "w": _("Hand {number} is over; press n for the next hand.", number=number),
        "h": _("Hand {number} is over and your cards are played; press n for the next hand.", number=number),
    }
