"""What the language tests check each heard line against: the catalogue of the language the player chose.

A line heard in Spanish or French passes when it holds a sentence of that language's catalogue (its placeholders
standing for anything) and neither a sentence of the English source whose translation differs nor a common English
word: an English sentence left untranslated, or built by gluing, shows as one or the other. Only English sentences
of three words or more of their own (placeholders aside) are looked for, and the language's own of one or more, so
that a player's name or a card's code never counts; a file's path or an address is left out of the line."""

from __future__ import annotations

import re
from functools import cache

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from spades.language import LOCALE_DIR

__all__ = ["english_in", "foreign_lines", "read_catalogue", "sentences_of"]

_FIELD = re.compile(r"\{\w*\}|%\(\w+\)[sd]")
# English words no Spanish or French sentence uses as a word of its own ("Spades", the game's name and the
# command's, is said in every language).
ENGLISH_WORDS = re.compile(r"\b(the|your|you|is|are|to|of|and|with|which|this|have|plays|bids|wins|trick|"
                           r"tricks|hand|turn|card|cards|partner|contracts|times|points|score|deals|north|south|"
                           r"west|hearts|clubs|diamonds|game|bid|play)\b", re.IGNORECASE)
# ... save those the language has too: French says "points" and "score"
OWN_WORDS = {"fr": {"points", "score"}}
PATH = re.compile(r"[^\s;,]*/[^\s;,]*")  # a file's path or an address, said as it is


@cache
def read_catalogue(language: str, domain: str = "spades") -> Catalog:
    with (LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po").open("rb") as file:
        return read_po(file, locale=language)


def _pattern(text: str, words: int = 3) -> re.Pattern[str] | None:
    literal = _FIELD.sub(" ", text)
    if len(re.findall(r"[^\W\d_]{2,}", literal)) < words:
        return None
    parts = _FIELD.split(text)
    body = r".+?".join(re.escape(part.strip()) if part.strip() else "" for part in parts)
    # whole words only: "No" is not in "Norte"
    return re.compile(r"(?<!\w)" + body.replace(r"\ ", r"\s+") + r"(?!\w)")


def _forms(value: object) -> tuple[str, ...]:
    if isinstance(value, (tuple, list)):
        return tuple(str(v) for v in value if v)
    return (str(value),) if value else ()


@cache
def sentences_of(language: str, domain: str = "spades") -> tuple[tuple[re.Pattern[str], ...],
                                                                  tuple[re.Pattern[str], ...]]:
    """The patterns of the language's sentences, and of the English sentences whose translation differs."""
    own: list[re.Pattern[str]] = []
    english: list[re.Pattern[str]] = []
    for message in read_catalogue(language, domain):
        if not message.id:
            continue
        ids, strings = _forms(message.id), _forms(message.string)
        for text in strings:
            pattern = _pattern(text, words=1)
            if pattern is not None:
                own.append(pattern)
        if set(ids) != set(strings):
            for text in ids:
                pattern = _pattern(text)
                if pattern is not None and text not in strings:
                    english.append(pattern)
    return tuple(own), tuple(english)


def english_in(line: str, language: str, domains: tuple[str, ...] = ("spades",)) -> str | None:
    """What in ``line`` is English: the first English sentence found, or an English word; None when none."""
    for domain in domains:
        for pattern in sentences_of(language, domain)[1]:
            if pattern.search(line):
                return pattern.pattern
    for word in ENGLISH_WORDS.finditer(line):
        if word.group(0).lower() not in OWN_WORDS.get(language, ()):
            return word.group(0)
    return None


def foreign_lines(lines: list[str], language: str, domains: tuple[str, ...] = ("spades",)) -> list[str]:
    """The lines that fail: English in them, or none of the language's sentences (a line of only names, cards and
    numbers passes)."""
    failed = []
    for line in lines:
        text = PATH.sub("PATH", line).strip()
        if not text:
            continue
        english = english_in(text, language, domains)
        if english is not None:
            failed.append(f"{text!r}: English ({english})")
            continue
        if len(re.findall(r"[^\W\d_]{3,}", text)) >= 3 and not any(
                pattern.search(text) for domain in domains for pattern in sentences_of(language, domain)[0]):
            failed.append(f"{text!r}: no sentence of the {language} catalogue")
    return failed


@cache
def _english_sentences(domain: str = "spades") -> tuple[re.Pattern[str], ...]:
    found = []
    for message in read_catalogue("es", domain):
        for text in _forms(message.id):
            pattern = _pattern(text, words=1)
            if pattern is not None:
                found.append(pattern)
    return tuple(found)


def not_english(lines: list[str], domains: tuple[str, ...] = ("spades",)) -> list[str]:
    """The lines that hold words (two or more) but no sentence of the English source."""
    return [line for line in lines if len(re.findall(r"[^\W\d_]{3,}", PATH.sub("PATH", line))) >= 2
            and not any(pattern.search(line) for domain in domains for pattern in _english_sentences(domain))]
