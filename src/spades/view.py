"""A seat's view: everything one seat may know, and nothing more.

Bots, tables and remote players all decide from a ``SeatView``; since it is built only from the seat's own hand
and public facts, no code path can leak another seat's cards.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from .actions import Action, Bid
from .cards import CARDS, Card, CardSet
from .errors import PositionError
from .language import N_, _
from .rules import Rules
from .scoring import HandResult
from .tricks import winning_play

if TYPE_CHECKING:
    from .game import Game

__all__ = ["PHASE_WORDS", "Phase", "SeatView", "Trick", "Views", "make_view", "phase_words"]

NO_CARDS = CardSet(0)


class Phase(StrEnum):
    """Where a hand is: the two-player draw, the bidding, the Nil pass, the play, or the game over. ``Game.phase`` and
    ``SeatView.phase`` are both one; as a ``str`` it is its value, so ``phase == "bid"`` also reads true."""

    DRAW = "draw"
    BID = "bid"
    PASS = "pass"
    PLAY = "play"
    OVER = "over"

    def __repr__(self) -> str:
        """``Phase.BID``: pastes back into Python."""
        return f"Phase.{self.name}"


# Each phase as a sentence names it, in English and marked for the catalogue ("during the bidding").
PHASE_WORDS: dict[str, str] = {
    "draw": N_("the draw"), "bid": N_("the bidding"), "pass": N_("the Nil pass"), "play": N_("the play"),
    "over": N_("the end of the game"),
}


def phase_words(phase: str) -> str:
    """A phase as said, with its article, in the language in force: "the bidding" ("la subasta")."""
    return _(PHASE_WORDS[phase])


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who led, the cards in playing order, who took it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def plays(self, players: int = 4) -> tuple[tuple[int, Card], ...]:
        return tuple(((self.leader + i) % players, c) for i, c in enumerate(self.cards))


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    rules: Rules
    phase: Phase
    hand_number: int
    dealer: int
    turn: int
    hand: CardSet | None  # None while the seat has not looked (it may still bid Blind Nil)
    legal: tuple[Action, ...]  # the seat's legal actions, empty when it is not its turn
    bids: tuple[Bid | None, ...]
    tricks_won: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]  # the trick in progress, (seat, card)
    tricks: tuple[Trick, ...]  # this hand's finished tricks
    spades_broken: bool
    scores: tuple[int, ...]  # per side
    bags: tuple[int, ...]  # per side
    results: tuple[HandResult, ...]  # every finished hand
    winner: int | None
    offered: Card | None  # two-player draw: the card this seat has just drawn
    discards: CardSet  # two-player: the cards turned face up, seen by both (face down: this seat's own)
    blind_nil_allowed: bool
    # The Nil pass of this hand: the cards this seat passed (its partner holds them, unless played since) and the
    # cards it received; only the two partners know them.
    passed: CardSet = NO_CARDS
    received: CardSet = NO_CARDS
    pass_to: int | None = None  # during the pass: the seat this seat's cards go to, when it is passing now

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat and bool(self.legal)

    @property
    def side(self) -> int:
        return self.rules.side_of(self.seat)

    @property
    def partner(self) -> int | None:
        return self.rules.partner_of(self.seat)

    @property
    def played(self) -> CardSet:
        """Every card played this hand, the trick in progress included."""
        mask = 0
        for trick in self.tricks:
            for card in trick.cards:
                mask |= 1 << card
        for _seat, card in self.trick:
            mask |= 1 << card
        return CardSet(mask)

    @property
    def led_suit(self) -> int | None:
        """The suit in play of the card led (a joker, and the JJDD two of diamonds, lead spades)."""
        return self.rules.card_suits[self.trick[0][1]] if self.trick else None

    @property
    def winning(self) -> tuple[int, Card] | None:
        """The (seat, card) winning the trick in progress, or None before its first card."""
        return winning_play(self.trick, self.rules) if self.trick else None

    @property
    def trick_number(self) -> int:
        """1 to the hand's tricks (13 at four): the trick being played (or about to be led)."""
        return min(len(self.tricks) + 1, self.rules.hand_size)

    def side_seats(self, side: int) -> tuple[int, ...]:
        return self.rules.seats_of(side)


@functools.lru_cache(maxsize=4096)
def _trick(raw: tuple[int, tuple[int, ...], int]) -> Trick:
    """A finished trick as views show it, made once for the many views that show it (every seat's, after every
    card of the rest of the hand)."""
    leader, cards, winner = raw
    return Trick(leader, tuple(CARDS[c] for c in cards), winner)


def make_view(game: Game, seat: int) -> SeatView:
    return _seat_view(game, seat, _shared(game))


class Views:
    """The views of one position of a game, made as each seat is asked for: what every seat sees (the bids, the
    tricks, the scores) is made once and shared between them, for a table that tells every seat after every
    action. Each view is the one ``make_view`` makes; take a new ``Views`` after the game moves on."""

    def __init__(self, game: Game) -> None:
        self._game = game
        self._shared = _shared(game)
        self._made: dict[int, SeatView] = {}

    def __getitem__(self, seat: int) -> SeatView:
        view = self._made.get(seat)
        if view is None:
            view = self._made[seat] = _seat_view(self._game, seat, self._shared)
        return view


def _shared(game: Game) -> dict[str, Any]:
    return {
        "rules": game.rules,
        "phase": game.phase,
        "hand_number": game.hand_number,
        "dealer": game.dealer,
        "turn": game.turn,
        "bids": tuple(game.bids),
        "tricks_won": tuple(game.tricks_won),
        "trick": tuple(((game.leader + i) % game.n, CARDS[c]) for i, c in enumerate(game.trick)),
        "tricks": tuple(_trick(raw) for raw in game.tricks),
        "spades_broken": game.broken,
        "scores": tuple(game.scores),
        "bags": tuple(game.bags),
        "results": tuple(game.results),
        "winner": game.winner,
    }


def _seat_view(game: Game, seat: int, shared: dict[str, Any]) -> SeatView:
    if not 0 <= seat < game.n:
        raise PositionError(f"seat {seat!r} is not at this table")
    own_turn = game.turn == seat
    offered = None
    if game.phase is Phase.DRAW and own_turn:
        offered = CARDS[game.deck[game.deck_pos]]
    return SeatView(
        seat=seat,
        hand=CardSet(game.hands[seat]) if game.seen[seat] else None,
        legal=game.legal_actions() if own_turn else (),
        offered=offered,
        discards=CardSet(game.discarded[seat] if game.rules.face_down_discards else game.discards),
        blind_nil_allowed=game.blind_nil_allowed(seat),
        passed=CardSet(game.passed[seat]),
        received=CardSet(game.received[seat]),
        pass_to=game.pass_plan[game.pass_index][1] if game.phase is Phase.PASS and own_turn else None,
        **shared,
    )
