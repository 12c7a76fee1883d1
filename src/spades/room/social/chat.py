"""Chat at a table and in the lobby: each message checked (plain text that shows, not too long, not too fast, the
table's setting), stored with its number in its chat, then sent to everyone there who has not muted its sender.

A chat is a table's (its key is the table's id) or the lobby's (key 0). The database numbers each chat's messages
(a unique key on chat and seq, as a table's actions), and every process sends its own connections the stored
messages after the last one it sent, under that chat's lock: the sending process does so at once, the others when
the bus tells them a chat has a new message (the notice holds the chat and the seq, not the text). So a message
reaches each process once and in order, and reaches no other table nor the lobby.

"The lobby" is every signed-in connection at no table. Mutes are a player's, kept in the database across sessions;
each process keeps the muting player's list once read (with the players they block: a blocked player's chat never
reaches them either), and drops it when the bus says it changed. A player a moderator muted is refused in every
chat, told why and for how long, until the mute ends by itself."""

from __future__ import annotations

import asyncio
import math
import time
import unicodedata
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ...language import N_, _, n_, number
from ...view import Phase
from .. import protocol as p
from ..store import Account
from ..store.chat import Said, last_messages, last_seq, messages_after, muted_ids, set_mute, store_message
from ..store.friends import blocks_of
from ..store.moderation import in_force
from ..table.connections import Connection, need_player
from ..table.events import ConnectionClosed

if TYPE_CHECKING:
    from ..table.live import LiveTable
    from ..table.room import Room

__all__ = ["LOBBY", "ChatState", "back_from_away", "chat", "chat_settings", "clean_text", "hidden_from", "history",
           "joined",
           "lobby_listed", "mute", "on_notice", "settings_of"]

LOBBY = 0  # the lobby's chat key; a table's is its id
# Characters that show nothing though their category is a letter or a symbol: the Hangul fillers and the blank
# braille pattern, beside the categories below (spaces, separators, format characters, combining marks alone).
INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800")
INVISIBLE_CATEGORIES = frozenset({"Zs", "Zl", "Zp", "Cf", "Mn", "Me", "Cn"})
MODES = {"on": "on", "off": "off", "between_hands": "only between hands"}


# -- the text ----------------------------------------------------------------------------------------------------

# The explicit bidirectional formatting characters: embeddings, overrides and isolates, and their ends. An override
# left open (U+202E) reverses whatever is shown after it, the sender's name and the next line included; a message
# keeps its direction from its letters (Unicode's implicit ordering, and the marks U+200E and U+200F) without them.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def clean_text(text: str) -> str:
    """The message as stored: NFC, the explicit bidirectional controls dropped (``BIDI_CONTROLS``), the ends'
    whitespace stripped; a refusal saying why it cannot be said."""
    if any(unicodedata.category(char) == "Cs" for char in text):
        raise p.Refusal(p.ErrorCode.CHAT_TEXT, _("the message is not Unicode text (a lone surrogate)"))
    text = "".join(char for char in unicodedata.normalize("NFC", text) if char not in BIDI_CONTROLS).strip()
    control = next((char for char in text if unicodedata.category(char) == "Cc"), None)
    if control is not None:
        code = f"{ord(control):04X}"
        raise p.Refusal(p.ErrorCode.CHAT_TEXT, _("the message holds a control character (U+{code}); a chat "
                                                 "message is one line of text", code=code))
    if not text:
        raise p.Refusal(p.ErrorCode.CHAT_TEXT, _("the message is empty"))
    if len(text) > p.CHAT_MAX:
        raise p.Refusal(p.ErrorCode.CHAT_TOO_LONG, _("the message is {length} characters; the limit is {limit}",
                                                     length=len(text), limit=p.CHAT_MAX))
    if all(char in INVISIBLE or unicodedata.category(char) in INVISIBLE_CATEGORIES for char in text):
        raise p.Refusal(p.ErrorCode.CHAT_TEXT, _("the message shows nothing: it is only spaces, invisible or "
                                                 "combining characters"))
    return text


# -- each process's state ----------------------------------------------------------------------------------------

@dataclass
class ChatState:
    """This process's part: the last message of each chat sent to its connections, the chats' locks and the mutes
    read (each sender's recent messages, the rate, are the room's tallies)."""

    sent: dict[int, int] = field(default_factory=dict)
    locks: dict[int, asyncio.Lock] = field(default_factory=dict)
    mutes: dict[int, frozenset[int]] = field(default_factory=dict)
    lobby_heard: weakref.WeakSet[Connection] = field(default_factory=weakref.WeakSet)
    clock: Any = time.time  # shared by the processes of a room

    def lock(self, chat: int) -> asyncio.Lock:
        return self.locks.setdefault(chat, asyncio.Lock())

    def forget_chat(self, chat: int) -> None:
        """The table is no longer in this process's memory: what was sent of its chat is read again when someone
        comes back to it (``_follow``)."""
        lock = self.locks.get(chat)
        if lock is None or not lock.locked():
            self.locks.pop(chat, None)
            self.sent.pop(chat, None)

    def forget_player(self, player_id: int) -> None:
        """The player has no connection to this process any more: their mutes are read again if they come back
        (their recent messages stay in the room's tallies while they count against the rate)."""
        self.mutes.pop(player_id, None)

    async def check_rate(self, room: Room, player: Account) -> None:
        """Refuse a message over the player's rate; else count it. Counted in the room's tallies, so a player's
        messages through every process of the room count together."""
        wait = await room.tallies.take(f"chat:{player.id}", p.CHAT_RATE_MESSAGES, p.CHAT_RATE_SECONDS, self.clock())
        if wait > 0:
            seconds = max(1, math.ceil(wait))
            raise p.Refusal(p.ErrorCode.CHAT_FLOOD, n_(
                "you sent {count} messages within {within} seconds; wait {n} second",
                "you sent {count} messages within {within} seconds; wait {n} seconds", seconds,
                count=p.CHAT_RATE_MESSAGES, within=number(p.CHAT_RATE_SECONDS)))


def settings_of(table: LiveTable) -> tuple[str, bool]:
    """The table's chat setting and whether its players see the spectators' messages."""
    settings = table.info.settings
    mode = settings.get("chat", "on")
    return (mode if mode in MODES else "on"), bool(settings.get("spectator_chat", True))


def _settings_frame(table: LiveTable, reply_to: int | None = None) -> str:
    mode, spectators = settings_of(table)
    return p.encode(p.ChatSettingsInfo(type="chat_settings", id=reply_to, table=table.id,
                                       chat=mode, spectator_chat=spectators))  # type: ignore[arg-type]


def _in_lobby(conn: Connection) -> bool:
    return conn.player is not None and not conn.tables


# -- sending -----------------------------------------------------------------------------------------------------

async def _mutes(room: Room, player: Account) -> frozenset[int]:
    """Whose messages the player is not sent: those they mute and those they block."""
    state = state_of(room)
    known = state.mutes.get(player.id)
    if known is None:
        known = state.mutes[player.id] = (await room.db(muted_ids, room.store, player.id)
                                          | await room.db(blocks_of, room.store, player.id))
    return known


async def hidden_from(room: Room, conn: Connection) -> frozenset[int]:
    """The players whose chat this connection's player is not sent (muted or blocked)."""
    return await _mutes(room, need_player(conn))


async def _recipients(room: Room, said: Said) -> list[Connection]:
    """Who is sent the message: everyone in its chat but those who muted its sender and, at a table whose players
    do not see the spectators' chat, the players for a spectator's message."""
    if said.chat == LOBBY:
        connections = [conn for conn in room.connections if _in_lobby(conn)]
        players: set[str] = set()
    else:
        connections = room.connections.at(said.chat)
        table = room.tables.get(said.chat)
        players = set()
        if table is not None and said.entry.spectator and not settings_of(table)[1]:
            players = {name for name in table.people().values()}
    chosen = []
    for conn in connections:
        if conn.player is None or conn.player.name in players:
            continue
        if said.sender_id in await _mutes(room, conn.player):
            continue
        chosen.append(conn)
    return chosen


async def _follow(room: Room, chat: int) -> None:
    """A connection of this process came to the chat: from now on, it sends every message after the last one
    stored (the ones before were for others; the newcomer hears them in its chat_log)."""
    state = state_of(room)
    if chat not in state.sent:
        async with state.lock(chat):
            if chat not in state.sent:
                state.sent[chat] = await room.db(last_seq, room.store, chat)


async def deliver(room: Room, chat: int, upto: int) -> None:
    """Send this process's connections the chat's stored messages up to ``upto`` it has not sent yet, in
    order."""
    async with state_of(room).lock(chat):
        await _send_new(room, chat, upto)


async def _send_new(room: Room, chat: int, upto: int, reply: tuple[Connection, int | None] | None = None) -> None:
    """(Under the chat's lock.) The sending itself; the sender's copy (``reply``, for the message numbered
    ``upto``) carries its message's id."""
    state = state_of(room)
    last = state.sent.get(chat, upto - 1)
    if upto <= last:
        return
    for said in await room.db(messages_after, room.store, chat, last):
        frames: dict[int | None, str] = {}
        for conn in await _recipients(room, said):
            ident = reply[1] if reply is not None and conn is reply[0] and said.seq == upto else None
            if ident not in frames:
                frames[ident] = p.encode(p.ChatLine(type="chat", id=ident, table=chat or None,
                                                    **said.entry.model_dump()))
            conn.send(frames[ident])
        state.sent[chat] = said.seq


async def chat(room: Room, conn: Connection, message: p.Chat) -> None:
    player = need_player(conn)
    spectator = False
    if message.table is None:
        if not _in_lobby(conn):
            raise p.Refusal(p.ErrorCode.NOT_IN_LOBBY, _("you are at a table: leave it to talk in the lobby"))
        key = LOBBY
    else:
        if message.table not in conn.tables:
            raise p.Refusal(p.ErrorCode.NOT_SEATED, _("you are not at that table"))
        table = await room.table(message.table)
        _allowed(table)
        spectator = table.seat_of(conn) is None
        key = table.id
    text = clean_text(message.text)
    muted = await room.db(in_force, room.store, player.id, ("mute",))
    if muted is not None:  # a moderator's mute: refused with the time left, in every chat
        raise p.Refusal(p.ErrorCode.MUTED, muted.words(room.store.now()))  # in the language in force
    await state_of(room).check_rate(room, player)
    async with state_of(room).lock(key):  # stored and sent under the lock: no notice sends it first, without its id
        seq = await room.db(store_message, room.store, key, player, text, spectator, message.lang)
        await _send_new(room, key, seq, (conn, message.id))
    await room.bus.publish({"chat": key, "seq": seq})


def _allowed(table: LiveTable) -> None:
    mode, _spectators = settings_of(table)
    if mode == "off":
        raise p.Refusal(p.ErrorCode.CHAT_OFF, _("the owner has turned this table's chat off"))
    host = table.host
    if mode == "between_hands" and table.info.state == "playing" and host is not None \
            and host.game.phase is Phase.PLAY:
        raise p.Refusal(p.ErrorCode.CHAT_BETWEEN_HANDS, _("this table's chat is open only between hands, not "
                                                          "while the cards are played"))


async def _log(room: Room, conn: Connection, chat: int, count: int, earlier: bool, reply_to: int | None = None,
               always: bool = False, since: datetime | None = None) -> None:
    """The chat's last ``count`` messages to ``conn`` (but those of players it muted, those it would not be sent
    now, and with ``since`` those said before then), as one chat_log."""
    assert conn.player is not None
    mutes = await _mutes(room, conn.player)
    hidden: set[str] = set()
    table = room.tables.get(chat) if chat != LOBBY else None
    if table is not None and not settings_of(table)[1] and table.seat_of(conn) is not None:
        hidden = {"spectator"}
    said = [s for s in await room.db(last_messages, room.store, chat, count, since)
            if s.sender_id not in mutes and not (hidden and s.entry.spectator)]
    if said or always:
        conn.send(p.encode(p.ChatLog(type="chat_log", id=reply_to, table=chat or None, earlier=earlier,
                                     messages=[s.entry for s in said])))


async def joined(room: Room, conn: Connection, table_id: int) -> None:
    """Someone came to a table: its chat settings, and the last few messages said there."""
    table = await room.table(table_id)
    await _follow(room, table.id)
    conn.send(_settings_frame(table))
    await _log(room, conn, table.id, p.CHAT_EARLIER, earlier=True)


async def back_from_away(room: Room, conn: Connection, table_id: int, since: datetime) -> None:
    """A person is back at their seat after an absence that began at ``since``: what was said at the table
    meanwhile (they had no connection there to hear it), as earlier lines, and nothing they heard before."""
    await _follow(room, table_id)
    await _log(room, conn, table_id, p.CHAT_READBACK, earlier=True, since=since)


async def lobby_listed(room: Room, conn: Connection) -> None:
    """A connection at no table asked for the lobby list: the lobby's last few messages, once."""
    if _in_lobby(conn) and conn not in state_of(room).lobby_heard:
        await _follow(room, LOBBY)
        state_of(room).lobby_heard.add(conn)
        await _log(room, conn, LOBBY, p.CHAT_EARLIER, earlier=True)


async def history(room: Room, conn: Connection, message: p.ChatHistory) -> None:
    need_player(conn)
    if message.table is None:
        if not _in_lobby(conn):
            raise p.Refusal(p.ErrorCode.NOT_IN_LOBBY, _("you are at a table, not in the lobby"))
    elif message.table not in conn.tables:
        raise p.Refusal(p.ErrorCode.NOT_SEATED, _("you are not at that table"))
    await _log(room, conn, message.table or LOBBY, p.CHAT_READBACK, earlier=False, reply_to=message.id,
               always=True)


async def mute(room: Room, conn: Connection, message: p.Mute) -> None:
    player = need_player(conn)
    names: list[str] = await room.db(set_mute, room.store, player, message.name, message.muted)
    state_of(room).mutes.pop(player.id, None)
    if message.name is not None:
        await room.bus.publish({"mutes": player.id})
    conn.send(p.encode(p.Muted(type="muted", id=message.id, names=names)))


async def chat_settings(room: Room, conn: Connection, message: p.ChatSettings) -> None:
    player = need_player(conn)
    table = await room.table(message.table)
    async with table.lock:
        await table.refresh()
        if table.info.owner != player.name:
            raise p.Refusal(p.ErrorCode.NOT_OWNER, _("only the table's owner may do that"))
        was = settings_of(table)
        change: dict[str, Any] = {}
        if message.chat is not None:
            change["chat"] = message.chat
        if message.spectator_chat is not None:
            change["spectator_chat"] = message.spectator_chat
        if change:
            await room.db(room.store.update_settings, table.id, change)
            await table.refresh()
        _tell_settings(table, was, conn, message.id)
    await room.bus.publish({"chat_settings": table.id, "was": list(was)})


def _tell_settings(table: LiveTable, was: tuple[str, bool], to: Connection | None = None,
                   reply_to: int | None = None) -> None:
    """Everyone at the table (and ``to``, the owner, with the reply's id) has the settings; the change said."""
    frame = _settings_frame(table)
    for conn in table.room.connections.at(table.id):
        if conn is not to:
            conn.send(frame)
    if to is not None:
        to.send(_settings_frame(table, reply_to))
    for line in settings_lines(was, settings_of(table)):
        table.say(line)


_MODE_LINES = {"on": N_("The owner turned the table's chat on."), "off": N_("The owner turned the table's chat off."),
               "between_hands": N_("The owner opened the table's chat only between hands.")}


def settings_lines(was: tuple[str, bool], now: tuple[str, bool]) -> list[Callable[[], str]]:
    """The change of a table's chat settings, in words: each line made in the language it is heard in."""
    lines: list[Callable[[], str]] = []
    if was[0] != now[0]:
        mode = _MODE_LINES[now[0]]
        lines.append(lambda: _(mode))
    if was[1] != now[1]:
        spectators = now[1]
        lines.append(lambda: _("The players now see the spectators' chat.") if spectators
                     else _("The players no longer see the spectators' chat; spectators still see each other's."))
    return lines


async def on_notice(room: Room, notice: dict[str, Any]) -> bool:
    """A chat's notice from the bus: send what is new; True when the notice was chat's."""
    if isinstance(notice.get("chat"), int) and isinstance(notice.get("seq"), int):
        if notice["chat"] == LOBBY or notice["chat"] in room.tables:
            await deliver(room, notice["chat"], notice["seq"])
        return True
    if isinstance(notice.get("mutes"), int):
        state_of(room).mutes.pop(notice["mutes"], None)
        return True
    if isinstance(notice.get("chat_settings"), int):
        table = room.tables.get(notice["chat_settings"])
        was = notice.get("was")
        if table is not None and isinstance(was, list) and len(was) == 2:
            async with table.lock:
                await table.refresh()
                _tell_settings(table, (str(was[0]), bool(was[1])))
        return True
    return False


_STATES: weakref.WeakKeyDictionary[Room, ChatState] = weakref.WeakKeyDictionary()


def state_of(room: Room) -> ChatState:
    """This process's chat state for the room: rates, locks, mutes read, who heard the lobby."""
    return _STATES.setdefault(room, ChatState())


def install(room: Room) -> None:
    """Chat's own notices on the bus: a chat's new message, a player's mutes changed, a table's chat settings."""

    for key in ("chat", "mutes", "chat_settings"):
        room.on_notice_key(key, on_notice)
    state = state_of(room)
    room.released.append(state.forget_chat)

    async def closed(event: ConnectionClosed) -> None:
        state.lobby_heard.discard(event.connection)  # not left to the collector: the count is read as it is
        player = event.connection.player
        if player is not None and not any(conn.player is not None and conn.player.id == player.id
                                          and conn is not event.connection for conn in room.connections):
            state.forget_player(player.id)

    room.events.subscribe(ConnectionClosed, closed)
    room.held.update({"chat_sent": lambda: len(state.sent), "chat_locks": lambda: len(state.locks),
                      "chat_mutes": lambda: len(state.mutes),
                      "chat_lobby_heard": lambda: len(state.lobby_heard)})
