"""The two bases of every message, apart from the messages themselves, so that each family of messages (the
game's in ``messages``, and the others beside it) can live in a module of its own."""

from __future__ import annotations

from typing import Any, ClassVar

from .fields import ClientId, Part

__all__ = ["ClientBase", "ServerBase"]


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
