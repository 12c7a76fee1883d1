"""The words for schema errors: pydantic's validation errors said as a player reads them ("act.action: missing"),
a clause each, the first few only, quoting what the client sent only in short escaped fragments."""

from __future__ import annotations

import re
from collections.abc import Sequence

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from ...errors import nearest
from .codes import MAX_CLAUSES, MESSAGE_MAX
from .fields import quote

LISTED_MAX = 450  # characters of an error that lists the message types, at most (the messages hold 500)


def describe(error: ValidationError, types: Sequence[str] = ()) -> str:
    """The errors of a validation in plain words, one clause each: "act.action: missing"; the first few only."""
    details = error.errors(include_url=False)
    clauses = [_describe_one(detail, types) for detail in details[:MAX_CLAUSES]]
    if len(details) > MAX_CLAUSES:
        more = len(details) - MAX_CLAUSES
        clauses.append(f"and {more} more problem{'s' if more > 1 else ''}")
    words = "; ".join(clauses)
    return words if len(words) <= MESSAGE_MAX else words[:MESSAGE_MAX - 3] + "..."


_FIELD_NAME = re.compile(r"^[a-z0-9_]{1,32}$")


def _loc_part(part: str | int) -> str:
    """A step of an error's location: a field's name as it is; anything else (a key the client made up) quoted."""
    text = str(part)
    return text if _FIELD_NAME.match(text) or text == "[key]" else quote(text)


_PLAIN: dict[str, str] = {
    "missing": "missing",
    "extra_forbidden": "not a field of this message",
    "string_type": "should be text",
    "int_type": "should be a whole number",
    "float_type": "should be a number",
    "bool_type": "should be true or false",
    "dict_type": "should be an object",
    "list_type": "should be a list",
    "none_required": "should be null",
    "model_type": "should be an object",
    "model_attributes_type": "should be an object",
}


def _describe_one(detail: ErrorDetails, types: Sequence[str]) -> str:
    kind = detail["type"]
    loc = [_loc_part(part) for part in detail["loc"]]
    ctx = detail.get("ctx", {})
    if kind == "union_tag_invalid":
        tag = detail["input"].get("type") if isinstance(detail["input"], dict) else None
        if not isinstance(tag, str):
            return "type: should be text, the name of a message"
        near = nearest(tag, types)
        said = f"unknown message type {quote(tag)}" + (f"; did you mean {quote(near)}?" if near else "")
        listed = f"{said}; the types are {', '.join(types)}"
        # beside a long quoted type the room's many types would make an error too long to hear: named instead
        return listed if len(listed) < LISTED_MAX else f"{said}; docs/protocol.md lists the {len(types)} types"
    if kind == "union_tag_not_found":
        where = ".".join(loc)
        return f"{where + '.' if where else ''}type: missing; every message names its type"
    if not loc and kind in ("model_attributes_type", "model_type", "dict_type"):
        return "a message is a JSON object"
    if loc and loc[-1] == "[key]":
        key = quote(str(detail["loc"][-2]))
        prefix = ".".join(loc[:-2])
        if kind == "literal_error":
            return f"{prefix}: key {key} should be {ctx.get('expected', 'another key')}"
        return f"{prefix}: key {key}: {_PLAIN.get(kind, detail['msg'])}"
    where = ".".join(loc)
    if kind in _PLAIN:
        words = _PLAIN[kind]
    elif kind == "string_too_short":
        limit = ctx.get("min_length", 1)
        words = "should not be empty" if limit == 1 else f"should have at least {limit} characters"
    elif kind == "string_too_long":
        words = f"should have at most {ctx.get('max_length')} characters"
    elif kind in ("greater_than_equal", "less_than_equal"):
        low_high = "at least" if kind == "greater_than_equal" else "at most"
        words = f"should be {low_high} {ctx.get('ge', ctx.get('le'))}"
    elif kind == "too_long":
        words = f"should have at most {ctx.get('max_length')} entries"
    elif kind == "literal_error" or kind == "enum":
        words = f"should be {ctx.get('expected')}"
    else:
        words = detail["msg"]
        words = words[:1].lower() + words[1:]
    return f"{where}: {words}" if where else words

