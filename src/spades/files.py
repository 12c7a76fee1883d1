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

__all__ = ["FileTrouble", "json_trouble", "read_json", "read_text", "what_it_is"]

# The start of files a person may hand over by mistake, and what they are.
_MAGIC = ((b"SQLite format 3\x00", "an SQLite database (such as the room's)"),
          (b"PK\x03\x04", "a zip archive (such as a policy file)"),
          (b"\x93NUMPY", "a NumPy array"),
          (b"%PDF", "a PDF document"),
          (b"\x1f\x8b", "a gzip archive"))

# Python's JSON messages, each as a sentence of its own (the place is said before it).
_JSON_WORDS = {
    "Expecting value": "a value is expected there",
    "Unterminated string starting at": "a string starts there and is never closed by a double quote",
    "Invalid control character at": "a line break or control character is inside a string",
    "Expecting ',' delimiter": "a comma is expected there",
    "Expecting ':' delimiter": "a colon is expected there",
    "Expecting property name enclosed in double quotes": "a name in double quotes is expected there",
    "Extra data": "more follows the end of the JSON",
    "Invalid \\escape": "a backslash starts an escape that JSON does not have",
    "Invalid \\uXXXX escape": "a \\u escape is not four hexadecimal digits",
    "Illegal trailing comma before end of object": "a comma comes before the closing brace",
    "Illegal trailing comma before end of array": "a comma comes before the closing bracket",
}


class FileTrouble(SpadesError):
    """A file that cannot be read, is not text, or (for :func:`read_json`) is not JSON; the message is whole
    sentences that name the file and say what it is expected to be."""


def what_it_is(data: bytes) -> str | None:
    """What kind of file starts with ``data`` ("an SQLite database"), when its first bytes tell; else None."""
    for magic, words in _MAGIC:
        if data.startswith(magic):
            return words
    return None


def read_text(path: str | Path, what: str) -> str:
    """The UTF-8 text of the file at ``path``, which should be ``what`` ("a game record"); FileTrouble when it
    cannot be read or is not text."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise FileTrouble(f"{path} cannot be read ({error.strerror or error})") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        kind = what_it_is(data)
        said = f"{kind}, not text" if kind else f"not text (its byte {error.start + 1} is not UTF-8)"
        raise FileTrouble(f"{path} is not {what}: it is {said}") from None


def json_trouble(error: json.JSONDecodeError) -> str:
    """Where the JSON is wrong and what is wrong there, whole: "line 15, column 9: a string starts there and is
    never closed by a double quote"."""
    if not error.doc.strip():
        return "the file is empty"
    words = _JSON_WORDS.get(error.msg, error.msg.removesuffix(" at").removesuffix(" starting"))
    return f"line {error.lineno}, column {error.colno}: {words}"


def read_json(path: str | Path, what: str) -> Any:
    """The JSON in the file at ``path``, which should be ``what``; FileTrouble when it cannot be read, is not
    text, or is not JSON."""
    text = read_text(path, what)
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise FileTrouble(f"{path} is not {what}: it is not JSON ({json_trouble(error)})") from None
