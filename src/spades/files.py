"""Reading the files a person hands the program (records, saved games, scorepads, settings, policies), with what is
wrong said in a sentence: a file that is not text at all (a database, an archive, random bytes) is said to be so,
not shown as a decoding traceback, and JSON that does not parse says where and what in words, whole.

Python's JSON errors keep the place apart from the message ("Unterminated string starting at" is followed by the
line and column only in the exception's text), so the message alone reads cut; :func:`json_trouble` says both."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .errors import SpadesError
from .language import N_, _

__all__ = ["FileTrouble", "json_trouble", "read_json", "read_text", "what_it_is"]

# The start of files a person may hand over by mistake, and what they are.
_MAGIC = ((b"SQLite format 3\x00", N_("an SQLite database (such as the room's)")),
          (b"PK\x03\x04", N_("a zip archive (such as a policy file)")),
          (b"\x93NUMPY", N_("a NumPy array")),
          (b"%PDF", N_("a PDF document")),
          (b"\x1f\x8b", N_("a gzip archive")))

# Python's JSON messages, each as a sentence of its own (the place is said before it), marked for the catalogue.
_JSON_WORDS = {
    "Expecting value": N_("a value is expected there"),
    "Unterminated string starting at": N_("a string starts there and is never closed by a double quote"),
    "Invalid control character at": N_("a line break or control character is inside a string"),
    "Expecting ',' delimiter": N_("a comma is expected there"),
    "Expecting ':' delimiter": N_("a colon is expected there"),
    "Expecting property name enclosed in double quotes": N_("a name in double quotes is expected there"),
    "Extra data": N_("more follows the end of the JSON"),
    "Invalid \\escape": N_("a backslash starts an escape that JSON does not have"),
    "Invalid \\uXXXX escape": N_("a \\u escape is not four hexadecimal digits"),
    "Illegal trailing comma before end of object": N_("a comma comes before the closing brace"),
    "Illegal trailing comma before end of array": N_("a comma comes before the closing bracket"),
}


class FileTrouble(SpadesError):
    """A file that cannot be read, is not text, or (for :func:`read_json`) is not JSON; the message is whole
    sentences that name the file and say what it is expected to be."""


def _said(what: str) -> str:
    """What the file should be, in the language in force (a caller's phrase marked for the catalogue, or one it has
    said already: a phrase not in the catalogue is itself)."""
    return _(what) if what else what


def what_it_is(data: bytes) -> str | None:
    """What kind of file starts with ``data`` ("an SQLite database"), when its first bytes tell (in the language in
    force); else None."""
    for magic, words in _MAGIC:
        if data.startswith(magic):
            return _(words)
    return None


def read_text(path: str | Path, what: str) -> str:
    """The UTF-8 text of the file at ``path``, which should be ``what`` ("a game record", marked for the catalogue
    or already said); FileTrouble when it cannot be read or is not text."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise FileTrouble(_("{path} cannot be read ({error})", path=path, error=error.strerror or error)) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        kind = what_it_is(data)
        if kind:
            raise FileTrouble(_("{path} is not {what}: it is {kind}, not text", path=path, what=_said(what),
                                kind=kind)) from None
        raise FileTrouble(_("{path} is not {what}: it is not text (its byte {byte} is not UTF-8)", path=path,
                            what=_said(what), byte=error.start + 1)) from None


def json_trouble(error: json.JSONDecodeError) -> str:
    """Where the JSON is wrong and what is wrong there, whole: "line 15, column 9: a string starts there and is
    never closed by a double quote"."""
    if not error.doc.strip():
        return _("the file is empty")
    known = _JSON_WORDS.get(error.msg)
    # Python's own message where it has one this file does not know, in English as Python says it
    words = _(known) if known else error.msg.removesuffix(" at").removesuffix(" starting")
    return _("line {line}, column {column}: {words}", line=error.lineno, column=error.colno, words=words)


def read_json(path: str | Path, what: str) -> Any:
    """The JSON in the file at ``path``, which should be ``what``; FileTrouble when it cannot be read, is not
    text, or is not JSON."""
    text = read_text(path, what)
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise FileTrouble(_("{path} is not {what}: it is not JSON ({trouble})", path=path, what=_said(what),
                            trouble=json_trouble(error))) from None
