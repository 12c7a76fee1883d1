"""The room's governance and friends at the web page, by keys in Debian's chromium against ``spades serve``.

A player watching a table reports the last chat line by "!" and a reason (Enter); a moderator opens /moderate from
the header, reads the report with its lines (the reported one marked) and mutes the player for 10 minutes with a
reason, all by keys; the muted player's page says the mute at once and refuses their chat; the reporter hears the
report was handled; a player who is no moderator hears why /moderate shows nothing; an administrator reads the
audit log and names a moderator, whose player's page then says so; a suspension closes the player's page, which
says why and does not connect again. Every sign-in carries the page's device token.

Two players become friends (ask, then Accept, by keys in two pages), one creates a private table and invites the
other to a seat; the invited one accepts with Shift+A and is seated; a third person's lobby does not list the
private table, and its invitation link lets them in. During a game, Shift+A first asks whether to leave it. The
room's pages answer a player's role and a private table's
entry to its code alone. axe finds nothing wrong with the lobby with friends shown, the
table with a notice, and /moderate; /moderate (with reports in the queue) and the friends section are photographed
into /tmp/governance-shots/, as the other browser tests keep theirs."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from room_server import Loop
from spades.room.client import RoomClient
from spades.room.store import Store
from spades.room.store.friends import ask_friend
from spades.room.store.moderation import set_role
from spades.room.web.app import create_app
from test_web import axe_violations, report
from web_support import DESKTOP, PHONE, TRANSCRIPT, Room, heard_times, new_page, sign_in, transcript

PASSWORD = "correct horse battery"
SHOTS = Path("/tmp/governance-shots")
WAIT = 60_000  # ms: a ceiling for what the room and the other pages do in their own time


@pytest.fixture
def loop() -> Iterator[Loop]:
    made = Loop()
    yield made
    made.stop()


def players(room: Room, *names: str, roles: dict[str, str] | None = None) -> None:
    """Registered players in the room's database, and the roles the operator gives."""
    store = Store(str(room.database))
    try:
        for name in names:
            store.create_player(name, PASSWORD)
        for name, role in (roles or {}).items():
            set_role(store, name, role, "the operator")
    finally:
        store.close()


def sent_frames(page: Any, frames: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Every frame the page sends on its websockets, kept as it goes (call before the page opens the room)."""
    frames = [] if frames is None else frames
    page.on("websocket", lambda socket: socket.on("framesent", lambda payload: frames.append(json.loads(payload))))
    return frames


def person(browser: Any, room: Room, name: str, errors: list[str], sent: list[dict[str, Any]] | None = None) -> Any:
    """A page of its own where a registered player signs in by keys and comes to the lobby (``sent``: the frames
    the page sends are kept there)."""
    page = new_page(browser, errors=errors)
    page.add_init_script(TRANSCRIPT)
    if sent is not None:
        sent_frames(page, sent)
    sign_in(page, room.url, name, PASSWORD)
    return page


def heard(page: Any, words: str, times: int = 1) -> None:
    """Wait until the page has given ``words`` to the screen reader (its focus or live regions) ``times``."""
    page.wait_for_function(
        "([words, times]) => window.transcript.filter(([, text]) => text.includes(words)).length >= times",
        arg=[words, times], timeout=WAIT)


def axe_clean(page: Any, where: str) -> None:
    violations = axe_violations(page)
    assert not violations, f"{where}: " + report(violations)


def shoot(page: Any, name: str, selector: str | None = None) -> None:
    """The page (or one part) at desktop and phone size, into SHOTS; nothing may run off the side."""
    SHOTS.mkdir(exist_ok=True)
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(viewport)
        wide = page.evaluate("document.documentElement.scrollWidth")
        path = str(SHOTS / f"{name}-{size}.png")
        if selector:
            page.locator(selector).screenshot(path=path)
        else:
            page.screenshot(path=path, full_page=True)
        assert wide <= viewport["width"], f"{name} at {size}: {wide} pixels wide"
    page.set_viewport_size(DESKTOP)


def focused(page: Any) -> str:
    text: str = page.evaluate("() => document.activeElement ? (document.activeElement.id || "
                              "document.activeElement.textContent) : ''")
    return text


def tab_until(page: Any, test: str, presses: int = 60) -> None:
    """Tab until the focused element passes ``test`` (a JavaScript function of it)."""
    for _ in range(presses):
        if page.evaluate(f"() => ({test})(document.activeElement)"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {test}; the focus is on {focused(page)!r}")


def create_table(page: Any, *, private: bool = False) -> int:
    """The lobby's form, by keys: North kept for a person (the others the computer's, South the player's), and
    Private table checked when asked; the table waits; its number."""
    page.focus("#create-seats #seat-0")
    page.keyboard.type("A person")  # the select's option by its first letters
    assert page.input_value("#create-seats #seat-0") == "person"
    if private:
        page.focus("#create-private")
        page.keyboard.press("Space")
        assert page.is_checked("#create-private") and page.is_visible("#create-watchers")
    page.focus("#create-form button[type='submit']")
    page.keyboard.press("Enter")
    page.wait_for_selector("#waiting:not([hidden])", timeout=WAIT)
    page.wait_for_function("() => /^\\/table\\/\\d+$/.test(location.pathname)")
    return int(page.evaluate("location.pathname").rsplit("/", 1)[1])


def test_a_chat_line_reported_by_keys_is_handled_by_a_moderator_on_the_moderation_page(
        browser: Any, room: Room, loop: Loop) -> None:
    pytest.importorskip("axe_playwright_python")
    players(room, "Ann", "Mo", "Bob", "Cy", roles={"Ann": "admin", "Mo": "moderator"})
    errors: list[str] = []
    bob_sent: list[dict[str, Any]] = []
    bob = person(browser, room, "Bob", errors, bob_sent)
    cy = person(browser, room, "Cy", errors)
    mo = person(browser, room, "Mo", errors)
    mo.wait_for_selector("#nav-moderate:has-text('Reports (0)')")  # a moderator: the header links the queue

    # Bob makes a table that waits for a person; Cy comes to watch it; Bob says something rude in its chat
    table = create_table(bob)
    cy.goto(f"{room.url}/tables/{table}")
    cy.wait_for_selector("#waiting:not([hidden])")
    bob.wait_for_function("() => document.getElementById('chat-people').textContent.includes('Cy')")
    bob.focus("#chat-input")
    bob.keyboard.type("good luck")
    bob.keyboard.press("Enter")
    bob.keyboard.type("you fool <b>")
    bob.keyboard.press("Enter")
    cy.wait_for_function("() => document.getElementById('chat-log').textContent.includes('Bob: you fool <b>')")

    # Cy: "!" reports the last line: the reason's field, said with what is reported; Escape takes it back
    cy.focus("#table-title")
    cy.keyboard.press("!")
    cy.wait_for_selector("#report-reason:focus")
    assert cy.input_value("#report-what") != ""
    about = cy.inner_text("#report-about")
    assert about.startswith("You report Bob's line \"you fool <b>\"."), about
    assert cy.eval_on_selector("#report-form", "f => f.closest('#chat-box') !== null")
    cy.keyboard.press("Escape")
    cy.wait_for_selector("#report-form", state="hidden")
    cy.wait_for_function("() => document.getElementById('status').textContent === 'Report taken back.'")
    cy.focus("#table-title")
    cy.keyboard.press("!")
    cy.wait_for_selector("#report-reason:focus")
    cy.keyboard.press("Enter")  # no reason yet: asked for one, nothing sent
    cy.wait_for_function("() => document.getElementById('alert').textContent.startsWith('Say why first')")
    cy.keyboard.type("insults")
    cy.keyboard.press("Enter")
    heard(cy, "Your report of Bob was sent to the moderators")
    cy.wait_for_selector("#report-form", state="hidden")
    assert heard_times(transcript(cy), "Your report of Bob was sent") == 1
    assert cy.inner_text("#notices-text").startswith("Your report of Bob was sent to the moderators")
    axe_clean(cy, "the table with a notice")

    # Cy is no moderator: /moderate says so
    cy.goto(room.url + "/moderate")
    heard(cy, "Only moderators may see the reports.")
    assert cy.inner_text("#moderate-refused") == "Only moderators may see the reports."
    assert not cy.is_visible("#reports-list") and not cy.is_visible("#nav-moderate")
    cy.goto(f"{room.url}/tables/{table}")
    cy.wait_for_selector("#waiting:not([hidden])")

    # Mo, a moderator, in the lobby: the new report said as it comes; the header's Reports link, by Tab and Enter,
    # opens the queue
    heard(mo, "New report 1: Cy reports Bob's line at table")
    mo.wait_for_selector("#nav-moderate:has-text('Reports (1)')")
    mo.keyboard.press("Shift+O")  # from the lobby: the open reports in words
    heard(mo, "1 open report, oldest first. Report 1: Cy reports Bob's line at table")
    mo.focus("#lobby-title")
    mo.keyboard.press("Shift+Tab")
    tab_until(mo, "e => e.id === 'nav-moderate'")
    mo.keyboard.press("Enter")
    mo.wait_for_selector("#reports-list button[data-report]")
    assert mo.evaluate("location.pathname") == "/moderate"
    assert mo.inner_text("#reports-count") == "1 open report, oldest first."
    item = mo.inner_text("#reports-list > li")
    assert "Report 1: Cy reports Bob's line at table" in item and "\"you fool <b>\": insults." in item, item
    lines = mo.eval_on_selector_all(".report-lines li", "ls => ls.map(l => [l.className, l.textContent])")
    assert [cls for cls, _ in lines] == ["", "reported"], lines
    assert lines[0][1].endswith("Bob: good luck") and lines[1][1].startswith("Reported line: ")
    assert lines[1][1].endswith("Bob: you fool <b>")
    assert mo.eval_on_selector("#reports-list", "l => l.querySelector('b') === null")  # text, never markup
    axe_clean(mo, "/moderate with a report")
    shoot(mo, "moderate-queue")
    mo.emulate_media(color_scheme="dark")
    axe_clean(mo, "/moderate with a report, dark")
    shoot(mo, "moderate-queue-dark")
    mo.emulate_media(color_scheme="light")

    # Act on report 1: Mute (the radio after Warn), 10 minutes, a reason, Enter
    tab_until(mo, "e => e.dataset && e.dataset.report === '1'")
    mo.keyboard.press("Enter")
    mo.wait_for_selector("#act-warn:focus")
    assert mo.inner_text("#moderate-form-title") == "Act on report 1: Bob"
    mo.keyboard.press("ArrowDown")
    assert mo.is_checked("#act-mute") and mo.is_visible("#moderate-minutes")
    assert mo.is_disabled("#act-close") is False  # the report has a table: it may be closed
    mo.keyboard.press("Tab")
    assert focused(mo) == "moderate-minutes"
    mo.keyboard.press("Control+A")
    mo.keyboard.type("10")
    mo.keyboard.press("Tab")
    assert focused(mo) == "moderate-reason"
    axe_clean(mo, "/moderate, acting on a report")
    shoot(mo, "moderate-act")
    mo.keyboard.type("insults at the table")
    mo.keyboard.press("Enter")
    heard(mo, "Bob is muted")
    mo.wait_for_function("() => document.getElementById('reports-count').textContent === 'No open reports.'")
    assert mo.evaluate("document.activeElement.id") == "reports-count"
    assert not mo.is_visible("#moderate-form")

    # Bob hears the mute at once (the alert region), sees it, and his chat is refused
    heard(bob, "You are muted by a moderator in every chat until ")
    said = [(kind, text) for kind, text in transcript(bob) if "muted by a moderator" in text]
    assert said[0][0] == "live #alert" and "(10 minutes left): insults at the table." in said[0][1], said
    assert bob.inner_text("#notices-text") == said[0][1]
    assert heard_times(transcript(bob), "muted by a moderator") == 1, said  # once, not by the box nor the log too
    bob.focus("#chat-input")
    bob.keyboard.type("sorry")
    bob.keyboard.press("Enter")
    bob.wait_for_function("() => document.getElementById('alert').textContent.startsWith('Not sent: ')")
    # Cy hears the report was handled
    heard(cy, "A moderator handled your report of Bob. Thank you.")

    # Ann, an administrator: the audit log has the mute; she names Cy a moderator by keys; Cy's page says so
    ann = person(browser, room, "Ann", errors)
    ann.goto(room.url + "/moderate#audit")
    ann.wait_for_selector("#audit-body tr")
    ann.wait_for_selector("#audit-title:focus")
    rows = ann.eval_on_selector_all("#audit-body tr", "rs => rs.map(r => [...r.cells].map(c => c.textContent))")
    mute = next(row for row in rows if row[1] == "Mo: mute Bob")
    assert mute[2].startswith("insults at the table; ") and "minutes 10" in mute[2], rows
    assert ann.inner_text("#roles-list") == "Ann: administrator\nMo: moderator"
    ann.focus("#role-name")
    ann.keyboard.type("Cy")
    ann.keyboard.press("Enter")  # the form's first button: Make a moderator
    heard(ann, "Cy is a moderator now.")
    ann.wait_for_function("() => document.getElementById('roles-list').textContent.includes('Cy: moderator')")
    heard(cy, "Ann made you a moderator.")
    axe_clean(ann, "/moderate for an administrator")
    shoot(ann, "moderate-admin")
    ann.goto(room.url + "/players/Cy")
    ann.wait_for_selector("#player-role")
    assert ann.inner_text("#player-role") == "Cy is a moderator of the room."

    # a suspension: Bob's page says why, once the room has closed it, and does not connect again
    url = room.url.replace("http://", "ws://") + "/ws"
    client = RoomClient(url)
    loop.run(client.connect())
    try:
        assert loop.run(client.login("Mo", PASSWORD))["type"] == "welcome"
        opened: list[Any] = []
        bob.on("websocket", lambda socket: opened.append(socket))
        reply = loop.run(client.request({"type": "moderate", "act": "suspend", "name": "Bob", "minutes": 5,
                                         "reason": "more insults"}))
        assert reply["type"] == "notice" and reply["kind"] == "moderated", reply
    finally:
        loop.run(client.close())
    heard(bob, "You are suspended from the room until ")
    bob.wait_for_function("() => document.getElementById('connection').textContent.startsWith("
                          "'You are signed out of the room. You are suspended from the room until ')")
    assert "more insults" in bob.inner_text("#connection")
    bob.wait_for_timeout(3000)  # a page that tried again would have opened a socket within 0.5 s
    assert opened == []
    assert "trying again" not in bob.inner_text("#connection")
    # loaded again while suspended: the sign-in page says why it is refused
    bob.reload()
    bob.wait_for_selector("#signin-refused:not([hidden])")
    refused = bob.inner_text("#signin-refused")
    assert refused.startswith("Not signed in: ") and "suspended" in refused and "more insults" in refused, refused
    assert bob.is_visible("#view-signin")

    # every sign-in carried this browser's device token, the same each time
    signins = [frame for frame in bob_sent if frame["type"] in ("login", "register", "guest", "resume")]
    assert signins and all(re.fullmatch(r"[A-Za-z0-9_-]{32}", frame.get("device", "")) for frame in signins)
    assert len({frame["device"] for frame in signins}) == 1
    # lifted: every page of this module's room comes from one address, which the suspension holds against new
    # guests, and the next tests make guests
    client = RoomClient(url)
    loop.run(client.connect())
    try:
        assert loop.run(client.login("Mo", PASSWORD))["type"] == "welcome"
        lifted = loop.run(client.request({"type": "moderate", "act": "lift", "name": "Bob", "reason": "done"}))
        assert lifted["kind"] == "moderated", lifted
    finally:
        loop.run(client.close())
    assert not errors, errors


def test_friends_made_by_keys_invite_to_a_private_table_and_shift_a_seats_the_invited(
        browser: Any, room: Room) -> None:
    pytest.importorskip("axe_playwright_python")
    players(room, "Ada", "Eve", "Zed")
    errors: list[str] = []
    ada = person(browser, room, "Ada", errors)
    eve = person(browser, room, "Eve", errors)
    zed = person(browser, room, "Zed", errors)

    # Ada asks Eve by name; Eve hears it and accepts by Tab and Enter; each hears that they are friends
    assert ada.is_visible("#friends-none")
    ada.focus("#friend-name")
    ada.keyboard.type("Eve")
    ada.keyboard.press("Enter")
    heard(ada, "You asked Eve to be your friend")
    assert ada.inner_text("#friends-asking") == "You asked, waiting for an answer: Eve."
    heard(eve, "Ada asks to be your friend.")
    eve.wait_for_selector("#friends-asked button:has-text('Accept Ada')")
    shoot(eve, "friends-request", "#friends")
    eve.focus("#friends-title")
    tab_until(eve, "e => e.textContent === 'Accept Ada'")
    eve.keyboard.press("Enter")
    heard(eve, "Ada and you are friends now.")
    heard(ada, "Eve and you are friends now.")
    ada.wait_for_selector("#friends-list li:has-text('Eve is in the lobby.')")
    assert not ada.is_visible("#friends-asking") and not ada.is_visible("#friends-none")
    # Shift+F reads the list
    ada.focus("#lobby-title")
    ada.keyboard.press("Shift+F")
    heard(ada, "Your friends: Eve is in the lobby.")
    axe_clean(ada, "the lobby with friends shown")
    shoot(ada, "friends", "#friends")

    # "!" in the lobby opens the report form there on the last line by someone else; Escape takes it back
    zed.focus("#lobby-chat-input")
    zed.keyboard.type("anyone for spades?")
    zed.keyboard.press("Enter")
    ada.wait_for_function("() => document.getElementById('lobby-chat-log').textContent.includes('Zed: anyone')")
    ada.focus("#lobby-title")
    ada.keyboard.press("!")
    ada.wait_for_selector("#lobby-chat #report-reason:focus")
    assert ada.inner_text("#report-about").startswith("You report Zed's line \"anyone for spades?\".")
    ada.keyboard.press("Escape")
    ada.wait_for_selector("#lobby-title:focus")
    assert not ada.is_visible("#report-form")
    # the chat line's commands, as at spades join: /block and /unblock, said once, the list shown
    zed.keyboard.type("/block Ada")
    zed.keyboard.press("Enter")
    heard(zed, "You block Ada. They are not told.")
    assert zed.inner_text("#blocked-names") == "You block: Ada."
    zed.keyboard.type("/unblock Ada")
    zed.keyboard.press("Enter")
    heard(zed, "You no longer block Ada.")
    assert zed.inner_text("#blocked-names") == "You block no one."
    assert "/block" not in ada.inner_text("#lobby-chat-log")  # a command, never said as chat

    # Ada creates a private table by keys: its link is shown to her; she invites Eve to North
    table = create_table(ada, private=True)
    ada.wait_for_selector("#private-box:not([hidden])")
    link = ada.input_value("#private-link")
    assert re.fullmatch(rf"{re.escape(room.url)}/tables/{table}\?invite=[A-Za-z0-9_-]+", link), link
    ada.wait_for_selector("#invite-form:not([hidden]) #invite-name option[value='Eve']", state="attached")
    ada.focus("#invite-seat")
    ada.keyboard.type("North")
    assert ada.input_value("#invite-seat") == "0"
    ada.keyboard.press("Tab")
    assert focused(ada) == "Send the invitation"
    axe_clean(ada, "a private table with its link and the invitation form")
    shoot(ada, "private-table")
    ada.keyboard.press("Enter")
    heard(ada, f"Eve was invited to seat North at table {table}.")

    # Eve hears the invitation with its key; her lobby lists the private table, Zed's does not
    heard(eve, f"Ada invites you to seat North at table {table} (standard). Press Shift+A to accept")
    assert eve.is_visible("#notice-accept")
    shoot(eve, "invitation", "#notices-box")
    eve.focus("#lobby-refresh")
    eve.keyboard.press("Enter")
    eve.wait_for_selector(f"#tables h3:text-is('Table {table} (private)')")
    zed.goto(room.url + "/")
    zed.wait_for_function("() => !document.getElementById('no-tables').hidden"
                          " || document.querySelectorAll('#tables li').length > 0")
    assert f"Table {table}" not in zed.inner_text("#tables")

    # Shift+A: Eve goes to the table and sits at North
    eve.focus("#lobby-title")
    eve.keyboard.press("Shift+A")
    eve.wait_for_function(f"() => location.pathname === '/table/{table}'")
    ada.wait_for_function("() => document.getElementById('waiting-seats').textContent.includes('North: Eve')")
    eve.wait_for_function("() => document.getElementById('waiting-seats').textContent.includes('North: Eve')")
    assert not eve.is_visible("#notices-box")

    # Zed may not come without the link; with it, he may
    zed.goto(f"{room.url}/tables/{table}")
    zed.wait_for_function(f"() => document.getElementById('alert').textContent.startsWith("
                          f"'Not seated: table {table} is private')")
    zed.goto(link)
    zed.wait_for_selector("#waiting-seats button:has-text('Sit at East')")
    assert not zed.is_visible("#private-box")  # the link is shown to the table's people, not to one watching
    # signed out, the link's page names the private table (found by its code) and Enter watches it as a guest
    stranger = new_page(browser, errors=errors)
    stranger.goto(link)
    stranger.wait_for_selector("#accept-invitation:focus:has-text('Watch as a guest')")
    said = stranger.inner_text("#invitation-text")
    assert said == f"You are invited to private table {table} (standard, every seat taken: you may watch).", said
    stranger.keyboard.press("Enter")
    stranger.wait_for_function("() => document.getElementById('waiting-seats').textContent.includes('North: Eve')")
    assert not errors, errors


def test_shift_a_during_a_game_asks_first_and_y_goes_to_the_table_invited_to(
        browser: Any, room: Room, loop: Loop) -> None:
    players(room, "Kit", "Lou")
    store = Store(str(room.database))
    try:  # friends already, as two asks make them
        ask_friend(store, store.player("Kit"), "Lou")
        ask_friend(store, store.player("Lou"), "Kit")
    finally:
        store.close()
    errors: list[str] = []
    lou = person(browser, room, "Lou", errors)
    lou.focus("#lobby-play-now")
    lou.keyboard.press("Enter")  # a game with three computers, under way
    lou.wait_for_function("() => [...document.querySelectorAll('#log p')].some(p => p.textContent.includes("
                          "'Your turn to bid'))", timeout=WAIT)
    playing = int(lou.evaluate("location.pathname").rsplit("/", 1)[1])
    kit = RoomClient(room.url.replace("http://", "ws://") + "/ws")
    loop.run(kit.connect())
    try:
        assert loop.run(kit.login("Kit", PASSWORD))["type"] == "welcome"
        table = loop.run(kit.create("standard", {}, {1: "normal", 3: "normal"}))["table"]
        loop.run(kit.join(table, 2))
        sent = loop.run(kit.request({"type": "invite", "table": table, "name": "Lou"}))
        assert sent["kind"] == "invite_sent", sent
        heard(lou, f"Kit invites you to a seat at table {table}")
        lou.focus("#play")
        lou.keyboard.press("Shift+A")
        heard(lou, f"Leave this game for Kit's invitation to any seat at table {table}? The computer plays your "
                   "seat here. y or n.")
        assert lou.evaluate("location.pathname") == f"/table/{playing}"
        lou.keyboard.press("y")
        lou.wait_for_function(f"() => location.pathname === '/tables/{table}'")
        lou.wait_for_selector("#waiting-seats button:has-text('Sit at North')")
        lou.focus("#waiting-seats button:has-text('Sit at North')")
        lou.keyboard.press("Enter")
        loop.run(kit.wait_for(lambda f: f.get("type") == "table" and any(
            s["player"] == "Lou" and s["seat"] == 0 for s in f["seats"]), 60))
    finally:
        loop.run(kit.close())
    assert not errors, errors


def test_the_pages_answer_a_players_role_and_a_private_table_to_its_code_alone(tmp_path: Path) -> None:
    with TestClient(create_app(str(tmp_path / "room.sqlite3"), pace=0.0)) as http:
        store = http.app.state.room.store  # type: ignore[attr-defined]
        store.create_player("Mo", PASSWORD)
        store.create_player("Ada", PASSWORD)
        set_role(store, "Mo", "moderator", "the operator")
        assert http.get("/api/players/MO").json()["role"] == "moderator"
        assert http.get("/api/players/Ada").json()["role"] is None
        with http.websocket_connect("/ws") as socket:
            socket.send_json({"type": "login", "name": "Ada", "password": PASSWORD, "device": "d" * 32})
            assert socket.receive_json()["type"] == "welcome"
            socket.send_json({"type": "create", "id": 1, "rules": {"variant": "standard", "options": {}},
                              "levels": {"1": "normal", "3": "normal"}, "private": True, "watchers": False})
            made = socket.receive_json()
            while made.get("id") != 1:
                made = socket.receive_json()
        assert made["private"] is True, made
        table, code = made["table"], made["invite"].rsplit("?invite=", 1)[1]
        assert http.get(f"/api/tables/{table}").status_code == 404  # the lobby's page never lists it
        assert http.get(f"/api/tables/{table}?invite={code[:-1]}x").status_code == 404
        found = http.get(f"/api/tables/{table}?invite={code}")
        assert found.status_code == 200 and found.json()["private"] is True and found.json()["table"] == table
        for page in ("/moderate", f"/tables/{table}?invite={code}"):
            assert http.get(page).status_code == 200, page
