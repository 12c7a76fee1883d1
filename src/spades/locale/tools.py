"""The catalogues' upkeep, through Babel: extract the templates from the source, update each language's ``.po``
from them, compile them, and check them.

``python -m spades.locale.tools extract`` writes ``spades.pot`` and ``web.pot``; ``update`` merges them into each
language's ``.po`` (a new message arrives untranslated, a removed one leaves); ``compile`` writes ``spades.mo`` and
``web.json``; ``check`` says every problem and exits 1 if there is one: a message of the source missing from its
template or a template's message no longer in the source, a message untranslated, fuzzy or obsolete, a placeholder
of the English missing from a translation (or one the English has not), a compiled catalogue older than its
``.po``. ``scripts/test`` runs ``check``; a test runs it too."""

from __future__ import annotations

import contextlib
import io
import json
import re
import sys
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from ..language import LANGUAGES

__all__ = ["DOMAINS", "check", "compile_all", "extract", "main", "placeholders", "update"]

HERE = Path(__file__).parent
PACKAGE = HERE.parent
TRANSLATED = [language for language in LANGUAGES if language != "en"]
# Each domain: its mapping of files to extractors, and the functions that mark a message (Babel's keyword specs:
# n_ takes a singular and a plural, p_ a context and a message).
DOMAINS: dict[str, tuple[Path, Any]] = {
    "spades": (HERE / "babel.cfg", {"_": None, "N_": None, "n_": (1, 2), "p_": ((1, "c"), 2), "L_": None,
                                    "Ln_": (1, 2), "Lp_": ((1, "c"), 2), "gettext": None, "ngettext": (1, 2)}),
    "web": (HERE / "web.cfg", {"_": None, "n_": (1, 2)}),
}
COPYRIGHT = "the Spades project's authors"
PROJECT = "spades"
_FIELD = re.compile(r"(?<!\{)\{(\w*)[^{}]*\}(?!\})|%\((\w+)\)[sd]")


def _template_path(domain: str) -> Path:
    return HERE / f"{domain}.pot"


def _po_path(language: str, domain: str) -> Path:
    return HERE / language / "LC_MESSAGES" / f"{domain}.po"


def extract(domain: str, warnings: list[str] | None = None) -> Catalog:
    """The template of ``domain`` as the source says it now; Babel's warnings (an f-string where a message
    should be: it cannot be translated as written) are added to ``warnings`` rather than printed."""
    config, keywords = DOMAINS[domain]
    with config.open() as file:
        method_map, options_map = parse_mapping_cfg(file)  # type: ignore[no-untyped-call]
    catalog = Catalog(project=PROJECT, copyright_holder=COPYRIGHT, charset="utf-8", fuzzy=False)
    said = io.StringIO()
    with contextlib.redirect_stderr(said):
        for filename, lineno, message, comments, context in extract_from_dir(
                PACKAGE, method_map, options_map, keywords=keywords, comment_tags=("Translators:",),
                strip_comment_tags=True):
            catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    if warnings is not None:
        warnings += [line for line in said.getvalue().splitlines() if line.strip()]
    else:
        sys.stderr.write(said.getvalue())
    return catalog


def _write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=120, include_lineno=False, sort_output=True, omit_header=False)
    # the header's dates change on every run; the catalogues' history is git's
    text = re.sub(rb'"(POT-Creation-Date|PO-Revision-Date): [^"]*\\n"\n', b"", buffer.getvalue())
    path.write_bytes(text)


def _read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=language, domain=path.stem)


def update() -> None:
    """Write the templates and merge them into every language's ``.po``."""
    for domain in DOMAINS:
        template = extract(domain)
        _write(template, _template_path(domain))
        for language in TRANSLATED:
            path = _po_path(language, domain)
            catalog = _read(path, language) if path.exists() else Catalog(locale=language, domain=domain,
                                                                           project=PROJECT, fuzzy=False)
            catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
            catalog.obsolete.clear()
            _write(catalog, path)


def _texts(value: object) -> tuple[str, ...]:
    """A message's id or string as its forms: one, or the singular and plurals."""
    if isinstance(value, (tuple, list)):
        return tuple(str(part or "") for part in value)
    return (str(value or ""),)


def _web_json(catalog: Catalog) -> str:
    messages: dict[str, str | list[str]] = {}
    for message in catalog:
        if not message.id or not message.string or message.fuzzy:
            continue
        forms = _texts(message.string)
        messages[_texts(message.id)[0]] = list(forms) if isinstance(message.string, tuple) else forms[0]
    # the plural forms in the catalogue's order, by CLDR category, for the page's Intl.PluralRules to pick from
    tags = Locale.parse(str(catalog.locale)).plural_form.tags
    categories = [tag for tag in ("zero", "one", "two", "few", "many", "other") if tag in tags or tag == "other"]
    return json.dumps({"language": str(catalog.locale), "plural_categories": categories, "messages": messages},
                      ensure_ascii=False, sort_keys=True, indent=0) + "\n"


# The compiled header's dates: the .po files keep none (their history is git's), and Babel would write the moment
# of compiling, so that no two compilings of one .po would be the same bytes.
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)


def _compiled(language: str, domain: str) -> tuple[Path, bytes]:
    catalog = _read(_po_path(language, domain), language)
    catalog.creation_date = catalog.revision_date = FIXED_DATE
    folder = _po_path(language, domain).parent
    if domain == "web":
        return folder / "web.json", _web_json(catalog).encode()
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return folder / f"{domain}.mo", buffer.getvalue()


def compile_all() -> None:
    """Write every language's compiled catalogues from its ``.po``."""
    for language in TRANSLATED:
        for domain in DOMAINS:
            path, data = _compiled(language, domain)
            path.write_bytes(data)


def placeholders(text: str) -> set[str]:
    """The named fields of a message: ``{seat}`` (and ``%(seat)s``, as the HTML template's are written)."""
    return {a or b for a, b in _FIELD.findall(text)}


def _ids(catalog: Iterable[Message]) -> set[tuple[str | None, str]]:
    return {(m.context, _texts(m.id)[0]) for m in catalog if m.id}


def _problems_of(message: Message, language: str, domain: str) -> Iterable[str]:
    where = f"{language}/{domain}.po: {message.id!r}"
    strings = _texts(message.string)
    if message.fuzzy:
        yield f"{where} is fuzzy"
    if not all(strings):
        yield f"{where} is not translated"
        return
    ids = _texts(message.id)
    wanted = set().union(*(placeholders(text) for text in ids))
    for string in strings:
        found = placeholders(string)
        if found - wanted:
            yield f"{where}: the translation has {sorted(found - wanted)}, which the English has not"
        # a plural form may leave the count out ("un pli"), nothing else
        missing = wanted - found - ({"n"} if isinstance(message.id, tuple) else set())
        if missing:
            yield f"{where}: the translation lacks {sorted(missing)}"


def check() -> list[str]:
    """Every problem of the catalogues, in a sentence each."""
    problems: list[str] = []
    for domain in DOMAINS:
        warnings: list[str] = []
        source = _ids(extract(domain, warnings))
        problems += [warning.replace(str(PACKAGE) + "/", "") for warning in warnings]
        template_path = _template_path(domain)
        if not template_path.exists():
            problems.append(f"{template_path.name} is missing: run python -m spades.locale.tools update")
            continue
        template = _ids(_read(template_path))
        problems += [f"{domain}.pot lacks {message!r}, which the source says (run python -m spades.locale.tools"
                     " update)" for _context, message in sorted(source - template, key=str)]
        problems += [f"{domain}.pot has {message!r}, which the source no longer says" for _context, message in
                     sorted(template - source, key=str)]
        for language in TRANSLATED:
            path = _po_path(language, domain)
            if not path.exists():
                problems.append(f"{language}/{domain}.po is missing")
                continue
            catalog = _read(path, language)
            have = _ids(catalog)
            problems += [f"{language}/{domain}.po lacks {message!r}" for _c, message in sorted(template - have,
                                                                                                   key=str)]
            problems += [f"{language}/{domain}.po has {message!r}, which is unused" for _c, message in
                         sorted(have - template, key=str)]
            problems += [f"{language}/{domain}.po has the obsolete {key!r}" for key in catalog.obsolete]
            for message in catalog:
                if message.id:
                    problems += _problems_of(message, language, domain)
            compiled, data = _compiled(language, domain)
            if not compiled.exists() or compiled.read_bytes() != data:
                problems.append(f"{language}/{compiled.name} is not compiled from its .po: run python -m "
                                "spades.locale.tools compile")
    return problems


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "check"
    if command == "extract":
        for domain in DOMAINS:
            _write(extract(domain), _template_path(domain))
    elif command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        problems = check()
        for problem in problems:
            print(problem, file=sys.stderr)
        if problems:
            print(f"{len(problems)} problems in the catalogues", file=sys.stderr)
            return 1
        print("The catalogues are whole: every message of the source in its template, translated and compiled.")
    else:
        print("usage: python -m spades.locale.tools [extract|update|compile|check]", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
