"""A table as its ``table`` message says it, to the people at it and in the lobby: made from the stored table and
this process's connections."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import protocol as p
from ..store import StoredTable

if TYPE_CHECKING:
    from .room import Room

__all__ = ["table_message"]


def table_message(room: Room, info: StoredTable, reply_to: int | None = None) -> p.Table:
    """A table's seats, owner, rules and state as its ``table`` message (and the lobby) says them: who is
    connected to this process, who is away, whom the computer covers, and who watches through this process (a
    process knows only its own connections, as it does for ``connected``)."""
    present = room.connections.present(info.id)
    seats = [p.SeatInfo(seat=s.seat, player=s.player, level=s.level,
                        connected=s.player is not None and s.seat in present and s.away is None,
                        away=s.away if s.player is not None and info.state == "playing" else None,  # type: ignore[arg-type]
                        covered=s.covered_from is not None)
             for s in info.seats]
    seated = {s.player for s in info.seats if s.player is not None}
    watching = sorted({c.player.name for c in room.connections.at(info.id)
                       if c.player is not None and c.player.name not in seated}, key=str.casefold)
    return p.Table(type="table", id=reply_to, table=info.id, owner=info.owner or None,
                   rules=p.RulesForm.model_validate(info.rules), seats=seats, state=info.state,  # type: ignore[arg-type]
                   autostart=bool(info.settings.get("autostart", False)),
                   timeout=float(info.settings.get("timeout", 60)), invite=f"{room.base_url}/tables/{info.id}",
                   watching=watching[:p.WATCHING_MAX])
