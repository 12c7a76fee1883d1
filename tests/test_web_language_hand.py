"""A whole hand in French in a real browser (Debian's chromium driven by Playwright), played by keys alone: the page
opened in French (``?lang=fr``, and a browser that asks for French) says ``<html lang="fr">``; a guest makes a table
of one hand with the computer in the other seats and bids and plays it by digits, Enter, y, Home and Right; every
line put in a live region is in French, each carrying the language it is in (its own element or its region says
``lang="fr"``), and none is English by the French catalogue (tests/language_support.py); axe-core finds no
violation mid-hand nor at the end of the game (where axe is installed)."""

from __future__ import annotations

from typing import Any

import pytest

from language_support import foreign_lines
from test_web_heard import check_axe
from web_support import DESKTOP, Room, need_browser

HANDS = 13  # cards dealt to each of four seats, one played a trick

# Every line put in a live region, as it comes, with the language it is marked in: a log's new lines one by one,
# another region's whole text at each change. The language of a piece of text is the lang of the nearest element
# from it up to its region (null when neither says one: the page's own lang does not count). "hidden" is true for a
# line hidden from the screen reader (an urgent line's copy in the log, a turn's line whose card the focus says, a
# region of a view not shown): shown to the eyes, and checked the same. Injected before the page's own scripts.
HEARD = """
window.heard = [];
(() => {
  const langOf = (node, region) => {
    for (let at = node instanceof Element ? node : node.parentElement; at; at = at.parentElement) {
      if (at.hasAttribute("lang")) return at.getAttribute("lang");
      if (at === region) break;
    }
    return null;
  };
  const langsIn = (node, region) => {
    if (!(node instanceof Element)) return [langOf(node, region)];
    const found = new Set();
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      if (text.textContent.trim()) found.add(langOf(text, region));
    }
    return [...found];
  };
  const silent = (node) => node instanceof Element && node.closest("[hidden], [aria-hidden='true']") !== null;
  const regionOf = (node) => {
    const element = node instanceof Element ? node : node.parentElement;
    return element ? element.closest("[aria-live], [role='log'], [role='status'], [role='alert']") : null;
  };
  const push = (region, node, text, hidden) => {
    text = text.replace(/\\s+/g, " ").trim();
    if (text) window.heard.push({ region: region.id, text, langs: langsIn(node, region), hidden });
  };
  new MutationObserver((records) => {
    const whole = new Set();
    for (const record of records) {
      const region = regionOf(record.target);
      if (!region) continue;
      if (region.getAttribute("role") === "log") {
        for (const node of record.addedNodes) push(region, node, node.textContent, silent(region) || silent(node));
      } else whole.add(region);
    }
    for (const region of whole) push(region, region, region.textContent, silent(region));
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();
"""

# Where the table stands, read from the page alone, in any language: "over" once the game is over; "bid" at the
# turn to bid (the bids offered, and the focus in the table where the keys start, not on a button the Enter key
# would press); "play" at a turn to play once the ``played`` cards have left the hand and the focus is on the card
# the turn selected (the turn's line has been said with it); else false.
STATE = """([played, dealt]) => {
  if (!document.getElementById('game-over').hidden) return 'over';
  const box = document.getElementById('decision');
  const focused = document.activeElement;
  const inTable = focused && focused.closest('#view-table') !== null
    && !focused.matches('a, input, select, textarea, button:not(.card)');
  if (played === 0 && box.querySelector('.bids button.bid') && inTable) return 'bid';
  const held = document.querySelectorAll('#hand button.card:not(.leaving)').length;
  if (box.querySelector('p.your-turn') && !box.querySelector('.bids') && held === dealt - played
      && focused && focused.matches('#hand button.card:not(.leaving)')) return 'play';
  return false;
}"""
LEGAL = "() => [...document.querySelectorAll('#hand button.card:not(.leaving)')]" \
    ".map((b) => !b.classList.contains('unplayable'))"


@pytest.fixture(scope="module")
def sync_api() -> Any:
    return need_browser()


def french_page(browser: Any, errors: list[str]) -> Any:
    """A page in a fresh context of a browser that asks for French (its Accept-Language and navigator.language)."""
    context = browser.new_context(viewport=DESKTOP, bypass_csp=True, locale="fr-FR", reduced_motion="reduce",
                                  extra_http_headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("dialog", lambda dialog: (errors.append(f"dialog: {dialog.message}"), dialog.dismiss()))
    page.set_default_timeout(60_000)  # a wait for the page, never a measure of its speed
    return page


def test_a_hand_in_french_by_keys_is_heard_in_french_and_axe_finds_nothing(
        sync_api: Any, browser: Any, room: Room) -> None:
    errors: list[str] = []
    wrong: list[str] = []
    page = french_page(browser, errors)
    page.add_init_script(HEARD)
    sockets: list[str] = []
    page.on("websocket", lambda socket: sockets.append(socket.url))
    page.goto(room.url + "/?lang=fr")
    page.wait_for_selector("#play-now:focus")
    assert page.evaluate("document.documentElement.getAttribute('lang')") == "fr"
    assert sockets and sockets[-1].endswith("/ws?lang=fr"), sockets  # the room is asked to speak French

    # a guest, by keys; a table of one hand with the computer at North, East and West
    page.focus("#guest-form button")
    page.keyboard.press("Enter")
    try:
        page.wait_for_selector("#view-lobby:not([hidden])", timeout=90_000)
    except sync_api.TimeoutError:
        raise AssertionError("no lobby 90 s after Enter as a guest; the room's log ends: "
                             + (room.tmp / "serve.log").read_text()[-1500:]) from None
    for seat in "013":
        page.select_option(f"#create-seats #seat-{seat}", "random")
    page.fill("#create-hands", "1")
    page.focus("#create-form button[type='submit']")
    page.keyboard.press("Enter")

    played = 0
    bid = False
    while (state := page.wait_for_function(STATE, arg=[played, HANDS]).json_value()) != "over":
        if state == "bid":
            for key in ("3", "Enter", "y"):  # a bid by digits and Enter, and y to "Bid 3? y or n."
                page.keyboard.press(key)
            bid = True
            # the bid made, the bids leave the decision box: the next state is a turn to play
            page.wait_for_function("() => !document.querySelector('#decision .bids')")
            continue
        # a turn to play: Home, then Right to the last card that may be played, and Enter
        legal = page.evaluate(LEGAL)
        target = max(index for index, ok in enumerate(legal) if ok)
        for key in ["Home", *["ArrowRight"] * target]:
            page.keyboard.press(key)
        if page.evaluate("() => document.activeElement.closest('#hand button.card') !== null") is not True:
            wrong.append(f"turn {played + 1}: the moves left the focus off the hand")
        page.keyboard.press("Enter")
        played += 1
        if played == 6:  # once while playing: the table as it stands mid-hand
            check_axe(page, "mid-hand", wrong)
    assert bid and played == HANDS, (bid, played)
    # the end of the game is said whole: the last line, and the rematch's question
    page.wait_for_function("() => document.getElementById('rematch-text').textContent !== ''")
    check_axe(page, "the end of the game", wrong)
    assert page.evaluate("document.documentElement.getAttribute('lang')") == "fr"

    heard: list[dict[str, Any]] = page.evaluate("window.heard")
    assert len(heard) > 2 * HANDS, heard  # every card of the table is said, and more
    unmarked = sorted({f"#{entry['region']}: {entry['text']!r} in {entry['langs']}" for entry in heard
                       if entry["langs"] != ["fr"]})
    if unmarked:
        wrong.append("lines not marked lang=fr:\n  " + "\n  ".join(unmarked))
    # a turn's line whose card the focus says is heard in two parts (the region #heard holds the rest): its whole
    # text, shown in the log, is what is checked
    shown = [entry["text"] for entry in heard if entry["hidden"]]
    lines = list(dict.fromkeys(entry["text"] for entry in heard if not (
        entry["region"] == "heard" and any(entry["text"] in whole for whole in shown))))
    foreign = foreign_lines(lines, "fr", domains=("spades", "web"))
    if foreign:
        wrong.append(f"{len(foreign)} of {len(lines)} lines are not French:\n  " + "\n  ".join(foreign))
    assert wrong == [], "\n".join(wrong)
    assert not errors, errors
    page.context.close()
