"""The language a connection is said everything in, and the language a chat message is written in.

A connection's language is chosen as it opens (``/ws?lang=fr``, else the browser's ``Accept-Language``, else
English) and may be changed with ``language``: every said line, every update's lines and prompt, every error's
words and every notice the room sends that connection are made in it, whoever else is at the table. A chat message
is never translated: it may say which language its sender wrote it in (``lang``, a BCP 47 tag), and everyone it
reaches is sent that tag with it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

from pydantic import Field

from ...language import LANGUAGES
from .base import ClientBase, ServerBase

__all__ = ["LANG_MAX", "LANG_PATTERN", "Lang", "Language", "LanguageInfo", "Spoken"]

LANG_MAX = 35  # characters of a chat message's language tag (BCP 47 recommends room for 35)
# A well-formed BCP 47 tag, as far as a chat line needs: a primary subtag of letters (2 to 8, or the private-use x
# and grandfathered i), then subtags of 1 to 8 letters or digits, each after a hyphen.
LANG_PATTERN = r"^(?:[A-Za-z]{2,8}|[xXiI])(?:-[A-Za-z0-9]{1,8})*$"

Lang = Annotated[str, Field(min_length=1, max_length=LANG_MAX, pattern=LANG_PATTERN,
                            description="a language tag (BCP 47): one of the room's languages ("
                            + ", ".join(LANGUAGES) + ") or any other, such as pt-BR")]

if TYPE_CHECKING:
    Spoken = str
else:  # the languages the room speaks, and the schema's enum, are spades.language's
    Spoken = Literal[LANGUAGES]


class Language(ClientBase):
    """Choose the language the room says everything to this connection in from now on: said lines, updates' lines
    and prompts, errors and notices (a connection's language is chosen as it opens: `/ws?lang=fr`, else the
    browser's `Accept-Language`, else English). Chat is never translated."""

    replies = "language"
    example: ClassVar[dict[str, Any]] = {"type": "language", "id": 5, "lang": "fr"}
    type: Literal["language"]
    lang: Spoken = Field(description="one of the languages the room speaks")


class LanguageInfo(ServerBase):
    """The language the room says everything to this connection in."""

    sent_when = "in reply to language"
    example: ClassVar[dict[str, Any]] = {"type": "language", "id": 5, "lang": "fr"}
    type: Literal["language"]
    lang: Spoken
