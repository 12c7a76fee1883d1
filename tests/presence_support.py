"""North's person for the presence tests of both tables: a RoomClient in a thread of its own that creates a
table of two people and two computers, loses the connection mid-hand, stays away while the computer plays for it,
and comes back; and the lines everyone at the table should hear of it."""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import re
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

from room_server import Seat, close_all
from spades.room.client import RoomClient

TIMEOUT = 2  # seconds the room waits for an absent person before the computer plays for them
CUT_AT = 12  # public events before North's connection is cut: the bids are in and a few cards are down
NAME = "Ada"
# a card as the report of what the computer did names it ("the ace of hearts"), the name alone in its group
CARD_NAME = re.compile(r"the ((?:two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace) of [a-z]+"
                       r"|Big Joker|Little Joker)")
LOST = f"North, {NAME}, lost the connection; the computer plays for North if {NAME} is not back within 2 seconds."
COVER = f"{NAME} is not back: the computer plays for North until {NAME} returns."
BACK = f"{NAME} is back at North; the computer hands the seat back."
BEGINS = ("The game begins. If a person loses the connection or leaves during the game, the computer plays for them "
          "after 2 seconds, until they are back.")


def north_cards(frames: list[dict[str, Any]]) -> int:
    """The cards North played in the updates among ``frames``."""
    return sum(1 for frame in frames if frame.get("type") == "update"
               for event in frame["events"] if event["type"] == "card" and event["seat"] == 0)


async def until(client: RoomClient, check: Callable[[], bool], timeout: float) -> None:
    """Wait until ``check()`` holds, looking again at each frame ``client`` receives."""
    deadline = time.monotonic() + timeout
    while not check():
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("waited in vain")
        with contextlib.suppress(TimeoutError):
            await client.wait_for(lambda f: True, min(left, 1), since=len(client.frames))


def said(frames: list[dict[str, Any]]) -> list[str]:
    return [str(f["text"]) for f in frames if f.get("type") == "said" and f.get("id") is None]


class North:
    """North's person through RoomClient, in a thread of its own with its own event loop: creates the table
    (East and West the computer, starting by itself once South sits), plays to ``CUT_AT`` events, loses the
    connection, stays away until the lobby shows North covered and the computer has played two of North's cards,
    then comes back with the token and plays to the end. A spectator watches throughout, to count the cards the
    computer played for North."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.tables: queue.Queue[int] = queue.Queue()
        self.failures: list[BaseException] = []
        self.lobby_seat: dict[str, Any] = {}  # North's seat as the lobby listed it while North was away
        self.report: str | None = None  # what North heard on return
        self.said_back: list[str] = []  # every said line North's resumed connection heard
        self.played_away = 0  # North's cards the spectator saw played between the cover and the return
        self.watched: list[str] = []  # the said lines the spectator heard
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        try:
            asyncio.run(self.main())
        except BaseException as error:  # reported by the test, in its own thread
            self.failures.append(error)
            self.tables.put(-1)

    async def main(self) -> None:
        owner = await RoomClient(self.url).connect()
        await owner.guest(NAME)
        reply = await owner.create("standard", {"hands": 1}, {1: "easy", 3: "easy"}, pace=0, timeout=TIMEOUT,
                                   autostart=True)
        assert reply["type"] == "table", reply
        table = reply["table"]
        assert (await owner.join(table, 0))["type"] == "table"
        watcher = await RoomClient(self.url).connect()
        await watcher.guest("Eve")
        assert (await watcher.join(table))["type"] == "table"
        clients = [owner, watcher]
        try:
            self.tables.put(table)
            await owner.wait_for(lambda f: f.get("type") == "update" and f["table"] == table, 60)
            await Seat(owner, table, 0, "north").play(until=CUT_AT, timeout=120)
            token = owner.token
            await owner.close()
            self.lobby_seat = await covered_in_lobby(watcher, table)
            cover = await watcher.wait_for(lambda f: f.get("type") == "said" and f["text"] == COVER, 60)
            at = watcher.frames.index(cover)
            await until(watcher, lambda: north_cards(watcher.frames[at:]) >= 2, 120)
            back = await RoomClient(self.url).connect()
            clients.append(back)
            await back.resume(token)
            heard = await back.wait_for(lambda f: f.get("type") == "said" and "While you were away" in f["text"], 60)
            self.report = str(heard["text"])
            returned = await watcher.wait_for(lambda f: f.get("type") == "said" and f["text"] == BACK, 60)
            self.played_away = north_cards(watcher.frames[at:watcher.frames.index(returned)])
            await Seat(back, table, 0, "north").play(timeout=180)
            self.said_back = said(back.frames)
            await until(watcher, lambda: BACK in said(watcher.frames), 60)
            self.watched = said(watcher.frames)
        finally:
            await close_all(clients)


async def covered_in_lobby(client: RoomClient, table: int, timeout: float = 120) -> dict[str, Any]:
    """North's seat as the lobby lists it, once the lobby says the computer covers it: read from the room's
    ``/api/tables`` (the same list, pages in turn) a few times a second, within the room's rate for an address, so
    that the cover is seen before the computer has played the hand out."""
    base = client.url.replace("ws://", "http://", 1).removesuffix("/ws")

    def read(page: int) -> dict[str, Any]:
        with urllib.request.urlopen(f"{base}/api/tables?page={page}", timeout=30) as reply:
            return dict(json.loads(reply.read()))

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        page, listed = 0, []
        while True:  # the table's page: other tests' waiting tables at the same room are listed first
            with contextlib.suppress(urllib.error.HTTPError):  # 429: asked too often from this address
                lobby = await asyncio.to_thread(read, page)
                listed = [t for t in lobby["tables"] if t["table"] == table]
                if listed or page + 1 >= lobby["pages"]:
                    break
                page += 1
            await asyncio.sleep(0.2)
        if listed and listed[0]["seats"][0]["covered"]:
            return dict(listed[0]["seats"][0])
        await asyncio.sleep(0.2)
    raise TimeoutError("the lobby never showed North covered")
