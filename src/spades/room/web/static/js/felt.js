// The felt, for the eyes: the seats round the table (name, who plays there, bid, tricks, the dealer, and a ring: lit
// while it is the seat's turn, emptying while an absent player's time runs out before the computer covers them, or
// at a table with a turn clock while the seat's time for its turn runs out, its seconds shown beside its bank),
// the others' hands as card backs with their count, and the trick in the middle, each card moving in from the seat
// that played it and, once the trick is won, away to its winner. Under prefers-reduced-motion nothing moves: the
// cards appear where they lie and the last trick stays until the next card. Only the picture: every word said
// comes from the room, and the seat boxes hold text a screen reader can read as it is.

import { bidSpoken, cardBackElement, cardFaceElement, cardName } from "./cards.js";
import { ALL_POSITIONS, seatInitials } from "./rulesets.js";
import { bankNow, clockFace, secondsLeft } from "./turn_clock.js";
import { _, n_ } from "./i18n.js";

const FLY_MS = 320;
const SWEEP_AFTER_MS = 450;  // within the room's usual second between the computer's cards
const SWEEP_MS = 300;
const RING = 2 * Math.PI * 22;  // the ring's circumference in its own units (radius 22 of a 48 box)
const SVG = "http://www.w3.org/2000/svg";

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

export function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Keep when each absent, uncovered person was first seen away: the table's seats say who is away and the table's
 * timeout, but not since when, so the page counts from the message that said so (a reload starts it again). */
export function noteAway(table, info) {
  const away = table.awayAt ?? new Map();
  const now = Date.now();
  const still = new Map();
  for (const seat of info.seats) {
    if (seat.player && seat.away && !seat.covered) still.set(seat.seat, away.get(seat.seat) ?? now);
  }
  table.awayAt = still;
}

/** The cards a seat holds now, from the public events of the hand: dealt less played (in the draw, those kept). */
function held(table, view, seat) {
  const events = table.events.slice(table.handStart, table.seen);
  if (view.phase === "draw") return events.filter((e) => e.type === "drew" && e.seat === seat).length;
  const played = events.filter((e) => e.type === "card" && e.seat === seat).length;
  return Math.max(0, table.handSize() - played);  // dealt (or drawn, in the two-player game) less played
}

function ring(kind) {
  const box = svg("svg", { class: `ring ${kind}`, viewBox: "0 0 48 48", "aria-hidden": "true", focusable: "false" });
  box.append(svg("circle", { class: "ring-track", cx: 24, cy: 24, r: 22 }),
    svg("circle", { class: "ring-left", cx: 24, cy: 24, r: 22, "stroke-dasharray": RING.toFixed(2),
      "stroke-dashoffset": "0", transform: "rotate(-90 24 24)" }));
  return box;
}

export function renderSeats(table) {
  const view = table.shown();
  const players = table.players();
  document.querySelector(".felt")?.setAttribute("data-seats", String(players));
  for (const pos of ALL_POSITIONS) {
    const box = document.getElementById(`pos-${pos}`);
    box.replaceChildren();
    box.hidden = true;
    box.classList.remove("turn", "away");
  }
  for (let seat = 0; seat < players; seat++) {
    const pos = table.position(seat);
    const box = document.getElementById(`pos-${pos}`);
    box.hidden = false;
    const turn = view.phase !== "over" && view.turn === seat;
    const away = table.awayAt && table.awayAt.has(seat);
    // the turn clock runs for the seat (between hands too: the next hand's turn runs while the player reads)
    const timed = !away && secondsLeft(table) !== null && table.clock.turn === seat;
    const bank = bankNow(table, seat);
    box.classList.toggle("turn", turn);
    box.classList.toggle("away", Boolean(away));
    const bid = view.bids[seat];
    const name = seat === table.seat ? _("{seat} (you)", { seat: table.seatName(seat) }) : table.seatName(seat);
    const doing = { bid: () => _("to bid"), draw: () => _("to draw"), pass: () => _("to pass") }[view.phase]
      ?? (() => _("to play"));
    const avatar = el("span", { class: "avatar", "aria-hidden": "true" },
      el("span", { class: "initial", text: seatInitials(players)[seat] }),  // its own at every table size
      ring(away ? "clock" : timed ? "timed" : turn ? "lit" : "idle"));
    if (away) avatar.dataset.seat = String(seat);
    // The clock's seconds and banks tick for the eyes only: a screen reader hears the warning, the line when time
    // runs out and Shift+T, never a number changing every second.
    const chips = el("p", { class: "seat-nums" },
      timed ? el("span", { class: "chip timer", "aria-hidden": "true" }) : "", timed ? " " : "",
      // no bid yet: a dash to the eyes, words to the screen reader (which would say "dash", or nothing)
      bid === null ? el("span", { class: "chip" }, el("span", { "aria-hidden": "true", text: _("Bid –") }),
        el("span", { class: "sr-only", text: _("Bid not made yet") }))
        : el("span", { class: "chip", text: _("Bid {bid}", { bid: bidSpoken(bid) }) }), " ",
      el("span", { class: "chip", text: _("Tricks {tricks}", { tricks: view.tricks_won[seat] }) }),
      view.dealer === seat ? " " : "", view.dealer === seat ? el("span", { class: "chip dealer", text: _("Dealer") }) : "",
      bank !== null ? " " : "", bank !== null ? el("span", { class: "chip bank", "aria-hidden": "true" }) : "");
    const plate = el("div", { class: "plate" }, avatar, el("div", { class: "plate-text" },
      el("p", { class: "seat-name" }, el("strong", { text: name }),
        turn ? el("span", { class: "turn-mark", text: ` ${doing()}` }) : ""),
      el("p", { class: "seat-who", text: table.who(seat) }),
      away ? el("p", { class: "seat-clock", "data-seat": String(seat) }) : "",
      chips));
    box.append(plate);
    if (seat !== table.seat) box.append(backs(held(table, view, seat)));
  }
  tickClocks(table);
}

/** A seat's hand face down: a fan of backs and how many cards it is. */
function backs(count) {
  const fan = el("div", { class: "backs" });
  const shown = el("span", { class: "fan", "aria-hidden": "true" });
  for (let i = 0; i < count; i++) shown.append(cardBackElement());
  fan.append(shown, el("span", { class: "count", text: n_("{n} card", "{n} cards", count) }));
  return fan;
}

/** The rings and lines of the absent players' time left, once a second while anyone is away; and the turn clock's
 * ring, seconds and banks, each time its seconds change while it runs. */
function tickClocks(table) {
  const timeout = (table.info && table.info.timeout) || 60;
  const now = Date.now();
  let any = false;
  for (const [seat, since] of table.awayAt ?? []) {
    const left = Math.max(0, timeout - (now - since) / 1000);
    const box = document.getElementById(`pos-${table.position(seat)}`);
    const circle = box && box.querySelector(".ring.clock .ring-left");
    if (circle) circle.setAttribute("stroke-dashoffset", (RING * (1 - left / timeout)).toFixed(2));
    const line = box && box.querySelector(".seat-clock");
    if (line) {
      line.textContent = left > 0 ? _("{seconds} s before the computer plays", { seconds: Math.ceil(left) })
        : _("The computer plays");
    }
    any = any || left > 0;
  }
  const left = tickTurnClock(table);
  clearTimeout(table.clockTimer);
  // the next change of the seconds shown (a little after it, so that the rounding up has moved on)
  const next = left !== null && left > 0 ? Math.round(left * 1000) % 1000 || 1000 : null;
  const wait = next !== null ? Math.min(next + 20, 1000) : any ? 1000 : null;
  if (wait !== null) table.clockTimer = setTimeout(() => tickClocks(table), wait);
}

/** The turn clock as it stands now, on the seat it runs for and on every clocked seat's bank; its seconds left,
 * or null when it does not run. */
function tickTurnClock(table) {
  const left = secondsLeft(table);
  for (const box of document.querySelectorAll(".felt .seat-box")) {
    const timer = box.querySelector(".chip.timer");
    if (timer && left !== null) {
      timer.textContent = clockFace(left);
      timer.classList.toggle("low", left <= 10);
    }
    const circle = box.querySelector(".ring.timed .ring-left");
    if (circle && left !== null) {
      const whole = Math.max(table.clock.whole, left, 1);
      circle.setAttribute("stroke-dashoffset", (RING * (1 - left / whole)).toFixed(2));
      circle.parentNode.classList.toggle("low", left <= 10);
    }
  }
  const players = table.players();
  for (let seat = 0; seat < players; seat++) {
    const chip = document.querySelector(`#pos-${table.position(seat)} .chip.bank`);
    const bank = bankNow(table, seat);
    if (chip && bank !== null) chip.textContent = _("Bank {time}", { time: clockFace(bank) });
  }
  return left;
}

/** The trick: the cards on the table now, or once a trick is won and until the next card the trick just won. */
export function renderTrick(table) {
  const view = table.shown();
  const box = document.getElementById("trick");
  const players = table.players();
  let plays = view.trick;
  let caption = "";
  let won = null;
  if (plays.length === 0 && view.tricks.length > 0 && (view.phase === "play" || view.phase === "over")) {
    const last = view.tricks[view.tricks.length - 1];
    plays = last.cards.map((card, i) => ({ seat: (last.leader + i) % players, card }));
    caption = _("Trick {number}: {seat} took it.", { number: view.tricks.length, seat: table.seatName(last.winner) });
    won = { winner: last.winner, key: `${view.hand_number}:${view.tricks.length}` };
  } else if (plays.length === 0) {
    caption = { bid: () => _("Bidding"), draw: () => _("The draw"), pass: () => _("The pass"),
      over: () => _("Game over") }[view.phase]?.() ?? "";
  }
  const number = won ? view.tricks.length : view.tricks.length + 1;
  const keys = plays.map((play) => `${view.hand_number}:${number}:${play.card}`);
  const state = `${table.seat}|${keys.join(",")}|${caption}`;
  if (box.dataset.state === state) return;  // nothing new: the cards in motion keep moving
  const before = table.trickKeys;
  table.trickKeys = new Set(keys);
  box.dataset.state = state;
  const list = el("ul", { class: `trick-cards seats-${players}` });
  const items = plays.map((play) => {
    const item = el("li", { class: `at-${table.position(play.seat)}` }, cardFaceElement(play.card),
      el("span", { class: "sr-only", text: _("{seat}: {card}", { seat: table.seatName(play.seat), card: cardName(play.card) }) }));
    list.append(item);
    return item;
  });
  const last = won && (view.ended || view.phase === "over" || view.tricks.length >= table.handSize());
  if (won && table.swept === won.key) list.classList.add("swept");
  box.replaceChildren(list, el("p", { class: "trick-caption", text: caption }));
  if (reducedMotion() || before === undefined) return;  // no motion asked for, or the first picture of the table
  plays.forEach((play, i) => {
    if (!before.has(keys[i])) flyIn(table, items[i], play);
  });
  if (won && !last && table.swept !== won.key) {
    clearTimeout(table.sweepTimer);
    table.sweepTimer = setTimeout(() => sweep(table, won), SWEEP_AFTER_MS);
  }
}

function centre(rect) { return [rect.left + rect.width / 2, rect.top + rect.height / 2]; }

/** A card moves from where it was played: one's own card from the hand, another's from their seat. */
function flyIn(table, item, play) {
  const from = document.querySelector(`#hand button[data-card="${play.card}"]`)
    || document.getElementById(`pos-${table.position(play.seat)}`);
  if (!from || typeof item.animate !== "function") return;
  const [fx, fy] = centre(from.getBoundingClientRect());
  const [tx, ty] = centre(item.getBoundingClientRect());
  item.animate([{ transform: `translate(${fx - tx}px, ${fy - ty}px) scale(0.8)`, opacity: 0.4 },
    { transform: "none", opacity: 1 }], { duration: FLY_MS, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)" });
}

/** The won trick's cards go together to the winner's seat, and the caption stays. */
function sweep(table, won) {
  const box = document.getElementById("trick");
  const list = box.querySelector(".trick-cards");
  const seat = document.getElementById(`pos-${table.position(won.winner)}`);
  if (!list || !seat || !box.dataset.state.includes(`|${won.key}:`) || table.swept === won.key) return;
  const [sx, sy] = centre(seat.getBoundingClientRect());
  const moves = [...list.children].map((item) => {
    const [x, y] = centre(item.getBoundingClientRect());
    return item.animate([{ transform: "none", opacity: 1 },
      { transform: `translate(${sx - x}px, ${sy - y}px) scale(0.5)`, opacity: 0 }],
    { duration: SWEEP_MS, easing: "ease-in", fill: "forwards" }).finished;
  });
  Promise.all(moves).then(() => {
    table.swept = won.key;
    const now = document.querySelector("#trick .trick-cards");
    if (now && document.getElementById("trick").dataset.state.includes(`|${won.key}:`)) now.classList.add("swept");
  }, () => {});
}
