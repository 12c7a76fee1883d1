"""Reports: a player reports another, or one of their chat lines, with a reason of their own; the room keeps the
lines as it stored them (the line reported and those said just before it that the reporter was sent), with the
table and the time, so a report carries what the reporter saw and nothing they typed about it. The moderators
connected anywhere in the room hear of each new report, and read the open ones as a queue."""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import datetime
from typing import Any

from ...language import _
from .. import protocol as p
from ..social.chat import LOBBY, hidden_from
from ..store import moderation as stored
from ..store.chat import last_messages, messages_after
from ..table.connections import Connection, need_player
from ..table.room import Room
from .roles import need_moderator

__all__ = ["queue_frame", "queue_maker", "report", "reports", "tell_moderators"]

REPORT_WINDOW = 3600.0  # the hour of REPORTS_PER_HOUR, in seconds


def report_words(found: stored.StoredReport) -> str:
    """The report in one line, as the queue and the terminal say it, in the language in force."""
    # Translators: {where} is "at table 7" or "in the lobby", where the report was made.
    where = _("at table {table}", table=found.table) if found.table else _("in the lobby")
    fields = {"number": found.id, "who": found.reporter or _("The room"), "player": found.player, "where": where,
              "reason": found.reason}
    if found.kind == "chat":
        line = next((entry for entry in found.lines if entry.get("reported")), None)
        fields["line"] = str(line["text"]) if line else ""
        if line and found.reason:
            text = _('Report {number}: {who} reports {player}\'s line {where}, "{line}": {reason}.', **fields)
        elif line:
            text = _('Report {number}: {who} reports {player}\'s line {where}, "{line}".', **fields)
        elif found.reason:
            text = _("Report {number}: {who} reports {player}'s line {where}: {reason}.", **fields)
        else:
            text = _("Report {number}: {who} reports {player}'s line {where}.", **fields)
    elif found.kind == "flag":
        text = _("Report {number}: the room flags {player} {where}: {reason}.", **fields) if found.reason else \
            _("Report {number}: the room flags {player} {where}.", **fields)
    else:
        text = _("Report {number}: {who} reports {player} {where}: {reason}.", **fields) if found.reason else \
            _("Report {number}: {who} reports {player} {where}.", **fields)
    return text[:p.MESSAGE_MAX]


def _entry(found: stored.StoredReport) -> p.ReportEntry:
    return p.ReportEntry(number=found.id, kind=found.kind, reporter=found.reporter,  # type: ignore[arg-type]
                         player=found.player, table=found.table, reason=found.reason, at=found.at.replace(
                             microsecond=0), lines=[_stored_line(line) for line in found.lines],
                         text=report_words(found))


def _stored_line(line: dict[str, Any]) -> p.ReportLine:
    return p.ReportLine(name=str(line["name"]), text=str(line["text"]), seq=int(line["seq"]),
                        at=datetime.fromisoformat(str(line["at"])), reported=bool(line["reported"]))


async def queue_frame(room: Room, reply_to: int | None = None) -> str:
    """The queue's frame, in the language in force."""
    return (await queue_maker(room, reply_to))()


async def queue_maker(room: Room, reply_to: int | None = None) -> Callable[[], str]:
    """The queue read now, and what makes its frame in the language in force (each report's line is words)."""
    found, total = await room.db(stored.open_reports, room.store, p.REPORTS_LISTED)
    return lambda: p.encode(p.ReportQueue(type="reports", id=reply_to, open=total, reports=[_entry(r) for r in found]))


async def tell_moderators(room: Room) -> None:
    """Every moderator and administrator connected in the room is sent the queue as it stands, each in their
    language."""
    frame = await queue_maker(room)
    for name, _role in await room.db(stored.roles, room.store):
        await room.tell(name, frame)


async def reports(room: Room, conn: Connection, message: p.ReportsRequest) -> None:
    await need_moderator(room, conn)
    conn.send(await queue_frame(room, message.id))


def _line(said: Any, reported: bool) -> dict[str, Any]:
    entry = said.entry
    return {"name": entry.name, "text": entry.text, "seq": entry.seq, "at": entry.at.isoformat(),
            "reported": reported}


async def report(room: Room, conn: Connection, message: p.Report) -> None:
    player = need_player(conn)
    chat = message.table or LOBBY
    if message.table is not None and message.table not in conn.tables:
        sits = any(s.player is not None and s.player.casefold() == player.name.casefold()
                   for s in (await room.table(message.table)).info.seats)
        if not sits:
            raise p.Refusal(p.ErrorCode.NOT_SEATED, _("you are not at table {table}", table=message.table))
    target = await room.db(room.store.player, message.name)
    if target is None:
        raise p.Refusal(p.ErrorCode.NO_SUCH_PLAYER, _("there is no player {name}", name=p.quote(message.name)))
    if target.id == player.id:
        raise p.Refusal(p.ErrorCode.BAD_MESSAGE, _("you cannot report yourself"))
    hidden = await hidden_from(room, conn)  # what the reporter was not sent, they did not see
    lines: list[dict[str, Any]] = []
    if message.seq is not None:
        said = [s for s in await room.db(messages_after, room.store, chat, max(0, message.seq - p.REPORT_CONTEXT),
                                         p.REPORT_CONTEXT) if s.seq <= message.seq]
        line = next((s for s in said if s.seq == message.seq), None)
        if line is None or line.sender_id != target.id:
            raise p.Refusal(p.ErrorCode.BAD_MESSAGE, _("line {seq} of that chat is not {name}'s", seq=message.seq,
                                                       name=target.name))
        lines = [_line(s, s.seq == message.seq) for s in said if s.seq == message.seq or s.sender_id not in hidden]
    else:
        recent = await room.db(last_messages, room.store, chat, 50)
        lines = [_line(s, False) for s in recent if s.sender_id == target.id][-p.REPORT_CONTEXT:]
    wait = await room.tallies.take(f"report:{player.id}", p.REPORTS_PER_HOUR, REPORT_WINDOW,
                                   room.store.now().timestamp())
    if wait > 0:
        minutes = max(1, math.ceil(wait / 60))
        raise p.Refusal(p.ErrorCode.TOO_MANY_REPORTS, _("you made {count} reports within the hour; you may make "
                                                        "another in {wait}", count=p.REPORTS_PER_HOUR,
                                                        wait=p.minutes_words(minutes)))
    found = await room.db(stored.add_report, room.store, "chat" if message.seq else "player", player, target.name,
                          message.table, message.seq, message.reason.strip(), lines)
    conn.send(p.encode(p.Notice(type="notice", id=message.id, kind="reported", name=found.player, text=_(
        "Your report of {name} was sent to the moderators; you will be told when it is handled.",
        name=found.player))))
    await tell_moderators(room)
