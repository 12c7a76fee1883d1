"""Who may moderate: the role is read from the database on every moderator or administrator message, so a role
taken away holds at once, in every process; a guest never has one. Administrators are named by the operator
(``spades admin``) and name the moderators in the room; both are in the audit log."""

from __future__ import annotations

from datetime import datetime

from ...language import _
from .. import protocol as p
from ..store import Account
from ..store import moderation as stored
from ..table.connections import Connection, need_player
from ..table.room import Room

__all__ = ["audit", "need_admin", "need_moderator", "role"]


async def _role(room: Room, player: Account) -> str | None:
    return None if player.guest else await room.db(stored.role_of, room.store, player.id)


async def need_moderator(room: Room, conn: Connection) -> Account:
    player = need_player(conn)
    if await _role(room, player) not in ("moderator", "admin"):
        raise p.Refusal(p.ErrorCode.NOT_MODERATOR, _("only a moderator may do that"))
    return player


async def need_admin(room: Room, conn: Connection) -> Account:
    player = need_player(conn)
    if await _role(room, player) != "admin":
        raise p.Refusal(p.ErrorCode.NOT_ADMIN, _("only an administrator may do that"))
    return player


def _roles_frame(pairs: list[tuple[str, str]], reply_to: int | None) -> str:
    return p.encode(p.Roles(type="roles", id=reply_to, roles=[p.RoleEntry(name=n, role=r)  # type: ignore[arg-type]
                                                              for n, r in pairs]))


async def role(room: Room, conn: Connection, message: p.SetRole) -> None:
    """An administrator names a moderator, or takes the role back; never an administrator's own role (the
    operator's, at the command line)."""
    admin = await need_admin(room, conn)
    if message.name is not None:
        target = await room.db(room.store.player, message.name)
        if target is None:
            raise p.Refusal(p.ErrorCode.NO_SUCH_PLAYER, _("there is no player {name}", name=p.quote(message.name)))
        if target.guest:
            raise p.Refusal(p.ErrorCode.NOT_REGISTERED, _("{name} is a guest; only a registered player may moderate",
                                                          name=target.name))
        if await room.db(stored.role_of, room.store, target.id) == "admin":
            raise p.Refusal(p.ErrorCode.NOT_ADMIN, _("{name} is an administrator; the operator names and unnames "
                                                     "those (spades admin)", name=target.name))
        name = await room.db(stored.set_role, room.store, target.name, message.role, admin.name)
        granted, by = bool(message.role), admin.name

        def said() -> str:
            text = _("{name} made you a moderator.", name=by) if granted else \
                _("{name} took back your moderator's role.", name=by)
            return p.encode(p.Notice(type="notice", kind="role", text=text))

        await room.tell(name, said)
    conn.send(_roles_frame(await room.db(stored.roles, room.store), message.id))


async def audit(room: Room, conn: Connection, message: p.AuditRequest) -> None:
    await need_admin(room, conn)
    lines = await room.db(stored.audit_lines, room.store, message.before, p.AUDIT_PAGE)
    conn.send(p.encode(p.AuditLog(type="audit", id=message.id, entries=[p.AuditEntry(**line) for line in lines])))


def clock_now(room: Room) -> datetime:
    return room.store.now()
