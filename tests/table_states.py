"""A seat at the web table brought to the states the layout is measured and pictured in: while bidding, and mid-trick
with cards of the trick on the felt, at four seats (Play now) and at six (a table of six partners created in the
lobby). Shared by the layout tests and scripts/screenshots.py, so that the pictures show what the tests measure."""

from __future__ import annotations

import re
from typing import Any

from web_support import wait_for_log

SIX = "six_partners"

# Where the felt's pieces are, the page scrolled to its top: each a box [top, bottom, left, right] in the viewport.
MEASURE = r"""() => {
  window.scrollTo(0, 0);
  const box = (node) => { const r = node.getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]; };
  const shown = (node) => node.getClientRects().length > 0 && getComputedStyle(node).visibility !== 'hidden';
  const all = (selector) => [...document.querySelectorAll(selector)].filter(shown);
  return {
    height: innerHeight, width: innerWidth, wide: document.documentElement.scrollWidth,
    trick: box(document.querySelector('#trick .trick-cards')),
    played: all('#trick .trick-cards li').map(box),
    playedAt: all('#trick .trick-cards li').map((item) => item.className.replace(/^.*\bat-(\S+).*$/, '$1')),
    felt: box(document.querySelector('.felt')),
    score: box(document.getElementById('scoreline')),
    hand: box(document.getElementById('hand')),
    cards: all('#hand button.card').map(box),
    seats: all('.felt .seat-box').map((seat) => ({ box: box(seat), id: seat.id })),
    badges: all('.felt .seat-box .avatar').map((badge) => badge.textContent.trim()),
    cut: all('.felt .seat-box .seat-name').filter((name) => name.scrollWidth > name.clientWidth)
      .map((name) => name.textContent),
    bids: all('#decision .bids button').map(box),
    turn: all('#decision .your-turn').map(box),
    play: box(document.getElementById('play')),
  };
}"""


def to_bidding(page: Any, url: str, seats: int, lang: str | None = None) -> None:
    """A guest at a new table with the computer, South's turn to bid; ``lang``: the page in that language (its
    turn found on the page itself, not by the words of its lines)."""
    page.goto(url + "/" + (f"?lang={lang}" if lang else ""))
    if seats == 4:
        page.wait_for_selector("#play-now:focus")
        page.keyboard.press("Enter")
    else:
        page.click("#guest-form button")
        page.wait_for_selector("#view-lobby:not([hidden])")
        page.select_option("#create-variant", SIX)
        page.fill("#create-hands", "1")
        page.click("#create-form button[type='submit']")
    if lang is None:
        wait_for_log(page, "Your turn to bid")
    page.wait_for_selector("#decision .bids button.bid")


# South's turn to play, in any language: the turn's box without bids, and the hand down to ``held`` cards.
PLAY_TURN = """held => document.querySelector('#decision p.your-turn') !== null
  && !document.querySelector('#decision .bids')
  && document.querySelectorAll('#hand button.card:not(.leaving)').length === held"""


def to_mid_trick(page: Any, lang: str | None = None) -> None:
    """From South's bid: bid 2, then play the first card that may be played until South is to play with at least
    two cards of a trick already on the felt."""
    if lang is None:
        page.click("#decision button[aria-label='Bid 2']")
    else:
        page.locator("#decision .bids button.bid").filter(has_text=re.compile(r"^2$")).click()
    dealt = page.eval_on_selector_all("#hand button.card", "cards => cards.length")
    for turn in range(1, 12):
        if lang is None:
            page.wait_for_function(
                "n => [...document.querySelectorAll('#log p')].filter(p => p.textContent.startsWith('Your turn.'))"
                ".length >= n", arg=turn)
        else:
            page.wait_for_function(PLAY_TURN, arg=dealt - turn + 1)
        under_way = page.inner_text("#trick .trick-caption") == ""  # not the last trick, shown until a card
        if under_way and page.eval_on_selector_all("#trick li", "items => items.length") >= 2:
            return
        page.click("#hand button.card:not(.unplayable)")
    raise AssertionError("no trick had two cards before South's turn in eleven tricks")


def measure(page: Any) -> dict[str, Any]:
    where: dict[str, Any] = page.evaluate(MEASURE)
    return where
