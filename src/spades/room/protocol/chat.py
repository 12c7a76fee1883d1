"""The messages of talk at the room: chat at a table and in the lobby, its settings, muting a player, and the
owner's removal of a person from a table.

"The lobby" is every signed-in connection that is at no table (neither seated nor watching): a lobby message
reaches those, and a table's message reaches the connections at that table, seated or watching, and no other."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AwareDatetime, Field

from .base import ClientBase, ServerBase
from .codes import (
    CHAT_EARLIER,
    CHAT_INPUT_MAX,
    CHAT_MAX,
    CHAT_RATE_MESSAGES,
    CHAT_RATE_SECONDS,
    CHAT_READBACK,
    MESSAGE_MAX,
    MUTES_MAX,
)
from .fields import Name, Part, TableId
from .language import Lang

__all__ = ["Chat", "ChatEntry", "ChatHistory", "ChatLine", "ChatLog", "ChatMode", "ChatSettings",
           "ChatSettingsInfo", "Mute", "Muted", "RemovePerson", "Removed"]

ChatMode = Literal["on", "off", "between_hands"]
ChatTable = TableId | None
_WHERE = "the table's number, or null for the lobby"
_LIMITS = (f"at most {CHAT_MAX} characters once NFC-normalised and stripped of the whitespace at its ends "
           f"(chat_too_long); no control character, and something that shows (chat_text); at most "
           f"{CHAT_RATE_MESSAGES} messages in any {CHAT_RATE_SECONDS:g} seconds a player (chat_flood). Plain "
           "text: markup is kept as the characters typed, and shown as text")


class Chat(ClientBase):
    """Say something to everyone at a table (its players and spectators) or in the lobby (every signed-in
    connection at no table). The room stores it, then sends it to each of them (the sender included, as the
    reply) but those who muted the sender, and, when the table's spectator_chat is off, a spectator's message to
    the other spectators only. The table's chat setting may refuse it (chat_off, chat_between_hands). The text is
    stored and sent in NFC with its explicit bidirectional controls (embeddings, overrides, isolates: U+202A to
    U+202E, U+2066 to U+2069) taken out, so that no message reverses what is shown after it. It is never
    translated: `lang` says which language it is written in, and everyone it reaches is sent that with it."""

    replies = ("chat (the message as sent to everyone, carrying the id); error chat_off, chat_between_hands, "
               "chat_too_long, chat_text, chat_flood, not_seated (not at that table), not_in_lobby")
    example = {"type": "chat", "id": 21, "table": 7, "text": "nice play", "lang": "en"}
    type: Literal["chat"]
    table: ChatTable = Field(description=_WHERE)
    text: Annotated[str, Field(max_length=CHAT_INPUT_MAX, description=_LIMITS)]
    lang: Lang | None = Field(default=None, description="the language the text is written in, when the sender "
                              "chose one (so that a screen reader may read it in that language's voice); left out: "
                              "not said")


class ChatHistory(ClientBase):
    """Ask for the last messages of a table's chat (one is at) or the lobby's, as the key that reads them back
    says them."""

    replies = f"chat_log (the last {CHAT_READBACK}, earlier false); error not_seated, not_in_lobby"
    example = {"type": "chat_history", "table": 7}
    type: Literal["chat_history"]
    table: ChatTable = Field(description=_WHERE)


class Mute(ClientBase):
    """Mute a player (muted true) or hear them again (false); without a name, only ask whom one mutes. Kept for
    the player across sessions; a muted player's chat is not sent to the one who muted them, and they are not
    told."""

    replies = "muted; error no_such_player"
    example = {"type": "mute", "id": 22, "name": "Bob", "muted": True}
    type: Literal["mute"]
    name: Name | None = None
    muted: bool = True


class ChatSettings(ClientBase):
    """Owner: the table's chat setting (on; off; between_hands: only while no trick is being played) and
    whether its players see the spectators' messages (spectators always see each other's). A field left out (or
    null) is left as it is. Everyone at the table is told the change in words."""

    replies = "chat_settings and said to everyone at the table; error not_owner"
    example = {"type": "chat_settings", "table": 7, "chat": "between_hands", "spectator_chat": False}
    type: Literal["chat_settings"]
    table: TableId
    chat: ChatMode | None = None
    spectator_chat: bool | None = None


class RemovePerson(ClientBase):
    """Owner: remove a person from the table, a seated player or a spectator, at any time; not oneself. Before
    the start their seat is free again; during the game the computer takes it at once (at the level that covers
    an absent player) and the table is told. Their connections leave the table (sent removed), and they may not
    sit at it or watch it again."""

    replies = "table and said to everyone at the table; error not_owner, no_such_player, bad_message"
    example = {"type": "remove_person", "table": 7, "name": "Bob"}
    type: Literal["remove_person"]
    table: TableId
    name: Name


class ChatEntry(Part):
    """One message of a chat, as stored."""

    name: Name = Field(description="who said it")
    text: Annotated[str, Field(max_length=CHAT_MAX, description="plain text, never markup")]
    spectator: bool = Field(description="the sender was watching the table, not seated at it")
    seq: Annotated[int, Field(ge=1, description="the message's number in its table's (or the lobby's) chat")]
    at: AwareDatetime = Field(description="when it was said (ISO 8601, UTC)")
    lang: Lang | None = Field(default=None, description="the language the sender said it is written in, as they "
                              "sent it; null (left out of a chat message) when they said none")


class ChatLine(ChatEntry, ServerBase):
    """A chat message. Said with its sender ("Bob: nice play"), politely, after the line being said; never
    translated, and with the language its sender said it is in (`lang`), if they said one."""

    sent_when = ("to everyone at the table (or in the lobby) who has not muted the sender, once it is stored; "
                 "to the sender as the reply to chat")
    example = {"type": "chat", "id": 21, "table": 7, "name": "Ada", "text": "nice play", "spectator": False,
               "seq": 12, "at": "2026-12-02T10:50:00Z", "lang": "en"}
    omitted_when_null = ("lang",)
    type: Literal["chat"]
    table: ChatTable = Field(description=_WHERE)


class ChatLog(ServerBase):
    """Messages said before, oldest first: on coming to a table (or asking for the lobby list) the last few, and
    back at a seat after an absence those said meanwhile, earlier true, said as "Earlier: Bob: nice play"; in reply
    to chat_history the last ones, earlier false."""

    sent_when = (f"after join (the last {CHAT_EARLIER} of the table's chat), after resume at a table where the "
                 f"player was away (what was said there meanwhile, up to {CHAT_READBACK}) and after lobby from a "
                 f"connection at no table (the lobby's, once a connection), when there are any; in reply to "
                 f"chat_history")
    example = {"type": "chat_log", "table": 7, "earlier": True, "messages": [
        {"name": "Bob", "text": "good luck", "spectator": False, "seq": 11, "at": "2026-12-02T10:49:00Z"}]}
    type: Literal["chat_log"]
    table: ChatTable = Field(description=_WHERE)
    earlier: bool
    messages: list[ChatEntry]


class Muted(ServerBase):
    """Whom the player mutes, after a change or when asked."""

    sent_when = "in reply to mute"
    example = {"type": "muted", "id": 22, "names": ["Bob"]}
    type: Literal["muted"]
    names: Annotated[list[Name], Field(max_length=MUTES_MAX)]


class ChatSettingsInfo(ServerBase):
    """A table's chat settings."""

    sent_when = "after join, and to everyone at the table when the owner changes them"
    example = {"type": "chat_settings", "table": 7, "chat": "on", "spectator_chat": True}
    type: Literal["chat_settings"]
    table: TableId
    chat: ChatMode
    spectator_chat: bool


class Removed(ServerBase):
    """The owner removed this player from the table: the connection is no longer at it."""

    sent_when = "to each connection of the removed person at the table"
    example = {"type": "removed", "table": 7, "text": "The owner removed you from table 7."}
    type: Literal["removed"]
    table: TableId
    text: Annotated[str, Field(max_length=MESSAGE_MAX, description="plain text, never markup")]

