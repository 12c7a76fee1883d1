"""A subscriber of the tables' events for the tests, loaded by ``spades serve --listener event_recorder:record``:
each event this process hears is written as a line of JSON to the file ``SPADES_EVENT_LOG`` names, with the
process's id and whether the process made it. It is added from outside, as a new feature would be: the table's
actor knows nothing of it."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from spades.room.table.events import TableEvent, to_json

__all__ = ["record"]


def record(room: Any) -> None:
    path = Path(os.environ["SPADES_EVENT_LOG"])
    made: list[TableEvent] = []

    async def made_here(event: TableEvent) -> None:  # subscribed first: it hears an event before ``heard`` does
        made.append(event)

    async def heard(event: TableEvent) -> None:
        line: dict[str, Any] = {"pid": os.getpid(), "made": bool(made) and made[-1] is event, **to_json(event)}
        with path.open("a", encoding="utf-8") as log:
            log.write(json.dumps(line) + "\n")

    room.events.subscribe(TableEvent, made_here, made_here=True)
    room.events.subscribe(TableEvent, heard)
