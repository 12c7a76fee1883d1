"""What a bid's reason says of the hand, built from the hand itself so that it is true of it: a Nil hint says
"nothing high" only when no ace, king or spade from the jack up is held, and otherwise names what the Nil pass sends
away or gives the weighing, never a stock phrase that a hand holding the king and queen of spades contradicts.

"High" is the pack's own order, read from the rules (a joker, a JJDD deuce are high spades).
"""

from __future__ import annotations

from ..cards import Card, Suit
from ..rules import Rules
from .knowledge import order_of

__all__ = ["high_cards", "nil_reason"]

SPADES = int(Suit.SPADES)


def high_cards(hand: int, rules: Rules) -> list[Card]:
    """The cards a player calls high: aces and kings, and spades from the jack up (a joker, a JJDD deuce)."""
    order = order_of(rules)
    return [Card(c) for c in range(54) if hand >> c & 1 and order.rank[c] >= (11 if order.suit[c] == SPADES else 13)]


def nil_reason(hand: int, passed: int, rules: Rules, est: float) -> str:
    """Why Nil, in words true of ``hand``: nothing high; or the high cards the pass sends to the partner (``passed``,
    the cards a Nil bidder would pass); or, with high cards kept, the weighing itself (``est`` tricks)."""
    if not high_cards(hand, rules):
        return "no sure tricks and nothing high to shed: Nil"
    sent = high_cards(passed, rules)
    if sent:
        left = "" if high_cards(hand & ~passed, rules) else ", leaving nothing high"
        what = _grouped(sent, rules) if len(sent) <= 2 else f"{len(sent)} high cards"  # a short line to hear
        return f"the pass sends {what} to partner{left}: Nil"
    return f"about {est:.1f} tricks, and a Nil is worth more than bidding them: Nil"


def _grouped(cards: list[Card], rules: Rules) -> str:
    """``the king and queen of spades and the ace of hearts``: high to low, ranks of one suit said together."""
    rank = order_of(rules).rank
    groups: dict[str, list[str]] = {}
    for card in sorted(cards, key=lambda c: -rank[c]):
        face, _, suit = card.name.partition(" of ")
        groups.setdefault(suit or face, []).append(face)
    said = []
    for suit, faces in groups.items():
        ranks = faces[0] if len(faces) == 1 else ", ".join(faces[:-1]) + " and " + faces[-1]
        said.append(f"the {ranks} of {suit}" if suit not in faces else f"the {suit}")
    return " and ".join(said)
