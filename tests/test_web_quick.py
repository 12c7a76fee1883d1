"""Quick play in the web table, by keys alone in Debian's chromium against ``spades serve``: the lobby's "Play with
people" with a variant chosen by keys, the queue said politely as it changes, Leave queue, and being seated at the
table the room made when another person comes; axe finds no violation on the lobby while waiting."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from test_web import axe_violations, report
from test_web_found import guest
from web_support import Room, new_page, wait_for_log


def test_play_with_people_by_keys_waits_says_the_queue_and_seats_the_player(browser: Any, room: Room) -> None:
    from spades.room.client import RoomClient

    errors: list[str] = []
    page = new_page(browser, errors=errors)
    guest(page, room, "Wendy")
    page.focus("#quick-variant")
    page.keyboard.press("End")  # the last variant: two players
    assert page.input_value("#quick-variant") == "two_player"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "quick-play"
    page.keyboard.press("Enter")
    page.wait_for_selector("#quick-status:has-text('1 of 2 players; waiting.')")
    assert page.get_attribute("#quick-status", "role") == "status"
    assert page.is_visible("#quick-leave")
    assert axe_violations(page) == [], report(axe_violations(page))
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "quick-leave"
    page.keyboard.press("Enter")
    page.wait_for_selector("#quick-status:has-text('You left the queue.')")
    assert page.evaluate("document.activeElement.id") == "quick-play"
    assert not page.is_visible("#quick-leave")
    page.keyboard.press("Enter")
    page.wait_for_selector("#quick-status:has-text('1 of 2 players; waiting.')")
    seated: dict[str, Any] = {}

    def other() -> None:
        async def main() -> None:
            pal = await RoomClient(room.url.replace("http", "ws") + "/ws").connect()
            await pal.guest("Pal")
            await pal.request({"type": "quick", "variant": "two_player"})
            seated.update(await pal.wait_for(lambda f: f["type"] == "table", 20))
            await pal.close()

        asyncio.run(main())

    thread = threading.Thread(target=other)
    thread.start()
    thread.join(30)
    table = seated["table"]
    page.wait_for_function("(t) => location.pathname === `/tables/${t}`", arg=table)
    wait_for_log(page, f"Quick play: table {table}. You sit at ")
    assert not page.is_visible("#quick-status")
    assert not errors, errors
    page.context.close()
