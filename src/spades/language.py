"""The language every sentence is said in: English, Spanish or French, through gettext catalogues.

Every sentence a player hears or sees is written in English in the source, marked with one of the functions below,
and looked up in the catalogue of the language in force as it is said. The catalogues (``locale/<lang>/LC_MESSAGES/
spades.mo``) are made from the ``.po`` files by Babel (``scripts/i18n``); the template ``locale/spades.pot`` is
extracted from the source, and a test holds the three to each other.

A sentence is marked whole, with named placeholders, and filled in after it is translated, so that each language
orders it its own way: ``_("{seat} bids {bid}.", seat=..., bid=...)``. A count takes ``n_`` and its plural forms
(French says "0 pli", English "0 tricks"); the number is the field ``{n}``. A word that means two things in
English (a card's name alone, or with its article) takes ``p_`` and a context.

The language in force is a context variable: the terminal sets it once (``use``), the room for each connection's
task and around each sentence it says to a connection (``speaking``), so that two people at one table each hear
their own. English is the source, looked up in no catalogue."""

from __future__ import annotations

import gettext
from collections.abc import Callable, Iterable, Mapping
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import TypeVar

__all__ = ["DEFAULT", "LANGUAGES", "LOCALE_DIR", "L_", "NAMES", "N_", "Later", "Ln_", "Lp_", "_", "choose", "current",
           "each", "from_environment", "language_of", "listed", "n_", "number", "p_", "speaking", "text",
           "translations", "use"]

T = TypeVar("T")

LOCALE_DIR = Path(__file__).with_name("locale")
DEFAULT = "en"
LANGUAGES = ("en", "es", "fr")
# Each language's own name for itself, as the setting lists them (never translated: a person finds their own).
NAMES = {"en": "English", "es": "Español", "fr": "Français"}
DOMAIN = "spades"

_current: ContextVar[str] = ContextVar("spades_language", default=DEFAULT)


@cache
def translations(language: str, domain: str = DOMAIN) -> gettext.NullTranslations:
    """The compiled catalogue of ``language`` (English's is the source: no catalogue). A copy of the program without
    a language's compiled catalogue speaks English rather than failing (the catalogues' check says it is missing)."""
    if language == DEFAULT:
        return gettext.NullTranslations()
    return gettext.translation(domain, LOCALE_DIR, languages=[language], fallback=True)


def current() -> str:
    """The language in force here: ``en``, ``es`` or ``fr``."""
    return _current.get()


def use(language: str) -> None:
    """Make ``language`` the one in force from here on in this context (the terminal: the whole program)."""
    _current.set(language_of(language))


class speaking:
    """``language`` in force within the block, and the one before it after. A class rather than a generator: the
    room enters one for each frame it makes in a language other than the one in force."""

    __slots__ = ("_language", "_token")

    def __init__(self, language: str) -> None:
        self._language = language if language in LANGUAGES else language_of(language)

    def __enter__(self) -> None:
        self._token = _current.set(self._language)

    def __exit__(self, *_exc: object) -> None:
        _current.reset(self._token)


def each(languages: Iterable[str], make: Callable[[], T]) -> dict[str, T]:
    """``make()`` once in each of ``languages``: what a room says to people of several languages, made once a
    language rather than once a person."""
    made: dict[str, T] = {}
    for language in languages:
        if language not in made:
            with speaking(language):
                made[language] = make()
    return made


def _fill(text: str, fields: Mapping[str, object]) -> str:
    return text.format_map(fields) if fields else text


def _(message: str, /, **fields: object) -> str:
    """``message`` in the language in force, its ``{placeholders}`` filled from ``fields``."""
    language = _current.get()
    if language != DEFAULT:
        message = translations(language).gettext(message)
    return message.format_map(fields) if fields else message


def n_(singular: str, plural: str, n: int, /, **fields: object) -> str:
    """The form of ``singular``/``plural`` for the count ``n`` in the language in force; ``{n}`` is the count."""
    language = _current.get()
    if language != DEFAULT:
        text = translations(language).ngettext(singular, plural, n)
    else:
        text = singular if n == 1 else plural
    return text.format_map({"n": n, **fields})


def p_(context: str, message: str, /, **fields: object) -> str:
    """``message`` in the sense ``context`` gives it (a card's name alone, or with its article)."""
    language = _current.get()
    if language != DEFAULT:
        message = translations(language).pgettext(context, message)
    return _fill(message, fields)


def N_(message: str, /) -> str:
    """``message`` marked for the catalogue and left in English: translated later, where it is said (a table of
    names kept at import, before any language is in force)."""
    return message


def language_of(text: str | None) -> str:
    """The project's language for a locale or a language tag (``fr_FR.UTF-8``, ``es-419``, ``FR``): one of
    LANGUAGES, English for anything else."""
    if not text:
        return DEFAULT
    code = text.replace("-", "_").split("_")[0].split(".")[0].strip().lower()
    return code if code in LANGUAGES else DEFAULT


def from_environment(environ: Mapping[str, str]) -> str:
    """The language of the environment's locale, as gettext reads it (LANGUAGE, LC_ALL, LC_MESSAGES, LANG): the
    first of LANGUAGE's list that the project speaks."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable)
        if not value:
            continue
        for part in value.split(":"):
            if part in ("C", "POSIX") or part.startswith("C."):
                return DEFAULT
            if language_of(part) != DEFAULT or part.lower().startswith("en"):
                return language_of(part)
        return DEFAULT
    return DEFAULT


def choose(accept_language: str | None) -> str:
    """The language of an HTTP ``Accept-Language`` header: the one of highest weight the project speaks, English
    when none (RFC 9110, section 12.5.4)."""
    if not accept_language:
        return DEFAULT
    weighted: list[tuple[float, int, str]] = []
    for position, item in enumerate(accept_language.split(",")[:32]):
        tag, _sep, params = item.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _eq, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        code = tag.strip().split("-")[0].lower()
        if weight > 0 and code in LANGUAGES:
            weighted.append((-weight, position, code))
    return min(weighted)[2] if weighted else DEFAULT


class Later:
    """A sentence to be said later, in the language of whoever hears it: a message and its fields (themselves
    sentences or plain values), kept as data so that the room can send one to each person in their own language,
    and carry it between its processes as JSON (``json``, ``from_json``)."""

    __slots__ = ("context", "fields", "message", "n", "plural")

    def __init__(self, message: str, fields: Mapping[str, object], *, context: str | None = None,
                 plural: str | None = None, n: int | None = None) -> None:
        self.message = message
        self.fields = dict(fields)
        self.context = context
        self.plural = plural
        self.n = n

    def text(self) -> str:
        """The sentence in the language in force."""
        fields = {key: value.text() if isinstance(value, Later) else value for key, value in self.fields.items()}
        if self.plural is not None and self.n is not None:
            return n_(self.message, self.plural, self.n, **fields)
        if self.context is not None:
            return p_(self.context, self.message, **fields)
        return _(self.message, **fields)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Later({self.message!r}, {self.fields!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Later) and self.json() == other.json()

    def __hash__(self) -> int:
        return hash(self.message)

    def json(self) -> dict[str, object]:
        """The sentence as JSON: its message, context, plural and count, and its fields (sentences nested)."""
        data: dict[str, object] = {"m": self.message, "f": {key: value.json() if isinstance(value, Later) else value
                                                            for key, value in self.fields.items()}}
        if self.context is not None:
            data["c"] = self.context
        if self.plural is not None:
            data["p"] = self.plural
            data["n"] = self.n
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Later:
        raw = data.get("f")
        fields = {key: cls.from_json(value) if isinstance(value, dict) else value
                  for key, value in (raw.items() if isinstance(raw, dict) else ())}
        context, plural, n = data.get("c"), data.get("p"), data.get("n")
        return cls(str(data["m"]), fields, context=context if isinstance(context, str) else None,
                   plural=plural if isinstance(plural, str) else None, n=n if isinstance(n, int) else None)


def L_(message: str, /, **fields: object) -> Later:
    """``message`` said later, in the language of whoever hears it."""
    return Later(message, fields)


def Ln_(singular: str, plural: str, n: int, /, **fields: object) -> Later:
    """A count's sentence said later (``{n}`` is the count)."""
    return Later(singular, fields, plural=plural, n=n)


def Lp_(context: str, message: str, /, **fields: object) -> Later:
    """A sentence in the sense ``context`` gives it, said later."""
    return Later(message, fields, context=context)


def text(value: str | Later) -> str:
    """A sentence in the language in force, whether made already or to be made now."""
    return value.text() if isinstance(value, Later) else value


def listed(items: Iterable[str], style: str = "standard") -> str:
    """Items as the language in force lists them: "A, B and C", "A, B y C", "A, B et C" (Unicode CLDR's list
    patterns, through Babel; English as British English writes it, without a comma before "and");
    ``style="or"`` for "A, B or C"."""
    from babel.lists import format_list

    language = _current.get()
    return format_list(list(items), style=style,  # type: ignore[arg-type]
                       locale="en_GB" if language == DEFAULT else language)


def number(value: float) -> str:
    """A number as the language in force writes it: "0.5" in English, "0,5" in Spanish and French."""
    if float(value).is_integer():
        return str(int(value))
    from babel.numbers import format_decimal

    return format_decimal(value, locale=_current.get(), group_separator=False)
