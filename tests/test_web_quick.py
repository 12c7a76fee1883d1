"""Quick play in the web table, by keys alone in Debian's chromium against ``spades serve``: the lobby's "Play with
people" with a variant chosen by keys, the queue said politely as it changes, Leave queue, and being seated at the
table the room made when another person comes; axe finds no violation on the lobby while waiting."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from room_server import Seat, close_all
from test_web import axe_violations, report
from test_web_found import guest
from web_support import Room, log_lines, new_page, wait_for_log


def test_play_with_people_by_keys_waits_says_the_queue_and_seats_the_player(browser: Any, room: Room) -> None:
    from spades.room.client import RoomClient

    errors: list[str] = []
    page = new_page(browser, errors=errors)
    guest(page, room, "Wendy")
    page.focus("#quick-variant")
    page.keyboard.press("End")  # the last variant: two players
    assert page.input_value("#quick-variant") == "two_player"
    page.keyboard.press("Tab")  # past the partner's name, left empty
    assert page.evaluate("document.activeElement.id") == "quick-partner"
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
            seated.update(await pal.wait_for(lambda f: f["type"] == "table", 60))
            await pal.close()

        asyncio.run(main())

    thread = threading.Thread(target=other)
    thread.start()
    thread.join(120)
    table = seated["table"]
    page.wait_for_function("(t) => location.pathname === `/tables/${t}`", arg=table)
    wait_for_log(page, f"Quick play: table {table}. You sit at ")
    assert not page.is_visible("#quick-status")
    assert not errors, errors
    page.context.close()


def test_the_offer_after_the_set_wait_and_a_rated_rematch_by_keys(browser: Any, room: Room) -> None:
    """The wait is a setting; once it is over the offer of the computer has the focus and Enter takes it: the page
    is at a table with the computer in the empty seat. Then four registered people (the page at South) play a game
    of one hand: its end shows and says how it was rated, once; "Play again with the same seats?" is said without
    taking the focus from where it was, y accepts, the others' answers are said politely, and when all accept the
    page is at the new table; axe finds no violation on the end of the game with the rematch box."""
    import json
    import time
    import urllib.request

    from spades.room.client import RoomClient
    from test_room_ratings import PASSWORD
    from test_web_presence import play_south

    errors: list[str] = []
    page = new_page(browser, errors=errors)
    page.goto(room.url + "/")
    page.fill("#login-name", "Wes")
    page.fill("#login-password", PASSWORD)
    page.click("#login-form button[value='register']")
    page.wait_for_selector("#view-lobby:not([hidden])")
    page.focus("#open-settings")
    page.keyboard.press("Enter")
    page.focus("#set-quick-wait")
    page.keyboard.press("Control+a")
    page.keyboard.type("5")
    page.keyboard.press("Tab")
    page.keyboard.press("Escape")
    page.focus("#quick-variant")
    page.keyboard.press("End")  # two players
    page.keyboard.press("Tab")  # the partner's name, left empty
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    asked = time.monotonic()
    page.wait_for_selector("#quick-offer-yes:focus", timeout=60_000)
    assert time.monotonic() - asked >= 4.5  # the wait set, 5 seconds, not the 30 by default
    page.keyboard.press("Enter")
    page.wait_for_function("() => /^\\/tables\\/\\d+$/.test(location.pathname)")
    quick = int(page.evaluate("location.pathname").rsplit("/", 1)[1])
    wait_for_log(page, f"Quick play: table {quick}. You sit at ")
    with urllib.request.urlopen(room.url + "/api/tables", timeout=10) as answer:
        seats = next(t for t in json.loads(answer.read())["tables"] if t["table"] == quick)["seats"]
    assert [(s["player"], s["level"] is not None) for s in seats] in ([("Wes", False), (None, True)],
                                                                      [(None, True), ("Wes", False)])

    # the rematch: a table of one hand made in the lobby, the others people through RoomClients
    page.goto(room.url + "/")
    page.wait_for_selector("#view-lobby:not([hidden])")
    for seat in (0, 1, 3):
        page.select_option(f"#create-seats #seat-{seat}", "person")
    page.fill("#create-hands", "1")
    page.click("#create-form button[type='submit']")
    page.wait_for_selector("#waiting:not([hidden])")
    table = int(page.evaluate("location.pathname").rsplit("/", 1)[1])
    accepted = threading.Event()
    failures: list[BaseException] = []

    def others() -> None:
        async def main() -> None:
            url = room.url.replace("http", "ws") + "/ws"
            people = {}
            for seat, name in ((0, "Ada"), (1, "Bob"), (3, "Di")):
                people[seat] = client = await RoomClient(url).connect()
                assert (await client.register(name, PASSWORD))["type"] == "welcome"
                assert (await client.join(table, seat))["type"] == "table"
            try:
                await asyncio.gather(*(Seat(c, table, s, f"{table}:{s}").play(timeout=180)
                                       for s, c in people.items()))
                await people[0].wait_for(lambda f: f.get("type") == "rematch" and "Wes" in f["accepted"], 60)
                for client in people.values():
                    await client.request({"type": "rematch", "table": table, "accept": True})
                await people[0].wait_for(lambda f: f.get("type") == "table" and f["table"] != table, 60)
                accepted.wait(120)
            finally:
                await close_all(people.values())

        try:
            asyncio.run(main())
        except BaseException as error:
            failures.append(error)

    thread = threading.Thread(target=others)
    thread.start()
    try:
        page.wait_for_function("() => ['Ada', 'Bob', 'Di'].every((n) => "
                               "document.getElementById('waiting-seats').textContent.includes(n)) "
                               "|| document.getElementById('waiting').hidden", timeout=60_000)
        if page.is_visible("#start-game"):  # the owner starts a table made in the lobby
            page.focus("#start-game")
            page.keyboard.press("Enter")
        play_south(page, time.monotonic() + 120)
        page.wait_for_function("() => document.getElementById('rematch-text').textContent.endsWith('Press y or n.')")
        assert not page.evaluate("document.getElementById('rematch').contains(document.activeElement)")
        rating = page.wait_for_selector("#game-over-rating:not([hidden])").inner_text()
        assert rating.startswith("Rated game: Ada ") and ", Wes " in rating, rating
        assert log_lines(page, room=True).count(rating) == 1  # the screen reader hears it once, in the log
        assert axe_violations(page) == [], report(axe_violations(page))
        assert page.get_attribute("#rematch-text", "role") == "status"  # polite: said, never interrupting
        page.evaluate("""() => { window.heard = []; const node = document.getElementById('rematch-text');
          new MutationObserver(() => window.heard.push(node.textContent)).observe(node, {childList: true,
            characterData: true, subtree: true}); }""")
        page.keyboard.press("y")
        page.wait_for_function("() => window.heard.some((text) => text.startsWith('Everyone accepts: '))",
                               timeout=60_000)
        heard = page.evaluate("window.heard")
        assert heard[:3] == ["Wes accepts a rematch; waiting for Ada, Bob and Di.",
                             "Ada and Wes accept a rematch; waiting for Bob and Di.",
                             "Ada, Bob and Wes accept a rematch; waiting for Di."], heard
        assert heard[-1].startswith("Everyone accepts: the rematch is table "), heard
        new = int(heard[-1].rsplit(" ", 1)[1].rstrip("."))  # "... the rematch is table N."
        page.wait_for_function("(t) => location.pathname === `/tables/${t}`", arg=new)
        wait_for_log(page, f"Rematch: table {new}, the same seats. You sit at South.")
        assert not page.is_visible("#game-over-rating")
    finally:
        accepted.set()
        thread.join(120)
    assert not failures, failures
    assert not errors, errors
    page.context.close()


def test_play_with_people_beside_a_friend_seats_the_two_as_partners(browser: Any, room: Room) -> None:
    """Found: friends who queued together sat as opponents. The lobby's partner's name, typed by keys, seats the
    two on one side when the friend names the player too."""
    from spades.room.client import RoomClient

    errors: list[str] = []
    page = new_page(browser, errors=errors)
    fern_in, ready, seated = threading.Event(), threading.Event(), threading.Event()
    frames: list[dict[str, Any]] = []

    def others() -> None:
        async def main() -> None:
            url = room.url.replace("http", "ws") + "/ws"
            friend = await RoomClient(url).connect()
            await friend.guest("Fern")
            fern_in.set()
            ready.wait(120)
            clients = [friend]
            for name in ("Gus", "Hal"):
                client = await RoomClient(url).connect()
                await client.guest(name)
                await client.request({"type": "quick", "variant": "standard", "wait": 600})
                clients.append(client)
            assert (await friend.request({"type": "quick", "variant": "standard", "wait": 600,
                                          "partner": "Ivy"}))["type"] == "queue"
            frames.append(await friend.wait_for(lambda f: f["type"] == "table", 60))
            seated.set()
            await close_all(clients)

        asyncio.run(main())

    thread = threading.Thread(target=others)
    thread.start()
    try:
        guest(page, room, "Ivy")
        assert fern_in.wait(120)  # a partner is named once they are a player of the room
        page.focus("#quick-variant")
        page.keyboard.press("Home")  # standard, with partners
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.id") == "quick-partner"
        page.keyboard.type("Fern")
        page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        page.wait_for_selector("#quick-status:has-text('waiting.')")
        ready.set()
        assert seated.wait(120), "Fern was never seated"
        table = frames[0]["table"]
        page.wait_for_function("(t) => location.pathname === `/tables/${t}`", arg=table)
        wait_for_log(page, "your partner is Fern")
        players = [s["player"] for s in frames[0]["seats"]]
        assert (players.index("Ivy") - players.index("Fern")) % 4 == 2, players
        assert not errors, errors
    finally:
        ready.set()
        thread.join(120)
        page.context.close()
