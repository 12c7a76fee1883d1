"""What a hint's reason says about the seat's own hand, checked against the hand: a bid's, a draw's or a Nil
pass's reason that says "nothing high", "no aces, no kings", "few spades", "3 spades held", "spade length", "the
next card is likely better" or "always takes a trick", that names the cards a Nil will pass, or that calls the card
passed back "a low card", must be true of the cards the seat holds.

The hand is read here with the rules' own pack (which cards are trumps, and their order), never with the players'
code, so a player that counts spades by the printed suit or calls a king "nothing high" is caught.
"""

from __future__ import annotations

import re

from spades import Card, Choice, Rules
from spades.bots import Hint
from spades.view import SeatView

SPADES = 3
NUMBER = {"no": 0, "one": 1, **{str(n): n for n in range(19)}}
CARD_NAME = (r"(?:(?:two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace)"
             r" of (?:clubs|diamonds|hearts|spades)|(?:Big|Little) Joker)")
_BY_NAME = {Card(c).name: Card(c) for c in range(54)}


def trumps(rules: Rules, hand: list[Card]) -> list[Card]:
    return [c for c in hand if rules.suit_of(c) == SPADES]


def is_high(rules: Rules, card: Card) -> bool:
    """An ace or a king of a side suit, or a trump from the jack of spades up (a joker, a JJDD deuce)."""
    if rules.suit_of(card) == SPADES:
        return rules.power(card) >= rules.power(Card.parse("JS"))
    return card % 13 >= 11


def is_ace_or_king(rules: Rules, card: Card) -> bool:
    if rules.suit_of(card) == SPADES:
        return rules.power(card) >= rules.power(Card.parse("KS"))
    return card % 13 >= 11


def few_spades(rules: Rules) -> int:
    """The most spades a hand holds and still has "few": an even share of the pack's trumps (three at two)."""
    return len(rules.trumps) // rules.players if rules.players > 2 else 3


def _grouped_cards(text: str) -> list[Card]:
    """The cards of ``the king and queen of spades and the ace of hearts`` (or ``the Big Joker``)."""
    cards = []
    for group in re.split(r" and the ", text.removeprefix("the ")):
        faces, _, suit = group.partition(" of ")
        for face in re.split(r", | and ", faces):
            cards.append(_BY_NAME[f"{face} of {suit}" if suit else face])
    return cards


def check_hand_claims(view: SeatView, hint: Hint, where: str) -> None:
    """Each claim about the seat's cards in ``hint.reason`` holds of ``view.hand``."""
    if view.hand is None or view.phase not in ("bid", "draw", "pass"):
        return
    if view.phase == "pass":
        card = hint.action
        if "a low card" in hint.reason:  # a side card from the ten down, or a spade from the ten down
            assert isinstance(card, Card) and (card % 13 <= 8 if view.rules.suit_of(card) != SPADES else
                                               view.rules.power(card) <= view.rules.power(Card.parse("10S"))), where
        return
    rules = view.rules
    hand = list(view.hand)
    reason = hint.reason
    count = len(trumps(rules, hand))
    sent = re.search(r"the pass sends (.+?) to partner", reason)
    counted = re.fullmatch(r"(\d+) high cards", sent.group(1)) if sent else None
    if counted:  # many cards are counted, not named: the hand holds that many high cards, and may pass them
        assert int(counted.group(1)) <= min(rules.nil_pass, sum(is_high(rules, c) for c in hand)), where
        assert "leaving nothing high" not in reason or sum(is_high(rules, c) for c in hand) <= rules.nil_pass, where
    passed = _grouped_cards(sent.group(1)) if sent and not counted else []
    if passed:
        assert len(passed) <= rules.nil_pass and all(c in hand and is_high(rules, c) for c in passed), \
            f"{where}: passes {[c.name for c in passed]}"
    kept = [c for c in hand if c not in passed]
    if re.search(r"nothing high", reason) and not counted:
        assert not any(is_high(rules, c) for c in kept), f"{where}: holds {[c.name for c in kept]}"
    if re.search(r"no sure tricks", reason):
        assert Card(rules.trumps[-1]) not in hand and not any(
            rules.suit_of(c) != SPADES and c % 13 == 12 for c in hand), f"{where}: holds a sure trick"
    if re.search(r"no aces, no kings", reason):
        assert not any(is_ace_or_king(rules, c) for c in hand), f"{where}: holds an ace or a king"
    if re.search(r"few spades", reason):
        assert count <= few_spades(rules), f"{where}: holds {count} spades"
    for said in re.findall(r"\b(\d+|no|one) spades? (?:held|would)", reason):
        assert NUMBER[said] == count, f"{where}: says {said} spades, holds {count}"
    for name in re.findall(rf"the ({CARD_NAME}) always takes a trick", reason):
        assert _BY_NAME[name] in hand and _BY_NAME[name] == Card(rules.trumps[-1]), f"{where}: {name}"
    if view.phase == "draw":
        _check_draw(view, hint, where, count)


def _check_draw(view: SeatView, hint: Hint, where: str, count: int) -> None:
    """Two-player draw: a card kept for spade length comes with length, and a card let go for "the next card"
    is not one the same player keeps elsewhere (a spade from the nine up, an ace, a king)."""
    rules = view.rules
    card = view.offered
    assert card is not None
    reason = hint.reason
    spade = rules.suit_of(card) == SPADES
    if "spade length" in reason:
        assert spade and count >= 3, f"{where}: {count} spades held"
    if "spades from the nine up" in reason:
        assert spade and card % 13 >= 7, where
    if "likely better" in reason:
        assert hint.action is Choice.DISCARD and not is_ace_or_king(rules, card), where
        if spade:
            assert card % 13 < 7 and count < 3 and re.search(rf"\b{count} spades? held|\bno spades? held", reason), \
                f"{where}: lets a spade go holding {count} without saying so"
        else:
            assert "low card" not in reason or card % 13 < 10, where
