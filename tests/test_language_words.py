"""The words layer's language mechanics, without a catalogue: every card's name is marked whole for the catalogue
(alone, with its article, as a seat's), the names said in English are the engine's English names, and what is said
is made in the language in force when it is said, remembered apart for each language.

A stand-in catalogue that says every message in capitals (its placeholders left as they are) shows which text went
through the catalogue and when, so these tests need no compiled ``.mo``."""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator

import pytest

from spades import language
from spades.actions import BIDS, Choice, parse_action
from spades.card_words import _names
from spades.cards import CARDS, Card, Suit, card_words, held_card, rank_words, suit_word, suit_words, the_card
from spades.events import BidMade, CardPlayed
from spades.game import Game
from spades.rules import Rules
from spades.seats import SEAT_NAMES, seat_name, seat_words, side_name, side_words
from spades.words import announce, keymap

_FIELD = re.compile(r"\{[^{}]*\}")


def _shout(message: str) -> str:
    """``message`` in capitals, its placeholders as they are."""
    parts = _FIELD.split(message)
    fields = _FIELD.findall(message)
    return "".join(part.upper() + (fields[i] if i < len(fields) else "") for i, part in enumerate(parts))


class Shouting(gettext.NullTranslations):
    """A catalogue that says every message in capitals."""

    def gettext(self, message: str) -> str:
        return _shout(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return _shout(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return _shout(message)


def _forget() -> None:
    _names.cache_clear()
    announce._remembered_lines.cache_clear()


@pytest.fixture
def shouting(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """French is the shouting catalogue for the test; what was remembered in it is forgotten before and after."""
    real = language.translations

    def translations(code: str, domain: str = "spades") -> gettext.NullTranslations:
        return Shouting() if code == "fr" else real(code, domain)

    _forget()
    monkeypatch.setattr(language, "translations", translations)
    yield
    _forget()


@pytest.fixture(scope="module")
def template() -> object:
    from spades.locale.tools import extract

    return extract("spades")


def test_every_card_is_marked_alone_with_its_article_and_as_a_seats(template: object) -> None:
    from babel.messages.catalog import Catalog

    assert isinstance(template, Catalog)
    for card in CARDS:
        name = card.name
        assert template.get(name, context="card") is not None, name
        assert template.get(f"the {name}", context="card with its article") is not None, name
        assert template.get(f"{{seat}}'s {name}", context="card a seat holds") is not None, name
    for suit in Suit:
        assert template.get(suit.plural, context="suit") is not None
        assert template.get(suit.singular, context="one card of a suit") is not None
    for word in ("two", "ten", "queen", "ace"):
        assert template.get(word, context="rank") is not None
        assert template.get(f"the {word}", context="rank with its article") is not None
    for names in SEAT_NAMES.values():
        for name in names:
            assert template.get(name) is not None, name


def test_the_names_said_in_english_are_the_engines_english_names() -> None:
    for card in CARDS:
        assert card_words(card) == card.name
        assert the_card(card) == f"the {card.name}"
        assert held_card(card, "North") == f"North's {card.name}"
        if not card.joker:
            assert f"{rank_words(card)} of {suit_words(card.suit)}" == card.name
    assert [suit_words(suit) for suit in Suit] == [suit.plural for suit in Suit]
    assert [suit_word(suit) for suit in Suit] == [suit.singular for suit in Suit]
    for players, names in SEAT_NAMES.items():
        assert [seat_words(seat, players) for seat in range(players)] == list(names)
        assert [seat_name(seat, players) for seat in range(players)] == list(names)
    for rules in (Rules(), Rules.preset("solo"), Rules.preset("six_partners", teams="threes")):
        assert [side_words(rules, side) for side in range(rules.sides)] == \
            [side_name(rules, side) for side in range(rules.sides)]


def test_a_name_is_said_in_the_language_in_force_and_english_stays_the_data(shouting: None) -> None:
    card = Card.parse("QH")
    with language.speaking("fr"):
        assert (card_words(card), the_card(card)) == ("QUEEN OF HEARTS", "THE QUEEN OF HEARTS")
        assert held_card(card, seat_words(0)) == "NORTH'S QUEEN OF HEARTS"
        assert side_words(Rules(), 1) == "EAST-WEST"
        assert BIDS[0].spoken == "NIL"
        assert (card.name, seat_name(0), str(BIDS[0])) == ("queen of hearts", "North", "nil")  # data stays
    assert the_card(card) == "the queen of hearts"


def test_the_remembered_event_lines_are_kept_apart_for_each_language(shouting: None) -> None:
    rules = Rules()
    played, bid = CardPlayed(0, Card.parse("AS")), BidMade(1, BIDS[4])
    english = announce.event_line(rules, played) + announce.event_line(rules, bid)
    assert english == ["North plays the ace of spades.", "East bids 4."]
    with language.speaking("fr"):
        assert announce.event_line(rules, played) + announce.event_line(rules, bid) == \
            ["NORTH PLAYS THE ACE OF SPADES.", "EAST BIDS 4."]
    assert announce.event_line(rules, played) + announce.event_line(rules, bid) == english


def test_the_engines_refusals_are_made_in_the_language_in_force(shouting: None) -> None:
    game = Game(Rules(), seed=1)
    with language.speaking("fr"):
        assert game.why_illegal(Card.parse("AS")) == "IT IS TIME TO BID"
        with pytest.raises(ValueError, match="IS NOT A CARD; DID YOU MEAN THE QUEEN OF HEARTS"):
            Card.parse("queen of hartz")
        with pytest.raises(ValueError, match="OPTION target: MUST BE ABOVE ZERO"):  # the option is data
            Rules.preset("standard", target=0)
    assert game.why_illegal(Card.parse("AS")) == "it is time to bid"
    with pytest.raises(ValueError, match="did you mean the queen of hearts"):
        parse_action("queen of hartz")


def test_a_hint_names_its_card_once_in_the_language_in_force(shouting: None) -> None:
    card = Card.parse("KS")
    reason = f"cash {the_card(card)}, the best card left"
    assert announce.hint_line(card, reason) == \
        "Hint: play the king of spades (now selected). Cash this card, the best card left."
    with language.speaking("fr"):
        said = announce.hint_line(card, f"cash {the_card(card)}, the best card left")
        assert said == "HINT: PLAY THE KING OF SPADES (NOW SELECTED). Cash THIS CARD, the best card left."
        assert announce.hint_line(Choice.LOOK, "") == "HINT: LOOK AT YOUR CARDS."


def test_the_keymap_is_said_where_it_is_read(shouting: None) -> None:
    english = keymap.keymap_json()
    with language.speaking("fr"):
        said = keymap.keymap_json()
        rows = keymap.web_rows()
        lines = keymap.help_lines()
    assert [entry["key"] for entry in said] == [entry["key"] for entry in english]  # the same keys
    first = said[0]
    assert first["help"] == english[0]["help"].upper() and first["group"] == "BIDDING"
    assert rows[0][0] == "BIDDING" and rows[0][1][0].name == english[0]["name"].upper()
    assert lines[0].startswith("KEYS: ")
    phrases = next(entry for entry in said if entry["does"] == "phrases")
    assert phrases["choices"][0] == "GOOD GAME" and "1 GOOD GAME" in phrases["help"]
    assert keymap.keymap_json() == english  # and English again once French is no longer in force


def test_an_estimate_is_written_as_the_language_writes_a_decimal() -> None:
    from spades.bots.hand_words import tenths

    assert tenths(4.25) == "4.2" and tenths(3.0) == "3.0"
    with language.speaking("fr"):
        assert tenths(3.0) == "3,0"
