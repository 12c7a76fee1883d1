"""Who is at the table, at the web table: two people and two computers; North (a RoomClient) loses the connection
mid-hand while South plays at the web table in a real browser. South's log says that North lost the connection,
then that the computer plays for North after the table's timeout, then that North is back; North, back, hears
what the computer did for them."""

from __future__ import annotations

import re
import time
from typing import Any

from presence_support import BACK, BEGINS, COVER, LOST, North
from web_support import Room, log_lines, new_page, wait_for_log


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
    table = north.tables.get(timeout=120)
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
        north.thread.join(120)
    assert not north.failures, north.failures
    lost, cover, back, begins = LOST, COVER, BACK, BEGINS
    lines = log_lines(page, room=True)
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
