"""The rows and transactions of the room's governance: roles (administrators and moderators), where each player
was seen from (addresses and device tokens, so that a ban holds against a new guest from the same place and two
accounts of one person can be flagged), reports with the lines they are about, sanctions with their end, and the
audit log of every act.

A sanction is in force while its ``until`` is ahead (or it has none: a ban) and it was not lifted: it ends by
itself, with no sweep, because every check compares it with the clock. Every act of a moderator or an
administrator writes its audit line in the same transaction as the act, so the log is complete."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Index, Integer, String, delete, func, or_, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from ...language import DEFAULT, _, current, speaking
from .. import protocol as p
from ..identity import names
from . import Account, Base, PlayerRow, Store, UTCDateTime

__all__ = [
    "AuditRow",
    "MarkRow",
    "ReportRow",
    "RoleRow",
    "Sanction",
    "SanctionRow",
    "StoredReport",
    "add_report",
    "audit_lines",
    "close_reports",
    "in_force",
    "mark",
    "marks_shared",
    "open_reports",
    "place_sanction",
    "refused_address",
    "report",
    "role_of",
    "roles",
    "set_role",
    "write_audit",
]

ROLES = ("admin", "moderator")
SANCTIONS = ("warn", "mute", "suspend", "ban")
MARK_KEEP = timedelta(days=30)  # an address or device seen longer ago than this no longer links accounts


class RoleRow(Base):
    __tablename__ = "roles"
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    role: Mapped[str] = mapped_column(String(16))
    granted_by: Mapped[str] = mapped_column(String(96))
    at: Mapped[datetime] = mapped_column(UTCDateTime)


class MarkRow(Base):
    """A place a player signed in from: an address, or the device token their browser keeps."""

    __tablename__ = "player_marks"
    __table_args__ = (Index("ix_player_marks_value", "kind", "value"),)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    kind: Mapped[str] = mapped_column(String(8), primary_key=True)  # "address" or "device"
    value: Mapped[str] = mapped_column(String(128), primary_key=True)
    last: Mapped[datetime] = mapped_column(UTCDateTime)


class ReportRow(Base):
    __tablename__ = "reports"
    __table_args__ = (Index("ix_reports_state", "state"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # "chat" (a line), "player", or "flag" (the room's own)
    reporter_id: Mapped[int | None] = mapped_column(ForeignKey("players.id", ondelete="SET NULL"), nullable=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    table_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    seq: Mapped[int | None] = mapped_column(Integer, nullable=True)  # the chat line's number in its chat
    reason: Mapped[str] = mapped_column(String(4 * p.REPORT_REASON_MAX))
    context: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(UTCDateTime)
    state: Mapped[str] = mapped_column(String(8), default="open")
    handled_by: Mapped[str | None] = mapped_column(String(80), nullable=True)
    outcome: Mapped[str | None] = mapped_column(String(400), nullable=True)


class SanctionRow(Base):
    __tablename__ = "sanctions"
    __table_args__ = (Index("ix_sanctions_player", "player_id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(8))
    reason: Mapped[str] = mapped_column(String(4 * p.REPORT_REASON_MAX))
    by: Mapped[str] = mapped_column(String(80))
    at: Mapped[datetime] = mapped_column(UTCDateTime)
    until: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)  # none: for good (a ban)
    addresses: Mapped[list[str]] = mapped_column(JSON)  # held against new guests and registrations from there
    lifted: Mapped[bool] = mapped_column(Boolean, default=False)


class AuditRow(Base):
    __tablename__ = "audit"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime)
    by: Mapped[str] = mapped_column(String(96))  # a name, or "the operator" at the command line
    act: Mapped[str] = mapped_column(String(16))
    target: Mapped[str] = mapped_column(String(80))
    reason: Mapped[str] = mapped_column(String(4 * p.REPORT_REASON_MAX))
    detail: Mapped[dict[str, Any]] = mapped_column(JSON)


# -- plain values ------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Sanction:
    id: int
    name: str
    kind: str
    reason: str
    by: str
    at: datetime
    until: datetime | None

    def left(self, now: datetime) -> timedelta | None:
        return None if self.until is None else max(timedelta(0), self.until - now)

    def words(self, now: datetime, *, you: bool = True) -> str:
        """The sanction in a sentence for the player (``you``) or about them: what, why, until when; in the
        language in force."""
        name, reason = self.name, self.reason.rstrip(".")
        if self.kind == "ban":
            return _("You are banned from the room: {reason}.", reason=reason) if you else \
                _("{name} is banned from the room: {reason}.", name=name, reason=reason)
        left = self.left(now) or timedelta(0)
        until = ""
        if self.until is not None:  # the day too, unless it ends within the day
            hour = self.until.strftime("%H:%M")
            # Translators: a time of day ({hour}, such as 14:05), in UTC, and with {day} its date.
            until = _("{hour} UTC", hour=hour) if left < timedelta(hours=20) else \
                _("{hour} UTC on {day}", hour=hour, day=_day(self.until))
        time_left = p.minutes_words(max(1.0, left.total_seconds() / 60))
        fields = {"name": name, "until": until, "left": time_left, "reason": reason}
        if self.kind == "suspend":
            return _("You are suspended from the room until {until} ({left} left): {reason}.", **fields) if you \
                else _("{name} is suspended from the room until {until} ({left} left): {reason}.", **fields)
        if self.kind == "mute":
            return _("You are muted by a moderator in every chat until {until} ({left} left): {reason}.", **fields) \
                if you else _("{name} is muted by a moderator in every chat until {until} ({left} left): {reason}.",
                              **fields)
        return _("You are warned by a moderator: {reason}.", reason=reason) if you else \
            _("{name} is warned by a moderator: {reason}.", name=name, reason=reason)


@dataclass(frozen=True)
class StoredReport:
    id: int
    kind: str
    reporter: str | None
    player: str
    table: int | None
    seq: int | None
    reason: str
    lines: list[dict[str, Any]]
    at: datetime
    state: str
    handled_by: str | None
    outcome: str | None


def _day(moment: datetime) -> str:
    """A date as the language in force writes it in full: "3 March 2026", "3 de marzo de 2026"."""
    from babel.dates import format_date

    language = current()
    return format_date(moment, "long", locale="en_GB" if language == DEFAULT else language)


def _sanction(row: SanctionRow, name: str) -> Sanction:
    return Sanction(row.id, name, row.kind, row.reason, row.by, row.at, row.until)


def _player_row(session: Session, name: str) -> PlayerRow | None:
    key = names.lookup_key(name)
    return session.scalar(select(PlayerRow).where(PlayerRow.name_key == key)) if key else None


def _need_player(session: Session, name: str) -> PlayerRow:
    row = _player_row(session, name)
    if row is None:
        raise p.Refusal(p.ErrorCode.NO_SUCH_PLAYER, _("there is no player {name}", name=p.quote(name)))
    return row


def write_audit(session: Session, by: str, act: str, target: str, reason: str, now: datetime,
                **detail: Any) -> None:
    session.add(AuditRow(at=now, by=by, act=act, target=target[:80], reason=reason, detail=detail))


# -- roles -------------------------------------------------------------------------------------------------------

def role_of(store: Store, player_id: int) -> str | None:
    """The player's role now (read on every act: a revoked moderator is refused at once)."""
    with store.transaction() as session:
        return session.scalar(select(RoleRow.role).where(RoleRow.player_id == player_id))


def set_role(store: Store, name: str, role: str | None, by: str, reason: str = "") -> str:
    """Give the named registered player ``role`` (or none), written to the audit log; the name as stored."""
    if role is not None and role not in ROLES:
        raise ValueError(f"a role is one of {', '.join(ROLES)}")
    now = store.now()
    with store.transaction() as session:
        row = _need_player(session, name)
        if row.password_hash is None:
            raise p.Refusal(p.ErrorCode.BAD_MESSAGE, _("{name} is a guest; only a registered player may have a "
                                                       "role", name=row.name))
        held = session.get(RoleRow, row.id)
        if role is None:
            if held is not None:
                session.delete(held)
            write_audit(session, by, "revoke", row.name, reason, now, role=held.role if held else None)
        else:
            if held is None:
                session.add(RoleRow(player_id=row.id, role=role, granted_by=by, at=now))
            else:
                held.role, held.granted_by, held.at = role, by, now
            write_audit(session, by, "grant", row.name, reason, now, role=role)
        return row.name


def roles(store: Store) -> list[tuple[str, str]]:
    """Every role holder's name and role, by name."""
    with store.transaction() as session:
        rows = session.execute(select(PlayerRow.name, RoleRow.role).join(RoleRow, RoleRow.player_id == PlayerRow.id)
                               ).all()
        return sorted(((str(n), str(r)) for n, r in rows), key=lambda pair: pair[0].casefold())


# -- where players were seen from --------------------------------------------------------------------------------

def mark(store: Store, player_id: int, address: str, device: str | None) -> None:
    """The player signed in from ``address`` (and the browser's device token, when it sent one)."""
    now = store.now()
    with store.transaction() as session:
        for kind, value in (("address", address), ("device", device)):
            if not value:
                continue
            row = session.get(MarkRow, (player_id, kind, value[:128]))
            if row is None:
                session.add(MarkRow(player_id=player_id, kind=kind, value=value[:128], last=now))
            else:
                row.last = now


def marks_shared(store: Store, player_ids: list[int],
                 counts: Callable[[str], bool] = lambda address: True) -> list[tuple[int, int, str]]:
    """The pairs of these players who signed in from one device, or one address that ``counts``, within
    ``MARK_KEEP``: (first, second, "address" or "device"), each pair once."""
    if len(player_ids) < 2:
        return []
    since = store.now() - MARK_KEEP
    with store.transaction() as session:
        rows = session.execute(select(MarkRow.player_id, MarkRow.kind, MarkRow.value)
                               .where(MarkRow.player_id.in_(player_ids), MarkRow.last >= since)).all()
    seen: dict[tuple[str, str], set[int]] = {}
    for player, kind, value in rows:
        if kind == "device" or counts(value):
            seen.setdefault((kind, value), set()).add(player)
    pairs: dict[tuple[int, int], str] = {}
    for (kind, _value), players in sorted(seen.items()):
        ordered = sorted(players)
        for i, first in enumerate(ordered):
            for second in ordered[i + 1:]:
                pairs.setdefault((first, second), kind)
    return [(a, b, kind) for (a, b), kind in sorted(pairs.items())]


def _addresses(session: Session, player_id: int, since: datetime) -> list[str]:
    return sorted(session.scalars(select(MarkRow.value).where(MarkRow.player_id == player_id,
                                                              MarkRow.kind == "address", MarkRow.last >= since)))


# -- sanctions ---------------------------------------------------------------------------------------------------

def in_force(store: Store, player_id: int, kinds: tuple[str, ...] = ("suspend", "ban")) -> Sanction | None:
    """The player's sanction of one of ``kinds`` in force now, the one ending last (a ban before any)."""
    now = store.now()
    with store.transaction() as session:
        rows = session.scalars(select(SanctionRow).where(
            SanctionRow.player_id == player_id, SanctionRow.kind.in_(kinds), ~SanctionRow.lifted,
            or_(SanctionRow.until.is_(None), SanctionRow.until > now))).all()
        if not rows:
            return None
        row = max(rows, key=lambda r: (r.until is None, r.until or now))
        name = session.scalar(select(PlayerRow.name).where(PlayerRow.id == player_id)) or ""
        return _sanction(row, name)


def refused_address(store: Store, address: str) -> Sanction | None:
    """A suspension or ban in force that holds against new players and guests from ``address``."""
    if not address:
        return None
    now = store.now()
    with store.transaction() as session:
        rows = session.scalars(select(SanctionRow).where(
            SanctionRow.kind.in_(("suspend", "ban")), ~SanctionRow.lifted,
            or_(SanctionRow.until.is_(None), SanctionRow.until > now))).all()
        for row in sorted(rows, key=lambda r: r.id):
            if address in (row.addresses or ()):
                name = session.scalar(select(PlayerRow.name).where(PlayerRow.id == row.player_id)) or ""
                return _sanction(row, name)
    return None


def place_sanction(store: Store, by: str, name: str, kind: str, minutes: int | None, reason: str,
                   report_id: int | None = None) -> Sanction:
    """A sanction on the named player, from now for ``minutes`` (a ban: none, for good), in one transaction
    with its audit line (and the report's closing, when it answers one). A ban or suspension holds against the
    addresses the player signed in from lately too."""
    if kind not in SANCTIONS:
        raise ValueError(f"a sanction is one of {', '.join(SANCTIONS)}")
    now = store.now()
    with store.transaction() as session:
        row = _need_player(session, name)
        until = None if kind == "ban" else now + timedelta(minutes=minutes or 0) if kind != "warn" else now
        held = _addresses(session, row.id, now - timedelta(days=1)) if kind in ("suspend", "ban") else []
        sanction = SanctionRow(player_id=row.id, kind=kind, reason=reason, by=by, at=now, until=until,
                               addresses=held, lifted=False)
        session.add(sanction)
        session.flush()
        write_audit(session, by, kind, row.name, reason, now, minutes=minutes, report=report_id,
                    until=until.isoformat() if until else None)
        if report_id is not None:
            _close(session, report_id, by, _outcome(kind, row.name, minutes))
        return _sanction(sanction, row.name)


def lift(store: Store, by: str, name: str, reason: str) -> int:
    """End the named player's sanctions in force now (an appeal granted); how many."""
    now = store.now()
    with store.transaction() as session:
        row = _need_player(session, name)
        found = session.scalars(select(SanctionRow).where(
            SanctionRow.player_id == row.id, ~SanctionRow.lifted, SanctionRow.kind != "warn",
            or_(SanctionRow.until.is_(None), SanctionRow.until > now))).all()
        for sanction in found:
            sanction.lifted = True
        write_audit(session, by, "lift", row.name, reason, now, sanctions=[s.id for s in found])
        return len(found)


def _outcome(kind: str, name: str, minutes: int | None) -> str:
    if kind == "warn":
        return f"{name} was warned"
    if kind == "ban":
        return f"{name} was banned"
    done = {"mute": "muted", "suspend": "suspended"}[kind]
    with speaking(DEFAULT):  # kept with the report, as the audit log keeps its lines: in English
        return f"{name} was {done} for {p.minutes_words(minutes or 0)}"


# -- reports -----------------------------------------------------------------------------------------------------

def add_report(store: Store, kind: str, reporter: Account | None, name: str, table: int | None, seq: int | None,
               reason: str, lines: list[dict[str, Any]]) -> StoredReport:
    """Keep a report (its lines as the room stored them); the reported player must exist."""
    now = store.now()
    with store.transaction() as session:
        row = _need_player(session, name)
        if reporter is not None and row.id == reporter.id:
            raise p.Refusal(p.ErrorCode.BAD_MESSAGE, _("you cannot report yourself"))
        found = ReportRow(kind=kind, reporter_id=reporter.id if reporter else None, player_id=row.id,
                          table_id=table, seq=seq, reason=reason, context=lines, at=now, state="open")
        session.add(found)
        session.flush()
        return _report(session, found)


def _report(session: Session, row: ReportRow) -> StoredReport:
    reporter = session.scalar(select(PlayerRow.name).where(PlayerRow.id == row.reporter_id)) \
        if row.reporter_id is not None else None
    player = session.scalar(select(PlayerRow.name).where(PlayerRow.id == row.player_id)) or ""
    return StoredReport(row.id, row.kind, reporter, player, row.table_id, row.seq, row.reason, list(row.context),
                        row.at, row.state, row.handled_by, row.outcome)


def report(store: Store, report_id: int) -> StoredReport | None:
    with store.transaction() as session:
        row = session.get(ReportRow, report_id)
        return _report(session, row) if row is not None else None


def open_reports(store: Store, limit: int) -> tuple[list[StoredReport], int]:
    """The oldest ``limit`` open reports, and how many are open in all."""
    with store.transaction() as session:
        total = session.scalar(select(func.count()).select_from(ReportRow).where(ReportRow.state == "open")) or 0
        rows = session.scalars(select(ReportRow).where(ReportRow.state == "open").order_by(ReportRow.id)
                               .limit(limit)).all()
        return [_report(session, row) for row in rows], int(total)


def _close(session: Session, report_id: int, by: str, outcome: str) -> None:
    row = session.get(ReportRow, report_id)
    if row is None:
        raise p.Refusal(p.ErrorCode.NO_SUCH_REPORT, _("there is no report {number}", number=report_id))
    if row.state != "open":
        raise p.Refusal(p.ErrorCode.NO_SUCH_REPORT, _("report {number} was handled already by {name}",
                                                      number=report_id, name=row.handled_by))
    row.state, row.handled_by, row.outcome = "handled", by, outcome


def close_reports(store: Store, by: str, report_id: int, act: str, outcome: str, reason: str,
                  target: str = "", **detail: Any) -> None:
    """Close a report without a sanction (dismissed, a table closed, a rating voided), with its audit line."""
    now = store.now()
    with store.transaction() as session:
        _close(session, report_id, by, outcome)
        write_audit(session, by, act, target or f"report {report_id}", reason, now, report=report_id, **detail)


def audit(store: Store, by: str, act: str, target: str, reason: str, **detail: Any) -> None:
    """An act that has no other row of its own (a table closed, a rating voided) in the audit log."""
    with store.transaction() as session:
        write_audit(session, by, act, target, reason, store.now(), **detail)


def reporters(store: Store, report_id: int) -> str | None:
    with store.transaction() as session:
        row = session.get(ReportRow, report_id)
        if row is None or row.reporter_id is None:
            return None
        return session.scalar(select(PlayerRow.name).where(PlayerRow.id == row.reporter_id))


def audit_lines(store: Store, before: int | None, limit: int) -> list[dict[str, Any]]:
    """The audit log, newest first, before the line numbered ``before``."""
    with store.transaction() as session:
        query = select(AuditRow).order_by(AuditRow.id.desc()).limit(limit)
        if before is not None:
            query = query.where(AuditRow.id < before)
        return [{"number": row.id, "at": row.at.replace(microsecond=0), "by": row.by, "act": row.act,
                 "target": row.target, "reason": row.reason, "detail": dict(row.detail or {})}
                for row in session.scalars(query)]


def sanctions_of(store: Store, name: str) -> list[Sanction]:
    """The named player's sanctions, newest first (their page, for moderators)."""
    with store.transaction() as session:
        row = _player_row(session, name)
        if row is None:
            return []
        return [_sanction(s, row.name) for s in session.scalars(
            select(SanctionRow).where(SanctionRow.player_id == row.id).order_by(SanctionRow.id.desc()))]


def forget_player_marks(store: Store, player_id: int) -> None:
    with store.transaction() as session:
        session.execute(delete(MarkRow).where(MarkRow.player_id == player_id))
