"""Players' names: which texts are names, and the key two names are compared by.

One check (``check_name``) serves the protocol's name field and the store alike. A name is shown as typed (NFC),
and is refused when:

- it is empty or longer than ``NAME_MAX`` characters;
- it holds a control, format (invisible), private-use, unassigned or surrogate code point, or a separator other
  than the plain space (``name_character``);
- it begins or ends with a space or has two spaces together (``name_spaces``);
- the PRECIS Nickname profile (RFC 8266, on the FreeformClass of RFC 8264, through ``precis-i18n``) refuses one
  of its characters: default-ignorable code points such as U+034F, old Hangul jamo such as the fillers U+115F
  and U+3164, and the rest that profile disallows (``name_character``);
- once normalised nothing visible remains: every character is a combining mark or a space (``name_invisible``);
- its comparison key is longer than ``KEY_MAX`` (a few characters expand a great deal under normalisation).

The key (``name_key``) is the name under the PRECIS Nickname profile with case folding (NicknameCaseMapped:
CaseFold: width and compatibility forms folded by NFKC, spaces collapsed, case folded), then its UTS #39
skeleton: each character replaced by the prototype of its class in Unicode's confusables data (confusables.txt,
as the ``confusable-homoglyphs`` package ships it), between two NFD normalisations. Case is folded first, so
that a name is one whatever its case; the price is that a capital I and a small l, which only the skeleton of
the unfolded text would join, stay apart. So "Eve Smith", "EVE SMITH", "Evе Smith" (Cyrillic е), "ＥＶＥ Smith"
(full width) and "Eve Smıth" (dotless ı) are one name. When the data or this function changes, a migration must
recompute the stored keys (``migrations/versions/v0004_name_skeletons.py`` did it first)."""

from __future__ import annotations

import json
import unicodedata
from functools import cache
from importlib import resources
from typing import Any

import precis_i18n

__all__ = ["KEY_MAX", "NAME_MAX", "NAME_RULE", "BadName", "check_name", "lookup_key", "name_key", "skeleton"]

NAME_MAX = 32
KEY_MAX = 4 * NAME_MAX  # the stored key's column
NAME_RULE = f"A name is 1 to {NAME_MAX} printable characters, with single spaces between words."

# Unicode categories a name may not hold: controls, format (invisible) characters, surrogates, private use,
# unassigned, and every separator but the plain space.
_NOT_IN_NAMES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zs", "Zl", "Zp"})
_MARKS = frozenset({"Mn", "Mc", "Me"})

_PRECIS_WORDS = {
    "precis_ignorable_properties": "it is an invisible (default-ignorable) character",
    "old_hangul_jamo": "it is an old Hangul jamo or a Hangul filler, which shows nothing",
    "controls": "it is a control character",
    "unassigned": "it is not an assigned character",
}


class BadName(ValueError):
    """A text that is not a name: ``kind`` names the rule, ``message`` says it with ``params`` filled in."""

    def __init__(self, kind: str, template: str, params: dict[str, Any] | None = None) -> None:
        self.kind = kind
        self.template = template
        self.params = params or {}
        self.message = template.format(**self.params)
        super().__init__(self.message)


@cache
def _nickname() -> Any:
    return precis_i18n.get_profile("NicknameCaseMapped:CaseFold")


def _bad_character(char: str, why: str) -> BadName:
    return BadName("name_character", "character U+{code} is not allowed: {why}", {"code": f"{ord(char):04X}",
                                                                                   "why": why})


def check_name(name: object, *, length: bool = True) -> str:
    """The name as it will be shown (NFC), or BadName saying which rule it breaks. ``length=False`` leaves the
    length to the caller (the protocol's field checks it first, with its own words)."""
    if not isinstance(name, str):
        raise BadName("name_type", "a name is text")
    name = unicodedata.normalize("NFC", name)
    if length and not 1 <= len(name) <= NAME_MAX:
        raise BadName("name_length", "a name is 1 to {max} characters", {"max": NAME_MAX})
    for char in name:
        if char != " " and unicodedata.category(char) in _NOT_IN_NAMES:
            raise _bad_character(char, "a name has printable characters and single spaces")
    if name != name.strip(" ") or "  " in name:
        raise BadName("name_spaces", "a name does not begin or end with a space, nor has two together")
    try:
        folded = _nickname().enforce(name)
    except UnicodeEncodeError as error:
        reason = str(error.reason).split("/", 1)[-1]
        if 0 <= error.start < len(name) and reason != "empty":
            raise _bad_character(name[error.start], _PRECIS_WORDS.get(reason, "the Nickname profile "
                                                                      "(RFC 8266) does not take it")) from None
        raise BadName("name_invisible", "a name needs a letter, digit or symbol that shows") from None
    if all(char == " " or unicodedata.category(char) in _MARKS for char in folded):
        raise BadName("name_invisible", "a name needs a letter, digit or symbol that shows, not only "
                      "combining marks")
    if len(_key(folded)) > KEY_MAX:
        raise BadName("name_long_key", "the name grows past {max} characters when normalised",
                      {"max": KEY_MAX})
    return name


def name_key(name: str) -> str:
    """The key a (checked) name is stored unique under and looked up by; BadName for a text that is no name."""
    check_name(name)
    return _key(_nickname().enforce(name))


def _key(folded: str) -> str:
    return skeleton(folded)


def lookup_key(name: object) -> str | None:
    """The key to look a name up by, or None when the text could be no player's name (nothing to look up)."""
    try:
        return name_key(name)  # type: ignore[arg-type]
    except BadName:
        return None


def skeleton(text: str) -> str:
    """The UTS #39 skeleton of the text: NFD, each character to its confusable prototype, NFD again."""
    table = _prototypes()
    mapped = "".join(table.get(char, char) for char in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


@cache
def _prototypes() -> dict[str, str]:
    """Each confusable character to one text standing for its class.

    The package keeps confusables.txt as a graph, each line ``source → prototype`` stored both ways (and, for
    right-to-left text, with U+200E marks around it), so the direction is rebuilt: the classes are the graph's
    connected parts, and a class stands for itself by its prototype when that is a sequence (a source is always
    one code point), else by its smallest member. Two texts then have one skeleton exactly when they would under
    the file's own mapping."""
    text = resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text(encoding="utf-8")
    data: dict[str, list[dict[str, str]]] = json.loads(text)
    parent: dict[str, str] = {}

    def find(node: str) -> str:
        parent.setdefault(node, node)
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    def clean(text: str) -> str:
        return text.replace("\u200e", "") or text

    for source, entries in data.items():
        for entry in entries:
            a, b = find(clean(source)), find(clean(entry["c"]))
            if a != b:
                parent[a] = b
    members: dict[str, list[str]] = {}
    for node in list(parent):
        members.setdefault(find(node), []).append(node)
    table: dict[str, str] = {}
    for group in members.values():
        sequences = [node for node in group if len(node) > 1]
        standing = min(sequences) if sequences else min(group)
        for node in group:
            if len(node) == 1 and node != standing:
                table[node] = standing
    return table
