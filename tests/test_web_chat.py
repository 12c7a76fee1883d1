"""The web table's chat by keys alone in a real browser (Debian's chromium driven by Playwright): Space focuses the
chat line, Enter sends, Escape goes back to the hand; another client's message is announced in the chat's own
polite region (never the alert region nor the game's log); markup stays text; p then a digit sends a quick phrase
and bids nothing; Shift+M reads the messages back; a mute button, reached by Tab, silences a player; and axe finds
no violation with the chat open."""

from __future__ import annotations

from typing import Any

import pytest

from spades.room.client import RoomClient
from test_join_chat import Loop
from test_web import axe_violations, play_now, report
from web_support import Room, log_lines, new_page, status

CHAT_LINES = "() => [...document.querySelectorAll('#chat-log p')].map((p) => p.textContent)"
FOCUSED = "() => { const a = document.activeElement; return a ? (a.dataset.card ? 'card' : a.id || a.tagName) : null; }"


def wait_for_chat(page: Any, text: str) -> None:
    page.wait_for_function("text => [...document.querySelectorAll('#chat-log p')].some((p) => p.textContent === text)",
                           arg=text)


def test_chat_at_the_web_table_by_keys(browser: Any, room: Room) -> None:
    pytest.importorskip("axe_playwright_python")
    page = new_page(browser)
    table = play_now(page, room)
    me = page.inner_text("#who").removesuffix(" (guest)")
    loop = Loop()
    bob = RoomClient(room.url.replace("http://", "ws://") + "/ws")
    try:
        loop.run(bob.connect())
        loop.run(bob.guest("Bob"))
        loop.run(bob.join(table))
        region = page.eval_on_selector("#chat-log", "n => [n.getAttribute('role'), n.getAttribute('aria-live')]")
        assert region == ["log", "polite"]

        page.keyboard.press("Space")
        assert page.evaluate(FOCUSED) == "chat-input"
        page.keyboard.type("hello <i>Bob</i>")
        page.keyboard.press("Enter")
        heard = loop.run(bob.wait_for(lambda f: f["type"] == "chat" and f["name"] == me, 60))
        assert heard["text"] == "hello <i>Bob</i>"
        wait_for_chat(page, f"{me}: hello <i>Bob</i>")
        assert page.eval_on_selector("#chat-log", "n => n.querySelector('i') === null")  # markup stays text
        page.keyboard.press("Escape")
        assert page.evaluate(FOCUSED) == "card"

        loop.run(bob.request({"type": "chat", "table": table, "text": "nice play"}))
        wait_for_chat(page, "Bob, watching: nice play")
        assert not any("nice play" in line for line in log_lines(page, room=True))
        assert "nice play" not in page.inner_text("#alert")

        page.keyboard.press("p")
        page.wait_for_function("() => document.getElementById('status').textContent.startsWith('Quick phrases')")
        page.keyboard.press("2")  # a phrase: no bid of 2
        phrase = loop.run(bob.wait_for(lambda f: f["type"] == "chat" and f["text"] == "Nice play", 60))
        assert phrase["name"] == me
        wait_for_chat(page, f"{me}: Nice play")
        assert not any(line.startswith("You bid") or line.startswith("Bid 2") for line in log_lines(page))

        page.keyboard.press("Shift+M")
        page.wait_for_function("() => document.getElementById('status').textContent.includes('Bob, watching')")
        said = [line for line in status(page).split("\n") if line]
        # read back, each is marked as said earlier, so that none sounds new
        assert said == [f"Earlier: {me}: hello <i>Bob</i>", "Earlier: Bob, watching: nice play",
                        f"Earlier: {me}: Nice play"]

        # axe with the chat open: the focus in the chat line, messages in its log
        page.keyboard.press("Space")
        violations = axe_violations(page)
        assert not violations, "the table with the chat open: " + report(violations)

        # the phrases as buttons, by Tab from the chat line (Send first) or a tap on a phone; the line keeps its text
        page.keyboard.type("half a thought")
        page.keyboard.press("Tab")
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.textContent") == "1 Good game"
        page.keyboard.press("Enter")
        loop.run(bob.wait_for(lambda f: f["type"] == "chat" and f["text"] == "Good game", 60))
        assert page.input_value("#chat-input") == "half a thought"

        # the mute button, by Tab past the other four phrases: Bob's
        for _ in range(5):
            page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.textContent") == "Mute Bob"
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.getElementById('status').textContent === 'You mute Bob.'")
        assert page.get_attribute("button[data-name='Bob']", "aria-pressed") == "true"
        loop.run(bob.request({"type": "chat", "table": table, "text": "can you hear me"}))
        loop.run(bob.request({"type": "ping"}))
        page.wait_for_timeout(400)
        assert not any("can you hear me" in line for line in page.evaluate(CHAT_LINES))
    finally:
        loop.run(bob.close())
        loop.stop()
        page.context.close()
