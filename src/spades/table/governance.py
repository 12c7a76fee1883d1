"""The room's keys for people and moderators at the terminal table, and their chat-line commands.

``!`` reports the last chat line of another person heard here (its sender and number), after asking why;
Shift+F says the friends, one line each as the room words it, then the requests waiting; Shift+O says a
moderator's open reports, each with the lines kept with it; Shift+A (the session's) takes the last invitation.
In the chat line: ``/report NAME why``, ``/friend NAME`` (asks, or accepts a request), ``/unfriend NAME``,
``/decline NAME``, ``/block NAME``, ``/unblock NAME``, ``/invite NAME [seat]``; for moderators ``/warn N why``,
``/mute N MINUTES why``, ``/suspend N MINUTES why``, ``/ban N why``, ``/close N why``, ``/void N why``,
``/dismiss N why`` (N: a report's number, or a player's name) and ``/lift NAME why``. A name of several words is
found among the names heard here, or typed in quotes. Every answer is the room's, in a sentence."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from ..language import N_, _, listed, n_
from ..seats import SEAT_LETTERS, SEAT_NAMES, seat_words

__all__ = ["ACTS", "Ask", "Governance", "RoomLink", "friends_lines", "report_lines", "reports_lines",
           "split_name"]

ACTS = ("warn", "mute", "suspend", "ban", "close", "void", "dismiss", "lift")
TIMED = ("mute", "suspend")  # the acts that last so many minutes
FRIEND_ACTS = {"friend": "ask", "unfriend": "remove", "decline": "decline"}
MODERATOR_COMMANDS = N_("/warn, /mute N MINUTES, /suspend N MINUTES, /ban, /close, /void or /dismiss with a "
                        "report's number, then why; /lift NAME why")
NO_LINE = N_("No chat line of another person has been heard here yet. To report a player, type /report NAME and why "
             "in the chat line (Space).")
QUOTES = {'"': '"', "'": "'", "\u201c": "\u201d"}


@runtime_checkable
class RoomLink(Protocol):
    """What the link of an online table does for these keys (``RemoteLink``)."""

    name: str
    table: int | None
    last_heard: dict[str, Any] | None  # the last chat line of another person said here: name, text, seq, table
    invitation: dict[str, Any] | None  # the room's last notice of an invitation to a seat

    def request(self, message: dict[str, Any]) -> dict[str, Any] | str: ...
    def people(self) -> list[str]: ...
    def table_players(self) -> int | None: ...
    def join_command(self, table: int | None) -> str: ...


@dataclass(frozen=True)
class Ask:
    """A report still to be given its reason: the message to send, and the question that asks why."""

    message: dict[str, Any]
    question: str


def split_name(text: str, known: Iterable[str]) -> tuple[str, str]:
    """A name at the start of ``text`` and what follows it: a name in quotes, the longest of the ``known`` names
    (in any case) the text starts with, else its first word."""
    text = text.strip()
    close = QUOTES.get(text[:1])
    if close is not None and (end := text.find(close, 1)) > 1:
        return text[1:end].strip(), text[end + 1:].strip()
    for name in sorted({name for name in known if name}, key=len, reverse=True):
        if text[:len(name)].casefold() == name.casefold() and text[len(name):len(name) + 1] in ("", " "):
            return name, text[len(name):].strip()
    word, _, rest = text.partition(" ")
    return word, rest.strip()


def seat_of(word: str, players: int) -> int | None:
    """A seat as typed: its name (in English or as said in the language in force) or letters in any case, or its
    number."""
    word = word.strip().casefold()
    if word.isdigit():
        return int(word) if int(word) < players else None
    for seat, (name, letters) in enumerate(zip(SEAT_NAMES[players], SEAT_LETTERS[players], strict=True)):
        if word in (name.casefold(), letters.casefold(), seat_words(seat, players).casefold()):
            return seat
    return None


def said(lines: list[dict[str, Any]]) -> str:
    """A report's chat lines in one line, oldest first: "Cy, earlier: good luck; Bob, reported: you fool" (the
    name said again only when it changes)."""
    parts = []
    last = None
    for line in lines:
        name, text = line.get("name"), line.get("text")
        if name == last:
            parts.append(_("reported: {text}", text=text) if line.get("reported") else _("earlier: {text}", text=text))
        elif line.get("reported"):
            parts.append(_("{name}, reported: {text}", name=name, text=text))
        else:
            parts.append(_("{name}, earlier: {text}", name=name, text=text))
        last = name
    return "; ".join(parts)


def report_lines(entry: dict[str, Any]) -> list[str]:
    """One report as said: its sentence, then the lines kept with it."""
    lines = [str(entry.get("text"))]
    if entry.get("lines"):
        lines.append(said(list(entry["lines"])))
    return lines


def reports_lines(queue: dict[str, Any]) -> list[str]:
    """The open reports (the room's ``reports``), oldest first, and how to act on them."""
    shown = list(queue.get("reports") or [])
    total = int(queue.get("open") or len(shown))
    if not shown:
        return [_("No open reports.")]
    if total > len(shown):
        head = n_("{n} open report; the oldest {shown}:", "{n} open reports; the oldest {shown}:", total,
                  shown=len(shown))
    else:
        head = n_("{n} open report:", "{n} open reports, oldest first:", total)
    lines = [head]
    for entry in shown:
        lines.extend(report_lines(entry))
    lines.append(_("In the chat line: {commands}.", commands=_(MODERATOR_COMMANDS)))
    return lines


def friends_lines(reply: dict[str, Any]) -> list[str]:
    """The friends list (the room's ``friends``): where each friend is, then the requests waiting either way."""
    lines = [str(friend["text"]) for friend in reply.get("friends") or []]
    lines.extend(_("{name} asks to be your friend: /friend {name} accepts.", name=name)
                 for name in reply.get("asked_by") or [])
    asking = [str(name) for name in reply.get("asking") or []]
    if asking:
        lines.append(n_("You asked {names} to be your friend; no answer yet.",
                        "You asked {names} to be your friends; no answer yet.", len(asking), names=listed(asking)))
    return lines or [_("You have no friends at this room yet: /friend NAME in the chat line asks a player.")]


def sentence(text: str) -> str:
    """The room's words as a sentence of their own."""
    text = text.strip()
    return f"{text[:1].upper()}{text[1:]}" + ("" if text.endswith((".", "!", "?")) else ".")


class Governance:
    """The room's keys and commands at one table (or in the lobby's wait)."""

    def __init__(self, link: RoomLink) -> None:
        self.link = link
        self.known: set[str] = set()  # names met in the room's answers (friends, reports), for names of words

    def names(self) -> list[str]:
        return [*self.link.people(), *self.known]

    def ask(self, message: dict[str, Any]) -> dict[str, Any] | str:
        """The room's reply to ``message``; or, in a sentence, why there is none."""
        reply = self.link.request(message)
        return sentence(reply) if isinstance(reply, str) else reply

    # -- the keys ------------------------------------------------------------------------------------------------
    def report_last(self) -> Ask | str:
        """``!``: the report of the last line heard, to be given its reason; or why there is none."""
        heard = self.link.last_heard
        if heard is None:
            return _(NO_LINE)
        message = {"type": "report", "name": heard["name"], "table": heard.get("table"), "seq": heard["seq"]}
        return Ask(message, _("Report {name}'s line \"{text}\": why? (Enter sends, Escape takes it back)",
                              name=heard["name"], text=heard["text"]))

    def report(self, message: dict[str, Any], reason: str) -> str:
        """Send the report with its reason: the room's answer, or why it was not sent."""
        reply = self.link.request({**message, "reason": reason.strip()})
        if isinstance(reply, str):
            return _("Not reported: {reason}.", reason=reply.rstrip("."))
        return str(reply.get("text"))

    def friends(self) -> list[str]:
        reply = self.ask({"type": "friends"})
        if isinstance(reply, str):
            return [reply]
        self.known.update(str(f["name"]) for f in reply.get("friends") or [])
        self.known.update(str(n) for n in [*(reply.get("asked_by") or []), *(reply.get("asking") or [])])
        return friends_lines(reply)

    def reports(self) -> list[str]:
        reply = self.ask({"type": "reports"})
        if isinstance(reply, str):
            return [reply]
        self.known.update(str(r["player"]) for r in reply.get("reports") or [])
        return reports_lines(reply)

    def elsewhere(self) -> str:
        """Shift+A where the player cannot move to another table (waiting in the queue): how to take it."""
        invitation = self.link.invitation
        if invitation is None:
            return _("No invitation to accept.")
        seat = invitation.get("seat")
        command = self.link.join_command(invitation.get("table")) + (f" --seat {seat}" if seat is not None else "")
        return _("To take {name}'s invitation, leave here first with q, then: {command}", name=invitation.get("name"),
                 command=command)

    # -- the chat line's commands -------------------------------------------------------------------------------
    def command(self, word: str, rest: str) -> Ask | str | None:
        """A chat-line command of these keys (``/report``, ``/friend``, a moderator's ``/mute 4 10 why`` ...): the
        room's answer in words, or a report that still asks why; None when the command is none of these (the
        player's own ``/mute NAME``)."""
        if word == "report":
            return self._report(rest)
        if word in FRIEND_ACTS:
            return self._friend(FRIEND_ACTS[word], rest) if rest else _("Type /{command} and a player's name.",
                                                                           command=word)
        if word in ("block", "unblock"):
            return self._block(word == "block", rest)
        if word == "invite":
            return self._invite(rest)
        if word in ACTS and (word != "mute" or self._moderators_mute(rest)):
            return self._moderate(word, rest)
        return None

    def _moderators_mute(self, rest: str) -> bool:
        """``/mute`` of a report or a player for so many minutes, with why: a moderator's; a name alone is the
        player's own mute."""
        number = re.match(r"^\d+\s+(.*)$", rest)
        tail = number.group(1) if number is not None else split_name(rest, self.names())[1]
        return re.match(r"^\d+\s+\S", tail) is not None

    def _report(self, rest: str) -> Ask | str:
        if not rest:
            return _("Type /report, a player's name, then why.")
        name, reason = split_name(rest, self.names())
        message = {"type": "report", "name": name, "table": self.link.table, "seq": None}
        if not reason:
            return Ask(message, _("Report {name}: why? (Enter sends, Escape takes it back)", name=name))
        return self.report(message, reason)

    def _friend(self, act: str, rest: str) -> str:
        name = split_name(rest, self.names())[0] if rest[:1] in QUOTES else rest.strip()
        reply = self.ask({"type": "friend", "name": name, "act": act})
        if isinstance(reply, str):
            return reply
        friends = {str(f["name"]).casefold(): str(f["name"]) for f in reply.get("friends") or []}
        asking = {str(n).casefold(): str(n) for n in reply.get("asking") or []}
        self.known.update(friends.values())
        key = name.casefold()
        if act == "ask" and key in friends:
            return _("{name} and you are friends now.", name=friends[key])
        if act == "ask" and key in asking:
            return _("You asked {name} to be your friend; you will hear when they accept.", name=asking[key])
        if act == "decline":
            return _("You declined {name}'s request.", name=name)
        return _("{name} is not among your friends now.", name=name) if act == "remove" else _("Done.")

    def _block(self, block: bool, rest: str) -> str:
        name = (split_name(rest, self.names())[0] if rest[:1] in QUOTES else rest.strip()) or None
        reply = self.ask({"type": "block", "blocked": block, **({"name": name} if name else {})})
        if isinstance(reply, str):
            return reply
        names = [str(n) for n in reply.get("names") or []]
        if name is None:
            return _("You block {names}.", names=", ".join(names)) if names else _("You block no one.")
        if block:
            return _("You block {name}; they are not told.", name=name)
        return _("You no longer block {name}.", name=name)

    def _invite(self, rest: str) -> str:
        table, players = self.link.table, self.link.table_players()
        if table is None or players is None:
            return _("You invite a friend to the table you sit at; you are at no table now.")
        if not rest:
            return _("Type /invite, a friend's name, and if you like a seat (its name or number).")
        name, seat = rest.strip(), None
        words = name.rsplit(" ", 1)
        if len(words) == 2 and rest[:1] not in QUOTES and (found := seat_of(words[1], players)) is not None:
            name, seat = words[0], found
        elif rest[:1] in QUOTES:
            name, tail = split_name(rest, ())
            seat = seat_of(tail, players) if tail else None
            if tail and seat is None:
                seats = ", ".join(SEAT_LETTERS[players])
                return _("'{seat}' is not a seat at this table; the seats are {seats} (or 0 to {last}).", seat=tail,
                         seats=seats, last=players - 1)
        reply = self.ask({"type": "invite", "table": table, "name": name, **({} if seat is None else {"seat": seat})})
        return reply if isinstance(reply, str) else str(reply.get("text"))

    def _moderate(self, act: str, rest: str) -> str:
        usage = moderator_usage(act)
        if not rest:
            return _("Type {usage}.", usage=usage)
        number = re.match(r"^(\d+)(?:\s+|$)(.*)$", rest)
        message: dict[str, Any] = {"type": "moderate", "act": act}
        if number is not None and act != "lift":
            message["report"], rest = int(number.group(1)), number.group(2)
        else:
            message["name"], rest = split_name(rest, self.names())
        if act in TIMED:
            minutes, _space, rest = rest.partition(" ")
            if not minutes.isdigit():
                return _("Say for how many minutes: {usage}.", usage=usage)
            message["minutes"] = int(minutes)
        if not rest.strip():
            return _("Say why, in words the player is told: {usage}.", usage=usage)
        reply = self.ask({**message, "reason": rest.strip()})
        return reply if isinstance(reply, str) else str(reply.get("text"))


def moderator_usage(act: str) -> str:
    """How a moderator's command is typed: "/mute N MINUTES why (N: a report's number, or a player's name)"."""
    if act == "lift":
        return _("/lift NAME why (N: a report's number)")
    if act == "mute":
        return _("/mute N MINUTES why (N: a report's number, or a player's name)")
    if act == "suspend":
        return _("/suspend N MINUTES why (N: a report's number, or a player's name)")
    # Translators: {command} is the command's word as typed: warn, ban, close, void or dismiss.
    return _("/{command} N why (N: a report's number, or a player's name)", command=act)
