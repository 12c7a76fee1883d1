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
recompute the stored keys (``migrations/versions/v0004_name_skeletons.py`` did it first).

A second key (``look_key``) is the skeleton of the name with its case kept (the Nickname profile's NFKC, spaces
collapsed, no case folding), which joins what case folding keeps apart: a capital I with a small l and the digit
1 ("CaroI9842", "Carol9842", "Caro19842"), a capital O with the digit 0 ("B0B", "BOB"), as the confusables data
joins them, while "Ian" and "Lan" stay two names. A new name is refused when either key is someone's
(``migrations/versions/v0013_look_keys.py``).

A new name is also refused when it reads as a seat, a side, a role of the room or the computer (``RESERVED``,
compared by both keys, so "N0RTH" and "the 0wner" too): a chat line or a seat's name must never pass for the
table's own words."""

from __future__ import annotations

import contextlib
import json
import unicodedata
from functools import cache
from importlib import resources
from typing import Any

import precis_i18n

from ...language import N_, _

__all__ = ["KEY_MAX", "NAME_MAX", "NAME_RULE", "RESERVED", "BadName", "check_name", "check_new_name", "look_key",
           "lookup_key", "name_key", "name_rule", "reserved_as", "skeleton"]

NAME_MAX = 32
KEY_MAX = 4 * NAME_MAX  # the stored key's column
NAME_RULE = f"A name is 1 to {NAME_MAX} printable characters, with single spaces between words."  # in English


def name_rule() -> str:
    """The rule of names in a sentence, in the language in force (``NAME_RULE`` is its English)."""
    return _("A name is 1 to {max} printable characters, with single spaces between words.", max=NAME_MAX)


# Unicode categories a name may not hold: controls, format (invisible) characters, surrogates, private use,
# unassigned, and every separator but the plain space.
_NOT_IN_NAMES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zs", "Zl", "Zp"})
_MARKS = frozenset({"Mn", "Mc", "Me"})

_PRECIS_WORDS = {
    "precis_ignorable_properties": N_("it is an invisible (default-ignorable) character"),
    "old_hangul_jamo": N_("it is an old Hangul jamo or a Hangul filler, which shows nothing"),
    "controls": N_("it is a control character"),
    "unassigned": N_("it is not an assigned character"),
}


class BadName(ValueError):
    """A text that is not a name: ``kind`` names the rule, ``message`` says it with ``params`` filled in, in the
    language in force as it is made (``template`` is the rule's English, marked for the catalogue)."""

    def __init__(self, kind: str, template: str, params: dict[str, Any] | None = None) -> None:
        self.kind = kind
        self.template = template
        self.params = params or {}
        self.message = _(template, **self.params)
        super().__init__(self.message)


# What a new name may not read as: a seat or a side of any table (their names and letters, from seats.py), a role of
# the room, the computer.
_ROLES = ("System", "Room", "The room", "Server", "Owner", "The owner", "Table owner", "Host", "Admin",
          "Administrator", "Moderator", "Mod", "Operator", "Staff", "Support", "Dealer", "Spectator", "Nobody",
          "Everyone", "Guest", "You", "Partner", "Your partner", "Coach", "The coach", "Hint")
_COMPUTER = ("Computer", "The computer", "Computer player", "Bot", "Robot", "AI")


def _seats_and_sides() -> set[str]:
    from ...rules import VARIANTS, Rules
    from ...seats import SEAT_LETTERS, SEAT_NAMES, side_name

    found = {name for names in (*SEAT_NAMES.values(), *SEAT_LETTERS.values()) for name in names}
    for variant in VARIANTS:
        rules = Rules.preset(variant)
        found.update(side_name(rules, side) for side in range(rules.sides))
    return found


RESERVED: dict[str, str] = {**dict.fromkeys(sorted(_seats_and_sides()), N_("a seat of the table")),
                            **dict.fromkeys(_COMPUTER, N_("the computer")),
                            **dict.fromkeys(_ROLES, N_("a role of the room"))}


@cache
def _nickname() -> Any:
    return precis_i18n.get_profile("NicknameCaseMapped:CaseFold")


@cache
def _nickname_kept() -> Any:
    return precis_i18n.get_profile("NicknameCasePreserved")


def look_key(name: str) -> str:
    """The key a (checked) name reads as with its case kept: its skeleton before case folding (I, l and 1 one; O
    and 0 one). BadName for a text that is no name."""
    check_name(name)
    return skeleton(_nickname_kept().enforce(name))[:KEY_MAX]


def _looks(name: str) -> set[str]:
    """The keys a reserved word is compared by: its key, its look, and its look in capitals (where O and 0 are
    one: "N0rth" is "NORTH" is "North")."""
    keys = {name_key(name), look_key(name)}
    with contextlib.suppress(BadName):
        keys.add(look_key(name.upper()))
    return keys


@cache
def _reserved_keys() -> dict[str, str]:
    return {key: what for word, what in RESERVED.items() for key in _looks(word)}


def reserved_as(name: str) -> str | None:
    """What a (checked) name reads as when it is one a new player may not take ("a seat of the table"); else
    None."""
    keys = _reserved_keys()
    return next((keys[key] for key in _looks(name) if key in keys), None)


def check_new_name(name: object) -> str:
    """``check_name``, and the name may not read as a seat, a role of the room or the computer (``RESERVED``): a
    name being taken now. Names taken before keep working (login, lookups)."""
    checked = check_name(name)
    what = reserved_as(checked)
    if what is not None:
        raise BadName("name_reserved", N_("{name} reads as {what}, which a name may not"),
                      {"name": checked, "what": _(what)})
    return checked


def _bad_character(char: str, why: str) -> BadName:
    """``why``: the reason's English, marked for the catalogue."""
    return BadName("name_character", N_("character U+{code} is not allowed: {why}"), {"code": f"{ord(char):04X}",
                                                                                       "why": _(why)})


def check_name(name: object, *, length: bool = True) -> str:
    """The name as it will be shown (NFC), or BadName saying which rule it breaks. ``length=False`` leaves the
    length to the caller (the protocol's field checks it first, with its own words)."""
    if not isinstance(name, str):
        raise BadName("name_type", N_("a name is text"))
    name = unicodedata.normalize("NFC", name)
    if length and not 1 <= len(name) <= NAME_MAX:
        raise BadName("name_length", N_("a name is 1 to {max} characters"), {"max": NAME_MAX})
    for char in name:
        if char != " " and unicodedata.category(char) in _NOT_IN_NAMES:
            raise _bad_character(char, N_("a name has printable characters and single spaces"))
    if name != name.strip(" ") or "  " in name:
        raise BadName("name_spaces", N_("a name does not begin or end with a space, nor has two together"))
    try:
        folded = _nickname().enforce(name)
    except UnicodeEncodeError as error:
        reason = str(error.reason).split("/", 1)[-1]
        if 0 <= error.start < len(name) and reason != "empty":
            raise _bad_character(name[error.start], _PRECIS_WORDS.get(reason, N_(
                "the Nickname profile (RFC 8266) does not take it"))) from None
        raise BadName("name_invisible", N_("a name needs a letter, digit or symbol that shows")) from None
    if all(char == " " or unicodedata.category(char) in _MARKS for char in folded):
        raise BadName("name_invisible", N_("a name needs a letter, digit or symbol that shows, not only "
                                           "combining marks"))
    if len(_key(folded)) > KEY_MAX:
        raise BadName("name_long_key", N_("the name grows past {max} characters when normalised"),
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
