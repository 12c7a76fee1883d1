"""The action log (one statement through the driver) stores what ``Store.append_action`` stores and answers as it
does: the next seq is committed, a taken seq is False, a gap or a seq below 1 is an error; on SQLite and on
PostgreSQL, and through the store's own append (the log of any other database)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from room_databases import database, postgres_unreachable
from spades.room.store import Store
from spades.room.store.action_log import ActionLog, PostgresActionLog, SqliteActionLog, make_action_log


@pytest.mark.parametrize("kind", ["sqlite", "postgresql", "store"])
def test_the_log_appends_as_the_store_does(kind: str, tmp_path: Path) -> None:
    if kind == "postgresql" and postgres_unreachable():
        pytest.skip(postgres_unreachable())
    with database("sqlite" if kind == "store" else kind, tmp_path) as url:
        store = Store(url)
        owner = store.create_player("Ada", "correct horse battery")
        table = store.create_table(owner, {"variant": "standard", "options": {}}, "1", 4).id
        log = ActionLog(store) if kind == "store" else make_action_log(store)
        assert type(log) is {"sqlite": SqliteActionLog, "postgresql": PostgresActionLog, "store": ActionLog}[kind]

        async def main() -> None:
            before = datetime.now(UTC)
            assert await log.append(table, 1, 0, "3")
            assert await log.append(table, 2, 1, "nil")
            assert not await log.append(table, 2, 1, "4")  # taken by another writer
            with pytest.raises(ValueError, match="the next is seq 3"):
                await log.append(table, 5, 1, "4")
            with pytest.raises(ValueError, match="seq 1"):
                await log.append(table, 0, 1, "4")
            assert await asyncio.gather(*(log.append(table, 3, 2, "2") for _ in range(3))) in (
                [True, False, False], [False, True, False], [False, False, True])
            rows = store.actions(table)
            assert [(r.seq, r.seat, r.action) for r in rows] == [(1, 0, "3"), (2, 1, "nil"), (3, 2, "2")]
            assert all(before - timedelta(seconds=1) <= r.at <= datetime.now(UTC) and r.at.tzinfo for r in rows)
            assert not store.append_action(table, 3, 2, "5") and store.append_action(table, 4, 3, "6")
            assert not await log.append(table, 4, 3, "7") and await log.append(table, 5, 0, "8")
            await log.close()

        try:
            asyncio.run(main())
        finally:
            store.close()
