"""The moderators' acts, each done, written to the audit log in the same transaction, and told: the player hears
what was done, why and until when; the reporter hears their report was handled; the moderator hears it done and
gets the queue again.

A suspension or ban closes the player's connections in every process once they have read the notice: their seats
at games under way are then away, and the computer takes them under the table's cover rule (after its timeout,
as for anyone who leaves); their seats at tables not started are freed. They cannot sign in again until it ends
(``social.signin``). A moderator may not act on another moderator or an administrator; an administrator may act
on a moderator."""

from __future__ import annotations

import logging
from typing import Any

from ...language import L_, _, n_, p_
from .. import protocol as p
from ..store import Account
from ..store import moderation as stored
from ..store.ratings import void_rating
from ..table.connections import Connection
from ..table.events import TableClosed
from ..table.room import Room
from .reports import queue_frame
from .roles import need_moderator

__all__ = ["moderate"]

log = logging.getLogger("spades.room")

NOTICE_KIND = {"warn": "warned", "mute": "muted", "suspend": "suspended", "ban": "banned"}


async def moderate(room: Room, conn: Connection, message: p.Moderate) -> None:
    moderator = await need_moderator(room, conn)
    found = None
    if message.report is not None:
        found = await room.db(stored.report, room.store, message.report)
        if found is None or found.state != "open":
            raise p.Refusal(p.ErrorCode.NO_SUCH_REPORT, _("no open report has the number {number}",
                                                          number=message.report))
    name = message.name or (found.player if found else None)
    table = message.table or (found.table if found else None)
    reason = message.reason.strip()
    act = message.act
    if act in NOTICE_KIND or act == "lift":
        if name is None:
            raise p.Refusal(p.ErrorCode.BAD_MESSAGE, _("{act}: name the player, or the report", act=act))
        target = await _target(room, moderator, name)
        said = await _sanction(room, moderator, target, act, message.minutes, reason,
                               found.id if found else None)
    elif act == "close":
        if table is None:
            raise p.Refusal(p.ErrorCode.BAD_MESSAGE, _("close: name the table, or a report of one"))
        said = await _close_table(room, moderator, table, reason, found)
    elif act == "void":
        if table is None:
            raise p.Refusal(p.ErrorCode.BAD_MESSAGE, _("void: name the table, or a report of one"))
        if not await room.db(void_rating, room.store, table, moderator.name, reason):
            raise p.Refusal(p.ErrorCode.BAD_MESSAGE, _("table {table} has no finished game whose rating stands",
                                                       table=table))
        said = _("The rating of table {table}'s game was voided; the ratings were rebuilt without it.", table=table)
        if found is not None:
            await room.db(stored.close_reports, room.store, moderator.name, found.id, "void",
                          f"the rating of table {table} was voided", reason, f"table {table}", table=table)
        else:
            await room.db(stored.audit, room.store, moderator.name, "void", f"table {table}", reason, table=table)
    else:  # dismiss
        if found is None:
            raise p.Refusal(p.ErrorCode.BAD_MESSAGE, _("dismiss: name the report"))
        await room.db(stored.close_reports, room.store, moderator.name, found.id, "dismiss", "dismissed", reason,
                      found.player)
        said = _("Report {number} was dismissed.", number=found.id)
    if found is not None and found.reporter is not None:
        player = found.player
        await room.tell(found.reporter, lambda: p.encode(p.Notice(
            type="notice", kind="report_handled", name=player,
            text=_("A moderator handled your report of {name}. Thank you.", name=player))))
    log.info("%s: %s by a moderator", act, "a player" if name else f"table {table}")
    conn.send(p.encode(p.Notice(type="notice", id=message.id, kind="moderated", text=said[:p.MESSAGE_MAX])))
    conn.send(await queue_frame(room))


async def _target(room: Room, moderator: Account, name: str) -> Account:
    target: Account | None = await room.db(room.store.player, name)
    if target is None:
        raise p.Refusal(p.ErrorCode.NO_SUCH_PLAYER, _("there is no player {name}", name=p.quote(name)))
    if target.id == moderator.id:
        raise p.Refusal(p.ErrorCode.BAD_MESSAGE, _("you cannot act on yourself"))
    theirs = await room.db(stored.role_of, room.store, target.id)
    mine = await room.db(stored.role_of, room.store, moderator.id)
    if theirs == "admin" or (theirs == "moderator" and mine != "admin"):
        raise p.Refusal(p.ErrorCode.NOT_ADMIN, _(
            "{name} is an administrator: only an administrator may act on a moderator, and only the operator on an "
            "administrator", name=target.name) if theirs == "admin" else _(
            "{name} is a moderator: only an administrator may act on a moderator, and only the operator on an "
            "administrator", name=target.name))
    return target


async def _sanction(room: Room, moderator: Account, target: Account, act: str, minutes: int | None, reason: str,
                    report_id: int | None) -> str:
    now = room.store.now()
    if act == "lift":
        count = await room.db(stored.lift, room.store, moderator.name, target.name, reason)
        if report_id is not None:
            await room.db(stored.close_reports, room.store, moderator.name, report_id, "handled",
                          f"{target.name}'s sanctions were lifted", reason, target.name)
        if count:
            why = reason.rstrip(".")
            await room.tell(target.name, lambda: p.encode(p.Notice(type="notice", kind="lifted", text=_(
                "A moderator lifted your sanction: {reason}.", reason=why))))
        return n_("{n} sanction of {name} lifted.", "{n} sanctions of {name} lifted.", count, name=target.name)
    if act in ("mute", "suspend") and minutes is None:
        raise p.Refusal(p.ErrorCode.BAD_MESSAGE, _("{act}: say for how many minutes", act=act))
    sanction: stored.Sanction = await room.db(stored.place_sanction, room.store, moderator.name, target.name, act,
                                              minutes if act in ("mute", "suspend") else None, reason, report_id)
    def frame() -> str:  # in the language of each of the player's connections
        return p.encode(p.Notice(type="notice", kind=NOTICE_KIND[act], text=sanction.words(now),  # type: ignore[arg-type]
                                 until=sanction.until if act in ("mute", "suspend") else None))

    if act in ("suspend", "ban"):
        await _free_waiting_seats(room, target)
        await room.tell(target.name, frame, close=lambda: sanction.words(now))
    else:
        await room.tell(target.name, frame)
    return sanction.words(now, you=False)


async def _free_waiting_seats(room: Room, target: Account) -> None:
    """A suspended or banned player's seats at tables not started are free again (their games under way are
    covered once their connections close, under each table's rule)."""
    for info in await room.db(room.store.tables_of, target, ("waiting",)):
        for seat in info.seats:
            if seat.player is not None and seat.player.casefold() == target.name.casefold():
                await room.db(room.store.set_seat, info.id, seat.seat, None, seat.level)
        await room.notify(info.id)
        table = room.tables.get(info.id)
        if table is not None:
            async with table.lock:
                await table.refresh()
                table.announce_table()


async def _close_table(room: Room, moderator: Account, table_id: int, reason: str,
                       found: stored.StoredReport | None) -> str:
    info = await room.db(room.store.table, table_id)
    if info is None:
        raise p.Refusal(p.ErrorCode.NO_SUCH_TABLE, _("there is no table {table}", table=table_id))
    was = info.state
    if was not in ("waiting", "playing") or not await room.db(room.store.set_state, table_id, "closed", was=was):
        # Translators: {state} is the table's state: "over" or "closed".
        raise p.Refusal(p.ErrorCode.GAME_OVER, _("table {table} is not open (it is {state})", table=table_id,
                                                 state={"over": p_("table state", "over"),
                                                        "closed": p_("table state", "closed")}.get(was, was)))
    detail: dict[str, Any] = {"table": table_id, "was": was}
    if found is not None:
        await room.db(stored.close_reports, room.store, moderator.name, found.id, "close",
                      f"table {table_id} was closed", reason, f"table {table_id}", **detail)
    else:
        await room.db(stored.audit, room.store, moderator.name, "close", f"table {table_id}", reason, **detail)
    line = L_("A moderator closed table {table}: {reason}. The game ends here, with no result.", table=table_id,
              reason=reason.rstrip("."))
    await room.notify(table_id)
    await room.events.emit(TableClosed(table_id, reason=line.json()))
    return _("Table {table} was closed.", table=table_id)
