"""A game's end across processes: the process that stored the last action says that hand's end and then the
game's, so every process hears ``HandOver`` before ``GameOver``. Another process that reads the last action from
the store first (a lost race, the absence timer, a notice of a seat) waits for it; it finishes the game itself only
when the first has not done so in ``FINISH_GRACE`` (it died between storing the action and finishing).

Two rooms on one SQLite database in this process, joined by a bus that hands each notice to the other room in
order, as Redis does; the computer players wait (pace 1000 s) and the test takes every action itself."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from spades.room.lobby.seating import begin
from spades.room.store import Store
from spades.room.table import live
from spades.room.table.events import GameOver, HandOver, TableEvent
from spades.room.table.live import LiveTable
from spades.room.table.room import Room
from spades.wire import action_text

ONE_HAND = {"variant": "standard", "options": {"hands": 1}}


class PairBus:
    """One room's end of an in-memory bus: what the other end publishes reaches this end's room in order, in a
    task of its own (as from Redis), unless held."""

    def __init__(self) -> None:
        self.other: PairBus | None = None
        self.open = asyncio.Event()
        self.open.set()
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None

    async def start(self, handler: Any) -> None:
        async def listen() -> None:
            while True:
                notice = await self.queue.get()
                await self.open.wait()
                await handler(notice)
                self.queue.task_done()

        self.task = asyncio.create_task(listen())

    async def publish(self, notice: dict[str, Any]) -> None:
        assert self.other is not None
        self.other.queue.put_nowait(notice)

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()


def heard_by(room: Room) -> list[tuple[str, int | None, bool]]:
    """What ``room``'s subscribers hear of hands and games, in order: (kind, hand, made here)."""
    heard: list[tuple[str, int | None, bool]] = []
    made: set[int] = set()

    async def mark(event: TableEvent) -> None:
        made.add(id(event))

    async def hear(event: TableEvent) -> None:
        heard.append((type(event).__name__, getattr(event, "hand", None), id(event) in made))

    for kind in (HandOver, GameOver):
        room.events.subscribe(kind, mark, made_here=True)
        room.events.subscribe(kind, hear)
    return heard


async def two_rooms(path: Path) -> tuple[Store, Room, Room, PairBus]:
    store = Store(f"sqlite:///{path / 'room.sqlite3'}")
    to_a, to_b = PairBus(), PairBus()
    to_a.other, to_b.other = to_b, to_a
    a, b = Room(store, to_a, pace=1000), Room(store, to_b, pace=1000)
    await a.start()
    await b.start()
    return store, a, b, to_a  # to_a: the bus a's notices arrive through (from b)


async def one_hand(store: Store, a: Room, b: Room) -> tuple[LiveTable, LiveTable]:
    """A table of four computers playing one hand, started on ``b`` and loaded on ``a``, played on ``b`` to its
    last card."""
    owner = store.guest("Table Maker")
    info = store.create_table(owner, ONE_HAND, "7", 4, {seat: "random" for seat in range(4)}, {"pace": 1000})
    at_b = await b.table(info.id)
    async with at_b.lock:
        assert await begin(at_b)
    at_a = await a.table(info.id)
    host = at_b.host
    assert host is not None
    while True:
        game = host.game
        after = game.clone()
        after.apply(game.legal_actions()[0])
        if after.over:  # the last card is next
            return at_a, at_b
        await at_b.command(game.turn, action_text(game.legal_actions()[0]), person=False)


@pytest.mark.parametrize("path", ["catching up", "the grace"])
def test_the_process_that_stored_the_last_action_finishes_the_game_after_saying_that_hands_end(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, path: str) -> None:
    monkeypatch.setattr(live, "FINISH_GRACE", 0.2 if path == "the grace" else 600.0)

    async def main() -> tuple[list[Any], list[Any], str]:
        store, a, b, to_a = await two_rooms(tmp_path)
        heard_a, heard_b = heard_by(a), heard_by(b)
        try:
            at_a, at_b = await one_hand(store, a, b)
            host = at_b.host
            assert host is not None
            seat, last = host.game.turn, action_text(host.game.legal_actions()[0])
            await to_a.queue.join()
            to_a.open.clear()  # what b says from now on reaches a only when the test lets it
            if path == "the grace":  # the process that stores the last action dies at once after it
                assert store.append_action(at_b.id, at_b.seq + 1, seat, last)
            else:
                async def a_reads_it_from_the_store(event: HandOver) -> None:
                    """a reads the action b has just stored, before b's hand's end reaches it."""
                    async with at_a.lock:
                        await at_a.catch_up()
                        await at_a.after_change()

                b.events.subscribe(HandOver, a_reads_it_from_the_store, made_here=True)
                await at_b.command(seat, last, person=False)
                to_a.open.set()
                await asyncio.wait_for(to_a.queue.join(), 60)
            if path == "the grace":
                async with at_a.lock:
                    await at_a.catch_up()
                    await at_a.after_change()
                assert store.table(at_a.id).state == "playing"  # a waits for the one that stored it
                for _ in range(600):  # stored over, and then said: a tells its listeners once the end is stored
                    if store.table(at_a.id).state == "over" and heard_a:
                        break
                    await asyncio.sleep(0.1)
            return heard_a, heard_b, store.table(at_a.id).state
        finally:
            await a.close()
            await b.close()

    heard_a, heard_b, state = asyncio.run(asyncio.wait_for(main(), 180))
    assert state == "over"
    if path == "the grace":  # a finished it: a's GameOver, made there after the hand b never said
        assert heard_a == [("GameOver", None, True)], heard_a
    else:  # b said the hand's end, then the game's, and a heard them in that order
        assert heard_b == [("HandOver", 1, True), ("GameOver", None, True)], heard_b
        assert heard_a == [("HandOver", 1, False), ("GameOver", None, False)], heard_a
