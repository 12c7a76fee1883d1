"""The web table in a real browser (Debian's chromium driven by Playwright) against ``spades serve``: a whole hand
by keyboard alone, said in the terminal table's words; the hand as one Tab stop; a card played by a click; an
illegal card kept selected with its reason; reconnection after the server restarts; names that are markup shown as
text; and axe-core finding no violation on the lobby, a table mid-hand and the end of a game, at desktop and phone
widths."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from spades import Game
from spades.actions import parse_action
from spades.bots import Bot, Hint, make_bot
from spades.host import Host
from spades.room.store import Store
from spades.table.config import Settings
from spades.table.keys import LineInput
from spades.table.link import LocalLink
from spades.table.session import Output, Table
from spades.view import SeatView
from spades.wire import rules_from_json
from web_support import DESKTOP, PHONE, Room, log_lines, new_page, serving, status, wait_for_log

SOUTH = 2


def play_now(page: Any, room: Room) -> int:
    """Open the room and press Enter on "Play now": a guest at a new table with the computer. The table's id."""
    page.goto(room.url + "/")
    page.wait_for_selector("#play-now:focus")
    page.keyboard.press("Enter")
    wait_for_log(page, "Your turn to bid")
    match = re.fullmatch(r"/table/(\d+)", page.evaluate("location.pathname"))
    assert match, page.evaluate("location.pathname")
    return int(match.group(1))


def prompts(page: Any) -> int:
    return sum(1 for line in log_lines(page) if line.startswith("Your turn."))


def wait_for_turn_or_end(page: Any, seen: int) -> bool:
    """Wait for the next "your turn" in play, or the end of the hand; True at the end."""
    page.wait_for_function(
        "seen => [...document.querySelectorAll('#log p')].filter(p => p.textContent.startsWith('Your turn.')).length"
        " > seen || document.getElementById('log').textContent.includes('Press n for the next hand.')", arg=seen)
    return "Press n for the next hand." in log_lines(page)


def hand_cards(page: Any) -> list[tuple[str, bool]]:
    """The cards of the hand as shown, left to right, and whether each may be played now."""
    cards: list[list[Any]] = page.eval_on_selector_all(
        "#hand button.card", "bs => bs.map(b => [b.dataset.card, !b.classList.contains('unplayable')])")
    return [(card, legal) for card, legal in cards]


class Recorded(Bot):
    """A computer seat that plays back what the room's computer did at that seat."""

    level = "recorded"

    def __init__(self, actions: list[str]) -> None:
        super().__init__()
        self.actions = actions

    def hint(self, view: SeatView) -> Hint:
        return Hint(parse_action(self.actions.pop(0)), "")


class Heard(Output):
    """The terminal's output, keeping the lines it says of itself (not the answers to keys, which interrupt)."""

    def __init__(self) -> None:
        super().__init__(io.StringIO())
        self.lines: list[str] = []

    def __call__(self, line: str, interrupt: bool = False, remember: bool | None = None) -> None:
        super().__call__(line, interrupt, remember)
        if not interrupt:
            self.lines.append(line)


def stored_table(room: Room, table: int) -> tuple[Any, list[Any]]:
    """The room's stored table and its actions, read from its database as a restarted room would."""
    store = Store(str(room.database))
    try:
        info = store.table(table)
        assert info is not None
        return info, list(store.actions(table))
    finally:
        store.close()


def terminal_lines(room: Room, table: int, typed: list[str], tmp: Path, seat: int = SOUTH) -> list[str]:
    """What `spades play`'s table at ``seat`` says for the room's deal and actions, given the same keys in line
    mode: up to "Press n for the next hand." and the coach's offer after it, or to its last line when the game ends
    first (without the line saying where the local game's record is kept: the room keeps its own)."""
    info, rows = stored_table(room, table)
    game = Game(rules_from_json(info.rules), seed=info.seed)
    computers: dict[int, Bot] = {
        other: Recorded([row.action for row in rows if row.seat == other])
        for other in range(game.rules.players) if other != seat}
    heard = Heard()
    console = Table(link=LocalLink(Host(game, computers), seat, save_to=tmp / "save.json"),
                    adviser=make_bot("random"), settings=Settings(pace=0, trick_pace=0),
                    input=LineInput(io.StringIO("".join(line + "\n" for line in typed))), out=heard,
                    sleep=lambda _: None)
    console.run()
    if "Press n for the next hand." not in heard.lines:
        return [line for line in heard.lines if not line.startswith("The game is kept as ")]
    end = heard.lines.index("Press n for the next hand.")
    return heard.lines[:end + 2]


@pytest.mark.parametrize("brief", [False, True], ids=["every-card", "tricks-only"])
def test_a_whole_hand_by_keyboard_says_the_terminals_words(browser: Any, room: Room, tmp_path: Path, brief: bool,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPADES_CONFIG_DIR", str(tmp_path / "config"))  # the terminal's v saves its setting
    errors: list[str] = []
    page = new_page(browser, errors=errors)
    table = play_now(page, room)
    typed = []
    if brief:  # v, as the terminal's v: from here on, only tricks, bids and turns
        page.keyboard.press("v")
        wait_for_log(page, "Verbosity: only tricks, bids and turns are said.")
        typed.append("v")
    typed += ["3", "y"]  # the terminal's line mode: 3 (with its Enter), then y
    for key in ("3", "Enter", "y"):
        page.keyboard.press(key)
    assert page.inner_text("#status") == ""  # the bid typed, once asked about, is no longer shown as the answer
    seen = 0
    while not wait_for_turn_or_end(page, seen):
        seen = prompts(page)
        cards = hand_cards(page)
        target = max(i for i, (_, legal) in enumerate(cards) if legal)  # the last card it may play
        for key in ["Home", *["ArrowRight"] * target]:
            page.keyboard.press(key)
        if target:  # the moves answered with the card reached (an answer the card's play then clears)
            wanted = re.escape(cards[target][0])
            assert re.search(r"\w+ of \w+", status(page)), wanted
        page.keyboard.press("Enter")
        typed += ["home", *["right"] * target, "enter"]
    said = log_lines(page)
    assert said[-2:] == ["Press n for the next hand.", "Or press C for the coach's review of your bids and cards."]
    assert said == terminal_lines(room, table, typed, tmp_path)
    after = said[next(i for i, line in enumerate(said) if line.startswith("Your turn to bid")):]
    assert any(" plays the " in line for line in after) != brief
    tricks = [line for line in after if " wins trick " in line]
    assert tricks and all(line.count(" of ") == (5 if brief else 1) for line in tricks)  # with the trick's cards
    if brief:  # the setting is kept with the others, and shown in the settings
        page.click("#open-settings")
        assert page.is_checked("#set-brief")
        page.click("#settings-form button")
        page.focus("#play")
    # The end of the hand: its result as the terminal says it, and the score by hand as a chart and a table.
    assert page.is_visible("#hand-over")
    summary = page.eval_on_selector_all("#hand-over-lines li", "items => items.map(i => i.textContent)")
    assert summary == said[-4:-2] and summary[0].startswith(("North-South: ", "East-West: "))
    assert page.eval_on_selector_all("#chart-table tbody tr", "rows => rows.length") == 1
    assert page.get_attribute("#chart svg", "role") == "img"
    page.keyboard.press("n")
    wait_for_log(page, "Hand 2. ")
    assert not page.is_visible("#hand-over")
    assert not errors


def create_table(page: Any, room: Room, variant: str, hands: int, levels: dict[str, str]) -> int:
    """A guest creates a table in the lobby (each seat "me" or a computer level) and, if seated, is taken to it."""
    page.goto(room.url + "/")
    page.click("#guest-form button")
    page.wait_for_selector("#view-lobby:not([hidden])")
    page.select_option("#create-variant", variant)
    for seat, level in levels.items():
        page.select_option(f"#create-seats #seat-{seat}", level)
    page.fill("#create-hands", str(hands))
    page.click("#create-form button[type='submit']")
    page.wait_for_function("() => /^\\/tables?\\/\\d+$/.test(location.pathname)")
    return int(page.evaluate("location.pathname").rsplit("/", 1)[1])


def test_the_two_player_draw_and_the_end_of_the_game_say_the_terminals_words_to_the_seat_alone(
        browser: Any, room: Room, tmp_path: Path) -> None:
    """A whole two-player game of one hand by keyboard: the draw says "You keep the ..." after each of the seat's
    draws and the end of the game says the seat's statistics and offers the coach for the last hand, as `spades
    play` says them for the same deal and keys (C then reviews it); a spectator of the same table hears neither."""
    errors: list[str] = []
    page = new_page(browser, errors=errors)
    south = 1
    table = create_table(page, room, "two_player", 1, {"0": "random", "1": "me"})
    watcher = new_page(browser, errors=errors)
    watcher.goto(room.url + f"/table/{table}")
    watcher.click("#guest-form button")
    typed: list[str] = []
    seen = 0
    rng = random.Random(table)
    while True:
        page.wait_for_function(
            "seen => [...document.querySelectorAll('#log p')].filter(p => p.textContent.startsWith('Your turn'))"
            ".length > seen || !document.getElementById('game-over').hidden", arg=seen)
        if page.is_visible("#game-over"):
            break
        turns = [line for line in log_lines(page) if line.startswith("Your turn")]
        seen = len(turns)
        page.focus("#play")
        if turns[-1].startswith("Your turn: you drew the "):
            key = rng.choice("yn")
            page.keyboard.press(key)
            typed.append(key)
            wait_for_log(page, "You keep the ", count=typed.count("y") + typed.count("n"))
        elif turns[-1].startswith("Your turn to bid"):
            for key in ("2", "Enter", "y"):
                page.keyboard.press(key)
            typed += ["2", "y"]
        else:
            cards = hand_cards(page)
            target = max(i for i, (_, legal) in enumerate(cards) if legal)
            for key in ["Home", *["ArrowRight"] * target, "Enter"]:
                page.keyboard.press(key)
            typed += ["home", *["right"] * target, "enter"]
    wait_for_log(page, "This game is unrated")  # the room says it once the game is stored, a moment later
    said = log_lines(page)
    heard = terminal_lines(room, table, typed, tmp_path, seat=south)
    # the room's line after the terminal's words: how the game was rated (North was the computer's)
    assert said.pop() == "This game is unrated: the computer played North for all of it."
    assert said == heard
    assert sum(line.startswith("You keep the ") for line in said) == 13
    assert said[-1] == "Press C for the coach's review of the last hand, or q to leave."
    statistics = said[-2]
    assert statistics.startswith("Your statistics: 1 hand played, ")
    assert page.inner_text("#game-over-stats") == statistics
    assert page.inner_text("#game-over-line") == said[-3]
    watcher.wait_for_selector("#game-over:not([hidden])")
    wait_for_log(watcher, "This game is unrated")
    watched = log_lines(watcher)
    assert not any(line.startswith(("You keep", "Your statistics")) for line in watched)
    assert watched[-2:] == [said[-3], "This game is unrated: the computer played North for all of it."]
    assert not watcher.is_visible("#game-over-stats")
    page.focus("#play")
    page.keyboard.press("C")  # the coach for the last hand, as the terminal offers at the end
    page.wait_for_function("() => document.getElementById('status').textContent.startsWith('Coach, hand 1: ')",
                           timeout=120_000)
    assert not errors


def test_a_spectator_follows_the_table_from_hand_to_hand_by_itself(browser: Any, room: Room) -> None:
    page = new_page(browser)
    create_table(page, room, "standard", 2, {str(seat): "random" for seat in range(4)})
    page.wait_for_selector("#game-over:not([hidden])", timeout=60_000)
    said = log_lines(page)
    assert "Press n for the next hand." not in said
    assert sum(line.startswith("Hand 2. ") for line in said) == 1
    assert sum(line.endswith(" is over.") and line.startswith("Hand ") for line in said) == 2


def test_a_table_created_in_the_lobby_with_a_seat_for_a_friend_who_comes_by_the_invitation(
        browser: Any, room: Room) -> None:
    owner = new_page(browser)
    owner.goto(room.url + "/")
    owner.fill("#guest-name", "Ada")
    owner.click("#guest-form button")
    owner.wait_for_selector("#view-lobby:not([hidden])")
    owner.select_option("#create-variant", "solo")
    owner.select_option("#create-seats #seat-0", "person")
    owner.select_option("#create-seats #seat-1", "easy")
    owner.click("#create-form button[type='submit']")
    owner.wait_for_selector("#waiting:not([hidden])")
    assert "Waiting for 1 more player" in owner.inner_text("#waiting-text")
    table = owner.evaluate("location.pathname")
    friend = new_page(browser)
    friend.goto(room.url + table.replace("/table/", "/tables/"))  # the invitation's address
    friend.wait_for_selector("#view-signin:not([hidden])")
    friend.fill("#guest-name", "Bob")
    friend.click("#guest-form button")
    friend.click("#waiting-seats button:has-text('Sit at North')")
    owner.wait_for_function("() => document.getElementById('waiting-seats').textContent.includes('North: Bob')")
    owner.click("#start-game")
    for page in (owner, friend):
        wait_for_log(page, "Hand 1. ")
    assert friend.inner_text("#pos-bottom .seat-name").startswith("North (you)")
    assert "Computer (easy)" in owner.inner_text("#pos-right")  # East sits at South's right, West at the left


def test_a_players_statistics(browser: Any, room: Room) -> None:
    page = new_page(browser)
    page.goto(room.url + "/")
    page.fill("#login-name", "Grace Hopper")
    page.fill("#login-password", "correct horse")
    page.click("#login-form button[value='register']")
    page.wait_for_selector("#view-lobby:not([hidden])")
    page.click("#nav-stats")
    page.wait_for_selector("#stats-result table")
    assert page.inner_text("#stats-result h2") == "Grace Hopper's statistics"
    rows = page.eval_on_selector_all("#stats-result tr", "rows => rows.map(r => r.textContent)")
    assert rows[0] == "Games0" and len(rows) == 7
    page.fill("#stats-name", "Nobody Here")
    page.click("#stats-form button")
    page.wait_for_function("() => document.getElementById('stats-result').textContent.startsWith('No statistics')")


def test_the_hand_is_one_tab_stop_and_a_click_plays_a_card(browser: Any, room: Room) -> None:
    page = new_page(browser)
    play_now(page, room)
    page.click("#decision button[aria-label='Bid 2']")
    wait_for_turn_or_end(page, 0)
    tab_stops = page.eval_on_selector_all("#hand button", "bs => bs.map(b => b.tabIndex)")
    assert len(tab_stops) == 13 and tab_stops.count(0) == 1 and tab_stops.count(-1) == 12
    # Tab from the element before the hand lands on the selected card, and the next Tab leaves the hand.
    page.focus("#play")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.getAttribute('aria-current')") == "true"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('#hand') === null")
    # ? shows the keys on the page; Escape closes the list and the keys are the table's again.
    page.focus("#play")
    page.keyboard.press("?")
    assert page.is_visible("#keys-dialog") and "Home\tfirst card" in page.inner_text("#keys-dialog")
    page.keyboard.press("Escape")
    assert not page.is_visible("#keys-dialog")
    assert page.evaluate("document.activeElement.closest('#play') !== null")
    page.keyboard.press("t")
    page.wait_for_function("() => document.getElementById('status').textContent.startsWith('Trick 1 of 13')")
    legal = [card for card, ok in hand_cards(page) if ok]
    name = page.get_attribute(f"#hand button[data-card='{legal[-1]}']", "aria-label")
    page.click(f"#hand button[data-card='{legal[-1]}']")
    wait_for_log(page, f"South plays the {name}.")
    assert len(page.query_selector_all("#hand button:not(.leaving)")) == 12  # the card played keeps the focus, unseen


def test_the_hint_key_says_the_computers_choice_and_selects_its_card(browser: Any, room: Room) -> None:
    """x, as at the terminal: on turn, "Hint: play the ... (now selected)." with its reason, and that card becomes
    the hand's selected one (the one Tab stop), ready for Enter."""
    page = new_page(browser)
    play_now(page, room)
    page.focus("#play")
    page.keyboard.press("x")  # the bidding: a hint for the bid, or why not yet
    page.wait_for_function("() => /^(Hint: bid |No hint: )/.test(document.getElementById('status').textContent)")
    page.click("#decision button[aria-label='Bid 2']")
    wait_for_turn_or_end(page, 0)
    page.focus("#play")
    page.keyboard.press("x")
    page.wait_for_function("() => document.getElementById('status').textContent.startsWith('Hint: play the ')")
    hint = page.inner_text("#status")
    selected = page.get_attribute("#hand button[aria-current='true']", "aria-label")
    assert hint.startswith(f"Hint: play the {selected} (now selected). ") and len(hint) > len("Hint: play the x.")
    assert page.eval_on_selector_all("#hand button", "bs => bs.filter(b => b.tabIndex === 0).length") == 1
    page.keyboard.press("Enter")
    wait_for_log(page, f"South plays the {selected}.")


def test_an_illegal_card_stays_selected_and_the_reason_is_said(browser: Any, room: Room) -> None:
    page = new_page(browser)
    play_now(page, room)
    page.click("#decision button[aria-label='Bid 1']")
    seen = 0
    while not wait_for_turn_or_end(page, seen):  # until South holds a card it may not play now
        seen = prompts(page)
        cards = hand_cards(page)
        if not all(ok for _, ok in cards):
            wrong = next(i for i, (_, ok) in enumerate(cards) if not ok)
            page.focus("#play")
            page.keyboard.press("Home")
            for _ in range(wrong):
                page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
            card = cards[wrong][0]
            page.wait_for_function("() => document.getElementById('alert').textContent.startsWith('Not the ')")
            alert = page.inner_text("#alert")
            name = page.get_attribute(f"#hand button[data-card='{card}']", "aria-label")
            assert alert.startswith(f"Not the {name}: ") and ("follow" in alert or "spades are not broken" in alert)
            assert page.get_attribute(f"#hand button[data-card='{card}']", "aria-current") == "true"
            assert len(page.query_selector_all("#hand button")) == len(cards)
            return
        page.focus("#play")
        page.keyboard.press("Enter")
    pytest.fail("no trick where South had to follow suit")


def test_the_settings_voice_every_line_and_can_say_your_turn_at_once(browser: Any, room: Room) -> None:
    page = new_page(browser)
    page.add_init_script("""
        window.spoken = [];
        Object.defineProperty(window, "speechSynthesis", {
          value: { speak(u) { window.spoken.push(u.text); }, cancel() { window.spoken.push("(cut)"); } } });
    """)
    page.goto(room.url + "/")
    page.click("#open-settings")
    page.check("#set-speech")
    page.check("#set-urgent-turn")
    page.click("#settings-form button")
    page.click("#play-now")
    wait_for_log(page, "Your turn to bid")
    page.wait_for_function("() => window.spoken.some(t => t.startsWith('Your turn to bid: '))")
    assert page.evaluate("window.spoken")[:1] == [log_lines(page, room=True)[0]]
    page.wait_for_function("() => document.getElementById('alert').textContent.startsWith('Your turn to bid: ')")
    turn = next(line for line in log_lines(page) if line.startswith("Your turn to bid: "))
    assert page.evaluate("window.spoken").count(turn) == 1  # said once, though shown in the log too
    assert page.get_attribute("#log p:last-child", "aria-hidden") == "true"
    page.keyboard.press("b")
    page.wait_for_function("() => document.getElementById('status').textContent.startsWith('Bids: North ')")
    assert page.evaluate("window.spoken.slice(-2)") == ["(cut)", status(page)]


def test_reconnects_by_itself_after_the_server_restarts_mid_hand(browser: Any, tmp_path: Path) -> None:
    errors: list[str] = []
    with serving(tmp_path) as room:
        page = new_page(browser, errors=errors)
        play_now(page, room)
        for key in ("4", "Enter", "y"):
            page.keyboard.press(key)
        wait_for_turn_or_end(page, 0)
        room.stop()
        page.wait_for_function("() => document.getElementById('connection').textContent.includes('lost')")
        page.wait_for_function("() => document.getElementById('alert').textContent.includes('connection')")
        room.start()
        wait_for_log(page, "Connected again.")
        wait_for_log(page, "Back at the table: hand 1, trick 1, your turn.")
        page.focus("#play")
        page.keyboard.press("Enter")
        wait_for_log(page, "South plays the ")
        # Nothing said twice: the events before the drop are not announced again.
        said = log_lines(page)
        assert sum(line.startswith("Hand 1. ") for line in said) == 1
        assert said.count("South bids 4.") == 1
    assert not errors


# A websocket that never opens, as behind a proxy that never answers the upgrade; the page's sockets are kept.
NEVER_OPENS = """
    window.sockets = [];
    window.WebSocket = class {
      static CONNECTING = 0; static OPEN = 1; static CLOSING = 2; static CLOSED = 3;
      constructor(url) { this.url = url; this.readyState = 0; window.sockets.push(this); }
      addEventListener() {}
      send() { throw new Error("a socket that never opened was sent a frame"); }
      close() { this.readyState = 3; }
    };
"""


def test_a_socket_that_never_opens_is_given_up_said_once_and_tried_again_after_a_growing_pause(
        browser: Any, room: Room) -> None:
    """A socket still connecting at the page's limit is closed, the player told once, and another tried after
    the pause a dropped connection waits, longer each time. The page's clock stands still but when the test moves
    it, so nothing here depends on how busy the machine is."""
    errors: list[str] = []
    page = new_page(browser, errors=errors)
    start = 1_800_000_000_000
    page.clock.install(time=start)
    page.clock.pause_at(start + 60_000)
    page.add_init_script(NEVER_OPENS)
    page.goto(room.url + "/")
    page.wait_for_function("() => window.sockets.length === 1")
    limit = page.evaluate("async () => (await import('/static/js/net.js')).OPEN_LIMIT_MS")
    assert 5_000 <= limit <= 30_000
    page.clock.run_for(limit - 1)
    assert page.evaluate("window.sockets[0].readyState") == 0
    assert page.text_content("#connection") == ""
    page.clock.run_for(101)  # the limit, and the alert a moment after
    assert page.evaluate("[window.sockets.length, window.sockets[0].readyState]") == [1, 3]
    assert page.text_content("#connection") == "The room does not answer; trying again…"
    assert page.text_content("#alert") == "The room does not answer; trying again."
    page.clock.run_for(400)  # the first pause, half a second
    assert page.evaluate("window.sockets.length") == 2
    page.clock.run_for(limit + 999)  # the second socket given up, and all but the last moment of a second's pause
    assert page.evaluate("[window.sockets.length, window.sockets[1].readyState]") == [2, 3]
    assert page.text_content("#alert") == ""  # said once: the alert has gone and is not said again
    assert page.text_content("#connection") == "The room does not answer; trying again…"
    page.clock.run_for(1)
    assert page.evaluate("window.sockets.length") == 3
    assert not errors


def test_a_reload_mid_hand_says_where_the_game_stands_without_saying_it_all_again(browser: Any, room: Room) -> None:
    page = new_page(browser)
    play_now(page, room)
    page.click("#decision button[aria-label='Bid 2']")
    wait_for_turn_or_end(page, 0)
    page.focus("#play")
    page.keyboard.press("Enter")
    wait_for_turn_or_end(page, 1)
    page.reload()
    wait_for_log(page, "Back at the table: hand 1, trick ")
    live = page.eval_on_selector_all("#log p:not([aria-hidden])", "ps => ps.map(p => p.textContent)")
    assert not any(line.startswith(("Hand 1.", "South bids", "South plays")) for line in live), live
    earlier = page.eval_on_selector_all("#log p.earlier", "ps => ps.map(p => p.textContent)")
    assert "South bids 2." in earlier
    page.keyboard.press("g")
    assert "  South bids 2." in status(page)


def test_a_server_error_and_a_garbled_frame_are_said_and_the_table_goes_on(browser: Any, room: Room) -> None:
    errors: list[str] = []
    page = new_page(browser, errors=errors)
    refused: list[int] = []

    def route(socket: Any) -> None:
        server = socket.connect_to_server()

        def from_page(frame: str | bytes) -> None:
            message = json.loads(frame)
            if message["type"] == "act" and not refused:  # the room fails on the first action
                refused.append(message["id"])
                socket.send(json.dumps({"type": "error", "id": message["id"], "code": "server_error",
                                        "message": "the server failed; nothing was changed"}))
                socket.send("}{ not json")
            else:
                server.send(frame)

        socket.on_message(from_page)

    page.route_web_socket(re.compile(r".*/ws(\?.*)?$"), route)
    play_now(page, room)
    page.click("#decision button[aria-label='Bid 2']")
    page.wait_for_function("() => document.getElementById('alert').textContent.includes('cannot read')")
    assert refused and page.is_visible("#play") and page.is_visible("#hand button")
    failed = [line for line in page.eval_on_selector_all("#log p.error", "ps => ps.map(p => p.textContent)")]
    assert failed == ["The room failed: the server failed; nothing was changed. Try again."]
    page.click("#decision button[aria-label='Bid 2']")  # the same bid again goes through
    wait_for_log(page, "South bids 2.")
    assert not errors


def test_a_name_that_is_markup_is_shown_as_text_never_run(browser: Any, room: Room) -> None:
    errors: list[str] = []
    dialogs: list[str] = []
    page = new_page(browser, errors=errors)
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(room.url + "/")
    name = "<img src=x onerror=alert(1)>"
    page.fill("#login-name", name)
    page.fill("#login-password", "correct horse")
    page.click("#login-form button[value='register']")
    page.wait_for_function("() => document.getElementById('who').textContent.length > 0")
    assert page.inner_text("#who") == name  # the name itself, as text
    # Seated at a table, the name is said and shown as text there too, never as an element.
    page.goto(room.url + "/")
    page.wait_for_function("() => document.getElementById('who').textContent.length > 0")
    assert page.evaluate("document.querySelectorAll('img').length") == 0
    page.wait_for_timeout(300)
    assert not dialogs and not errors
    # A guest named so is shown the same way.
    guest = new_page(browser, errors=errors)
    guest.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    guest.goto(room.url + "/")
    guest.fill("#guest-name", name[:20])
    guest.click("#guest-form button")
    guest.wait_for_function("() => document.getElementById('who').textContent.length > 0")
    assert guest.inner_text("#who") == name[:20] + " (guest)"
    assert guest.evaluate("document.querySelectorAll('img').length") == 0
    assert not dialogs and not errors


def axe_violations(page: Any) -> list[dict[str, Any]]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    violations: list[dict[str, Any]] = results.response["violations"]
    return violations


def report(violations: list[dict[str, Any]]) -> str:
    return json.dumps([{"id": v["id"], "nodes": [n["target"] for n in v["nodes"]][:5]} for v in violations],
                      indent=1)


@pytest.mark.parametrize(("viewport", "scheme"), [(DESKTOP, "light"), (PHONE, "light"), (PHONE, "dark")],
                         ids=["desktop", "phone", "phone-dark"])
def test_axe_finds_no_violation_on_the_lobby_the_table_and_the_end_of_a_game(
        browser: Any, room: Room, viewport: dict[str, int], scheme: str) -> None:
    pytest.importorskip("axe_playwright_python")
    page = new_page(browser, viewport, color_scheme=scheme)
    play_now(page, room)
    page.keyboard.press("2")
    page.keyboard.press("Enter")
    page.keyboard.press("y")
    wait_for_turn_or_end(page, 0)
    violations = axe_violations(page)
    assert not violations, "table mid-hand: " + report(violations)

    page.click("#nav-lobby")
    page.wait_for_selector("#view-lobby:not([hidden]) #tables li")
    violations = axe_violations(page)
    assert not violations, "lobby: " + report(violations)
    # Back to one's own table from the lobby: seated again, with the hand.
    page.click("#tables button:has-text('Back to table')")
    page.wait_for_selector("#hand button.card")
    page.click("#nav-lobby")
    page.wait_for_selector("#view-lobby:not([hidden]) #tables li")

    # A table of four computer players, one hand long, watched to its end.
    page.select_option("#create-seats #seat-2", "random")
    for seat in ("0", "1", "3"):
        page.select_option(f"#create-seats #seat-{seat}", "random")
    page.fill("#create-hands", "1")
    page.click("#create-form button[type='submit']")
    page.wait_for_selector("#game-over:not([hidden])", timeout=60_000)
    record = page.request.get(room.url + page.get_attribute("#record-link", "href"))
    assert record.status == 200 and record.json()["result"]["over"] and len(record.json()["result"]["hands"]) == 1
    rows = page.eval_on_selector_all("#chart-table tbody tr", "rs => rs.map(r => r.textContent)")
    assert len(rows) == 1
    violations = axe_violations(page)
    assert not violations, "end of the game: " + report(violations)


def test_c_between_hands_says_the_coachs_review_as_the_terminal_does(browser: Any, room: Room) -> None:
    """C, as at the terminal: during the hand, that the coach reviews a hand once it is over; between hands, that
    the coach is at work, then every line of its review of the seat's own bids and cards, the terminal's lines."""
    from spades.coach import NOT_OVER, review_hand, review_words
    from spades.room.table.live import seed_of

    page = new_page(browser)
    table = play_now(page, room)
    page.focus("#play")
    page.keyboard.press("C")
    page.wait_for_function("text => document.getElementById('status').textContent === text", arg=NOT_OVER)
    for key in ("3", "Enter", "y"):
        page.keyboard.press(key)
    seen = 0
    while not wait_for_turn_or_end(page, seen):
        seen = prompts(page)
        target = max(i for i, (_, legal) in enumerate(hand_cards(page)) if legal)
        for key in ["Home", *["ArrowRight"] * target, "Enter"]:
            page.keyboard.press(key)
    page.keyboard.press("C")
    assert status(page) == "The coach goes through your bids and cards of hand 1."
    page.wait_for_function("() => document.getElementById('status').textContent.startsWith('Coach, hand 1: ')",
                           timeout=120_000)
    lines = page.eval_on_selector_all("#status p", "ps => ps.map(p => p.textContent)")
    info, rows = stored_table(room, table)
    game = Game(rules_from_json(info.rules), seed=seed_of(info.seed))  # the room's game, seed as it reads it
    for row in rows:
        game.apply(parse_action(row.action))
    assert lines == review_words(review_hand(game, 1, SOUTH))


LOOKS = {  # the new look's other settings: a 1280 by 900 window at 200% zoom, and the dark scheme with motion
    "zoom-200": ({"width": DESKTOP["width"] // 2, "height": DESKTOP["height"] // 2}, "light", "reduce"),
    "desktop-dark-motion": (DESKTOP, "dark", "no-preference"),
}


@pytest.mark.parametrize("look", list(LOOKS))
def test_axe_finds_no_violation_in_each_state_at_200_percent_and_in_the_dark_with_motion(
        browser: Any, room: Room, look: str) -> None:
    """Sign-in, bidding, mid-hand, the settings form, the lobby's tables and statistics (the end of a hand and of a
    game are checked above and in test_web_look), each with the card faces, backs, rings and sound settings."""
    pytest.importorskip("axe_playwright_python")
    viewport, scheme, motion = LOOKS[look]
    context = browser.new_context(viewport=viewport, bypass_csp=True, color_scheme=scheme, reduced_motion=motion)
    page = context.new_page()
    page.set_default_timeout(60_000)
    seen: dict[str, list[dict[str, Any]]] = {}
    page.goto(room.url + "/")
    page.wait_for_selector("#play-now:focus")
    seen["sign-in"] = axe_violations(page)
    page.keyboard.press("Enter")
    wait_for_log(page, "Your turn to bid")
    seen["bidding"] = axe_violations(page)
    page.click("#decision button[aria-label='Bid 2']")
    wait_for_turn_or_end(page, 0)
    page.wait_for_selector("#play .backs .count")
    seen["mid-hand"] = axe_violations(page)
    page.click("#open-settings")
    seen["settings"] = axe_violations(page)
    page.click("#settings-form button")
    page.click("#nav-lobby")
    page.wait_for_selector("#view-lobby:not([hidden]) #tables li .lobby-seats")
    seen["lobby"] = axe_violations(page)
    page.click("#nav-stats")
    page.wait_for_selector("#view-stats:not([hidden])")
    seen["statistics"] = axe_violations(page)
    found = {state: report(violations) for state, violations in seen.items() if violations}
    assert not found, found
    context.close()
