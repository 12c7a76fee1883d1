"""The catalogues are whole: every message the source marks is in its template, every template's message is
translated in Spanish and French (none fuzzy, none obsolete, none unused), each translation keeps the English's
placeholders and adds none, and the compiled catalogues are made from the ``.po`` files as they stand."""

from __future__ import annotations

import gettext

import pytest

from spades import language
from spades.locale import tools


def test_the_catalogues_are_whole() -> None:
    problems = tools.check()
    assert not problems, f"{len(problems)} problems, the first: " + "\n".join(problems[:40])


@pytest.mark.parametrize(("text", "fields"), [
    ("{seat} bids {bid}.", {"seat", "bid"}), ("{n} tricks", {"n"}), ("{{literal}} {x:>3}", {"x"}),
    ("%(name)s joined", {"name"}), ("no fields", set())])
def test_placeholders_are_read_as_the_check_reads_them(text: str, fields: set[str]) -> None:
    assert tools.placeholders(text) == fields


def test_a_translation_missing_a_placeholder_or_adding_one_is_a_problem() -> None:
    from babel.messages.catalog import Message

    lacking = list(tools._problems_of(Message("{seat} bids {bid}.", "{seat} apuesta."), "es", "spades"))
    adding = list(tools._problems_of(Message("{seat} bids.", "{seat} apuesta {bid}."), "es", "spades"))
    fuzzy = list(tools._problems_of(Message("Bid.", "Apuesta.", flags=["fuzzy"]), "es", "spades"))
    empty = list(tools._problems_of(Message("Bid.", ""), "es", "spades"))
    # a plural form may leave the count out ("un pli"), but nothing else
    plural = list(tools._problems_of(Message(("{n} trick", "{n} tricks"), ("un pli", "{n} plis")), "fr", "spades"))
    assert "lacks ['bid']" in lacking[0] and "has ['bid']" in adding[0]
    assert "fuzzy" in fuzzy[0] and "not translated" in empty[0] and plural == []


@pytest.mark.parametrize("code", ["es", "fr"])
def test_each_language_has_its_compiled_catalogue_and_its_plural_rule(code: str) -> None:
    catalogue = language.translations(code)
    assert isinstance(catalogue, gettext.GNUTranslations)
    # CLDR's rule, as Babel writes it into the catalogue (one, many, other): French counts 0 as one ("0 pli"),
    # Spanish as other; a round million is "many" in both ("1 000 000 de plis")
    plural = catalogue.plural  # type: ignore[attr-defined]
    assert (plural(1), plural(2), plural(1_000_000)) == (0, 2, 1)
    assert plural(0) == (0 if code == "fr" else 2)
