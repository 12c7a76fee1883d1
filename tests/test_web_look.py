"""The web table as it looks and sounds, in Debian's chromium against ``spades serve``: the trick, the hand and "your
turn" on one screen at 360 pixels and at 200% zoom; the card faces and backs are the room's own SVG files; the
others' hands shown as backs with their count; cards that move to the trick and to its winner, and do not move at
all under prefers-reduced-motion; the lobby as tables with their seats and a Join button each; the end of a game
keeping the last trick and the final hand's result; the score chart's axis covering its lines; and the earcons,
each heard (a non-silent buffer rendered by the page's own audio graph), all different, and none without the
setting."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from table_states import measure, to_bidding, to_mid_trick
from test_web import axe_violations, create_table, hand_cards, play_now, prompts, report, wait_for_turn_or_end
from web_support import DESKTOP, PHONE, Room, new_page, serving, wait_for_log

ZOOM_200 = {"width": DESKTOP["width"] // 2, "height": DESKTOP["height"] // 2}  # a 1280 by 900 window at 200%
EARCONS = ["card", "us", "them", "spades", "turn", "nil", "hand"]

# Every call of Element.animate, and every audio context and sound source started, as the page makes them.
SPY = """
window.moves = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  window.moves.push({ trick: !!this.closest('#trick'), fill: (options && options.fill) || 'none' });
  return animate.call(this, frames, options);
};
window.swept = 0;  // how often a won trick's cards were put away, once gone to the winner
addEventListener("DOMContentLoaded", () => new MutationObserver((changes) => {
  for (const change of changes) if (change.target.classList.contains('swept')) window.swept += 1;
}).observe(document.body, { attributes: true, attributeFilter: ['class'], subtree: true }));
window.audio = { contexts: 0, starts: 0 };
if (window.AudioContext) {
  const Real = window.AudioContext;
  window.AudioContext = class extends Real { constructor(...a) { super(...a); window.audio.contexts += 1; } };
  const start = AudioScheduledSourceNode.prototype.start;
  AudioScheduledSourceNode.prototype.start = function (...a) {
    if (!(this.context instanceof OfflineAudioContext)) window.audio.starts += 1;
    return start.apply(this, a);
  };
}
"""


def boxes(page: Any) -> dict[str, Any]:
    """Where the trick, the hand and "your turn" are in the viewport, the page scrolled to its top."""
    result: dict[str, Any] = page.evaluate("""() => {
      window.scrollTo(0, 0);
      const box = (node) => { const r = node.getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]; };
      return { trick: box(document.querySelector('#trick .trick-cards')), hand: box(document.getElementById('hand')),
               turn: box(document.querySelector('#decision .your-turn')), height: innerHeight, width: innerWidth,
               wide: document.documentElement.scrollWidth };
    }""")
    return result


@pytest.mark.parametrize("viewport", [PHONE, ZOOM_200], ids=["phone-360", "zoom-200"])
def test_the_trick_the_hand_and_your_turn_fit_one_screen(browser: Any, room: Room, viewport: dict[str, int]) -> None:
    errors: list[str] = []
    page = new_page(browser, viewport, errors=errors)
    play_now(page, room)
    page.click("#decision button[aria-label='Bid 3']")
    wait_for_turn_or_end(page, 0)
    page.wait_for_function("() => document.querySelectorAll('#hand button.card').length === 13")
    where = boxes(page)
    for name in ("trick", "hand", "turn"):
        top, bottom, left, right = where[name]
        assert top >= 0 and bottom <= where["height"], (name, where)
        assert left >= 0 and right <= where["width"], (name, where)
    assert where["wide"] <= where["width"], where  # nothing wider than the screen
    # The faces are the room's own pictures, loaded; the others' hands are backs with their count.
    loaded = page.eval_on_selector_all(
        "#hand button.card img", "imgs => imgs.map(i => [new URL(i.src).pathname, i.complete && i.naturalWidth > 0])")
    assert len(loaded) == 13 and all(path.startswith("/static/cards/") and ok for path, ok in loaded), loaded
    card, _ = hand_cards(page)[0]
    assert page.get_attribute(f"#hand button[data-card='{card}'] img", "src") == f"/static/cards/{card}.svg"
    counts = page.eval_on_selector_all("#play .backs .count", "cs => cs.map(c => c.textContent)")
    played = len(page.query_selector_all("#trick li"))
    assert len(counts) == 3 and sorted(counts) == sorted(["13 cards"] * (3 - played) + ["12 cards"] * played)
    assert page.eval_on_selector_all("#play .backs img", "imgs => imgs.length") == 3 * 13 - played
    assert not errors


def play_first_trick(browser: Any, room: Room, motion: str) -> Any:
    """A page (with the spy) at a new table, South's first card played and the first trick won."""
    context = browser.new_context(viewport=DESKTOP, bypass_csp=True, reduced_motion=motion)
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.add_init_script(SPY)
    play_now(page, room)
    page.click("#decision button[aria-label='Bid 3']")
    wait_for_turn_or_end(page, 0)
    page.focus("#play")
    page.keyboard.press("Enter")
    wait_for_log(page, " wins trick 1 ")
    return page


def test_cards_move_to_the_trick_and_to_its_winner(browser: Any, tmp_path: Path) -> None:
    """At a table whose computers take their time, as a room's do, each card played flies in from its seat, and a
    won trick goes to its winner before the next card."""
    with serving(tmp_path, pace=1.0) as slow:  # spades serve's own pace
        page = play_first_trick(browser, slow, "no-preference")
        page.wait_for_function("() => window.moves.some(m => m.trick && m.fill === 'forwards')")
        # A sweep the next card cuts short (a busy machine: the next lead comes before it ends) is not put away:
        # South plays on, a few tricks at most, until one is.
        for _ in range(480):
            if page.evaluate("window.swept") > 0:
                break
            if page.query_selector("#decision .your-turn") and page.query_selector("#hand button.card"):
                page.keyboard.press("Enter")
            page.wait_for_timeout(250)
        assert page.evaluate("window.swept") > 0, "no won trick went to its winner"
        flown = [move for move in page.evaluate("window.moves") if move["trick"] and move["fill"] == "none"]
        assert len(flown) >= 3  # the cards played after the page had the table, each moving in
        page.context.close()


def test_nothing_moves_under_reduced_motion(browser: Any, room: Room) -> None:
    page = play_first_trick(browser, room, "reduce")
    page.wait_for_timeout(800)  # longer than a won trick waits before it goes to its winner
    assert page.evaluate("window.moves.filter(m => m.trick)") == []
    assert page.evaluate("window.swept") == 0
    page.context.close()


def test_the_lobby_lists_each_table_with_its_seats_and_a_join_button(browser: Any, room: Room) -> None:
    host = new_page(browser)
    host.goto(room.url + "/")
    host.fill("#guest-name", "Ada")
    host.click("#guest-form button")
    host.wait_for_selector("#view-lobby:not([hidden])")
    host.select_option("#create-seats #seat-0", "person")  # North waits for a person
    host.click("#create-form button[type='submit']")
    host.wait_for_selector("#waiting:not([hidden])")
    table = int(host.evaluate("location.pathname").rsplit("/", 1)[1])
    guest = new_page(browser)
    guest.goto(room.url + "/")
    guest.click("#guest-form button")
    item = guest.wait_for_selector(f"#tables li.table-item:has(h3:text-is('Table {table}'))")
    seats = item.eval_on_selector_all(".lobby-seats li", "ls => ls.map(l => l.textContent)")
    assert seats == ["North: open", "East: computer (normal)", "South: Ada", "West: computer (normal)"]
    buttons = item.eval_on_selector_all("button", "bs => bs.map(b => b.textContent)")
    assert buttons == [f"Join table {table}"]
    guest.click(f"#tables button:text-is('Join table {table}')")
    name = guest.inner_text("#who").removesuffix(" (guest)")
    guest.wait_for_function("name => document.getElementById('waiting-seats').textContent.includes('North: ' + name)",
                            arg=name)  # seated at the open seat, waiting for the owner to start


def test_the_end_of_a_game_keeps_the_last_trick_and_the_hands_result_and_the_chart_covers_its_lines(
        browser: Any, room: Room) -> None:
    errors: list[str] = []
    page = new_page(browser, errors=errors)
    create_table(page, room, "standard", 1, {"0": "random", "1": "random", "2": "random", "3": "random"})
    page.wait_for_selector("#game-over:not([hidden])", timeout=60_000)
    assert len(page.query_selector_all("#trick li")) == 4
    assert page.inner_text("#trick .trick-caption").startswith("Trick 13: ")
    assert not page.is_visible("#hand")  # no empty "Your hand"
    assert page.is_visible("#hand-over") and page.inner_text("#hand-over-title") == "Hand 1 is over"
    assert len(page.query_selector_all("#hand-over-lines li")) >= 2
    tricks = page.eval_on_selector_all("#play .seat-nums", "ps => ps.map(p => p.textContent)")
    assert len(tricks) == 4 and all("Bid " in text and "Tricks " in text for text in tricks)
    # A line that goes to 125 and down to -40 lies between labelled guides.
    ticks = page.evaluate("""async () => {
      const { drawChart } = await import('/static/js/chart.js');
      const side = (score) => ({ score, points: score, total_bags: 0 });
      drawChart([{ sides: [side(60), side(-40)] }, { sides: [side(125), side(10)] }], ['North-South', 'East-West']);
      const svg = document.querySelector('#chart svg');
      const labels = [...svg.querySelectorAll('text.tick')].map(t => t.textContent).filter(t => /^-?\\d+$/.test(t))
        .map(Number);
      const guides = [...svg.querySelectorAll('line.grid, line.axis')].map(l => Number(l.getAttribute('y1')));
      const ys = [...svg.querySelectorAll('polyline')].flatMap(p => p.getAttribute('points').split(' ')
        .map(xy => Number(xy.split(',')[1])));
      return { labels, top: Math.min(...guides), bottom: Math.max(...guides), high: Math.min(...ys),
               low: Math.max(...ys) };
    }""")
    assert max(ticks["labels"]) >= 125 and min(ticks["labels"]) <= -40, ticks
    assert ticks["top"] <= ticks["high"] and ticks["low"] <= ticks["bottom"], ticks
    assert not errors


EARCON_CHECK = """async (names) => {
  const sound = await import('/static/js/sound.js');
  const rendered = [];
  for (const name of names) rendered.push(Array.from(await sound.renderEarcon(name, 16000)));
  const rms = rendered.map(s => Math.sqrt(s.reduce((a, v) => a + v * v, 0) / s.length));
  const peak = rendered.map(s => Math.max(...s.map(Math.abs)));
  const seconds = rendered.map(s => s.length / 16000);
  // What tells sounds apart by ear: how long each sounds, how high (its zero crossings) and where its weight lies.
  const features = rendered.map((s) => {
    const top = Math.max(...s.map(Math.abs));
    let end = 0;
    let crossings = 0;
    let energy = 0;
    let moment = 0;
    for (let k = 0; k < s.length; k++) {
      if (Math.abs(s[k]) > top * 0.01) end = k;
      if (k && (s[k - 1] < 0) !== (s[k] < 0)) crossings += 1;
      energy += s[k] * s[k];
      moment += k * s[k] * s[k];
    }
    return [end / 16000, crossings / (end + 1), moment / energy / 16000];
  });
  const apart = [];
  for (let i = 0; i < names.length; i++) for (let j = i + 1; j < names.length; j++) {
    apart.push(Math.max(...features[i].map((f, n) => Math.abs(f - features[j][n]) / Math.max(f, features[j][n]))));
  }
  return { rms, peak, seconds, apart, features, mapping: [
    sound.earconsFor({ type: 'trick', seat: 0 }, 2, 4, true), sound.earconsFor({ type: 'trick', seat: 1 }, 2, 4, true),
    sound.earconsFor({ type: 'trick', seat: 0 }, 2, 4, false),
    sound.earconsFor({ type: 'hand_scored', result: { sides: [{ nils: [{ seat: 0, points: -100 }] }, { nils: [] }] } },
                     2, 4, true),
    sound.earconsFor({ type: 'spades_broken' }, 2, 4, true)] };
}"""


def test_the_earcons_are_heard_each_different_and_not_at_all_by_default(browser: Any, room: Room) -> None:
    errors: list[str] = []
    page = new_page(browser, errors=errors)
    page.add_init_script(SPY)
    play_now(page, room)
    assert page.evaluate("JSON.parse(localStorage.getItem('spades.settings') || '{}').sound") is None
    page.click("#decision button[aria-label='Bid 3']")
    wait_for_turn_or_end(page, 0)
    page.focus("#play")
    page.keyboard.press("Enter")
    wait_for_turn_or_end(page, 1)
    assert page.evaluate("window.audio") == {"contexts": 0, "starts": 0}  # off by default: no audio at all
    # Each earcon, as the page's own graph renders it: heard, short, not clipped, and unlike the others.
    heard = page.evaluate(EARCON_CHECK, EARCONS)
    for name, rms, peak, seconds in zip(EARCONS, heard["rms"], heard["peak"], heard["seconds"], strict=True):
        assert rms > 0.02 and peak <= 1.0 and seconds <= 0.7, (name, rms, peak, seconds)
    assert min(heard["apart"]) > 0.2, heard  # every two differ by a fifth in length, pitch or shape
    assert heard["mapping"] == [["us"], ["them"], ["them"], ["nil", "hand"], ["spades"]]
    # Turned on in the settings, with a volume: the rest of the hand is heard as it is played.
    page.click("#open-settings")
    page.check("#set-sound")
    page.fill("#set-volume", "30")
    page.dispatch_event("#set-volume", "change")
    page.click("#settings-form button")
    saved = page.evaluate("JSON.parse(localStorage.getItem('spades.settings'))")
    assert saved["sound"] is True and saved["volume"] == 0.3
    seen = prompts(page) - 1  # South's turn now
    while not wait_for_turn_or_end(page, seen):
        seen = prompts(page)
        page.focus("#play")
        page.keyboard.press("Enter")
    played = page.evaluate("async () => (await import('/static/js/sound.js')).played")
    assert {"card", "turn", "hand"} <= set(played) and {"us", "them"} & set(played), played
    assert page.evaluate("window.audio.contexts") == 1 and page.evaluate("window.audio.starts") >= len(played)
    violations = axe_violations(page)  # the end of a hand, in the new look
    assert not violations, "end of a hand: " + report(violations)
    assert not errors


def overlap(a: list[float], b: list[float]) -> bool:
    """Whether two boxes [top, bottom, left, right] share more than a pixel's edge."""
    return min(a[1], b[1]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[2], b[2]) > 1


def inside(box: list[float], where: dict[str, Any]) -> bool:
    return box[0] >= 0 and box[1] <= where["height"] and box[2] >= 0 and box[3] <= where["width"]


def check_one_screen(where: dict[str, Any], seats: int, bidding: bool) -> None:
    """The table as the apps lay it out: on one screen, the seats round the felt clear of the trick, each seat's
    badge its own, the trick by seat (no card under another), the hand along the bottom, the bids over the felt."""
    assert where["wide"] <= where["width"], where  # nothing wider than the screen
    assert inside(where["trick"], where) and inside(where["hand"], where), where
    assert where["cards"] and all(inside(card, where) for card in where["cards"]), where
    assert all(inside(card, where) for card in where["played"]), where
    assert len(where["seats"]) == seats and not where["cut"], where  # each seat's name shown whole
    for i, seat in enumerate(where["seats"]):
        assert inside(seat["box"], where), seat
        assert not any(overlap(seat["box"], other["box"]) for other in where["seats"][i + 1:]), where["seats"]
        assert not overlap(seat["box"], where["trick"]), (seat, where["trick"])
        assert not overlap(seat["box"], where["hand"]), (seat, where["hand"])
    assert not overlap(where["trick"], where["hand"]), where
    for i, card in enumerate(where["played"]):
        assert not any(overlap(card, other) for other in where["played"][i + 1:]), where["played"]
    assert len(set(where["badges"])) == seats and all(where["badges"]), where["badges"]
    assert where["turn"] and all(inside(turn, where) for turn in where["turn"]), where
    felt = where["felt"]
    # the score on the table, above the felt; the hand along the bottom, below the felt, in one row
    assert inside(where["score"], where) and where["score"][1] <= felt[0] + 1, (where["score"], felt)
    assert where["hand"][0] >= felt[1] - 1, (where["hand"], felt)
    tops = [card[0] for card in where["cards"]]
    assert max(tops) - min(tops) <= 2, tops
    lefts = [card[2] for card in where["cards"]]
    assert lefts == sorted(lefts), lefts
    if bidding:  # the bids are picked over the felt
        assert where["bids"] and all(inside(bid, where) for bid in where["bids"]), where
        assert all(felt[0] <= bid[0] and bid[1] <= felt[1] for bid in where["bids"]), (where["bids"], felt)
    else:  # each card of the trick lies from the trick's middle towards the seat that played it
        assert len(where["played"]) >= 2, where
        middle = centre(where["trick"])
        seats_at = {seat["id"].removeprefix("pos-"): bearing(middle, centre(seat["box"])) for seat in where["seats"]}
        for card, at in zip(where["played"], where["playedAt"], strict=True):
            towards = bearing(middle, centre(card))
            nearest = min(seats_at, key=lambda pos: turn_between(seats_at[pos], towards))
            assert nearest == at, (at, nearest, card, where["trick"], seats_at)


def centre(box: list[float]) -> tuple[float, float]:
    return (box[0] + box[1]) / 2, (box[2] + box[3]) / 2


def bearing(start: tuple[float, float], end: tuple[float, float]) -> float:
    """The direction from one point to another on the screen, in degrees."""
    return math.degrees(math.atan2(end[0] - start[0], end[1] - start[1]))


def turn_between(a: float, b: float) -> float:
    return abs((a - b + 180) % 360 - 180)


@pytest.mark.parametrize("seats", [4, 6])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone-360x740", "desktop-1280x900"])
def test_the_table_is_one_screen_while_bidding_and_mid_trick(browser: Any, room: Room, viewport: dict[str, int],
                                                            seats: int) -> None:
    errors: list[str] = []
    page = new_page(browser, viewport, errors=errors)
    to_bidding(page, room.url, seats)
    check_one_screen(measure(page), seats, bidding=True)
    to_mid_trick(page)
    where = measure(page)
    check_one_screen(where, seats, bidding=False)
    # A refusal's banner lies over the page: nothing moves down under it, nor back when it goes.
    page.evaluate("async () => (await import('/static/js/speak.js')).refuse('Not the two of clubs: follow suit.')")
    page.wait_for_function("() => document.getElementById('alert').textContent.startsWith('Not the two')")
    assert measure(page)["play"] == where["play"]
    # Escape says which card is selected; once it is played, the line no longer says it.
    page.focus("#hand button.card.selected")
    page.keyboard.press("Escape")
    selected = page.get_attribute("#hand button.card.selected", "aria-label")
    assert page.inner_text("#status").lower().startswith(selected)
    page.keyboard.press("Enter")
    page.wait_for_function("card => !document.querySelector(`#hand button[aria-label='${card}']`)", arg=selected)
    assert selected not in page.inner_text("#status").lower()
    assert not errors
    page.context.close()


# The table's words for the eyes, drawn by the page's own modules into the page's own table view: the decision line
# between hands, the score line at the end of a game, and the rematch's question with the room's answer under it.
WORDS = """async (touch) => {
  const { decisionMethods } = await import('/static/js/decision.js');
  const { scoreboardMethods } = await import('/static/js/scoreboard.js');
  const { onQuickMessage } = await import('/static/js/quick.js');
  for (const id of ['view-table', 'play', 'game-over', 'rematch']) document.getElementById(id).hidden = false;
  const table = { view: { phase: 'play' }, waitingNext: true, reviewHand: 1, decisionKey: null, myTurn: () => false,
                  handleKey: () => {} };
  decisionMethods.renderDecision.call(table);
  const between = document.getElementById('decision').innerText;
  const view = { phase: 'over', hand_number: 2, tricks: [], scores: [260, 110], bags: [3, 1], results: [{}, {}],
                 rules: { variant: 'standard', options: { hands: 2 } } };
  scoreboardMethods.renderScore.call({ shown: () => view, sideNames: () => ['North-South', 'East-West'],
    handSize: () => 13, events: [{ type: 'hand_scored' }, { type: 'game_over' }],
    lines: [[], ['North-South win the game. Final score: North-South 260, East-West 110.']] });
  const over = document.querySelector('#scoreline p').textContent;
  onQuickMessage({ type: 'rematch', table: 9, text: 'Play again with the same seats? Asked: Ada, Bob.', asked: [],
                   accepted: [], declined: [] });
  return { touch, coarse: matchMedia('(hover: none) and (pointer: coarse)').matches, between, over,
           rematch: document.getElementById('rematch').innerText,
           hints: ['#play-now-box .hint', "label[for='chat-input']"].map((s) => document.querySelector(s).innerText) };
}"""


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_the_table_says_the_result_the_tap_and_the_rematch_question_once(browser: Any, room: Room,
                                                                        touch: bool) -> None:
    context = browser.new_context(viewport=PHONE if touch else DESKTOP, has_touch=touch, is_mobile=touch,
                                  bypass_csp=True, reduced_motion="reduce")
    page = context.new_page()
    page.goto(room.url + "/")
    page.wait_for_selector("#play-now")
    words = page.evaluate(WORDS, touch)
    assert words["coarse"] == touch
    # A finger has no n key to press: the button alone, with words for it.
    assert ("Press n" in words["between"]) == (not touch), words
    assert "Next hand" in words["between"], words
    assert all(("Enter" in hint) == (not touch) for hint in words["hints"]), words  # "Play now", the chat line
    assert words["over"] == ("Game over after 2 hands. North-South win the game. Final score: North-South 260, "
                             "East-West 110."), words
    assert words["rematch"].count("Play again with the same seats?") == 1 and "Asked: Ada, Bob." in words["rematch"]
    context.close()
