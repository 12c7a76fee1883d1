"""The room's update frames, written with orjson from shared parts, are the protocol's ``Update`` message exactly:
over random games of several rule sets, every seat's and a spectator's frame after each action is the message the
pydantic model writes from the seat's whole update, and it passes the protocol's own reading of a server frame."""

from __future__ import annotations

import json
import random

import pytest

from spades.game import Game
from spades.host import Host
from spades.room import protocol as p
from spades.room.table.frames import TableFrames
from spades.rules import Rules
from spades.wire import update_to_json
from spades.words import seat as words

SETUPS = [("standard", {}), ("two_player", {}), ("standard", {"jokers": "big_little", "nil_pass": 2}),
          ("six_player", {}), ("suicide", {})]


def reference(host: Host, seat: int | None, start: int, notes: dict[int, tuple[int, str]],
              reply_to: int | None) -> dict[str, object]:
    """The frame as the protocol's model writes it from the seat's whole update."""
    fresh = host.update(seat, start)
    message = p.Update(type="update", id=reply_to, table=7, seat=seat, **update_to_json(fresh),
                       lines=words.seat_lines(fresh.view, host.game.events, start, notes),
                       brief=words.seat_lines(fresh.view, host.game.events, start, notes, verbose=False),
                       prompt=words.prompt(fresh.view), unplayable=words.unplayable(fresh.view, host.game))
    decoded: dict[str, object] = json.loads(p.encode(message))
    return decoded


@pytest.mark.parametrize(("variant", "options"), SETUPS, ids=[f"{v}-{'-'.join(o) or 'plain'}" for v, o in SETUPS])
def test_every_frame_is_the_protocols_update(variant: str, options: dict[str, object]) -> None:
    rng = random.Random(variant)
    host = Host(Game(Rules.preset(variant, hands=2, **options), seed=5), {})
    frames = TableFrames(7)
    notes: dict[int, tuple[int, str]] = {}
    cursors = {seat: 0 for seat in [*range(host.game.n), None]}
    step = 0
    while not host.game.over:
        host.game.apply(rng.choice(list(host.game.legal_actions())))
        step += 1
        if step % 3 and not host.game.over:
            continue
        batch = frames.batch(host, notes)
        for seat, start in cursors.items():
            reply_to = 4 if seat == 0 else None
            cursor, frame = batch.update(seat, start, reply_to)
            assert json.loads(frame) == reference(host, seat, start, notes, reply_to)
            assert isinstance(p.parse_server(frame), p.Update)
            cursors[seat] = cursor
        assert batch.update(None, 0) is batch.update(None, 0)  # a spectator's frame is made once a batch
    assert all(cursor == host.cursor for cursor in cursors.values())
