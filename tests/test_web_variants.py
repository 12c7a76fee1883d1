"""The web table at three and six seats, in a real browser against ``spades serve``, by keys alone: each seat drawn
round the felt with the player at the bottom and named as the room names it, a Nil bid and the pass that follows
chosen by keys like a play (the received cards said to the receiver), and the game played to its end; axe-core
finds no violation on the way."""

from __future__ import annotations

import re
from typing import Any

import pytest

from test_web_heard import check_axe
from web_support import Room, log_lines, new_page, wait_for_log

GAME_OVER = "Press C for the coach's review of the last hand, or q to leave."


def create(page: Any, room: Room, variant: str, levels: dict[str, str], fill: dict[str, str],
           select: dict[str, str] | None = None, check: tuple[str, ...] = ()) -> int:
    """A guest creates a table of one hand in the lobby, with ``fill`` (a field's id: its value) set, ``select``
    chosen and ``check`` ticked, and sits."""
    page.goto(room.url + "/")
    page.click("#guest-form button")
    page.wait_for_selector("#view-lobby:not([hidden])")
    page.select_option("#create-variant", variant)
    for field, value in (select or {}).items():
        page.select_option(f"#{field}", value)
    for field in check:
        page.check(f"#{field}")
    for seat, level in levels.items():
        page.select_option(f"#create-seats #seat-{seat}", level)
    page.fill("#create-hands", "1")
    for field, value in fill.items():
        page.fill(f"#{field}", value)
    page.click("#create-form button[type='submit']")
    page.wait_for_function("() => /^\\/tables?\\/\\d+$/.test(location.pathname)")
    return int(page.evaluate("location.pathname").rsplit("/", 1)[1])


def turns(page: Any) -> int:
    return sum(1 for line in log_lines(page) if "Your turn" in line)


def game_over_after(page: Any, seen: int) -> bool:
    """Wait for the next "Your turn" after ``seen`` of them, or the game's end; whether the game is over."""
    page.wait_for_function(
        "([seen, over]) => [...document.querySelectorAll('#log p')].filter(p => p.textContent.includes("
        "'Your turn')).length > seen || document.getElementById('log').textContent.includes(over)",
        arg=[seen, GAME_OVER])
    return GAME_OVER in page.inner_text("#log")


def play_last_legal(page: Any) -> None:
    """Play (or pass) the last card of the hand that may be played, by keys: Home, Right to it, Enter."""
    cards = page.eval_on_selector_all(
        "#hand button.card", "bs => bs.map(b => !b.classList.contains('unplayable'))")
    target = max(i for i, legal in enumerate(cards) if legal)
    for key in ("Home", *["ArrowRight"] * target, "Enter"):
        page.keyboard.press(key)


def play_by_keys(page: Any, bid: str, wrong: list[str]) -> list[str]:
    """Bid ``bid`` by its digits, then play (and pass) the last card it may, by keys, until the game is over."""
    wait_for_log(page, "Your turn to bid")
    seen = turns(page)
    for key in (*bid, "Enter", "y"):
        page.keyboard.press(key)
    checked = False
    while True:
        if game_over_after(page, seen):
            return log_lines(page)
        seen = turns(page)  # before the keys: the next turn may come at once
        if not checked and page.eval_on_selector_all("#trick li", "items => items.length") > 0:
            check_axe(page, "a trick on the felt", wrong)
            checked = True
        play_last_legal(page)


def seats_shown(page: Any) -> dict[str, str]:
    """Each drawn seat's position and the name it shows."""
    names: list[list[str]] = page.eval_on_selector_all(
        ".felt .seat-box:not([hidden])", "boxes => boxes.map(b => [b.id, b.querySelector('.seat-name strong')"
        ".textContent])")
    return {where.removeprefix("pos-"): name for where, name in names}


def test_a_three_player_game_by_keys_draws_and_names_the_three_seats(browser: Any, room: Room) -> None:
    errors: list[str] = []
    wrong: list[str] = []
    page = new_page(browser, errors=errors)
    create(page, room, "three_player", {"0": "me", "1": "easy", "2": "normal"}, {})
    said = play_by_keys(page, "4", wrong)
    assert seats_shown(page) == {"left": "West", "right": "East", "bottom": "South (you)"}
    assert page.get_attribute(".felt", "data-seats") == "3"
    assert any(line.startswith("West ") for line in said) and any(line.startswith("East ") for line in said)
    tricks = [line for line in said if re.search(r" wins trick \d+", line)]
    assert len(tricks) == 17
    check_axe(page, "the end of a three-player game", wrong)
    assert not wrong and not errors


def test_a_six_seat_game_by_keys_passes_with_a_nil_and_names_the_six_seats(browser: Any, room: Room) -> None:
    """South bids Nil at six in partnerships with a pass of two: South passes its two cards to North by keys, hears
    the two North passes back, and plays the hand to the end."""
    errors: list[str] = []
    wrong: list[str] = []
    page = new_page(browser, errors=errors)
    levels = {"0": "me", **{str(seat): "easy" for seat in range(1, 6)}}
    create(page, room, "six_partners", levels, {"create-nil-pass": "2"})
    said = play_by_keys(page, "0", wrong)
    assert seats_shown(page) == {"top-left": "Northwest", "top": "North", "top-right": "Northeast",
                                 "bottom-left": "Southwest", "bottom-right": "Southeast", "bottom": "South (you)"}
    passes = [line for line in said if "Your turn to pass " in line and " to North" in line]
    back = [line for line in said if line.startswith("North passes you the ")]
    if "North bids Nil." in said:  # a partnership of two Nils passes nothing (the deal is the room's, at random)
        assert not passes and not back, said
    else:
        assert len(passes) == 2, said  # "Your turn to pass 2 cards to North", then "... 1 more card to North"
        assert any(line.startswith("You pass the ") and line.endswith(" to North.") for line in said), said
        assert len(back) == 1 and back[0].count(" of ") == 2
    tricks = [line for line in said if re.search(r" wins trick \d+", line)]
    assert len(tricks) == 8
    check_axe(page, "the end of a six-seat game", wrong)
    assert not wrong and not errors


@pytest.mark.parametrize(("variant", "levels", "fill", "select"), [
    ("five_player", {"0": "me", "1": "easy", "2": "easy", "3": "easy", "4": "easy"}, {}, {}),
    ("standard", {"0": "easy", "1": "easy", "2": "me", "3": "easy"}, {}, {"create-jokers": "big_little"}),
    ("standard", {"0": "easy", "1": "easy", "2": "me", "3": "easy"}, {}, {"create-jokers": "jjdd"}),
], ids=["five_player", "jokers", "jjdd"])
def test_a_game_of_the_other_new_rule_sets_by_keys(browser: Any, room: Room, variant: str, levels: dict[str, str],
                                                  fill: dict[str, str], select: dict[str, str]) -> None:
    """Five players, and the two joker packs at four: played to the end by keys, every trick said, axe clean."""
    errors: list[str] = []
    wrong: list[str] = []
    page = new_page(browser, errors=errors)
    create(page, room, variant, levels, fill, select)
    said = play_by_keys(page, "2", wrong)
    tricks = [line for line in said if re.search(r" wins trick \d+", line)]
    assert len(tricks) == (10 if variant == "five_player" else 13)
    if select:
        assert page.get_attribute(".felt", "data-seats") == "4"
    check_axe(page, f"the end of a {variant} game", wrong)
    assert not wrong and not errors


def test_a_two_player_game_with_the_discards_face_down_by_keys(browser: Any, room: Room) -> None:
    """Two players, the discards face down: drawn, bid and played to the end by keys; the seat hears its own
    discards go face down and a spectator hears no discard named; axe clean."""
    errors: list[str] = []
    wrong: list[str] = []
    page = new_page(browser, errors=errors)
    table = create(page, room, "two_player", {"0": "easy", "1": "me"}, {}, check=("create-face-down",))
    watcher = new_page(browser, errors=errors)
    watcher.goto(room.url + f"/table/{table}")
    watcher.click("#guest-form button")
    seen = 0
    while True:
        if game_over_after(page, seen):
            break
        turns = [line for line in log_lines(page) if "Your turn" in line]
        seen = len(turns)
        page.focus("#play")
        if "you drew the " in turns[-1]:
            page.keyboard.press("y")
        elif turns[-1].startswith("Your turn to bid"):
            for key in ("2", "Enter", "y"):
                page.keyboard.press(key)
        else:
            play_last_legal(page)
    said = log_lines(page)
    assert sum("face down" in line for line in said) >= 13, said  # each draw: the seat's own, and the other's
    assert not any("is face up" in line for line in said)
    assert len([line for line in said if re.search(r" wins trick \d+", line)]) == 13
    watcher.wait_for_function("over => document.getElementById('log').textContent.includes('wins trick 13')",
                              arg=GAME_OVER)
    assert not any("face up" in line for line in log_lines(watcher))
    check_axe(page, "the end of a two-player game with the discards face down", wrong)
    assert not wrong and not errors
