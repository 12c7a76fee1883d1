"""A table as its ``table`` message says it, to the people at it and in the lobby: made from the stored table and
this process's connections."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import protocol as p
from ..store import StoredTable

if TYPE_CHECKING:
    from .room import Room

__all__ = ["table_json", "table_message"]


def table_json(info: StoredTable, present: set[int], base_url: str) -> dict[str, Any]:
    """A table as the lobby lists it (``p.TableInfo``'s JSON), made straight from the stored table: the lobby
    lists hundreds at once, and the rules stored with a table were checked when it was made, so they are not
    checked again here (``p.Table`` does, for one table). ``present``: the seats this process's connections hold."""
    return {"table": info.id, "owner": info.owner or None, "rules": info.rules,
            "seats": [{"seat": s.seat, "player": s.player, "level": s.level,
                       "connected": s.player is not None and s.seat in present and s.away is None,
                       "away": s.away if s.player is not None and info.state == "playing" else None,
                       "covered": s.covered_from is not None} for s in info.seats],
            "state": info.state, "autostart": bool(info.settings.get("autostart", False)),
            "timeout": float(info.settings.get("timeout", 60)), "invite": f"{base_url}/tables/{info.id}"
            + (f"?invite={info.invite}" if info.settings.get("private") else ""),
            "private": bool(info.settings.get("private", False)),
            "watchers": bool(info.settings.get("watchers", True)),
            "clock": info.settings.get("clock")}


def table_message(room: Room, info: StoredTable, reply_to: int | None = None) -> p.Table:
    """A table's seats, owner, rules and state as its ``table`` message (and the lobby) says them: who is
    connected to this process, who is away, whom the computer covers, and who watches through this process (a
    process knows only its own connections, as it does for ``connected``)."""
    seated = {s.player for s in info.seats if s.player is not None}
    watching = sorted({c.player.name for c in room.connections.at(info.id)
                       if c.player is not None and c.player.name not in seated}, key=str.casefold)
    return p.Table.model_validate({"type": "table", "id": reply_to,
                                   **table_json(info, room.connections.present(info.id), room.base_url),
                                   "watching": watching[:p.WATCHING_MAX]})
