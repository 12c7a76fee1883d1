"""The messages of the room's governance: a player's report of a player or a chat line; the moderators' queue of
reports and their acts (warn, mute, suspend, ban, close a table, void a game's rating, dismiss, lift); the
administrators' roles and audit log; and the notice that tells a player what was done.

Every moderator message is refused (``not_moderator``) unless the sender is a moderator or an administrator at
the moment it arrives, and every administrator message (``not_admin``) unless they are an administrator: the
role is read from the database each time. Names, reasons and chat lines in reports and audit lines are plain
text, never markup."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AwareDatetime, Field

from .base import ClientBase, ServerBase
from .codes import (
    AUDIT_PAGE,
    CHAT_MAX,
    MESSAGE_MAX,
    REPORT_CONTEXT,
    REPORT_REASON_MAX,
    REPORTS_LISTED,
    REPORTS_PER_HOUR,
    SANCTION_MINUTES_MAX,
)
from .fields import Name, Part, TableId

__all__ = ["Act", "AuditEntry", "AuditLog", "AuditRequest", "Moderate", "Notice", "NoticeKind", "Report",
           "ReportEntry", "ReportLine", "ReportQueue", "ReportsRequest", "RoleEntry", "Roles", "SetRole"]

Reason = Annotated[str, Field(max_length=REPORT_REASON_MAX, description="plain text; kept as typed (stripped)")]
Act = Literal["warn", "mute", "suspend", "ban", "close", "void", "dismiss", "lift"]
NoticeKind = Literal["warned", "muted", "suspended", "banned", "lifted", "report_handled", "reported",
                     "moderated", "table_closed", "friend_asked", "friend_accepted", "invited", "invite_sent",
                     "role"]


class Report(ClientBase):
    """Report a player to the moderators, or one line of a chat (``seq``, the line's number in the chat of
    ``table``, or of the lobby for null). The room keeps the line as it stored it, with the lines said just before
    it and the table and time, not anything the reporter types; the reason is the reporter's own words. A guest
    may report too. At most REPORTS_PER_HOUR reports a player in any hour."""

    replies = ("notice (kind reported); error no_such_player, too_many_reports, not_seated (a line of a table the "
               "reporter is not at), bad_message (no such line, or not the player's)")
    example = {"type": "report", "id": 30, "name": "Bob", "table": 7, "seq": 12, "reason": "insults"}
    type: Literal["report"]
    name: Name = Field(description="the player reported")
    table: TableId | None = Field(default=None, description="the table whose chat holds the line, or where the "
                                  "player was met; null: the lobby")
    seq: Annotated[int, Field(ge=1, le=10**9)] | None = Field(default=None, description="the chat line "
                                                              "reported (its seq), or null: the player")
    reason: Reason = ""


class ReportsRequest(ClientBase):
    """Moderator: the open reports, oldest first, each with its lines."""

    replies = "reports; error not_moderator"
    example = {"type": "reports", "id": 31}
    type: Literal["reports"]


class Moderate(ClientBase):
    """Moderator: act on a report (``report``) or on a player (``name``) directly. warn sends them a message;
    mute keeps their chat from every table and the lobby for ``minutes``; suspend keeps them out of the room for
    ``minutes`` (their connections are closed, their seats in games pass to the computer under the cover rule,
    and they cannot sign in, register or take a guest's name from their addresses until it ends); ban does so for
    good; close ends a table (``table``, or the report's) with no result; void takes a finished game's rating back
    (``table``) and rebuilds the ratings without it; dismiss closes the report with nothing done; lift ends the
    player's mutes and suspensions in force. The player is told what was done, why and until when; the reporter
    is told the report was handled. Every act is written to the audit log with its reason."""

    replies = "notice (kind moderated) and reports; error not_moderator, no_such_report, no_such_player"
    example = {"type": "moderate", "id": 32, "report": 4, "act": "mute", "minutes": 60, "reason": "insults at "
               "table 7"}
    type: Literal["moderate"]
    act: Act
    report: Annotated[int, Field(ge=1, le=2**31 - 1)] | None = None
    name: Name | None = Field(default=None, description="the player acted on (else the report's)")
    table: TableId | None = Field(default=None, description="close and void: the table (else the report's)")
    minutes: Annotated[int, Field(ge=1, le=SANCTION_MINUTES_MAX)] | None = Field(
        default=None, description="mute and suspend: how long (required)")
    reason: Annotated[str, Field(min_length=1, max_length=REPORT_REASON_MAX,
                                 description="why, in words the player is told")]


class AuditRequest(ClientBase):
    """Administrator: the audit log, newest first, AUDIT_PAGE lines at a time (``before``: the page after a
    line's number)."""

    replies = "audit; error not_admin"
    example = {"type": "audit", "id": 33}
    type: Literal["audit"]
    before: Annotated[int, Field(ge=1, le=2**31 - 1)] | None = None


class SetRole(ClientBase):
    """Administrator: make a registered player a moderator (role moderator) or take the role away (null); without
    a name, only list who holds a role. Administrators are named by the operator (``spades admin grant``)."""

    replies = "roles; error not_admin, no_such_player"
    example = {"type": "role", "id": 34, "name": "Cy", "role": "moderator"}
    type: Literal["role"]
    name: Name | None = None
    role: Literal["moderator"] | None = None


class ReportLine(Part):
    """A chat line kept with a report, as the room stored it."""

    name: Name
    text: Annotated[str, Field(max_length=CHAT_MAX, description="plain text, never markup")]
    seq: int
    at: AwareDatetime
    reported: bool = Field(description="this is the line reported")


class ReportEntry(Part):
    """One open report."""

    number: int
    kind: Literal["chat", "player", "flag"] = Field(description="a chat line, a player, or the room's own flag "
                                                    "(accounts that share an address or a device played a rated "
                                                    "game together)")
    reporter: Name | None = Field(description="who reported (null: the room)")
    player: Name
    table: TableId | None
    reason: Annotated[str, Field(max_length=4 * REPORT_REASON_MAX)]
    at: AwareDatetime
    lines: Annotated[list[ReportLine], Field(max_length=REPORT_CONTEXT)]
    text: Annotated[str, Field(max_length=MESSAGE_MAX, description="the report in one line, as the terminal "
                               "says it")]


class ReportQueue(ServerBase):
    """The open reports, oldest first."""

    sent_when = "in reply to reports and moderate, and to each moderator connected when a report is made"
    example = {"type": "reports", "id": 31, "open": 1, "reports": [
        {"number": 4, "kind": "chat", "reporter": "Ada", "player": "Bob", "table": 7, "reason": "insults",
         "at": "2026-12-06T10:50:00Z", "lines": [
             {"name": "Bob", "text": "you fool", "seq": 12, "at": "2026-12-06T10:49:58Z", "reported": True}],
         "text": "Report 4: Ada reports Bob's line at table 7, \"you fool\": insults."}]}
    type: Literal["reports"]
    open: int = Field(description=f"how many reports are open in all (the list holds at most {REPORTS_LISTED})")
    reports: Annotated[list[ReportEntry], Field(max_length=REPORTS_LISTED)]


class AuditEntry(Part):
    number: int
    at: AwareDatetime
    by: Annotated[str, Field(max_length=96)]
    act: str
    target: Annotated[str, Field(max_length=80)]
    reason: Annotated[str, Field(max_length=4 * REPORT_REASON_MAX)]
    detail: dict[str, Any]


class AuditLog(ServerBase):
    """Lines of the audit log, newest first: who did what, to whom, why and when."""

    sent_when = "in reply to audit"
    example = {"type": "audit", "id": 33, "entries": [
        {"number": 9, "at": "2026-12-06T10:51:00Z", "by": "Cy", "act": "mute", "target": "Bob",
         "reason": "insults at table 7", "detail": {"minutes": 60, "report": 4}}]}
    type: Literal["audit"]
    entries: Annotated[list[AuditEntry], Field(max_length=AUDIT_PAGE)]


class RoleEntry(Part):
    name: Name
    role: Literal["admin", "moderator"]


class Roles(ServerBase):
    """Who holds a role."""

    sent_when = "in reply to role"
    example = {"type": "roles", "id": 34, "roles": [{"name": "Ann", "role": "admin"},
                                                    {"name": "Cy", "role": "moderator"}]}
    type: Literal["roles"]
    roles: list[RoleEntry]


class Notice(ServerBase):
    """Something the room tells one player, in words: a moderator's act on them (warned, muted, suspended,
    banned, lifted, with the reason and ``until``), their report handled, a friend's request or acceptance, an
    invitation to a seat (``table``, ``seat``, ``name``: who invites; the client offers one key to accept, which
    sends join), or the reply to their own report, act or invitation."""

    sent_when = ("to the player concerned, on every connection of theirs in the room; in reply to report, "
                 "moderate and invite")
    example = {"type": "notice", "kind": "muted", "text": "You are muted by a moderator in every chat until "
               "11:51 UTC (1 hour left): insults at table 7.", "until": "2026-12-06T11:51:00Z"}
    omitted_when_null = ("until", "table", "seat", "name")
    type: Literal["notice"]
    kind: NoticeKind
    text: Annotated[str, Field(max_length=MESSAGE_MAX, description="plain text, never markup")]
    until: AwareDatetime | None = None
    table: TableId | None = None
    seat: Annotated[int, Field(ge=0, le=5)] | None = None
    name: Name | None = None


REPORT_LIMIT_WORDS = f"at most {REPORTS_PER_HOUR} reports a player in any hour"
