"""A Swiss tournament in Debian's chromium, by keys: a registered player signs in, reaches the tournaments page
from the lobby, creates a Swiss of 2 entries, 1 round and 1 hand, and enters with a partner; three other people
(websocket clients) enter, so it starts; the browser's player hears the seating line once, is taken to the table,
plays the game by keys, hears the standings at Shift+S, then reads the standings table on the tournament's page
against the room's message. axe finds no violation on the tournaments page nor on the tournament's page; both are
photographed at desktop and phone sizes into /tmp/tournament-shots/."""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from room_server import close_all
from test_room_tournament import PASSWORD, play_all, registered
from test_web import axe_violations, report
from web_support import (
    DESKTOP,
    TRANSCRIPT,
    heard_times,
    log_lines,
    new_page,
    serving,
    sign_in,
    transcript,
    wait_for_log,
)

NAMES = ["Ada Web", "Bob", "Cy", "Di"]
SHOTS = Path("/tmp/tournament-shots")
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def others(url: str, tournament: int) -> dict[str, Any]:
    """Bob (naming the browser's player), Cy and Di (each other) enter and play every game they are seated at; the
    tournament's last message."""
    async def main() -> dict[str, Any]:
        clients = [await RoomClient(url).connect() for _ in NAMES[1:]]
        try:
            for client, name in zip(clients, NAMES[1:], strict=True):
                assert (await client.login(name, PASSWORD))["type"] == "welcome"
            games = [asyncio.create_task(play_all(c, n)) for c, n in zip(clients, NAMES[1:], strict=True)]
            for client, partner in ((clients[1], "Di"), (clients[2], "Cy"), (clients[0], NAMES[0])):
                reply = await client.request({"type": "tournament_enter", "tournament": tournament,
                                              "partner": partner})
                assert reply["type"] == "tournament", reply
            await asyncio.wait_for(asyncio.gather(*games), 240)
            final = await clients[0].request({"type": "tournament_info", "tournament": tournament})
            assert final["state"] == "over", final
            return final
        finally:
            await close_all(clients)

    from spades.room.client import RoomClient

    return asyncio.run(main())


def play_the_game(page: Any) -> None:
    """Bid 3 (digits, Enter, y) and play the last card it may play at each turn, by keys, to the game's end."""
    wait_for_log(page, "Your turn to bid")
    for key in ("3", "Enter", "y"):
        page.keyboard.press(key)
    seen = 0
    while True:
        page.wait_for_function(
            "seen => [...document.querySelectorAll('#log p')].filter(p => p.textContent.startsWith('Your turn.'))"
            ".length > seen || !document.getElementById('game-over').hidden", arg=seen, timeout=120_000)
        if page.is_visible("#game-over"):
            return
        seen = sum(1 for line in log_lines(page) if line.startswith("Your turn."))
        legal = page.eval_on_selector_all("#hand button.card",
                                          "bs => bs.map(b => !b.classList.contains('unplayable'))")
        target = max(i for i, ok in enumerate(legal) if ok)
        page.focus("#play")
        for key in ["Home", *["ArrowRight"] * target, "Enter"]:
            page.keyboard.press(key)


def cells(page: Any, selector: str) -> list[list[str]]:
    rows: list[list[str]] = page.eval_on_selector_all(
        selector + " tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))")
    return rows


def shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        wide = page.evaluate("document.documentElement.scrollWidth")
        page.screenshot(path=str(SHOTS / f"{name}-{size}.png"), full_page=True)
        assert wide <= viewport["width"], f"{name} at {size}: {wide} pixels wide"  # nothing runs off the side
    page.set_viewport_size(DESKTOP)


@pytest.mark.parametrize("waiting", ["on-its-page", "in-the-lobby-after-a-reload"])
def test_a_swiss_created_entered_played_and_read_by_keys(browser: Any, tmp_path: Path, waiting: str) -> None:
    """Waiting for the start on the tournament's page (which knows the player is entered), or in the lobby of a
    page loaded again (which knows nothing of it): either way the seating takes the page to the table."""
    pytest.importorskip("axe_playwright_python")
    registered(str(tmp_path / "room.sqlite3"), NAMES)
    with serving(tmp_path) as room:
        errors: list[str] = []
        page = new_page(browser, errors=errors)
        page.add_init_script(TRANSCRIPT)
        sign_in(page, room.url, NAMES[0], PASSWORD)

        # the lobby's Tournaments region, by Tab from "Play with people" above it, then Enter
        assert page.inner_text("#lobby-tournaments-title") == "Tournaments"
        page.focus("#quick-play")
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.id") == "lobby-tournaments-link"
        page.keyboard.press("Enter")
        page.wait_for_selector("#tournaments-result p")
        assert page.evaluate("location.pathname") == "/tournaments"
        assert page.evaluate("document.activeElement.id") == "tournaments-title"
        assert page.inner_text("#tournaments-result") == "No tournament yet. Create one below."
        variants = page.eval_on_selector_all("#tournament-variant option", "os => os.map(o => o.value)")
        # a Swiss takes two partnerships of two or players for themselves; a knockout, partnerships of two only
        assert "standard" in variants and "solo" in variants and "six_partners" not in variants
        page.select_option("#tournament-format", "knockout")
        variants = page.eval_on_selector_all("#tournament-variant option", "os => os.map(o => o.value)")
        assert "standard" in variants and "solo" not in variants
        page.select_option("#tournament-format", "swiss")
        assert page.input_value("#tournament-variant") == "standard"
        violations = axe_violations(page)
        assert not violations, "tournaments page: " + report(violations)
        shoot(page, "tournaments-form")

        # the form, by keys: a name, Swiss (the first format), 2 entries, 1 round, 1 hand
        page.focus("#tournament-name")
        page.keyboard.type("Friday Swiss")
        def fill(fields: tuple[tuple[str, str], ...]) -> None:
            for field, value in fields:
                page.focus(field)
                page.keyboard.press("Control+A")
                page.keyboard.type(value)

        # refused by the room (a Swiss of 2 entries has 1 round): its reason said at once, the form kept
        fill((("#tournament-entries", "2"), ("#tournament-rounds", "2"), ("#tournament-hands", "1")))
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.getElementById('alert').textContent.startsWith("
                               "'The tournament was not created: ')")
        assert "1 to 1 rounds" in page.inner_text("#alert"), page.inner_text("#alert")
        assert page.evaluate("location.pathname") == "/tournaments"
        fill((("#tournament-rounds", "1"),))
        page.keyboard.press("Enter")
        page.wait_for_function("() => /^\\/tournaments\\/\\d+$/.test(location.pathname)")
        tournament = int(page.evaluate("location.pathname").rsplit("/", 1)[1])
        page.wait_for_selector("#tournament-text:has-text('Friday Swiss: a Swiss of 1 round, 0 of 2 entries in')")
        assert page.inner_text("#tournament-title") == f"Friday Swiss (tournament {tournament})"
        assert page.is_visible("#tournament-start")  # the director may start it

        # entering with a partner, by keys
        page.focus("#tournament-partner")
        page.keyboard.type("Bob")
        page.keyboard.press("Enter")
        page.wait_for_selector("#tournament-result td:has-text('waiting for Bob to enter')")
        page.wait_for_function("() => document.getElementById('notice').textContent.includes('Entered with Bob')")
        assert heard_times(transcript(page), "Entered with Bob") == 1, transcript(page)
        assert not heard_times(transcript(page), "waiting for Bob to enter")  # the table is shown, not said
        # Leave withdraws the entry (said once), and entering again brings it back
        page.focus("#tournament-leave")
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.getElementById('notice').textContent === 'Your entry is withdrawn.'")
        assert page.evaluate("document.activeElement.id") == "tournament-title"
        assert not page.is_visible("#tournament-leave")
        assert page.inner_text("#tournament-result").count("waiting for Bob") == 0
        page.focus("#tournament-partner")
        assert page.input_value("#tournament-partner") == "Bob"
        page.keyboard.press("Enter")
        page.wait_for_selector("#tournament-result td:has-text('waiting for Bob to enter')")
        assert page.is_visible("#tournament-leave")
        violations = axe_violations(page)
        assert not violations, "tournament page, taking entries: " + report(violations)

        if waiting != "on-its-page":
            page.goto(room.url + "/")
            page.wait_for_selector("#lobby-title:focus")
        start = len(transcript(page))
        with ThreadPoolExecutor(1) as thread:  # Playwright's own loop runs in this thread
            final_future = thread.submit(others, room.url.replace("http", "ws") + "/ws", tournament)
            wait_for_log(page, "Round 1 of 1: table ")
            seating = next(line for line in log_lines(page) if line.startswith("Round 1 of 1: table "))
            assert re.fullmatch(r"Round 1 of 1: table 1, you sit (North|East|South|West) with (Bob) against "
                                r"(Cy and Di|Di and Cy)\.", seating), seating
            assert re.fullmatch(r"/tables/\d+", page.evaluate("location.pathname"))
            play_the_game(page)
            final = final_future.result(300)
        assert heard_times(transcript(page, start), "Round 1 of 1: table 1") == 1, transcript(page, start)

        # Shift+S at the table: where the tournament stands, and this player's place
        page.keyboard.press("Escape")
        page.keyboard.press("Shift+S")
        page.wait_for_function("() => document.getElementById('status').textContent.includes('Your place: ')")
        answer = page.inner_text("#status")
        assert answer.startswith("Friday Swiss is over. Standings: 1. "), answer
        assert re.search(r"Your place: [12] of 2, [\d.]+ points?\.$", answer), answer

        # the tournament's page, by keys: the header's Tournaments, then the tournament's link
        page.focus("#nav-tournaments")
        page.keyboard.press("Enter")
        page.wait_for_selector(f"#tournaments-result a[href='/tournaments/{tournament}']")
        listed = cells(page, "#tournaments-result table")
        assert listed == [[f"{tournament}. Friday Swiss", "Swiss, over", final["text"], "2 of 2"]], listed
        shoot(page, "tournaments-list")
        page.focus(f"#tournaments-result a[href='/tournaments/{tournament}']")
        page.keyboard.press("Enter")
        page.wait_for_selector("#tournament-result table.standings")
        # a page back at a tournament it has shown keeps what it had until the room's answer comes: wait for it
        page.wait_for_function("text => document.getElementById('tournament-text').textContent === text",
                               arg=final["text"])
        assert page.inner_text("#tournament-text") == final["text"]
        assert not page.is_visible("#tournament-actions")  # over: no entry to make or leave
        names = {e["number"]: f"{e['number']}. {' and '.join(e['players'])}" for e in final["entries"]}
        assert page.inner_text("#tournament-result table.standings caption") == "Standings after 1 round"
        headers = page.eval_on_selector_all("#tournament-result table.standings thead th",
                                            "cells => cells.map(c => c.textContent)")
        assert headers == ["Place", "Pair", "Points", "Buchholz"]
        expected = [[str(s["place"]), names[s["entry"]], f"{s['points']:g}", f"{s['buchholz']:g}"]
                    for s in final["standings"]]
        assert cells(page, "#tournament-result table.standings") == expected
        match = final["matches"][0][0]
        rounds = cells(page, "#tournament-result table:has(caption:text('Matches of round 1'))")
        assert rounds[0][:3] == ["Table 1", names[match["ns"]], names[match["ew"]]]
        won = {1: f"North-South won, {match['ns_score']} to {match['ew_score']}",
               0: f"East-West won, {match['ew_score']} to {match['ns_score']}",
               0.5: f"drawn, {match['ns_score']} to {match['ew_score']}"}[match["ns_points"]]
        assert rounds[0][3].startswith(won), rounds
        assert page.get_attribute("#tournament-result a:text('Table 1')", "href") == f"/tables/{match['table']}"
        chart = page.eval_on_selector("#tournament-chart svg", "svg => [svg.getAttribute('role'), "
                                      "svg.querySelector('title').textContent]")
        assert chart[0] == "img" and chart[1].startswith("Points of each pair after each of 1 round; ")
        assert len(cells(page, "#tournament-chart-table")) == 1
        violations = axe_violations(page)
        assert not violations, "tournament page, over: " + report(violations)
        shoot(page, "tournament-over")
        assert not errors, errors


def duplicate_message() -> dict[str, Any]:
    """Duplicate pairs of 4 pairs at 2 tables, 1 round of 2 boards played: each direction's matchpoints."""
    pairs = [["Ann", "Ben"], ["Cat", "Dan"], ["Eve", "Fay"], ["Gus", "Hal"]]
    matches = [{"table": 10 + 2 * t + b, "number": t + 1, "ns": t + 1, "ew": 3 + (t + 1) % 2, "ns_points": 1.0,
                "board": b + 1, "ns_score": 100 - 40 * t, "ew_score": -20, "covered": [1] if t == b == 0 else []}
               for t in range(2) for b in range(2)]
    standings = [{"place": 1, "entry": 1, "points": 2.0, "direction": "NS", "percentage": 100.0},
                 {"place": 2, "entry": 2, "points": 0.0, "direction": "NS", "percentage": 0.0},
                 {"place": 1, "entry": 4, "points": 1.0, "direction": "EW", "percentage": 50.0},
                 {"place": 1, "entry": 3, "points": 1.0, "direction": "EW", "percentage": 50.0}]
    return {"type": "tournament", "tournament": 7, "name": "Club Pairs", "format": "duplicate", "director": "Ann",
            "rules": {"variant": "standard", "options": {}}, "rounds": 1, "hands": None, "boards": 2,
            "entries_max": 4, "state": "over", "round": 1, "clock": {"per_action": 30, "bank": 120,
                                                                      "more_time": True},
            "entries": [{"number": n, "players": p, "confirmed": True} for n, p in enumerate(pairs, 1)],
            "matches": [matches], "byes": [None], "champion": None, "standings": standings,
            "text": "Club Pairs is over. Winners: North-South: Ann and Ben 100.0%; East-West: Gus and Hal 50.0%."}


def knockout_message() -> dict[str, Any]:
    """A knockout of 8 under way: its first round played, the second being played."""
    entries = [{"number": n, "players": [f"P{n}a", f"P{n}b"], "confirmed": True} for n in range(1, 9)]
    first = [{"table": 20 + i, "number": i + 1, "ns": ns, "ew": ew, "ns_points": 1.0, "ns_score": 510,
              "ew_score": 200} for i, (ns, ew) in enumerate(((1, 8), (4, 5), (2, 7), (3, 6)))]
    second = [{"table": 30 + i, "number": i + 1, "ns": ns, "ew": ew, "ns_points": None}
              for i, (ns, ew) in enumerate(((1, 4), (2, 3)))]
    standings = [{"place": place, "entry": entry, "points": 1.0 if entry < 5 else 0.0}
                 for place, entry in enumerate((1, 2, 3, 4, 5, 6, 7, 8), 1)]
    return {"type": "tournament", "tournament": 8, "name": "Cup", "format": "knockout", "director": "P1a",
            "rules": {"variant": "standard", "options": {}}, "rounds": 3, "hands": None, "boards": None,
            "entries_max": 8, "state": "running", "round": 2, "clock": None, "entries": entries,
            "matches": [first, second], "byes": [None, None], "champion": None, "standings": standings,
            "text": "Cup: round 2 of 3."}


def solo_message() -> dict[str, Any]:
    """A Swiss of three players for themselves at one table of four (the computer at West), its round played."""
    entries = [{"number": n, "players": [name], "confirmed": True} for n, name in enumerate(("Ann", "Ben", "Cat"), 1)]
    match = {"table": 40, "number": 1, "ns": 1, "ew": 2, "ns_points": 0.5, "seats": [1, 2, 3, None],
             "scores": [120, 80, 120, 40]}
    standings = [{"place": 1, "entry": 1, "points": 0.5, "buchholz": 0.5},
                 {"place": 2, "entry": 3, "points": 0.5, "buchholz": 0.5},
                 {"place": 3, "entry": 2, "points": 0.0, "buchholz": 1.0}]
    return {"type": "tournament", "tournament": 9, "name": "Solo Night", "format": "swiss", "director": "Ann",
            "rules": {"variant": "solo", "options": {}}, "rounds": 1, "hands": 2, "entries_max": 3,
            "state": "over", "round": 1, "clock": None, "entries": entries, "matches": [[match]], "byes": [None],
            "champion": None, "standings": standings, "text": "Solo Night is over. Standings: 1. Ann 0.5."}


def test_a_duplicate_and_a_knockout_read_as_tables_by_a_guest(browser: Any, room: Any) -> None:
    """The pages of a duplicate (each direction's standings, a board column, a game the computer mostly played
    marked) and of a knockout under way (matches won; the round being played), from messages the room's own
    model accepts; no form or entry for someone not signed in; axe finds nothing on either."""
    pytest.importorskip("axe_playwright_python")
    from spades.room import protocol as p

    shown = {7: duplicate_message(), 8: knockout_message(), 9: solo_message()}
    for message in shown.values():
        p.Tournament.model_validate(message)
    errors: list[str] = []
    page = new_page(browser, errors=errors)
    def answer(message: dict[str, Any]) -> Any:
        return lambda route: route.fulfill(json=message)

    for number, message in shown.items():
        page.route(f"**/api/tournaments/{number}", answer(message))
    page.goto(room.url + "/tournaments")
    page.wait_for_selector("#tournaments-result p, #tournaments-result table")
    assert not page.is_visible("#tournament-form") and page.is_visible("#tournaments-signin")

    page.goto(room.url + "/tournaments/7")
    page.wait_for_selector("#tournament-result table.standings")
    assert page.evaluate("document.activeElement.id") == "tournament-title"
    assert not page.is_visible("#tournament-actions")
    captions = page.eval_on_selector_all("#tournament-result table.standings caption",
                                         "cs => cs.map(c => c.textContent)")
    assert captions == ["North-South standings, after 1 round", "East-West standings, after 1 round"]
    assert cells(page, "#tournament-result table.standings:has(caption:text('North-South'))") == [
        ["1", "1. Ann and Ben", "2", "100.0%"], ["2", "2. Cat and Dan", "0", "0.0%"]]
    rounds = cells(page, "#tournament-result table:has(caption:text('Matches of round 1'))")
    assert rounds[0] == ["Table 1", "1", "1. Ann and Ben", "4. Gus and Hal",
                         "North-South 100, East-West -20; the computer played most of East's game"]
    assert not page.is_visible("#tournament-chart")  # points by round: a Swiss's
    violations = axe_violations(page)
    assert not violations, "duplicate: " + report(violations)
    shoot(page, "duplicate-over")

    page.goto(room.url + "/tournaments/8")
    page.wait_for_selector("#tournament-result table.standings")
    assert page.inner_text("#tournament-text") == "Cup: round 2 of 3."
    headers = page.eval_on_selector_all("#tournament-result table.standings thead th",
                                        "cells => cells.map(c => c.textContent)")
    assert headers == ["Place", "Pair", "Matches won"]
    second = cells(page, "#tournament-result table:has(caption:text('Matches of round 2'))")
    assert [row[1:4] for row in second] == [["1. P1a and P1b", "4. P4a and P4b", "playing"],
                                            ["2. P2a and P2b", "3. P3a and P3b", "playing"]]
    violations = axe_violations(page)
    assert not violations, "knockout: " + report(violations)
    shoot(page, "knockout-running")

    page.goto(room.url + "/tournaments/9")
    page.wait_for_selector("#tournament-result table.standings")
    headers = page.eval_on_selector_all("#tournament-result table.standings thead th",
                                        "cells => cells.map(c => c.textContent)")
    assert headers == ["Place", "Player", "Points", "Buchholz"]
    tables = cells(page, "#tournament-result table:has(caption:text('Tables of round 1'))")
    assert tables[0] == ["Table 1", "North: 1. Ann 120; East: 2. Ben 80; South: 3. Cat 120; West: computer 40",
                         "shared by 1. Ann and 3. Cat"]
    violations = axe_violations(page)
    assert not violations, "solo Swiss: " + report(violations)
    assert not errors, errors
