"""The tournament messages' handlers: create, enter, leave, start, and read a tournament."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta
from typing import Any

from ...language import _
from ...wire import rules_to_json
from .. import protocol as p
from ..rating.rules import group_of
from ..store import tournaments as stored
from ..table.connections import Connection, need_player
from ..table.room import Room
from .director import director_of
from .views import tournament_message

__all__ = ["create", "enter", "info", "leave", "start"]


async def _call(room: Room, function: Any, *args: Any) -> stored.TournamentState:
    try:
        state: stored.TournamentState = await room.db(function, room.store, *args)
    except stored.TournamentTrouble as trouble:
        raise p.Refusal(trouble.code, str(trouble)) from None
    return state


def _registered(conn: Connection) -> Any:
    player = need_player(conn)
    if player.guest:
        raise p.Refusal(p.ErrorCode.NOT_SIGNED_IN, _("tournaments are for registered players: register first"))
    return player


async def create(room: Room, conn: Connection, message: p.TournamentCreate) -> None:
    player = _registered(conn)
    rules = message.rules.to_rules()
    rounds = message.rounds
    if message.format == "swiss" and message.hands is not None:
        rules = rules.with_options(hands=message.hands)
    elif message.format == "knockout":
        rounds = (message.entries - 1).bit_length()
    elif message.format == "duplicate":
        rounds = min(rounds or message.entries // 2, message.entries // 2)
    settings = {"rounds": rounds, "hands": message.hands if message.format == "swiss" else None,
                "pairs": rules.partnerships and rules.players == 4, "group": group_of(rules),
                "entries": message.entries, "boards": message.boards if message.format == "duplicate" else None,
                "clock": message.clock.model_dump() if message.clock else None, "timeout": message.timeout,
                "seed": secrets.token_hex(8)}
    if message.starts_in is not None:
        settings["starts_at"] = (datetime.now(UTC) + timedelta(minutes=message.starts_in)).isoformat()
    state = await _call(room, stored.create_tournament, player, message.name, message.format, rules_to_json(rules),
                        settings)
    conn.send(p.encode(tournament_message(state, message.id)))


async def enter(room: Room, conn: Connection, message: p.TournamentEnter) -> None:
    player = _registered(conn)
    partner = None
    if message.partner is not None:
        partner = await room.db(room.store.player, message.partner)
        if partner is None or partner.guest:
            raise p.Refusal(p.ErrorCode.NO_SUCH_PLAYER, _("no registered player is named {name}",
                                                          name=p.quote(message.partner)))
    state = await _call(room, stored.enter, message.tournament, player, partner)
    conn.send(p.encode(tournament_message(state, message.id)))
    if state.state == "running":
        await director_of(room).advance(state.id)
    await director_of(room).tell(state.id)


async def leave(room: Room, conn: Connection, message: p.TournamentLeave) -> None:
    state = await _call(room, stored.leave, message.tournament, _registered(conn))
    conn.send(p.encode(tournament_message(state, message.id)))


async def start(room: Room, conn: Connection, message: p.TournamentStart) -> None:
    state = await _call(room, stored.start, message.tournament, _registered(conn))
    conn.send(p.encode(tournament_message(state, message.id)))
    await director_of(room).advance(state.id)


async def info(room: Room, conn: Connection, message: p.TournamentRequest) -> None:
    state = await room.db(stored.tournament, room.store, message.tournament)
    if state is None:
        raise p.Refusal(p.ErrorCode.NO_SUCH_TOURNAMENT, _("there is no tournament {number}",
                                                          number=message.tournament))
    conn.send(p.encode(tournament_message(state, message.id)))
