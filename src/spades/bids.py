"""Which bids a seat may make: the one statement of every variant's bidding rule.

A variant bids by one of four rules (``Bidding``); ``rules.py`` says which rule each variant uses, and callers ask
the ``Rules`` (``bids_by_spades``, ``forced_bids``, ``one_nil_per_side``) or this module, never a variant's name,
so that a new variant's bidding is written here once. The game's bidding, the bots' reading of a bid and the
search's sampling of hands that fit the bids all come from here.

- ``FREE`` (standard, solo, two-player): any number of tricks; Nil while Nil is on; the last of a side to bid
  (a partner, or the third of a team of three) no lower than what brings the side to its minimum bid
  (``min_team_bid``).
- ``NIL_OR_SPADES`` (whiz): Nil, or exactly the number of spades held; with no spade, Nil only.
- ``SPADES`` (mirror): exactly the number of spades held (none: Nil).
- ``ONE_NIL`` (suicide): one partner of each side bids Nil and the other 4 or more. Once a partner has bid Nil the
  other must bid 4 or more; when both bid 4 or more, the first one's bid becomes Nil.

Before a seat that may bid Blind Nil has looked at its cards, its choices are Blind Nil or looking (only looking,
when a Blind Nil would leave its side below the minimum bid).

What the rest of a seat's side has bid reaches these rules as one number, ``mates`` (``mates_bid``): the sum of
the other members' bids once every one of them has bid, None while one has yet to (or for a seat with no side), so
that a pair and a team of three keep one floor by one statement.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import TYPE_CHECKING

from .actions import BIDS, BLIND_NIL, NIL, Action, Bid, Choice

if TYPE_CHECKING:
    from .rules import Rules

__all__ = ["SUICIDE_LOW", "Bidding", "blind_choices", "free_bids", "legal_bids", "mates_bid",
           "partner_bid_after", "spades_shown"]

SUICIDE_LOW = 4  # the lowest number bid in suicide: the partner of the Nil bids at least this


class Bidding(Enum):
    """The bidding rule of a variant (see the module's text)."""

    FREE = "free"
    NIL_OR_SPADES = "nil or spades"
    SPADES = "spades"
    ONE_NIL = "one nil a side"


# The members as plain names: the game asks for its bids on every bid, and a member looked up on its class costs
# more than the test itself.
_FREE, _NIL_OR_SPADES, _SPADES, _ONE_NIL = Bidding.FREE, Bidding.NIL_OR_SPADES, Bidding.SPADES, Bidding.ONE_NIL
# The free bids from Nil (or from 1) to each hand size, made once: a game asks for them at every hand.
_FREE_BIDS = tuple(tuple(BIDS[low:top + 1] for top in range(len(BIDS))) for low in (0, 1))


def free_bids(rules: Rules) -> tuple[Action, ...]:
    """The bids of a seat that has looked, when they are the same for every seat and every hand (the game's fast
    path); empty when they depend on the cards or on the partner's bid."""
    if rules.bidding is not _FREE or (rules.min_team_bid and rules.partnerships):
        return ()
    return _FREE_BIDS[0 if rules.nil else 1][rules.hand_size]


def mates_bid(rules: Rules, bids: Sequence[Bid | None], seat: int) -> int | None:
    """What the rest of ``seat``'s side has bid between them, once every one of them has bid (a partner, or the
    two others of a team of three); None while one has yet to bid, or without partnerships."""
    if not rules.partnerships:
        return None
    total = 0
    for mate in rules.side_seats[rules.seat_sides[seat]]:
        if mate != seat:
            bid = bids[mate]
            if bid is None:
                return None
            total += bid.value
    return total


def blind_choices(rules: Rules, mates: int | None) -> tuple[Action, ...]:
    """The choices of a seat that may bid Blind Nil and has not looked at its cards, the rest of its side having
    bid ``mates`` between them (None: not all yet, or no side; see ``mates_bid``)."""
    if mates is not None and mates < rules.min_team_bid:
        return (Choice.LOOK,)  # a Blind Nil would leave the side below its minimum bid
    return (BLIND_NIL, Choice.LOOK)


def legal_bids(rules: Rules, hand: int, mates: int | None) -> tuple[Action, ...]:
    """The bids a seat that has looked may make holding ``hand`` (a mask of cards), the rest of its side having
    bid ``mates`` between them (None: not all yet, or no side; see ``mates_bid``). The game's bidding calls this
    for every bid but the fast path of ``free_bids``."""
    bidding = rules.bidding
    top = rules.hand_size + 1
    if bidding is _NIL_OR_SPADES:
        spades = (hand & rules.suit_masks[3]).bit_count()
        return (NIL, BIDS[spades]) if spades else (NIL,)
    if bidding is _SPADES:
        return (BIDS[(hand & rules.suit_masks[3]).bit_count()],)
    if bidding is _ONE_NIL:
        if mates == 0:  # the partner is the side's Nil
            return BIDS[SUICIDE_LOW:top]
        return (NIL, *BIDS[SUICIDE_LOW:top])
    low = 0 if rules.nil else 1
    if rules.min_team_bid and mates is not None:
        low = max(low, rules.min_team_bid - mates)
    return BIDS[low:top]


def partner_bid_after(rules: Rules, bid: Bid, partner: Bid | None) -> Bid | None:
    """The partner's bid once ``bid`` is made, when the rule changes it (suicide: the second of two bids of 4 or
    more turns the first into Nil); None when it stands."""
    if (rules.bidding is _ONE_NIL and bid.value >= SUICIDE_LOW and partner is not None
            and partner.value >= SUICIDE_LOW):
        return NIL
    return None


def spades_shown(rules: Rules, bid: Bid) -> int | None:
    """How many spades ``bid`` shows its bidder held when it was made, where the rule ties bids to spades (mirror:
    every bid; whiz: a number bid); None when the bid shows no count."""
    if bid.blind:
        return None
    if rules.bidding is _SPADES or (rules.bidding is _NIL_OR_SPADES and bid.value > 0):
        return bid.value
    return None
