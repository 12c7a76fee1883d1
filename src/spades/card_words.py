"""What a person hears each card, suit and rank called, in the language in force.

Spanish and French give each card its own article and gender ("el as de picas", "la reina de corazones"; "l'as de
pique", "la dame de cœur"), so a card's name is never built from a rank and a suit here: each card has its own
message in the catalogue, said alone ("ace of spades"), with its article ("the ace of spades") and as a seat's card
("North's ace of spades"), and a sentence takes the form it needs whole. ``Card.name`` stays the English text that
parsing and records read; everything a person hears takes these.

The names are looked up once a language and kept: a table says a card many times a second to a room of players."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from .language import current, p_, speaking

__all__ = ["card_words", "held_card", "rank_words", "suit_word", "suit_words", "the_card", "the_rank"]


class _Names(NamedTuple):
    bare: tuple[str, ...]
    the: tuple[str, ...]
    held: tuple[str, ...]
    ranks: tuple[str, ...]
    the_ranks: tuple[str, ...]
    suits: tuple[str, ...]
    suit: tuple[str, ...]


def card_words(card: int) -> str:
    """The card's name alone: "ace of spades", "Big Joker" ("as de picas", "as de pique")."""
    return _names(current()).bare[card]


def the_card(card: int) -> str:
    """The card's name with its article: "the ace of spades", "the Big Joker" ("el as de picas", "l'as de pique",
    "la dame de cœur")."""
    return _names(current()).the[card]


def held_card(card: int, seat: str) -> str:
    """The card as a seat's (``seat`` already said): "North's ace of spades" ("el as de picas de Norte")."""
    return _names(current()).held[card].replace("{seat}", seat)


def rank_words(card: int) -> str:
    """The rank of a card of the 52 as said within its suit: "ace", "ten"."""
    return _names(current()).ranks[card % 13]


def the_rank(card: int) -> str:
    """The rank of a card of the 52 with its article: "the ace" ("el as", "la reina", "la dame")."""
    return _names(current()).the_ranks[card % 13]


def suit_words(suit: int) -> str:
    """A suit's name, as the suit: "spades" ("picas", "pique")."""
    return _names(current()).suits[suit]


def suit_word(suit: int) -> str:
    """One card of a suit: "spade", as "1 spade" says it ("pica", "pique")."""
    return _names(current()).suit[suit]


@cache
def _names(language: str) -> _Names:
    with speaking(language):
        return _Names(_bare(), _the(), _held(), _ranks(), _the_ranks(), _suits(), _suit())


def _bare() -> tuple[str, ...]:
    return (
        # Translators: a card's name alone, as in a list of cards ("ace of spades"); the suit as the language names it
        # in a card's name (French: "as de pique").
        p_("card", "two of clubs"),
        p_("card", "three of clubs"),
        p_("card", "four of clubs"),
        p_("card", "five of clubs"),
        p_("card", "six of clubs"),
        p_("card", "seven of clubs"),
        p_("card", "eight of clubs"),
        p_("card", "nine of clubs"),
        p_("card", "ten of clubs"),
        p_("card", "jack of clubs"),
        p_("card", "queen of clubs"),
        p_("card", "king of clubs"),
        p_("card", "ace of clubs"),
        p_("card", "two of diamonds"),
        p_("card", "three of diamonds"),
        p_("card", "four of diamonds"),
        p_("card", "five of diamonds"),
        p_("card", "six of diamonds"),
        p_("card", "seven of diamonds"),
        p_("card", "eight of diamonds"),
        p_("card", "nine of diamonds"),
        p_("card", "ten of diamonds"),
        p_("card", "jack of diamonds"),
        p_("card", "queen of diamonds"),
        p_("card", "king of diamonds"),
        p_("card", "ace of diamonds"),
        p_("card", "two of hearts"),
        p_("card", "three of hearts"),
        p_("card", "four of hearts"),
        p_("card", "five of hearts"),
        p_("card", "six of hearts"),
        p_("card", "seven of hearts"),
        p_("card", "eight of hearts"),
        p_("card", "nine of hearts"),
        p_("card", "ten of hearts"),
        p_("card", "jack of hearts"),
        p_("card", "queen of hearts"),
        p_("card", "king of hearts"),
        p_("card", "ace of hearts"),
        p_("card", "two of spades"),
        p_("card", "three of spades"),
        p_("card", "four of spades"),
        p_("card", "five of spades"),
        p_("card", "six of spades"),
        p_("card", "seven of spades"),
        p_("card", "eight of spades"),
        p_("card", "nine of spades"),
        p_("card", "ten of spades"),
        p_("card", "jack of spades"),
        p_("card", "queen of spades"),
        p_("card", "king of spades"),
        p_("card", "ace of spades"),
        p_("card", "Little Joker"),
        p_("card", "Big Joker"),
    )


def _the() -> tuple[str, ...]:
    return (
        # Translators: a card's name with its article, as a sentence says it ("you play the ace of spades").
        p_("card with its article", "the two of clubs"),
        p_("card with its article", "the three of clubs"),
        p_("card with its article", "the four of clubs"),
        p_("card with its article", "the five of clubs"),
        p_("card with its article", "the six of clubs"),
        p_("card with its article", "the seven of clubs"),
        p_("card with its article", "the eight of clubs"),
        p_("card with its article", "the nine of clubs"),
        p_("card with its article", "the ten of clubs"),
        p_("card with its article", "the jack of clubs"),
        p_("card with its article", "the queen of clubs"),
        p_("card with its article", "the king of clubs"),
        p_("card with its article", "the ace of clubs"),
        p_("card with its article", "the two of diamonds"),
        p_("card with its article", "the three of diamonds"),
        p_("card with its article", "the four of diamonds"),
        p_("card with its article", "the five of diamonds"),
        p_("card with its article", "the six of diamonds"),
        p_("card with its article", "the seven of diamonds"),
        p_("card with its article", "the eight of diamonds"),
        p_("card with its article", "the nine of diamonds"),
        p_("card with its article", "the ten of diamonds"),
        p_("card with its article", "the jack of diamonds"),
        p_("card with its article", "the queen of diamonds"),
        p_("card with its article", "the king of diamonds"),
        p_("card with its article", "the ace of diamonds"),
        p_("card with its article", "the two of hearts"),
        p_("card with its article", "the three of hearts"),
        p_("card with its article", "the four of hearts"),
        p_("card with its article", "the five of hearts"),
        p_("card with its article", "the six of hearts"),
        p_("card with its article", "the seven of hearts"),
        p_("card with its article", "the eight of hearts"),
        p_("card with its article", "the nine of hearts"),
        p_("card with its article", "the ten of hearts"),
        p_("card with its article", "the jack of hearts"),
        p_("card with its article", "the queen of hearts"),
        p_("card with its article", "the king of hearts"),
        p_("card with its article", "the ace of hearts"),
        p_("card with its article", "the two of spades"),
        p_("card with its article", "the three of spades"),
        p_("card with its article", "the four of spades"),
        p_("card with its article", "the five of spades"),
        p_("card with its article", "the six of spades"),
        p_("card with its article", "the seven of spades"),
        p_("card with its article", "the eight of spades"),
        p_("card with its article", "the nine of spades"),
        p_("card with its article", "the ten of spades"),
        p_("card with its article", "the jack of spades"),
        p_("card with its article", "the queen of spades"),
        p_("card with its article", "the king of spades"),
        p_("card with its article", "the ace of spades"),
        p_("card with its article", "the Little Joker"),
        p_("card with its article", "the Big Joker"),
    )


def _held() -> tuple[str, ...]:
    return (
        # Translators: a card as one seat's ("North's ace of spades" is winning); {seat} is a seat's name ("North") or
        # the word for a partner.
        p_("card a seat holds", "{seat}'s two of clubs"),
        p_("card a seat holds", "{seat}'s three of clubs"),
        p_("card a seat holds", "{seat}'s four of clubs"),
        p_("card a seat holds", "{seat}'s five of clubs"),
        p_("card a seat holds", "{seat}'s six of clubs"),
        p_("card a seat holds", "{seat}'s seven of clubs"),
        p_("card a seat holds", "{seat}'s eight of clubs"),
        p_("card a seat holds", "{seat}'s nine of clubs"),
        p_("card a seat holds", "{seat}'s ten of clubs"),
        p_("card a seat holds", "{seat}'s jack of clubs"),
        p_("card a seat holds", "{seat}'s queen of clubs"),
        p_("card a seat holds", "{seat}'s king of clubs"),
        p_("card a seat holds", "{seat}'s ace of clubs"),
        p_("card a seat holds", "{seat}'s two of diamonds"),
        p_("card a seat holds", "{seat}'s three of diamonds"),
        p_("card a seat holds", "{seat}'s four of diamonds"),
        p_("card a seat holds", "{seat}'s five of diamonds"),
        p_("card a seat holds", "{seat}'s six of diamonds"),
        p_("card a seat holds", "{seat}'s seven of diamonds"),
        p_("card a seat holds", "{seat}'s eight of diamonds"),
        p_("card a seat holds", "{seat}'s nine of diamonds"),
        p_("card a seat holds", "{seat}'s ten of diamonds"),
        p_("card a seat holds", "{seat}'s jack of diamonds"),
        p_("card a seat holds", "{seat}'s queen of diamonds"),
        p_("card a seat holds", "{seat}'s king of diamonds"),
        p_("card a seat holds", "{seat}'s ace of diamonds"),
        p_("card a seat holds", "{seat}'s two of hearts"),
        p_("card a seat holds", "{seat}'s three of hearts"),
        p_("card a seat holds", "{seat}'s four of hearts"),
        p_("card a seat holds", "{seat}'s five of hearts"),
        p_("card a seat holds", "{seat}'s six of hearts"),
        p_("card a seat holds", "{seat}'s seven of hearts"),
        p_("card a seat holds", "{seat}'s eight of hearts"),
        p_("card a seat holds", "{seat}'s nine of hearts"),
        p_("card a seat holds", "{seat}'s ten of hearts"),
        p_("card a seat holds", "{seat}'s jack of hearts"),
        p_("card a seat holds", "{seat}'s queen of hearts"),
        p_("card a seat holds", "{seat}'s king of hearts"),
        p_("card a seat holds", "{seat}'s ace of hearts"),
        p_("card a seat holds", "{seat}'s two of spades"),
        p_("card a seat holds", "{seat}'s three of spades"),
        p_("card a seat holds", "{seat}'s four of spades"),
        p_("card a seat holds", "{seat}'s five of spades"),
        p_("card a seat holds", "{seat}'s six of spades"),
        p_("card a seat holds", "{seat}'s seven of spades"),
        p_("card a seat holds", "{seat}'s eight of spades"),
        p_("card a seat holds", "{seat}'s nine of spades"),
        p_("card a seat holds", "{seat}'s ten of spades"),
        p_("card a seat holds", "{seat}'s jack of spades"),
        p_("card a seat holds", "{seat}'s queen of spades"),
        p_("card a seat holds", "{seat}'s king of spades"),
        p_("card a seat holds", "{seat}'s ace of spades"),
        p_("card a seat holds", "{seat}'s Little Joker"),
        p_("card a seat holds", "{seat}'s Big Joker"),
    )


def _ranks() -> tuple[str, ...]:
    return (
        # Translators: a card's rank alone, as a hand's cards are read suit by suit ("spades 3: ace, ten, two").
        p_("rank", "two"),
        p_("rank", "three"),
        p_("rank", "four"),
        p_("rank", "five"),
        p_("rank", "six"),
        p_("rank", "seven"),
        p_("rank", "eight"),
        p_("rank", "nine"),
        p_("rank", "ten"),
        p_("rank", "jack"),
        p_("rank", "queen"),
        p_("rank", "king"),
        p_("rank", "ace"),
    )


def _the_ranks() -> tuple[str, ...]:
    return (
        # Translators: a card's rank with its article ("4 spades to the ace").
        p_("rank with its article", "the two"),
        p_("rank with its article", "the three"),
        p_("rank with its article", "the four"),
        p_("rank with its article", "the five"),
        p_("rank with its article", "the six"),
        p_("rank with its article", "the seven"),
        p_("rank with its article", "the eight"),
        p_("rank with its article", "the nine"),
        p_("rank with its article", "the ten"),
        p_("rank with its article", "the jack"),
        p_("rank with its article", "the queen"),
        p_("rank with its article", "the king"),
        p_("rank with its article", "the ace"),
    )


def _suits() -> tuple[str, ...]:
    return (
        # Translators: a suit's name ("you must follow hearts", "spades 3: ...").
        p_("suit", "clubs"), p_("suit", "diamonds"), p_("suit", "hearts"), p_("suit", "spades"))


def _suit() -> tuple[str, ...]:
    return (
        # Translators: one card of a suit, after the number 1 ("1 spade, the ace").
        p_("one card of a suit", "club"), p_("one card of a suit", "diamond"), p_("one card of a suit", "heart"),
        p_("one card of a suit", "spade"))
