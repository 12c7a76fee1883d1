"""Which card takes a trick: spades over everything, then the suit led, then nothing.

The one statement of that rule. The game's play loop reads its table form (``TRICK_KEYS``); tables and bots ask
``winning_play`` who holds a trick in progress, so nobody writes the rule again.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card

__all__ = ["TRICK_KEYS", "beats", "winning_play"]

# For each suit led, a key per card: 100 + card for a spade, the card itself in the suit led, -1 otherwise.
TRICK_KEYS: tuple[tuple[int, ...], ...] = tuple(
    tuple(100 + c if c >= 39 else (c if c // 13 == led else -1) for c in range(52)) for led in range(4)
)


def beats(card: int, best: int) -> bool:
    """Whether ``card`` takes the trick from ``best``, the card winning it so far: a higher card of the same suit,
    or any spade over a card of another suit."""
    keys = TRICK_KEYS[best // 13]
    return keys[card] > keys[best]


def winning_play(plays: Sequence[tuple[int, Card]]) -> tuple[int, Card]:
    """The (seat, card) winning a trick so far, or won once it is complete."""
    keys = TRICK_KEYS[plays[0][1] // 13]
    return max(plays, key=lambda play: keys[play[1]])
