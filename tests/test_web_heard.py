"""The web table as a screen reader hears it, in a real browser (Debian's chromium driven by Playwright): a game of
two hands played by Enter alone moves the focus only when a turn begins (counted: at most one change per turn,
none when one's own card leaves the hand nor at the end of a hand or of the game), in the second hand as in the
first, the hint names its card once, and the game needs no more keys than the terminal's table for the same hand;
a card that may not be played says why, and the arrows may skip it; refusals are alerts that do not stay, and m
repeats them; Escape brings the focus back to the hand from anywhere and the table's keys work anywhere in the
table; the coach says it is at work when its review takes a while; an invitation says which table and seat it
offers, once, and Enter sits there; and the settings dialog's words are said where they are heard."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from test_web import axe_violations, report, terminal_lines
from web_support import (
    TRANSCRIPT,
    Room,
    heard_times,
    log_lines,
    need_browser,
    new_page,
    status,
    transcript,
    wait_for_log,
)

# Every focus change of the page, in order: the card's text for a card of the hand, else the element's id or tag.
FOCUS_LOG = """
window.focusLog = [];
document.addEventListener("focusin", (event) => {
  const node = event.target;
  window.focusLog.push(node.dataset && node.dataset.card ? node.dataset.card : node.id ? "#" + node.id : node.tagName);
}, true);
"""
# The hand's cards as the accessibility tree has them: text, shown as playable, aria-disabled, and the description.
HAND_STATE = """() => [...document.querySelectorAll('#hand button.card')].map((b) => [b.dataset.card,
  !b.classList.contains('unplayable'), b.getAttribute('aria-disabled'),
  (b.getAttribute('aria-describedby') || '').split(' ').map((id) => (document.getElementById(id) || {}).textContent
    || '').join(' ').trim()])"""
FOCUSED = "() => { const a = document.activeElement; return a && a.dataset && a.dataset.card ? a.dataset.card" \
    " : a ? (a.id ? '#' + a.id : a.tagName) : null; }"
SELECTED = "() => (document.querySelector('#hand button[aria-current=\"true\"]') || {dataset: {}}).dataset.card"
SUIT_OF = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
REASON = re.compile(r"cannot be played: (you must follow (clubs|diamonds|hearts|spades)|spades are not broken|"
                    r"the two of clubs must lead)")


@pytest.fixture(scope="module")
def sync_api() -> Any:
    return need_browser()


class Keys:
    """The page's keyboard, counting the keys pressed."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.count = 0

    def press(self, *keys: str) -> None:
        for key in keys:
            self.page.keyboard.press(key)
            self.count += 1


def turns(page: Any) -> int:
    return sum(1 for line in log_lines(page) if line.startswith("Your turn"))


def wait_for_turn(page: Any, seen: int, ends: int) -> str | None:
    """Wait for the next "your turn" (its line), or for the end of the hand (``ends`` "Press n" lines in the log)
    or of the game (None)."""
    page.wait_for_function(
        "([seen, ends]) => { const lines = [...document.querySelectorAll('#log p')].map(p => p.textContent);"
        " return lines.filter(l => l.startsWith('Your turn')).length > seen"
        " || lines.filter(l => l === 'Press n for the next hand.').length >= ends"
        " || !document.getElementById('game-over').hidden; }", arg=[seen, ends])
    said = [line for line in log_lines(page) if line.startswith("Your turn")]
    return said[-1] if len(said) > seen else None


def check_reasons(page: Any, where: str, wrong: list[str]) -> None:
    """Each card that may not be played says so, and why, in the accessibility tree; each other card does not."""
    cards = page.evaluate(HAND_STATE)
    before = len(wrong)
    playable = {card[-1] for card, legal, _, _ in cards if legal}
    for card, legal, disabled, described in cards:
        if legal:
            if disabled == "true" or "cannot be played" in described:
                wrong.append(f"{where}: {card} may be played but is said not to be")
            continue
        match = REASON.search(described)
        if disabled != "true" or match is None:
            wrong.append(f"{where}: {card} may not be played but says only {described!r} (aria-disabled "
                         f"{disabled})")
        elif match.group(2) and ({SUIT_OF[suit] for suit in playable} != {match.group(2)}
                                 or SUIT_OF[card[-1]] == match.group(2)):
            wrong.append(f"{where}: {card}: {match.group(0)!r}, but the cards that may be played are {playable}")
    del wrong[before + 1:]  # one a turn is enough to tell


def play_hand(page: Any, keys: Keys, hand: int, seen: int, wrong: list[str], escape_at: int | None = None,
              hint_at: tuple[int, ...] = ()) -> tuple[int, int]:
    """Bid 3 (3, Enter, y) and play every card by Enter alone, after the ``seen`` turns before the hand, checking
    at each turn that the focus is on the selected card and that the cards that may not be played say why; at the
    turns ``hint_at``, x first, whose card must be heard once. The number of turns, and the transcript's length
    (web_support.TRANSCRIPT) just before the last card was played."""
    count = 0
    last = len(transcript(page))
    while (line := wait_for_turn(page, seen, hand)) is not None:
        seen += 1
        count += 1
        if line.startswith("Your turn to bid"):
            keys.press("3", "Enter", "y")
            continue
        focused, selected = page.evaluate(FOCUSED), page.evaluate(SELECTED)
        if focused != selected:
            wrong.append(f"hand {hand}, turn {count}: the focus is on {focused}, not on the selected {selected}")
        check_reasons(page, f"hand {hand}, turn {count}", wrong)
        if count == escape_at:  # from the header, Escape brings the focus back to the hand
            page.focus("#nav-lobby")
            page.keyboard.press("Escape")
            if page.evaluate(FOCUSED) != selected:
                wrong.append(f"Escape from the header left the focus on {page.evaluate(FOCUSED)}")
            page.focus(f"#hand button[data-card='{selected}']")
        if count in hint_at:
            check_hint(page, wrong)
        # read before the key: on a busy machine the whole end may be heard before a read after it returns
        last = len(transcript(page))
        keys.press("Enter")
    return count, last


def check_hint(page: Any, wrong: list[str]) -> None:
    """x: its card becomes the selected one, and is named once, by the focus (when it moves there) or the words."""
    before = len(transcript(page))
    page.keyboard.press("x")
    # the answer's words as given to the screen reader (the status line may still show an earlier hint)
    page.wait_for_function("n => window.transcript.slice(n).some(([kind, text]) => /Hint|No hint/.test(text))",
                           arg=before)
    match = re.match(r"Hint: play the (.+?) \(now selected\)\.", status(page))
    heard = transcript(page, before)
    if not match:
        wrong.append(f"x at a turn to play: the hint is not shown as a card to play: {status(page)!r}")
    elif heard_times(heard, match.group(1)) != 1:
        wrong.append(f"the hint's card, the {match.group(1)}, is heard {heard_times(heard, match.group(1))} "
                     f"times: {heard}")


def check_axe(page: Any, where: str, wrong: list[str]) -> None:
    """axe-core finds no violation on the page as it is (where axe is installed)."""
    try:
        import axe_playwright_python  # noqa: F401
    except ImportError:
        return
    violations = axe_violations(page)
    if violations:
        wrong.append(f"axe, {where}: {report(violations)}")


# The room's review of a hand (its answer to C) is held in the page, as a slow review would be, until the test lets
# it through: the page's own message listeners are wrapped, so the frames take the page's socket as they would for
# a player (the test once routed the socket through Playwright instead, and a sign-in was sometimes never answered).
HOLD_COACH = """
window.heldCoach = [];
const addListener = WebSocket.prototype.addEventListener;
WebSocket.prototype.addEventListener = function (type, listener, options) {
  if (type !== "message") return addListener.call(this, type, listener, options);
  const socket = this;
  return addListener.call(this, type, (event) => {
    if (typeof event.data === "string" && /"type":\\s*"said"/.test(event.data) && event.data.includes("Coach, hand")) {
      window.heldCoach.push(() => listener.call(socket, event));
      return undefined;
    }
    return listener.call(socket, event);
  }, options);
};
window.releaseCoach = () => {
  const held = window.heldCoach.splice(0);
  held.forEach((go) => go());
  return held.length;
};
"""


def test_a_game_by_enter_alone_moves_the_focus_only_at_a_turn(
        sync_api: Any, browser: Any, room: Room, tmp_path: Path) -> None:
    """Done-when: in a whole hand played by Enter alone, the focus changes at most once per turn (one's own card
    leaving the hand moves nothing, so "South plays the ..." is heard whole), never to the element it is on, and
    the keys are the terminal's for the same hand; from the second hand on too, the focus is on the selected card
    at each turn, and the hint (x) names its card once. After the last card the focus stays put: the result, the
    end of the game and the rematch's question are heard whole, and the card table's help is never read over
    them. Also: after "Enter as a guest" the focus is in the lobby; Escape from the header is back at the hand;
    after the game, C says the coach is at work while its review takes a while; from the log, q then y leaves."""
    errors: list[str] = []
    wrong: list[str] = []
    page = new_page(browser, errors=errors)
    page.add_init_script(FOCUS_LOG)
    page.add_init_script(HOLD_COACH)
    page.add_init_script(TRANSCRIPT)
    page.goto(room.url + "/")
    page.focus("#guest-form button")
    page.keyboard.press("Enter")
    # The room shares its process with the other tests' computers; a first compile of the search there can hold
    # the sign-in's answer longer than the page's default wait on a busy machine.
    try:
        page.wait_for_selector("#view-lobby:not([hidden])", timeout=90_000)
    except sync_api.TimeoutError:
        raise AssertionError("no lobby 90 s after Enter as a guest; the room's log ends: "
                             + (room.tmp / "serve.log").read_text()[-1500:]) from None
    try:
        page.wait_for_function("() => document.activeElement.closest('#view-lobby') !== null", timeout=60_000)
    except sync_api.TimeoutError:
        wrong.append(f"after Enter as a guest the focus is on {page.evaluate(FOCUSED)}")
    for seat in "013":
        page.select_option(f"#create-seats #seat-{seat}", "random")
    page.fill("#create-hands", "2")
    page.click("#create-form button[type='submit']")
    wait_for_log(page, "Your turn to bid")
    table = int(page.evaluate("location.pathname").rsplit("/", 1)[1])

    keys = Keys(page)
    start = len(page.evaluate("window.focusLog"))
    count, last = play_hand(page, keys, 1, 0, wrong)
    focus = page.evaluate("window.focusLog")[start:]
    if len(focus) > count:  # none when a card of one's own leaves the hand, nor at the end of the hand
        wrong.append(f"hand 1: {len(focus)} focus changes for {count} turns: {focus}")
    again = [one for one, two in pairwise(focus) if one == two]
    if again:
        wrong.append(f"hand 1: focused again where it was: {again}")
    # No more keys than the terminal's: it plays the same hand, saying the same, with the same keys.
    said = log_lines(page)
    typed = ["3", "y", *["enter"] * 13]  # the terminal's keys for it: a bid's digits then Enter, one key a word
    heard = terminal_lines(room, table, typed, tmp_path)
    assert said == heard
    assert keys.count <= sum(len(word) + 1 if word.isdigit() else 1 for word in typed)

    seen = turns(page)
    keys.press("n")
    _, last = play_hand(page, keys, 2, seen, wrong, escape_at=3, hint_at=(5, 10))
    page.wait_for_selector("#game-over:not([hidden])")
    # after the last card, the end of the game and the rematch's question are heard whole: the focus stays put
    page.wait_for_function("() => document.getElementById('rematch-text').textContent !== ''")
    after = transcript(page, last)
    if [text for kind, text in after if kind == "focus"]:
        wrong.append(f"after the last card the focus moved: {after}")
    if not any(text.startswith("Play again with the same seats?") for _, text in after):
        wrong.append(f"the rematch's question is not said: {after}")
    table_focus = [text for kind, text in transcript(page) if kind == "focus" and text.startswith("#play ")]
    if table_focus:
        wrong.append(f"the focus went to the card table itself, whose help was said: {table_focus}")
    # someone signed in who opens the finished table to watch it: the focus goes once to where the keys start
    watcher = new_page(browser)
    watcher.add_init_script(TRANSCRIPT)
    watcher.goto(room.url + "/")
    watcher.click("#guest-form button")
    watcher.wait_for_selector("#view-lobby:not([hidden])", timeout=90_000)
    watcher.goto(f"{room.url}/tables/{table}")  # signed in: the page opens the table itself
    wait_for_log(watcher, "Hand 2 is over.")
    watcher.wait_for_function("() => document.activeElement !== document.body")
    arrived = [text for kind, text in transcript(watcher) if kind == "focus"]
    if len(arrived) != 1:
        wrong.append(f"arriving to watch the finished game, the focus went to {arrived}")
    watcher.context.close()

    keys.press("C")
    assert status(page) == "The coach goes through your bids and cards of hand 2."
    try:
        page.wait_for_function("() => document.getElementById('status').textContent.startsWith('The coach is "
                               "still')", timeout=60_000)
    except sync_api.TimeoutError:
        wrong.append(f"C: nothing follows {status(page)!r} while the review is under way")
    # the review may first compile the search (a new install: numba's cache is empty), a minute on a busy machine
    page.wait_for_function("() => window.heldCoach.length > 0", timeout=120_000)
    assert page.evaluate("window.releaseCoach()") == 1
    page.wait_for_function("() => document.getElementById('status').textContent.startsWith('Coach, hand 2: ')")

    page.focus("#log")  # the table's keys work wherever the focus is in the table
    page.keyboard.press("q")
    try:
        wait_for_log(page, "Leave the table? y or n.")
        page.keyboard.press("y")
        page.wait_for_selector("#view-lobby:not([hidden])", timeout=60_000)
    except sync_api.TimeoutError:
        wrong.append("from the log, q then y does not leave the table")
    assert wrong == [], "\n".join(wrong)
    assert not errors


def test_a_card_that_may_not_be_played_can_be_passed_over_and_refusals_are_alerts_that_m_repeats(
        sync_api: Any, browser: Any, room: Room) -> None:
    """Bid refusals are alerts, as card refusals are, and not lines of the polite log; the alert region is empty
    again at the next key; m repeats the refusal, not the "your turn" before it. With the setting, Left, Right,
    Home and End pass over the cards that may not be played; a suit's letter still reaches them."""
    errors: list[str] = []
    wrong: list[str] = []
    page = new_page(browser, errors=errors)
    page.goto(room.url + "/")
    page.click("#open-settings")
    if page.query_selector("#set-skip") is None:
        wrong.append("no setting to pass over the cards that may not be played")
    else:
        page.check("#set-skip")
    page.click("#settings-form button")
    page.click("#play-now")
    wait_for_log(page, "Your turn to bid")
    page.focus("#play")

    def alert_is(text: str) -> str:
        try:
            page.wait_for_function("t => document.getElementById('alert').textContent.startsWith(t)", arg=text,
                                   timeout=60_000)
        except sync_api.TimeoutError:
            wrong.append(f"{text!r} is not an alert")
        said: str = page.inner_text("#alert")
        if any(line.startswith(text) for line in page.eval_on_selector_all(
                "#log p:not([aria-hidden])", "ps => ps.map(p => p.textContent)")):
            wrong.append(f"{text!r} is said by the polite log too")
        return said

    def m_repeats(refusal: str) -> None:
        page.keyboard.press("m")
        if status(page) != refusal:
            wrong.append(f"m after {refusal!r} says {status(page)!r}")
        try:
            page.wait_for_function("() => document.getElementById('alert').textContent === ''", timeout=60_000)
        except sync_api.TimeoutError:
            wrong.append(f"the alert region still holds {page.inner_text('#alert')!r} after the next key")

    # a seat that has not bid yet: its bid is a dash to the eyes and words to the screen reader
    chips = page.evaluate("""() => [...document.querySelectorAll('.felt .chip')].map((chip) => {
      const copy = chip.cloneNode(true); copy.querySelectorAll('[aria-hidden="true"]').forEach((n) => n.remove());
      return copy.textContent; }).filter((text) => text.startsWith('Bid'))""")
    if not any(text == "Bid not made yet" for text in chips) or any("–" in text for text in chips):
        wrong.append(f"the seats' bids before they are made read {chips}")
    page.keyboard.press("Enter")
    m_repeats(alert_is("Type your bid first: "))
    for key in ("1", "4", "Enter"):
        page.keyboard.press(key)
    m_repeats(alert_is("You may not bid 14. You may bid "))
    for key in ("2", "Enter", "y"):
        page.keyboard.press(key)
    seen = 1  # the turn to bid, answered above; each later turn is counted as it comes (one at a time: each waits
    # for a card of South's), never by counting the log again, which may already hold the next
    while (line := wait_for_turn(page, seen, 1)) is not None:
        seen += 1
        if not line.startswith("Your turn."):
            continue
        cards = page.evaluate(HAND_STATE)
        playable = [card for card, legal, _, _ in cards if legal]
        barred = [card for card, legal, _, _ in cards if not legal]
        if not barred:
            page.keyboard.press("Enter")
            continue
        check_reasons(page, "a trick", wrong)
        check_axe(page, "cards that may not be played", wrong)
        for key, expected in (("Home", playable[0]), ("End", playable[-1])):
            page.keyboard.press(key)
            if page.evaluate(SELECTED) != expected:
                wrong.append(f"{key} selects {page.evaluate(SELECTED)}, not {expected}, of {cards}")
        page.keyboard.press("Home")
        passed = [page.evaluate(SELECTED)]
        for _ in playable[1:]:
            page.keyboard.press("ArrowRight")
            passed.append(page.evaluate(SELECTED))
        if passed != playable:
            wrong.append(f"Right goes through {passed}, not {playable}")
        # a suit's letter still reaches its cards: one of a suit none of whose cards may be played
        suit = next(card[-1] for card in barred if all(other[-1] != card[-1] for other in playable))
        page.keyboard.press("asdf"["CDHS".index(suit)])
        card = page.evaluate(SELECTED)
        assert card in barred, (card, barred)
        if page.evaluate(FOCUSED) != card:
            wrong.append(f"the suit's letter selects {card} but the focus is on {page.evaluate(FOCUSED)}")
        page.keyboard.press("Enter")
        m_repeats(alert_is("Not the "))
        assert wrong == [], "\n".join(wrong)
        assert not errors
        return
    pytest.fail("no trick where South held a card it could not play")


def test_an_invitation_says_its_table_and_seat_and_enter_sits_there(browser: Any, room: Room) -> None:
    """/tables/N before signing in: the page says which table and which seat is free, once (with the button that
    takes the seat, whose name does not change under the focus; nothing goes to the table's hidden regions), "Play
    now" (another table) is not offered, and Enter on the focused button seats the guest there, the focus at the
    table."""
    owner = new_page(browser)
    owner.goto(room.url + "/")
    owner.click("#guest-form button")
    owner.wait_for_selector("#view-lobby:not([hidden])")
    owner.select_option("#create-variant", "solo")
    owner.select_option("#create-seats #seat-0", "person")
    owner.select_option("#create-seats #seat-1", "easy")
    owner.click("#create-form button[type='submit']")
    owner.wait_for_selector("#waiting:not([hidden])")
    table = int(owner.evaluate("location.pathname").rsplit("/", 1)[1])
    friend = new_page(browser)
    friend.add_init_script(TRANSCRIPT)
    friend.goto(room.url + f"/tables/{table}")
    friend.wait_for_selector("#view-signin:not([hidden])")
    invited = f"You are invited to table {table} (solo, seat North free)."
    friend.wait_for_function("t => (document.getElementById('invitation-text') || {}).textContent === t",
                             arg=invited)
    assert not friend.is_visible("#play-now")
    wrong: list[str] = []
    check_axe(friend, "the invitation", wrong)
    assert wrong == [], "\n".join(wrong)
    friend.wait_for_function("() => document.activeElement.id === 'accept-invitation'")
    assert friend.evaluate("document.activeElement.textContent") == "Sit at North as a guest"
    heard = transcript(friend)
    if heard_times(heard, invited) != 1:
        wrong.append(f"the invitation is heard {heard_times(heard, invited)} times: {heard}")
    names = [text for kind, text in heard if kind == "focus" and text.startswith("#accept-invitation ")]
    if names != [f"#accept-invitation Sit at North as a guest | {invited}"]:
        wrong.append(f"the invitation's button is focused as {names}")
    assert wrong == [], "\n".join(wrong)
    friend.keyboard.press("Enter")
    owner.wait_for_function("() => /North: Guest/.test(document.getElementById('waiting-seats').textContent)")
    friend.wait_for_function("() => /^\\/tables?\\/\\d+$/.test(location.pathname) && "
                             "!document.getElementById('view-table').hidden")
    assert friend.evaluate("document.activeElement.closest('#view-table') !== null")
    assert friend.evaluate("document.getElementById('waiting-seats').textContent").startswith("North: Guest")


# What a screen reader hears after a key: the focused element's name if the focus moved, and the live regions'
# new words, except those hidden from it.
HEARD = """() => { const live = (id) => { const node = document.getElementById(id);
  return !node || node.closest('[aria-hidden="true"]') ? '' : node.textContent; };
  return [live('status'), live('heard')]; }"""


def test_a_move_through_the_hand_says_each_card_once(browser: Any, room: Room) -> None:
    """A move that puts the focus on a card lets the focus say its name: the status line shows the answer to the
    eyes but the screen reader hears only what the focus does not say ("last card"); a move that leaves the focus
    where it was ("Home" on the first card) is heard from the status line, once."""
    page = new_page(browser)
    page.goto(room.url + "/")
    page.click("#play-now")
    wait_for_log(page, "Your turn to bid")
    page.focus("#play")
    page.evaluate(FOCUS_LOG)
    for key in ("3", "Enter", "y"):
        page.keyboard.press(key)
    wait_for_turn(page, 1, 1)
    page.wait_for_function("() => document.activeElement && document.activeElement.dataset.card")
    wrong: list[str] = []
    if status(page):
        wrong.append(f"the status line still shows {status(page)!r} once the bid is made")
    # "Your turn. Five of diamonds is selected." as the focus goes to the five: the five is heard once
    turn = page.evaluate("""() => { const lines = [...document.querySelectorAll('#log p')]
      .filter(p => p.textContent.startsWith('Your turn')); const line = lines[lines.length - 1];
      return [line.textContent, line.getAttribute('aria-hidden'), document.getElementById('heard').textContent,
              window.focusLog[window.focusLog.length - 1], document.activeElement.dataset.card]; }""")
    line, hidden, rest, focused, card = turn
    if " is selected." not in line:
        wrong.append(f"the turn is said as {line!r}, naming no card")
    else:
        named = line.removeprefix("Your turn. ").removesuffix(" is selected.").lower()
        heard = [named] + ([line.lower()] if hidden != "true" else []) + [rest.lower()]
        if sum(text.count(named) for text in heard) != 1 or "your turn" not in " ".join(heard):
            wrong.append(f"at the turn, with the focus on {focused}: heard {heard}")
    page.evaluate(FOCUS_LOG)
    cards = [card for card, _, _, _ in page.evaluate(HAND_STATE)]
    for key, card, note in (("Home", cards[0], ""), ("ArrowRight", cards[1], ""), ("End", cards[-1], ""),
                            ("ArrowRight", cards[-1], "last card"), ("ArrowLeft", cards[-2], "")):
        before = len(page.evaluate("() => window.focusLog"))
        page.keyboard.press(key)
        moved = len(page.evaluate("() => window.focusLog")) > before
        said = [text for text in page.evaluate(HEARD) if text]
        name = status(page).split(",")[0]
        heard = ([name] if moved else []) + said
        times = sum(text.count(name) for text in heard)
        if times != 1 or (note and not any(note in text for text in heard)):
            wrong.append(f"{key} to {card}: heard {heard} (focus moved: {moved})")
    assert wrong == [], "\n".join(wrong)


def test_the_settings_dialog_says_its_own_words_where_they_are_heard(browser: Any, room: Room) -> None:
    """Speech turned on in a browser without it: the dialog says so in a region of its own (the page's regions
    outside a modal dialog are not heard while it is open, and the table's are hidden away from a table)."""
    page = new_page(browser)
    page.add_init_script("delete Window.prototype.speechSynthesis; delete window.speechSynthesis;")
    page.add_init_script(TRANSCRIPT)
    page.goto(room.url + "/")
    page.wait_for_selector("#play-now:focus")
    page.click("#open-settings")
    start = len(transcript(page))
    page.check("#set-speech")  # the change is handled at once: its words are recorded by the time check returns
    said = [text for kind, text in transcript(page, start) if kind.startswith("live")]
    assert said == ["This browser has no speech; use a screen reader."], transcript(page, start)
    page.context.close()
