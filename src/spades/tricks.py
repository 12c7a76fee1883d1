"""Which card takes a trick: spades over everything, then the suit led, then nothing.

The one statement of that rule. The game's play loop reads its table form (``TRICK_KEYS``, or the rules' own
``trick_keys`` where a pack ranks its trumps otherwise: JJDD); tables and bots ask ``winning_play`` who holds a
trick in progress, so nobody writes the rule again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .cards import Card

if TYPE_CHECKING:
    from .rules import Rules

__all__ = ["TRICK_KEYS", "beats", "winning_play"]

# For each suit led, a key per card: 100 + card for a spade (the jokers, 52 and 53, above the ace), the card itself
# in the suit led, -1 otherwise. The keys of every pack but JJDD.
TRICK_KEYS: tuple[tuple[int, ...], ...] = tuple(
    tuple(100 + c if c >= 39 else (c if c // 13 == led else -1) for c in range(54)) for led in range(4)
)
_SUITS = tuple(min(c // 13, 3) for c in range(54))


def beats(card: int, best: int, led: int | None = None, rules: Rules | None = None) -> bool:
    """Whether ``card`` takes the trick from ``best``, the card winning it so far: a higher card of the same suit,
    or any spade over a card of another suit. ``led`` is the suit led (by default ``best``'s suit)."""
    keys = _keys(rules, best if led is None else None, led)
    return keys[card] > keys[best]


def winning_play(plays: Sequence[tuple[int, Card]], rules: Rules | None = None) -> tuple[int, Card]:
    """The (seat, card) winning a trick so far, or won once it is complete."""
    keys = _keys(rules, plays[0][1], None)
    return max(plays, key=lambda play: keys[play[1]])


def _keys(rules: Rules | None, first: int | None, led: int | None) -> tuple[int, ...]:
    if rules is None:
        return TRICK_KEYS[_SUITS[first] if led is None else led]  # type: ignore[index]
    return rules.trick_keys[rules.card_suits[first] if led is None else led]  # type: ignore[index]
