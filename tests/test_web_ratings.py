"""The leaderboard and a player's page in Debian's chromium, by keys alone: the rating groups switched with the
arrow keys, a player reached from the leaderboard, their rating over time as a chart named once with every figure
in a table, their record against the computer; axe finds no violation on either page."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from room_server import ServeProcess, close_all
from test_room_ratings import play, registered
from test_web import axe_violations, report
from web_support import Room, new_page


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
