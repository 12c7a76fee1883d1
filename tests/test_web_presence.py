"""Who is at the table, at the web table: two people and two computers; North (a RoomClient) loses the connection
mid-hand while South plays at the web table in a real browser. South's log says that North lost the connection,
then that the computer plays for North after the table's timeout, then that North is back; North, back, hears
what the computer did for them."""

from __future__ import annotations

import asyncio
import contextlib
import queue
import re
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from room_server import Seat, close_all
from spades.room.client import RoomClient
from web_support import Room, chromium, log_lines, need_browser, new_page, serving, wait_for_log

TIMEOUT = 2  # seconds the room waits for an absent person before the computer plays for them
CUT_AT = 12  # public events before North's connection is cut: the bids are in and a few cards are down
NAME = "Ada"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = need_browser()
    with chromium(sync_api) as launched:
        yield launched


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory, browser: Any) -> Iterator[Room]:
    with serving(tmp_path_factory.mktemp("room")) as served:
        yield served


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


class North:
    """North's person through RoomClient, in a thread of its own: creates the table (East and West the computer,
    starting by itself once South sits), plays to ``CUT_AT`` events, loses the connection, stays away until the
    computer has played two of North's cards, then comes back with the token and plays to the end. A spectator
    watches throughout, to know when the computer has played for North."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.tables: queue.Queue[int] = queue.Queue()
        self.failures: list[BaseException] = []
        self.report: str | None = None  # what North heard on return
        self.said_back: list[str] = []  # every said line North's resumed connection heard
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
            await Seat(owner, table, 0, "north").play(until=CUT_AT, timeout=60)
            token = owner.token
            await owner.close()
            cover = await watcher.wait_for(lambda f: f.get("type") == "said" and "is not back:" in f["text"], 30)
            at = watcher.frames.index(cover)
            await until(watcher, lambda: north_cards(watcher.frames[at:]) >= 2, 30)
            back = await RoomClient(self.url).connect()
            clients.append(back)
            await back.resume(token)
            heard = await back.wait_for(lambda f: f.get("type") == "said" and "While you were away" in f["text"], 10)
            self.report = str(heard["text"])
            await Seat(back, table, 0, "north").play(timeout=60)
            self.said_back = [f["text"] for f in back.frames if f.get("type") == "said" and f.get("id") is None]
            await until(watcher, lambda: any(f.get("type") == "said" and " is back at " in f["text"]
                                             for f in watcher.frames), 10)
            self.watched = [f["text"] for f in watcher.frames if f.get("type") == "said" and f.get("id") is None]
        finally:
            await close_all(clients)


def play_south(page: Any, deadline: float) -> None:
    """Answer every turn of South at the web table by keys, as a person would, until the game is over."""
    handled = 0
    while True:
        left = deadline - time.monotonic()
        assert left > 0, "the game did not end in time"
        page.wait_for_function(
            "seen => [...document.querySelectorAll('#log p')].filter(p => p.textContent.startsWith('Your turn'))"
            ".length > seen || !document.getElementById('game-over').hidden", arg=handled, timeout=left * 1000)
        if page.is_visible("#game-over"):
            return
        prompts = [line for line in log_lines(page, room=True) if line.startswith("Your turn")]
        handled = len(prompts)
        page.focus("#play")
        if prompts[-1].startswith("Your turn to bid: "):
            for key in ("2", "Enter", "y"):
                page.keyboard.press(key)
        elif prompts[-1].startswith("Your turn to bid"):  # blind nil is allowed: look at the cards first
            page.keyboard.press("h")
        else:
            cards = page.eval_on_selector_all("#hand button.card",
                                              "bs => bs.map(b => !b.classList.contains('unplayable'))")
            target = max(i for i, legal in enumerate(cards) if legal)  # the last card South may play
            for key in ["Home", *["ArrowRight"] * target, "Enter"]:
                page.keyboard.press(key)


def test_the_web_table_says_a_cut_connection_the_cover_and_the_return(browser: Any, room: Room) -> None:
    """Done-when, at the web table: South's log says North lost the connection, then that the computer plays for
    North after the timeout, then that North is back, while South plays on; North hears what was done for them."""
    north = North(room.url.replace("http://", "ws://") + "/ws")
    north.thread.start()
    errors: list[str] = []
    page = new_page(browser, errors=errors)
    table = north.tables.get(timeout=30)
    assert not north.failures, north.failures
    page.goto(f"{room.url}/tables/{table}")  # the invitation's address
    page.wait_for_selector("#view-signin:not([hidden])")
    page.fill("#guest-name", "Bob")
    page.click("#guest-form button")
    page.click("#waiting-seats button:has-text('Sit at South')")
    wait_for_log(page, "The game begins.")
    try:
        play_south(page, time.monotonic() + 90)
    finally:
        north.thread.join(30)
    assert not north.failures, north.failures
    lost = f"North, {NAME}, lost the connection; the computer plays for North if {NAME} is not back within 2 seconds."
    cover = f"{NAME} is not back: the computer plays for North until {NAME} returns."
    back = f"{NAME} is back at North; the computer hands the seat back."
    lines = log_lines(page, room=True)
    begins = ("The game begins. If a person loses the connection or leaves during the game, the computer plays for "
              "them after 2 seconds, until they are back.")
    assert lines.count(begins) == 1
    for line in (lost, cover, back):
        assert lines.count(line) == 1, (line, lines)
    assert lines.index(begins) < lines.index(lost) < lines.index(cover) < lines.index(back), lines
    # South played on meanwhile, and the computer played North's cards while North was away.
    away = lines[lines.index(cover):lines.index(back)]
    assert any(line.startswith("South plays the ") for line in lines[lines.index(lost):])
    played = sum(1 for line in away if line.startswith("North plays the "))
    assert played >= 2, away
    # North, back, hears what the computer did for them (as many cards as South's log says North played), and
    # is not told that they are back.
    assert north.report is not None
    match = re.fullmatch(r"While you were away the computer (?:bid (?:\d+|Nil|Blind Nil) for you and )?"
                         r"played (\d+) cards?\.", north.report)
    assert match, north.report
    assert int(match.group(1)) == played, (north.report, away)
    assert not [line for line in north.said_back if " is back at " in line]
    # A spectator hears the same three lines, in the same order.
    assert [line for line in north.watched if line in (lost, cover, back)] == [lost, cover, back]
    assert not errors
