"""The words for schema errors: pydantic's validation errors said as a player reads them ("act.action: missing"),
a clause each, the first few only, quoting what the client sent only in short escaped fragments."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from ...errors import nearest
from ...language import DEFAULT, N_, _, current, listed, n_
from .codes import MAX_CLAUSES, MESSAGE_MAX
from .fields import quote

LISTED_MAX = 450  # characters of an error that lists the message types, at most (the messages hold 500)


def describe(error: ValidationError, types: Sequence[str] = ()) -> str:
    """The errors of a validation in plain words, one clause each: "act.action: missing"; the first few only."""
    details = error.errors(include_url=False)
    clauses = [_describe_one(detail, types) for detail in details[:MAX_CLAUSES]]
    if len(details) > MAX_CLAUSES:
        more = len(details) - MAX_CLAUSES
        clauses.append(n_("and {n} more problem", "and {n} more problems", more))
    words = "; ".join(clauses)
    return words if len(words) <= MESSAGE_MAX else words[:MESSAGE_MAX - 3] + "..."


_FIELD_NAME = re.compile(r"^[a-z0-9_]{1,32}$")


def _loc_part(part: str | int) -> str:
    """A step of an error's location: a field's name as it is; anything else (a key the client made up) quoted."""
    text = str(part)
    return text if _FIELD_NAME.match(text) or text == "[key]" else quote(text)


_PLAIN: dict[str, str] = {
    "missing": N_("missing"),
    "extra_forbidden": N_("not a field of this message"),
    "string_type": N_("should be text"),
    "int_type": N_("should be a whole number"),
    "float_type": N_("should be a number"),
    "bool_type": N_("should be true or false"),
    "dict_type": N_("should be an object"),
    "list_type": N_("should be a list"),
    "none_required": N_("should be null"),
    "model_type": N_("should be an object"),
    "model_attributes_type": N_("should be an object"),
}


def _expected(ctx: dict[str, Any]) -> str:
    """What a literal or an enum should be: pydantic's list of the allowed values ("'on', 'off' or 'x'"), said
    with the language's own "or"."""
    expected = str(ctx.get("expected", ""))
    if current() == DEFAULT:  # pydantic's own list is English's already
        return expected
    found = re.fullmatch(r"(.*) or ('[^']*'|\S+)", expected)
    if not found:
        return expected
    return listed([*filter(None, found.group(1).split(", ")), found.group(2)], "or")


def _problem(kind: str, detail: ErrorDetails, ctx: dict[str, Any]) -> str:
    """What is wrong with one field, without the field."""
    if kind in _PLAIN:
        return _(_PLAIN[kind])
    if kind == "string_too_short":
        limit = ctx.get("min_length", 1)
        return _("should not be empty") if limit == 1 else \
            _("should have at least {limit} characters", limit=limit)
    if kind == "string_too_long":
        return _("should have at most {limit} characters", limit=ctx.get("max_length"))
    if kind == "greater_than_equal":
        return _("should be at least {limit}", limit=ctx.get("ge"))
    if kind == "less_than_equal":
        return _("should be at most {limit}", limit=ctx.get("le"))
    if kind == "too_long":
        return _("should have at most {limit} entries", limit=ctx.get("max_length"))
    if kind in ("literal_error", "enum"):
        return _("should be {expected}", expected=_expected(ctx))
    if kind == "string_pattern_mismatch":
        return _("string should match pattern {pattern}", pattern=quote(str(ctx.get("pattern", "")), 80))
    words = detail["msg"]  # the room's own checks are made in the language in force (their templates are marked)
    return words[:1].lower() + words[1:]


def _describe_one(detail: ErrorDetails, types: Sequence[str]) -> str:
    kind = detail["type"]
    loc = [_loc_part(part) for part in detail["loc"]]
    ctx = dict(detail.get("ctx", {}))
    if kind == "union_tag_invalid":
        tag = detail["input"].get("type") if isinstance(detail["input"], dict) else None
        if not isinstance(tag, str):
            return _("type: should be text, the name of a message")
        near = nearest(tag, types)
        said = _("unknown message type {type}; did you mean {near}?", type=quote(tag), near=quote(near)) if near \
            else _("unknown message type {type}", type=quote(tag))
        listed_types = _("{problem}; the types are {types}", problem=said, types=", ".join(types))
        # beside a long quoted type the room's many types would make an error too long to hear: named instead
        return listed_types if len(listed_types) < LISTED_MAX else \
            _("{problem}; docs/protocol.md lists the {count} types", problem=said, count=len(types))
    if kind == "union_tag_not_found":
        where = ".".join(loc)
        return _("{field}type: missing; every message names its type", field=where + "." if where else "")
    if not loc and kind in ("model_attributes_type", "model_type", "dict_type"):
        return _("a message is a JSON object")
    if loc and loc[-1] == "[key]":
        key = quote(str(detail["loc"][-2]))
        prefix = ".".join(loc[:-2])
        if kind == "literal_error":
            return _("{field}: key {key} should be {expected}", field=prefix, key=key,
                     expected=_expected(ctx) if ctx.get("expected") else _("another key"))
        return _("{field}: key {key}: {problem}", field=prefix, key=key,
                 problem=_(_PLAIN[kind]) if kind in _PLAIN else detail["msg"])
    where = ".".join(loc)
    words = _problem(kind, detail, ctx)
    # Translators: {field} is where in the message (act.action), {problem} what is wrong with it.
    return _("{field}: {problem}", field=where, problem=words) if where else words
