"""The leaderboard and a player's page in Debian's chromium, by keys alone: the rating groups switched with the
arrow keys, a player reached from the leaderboard, their rating over time as a chart named once with every figure
in a table, their record against the computer; axe finds no violation on either page; a group switched by keys
is said in the page's own region."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from room_server import ServeProcess, close_all
from test_room_ratings import play, registered
from test_web import axe_violations, report
from web_support import DESKTOP, PHONE, TRANSCRIPT, Room, new_page, transcript


def rated_games(room: Room) -> None:
    """Two short games at the room: four registered people (rated), then the computer at East (unrated)."""
    served = ServeProcess(str(room.database), room.tmp, port=room.port)

    async def main() -> None:
        people = [await registered(served.url, name) for name in ("Ada", "Bob", "Cy", "Di")]
        try:
            await play(served, dict(enumerate(people)))
            await play(served, {0: people[0], 2: people[1], 3: people[2]}, levels={1: "easy"})
        finally:
            await close_all(people)

    with ThreadPoolExecutor(1) as thread:  # Playwright's own loop runs in this thread
        thread.submit(asyncio.run, main()).result(120)


def test_the_leaderboard_and_a_players_page_by_keys(browser: Any, room: Room) -> None:
    pytest.importorskip("axe_playwright_python")
    rated_games(room)
    errors: list[str] = []
    page = new_page(browser, errors=errors)
    page.goto(room.url + "/leaderboard")
    caption = page.wait_for_selector("#ratings-result caption")
    assert caption.inner_text() == "Partnership leaderboard: 4 players, best first"
    assert page.evaluate("document.activeElement.id") == "ratings-title"
    headers = page.eval_on_selector_all("#ratings-result thead th", "cells => cells.map(c => c.textContent)")
    assert headers == ["Rank", "Player", "Rating", "Games"]
    names = page.eval_on_selector_all("#ratings-result tbody th a", "links => links.map(a => a.textContent)")
    assert sorted(names) == ["Ada", "Bob", "Cy", "Di"]
    violations = axe_violations(page)
    assert not violations, "leaderboard: " + report(violations)

    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "group-partnership"
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#ratings-result p >> text=No one has a rated solo game yet.")
    assert page.url.endswith("/leaderboard?group=solo")
    assert page.evaluate("document.activeElement.id") == "group-solo"
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("#ratings-result caption")
    page.keyboard.press("Tab")
    first = page.evaluate("document.activeElement.textContent")
    assert first == names[0]
    page.keyboard.press("Enter")
    page.wait_for_selector("#rating-chart-partnership svg")
    assert page.url.endswith(f"/players/{first}")
    assert page.inner_text("#ratings-title") == f"{first}'s ratings"
    chart = page.eval_on_selector("#rating-chart-partnership svg", "svg => [svg.getAttribute('role'), "
                                  "svg.querySelector('title').textContent, svg.getAttribute('aria-label')]")
    assert chart[0] == "img" and chart[1].startswith(f"Partnership rating of {first} over 1 rated game: from ")
    assert chart[2] is None  # named once, by its title
    rows = page.eval_on_selector_all("#rating-chart-partnership-table tbody tr",
                                     "rows => rows.map(r => [...r.cells].map(c => c.textContent))")
    assert len(rows) == 1 and rows[0][0].startswith("1 (table ")
    assert page.inner_text("#rating-chart-partnership-table caption") == "Partnership rating after each rated game"
    computers = page.eval_on_selector_all("table[aria-labelledby='computers-title'] tbody tr",
                                          "rows => rows.map(r => [...r.cells].map(c => c.textContent))")
    if first in ("Ada", "Bob", "Cy"):
        assert [row[:3] for row in computers] == [["easy", "against it", "1"]]
    violations = axe_violations(page)
    assert not violations, "player page: " + report(violations)
    assert not errors


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone-360x740", "desktop-1280x900"])
def test_the_rating_groups_are_a_row_of_small_choices_above_the_leaderboard(browser: Any, room: Room,
                                                                            viewport: dict[str, int]) -> None:
    """Each group a small radio button with its name beside it, the groups wrapping in rows, and the leaderboard
    (or the line saying it is empty) on the first screen below them."""
    page = new_page(browser, viewport)
    page.goto(room.url + "/leaderboard")
    page.wait_for_selector("#ratings-result > *")
    where = page.evaluate("""() => {
      const box = (node) => { const r = node.getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]; };
      return { height: innerHeight, result: box(document.querySelector('#ratings-result > *')),
               groups: [...document.querySelectorAll('#ratings-groups label')].map((label) =>
                 ({ label: box(label), radio: box(label.querySelector('input')) })) };
    }""")
    assert len(where["groups"]) == 8
    for group in where["groups"]:
        top, bottom, left, right = group["radio"]
        assert bottom - top <= 32 and right - left <= 32, group  # a radio button's size, not a wide circle
        assert group["label"][1] - group["label"][0] <= 48, group  # its name on its line, beside it
    lines = {round(group["label"][0]) for group in where["groups"]}
    assert len(lines) <= (5 if viewport is PHONE else 2), where  # in rows, not one group a line
    assert where["result"][0] + 60 <= where["height"], where
    page.context.close()


def test_a_rating_group_switched_by_keys_is_said(browser: Any, room: Room) -> None:
    """The leaderboard, away from any table: switching the rating group with an arrow says what the new group
    shows, in the page's own region (the table's regions are hidden there and say nothing)."""
    page = new_page(browser)
    page.add_init_script(TRANSCRIPT)
    page.goto(room.url + "/leaderboard")
    page.wait_for_selector("#ratings-result caption, #ratings-result p")
    page.focus("#group-partnership")
    start = len(transcript(page))
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#ratings-result p >> text=No one has a rated solo game yet.")
    said = [text for kind, text in transcript(page, start) if kind.startswith("live")]
    assert said == ["No one has a rated solo game yet."], transcript(page, start)
    page.context.close()


ROW_NAMES = "#rating-chart-partnership-table tbody th"
PAGE_LINKS = "#ratings-result nav a"


def test_a_long_history_is_read_a_page_at_a_time_by_keys(browser: Any, room: Room) -> None:
    """Found: a player's page showed the newest 100 rated games and no way to the ones before them (the API had
    them as ?page=1). Now it says which games it shows, numbered from the player's first, and links to the page of
    earlier games and back; the focus goes to the page's title each time, and axe finds nothing."""
    pytest.importorskip("axe_playwright_python")
    from spades.benchmarks.lobby_flood import seed_player

    seed_player(str(room.database), 130, "Long Played")
    page = new_page(browser)
    page.goto(room.url + "/players/Long%20Played")
    page.wait_for_selector("#rating-chart-partnership svg")
    assert page.is_visible("text=Rated games 31 to 130 of 130, page 1 of 2.")
    rows = page.eval_on_selector_all(ROW_NAMES, "cells => cells.map(c => c.textContent)")
    assert len(rows) == 100 and rows[0].startswith("31 (table ") and rows[-1].startswith("130 (table ")
    assert page.eval_on_selector_all(PAGE_LINKS, "links => links.map(a => a.textContent)") == ["Earlier rated games"]
    violations = axe_violations(page)
    assert not violations, report(violations)
    page.focus(PAGE_LINKS)
    page.keyboard.press("Enter")
    page.wait_for_selector("text=Rated games 1 to 30 of 130, page 2 of 2.")
    assert page.url.endswith("/players/Long%20Played?page=1")
    assert page.evaluate("document.activeElement.id") == "ratings-title"
    rows = page.eval_on_selector_all(ROW_NAMES, "cells => cells.map(c => c.textContent)")
    assert len(rows) == 30 and rows[0].startswith("1 (table ")
    assert page.eval_on_selector_all(PAGE_LINKS, "links => links.map(a => a.textContent)") == ["Later rated games"]
    page.focus(PAGE_LINKS)
    page.keyboard.press("Enter")
    page.wait_for_selector("text=Rated games 31 to 130 of 130, page 1 of 2.")
    assert page.url.endswith("/players/Long%20Played")
    page.context.close()
