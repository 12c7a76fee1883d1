"""A turn clock at the web table, in Debian's chromium against ``spades serve``: a guest asks for more time in the
settings and creates a table by keys in the lobby's form, with a clock of 5 seconds an action and a bank of 8, sits at
South with three computers, and never acts. The page shows South's seconds counting down on its seat and the bank
beside them, for the eyes only; Shift+T says the time left and the bank (doubled); "Ten seconds left." is heard
once, with its own sound; the computer's actions for South are heard as the clock's ("Time: the computer bids ...
for South."), never also as South's own; the bank is then spent; axe finds nothing wrong with the clock on the
form and on the felt. And a table without a clock shows none, the form takes no clock out of its range, and the
warning's sound is unlike the table's other sounds."""

from __future__ import annotations

import json
import re
from typing import Any

from test_web import axe_violations, report
from test_web_lobby import tab_to
from test_web_look import EARCON_CHECK, EARCONS
from web_support import TRANSCRIPT, Room, heard_times, log_lines, new_page, transcript, wait_for_log

WAIT = 120_000  # ms: a ceiling for what the room does in its own time (a clock's seconds, the computer's actions)
TIMED_BID = re.compile(r"Time: the computer bids (.+) for South\.")
TIMED_CARD = re.compile(r"Time: the computer plays the (.+) for South\.")
TIME_LEFT = re.compile(r"(\d+) seconds? left for you\. Your bank: (\d+) seconds?\.")


def sent_frames(page: Any) -> list[dict[str, Any]]:
    """Every frame the page sends on its websockets, kept as it goes (call before the page opens the room)."""
    frames: list[dict[str, Any]] = []

    def on_socket(socket: Any) -> None:
        socket.on("framesent", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", on_socket)
    return frames


def press_in(page: Any, element: str, *keys: str) -> None:
    """Tab to the element and press the keys there."""
    tab_to(page, element, presses=80)
    for key in keys:
        page.keyboard.press(key)


def guest_by_keys(page: Any, room: Room, name: str) -> None:
    page.goto(room.url + "/")
    page.wait_for_selector("#play-now:focus")
    press_in(page, "guest-name")
    page.keyboard.type(name)
    page.keyboard.press("Enter")
    page.wait_for_selector("#view-lobby:not([hidden])")


def status_text(page: Any, pattern: str) -> str:
    """Wait until the status line (the answers to the reading keys) matches the pattern; its text."""
    page.wait_for_function("pattern => new RegExp(pattern).test(document.getElementById('status').textContent)",
                           arg=pattern, timeout=WAIT)
    text: str = page.inner_text("#status")
    return text


def ask_clock(page: Any, pattern: str) -> re.Match[str]:
    """Shift+T at the table: the room's answer, once it matches."""
    page.evaluate("() => document.getElementById('status').replaceChildren()")
    page.focus("#play")
    page.keyboard.press("Shift+T")
    match = re.search(pattern, status_text(page, pattern))
    assert match
    return match


def test_a_clock_made_by_keys_in_the_lobby_runs_out_for_a_player_who_never_acts(browser: Any, room: Room) -> None:
    errors: list[str] = []
    page = new_page(browser, errors=errors)
    page.add_init_script(TRANSCRIPT)
    sent = sent_frames(page)
    guest_by_keys(page, room, "Tempo")

    # The settings, by keys: more time on a turn clock, and the sounds (to hear the warning's).
    press_in(page, "open-settings", "Enter")
    page.wait_for_selector("#settings-dialog[open]")
    for box in ("set-more-time", "set-sound"):
        press_in(page, box, "Space")
    assert page.is_checked("#set-more-time") and page.is_checked("#set-sound")
    page.keyboard.press("Escape")
    page.wait_for_selector("#settings-dialog", state="hidden")
    assert page.evaluate("JSON.parse(localStorage.getItem('spades.settings')).moreTime") is True

    # The lobby's form, by keys: one hand, three easy computers round South, and the clock: off until turned on.
    assert not page.is_checked("#create-clock") and page.is_hidden("#create-clock-fields")
    press_in(page, "create-hands", "1")
    for seat in (0, 1, 3):
        press_in(page, f"seat-{seat}", "ArrowUp")  # from "Computer, normal" to "Computer, easy"
        assert page.input_value(f"#seat-{seat}") == "easy"
    press_in(page, "create-clock", "Space")
    page.wait_for_selector("#create-clock-fields:not([hidden])")
    assert page.input_value("#create-per-action") == "30" and page.input_value("#create-bank") == "120"
    assert page.is_checked("#create-more-time")
    labels = page.eval_on_selector_all("#create-clock-fields input",
                                       "ins => ins.map(i => [...i.labels].map(l => l.textContent.trim()).join())")
    assert labels == ["Seconds an action (5 to 600)", "Bank for the game, seconds (0 to 3600)",
                      "Allow more time (bank doubled) for players who ask"]
    press_in(page, "create-per-action", "Control+A")
    page.keyboard.type("5")
    press_in(page, "create-bank", "Control+A")
    page.keyboard.type("8")
    violations = axe_violations(page)
    assert not violations, "the lobby's form with the clock on: " + report(violations)
    page.keyboard.press("Enter")  # the form is sent from its field

    wait_for_log(page, "Your turn to bid")
    create = next(f for f in sent if f["type"] == "create")
    assert create["clock"] == {"per_action": 5, "bank": 8, "more_time": True}, create
    joins = [f for f in sent if f["type"] == "join"]
    assert joins and all(f.get("more_time") is True for f in joins if f.get("seat") is not None), joins

    # Shift+T at once: the seconds of the turn and the bank, doubled (16). On a machine slow enough to answer only
    # after South's own five seconds, the bank is being drawn on and is the time left; 8 alone would say 8 then.
    match = ask_clock(page, TIME_LEFT.pattern)
    left, bank = int(match.group(1)), int(match.group(2))
    assert left <= 21 and bank == min(16, left) and bank > 8, match.group(0)

    # The countdown on South's seat: its ring, its seconds ticking (for the eyes only), its bank beside them.
    timer = page.wait_for_selector("#pos-bottom .chip.timer")
    first = timer.text_content() or ""
    assert re.fullmatch(r"0:[0-2]\d", first), first
    assert page.eval_on_selector("#pos-bottom .chip.timer", "n => n.getAttribute('aria-hidden')") == "true"
    assert page.eval_on_selector("#pos-bottom .chip.timer",
                                 "n => n.closest('[aria-live], [role=log], [role=status], [role=alert]')") is None
    assert page.query_selector("#pos-bottom .ring.timed")
    assert re.fullmatch(r"Bank 0:(1[0-6]|0\d)", page.inner_text("#pos-bottom .chip.bank"))
    assert page.query_selector("#pos-left .chip.bank") is None  # a computer has no bank
    page.wait_for_function("first => { const n = document.querySelector('#pos-bottom .chip.timer');"
                           " return n !== null && n.textContent !== first; }", arg=first, timeout=WAIT)
    violations = axe_violations(page)
    assert not violations, "the table with the clock showing: " + report(violations)

    # Time runs out: the computer bids for South, said as the clock's action; the bank is spent.
    wait_for_log(page, "Time: the computer bids ")
    match = ask_clock(page, r"Your bank: 0 seconds\.")
    assert re.fullmatch(r"(\d seconds? left for you|The clock is not running)\. Your bank: 0 seconds\.",
                        match.string), match.string
    page.wait_for_function("() => [...document.querySelectorAll('#log p')].some(p => /^Time: the computer plays "
                           "the .+ for South\\.$/.test(p.textContent))", timeout=WAIT)

    heard = transcript(page)
    lines = log_lines(page, room=True)
    bids = [m.group(1) for line in lines if (m := TIMED_BID.fullmatch(line))]
    cards = [m.group(1) for line in lines if (m := TIMED_CARD.fullmatch(line))]
    assert len(bids) == 1 and cards, lines
    assert heard_times(heard, "Ten seconds left.") == 1, [e for e in heard if "seconds" in e[1]]
    assert heard_times(heard, f"Time: the computer bids {bids[0]} for South.") == 1
    for card in cards:
        assert heard_times(heard, f"Time: the computer plays the {card} for South.") == 1
        assert not [line for line in lines if line == f"South plays the {card}."]
    assert not [line for line in lines if line.startswith("South bids ")], lines
    played = page.evaluate("async () => (await import('/static/js/sound.js')).played")
    assert played.count("time") == 1, played
    # The lobby says which tables have a clock.
    page.click("#nav-lobby")
    page.wait_for_selector("#tables .table-clock")
    assert page.inner_text("#tables .table-clock") == ("Turn clock: 5 seconds an action, a bank of 8 seconds, "
                                                       "doubled for a player who asks for more time.")
    assert not errors


def test_a_table_without_a_clock_shows_none_and_the_form_keeps_a_clock_in_its_range(browser: Any,
                                                                                   room: Room) -> None:
    errors: list[str] = []
    page = new_page(browser, errors=errors)
    sent = sent_frames(page)
    guest_by_keys(page, room, "Lento")
    press_in(page, "create-clock", "Space")
    press_in(page, "create-per-action", "Control+A")
    page.keyboard.type("3")  # under the five seconds a clock takes at least: the browser's check stops the form
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.getElementById('create-per-action').validity.rangeUnderflow")
    page.wait_for_timeout(300)
    assert not [f for f in sent if f["type"] == "create"]
    # Turned off again, the clock's fields are neither shown nor checked, and the table is made without a clock.
    press_in(page, "create-clock", "Space")
    assert page.is_hidden("#create-clock-fields")
    page.focus("#create-form button[type='submit']")
    page.keyboard.press("Enter")
    wait_for_log(page, "Your turn to bid")
    create = next(f for f in sent if f["type"] == "create")
    assert "clock" not in create, create
    join = next(f for f in sent if f["type"] == "join")
    assert "more_time" not in join, join  # not asked for in the settings
    page.wait_for_selector("#pos-bottom .plate")
    assert page.query_selector_all(".felt .chip.timer, .felt .chip.bank, .felt .ring.timed") == []
    # The warning's sound, as the page renders it: heard, short, and unlike every other earcon.
    heard = page.evaluate(EARCON_CHECK, [*EARCONS, "time"])
    assert heard["rms"][-1] > 0.02 and heard["peak"][-1] <= 1.0 and heard["seconds"][-1] <= 0.7, heard
    assert min(heard["apart"]) > 0.2, heard
    assert not errors
