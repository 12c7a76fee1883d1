"""The web lobby's chat, by keys alone in Debian's chromium against ``spades serve``: the lobby's earlier messages
on arrival, the chat line reached by Tab, a message from a client in the lobby said in the lobby chat's polite
log and the page's own reaching that client, a table's message never shown there, Shift+M reading back, a Mute
button that silences a player, axe clean; then at a table the people list names a spectator who has not spoken."""

from __future__ import annotations

from typing import Any

from spades.room.client import RoomClient
from test_join_chat import Loop
from test_web import axe_violations, report
from test_web_found import guest
from web_support import Room, new_page

LOBBY_LINES = "() => [...document.querySelectorAll('#lobby-chat-log p')].map((p) => p.textContent)"


def wait_for_line(page: Any, text: str) -> None:
    page.wait_for_function(f"(text) => ({LOBBY_LINES})().includes(text)", arg=text)


def tab_to(page: Any, element: str, presses: int = 40) -> None:
    """Tab until the focus is on the element of that id."""
    for _ in range(presses):
        if page.evaluate("() => document.activeElement && document.activeElement.id") == element:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached #{element}")


def test_the_lobby_chat_by_keys(browser: Any, room: Room) -> None:
    errors: list[str] = []
    page = new_page(browser, errors=errors)
    loop = Loop()
    url = room.url.replace("http://", "ws://") + "/ws"
    bob, tess, rick = RoomClient(url), RoomClient(url), RoomClient(url)
    try:
        for client, who in ((bob, "Bob"), (tess, "Tess"), (rick, "Rick")):
            loop.run(client.connect())
            loop.run(client.guest(who))
        loop.run(bob.request({"type": "lobby"}))
        loop.run(bob.request({"type": "chat", "table": None, "text": "anyone for a game?"}))
        table = loop.run(tess.create("standard", {}, {1: "normal", 3: "normal"}))["table"]
        loop.run(tess.join(table, 0))

        guest(page, room, "Lena")
        wait_for_line(page, "Earlier: Bob: anyone for a game?")
        region = page.eval_on_selector("#lobby-chat-log", "n => [n.getAttribute('role'), n.getAttribute('aria-live')]")
        assert region == ["log", "polite"]
        page.focus("#lobby-refresh")
        tab_to(page, "lobby-chat-input")
        page.keyboard.type("hello <b>Bob</b>")
        page.keyboard.press("Enter")
        heard = loop.run(bob.wait_for(lambda f: f["type"] == "chat" and f["name"] == "Lena", 60))
        assert heard["text"] == "hello <b>Bob</b>" and heard["table"] is None
        wait_for_line(page, "Lena: hello <b>Bob</b>")
        assert page.eval_on_selector("#lobby-chat-log", "n => n.querySelector('b') === null")  # markup stays text

        loop.run(tess.request({"type": "chat", "table": table, "text": "for my table only"}))
        loop.run(bob.request({"type": "chat", "table": None, "text": "nice to meet you"}))
        wait_for_line(page, "Bob: nice to meet you")
        assert not any("for my table only" in line for line in page.evaluate(LOBBY_LINES))
        assert "nice to meet you" not in page.inner_text("#alert")

        page.keyboard.press("Shift+Tab")  # the log, then Shift+M (in the line it would be a capital M)
        assert page.evaluate("() => document.activeElement.id") == "lobby-chat-log"
        page.keyboard.press("Shift+M")
        page.wait_for_selector("#lobby-chat-status p")
        said = [p.strip() for p in page.inner_text("#lobby-chat-status").split("\n") if p.strip()]
        assert said == ["Earlier: Bob: anyone for a game?", "Earlier: Lena: hello <b>Bob</b>",
                        "Earlier: Bob: nice to meet you"]  # read back: none sounds new
        assert page.get_attribute("#lobby-chat-status", "role") == "status"

        violations = axe_violations(page)
        assert not violations, "the lobby with its chat: " + report(violations)

        tab_to(page, "lobby-chat-input")
        page.keyboard.press("Tab")
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.textContent") == "Mute Bob"
        page.keyboard.press("Enter")
        page.wait_for_selector("#lobby-chat-status:has-text('You mute Bob.')")
        assert page.get_attribute("#lobby-chat-people button[data-name='Bob']", "aria-pressed") == "true"
        loop.run(bob.request({"type": "chat", "table": None, "text": "can you hear me"}))
        loop.run(bob.request({"type": "ping"}))
        page.wait_for_timeout(400)
        assert not any("can you hear me" in line for line in page.evaluate(LOBBY_LINES))

        # at a table, a spectator who has not said a word is in the people list, to be muted
        page.focus(f"#tables button:has-text('Join table {table}')")
        page.keyboard.press("Enter")
        page.wait_for_function("(t) => location.pathname === `/table/${t}`", arg=table)
        page.wait_for_selector("#chat-people button[data-name='Tess']")
        loop.run(rick.join(table))
        page.wait_for_selector("#chat-people button[data-name='Rick']")
        assert page.inner_text("#chat-people button[data-name='Rick']") == "Mute Rick"
        assert not errors, errors
    finally:
        for client in (bob, tess, rick):
            loop.run(client.close())
        loop.stop()
        page.context.close()
