"""The web table as a blind keyboard player and a sighted one find it, in Debian's chromium against ``spades serve``:
a table still waiting for players shows no empty card table; arriving at a table moves the focus once, to where the
keys start, not through the page on the way; people coming to a waiting table, or leaving it, are said; a refusal
is one sentence; the score chart is named once; the settings' boxes are all of one size; the score line says "1
hand"; and back at a game after a reload, where it stands and the trick come before "your turn"."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from test_web_heard import FOCUS_LOG
from web_support import Room, log_lines, new_page, wait_for_log


def guest(page: Any, room: Room, name: str) -> None:
    """Enter the room as a guest of that name, by the keyboard: the lobby is shown."""
    page.goto(room.url + "/")
    page.wait_for_selector("#play-now:focus")
    page.fill("#guest-name", name)
    page.focus("#guest-name")
    page.keyboard.press("Enter")
    page.wait_for_selector("#view-lobby:not([hidden])")


def waiting_table(page: Any, room: Room, name: str, before: Callable[[], Any] = lambda: None) -> int:
    """A guest creates a table in the lobby with North left for a person (``before`` is called just before Enter
    on "Create the table"): the page waits at it."""
    guest(page, room, name)
    page.select_option("#create-seats #seat-0", "person")
    page.focus("#create-form button[type='submit']")
    before()
    page.keyboard.press("Enter")
    page.wait_for_selector("#waiting:not([hidden])")
    return int(page.evaluate("location.pathname").rsplit("/", 1)[1])


def tab_stops(page: Any, count: int) -> list[str]:
    """Where Tab takes the focus, ``count`` times from where it is: each element's id or tag."""
    stops = []
    for _ in range(count):
        page.keyboard.press("Tab")
        stops.append(page.evaluate("() => document.activeElement.id || document.activeElement.tagName"))
    return stops


def test_a_table_waiting_for_players_shows_no_empty_card_table(browser: Any, room: Room) -> None:
    """While a table waits for people there is no trick and no hand: the card table (the felt, "Your hand", a Tab
    stop named "Card table") is not shown at all, to the eyes or to the keys, until the game starts."""
    page = new_page(browser)
    waiting_table(page, room, "Ada")
    assert page.evaluate("document.getElementById('play').hidden")
    assert not page.is_visible("#play")
    assert not page.is_visible("#hand-label")
    page.focus("#table-title")
    assert "play" not in tab_stops(page, 4)
    page.context.close()


def focus_log(page: Any) -> list[str]:
    """The focus changes since the last call."""
    moves: list[str] = page.evaluate("window.focusLog.splice(0)")
    return moves


def test_arriving_at_a_table_moves_the_focus_once(browser: Any, room: Room) -> None:
    """Play now, and a reload mid-hand: the focus goes to a card of the hand, once. It used to go first to the
    card table (said "Card table. Press question mark for the keys."), then to the table's title, then to the card:
    three things said and left within a second."""
    page = new_page(browser)
    page.add_init_script(FOCUS_LOG)
    page.goto(room.url + "/")
    page.wait_for_selector("#play-now:focus")
    focus_log(page)
    page.keyboard.press("Enter")
    wait_for_log(page, "Your turn to bid")
    page.wait_for_timeout(300)
    moves = focus_log(page)
    cards = page.eval_on_selector_all("#hand button.card", "bs => bs.map(b => b.dataset.card)")
    assert len(moves) == 1 and moves[0] in cards, moves
    page.click("#decision button[aria-label='Bid 3']")
    wait_for_log(page, "South bids 3.")
    page.reload()
    page.wait_for_selector("#hand button.card:focus")
    page.wait_for_timeout(300)
    moves = focus_log(page)
    assert len(moves) == 1 and moves[0] in cards, moves
    owner = new_page(browser)
    owner.add_init_script(FOCUS_LOG)
    waiting_table(owner, room, "Grace", before=lambda: focus_log(owner))  # waiting for a person: its title, once
    owner.wait_for_timeout(300)
    assert focus_log(owner) == ["#table-title"]
    for each in (page, owner):
        each.context.close()


def test_people_coming_to_a_waiting_table_and_leaving_it_are_said(browser: Any, room: Room) -> None:
    """The owner of a table waiting for a person hears who sat down, and that every seat is now taken (so that it
    is time to start), and who left; the list of seats used to change without a word."""
    owner = new_page(browser)
    table = waiting_table(owner, room, "Hedy")
    friend = new_page(browser)
    friend.goto(room.url + f"/tables/{table}")
    friend.wait_for_selector("#accept-invitation:focus")
    friend.wait_for_function("() => document.getElementById('accept-invitation').textContent.startsWith('Sit at')")
    friend.fill("#guest-name", "Bob")
    friend.focus("#accept-invitation")
    friend.keyboard.press("Enter")
    wait_for_log(owner, "Bob sits at North.")
    wait_for_log(owner, "Every seat is taken: start the game when you are ready.")
    friend.click("#leave-table")
    wait_for_log(owner, "Bob left North.")
    said = log_lines(owner)
    assert said == ["Bob sits at North.", "Every seat is taken: start the game when you are ready.", "Bob left North.",
                    "Waiting for 1 more player. Send the invitation link to a friend. Start the game when every seat "
                    "is taken."], said
    assert not any("sits at" in line for line in log_lines(friend))  # one's own seat is not news to oneself
    for page in (owner, friend):
        page.context.close()


def test_a_refusal_is_one_sentence_with_one_full_stop(browser: Any, room: Room) -> None:
    """A guest name already in use is refused in one sentence; the page's "Not signed in: …" around the room's
    reason, which ends with a full stop of its own, used to say "The name Lin is taken.." with two."""
    first = new_page(browser)
    guest(first, room, "Lin")
    page = new_page(browser)
    page.goto(room.url + "/")
    page.wait_for_selector("#play-now:focus")
    page.fill("#guest-name", "Lin")
    page.focus("#guest-name")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('alert').textContent !== ''")
    assert page.inner_text("#alert") == ("Not signed in: The name Lin is taken by a guest, and is kept for them while "
                                         "they are here and for 30 minutes after they go, unless they sign out; "
                                         "choose another name.")
    for each in (first, page):
        each.context.close()


@pytest.fixture(scope="module")
def ended(browser: Any, room: Room) -> Iterator[Any]:
    """A page watching a game of one hand among four computer players, to its end."""
    page = new_page(browser)
    guest(page, room, "Watcher")
    page.select_option("#create-seats #seat-2", "normal")
    page.fill("#create-hands", "1")
    page.focus("#create-form button[type='submit']")
    page.keyboard.press("Enter")
    page.wait_for_selector("#game-over:not([hidden])", timeout=60_000)
    yield page
    page.context.close()


def accessible(page: Any, role: str) -> list[tuple[str, str]]:
    """The name and the description of each node of the accessibility tree with this role, as chromium gives
    them to a screen reader."""
    session = page.context.new_cdp_session(page)
    try:
        nodes = session.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        session.detach()
    value = lambda node, key: (node.get(key) or {}).get("value", "")  # noqa: E731
    return [(value(node, "name"), value(node, "description")) for node in nodes if value(node, "role") == role]


def test_the_score_chart_is_named_once(ended: Any) -> None:
    """The chart of the score by hand is one image with one name; its name used to be given again as its
    description, so that a screen reader said the whole sentence twice."""
    images = accessible(ended, "image")
    assert len(images) == 1, images
    name, description = images[0]
    assert name.startswith("Score after each of 1 hand; now North-South ")
    assert description != name


def test_the_score_line_of_a_game_of_one_hand_says_one_hand(ended: Any) -> None:
    """"1 hand", as it is said and shown; it used to be "Playing 1 hands.". At the end the line says the result,
    where it used to say "Hand 1. Playing 1 hand." as if the game went on."""
    line = ended.inner_text("#scoreline p")
    assert line.startswith("Game over after 1 hand. ") and " Final score: North-South " in line, line


def test_the_settings_boxes_are_all_of_one_size(browser: Any, room: Room) -> None:
    """Each setting's box is as large as the others, however long its label: the box of the sound setting, whose
    label runs over two lines, used to be squeezed smaller than the rest (and at 360 pixels nearly all were)."""
    page = new_page(browser)
    page.goto(room.url + "/")
    page.wait_for_selector("#play-now:focus")
    page.focus("#open-settings")
    page.keyboard.press("Enter")
    page.wait_for_selector("#settings-dialog[open]")
    for width in (1280, 360):
        page.set_viewport_size({"width": width, "height": 740})
        sizes = page.eval_on_selector_all("#settings-form .check input", "boxes => boxes.map(b => {"
                                          " const r = b.getBoundingClientRect(); return [r.width, r.height]; })")
        assert len(sizes) == 6 and len(set(map(tuple, sizes))) == 1, (width, sizes)
        assert sizes[0][0] >= 12
    page.context.close()


def test_back_at_a_game_where_it_stands_and_the_trick_come_before_the_turn(browser: Any, room: Room) -> None:
    """A reload mid-trick says, as the terminal says a resumed game, where the game stands, then the trick on the
    table, then "your turn"; it used to say "Your turn. …" first, then "Back at the table: …, your turn.", and
    never what had been played to the trick."""
    page = new_page(browser)
    page.goto(room.url + "/")
    page.wait_for_selector("#play-now:focus")
    page.keyboard.press("Enter")
    wait_for_log(page, "Your turn to bid")
    page.click("#decision button[aria-label='Bid 3']")
    seen = 0
    while True:  # a turn with cards on the table already
        wait_for_log(page, "Your turn.", count=seen + 1)
        seen += 1
        if page.eval_on_selector_all("#trick .trick-cards li", "items => items.length") > 0 \
                and not page.eval_on_selector("#trick .trick-cards", "list => list.classList.contains('swept')") \
                and page.inner_text("#trick .trick-caption") == "":
            break
        page.keyboard.press("Enter")
    page.reload()
    page.wait_for_function("() => [...document.querySelectorAll('#log p:not(.earlier)')]"
                           ".some(p => p.textContent.startsWith('Your turn.'))")
    said = page.eval_on_selector_all("#log p:not(.earlier)", "ps => ps.map(p => p.textContent)")
    assert len(said) == 3, said
    assert said[0].startswith("Back at the table: hand 1, trick ") and said[0].endswith(", your turn.")
    assert said[1].startswith("Trick ") and said[1].endswith(" is winning."), said
    assert said[2].startswith("Your turn.")
    page.context.close()
