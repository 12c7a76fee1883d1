"""Spades: a rules engine for every common variant, computer players, and an accessible table.

The public API is small: :class:`Rules` says which game, :class:`Game` plays it, :meth:`Game.view` is what one
seat may know, :mod:`spades.record` saves and replays games, and :func:`resample` deals the cards a seat cannot
see in ways that fit its view.
"""

from .actions import BLIND_NIL, NIL, Action, Bid, Choice, parse_action
from .cards import Card, CardSet, Suit, parse_card, parse_cards
from .errors import (
    ActionError,
    BudgetError,
    CardError,
    IllegalAction,
    NotYourTurn,
    ParseError,
    PositionError,
    RecordError,
    RulesError,
    SpadesError,
    UndoError,
    UnknownLevel,
    WireError,
)
from .events import (
    BidChanged,
    BidMade,
    CardPlayed,
    Drew,
    Event,
    GameOver,
    HandScored,
    HandStarted,
    Looked,
    SpadesBroken,
    TrickWon,
)
from .game import Game, Phase, seat_name
from .rules import VARIANTS, Rules
from .sampling import Deal, deal_weight, resample
from .scoring import HandResult, NilResult, SideResult, score_hand
from .view import SeatView, Trick

__version__ = "0.1.0"

__all__ = [
    "BLIND_NIL",
    "NIL",
    "VARIANTS",
    "Action",
    "ActionError",
    "Bid",
    "BidChanged",
    "BidMade",
    "BudgetError",
    "Card",
    "CardError",
    "CardPlayed",
    "CardSet",
    "Choice",
    "Deal",
    "Drew",
    "Event",
    "Game",
    "GameOver",
    "HandResult",
    "HandScored",
    "HandStarted",
    "IllegalAction",
    "Looked",
    "NilResult",
    "NotYourTurn",
    "ParseError",
    "Phase",
    "PositionError",
    "RecordError",
    "Rules",
    "RulesError",
    "SeatView",
    "SideResult",
    "SpadesBroken",
    "SpadesError",
    "Suit",
    "Trick",
    "TrickWon",
    "UndoError",
    "UnknownLevel",
    "WireError",
    "deal_weight",
    "parse_action",
    "parse_card",
    "parse_cards",
    "resample",
    "score_hand",
    "seat_name",
]
