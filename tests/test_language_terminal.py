"""The language of the terminal table and the commands: ``--lang`` (before the command, or after one that talks to
a player) is taken and kept for later runs, and wins over the kept one and the system's locale; without it the kept
one, then the locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), then English. A settings file written before the
language existed loads as ever; a language the program does not speak is refused in one line.

The choice is read through ``spades.language.current()`` after the command has started, not through French words:
the catalogues are made apart from the source, so the tests stand on the choice alone, with every sentence looked
up in an empty catalogue."""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from spades import language
from spades.cli import main, starting_language
from spades.language import current, use
from spades.table.config import choose_settings, config_path, load_settings

LOCALE = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture(autouse=True)
def own_settings_and_locale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Settings of the test's own, no locale but what a test sets, every sentence looked up in an empty catalogue;
    English in force again after (the language is the whole process's once a command has started)."""
    monkeypatch.setenv("SPADES_CONFIG_DIR", str(tmp_path / "config"))
    for variable in LOCALE:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr(language, "translations", lambda *args, **kwargs: gettext.NullTranslations())
    yield
    use("en")


def test_lang_is_taken_kept_and_wins_over_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert main(["--lang", "fr", "rules"]) == 0
    assert current() == "fr"
    assert load_settings()[0].language == "fr"
    use("en")
    assert main(["rules"]) == 0  # the kept choice, over the locale's Spanish
    assert current() == "fr"
    assert main(["rules", "--lang", "ES"]) == 0  # after the command, in any case: kept in its place
    assert current() == "es" and load_settings()[0].language == "es"
    assert main(["--lang=en", "rules"]) == 0
    assert current() == "en" and load_settings()[0].language == "en"


def test_the_locale_chooses_when_nothing_is_given_or_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert main(["rules"]) == 0
    assert current() == "fr"
    assert not config_path().exists()  # the locale is read each time, never kept
    assert starting_language([], {"LANGUAGE": "es:fr", "LANG": "fr_FR.UTF-8"}) == "es"
    assert starting_language([], {"LC_ALL": "C"}) == "en"
    assert starting_language([], {}) == "en"


def test_the_kept_language_wins_over_the_locale_and_lang_over_both(monkeypatch: pytest.MonkeyPatch) -> None:
    config_path().parent.mkdir(parents=True)
    config_path().write_text('language = "es"\n', encoding="utf-8")
    environ = {"LANG": "fr_FR.UTF-8"}
    assert starting_language([], environ) == "es"
    assert starting_language(["play", "--lang", "fr"], environ) == "fr"
    assert starting_language(["join", "--lang=en"], environ) == "en"
    # a --lang after "--" is no option, and a language not spoken leaves the choice to the rest
    assert starting_language(["replay", "--", "--lang", "fr"], environ) == "es"
    assert starting_language(["--lang", "xx"], environ) == "es"


def test_a_settings_file_without_the_language_loads_as_before() -> None:
    path = config_path()
    path.parent.mkdir(parents=True)
    path.write_text('# Settings of the spades table\nverbosity = "tricks"\npace = 0.3\nbell = true\n', encoding="utf-8")
    settings, notes = load_settings()
    assert notes == []
    assert (settings.verbosity, settings.pace, settings.bell, settings.language) == ("tricks", 0.3, True, "")
    assert starting_language([], {}) == "en"
    chosen = choose_settings({}, keep=False, forget=False)
    assert chosen.lines == [] and chosen.remembered == {"verbosity": "tricks", "pace": 0.3, "bell": True}


def test_a_kept_language_that_is_none_the_program_speaks_is_a_note_not_an_error() -> None:
    config_path().parent.mkdir(parents=True)
    config_path().write_text('language = "de"\npace = 0.2\n', encoding="utf-8")
    settings, notes = load_settings()
    assert settings.language == "" and settings.pace == 0.2
    assert notes == ["setting language = 'de' is not valid; using ''"]


def test_forget_keeps_the_language() -> None:
    assert main(["--lang", "fr", "rules"]) == 0
    choose_settings({"pace": 0.1}, keep=True, forget=False)
    chosen = choose_settings({}, keep=False, forget=True)
    assert chosen.lines == ["The remembered settings are forgotten; the defaults apply."]
    assert load_settings()[0].language == "fr" and load_settings()[0].pace == 0.6


def test_an_unknown_language_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        main(["--lang", "xx"])
    assert ended.value.code == 2
    assert capsys.readouterr().err == ("spades: --lang: 'xx' is not a language the program speaks; choose en "
                                       "(English), es (Español), fr (Français)\n")
    assert not config_path().exists()
    with pytest.raises(SystemExit):
        main(["play", "--lang", "klingon"])
    assert "--lang: 'klingon' is not a language the program speaks" in capsys.readouterr().err


def test_a_language_may_be_named_by_its_own_name_or_a_locale() -> None:
    from spades.commands.options import language_named

    assert [language_named(text) for text in ("fr", "FR", "fr_CA.UTF-8", "es-419", "Español", "francais",
                                              "english", "de", "")] == ["fr", "fr", "fr", "es", "es", "fr", "en",
                                                                        None, None]


def test_argparse_words_are_looked_up_only_while_the_parsers_read_the_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "de")
    assert main(["--lang", "fr", "rules"]) == 0
    assert os.environ["LANGUAGE"] == "de" and gettext.textdomain() == "messages"


def test_the_room_is_told_the_language_and_the_table_s_threads_speak_it() -> None:
    from spades.table.remote import RemoteLink, websocket_url, with_language
    from spades.table.waiting import meanwhile

    use("fr")
    assert with_language(websocket_url("cards.example:9000"), "fr") == "ws://cards.example:9000/ws?lang=fr"
    link = RemoteLink("ws://cards.example:9000/ws")  # never connected
    try:
        assert link.language == "fr" and link.url == "ws://cards.example:9000/ws"  # the session's key, as typed
        assert link._run(_language_on_the_loop()) == "fr"
    finally:
        link.close()
    assert meanwhile(current, "still", print) == "fr"  # the coach's and the hint's search, in a thread


async def _language_on_the_loop() -> str:
    return current()
