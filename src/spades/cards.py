"""Cards, suits and sets of cards.

A card is a small integer, ``suit * 13 + (rank - 2)``, so that a set of cards is a 52-bit integer and a suit is
a 13-bit field of it. The two jokers of the packs that use them come after the ace of spades: 52 is the Little
Joker and 53 the Big Joker, so that the spades' field (bits 39 to 53) holds them in their order, above the ace, and
a pack without jokers is the same 52 cards as ever. Search code works on those integers directly; everything a
person sees goes through :class:`Card` and :class:`CardSet`, which are ``int`` subclasses and so cost nothing to
hand back and forth.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum

from .card_words import card_words, held_card, rank_words, suit_word, suit_words, the_card, the_rank
from .errors import CardError, nearest
from .language import _

__all__ = [
    "ALL_CARDS",
    "BIG_JOKER",
    "CARDS",
    "FULL_DECK",
    "LITTLE_JOKER",
    "SUIT_MASKS",
    "Card",
    "CardError",
    "CardSet",
    "Suit",
    "card_bit",
    "card_words",
    "held_card",
    "parse_card",
    "parse_cards",
    "rank_words",
    "suggest_card",
    "suit_word",
    "suit_words",
    "the_card",
    "the_rank",
]


class Suit(IntEnum):
    """Suits in rising order; spades are always trump."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def plural(self) -> str:
        return ("clubs", "diamonds", "hearts", "spades")[self]

    @property
    def singular(self) -> str:
        return ("club", "diamond", "heart", "spade")[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        key = text.strip().lower()
        for suit in cls:
            if key in (suit.letter.lower(), suit.symbol, suit.plural, suit.singular, suit.symbol + "\ufe0f"):
                return suit
        raise CardError(_("{text} is not a suit", text=repr(text)))


RANK_LETTERS = "23456789TJQKA"
RANK_TEXT = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king", "ace")
SUIT_MASK = 0x1FFF
LITTLE_JOKER = 52
BIG_JOKER = 53
JOKERS_MASK = 3 << LITTLE_JOKER
# The spades' field reaches past the ace to the jokers, so that a joker follows and breaks spades as a spade does.
SUIT_MASKS = (SUIT_MASK, SUIT_MASK << 13, SUIT_MASK << 26, SUIT_MASK << 39 | JOKERS_MASK)
FULL_DECK = (1 << 52) - 1  # the 52-card pack
ALL_CARDS = (1 << 54) - 1  # every card a pack of this program can hold: the 52 and the two jokers
JOKER_TEXT = {LITTLE_JOKER: "LJ", BIG_JOKER: "BJ"}
JOKER_NAMES = {LITTLE_JOKER: "Little Joker", BIG_JOKER: "Big Joker"}
JOKER_PBN = {LITTLE_JOKER: "L", BIG_JOKER: "B"}


class Card(int):
    """One card. ``Card.parse("10H")``, ``str(card) == "10H"``, ``card.name == "ten of hearts"``; the jokers are
    ``Card.parse("BJ")``, "the Big Joker", and ``Card.parse("LJ")``."""

    __slots__ = ()

    def __new__(cls, index: int) -> Card:
        if not 0 <= index < 54:
            raise CardError(f"card index {index!r} is not between 0 and 53")
        return CARDS[index]

    @classmethod
    def _make(cls, index: int) -> Card:
        return int.__new__(cls, index)

    @classmethod
    def of(cls, rank: int, suit: Suit | int) -> Card:
        """The card of ``rank`` (2..14, ace high) in ``suit``."""
        if not 2 <= rank <= 14:
            raise CardError(f"rank {rank!r} is not between 2 and 14")
        return CARDS[int(suit) * 13 + rank - 2]

    @classmethod
    def parse(cls, text: str) -> Card:
        return parse_card(text)

    @property
    def suit(self) -> Suit:
        """The printed suit; a joker is a spade. (The deuce of diamonds played as a spade in the JJDD pack is a
        matter of the rules: ``Rules.suit_of``.)"""
        return Suit.SPADES if self >= 52 else Suit(self // 13)

    @property
    def rank(self) -> int:
        """2..14, so that the ace is 14; the Little Joker 15 and the Big Joker 16."""
        return self - 37 if self >= 52 else self % 13 + 2

    @property
    def joker(self) -> bool:
        return self >= 52

    @property
    def bit(self) -> int:
        return 1 << self

    @property
    def name(self) -> str:
        """The English name, as parsing and records read it: "ten of hearts", "Big Joker". What a person hears is
        in the language in force: :func:`card_words`, :func:`the_card`."""
        if self >= 52:
            return JOKER_NAMES[self]
        return f"{RANK_WORDS[self % 13]} of {Suit(self // 13).plural}"

    @property
    def symbol_text(self) -> str:
        if self >= 52:
            return JOKER_TEXT[self]
        return RANK_TEXT[self % 13] + "♣♦♥♠"[self // 13]

    @property
    def rank_text(self) -> str:
        """The rank as a hand sorted by suit prints it: ``10``, ``A``; a joker's two letters."""
        return JOKER_TEXT[self] if self >= 52 else RANK_TEXT[self % 13]

    def __str__(self) -> str:
        if self >= 52:
            return JOKER_TEXT[self]
        return RANK_TEXT[self % 13] + "CDHS"[self // 13]

    def __repr__(self) -> str:
        """``Card.parse('AS')``: pastes back into Python as the same card."""
        return f"Card.parse({str(self)!r})"


CARDS: tuple[Card, ...] = tuple(Card._make(i) for i in range(54))


def card_bit(card: int) -> int:
    return 1 << card


_RANK_ALIASES = {t.lower(): i for i, t in enumerate(RANK_TEXT)}
_RANK_ALIASES.update({c.lower(): i for i, c in enumerate(RANK_LETTERS)})
_RANK_ALIASES.update({w: i for i, w in enumerate(RANK_WORDS)})


_JOKER_WORDS = {
    "bj": BIG_JOKER, "big joker": BIG_JOKER, "the big joker": BIG_JOKER, "big": BIG_JOKER,
    "lj": LITTLE_JOKER, "little joker": LITTLE_JOKER, "the little joker": LITTLE_JOKER, "little": LITTLE_JOKER,
}


_BY_TEXT: dict[str, Card] = {str(card): card for card in CARDS}


def parse_card(text: str) -> Card:
    """Parse ``AS``, ``10H``, ``TH``, ``2♣``, ``Q♦``, ``ten of hearts``, ``BJ`` or ``little joker``; a bad string is
    quoted in the error, with the card a misspelt name was probably meant to be (see :func:`suggest_card`)."""
    if not isinstance(text, str):
        raise CardError(_("{text} is not a card", text=repr(text)))
    known = _BY_TEXT.get(text)
    if known is not None:  # the wire's and the records' form, as str(card) writes it: the common case by far
        return known
    raw = text.strip()
    lowered = raw.lower()
    joker = _JOKER_WORDS.get(" ".join(lowered.split()))
    if joker is not None:
        return CARDS[joker]
    if " of " in lowered:
        rank_word, _of, suit_word = lowered.partition(" of ")
        rank = _RANK_ALIASES.get(rank_word.strip())
        try:
            suit = Suit.parse(suit_word)
        except CardError:
            suit = None
        if rank is None or suit is None:
            raise not_a_card(text)
        return CARDS[suit * 13 + rank]
    if len(raw) < 2:
        raise CardError(_("{text} is not a card", text=repr(text)))
    rank_part, suit_part = raw[:-1], raw[-1]
    if suit_part == "\ufe0f" and len(raw) >= 3:  # emoji presentation selector after a symbol
        rank_part, suit_part = raw[:-2], raw[-2]
    rank = _RANK_ALIASES.get(rank_part.lower()) if rank_part.lower() not in RANK_WORDS else None
    try:
        suit = Suit.parse(suit_part)
    except CardError:
        suit = None
    if rank is None or suit is None:
        raise not_a_card(text)
    return CARDS[suit * 13 + rank]


_SUIT_WORDS = {word: suit for suit in Suit for word in (suit.plural, suit.singular)}


def suggest_card(text: str) -> Card | None:
    """The card a misspelt spoken name was probably meant to be: ``queen of hartz``, ``qeen of hearts``, ``queen
    hearts``; None when the words are too far from a rank and a suit, or when the text is a short code (``1H``
    could be the ten or the ace), which a guess would as likely get wrong."""
    words = text.strip().lower().split()
    if len(words) == 3 and words[1] == "of":
        words = [words[0], words[2]]
    if len(words) != 2:
        return None
    rank_word, suit_word = words
    rank = _RANK_ALIASES.get(rank_word)
    if rank is None:
        close = nearest(rank_word, RANK_WORDS)
        rank = RANK_WORDS.index(close) if close else None
    suit = _SUIT_WORDS.get(suit_word)
    if suit is None:
        found = nearest(suit_word, _SUIT_WORDS)
        suit = _SUIT_WORDS[found] if found else None
    if rank is None or suit is None:
        return None
    return CARDS[suit * 13 + rank]


def not_a_card(text: str) -> CardError:
    """The refusal of a text that is not a card, quoting it, with a suggestion when there is one."""
    guess = suggest_card(text)
    if guess is None:
        return CardError(_("{text} is not a card", text=repr(text)))
    return CardError(_("{text} is not a card; did you mean {card}?", text=repr(text), card=the_card(guess)), guess)


def parse_cards(text: str) -> CardSet:
    """Parse cards separated by spaces or commas; a repeated card is an error."""
    mask = 0
    for token in text.replace(",", " ").split():
        card = parse_card(token)
        if mask >> card & 1:
            raise CardError(_("{card} is given twice in {text}", card=repr(token), text=repr(text)))
        mask |= 1 << card
    return CardSet(mask)


class CardSet(int):
    """A set of cards as a 52-bit integer: ``len``, iteration in rising order, ``in``, and per-suit queries."""

    __slots__ = ()

    def __new__(cls, cards: int | Iterable[int] = 0) -> CardSet:
        if isinstance(cards, int):
            if not 0 <= cards <= ALL_CARDS:
                raise CardError(f"{cards!r} is not a set of cards")
            return int.__new__(cls, cards)
        mask = 0
        for card in cards:
            mask |= 1 << int(card)
        return int.__new__(cls, mask)

    @classmethod
    def parse(cls, text: str) -> CardSet:
        return parse_cards(text)

    def __len__(self) -> int:
        return int.bit_count(self)

    def __iter__(self) -> Iterator[Card]:
        mask = int(self)
        while mask:
            low = mask & -mask
            yield CARDS[low.bit_length() - 1]
            mask ^= low

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < 54 and bool(int(self) >> card & 1)

    def suit(self, suit: Suit | int) -> CardSet:
        return CardSet(int(self) & SUIT_MASKS[suit])

    def count(self, suit: Suit | int) -> int:
        return int.bit_count(int(self) & SUIT_MASKS[suit])

    def has(self, suit: Suit | int) -> bool:
        return bool(int(self) & SUIT_MASKS[suit])

    def highest(self, suit: Suit | int | None = None) -> Card | None:
        mask = int(self) if suit is None else int(self) & SUIT_MASKS[suit]
        return CARDS[mask.bit_length() - 1] if mask else None

    def lowest(self, suit: Suit | int | None = None) -> Card | None:
        mask = int(self) if suit is None else int(self) & SUIT_MASKS[suit]
        return CARDS[(mask & -mask).bit_length() - 1] if mask else None

    def add(self, card: int) -> CardSet:
        return CardSet(int(self) | 1 << card)

    def remove(self, card: int) -> CardSet:
        return CardSet(int(self) & ~(1 << card))

    def __or__(self, other: int) -> CardSet:
        return CardSet(int(self) | int(other))

    def __and__(self, other: int) -> CardSet:
        return CardSet(int(self) & int(other))

    def __sub__(self, other: int) -> CardSet:
        return CardSet(int(self) & ~int(other))

    def __str__(self) -> str:
        return " ".join(str(c) for c in self)

    def __repr__(self) -> str:
        """``CardSet.parse('KH AS')``: pastes back into Python as the same set."""
        return f"CardSet.parse({str(self)!r})"

    def by_suit(self) -> str:
        """Spades first, then hearts, diamonds, clubs, high to low, as players sort a hand: ``S: BJ A K 3; H: ...``
        (jokers with the spades)."""
        parts = []
        for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
            ranks = [c.rank_text for c in reversed(list(self.suit(suit)))]
            parts.append(f"{suit.letter}: {' '.join(ranks) if ranks else '-'}")
        return "; ".join(parts)

    def pbn(self) -> str:
        """Portable Bridge Notation for one hand: spades.hearts.diamonds.clubs, high to low, ``T`` for ten. PBN has
        no jokers; here they lead the spades as ``B`` (Big) and ``L`` (Little), letters no rank uses, so a hand
        without jokers is written as it always was."""
        parts = []
        for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
            parts.append("".join(JOKER_PBN[c] if c >= 52 else RANK_LETTERS[c % 13]
                                 for c in reversed(list(self.suit(suit)))))
        return ".".join(parts)

    @classmethod
    def from_pbn(cls, text: str) -> CardSet:
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise CardError(_("{text} is not a hand in PBN form (four suits separated by dots)", text=repr(text)))
        mask = 0
        for suit, ranks in zip((Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS), parts, strict=True):
            for letter in ranks.upper().replace("10", "T"):
                if suit is Suit.SPADES and letter in "BL":
                    joker = BIG_JOKER if letter == "B" else LITTLE_JOKER
                    if mask >> joker & 1:
                        raise CardError(_("{card} is given twice in {text}", card=JOKER_TEXT[joker], text=repr(text)))
                    mask |= 1 << joker
                    continue
                index = RANK_LETTERS.find(letter)
                if index < 0:
                    raise CardError(_("{letter} in {text} is not a rank", letter=repr(letter), text=repr(text)))
                bit = 1 << (suit * 13 + index)
                if mask & bit:
                    raise CardError(_("{card} is given twice in {text}", card=RANK_TEXT[index] + suit.letter,
                                      text=repr(text)))
                mask |= bit
        return cls(mask)


def suit_cards_table() -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """For each suit and each 13-bit pattern, the cards it holds, rising: legal moves without a loop over bits."""
    table = []
    for suit in range(4):
        rows = []
        for pattern in range(1 << 13):
            rows.append(tuple(CARDS[suit * 13 + r] for r in range(13) if pattern >> r & 1))
        table.append(tuple(rows))
    return tuple(table)


SUIT_CARDS = suit_cards_table()


JOKER_CARDS: tuple[tuple[Card, ...], ...] = ((), (CARDS[LITTLE_JOKER],), (CARDS[BIG_JOKER],),
                                              (CARDS[LITTLE_JOKER], CARDS[BIG_JOKER]))


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, rising, from four table look-ups (and a fifth when it holds a joker)."""
    if mask >> 52:
        return (SUIT_CARDS[0][mask & SUIT_MASK] + SUIT_CARDS[1][mask >> 13 & SUIT_MASK]
                + SUIT_CARDS[2][mask >> 26 & SUIT_MASK] + SUIT_CARDS[3][mask >> 39 & SUIT_MASK]
                + JOKER_CARDS[mask >> 52])
    return (SUIT_CARDS[0][mask & SUIT_MASK] + SUIT_CARDS[1][mask >> 13 & SUIT_MASK]
            + SUIT_CARDS[2][mask >> 26 & SUIT_MASK] + SUIT_CARDS[3][mask >> 39 & SUIT_MASK])
