"""The terminal table's chat: Space opens a line to write (Enter sends it, Escape or an empty Enter closes it), p
offers the quick phrases (the next digit sends one), Shift+M reads back the last ten messages; in line mode,
``say TEXT`` (and a line starting with ``/`` is a command). The chat line also takes the commands ``/mute NAME``,
``/unmute NAME`` and, for the table's owner, ``/remove NAME``, ``/chat on|off|between`` and
``/spectators on|off``; the room's other keys (``!``, Shift+F, Shift+A, Shift+O) and their commands are
:mod:`spades.table.governance`'s, the report's reason typed in the same line.

Messages from the others come through the link as its notices ("Bob: nice play"), said after the line being said,
never cutting it off. A local game has no chat: the keys say so."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from ..language import N_, _
from ..words.keymap import CHAT_KEYS, PHRASES, phrases
from .governance import Ask, Governance, RoomLink

__all__ = ["EARLIER", "LOCAL", "ChatLink", "Talk", "chat_line"]

LOCAL = N_("Chat is for the tables of the online room (spades join); this game is yours alone.")
OPENED = N_("Chat: type your message; Enter sends it, Escape closes.")
CLOSED = N_("Chat closed.")
# Translators: put before a chat line said again (read back, or sent on coming to the table): "Earlier: Bob: hi".
EARLIER = N_("Earlier: ")
TAKEN_BACK = N_("Report taken back.")
COMMANDS = N_("The chat line's commands: /mute NAME, /unmute NAME, /report NAME why, /friend NAME, /unfriend NAME, "
              "/block NAME, /unblock NAME, /invite NAME and a seat; for the table's owner /remove NAME, /chat on, off "
              "or between, /spectators on or off; for moderators /warn, /mute N MINUTES, /suspend N MINUTES, /ban, "
              "/close, /void, /dismiss with a report's number and why, /lift NAME why. A name of several words goes "
              "in quotes.")
MODES = {"on": "on", "off": "off", "between": "between_hands"}
SWITCH = {"on": True, "off": False}


def phrase_list() -> str:
    """The quick phrases offered by p, each with its number, in the language in force."""
    numbered = ", ".join(f"{number} {phrase}" for number, phrase in enumerate(phrases(), 1))
    return _("Quick phrases: {phrases}. Press its number.", phrases=numbered)


def chat_line(message: dict[str, Any], earlier: bool = False) -> str:
    """A chat message as it is said: "Bob: nice play" ("Bob, watching: ..." for a spectator's); one said before,
    read back or sent on coming to the table, "Earlier: Bob: nice play", so that it never sounds new (the session
    knows such a line by the label ``_(EARLIER)`` it starts with)."""
    who = _("{name}, watching", name=message["name"]) if message.get("spectator") else str(message["name"])
    return f"{_(EARLIER) if earlier else ''}{who}: {message['text']}"


@runtime_checkable
class ChatLink(Protocol):
    """What the link of an online table does for the chat (``RemoteLink``); each answers None when done, or the
    room's reason."""

    def chat(self, text: str) -> str | None: ...
    def chat_history(self) -> list[str] | str: ...
    def request_words(self, message: dict[str, Any]) -> str: ...


class Talk:
    """The chat keys of one table; ``link`` is None at a local game."""

    def __init__(self, link: ChatLink | None, out: Callable[..., None],
                 echo: Callable[[str], None] | None = None, accept: Callable[[], None] | None = None) -> None:
        self.link = link
        self.out = out
        self.echo = echo  # shows what is typed in the chat line, key by key
        self.accept = accept  # Shift+A: the table takes the last invitation (None: it cannot move from here)
        self.room = Governance(link) if isinstance(link, RoomLink) else None  # reports, friends, moderators
        self.line: str | None = None  # the message being written, while the chat line is open
        self.reporting: dict[str, Any] | None = None  # the report whose reason the line is, while it is typed
        self.phrases = False  # the quick phrases were offered: the next key chooses

    @property
    def open(self) -> bool:
        return self.line is not None or self.phrases

    def key(self, key: str, does: str | None) -> bool:
        """Handle a key if it is the chat's (a chat key, or any key while the line or the phrases are open);
        False: the table handles it."""
        if self.line is not None:
            self._typed(key)
            return True
        if self.phrases:
            self.phrases = False
            if key.isdigit() and 1 <= int(key) <= len(PHRASES):
                self.send(phrases()[int(key) - 1])  # sent as the player would have typed it, in their language
            else:
                self.out(_("Quick phrases closed."), interrupt=True)
            return True
        if does not in CHAT_KEYS:
            return False
        if self.link is None:
            self.out(_(LOCAL), interrupt=True)
        elif does == "chat":
            self.line = ""
            self.out(_(OPENED), interrupt=True)
        elif does == "phrases":
            self.phrases = True
            self.out(phrase_list(), interrupt=True)
        elif does == "chat log":
            self.read_back()
        else:
            self.room_key(does)
        return True

    def room_key(self, does: str) -> None:
        """``!``, Shift+F, Shift+A and Shift+O: reports, friends, invitations, the moderators' queue."""
        room = self.room
        if room is None:
            self.out(_("That key is for the tables of the online room."), interrupt=True)
        elif does == "report":
            self.ask(room.report_last())
        elif does == "friends":
            self.say_all(room.friends())
        elif does == "reports":
            self.say_all(room.reports())
        elif self.accept is not None:
            self.accept()
        else:
            self.out(room.elsewhere(), interrupt=True)

    def ask(self, asked: Ask | str) -> None:
        """A report's question (its reason is typed in the line, Enter sends it), or the words why there is none."""
        if isinstance(asked, str):
            self.out(asked, interrupt=True)
            return
        self.reporting, self.line = asked.message, ""
        self.out(asked.question, interrupt=True)

    def say_all(self, lines: list[str]) -> None:
        """An answer of several lines: the first cuts off what was being said, the rest follow it."""
        for number, line in enumerate(lines):
            self.out(line, interrupt=number == 0, remember=False)

    def _typed(self, key: str) -> None:
        assert self.line is not None
        if self.echo is not None and (key in ("enter", "escape") or (key == "backspace" and self.line)
                                      or (len(key) == 1 and key.isprintable())):
            self.echo("enter" if key == "escape" else key)
        if key == "enter":
            text, self.line = self.line.strip(), None
            reporting, self.reporting = self.reporting, None
            if reporting is not None and self.room is not None:
                self.out(self.room.report(reporting, text), interrupt=True)
            elif text:
                self.send(text)
            else:
                self.out(_(CLOSED), interrupt=True)
        elif key == "escape":
            self.line = None
            self.out(_(CLOSED) if self.reporting is None else _(TAKEN_BACK), interrupt=True)
            self.reporting = None
        elif key == "backspace":
            self.line = self.line[:-1]
        elif len(key) == 1 and key.isprintable():
            self.line += key

    def whole_line(self, text: str) -> bool:
        """Line mode: a line while the chat line (or the phrases) is open, or ``say TEXT``; False when the line
        is not the chat's (the terminal has echoed the line as it was typed)."""
        if self.line is not None:
            self.line, echo, self.echo = text, self.echo, None
            try:
                self._typed("enter")
            finally:
                self.echo = echo
            return True
        if self.phrases:
            return self.key(text[:1] or "enter", None)
        word, _space, rest = text.partition(" ")
        if text.startswith("/") and self.link is not None:
            self.send(text)
            return True
        if word.lower() == "report" and rest.strip() and self.link is not None:  # report NAME (why)
            self.send(f"/report {rest.strip()}")
            return True
        if word.lower() != "say":
            return False
        if self.link is None:
            self.out(_(LOCAL), interrupt=True)
        elif rest.strip():
            self.send(rest.strip())
        else:
            self.out(_("Say what? Type say, then your message."), interrupt=True)
        return True

    def read_back(self) -> None:
        assert self.link is not None
        lines = self.link.chat_history()
        if isinstance(lines, str):
            self.out(lines, interrupt=True)
            return
        for line in lines or [_("No chat messages yet.")]:
            self.out(line, interrupt=True, remember=False)

    def send(self, text: str) -> None:
        """Send a message, or do a command of the chat line; what went wrong is said."""
        assert self.link is not None
        if text.startswith("/"):
            word, _space, rest = text[1:].partition(" ")
            room = self.room.command(word.lower(), rest.strip()) if self.room is not None else None
            if isinstance(room, Ask):
                self.ask(room)
                return
            answer = room if room is not None else self.command(text)
            if answer:
                self.out(answer, interrupt=True)
            return
        refused = self.link.chat(text)
        if refused is not None:  # the room's reason, a sentence of its own at times ("You are muted ...")
            reason = "y" + refused[1:] if refused.startswith("You ") else refused
            self.out(_("Not sent: {reason}.", reason=reason.rstrip(".")), interrupt=True)

    def command(self, text: str) -> str:
        assert self.link is not None
        word, _space, rest = text[1:].partition(" ")
        word, rest = word.lower(), rest.strip()
        if word in ("mute", "unmute") and rest:
            return self.link.request_words({"type": "mute", "name": rest, "muted": word == "mute"})
        if word == "remove" and rest:
            return self.link.request_words({"type": "remove_person", "name": rest})
        if word == "chat" and rest.lower() in MODES:
            return self.link.request_words({"type": "chat_settings", "chat": MODES[rest.lower()]})
        if word == "spectators" and rest.lower() in SWITCH:
            return self.link.request_words({"type": "chat_settings", "spectator_chat": SWITCH[rest.lower()]})
        return _(COMMANDS)
