"""What a seat knows beyond its hand and the cards played, as Shift+D says it: the cards the two-player draw set
aside and what they tell of the other hand, or the cards of this hand's Nil pass."""

from __future__ import annotations

from ..cards import FULL_DECK, CardSet
from ..language import _, n_
from ..view import Phase, SeatView
from ..wire import SPECTATOR
from . import announce as say

__all__ = ["draw_known", "known_answer"]


def known_answer(view: SeatView) -> str:
    """What Shift+D says: the cards known beyond the seat's hand and the cards played. In the two-player draw, the
    discards (face up, seen by both; face down, the seat's own) and, once the draw is over, what they tell of the
    other hand: with every discard face up, it holds exactly the cards left, said suit by suit; elsewhere the
    cards of this hand's Nil pass, which only the two partners know."""
    rules = view.rules
    if not rules.deals:
        return draw_known(view)
    if view.seat != SPECTATOR and view.partner is not None and view.phase in (Phase.PASS, Phase.PLAY) and \
            (view.passed or view.received):
        # Translators: the Nil pass's sentences follow, each after a space.
        return _("Of the Nil pass:") + say.known_lines(view)
    return _("No cards are set aside at this table: you know only your hand and the cards played.")


def draw_known(view: SeatView) -> str:
    """Shift+D at two players: the discards, then (the draw over) the other hand as far as the seat knows it."""
    rules = view.rules
    face_up = not rules.face_down_discards
    if not view.discards:
        text = _("No card is set aside yet.")
    elif face_up:
        text = n_("Face up, set aside, {n} card: {cards}.", "Face up, set aside, {n} cards: {cards}.",
                  len(view.discards), cards=say.suits_words(view.discards, rules))
    else:
        text = n_("Your discards, face down, {n} card: {cards}.", "Your discards, face down, {n} cards: {cards}.",
                  len(view.discards), cards=say.suits_words(view.discards, rules))
    if view.phase in (Phase.DRAW, Phase.OVER) or view.seat == SPECTATOR or view.hand is None:
        return text
    other = 1 - view.seat
    played = CardSet(card for _, card in view.trick) | CardSet(card for trick in view.tricks for card in trick.cards)
    played_by_other = sum(1 for s, _ in view.trick if s == other) + \
        sum(1 for trick in view.tricks for s, _ in trick.plays(rules.players) if s == other)
    unseen = CardSet(FULL_DECK) & ~view.hand & ~view.discards & ~played
    held = rules.hand_size - played_by_other
    seat, cards = say.name(rules, other), say.suits_words(unseen, rules)
    if face_up:
        rest = n_("So {seat} holds the rest, {n} card: {cards}.", "So {seat} holds the rest, {n} cards: {cards}.",
                  held, seat=seat, cards=cards)
    else:
        rest = n_("{seat} holds {held} of the {n} card you have not seen: {cards}.",
                  "{seat} holds {held} of the {n} cards you have not seen: {cards}.", len(unseen), seat=seat,
                  held=held, cards=cards)
    return f"{text} {rest}"
