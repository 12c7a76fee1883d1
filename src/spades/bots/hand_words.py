"""What a bid's reason says of the hand, built from the hand itself so that it is true of it: a Nil hint says
"nothing high" only when no ace, king or spade from the jack up is held, and otherwise names what the Nil pass sends
away or gives the weighing, never a stock phrase that a hand holding the king and queen of spades contradicts.

"High" is the pack's own order, read from the rules (a joker, a JJDD deuce are high spades).

The hints' reasons are said in the language in force, as they are made; ``tenths`` writes their estimates as the
language writes a decimal.
"""

from __future__ import annotations

from ..cards import Card, Suit, the_card
from ..language import DEFAULT, _, current, listed, p_
from ..rules import Rules
from .knowledge import order_of

__all__ = ["high_cards", "nil_reason", "partner_word", "tenths"]

SPADES = int(Suit.SPADES)


def high_cards(hand: int, rules: Rules) -> list[Card]:
    """The cards a player calls high: aces and kings, and spades from the jack up (a joker, a JJDD deuce)."""
    order = order_of(rules)
    return [Card(c) for c in range(54) if hand >> c & 1 and order.rank[c] >= (11 if order.suit[c] == SPADES else 13)]


def tenths(value: float) -> str:
    """An estimate to a tenth, as the language in force writes it: "4.5" ("4,5")."""
    text = f"{value:.1f}"
    if current() == DEFAULT:
        return text
    from babel.numbers import get_decimal_symbol

    return text.replace(".", get_decimal_symbol(current()))


def partner_word() -> str:
    """The partner, as a reason names them where it would name a seat ("partner's ace of spades")."""
    return p_("seat", "partner")


def nil_reason(hand: int, passed: int, rules: Rules, est: float) -> str:
    """Why Nil, in words true of ``hand``: nothing high; or the high cards the pass sends to the partner (``passed``,
    the cards a Nil bidder would pass); or, with high cards kept, the weighing itself (``est`` tricks)."""
    if not high_cards(hand, rules):
        return _("no sure tricks and nothing high to shed: Nil")
    sent = high_cards(passed, rules)
    if sent:
        # a short line to hear: the cards named when they are one or two
        if len(sent) <= 2:
            what = _grouped(sent, rules)
            if high_cards(hand & ~passed, rules):
                return _("the pass sends {cards} to partner: Nil", cards=what)
            return _("the pass sends {cards} to partner, leaving nothing high: Nil", cards=what)
        if high_cards(hand & ~passed, rules):
            return _("the pass sends {count} high cards to partner: Nil", count=len(sent))
        return _("the pass sends {count} high cards to partner, leaving nothing high: Nil", count=len(sent))
    return _("about {tricks} tricks, and a Nil is worth more than bidding them: Nil", tricks=tenths(est))


def _grouped(cards: list[Card], rules: Rules) -> str:
    """``the king and queen of spades and the ace of hearts``: high to low, ranks of one suit said together in
    English; the other languages name each card with its own article ("el rey de picas y la reina de picas"), since
    the article goes with each rank."""
    rank = order_of(rules).rank
    if current() != DEFAULT:
        return listed([the_card(card) for card in sorted(cards, key=lambda c: -rank[c])])
    groups: dict[str, list[str]] = {}
    for card in sorted(cards, key=lambda c: -rank[c]):
        face, _of, suit = card.name.partition(" of ")
        groups.setdefault(suit or face, []).append(face)
    said = []
    for suit, faces in groups.items():
        ranks = faces[0] if len(faces) == 1 else ", ".join(faces[:-1]) + " and " + faces[-1]
        said.append(f"the {ranks} of {suit}" if suit not in faces else f"the {suit}")
    return " and ".join(said)
