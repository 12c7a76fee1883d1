"""The two bases of every message, apart from the messages themselves, so that each family of messages (the
game's in ``messages``, and the others beside it) can live in a module of its own."""

from __future__ import annotations

import json
from typing import Any, ClassVar

from ...language import _
from .codes import MAX_CLIENT_ID
from .fields import ClientId, Part

__all__ = ["ClientBase", "ServerBase", "frame_id"]


class ClientBase(Part):
    """Every client message: its type and an optional number the reply carries back."""

    example: ClassVar[dict[str, Any]]
    replies: ClassVar[str]
    id: ClientId = None


class ServerBase(Part):
    """Every server message: its type and, in a reply, the number of the client message it answers."""

    example: ClassVar[dict[str, Any]]
    sent_when: ClassVar[str]
    omitted_when_null: ClassVar[tuple[str, ...]] = ()  # optional fields left out of the frame when they are null
    id: ClientId = None


def _no_constant(name: str) -> Any:
    raise ValueError(_("{name} is not a JSON number", name=name))


def frame_id(text: str | bytes) -> int | None:
    """The ``id`` a frame asks its reply to carry, when it can be read at all: a frame refused whole (too large,
    over the rate) is still answered with it, so that a client waiting on its id hears the refusal. The
    transport has already cut anything longer than ``TRANSPORT_MAX_BYTES``, so reading it is cheap."""
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        return None
    client_id = value.get("id") if isinstance(value, dict) else None
    return client_id if type(client_id) is int and 0 <= client_id <= MAX_CLIENT_ID else None
