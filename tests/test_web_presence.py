"""Who is at the table, at the web table: two people and two computers; North (a RoomClient) loses the connection
mid-hand while South plays at the web table in a real browser. South's log says that North lost the connection,
then that the computer plays for North after the table's timeout, then that North is back; North, back, hears
what the computer did for them. And the other way round: South's page, closed and opened again, is told which cards
the computer played for South and what was said meanwhile."""

from __future__ import annotations

import re
import time
from typing import Any

from presence_support import BACK, BEGINS, CARD_NAME, COVER, LOST, North
from web_support import TRANSCRIPT, Room, log_lines, new_page, transcript, wait_for_log


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
    # North, back, hears what the computer did for them (the cards South's log says North played), and
    # is not told that they are back.
    assert north.report is not None
    match = re.fullmatch(r"While you were away the computer (?:bid (?:\d+|Nil|Blind Nil) for you and )?"
                         r"played (the .+)\.", north.report)
    assert match, north.report
    named = [line.removeprefix("North plays the ").removesuffix(".") for line in away
             if line.startswith("North plays the ")]
    assert CARD_NAME.findall(match.group(1)) == named, (north.report, away)  # the very cards, in order
    assert not [line for line in north.said_back if " is back at " in line]
    # A spectator hears the same three lines, in the same order.
    assert [line for line in north.watched if line in (lost, cover, back)] == [lost, cover, back]
    assert not errors


def test_back_after_a_cut_the_page_says_which_cards_were_played_for_it_and_the_chat_it_missed(
        browser: Any, room: Room) -> None:
    """South at the web table, Nia (a RoomClient) at North: South's page is closed after the bidding, the
    computer covers South and plays, Nia says something; South's page opened again is told, by its live regions,
    which cards the computer played for South and what Nia said meanwhile, as an earlier line. (Nia stops
    playing once the computer has played for South, so that the game waits for her.)"""
    import asyncio

    from presence_support import CARD_NAME, TIMEOUT
    from room_server import Seat
    from spades.room.client import RoomClient
    from test_join_chat import Loop

    class UntilSouthPlays(Seat):
        """Nia's seat, played until the game is over or the computer has played a card for South."""

        def over(self) -> bool:
            return super().over() or any(
                f.get("type") == "update" and f.get("table") == self.table
                and any(e.get("type") == "card" and e.get("seat") == 2 for e in f["events"])
                for f in self.client.frames)

    loop = Loop()
    nia = RoomClient(room.url.replace("http://", "ws://") + "/ws")
    playing = None
    try:
        loop.run(nia.connect())
        loop.run(nia.guest("Nia"))
        table = loop.run(nia.create("standard", {"hands": 1}, {1: "easy", 3: "easy"}, pace=0,
                                    timeout=TIMEOUT))["table"]
        loop.run(nia.join(table, 0))
        page = new_page(browser)
        page.goto(f"{room.url}/tables/{table}")
        page.wait_for_function("() => document.activeElement.textContent === 'Sit at South as a guest'")
        page.keyboard.press("Enter")
        page.wait_for_function("() => /South: Guest/.test(document.getElementById('waiting-seats').textContent)")
        mark = len(nia.frames)
        loop.run(nia.send({"type": "start", "table": table}))
        loop.run(nia.wait_for(lambda f: f.get("type") == "update" and f["table"] == table, 60, since=mark))
        playing = asyncio.run_coroutine_threadsafe(UntilSouthPlays(nia, table, 0, "nia").play(timeout=150),
                                                   loop.loop)
        wait_for_log(page, "Your turn to bid")
        page.focus("#play")
        for key in ("3", "Enter", "y"):
            page.keyboard.press(key)
        wait_for_log(page, "South bids 3")
        mark = len(nia.frames)
        page.close()  # South's connection is cut
        loop.run(nia.wait_for(lambda f: f.get("type") == "said" and "is not back" in f["text"], 60, since=mark))
        loop.run(nia.request({"type": "chat", "table": table, "text": "where did you go?"}))
        loop.run(nia.wait_for(lambda f: f.get("type") == "update" and any(
            e.get("type") == "card" and e.get("seat") == 2 for e in f["events"]), 60, since=mark))
        # Nia stops by herself at the computer's first card for South, so the game waits for her from then on and
        # South comes back to a game under way. (Cancelled from here instead, she could play on meanwhile: at
        # pace 0 her burst and the computers once finished the hand before the cancel reached her.)
        playing.result(60)
        assert not Seat(nia, table, 0, "nia").over(), "the hand ended before South came back"
        back = page.context.new_page()  # the same browser: its token resumes the session
        back.set_default_timeout(60_000)
        back.add_init_script(TRANSCRIPT)
        back.goto(f"{room.url}/tables/{table}")
        back.wait_for_function("() => document.getElementById('log').textContent.includes('While you were away')")
        back.wait_for_function("() => document.getElementById('chat-log').textContent.includes('where did you go')")
        heard = transcript(back)
        report = next(text for kind, text in heard if kind == "live #log" and "While you were away" in text)
        assert CARD_NAME.search(report), report  # which cards, not how many
        assert ("live #chat-log", "Earlier: Nia: where did you go?") in heard, heard
    finally:
        if playing is not None:
            playing.cancel()
        loop.run(nia.close())
        loop.stop()
