"""Cards and sets of cards: the text forms of RULES.md, spoken names, errors that quote the bad string."""

import pytest

from spades import Card, CardError, CardSet, Suit, parse_card, parse_cards
from spades.cards import ALL_CARDS, CARDS, FULL_DECK

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
WORDS = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"]


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("AS", 14, Suit.SPADES),
        ("10H", 10, Suit.HEARTS),
        ("TH", 10, Suit.HEARTS),
        ("th", 10, Suit.HEARTS),
        ("2C", 2, Suit.CLUBS),
        ("QD", 12, Suit.DIAMONDS),
        ("A♠", 14, Suit.SPADES),
        ("10♥", 10, Suit.HEARTS),
        ("Q♦", 12, Suit.DIAMONDS),
        ("2♣", 2, Suit.CLUBS),
        (" KS ", 13, Suit.SPADES),
        ("ten of hearts", 10, Suit.HEARTS),
        ("Ace of Spades", 14, Suit.SPADES),
        ("two of clubs", 2, Suit.CLUBS),
        ("queen of diamonds", 12, Suit.DIAMONDS),
    ],
)
def test_parse(text: str, rank: int, suit: Suit) -> None:
    card = Card.parse(text)
    assert card.rank == rank
    assert card.suit == suit
    assert parse_card(text) is card


def test_print_every_card() -> None:
    seen = set()
    for suit in Suit:
        for i, rank_text in enumerate(RANKS):
            card = Card.of(i + 2, suit)
            assert str(card) == rank_text + suit.letter
            assert card.name == f"{WORDS[i]} of {suit.plural}"
            assert card.symbol_text == rank_text + suit.symbol
            # every form parses back to the same card
            assert Card.parse(str(card)) is card
            assert Card.parse(card.name) is card
            assert Card.parse(card.symbol_text) is card
            seen.add(int(card))
    assert seen == set(range(52))


def test_named_examples() -> None:
    assert str(Card.parse("TH")) == "10H"
    assert Card.parse("10H").name == "ten of hearts"
    assert Card.parse("AS").name == "ace of spades"
    assert str(Card.parse("A♠")) == "AS"


def test_card_order_is_suit_then_rank() -> None:
    assert Card.parse("2C") == 0
    assert Card.parse("AS") == 51
    assert Card.parse("AC") < Card.parse("2D")
    assert Card.parse("KH") < Card.parse("AH")


@pytest.mark.parametrize(
    "text",
    ["", "X", "1X", "11H", "ZS", "AX", "A", "10", "AS KS", "eleven of hearts", "ten of cups", "ten hearts", "♠"],
)
def test_bad_card_quotes_the_string(text: str) -> None:
    with pytest.raises(CardError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value)


def test_bad_card_types_and_ranks() -> None:
    with pytest.raises(CardError):
        parse_card(5)  # type: ignore[arg-type]
    with pytest.raises(CardError):
        Card(54)  # 52 and 53 are the Little and the Big Joker
    with pytest.raises(CardError):
        Card(-1)
    with pytest.raises(CardError):
        Card.of(15, Suit.SPADES)
    with pytest.raises(CardError):
        Card.of(1, Suit.SPADES)


def test_cardset_queries() -> None:
    hand = CardSet.parse("AS KS 3S 10H 2H QD 4C 5C 6C 7C 8C 9C JC")
    assert len(hand) == 13
    assert Card.parse("AS") in hand
    assert Card.parse("2S") not in hand
    assert "AS" not in hand  # only cards are members
    assert hand.count(Suit.SPADES) == 3
    assert hand.count(Suit.HEARTS) == 2
    assert hand.count(Suit.DIAMONDS) == 1
    assert hand.count(Suit.CLUBS) == 7
    assert [str(c) for c in hand.suit(Suit.SPADES)] == ["3S", "KS", "AS"]
    assert hand.highest(Suit.SPADES) == Card.parse("AS")
    assert hand.lowest(Suit.SPADES) == Card.parse("3S")
    assert hand.highest(Suit.HEARTS) == Card.parse("10H")
    assert hand.lowest(Suit.CLUBS) == Card.parse("4C")
    assert hand.highest() == Card.parse("AS")
    assert hand.lowest() == Card.parse("4C")
    assert hand.has(Suit.DIAMONDS)
    assert not hand.remove(Card.parse("QD")).has(Suit.DIAMONDS)
    assert hand.remove(Card.parse("QD")).highest(Suit.DIAMONDS) is None
    assert hand.remove(Card.parse("QD")).lowest(Suit.DIAMONDS) is None
    assert hand.by_suit() == "S: A K 3; H: 10 2; D: Q; C: J 9 8 7 6 5 4"
    # iteration rises, and rebuilding from the cards gives the same set
    cards = list(hand)
    assert cards == sorted(cards)
    assert CardSet(cards) == hand
    assert sum(hand.count(s) for s in Suit) == len(hand)


def test_cardset_operations() -> None:
    a = CardSet.parse("AS KS QH")
    b = CardSet.parse("KS 2C")
    assert a | b == CardSet.parse("AS KS QH 2C")
    assert a & b == CardSet.parse("KS")
    assert a - b == CardSet.parse("AS QH")
    assert isinstance(a | b, CardSet)
    assert a.add(Card.parse("2C")) == CardSet.parse("AS KS QH 2C")
    assert len(CardSet(FULL_DECK)) == 52
    assert list(CardSet(FULL_DECK)) == list(CARDS[:52])
    assert list(CardSet(ALL_CARDS)) == list(CARDS)  # the 52 and the two jokers
    with pytest.raises(CardError):
        CardSet(1 << 54)
    with pytest.raises(CardError):
        CardSet(-1)


def test_parse_cards_errors() -> None:
    assert parse_cards("AS, 10h,2c") == CardSet.parse("AS 10H") | CardSet.parse("2C")
    with pytest.raises(CardError) as info:
        parse_cards("10H TH")
    assert "'TH'" in str(info.value)
    with pytest.raises(CardError) as info:
        parse_cards("AS KS AS")
    assert "'AS'" in str(info.value)
    with pytest.raises(CardError) as info:
        parse_cards("AS QQ")
    assert "'QQ'" in str(info.value)


def test_pbn() -> None:
    hand = CardSet.parse("AS KS 3S 10H 2H QD 4C 5C 6C 7C 8C 9C JC")
    assert hand.pbn() == "AK3.T2.Q.J98765 4".replace(" ", "")
    assert CardSet.from_pbn(hand.pbn()) == hand
    assert CardSet.from_pbn("AK3.102.Q.J987654") == hand
    assert CardSet.from_pbn("...") == CardSet(0)
    assert CardSet(0).pbn() == "..."


def test_pbn_round_trip_every_suit_pattern() -> None:
    for mask in (FULL_DECK, 0x5555555555555, 0xAAAAAAAAAAAAA, 1, 1 << 51, (1 << 13) - 1):
        cards = CardSet(mask)
        assert CardSet.from_pbn(cards.pbn()) == cards


@pytest.mark.parametrize("text", ["AK3.T2.Q", "AK3.T2.Q.J98.7", "AKX.T2.Q.J", "AA.T2.Q.J"])
def test_bad_pbn_quotes_the_string(text: str) -> None:
    with pytest.raises(CardError) as info:
        CardSet.from_pbn(text)
    assert repr(text) in str(info.value)


def test_suit_parse() -> None:
    assert Suit.parse("s") is Suit.SPADES
    assert Suit.parse("♥") is Suit.HEARTS
    assert Suit.parse("diamonds") is Suit.DIAMONDS
    assert Suit.parse("club") is Suit.CLUBS
    with pytest.raises(CardError) as info:
        Suit.parse("cups")
    assert "'cups'" in str(info.value)
