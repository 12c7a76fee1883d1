"""The things a seat can do: play a card (or pass one to a partner), bid, and in two-player Spades keep or discard a
drawn card.

Actions are values with one text form each, so that records, the line-mode table and the network all speak the
same words: a card is ``AS``; a bid is ``nil``, ``blind nil`` or a number; a draw is ``keep`` or ``discard``;
a seat that may bid Blind Nil first chooses ``blind nil`` or ``look``.
"""

from __future__ import annotations

from enum import Enum

from .card_words import the_card
from .cards import CARDS, Card, parse_card
from .errors import ActionError, CardError
from .language import _

__all__ = ["BIDS", "BLIND_NIL", "MAX_BID", "NIL", "Action", "ActionError", "Bid", "Choice", "parse_action"]


class Bid:
    """A bid of 0 (Nil) to 18 tricks (a hand's tricks: 13 at four, 17 or 18 at three), or Blind Nil. Instances
    are shared: ``Bid.of(4) is Bid.of(4)``, so the
    default identity equality is the right one, and it keeps ``bid in legal_bids`` free of Python-level calls."""

    __slots__ = ("blind", "value")
    value: int
    blind: bool

    def __new__(cls, value: int, blind: bool = False) -> Bid:
        if blind:
            return BLIND_NIL
        if not isinstance(value, int) or not 0 <= value <= MAX_BID:
            raise ActionError(_("{text} is not a bid: bids are Nil (0) to {most}", text=repr(value), most=MAX_BID))
        return BIDS[value]

    @classmethod
    def _make(cls, value: int, blind: bool) -> Bid:
        bid = object.__new__(cls)
        object.__setattr__(bid, "value", value)
        object.__setattr__(bid, "blind", blind)
        return bid

    @classmethod
    def of(cls, value: int) -> Bid:
        return cls(value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("bids are immutable")

    @property
    def is_nil(self) -> bool:
        return self.value == 0

    def __reduce__(self) -> tuple[object, ...]:
        return (Bid, (self.value, self.blind))

    def __str__(self) -> str:
        if self.blind:
            return "blind nil"
        return "nil" if self.value == 0 else str(self.value)

    def __repr__(self) -> str:
        """``Bid(4)``, ``Bid(0)`` (Nil), ``Bid(0, blind=True)``: pastes back into Python as the same bid."""
        return f"Bid({self.value}, blind=True)" if self.blind else f"Bid({self.value})"

    @property
    def spoken(self) -> str:
        """The bid as a person hears it, in the language in force: ``Nil``, ``Blind Nil``, ``4``."""
        if self.blind:
            return _("Blind Nil")
        return _("Nil") if self.value == 0 else str(self.value)


MAX_BID = 18  # the most tricks a hand has: three players with the jokers hold 18 cards each
BIDS: tuple[Bid, ...] = tuple(Bid._make(v, False) for v in range(MAX_BID + 1))
NIL = BIDS[0]
BLIND_NIL = Bid._make(0, True)


class Choice(Enum):
    """Actions that are neither a card nor a bid."""

    KEEP = "keep"
    DISCARD = "discard"
    LOOK = "look"

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        """``Choice.KEEP``: pastes back into Python."""
        return f"Choice.{self.name}"


Action = Card | Bid | Choice


def parse_action(text: str) -> Action:
    """The action a word names: ``AS``/``ten of hearts``, ``nil``/``0``/``4``/``blind nil``, ``keep``/``look``."""
    if not isinstance(text, str):
        raise ActionError(_("{text} is not an action", text=repr(text)))
    known = _BY_TEXT.get(text)
    if known is not None:  # an action as str() writes it (the wire, the records): the common case by far
        return known
    key = " ".join(text.strip().lower().split())
    if key in ("nil", "0"):
        return NIL
    if key in ("blind nil", "blind", "bn", "blindnil", "blind_nil"):
        return BLIND_NIL
    if key.isdigit():
        value = int(key)
        if value > MAX_BID:
            raise ActionError(_("{text} is not a bid: bids are Nil (0) to {most}", text=repr(text), most=MAX_BID))
        return BIDS[value]
    for choice in Choice:
        if key == choice.value:
            return choice
    try:
        return parse_card(text)
    except CardError as error:
        if error.suggestion is not None:
            message = _("{text} is not a card, a bid, keep, discard or look; did you mean {card}?", text=repr(text),
                        card=the_card(error.suggestion))
        else:
            message = _("{text} is not a card, a bid, keep, discard or look", text=repr(text))
        raise ActionError(message, error.suggestion) from None


_BY_TEXT: dict[str, Action] = {str(action): action for action in (*CARDS, *BIDS, BLIND_NIL, *Choice)}
