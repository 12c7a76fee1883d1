// A table of the room in the browser: the picture for the eyes, and the keys and words of `spades play` for the
// ears. The words of events, turns and the reading keys come from the room (the terminal's own announce
// functions); this module moves through the hand, sends the player's actions, and keeps to the terminal's order:
// every event said in turn, "your turn" once per decision, a pause after each hand until n.

import { answer, clearAlert, clearAnswer, lastMessage, quiet, reason, refuse, say } from "./speak.js";
import { SUITS, bidSpoken, capitalize, cardFaceElement, cardName, inOrder, rankOf, RANK_TEXT, suitOf } from "./cards.js";
import { drawChart } from "./chart.js";
import { ChatBox } from "./chat.js";
import { noteAway, renderSeats, renderTrick } from "./felt.js";
import { playEarcon, soundEvent } from "./sound.js";
import { handSize, homeSeat, positionOf, seatNames, sideNames } from "./rulesets.js";
import { saveSettings, settings } from "./settings.js";

// The keys are the room's keymap, the terminal's own (spades/words/keymap.py), which the page carries as JSON:
// each key, and the others that do the same, to its entry; the browser's names for keys (KeyboardEvent.key) to
// the key they are.
const KEYMAP = JSON.parse(document.getElementById("keymap")?.textContent || "[]");
const KEYS = new Map(KEYMAP.flatMap((entry) => [entry.key, ...entry.also].map((key) => [key, entry])));
const BROWSER_KEYS = Object.fromEntries(KEYMAP.flatMap((entry) => entry.browser.map((name) => [name, entry.key])));

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

function cardFace(text, extraClass = "") {
  return cardFaceElement(text, extraClass);
}

/** Whether an element is on the page for the eyes and the keys (not inside something hidden). */
function shown(node) {
  return node.isConnected && node.closest("[hidden]") === null && node.getClientRects().length > 0;
}

export class TableView {
  constructor(link, { onLeave }) {
    this.link = link;
    this.onLeave = onLeave;
    this.reset(null);
    this.chat = new ChatBox(link, this);
    const region = document.getElementById("view-table");
    // The table's keys work wherever the focus is in the table: the hand, the log, its buttons.
    region.addEventListener("keydown", (event) => this.onKey(event));
    // A key pressed with the focus nowhere (after a click on the page's background) goes to the table too, and
    // Escape from anywhere on the page (the header, the lobby's links) comes back to the hand.
    document.addEventListener("keydown", (event) => {
      if (this.id === null || region.hidden || document.querySelector("dialog[open]")) return;
      if (document.activeElement === document.body || document.activeElement === null
          || (event.key === "Escape" && !region.contains(document.activeElement))) this.onKey(event);
    });
    document.getElementById("leave-table").addEventListener("click", () => this.leave());
    document.getElementById("show-keys").addEventListener("click", () => this.showKeys());
    document.getElementById("start-game").addEventListener("click", () => {
      this.link.send({ type: "start", table: this.id });
    });
    document.getElementById("copy-invite").addEventListener("click", () => this.copyInvite());
  }

  reset(id) {
    this.chat?.reset();
    this.id = id;
    this.info = null;
    this.seat = null;
    this.view = null;
    this.cursor = 0;
    this.prompt = null;
    this.events = [];
    this.lines = [];
    this.brief = [];
    this.seen = 0;
    this.handStart = 0;
    this.waitingNext = false;
    this.reviewHand = null;
    this.selected = null;
    this.defaulted = false;  // true while the selection is only where the hand's Tab stop was put
    this.digits = "";
    this.confirm = null;
    this.prompted = -1;
    this.holdPrompt = false;
    this.starting = false;  // this page starts the game as soon as it sits
    this.unplayable = null;  // the room's reason the cards not in legal may not be played now
    this.wantFocus = false;  // a turn has begun: the focus goes to the selected card once the page is drawn
    this.decisionKey = null;
    this.waitingKey = null;
    this.backPending = false;
    clearTimeout(this.backTimer);
    clearTimeout(this.coachTimer);
    for (const button of this.buttons?.values() ?? []) button.remove();
    this.buttons = new Map();  // the hand's buttons by card: kept from update to update, so the focus stays put
    this.order = [];  // the cards as last shown
  }

  // -- messages from the room -------------------------------------------------------------------------------
  onTable(info) {
    if (info.table !== this.id) return;
    const first = this.info === null;
    const before = this.info;
    const waitedFor = document.getElementById("waiting-text").textContent;
    this.info = info;
    this.chat.onTable(info);
    if (first) this.wantFocus = true;  // arrived at the table: the focus on a seat to take, or the title
    noteAway(this, info);
    this.render();
    // at a table waiting for people (not one this page is starting), what it waits for, once
    if (first && info.state === "waiting" && !this.starting) answer(document.getElementById("waiting-text").textContent);
    if (!first && before.state === "waiting" && info.state === "waiting") this.saySeatChanges(before, waitedFor);
  }

  /** While a table waits for people, who came to a seat or left it is said, and then what the table waits for
   * now when that changed ("Every seat is taken: start the game when you are ready."): the seats' list changes
   * quietly, and a player waiting with the focus on the title would never know that the table is full. */
  saySeatChanges(before, waitedFor) {
    const mine = this.me ? this.me.name : null;
    for (const seat of this.info.seats) {
      const was = before.seats.find((s) => s.seat === seat.seat);
      if (!was || was.player === seat.player) continue;
      const where = this.seatName(seat.seat);
      if (was.player && was.player !== mine) say(`${was.player} left ${where}.`);
      if (seat.player && seat.player !== mine) say(`${seat.player} sits at ${where}.`);
    }
    const now = document.getElementById("waiting-text").textContent;
    if (now !== waitedFor) say(now);
  }

  onUpdate(message) {
    if (message.table !== this.id) return;
    const start = message.cursor - message.events.length;
    if (start > this.events.length) {  // a gap: ask for what is missing
      this.link.send({ type: "sync", table: this.id, cursor: this.events.length });
      return;
    }
    message.events.forEach((event, i) => {
      const index = start + i;
      if (index >= this.events.length) {
        this.events.push(event);
        this.lines.push((message.lines && message.lines[i]) || []);
        this.brief.push((message.brief && message.brief[i]) || this.lines[index]);
      }
    });
    const first = this.view === null;
    this.seat = message.seat;
    this.view = message.view;
    this.cursor = message.cursor;
    this.prompt = message.prompt ?? null;
    this.unplayable = message.unplayable ?? null;
    if (first && start === 0 && message.events.some((event) => event.type === "card")) {
      // Back at a game under way (a reload, another device): the room says where it stands; what happened
      // before is shown in the log and read back by g, not said again.
      for (let index = 0; index < this.events.length; index++) {
        if (this.events[index].type === "hand_started") this.handStart = index;
        for (const line of this.lines[index]) quiet(line);
      }
      this.seen = this.events.length;
      // A seat hears it as the terminal says a resumed game: where it stands ("Back at the table: …", which the
      // room sends next), the trick on the table, and only then "your turn".
      if (message.seat !== null) this.holdForBack();
    }
    this.advance();
    if (first) this.wantFocus = true;  // arrived at the table: the keys start at the hand
    this.render();
  }

  /** Keep "your turn" until the room's line of where the game stands has come (or a second and a half). */
  holdForBack() {
    this.holdPrompt = true;
    this.backPending = true;
    clearTimeout(this.backTimer);
    this.backTimer = setTimeout(() => this.afterBack(), 1500);
  }

  /** Where the game stands has been said: the trick on the table, if any, then the turn. */
  afterBack() {
    if (!this.backPending) return;
    this.backPending = false;
    clearTimeout(this.backTimer);
    if (this.view && this.view.phase === "play" && this.view.trick.length > 0) {
      this.ask("r", { thenPrompt: true });
      // without an answer (the room refused), the turn is said all the same
      this.backTimer = setTimeout(() => {
        this.holdPrompt = false;
        if (this.myTurn()) this.sayPrompt();
      }, 3000);
      return;
    }
    this.holdPrompt = false;
    if (this.myTurn()) this.sayPrompt();
    this.applyFocus();
  }

  onActError(message, context) {
    this.holdPrompt = false;
    if (message.code === "out_of_date") {
      // The room sent the missing update just before this answer: send the action again, once, if it still may be.
      if (!context.again && this.myTurn() && this.view.legal.includes(context.action)) {
        this.act(context.action, { card: context.card, again: true });
        return;
      }
    }
    if (context.card) refuse(`Not the ${cardName(context.card)}: ${reason(message.message)}.`);
    else refuse(`Not possible: ${reason(message.message)}.`);
  }

  onSaid(text, context, action = null, lines = null) {
    if (context && context.key === "C") this.stopWaiting();
    if (context && context.key === "C" && lines) return answer(lines);  // every line of the review, in order
    // the hint key's card becomes the selected one, as at the terminal
    if (context && context.key === "x" && action && this.view && (this.view.hand || []).includes(action)) {
      this.markSelected(action, { focus: true });
    }
    // as the terminal: the hand first, then the turn to bid; back at a game, the trick first, then the turn
    if (context && (context.afterLook || context.thenPrompt)) {
      say(text);
      this.holdPrompt = false;
      this.prompted = -1;
      if (this.myTurn()) this.sayPrompt();
      this.applyFocus();
      return;
    }
    if (context && context.prefix !== undefined) say(context.prefix + text);
    else if (context && context.log) say(text);
    else if (context) answer(text);
    else say(text);
    if (!context && this.backPending) this.afterBack();
  }

  // -- the order of what is said ------------------------------------------------------------------------------
  advance() {
    while (this.seen < this.events.length && !this.waitingNext) {
      const index = this.seen;
      const event = this.events[index];
      this.seen += 1;
      if (event.type === "hand_started") this.handStart = index;
      for (const line of (settings.verbosity === "tricks" ? this.brief : this.lines)[index]) say(line);
      soundEvent(this, event);
      // A seat reads the hand just played until n; a spectator's page follows the table to the next hand.
      if (event.type === "hand_scored" && this.view.phase !== "over" && this.seat !== null) {
        this.waitingNext = true;
        this.reviewHand = event.result.number;
        this.endedLines = this.lines[index];
        say("Press n for the next hand.");
        say("Or press C for the coach's review of your bids and cards.", { remember: false });
      }
      // As the terminal at the end of the game: the coach for the last hand, until the player leaves
      if (event.type === "game_over" && this.seat !== null) {
        say("Press C for the coach's review of the last hand, or q to leave.");
      }
    }
    if (this.myTurn() && !this.holdPrompt) this.sayPrompt();
  }

  myTurn() {
    const view = this.view;
    return view !== null && this.seat !== null && view.phase !== "over" && !this.waitingNext
      && view.turn === this.seat && view.legal.length > 0;
  }

  firstLegalCard() {
    return this.view.legal.find((action) => /^((10|[2-9JQKA])[SHDC]|[BL]J)$/.test(action)) ?? null;
  }

  sayPrompt() {
    // a decision: the public events so far, and within a Nil pass (whose cards before the last make no event) the
    // cards set aside
    const decision = `${this.events.length}/${(this.view.passed || []).length}`;
    if (this.prompted === decision || this.prompt === null) return;
    this.prompted = decision;
    this.digits = "";
    playEarcon("turn");
    this.wantFocus = true;  // a turn begins: the focus goes to the selected card
    let text = this.prompt;
    if (this.view.phase === "play" || this.view.phase === "pass") {
      // As the terminal: the player's own choice stands while it may be played; otherwise the first legal card.
      if (this.selected === null || this.defaulted || !this.view.legal.includes(this.selected)) {
        this.markSelected(this.firstLegalCard());
      }
      if (this.selected !== this.firstLegalCard()) {
        const turn = this.view.phase === "pass" ? `Your turn to pass a card to ${this.seatName(this.view.pass_to)}, face down.` : "Your turn.";
        text = `${turn} ${capitalize(cardName(this.selected))} is selected.`;
      }
      // The focus is about to go to the selected card and say its name: the line's card is then not heard again.
      const button = this.buttons.get(this.selected);
      if (button && this.focusWithTable() && document.activeElement !== button && text.endsWith(" is selected.")) {
        return say(text, { urgent: settings.urgent, heard: text.slice(0, text.indexOf(".") + 1) });
      }
    }
    say(text, { urgent: settings.urgent });
  }

  legalBidsText() {
    const match = /^Your turn to bid: (.*)\.$/.exec(this.prompt || "");
    return match ? match[1] : "";
  }

  // -- keys ----------------------------------------------------------------------------------------------------
  onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target && target.closest("input, select, textarea, [contenteditable='true'], dialog")) return;
    const key = BROWSER_KEYS[event.key] ?? (event.key.length === 1 && event.key !== " " ? event.key : null);
    if (key === null) return;
    // Enter on a button or link of the table (a bid, "Next hand", "Leave the table") does what it says.
    if (key === "enter" && target && target.closest("a[href], button:not(.card), summary")) return;
    event.preventDefault();
    event.stopPropagation();
    clearAlert();  // what the alert said has been heard; it does not stay in the page
    this.handleKey(key);
  }

  handleKey(key) {
    if (KEYS.get(key)?.does === "back") return this.backToHand();
    if (this.chat.key(key)) return;  // Space, p and its digit, Shift+M: the chat's, before the game's
    if (this.view === null) {
      answer("The game has not started yet.");
      return;
    }
    if (this.confirm !== null) return this.answerConfirm(key);
    const phase = this.view.phase;
    const entry = KEYS.get(key);
    const does = entry ? entry.does : null;
    if (does === "bid") return this.digit(key);
    if (does === "rub out" && this.digits) {
      this.digits = this.digits.slice(0, -1);
      return answer(`Bid: ${this.digits || "nothing typed"}.`);
    }
    if (does === "enter") return this.enter();
    if (this.myTurn() && phase === "draw" && (key === "y" || key === "n")) return this.act(key === "y" ? "keep" : "discard");
    if (does === "move" || does === "suit") return this.navigate(entry);
    if (does === "read") return entry.key === "h" ? this.readHand() : this.ask(entry.key);
    if (does === "hint") return this.ask(entry.key);
    if (does === "coach") return this.coach();
    if (does === "repeat") return answer(lastMessage() || "Nothing has been said yet.");
    if (does === "log") return answer(this.review());
    if (does === "help") return this.showKeys();
    if (does === "next") {
      if (this.waitingNext) {
        this.waitingNext = false;
        this.advance();
        this.render();
      } else {
        this.ask("w", { prefix: "There is no hand to continue. " });
      }
      return;
    }
    if (does === "verbosity") return this.toggleVerbosity();
    if (does === "quit") {
      this.confirm = { kind: "quit" };
      say("Leave the table? y or n.");
      return;
    }
    const shown = key.length === 1 ? key : capitalize(key);
    answer(`${shown} does nothing here; press ? for the list of keys.`);
  }

  /** The terminal's v: every card said, or only tricks, bids and turns; kept with the other settings. */
  toggleVerbosity() {
    settings.verbosity = settings.verbosity === "tricks" ? "all" : "tricks";
    saveSettings();
    say(settings.verbosity === "all" ? "Verbosity: every card is said."
      : "Verbosity: only tricks, bids and turns are said.");
  }

  ask(key, context = {}) {
    const message = { type: "ask", table: this.id, key };
    if (this.waitingNext && this.reviewHand !== null) message.hand = this.reviewHand;
    this.link.send(message, { kind: "ask", key, ...context });
  }

  /** The terminal's C: the coach's review of the hand just played (or the last, once the game is over), for this
   * seat; the room searches for a second or two, so say first that the coach is at work, as the terminal does. */
  coach() {
    const over = this.view.phase === "over" && this.seen >= this.events.length;
    const hand = this.waitingNext ? this.reviewHand : over ? this.view.hand_number : null;
    const message = { type: "ask", table: this.id, key: "C" };
    if (hand !== null) {
      message.hand = hand;
      if (this.seat !== null) {
        answer(`The coach goes through your bids and cards of hand ${hand}.`);
        this.waitForCoach(hand);
      }
    }
    this.link.send(message, { kind: "ask", key: "C" });
  }

  /** The review takes a second or two, and much longer the first time the room searches (its search is compiled
   * then): while it has not come, say every few seconds that the coach is still at work, so silence never reads
   * as a key that did nothing. */
  waitForCoach(hand) {
    clearTimeout(this.coachTimer);
    const started = Date.now();
    const tick = () => {
      const seconds = Math.round((Date.now() - started) / 1000);
      answer(`The coach is still at work on hand ${hand}: ${seconds} seconds so far.`);
      this.coachTimer = setTimeout(tick, 5000);
    };
    this.coachTimer = setTimeout(tick, 2500);
  }

  /** The coach's answer (or the room's refusal) has come. */
  stopWaiting() {
    clearTimeout(this.coachTimer);
    this.coachTimer = null;
  }

  answerConfirm(key) {
    const lowered = key.toLowerCase();
    if (lowered !== "y" && lowered !== "n") {
      say("Please answer y or n.");
      return;
    }
    const { kind, bid } = this.confirm;
    this.confirm = null;
    if (kind === "quit") {
      if (lowered === "y") this.leave();
      else say("Staying at the table.");
      return;
    }
    if (lowered === "y") this.act(bid);
    else say(`Bid taken back. Your turn to bid: ${this.legalBidsText()}.`);
  }

  digit(key) {
    if (!(this.myTurn() && this.view.phase === "bid")) {
      this.ask("w", { prefix: "Digits are for bidding, and it is not your turn to bid. " });
      return;
    }
    this.digits = (this.digits + key).slice(-2);
    answer(this.digits);
  }

  enter() {
    const view = this.view;
    if (!this.myTurn()) {
      if (this.waitingNext) this.ask("w", { log: true });
      else this.ask("w", { prefix: "It is not your turn. " });
      return;
    }
    if (view.phase === "bid") {
      if (!this.digits) {
        refuse(`Type your bid first: ${this.legalBidsText()}.`);
        return;
      }
      const value = parseInt(this.digits, 10);
      this.digits = "";
      clearAnswer();  // the digits typed are now the question "Bid 3?", and then the bid
      let bid;
      if (view.legal.includes("look")) {
        if (value !== 0) {
          refuse("Before looking you may only bid Blind Nil (0); press h to look at your cards.");
          return;
        }
        bid = "blind nil";
      } else if (value > this.handSize()) {
        refuse(`You may not bid ${value}. You may bid ${this.legalBidsText()}.`);
        return;
      } else {
        bid = value === 0 ? "nil" : String(value);
      }
      if (!view.legal.includes(bid)) {
        refuse(`You may not bid ${bidSpoken(bid)}. You may bid ${this.legalBidsText()}.`);
        return;
      }
      this.confirm = { kind: "bid", bid };
      say(`Bid ${bidSpoken(bid)}? y or n.`);
      return;
    }
    if (view.phase === "draw") {
      say(`You drew the ${view.offered ? cardName(view.offered) : "card"}: y keeps it, n discards it.`);
      return;
    }
    if (this.selected === null) {
      refuse("No card is selected.");
      return;
    }
    this.playCard(this.selected);
  }

  playCard(card) {
    this.selected = card;
    this.defaulted = false;
    if (!this.myTurn()) {
      this.ask("w", { prefix: "It is not your turn. " });
      this.render();
      return;
    }
    this.act(card, { card });
    this.render();
  }

  act(action, extra = {}) {
    this.link.send({ type: "act", table: this.id, action, cursor: this.cursor },
      { kind: "act", action, ...extra });
  }

  hand() { return this.view && this.view.hand ? inOrder(this.view.hand) : null; }

  /** A move through the hand, or a jump to a suit: the keymap entry's ``move`` says which. */
  navigate(entry) {
    if (this.waitingNext) return this.ask("h");
    const cards = this.hand();
    if (cards === null) return answer("You have not looked at your cards; press h to look.");
    if (cards.length === 0) return answer("You hold no cards.");
    const current = cards.includes(this.selected) ? this.selected : null;
    const index = current !== null ? cards.indexOf(current) : -1;
    const move = entry.move;
    const ofSuit = (suit) => cards.filter((card) => suitOf(card) === suit);
    // With the setting, the moves through the cards (not the jumps to a suit) pass over those that may not be
    // played now.
    const view = this.view;
    const skipping = settings.skip && this.myTurn() && (view.phase === "play" || view.phase === "pass");
    const pool = skipping ? cards.filter((card) => view.legal.includes(card)) : cards;
    const before = pool.filter((card) => cards.indexOf(card) < index);
    const after = pool.filter((card) => cards.indexOf(card) > index);
    let note = "";
    let target;
    if (entry.does === "suit") {
      const suit = SUITS.findIndex((s) => s.plural === move);
      const held = ofSuit(suit);
      if (held.length === 0) return answer(`No ${SUITS[suit].plural}.`);
      target = held[0];
      note = held.length !== 1 ? `, ${held.length} ${SUITS[suit].plural}` : `, 1 ${SUITS[suit].singular}`;
    } else if (move === "left") {
      if (before.length === 0) note = ", first card";
      target = before.length ? before[before.length - 1] : pool[0];
    } else if (move === "right") {
      if (index >= 0 && after.length === 0) note = ", last card";
      target = index < 0 ? pool[0] : after.length ? after[0] : pool[pool.length - 1];
    } else if (move === "home") {
      target = pool[0];
    } else if (move === "end") {
      target = pool[pool.length - 1];
    } else if (move === "low" || move === "high") {
      const suit = suitOf(current !== null ? current : cards[0]);
      const mayPlay = pool.filter((card) => suitOf(card) === suit);
      const held = mayPlay.length ? mayPlay : ofSuit(suit);
      target = move === "low" ? held[0] : held[held.length - 1];
    } else {
      const suits = [0, 1, 2, 3].filter((suit) => ofSuit(suit).length > 0);
      const here = current !== null ? suitOf(current) : suits[0];
      const position = Math.max(suits.indexOf(here), 0);
      const step = move === "up" ? -1 : 1;
      let next = position + step;
      if (next < 0 || next >= suits.length) {
        note = step < 0 ? ", first suit" : ", last suit";
        next = position;
      }
      const held = ofSuit(suits[next]);
      target = held[0];
      const words = held.length !== 1 ? SUITS[suits[next]].plural : SUITS[suits[next]].singular;
      note = `, ${held.length} ${words}` + note;
    }
    // The focus on the card says its name: the status line's words are then not said again, only the note.
    const moved = this.markSelected(target, { focus: true });
    answer(`${cardName(target)}${note}`, moved ? { heard: note.replace(/^, /, "") } : {});
  }

  readHand() {
    if (this.waitingNext) return this.ask("h");
    const view = this.view;
    if (view.hand === null) {
      if (this.myTurn() && view.legal.includes("look")) {
        this.holdPrompt = true;
        this.act("look");
        this.ask("h", { afterLook: true });
        return;
      }
      return answer("You have not looked at your cards yet.");
    }
    this.ask("h");
  }

  review() {
    const lines = [];
    for (let index = this.handStart; index < this.seen; index++) {
      for (const line of this.lines[index]) lines.push("  " + line);
    }
    return lines.length ? ["Log of this hand:", ...lines] : ["Nothing has happened in this hand yet."];
  }

  showKeys() {
    const dialog = document.getElementById("keys-dialog");
    if (!dialog.open) dialog.showModal();
  }

  leave() {
    this.link.send({ type: "stand", table: this.id });
    this.onLeave();
  }

  copyInvite() {
    const link = this.info ? new URL(this.info.invite, location.href).href : location.href;
    const done = () => answer(`The invitation link is copied: ${link}`);
    if (navigator.clipboard) navigator.clipboard.writeText(link).then(done, () => answer(`The invitation link: ${link}`));
    else answer(`The invitation link: ${link}`);
  }

  // -- the focus: it moves when the selected card changes or a turn begins, and never otherwise ---------------
  /** Where the keys start at this table: the selected card; between hands the "Next hand" button; without a
   * hand the card table itself; before the game a seat to take, or the table's title. */
  homeElement() {
    const play = document.getElementById("play");
    if (!play.hidden) {
      const card = this.buttons.get(this.selected);
      if (card && !this.waitingNext) return card;
      if (this.waitingNext) return document.querySelector("#decision button") || play;
      return play;
    }
    if (!document.getElementById("waiting").hidden) {
      const sit = document.querySelector("#waiting-seats button");
      if (sit) return sit;
    }
    return document.getElementById("table-title");
  }

  /** Whether the table may move the focus: it is in the table already, or nowhere (on the page's body, or on an
   * element just hidden or removed); never from the header, a dialog or another view. */
  focusWithTable() {
    const active = document.activeElement;
    if (active === null || active === document.body) return true;
    if (active.closest("dialog")) return false;
    return document.getElementById("view-table").contains(active) || !shown(active);
  }

  /** Move the focus to where the keys start; true when it moved. */
  focusHome() {
    const target = this.homeElement();
    if (!target || document.activeElement === target) return false;
    target.focus();
    return document.activeElement === target;
  }

  /** Arriving at the table: the focus goes where the keys start once the room has said what the table is; until
   * then there is nothing to put it on (the card table of the last table, or its title, would be said and left at
   * once). */
  focus() {
    if (this.view === null && (this.info === null || this.starting || this.info.state === "playing")) {
      this.wantFocus = true;  // the first update (or, for a table that waits, its first message) puts it
    } else {
      this.focusHome();
    }
  }

  /** After drawing: a turn just begun (or the first update) brings the focus to the selected card. A game under
   * way (or starting) sends its first update next: the focus waits for it, to go to a card once, not to the title
   * first. */
  applyFocus() {
    if (!this.wantFocus) return;
    if (this.view === null && (this.starting || (this.info && this.info.state === "playing"))) return;
    this.wantFocus = false;
    if (this.focusWithTable()) this.focusHome();
  }

  /** Escape: back to the hand from wherever the focus is; said, when the focus is there already. */
  backToHand() {
    if (this.focusHome()) return;
    const cards = this.hand() || [];
    if (this.view === null) answer("The game has not started yet.");
    else if (this.waitingNext) answer("Press n for the next hand.");
    else answer(cards.includes(this.selected) ? `${capitalize(cardName(this.selected))} is selected.` : "No card is selected.");
  }

  // -- the picture ---------------------------------------------------------------------------------------------
  /** The table's seats: as many as its view has bids, or before the game its list of seats. */
  players() { return this.view ? this.view.bids.length : (this.info ? this.info.seats.length : 4); }

  /** Tricks a hand. */
  handSize() { return handSize(this.view ? this.view.rules : this.info ? this.info.rules : { variant: "standard" }); }

  seatName(seat) { return seatNames(this.players())[seat]; }

  sideNames() { return sideNames(this.players(), this.view ? this.view.scores.length : this.players()); }

  who(seat) {
    const info = this.info && this.info.seats.find((s) => s.seat === seat);
    if (!info) return "";
    if (info.player) return info.player + (info.connected ? "" : " (away)");
    if (info.level) return `Computer (${info.level})`;
    return "Empty seat";
  }

  render() {
    const info = this.info;
    const view = this.view;
    const title = document.getElementById("table-title");
    const variant = (view ? view.rules.variant : info ? info.rules.variant : "").replace("_", "-");
    title.textContent = `Table ${this.id}${variant ? `: ${variant}` : ""}`;
    const waiting = document.getElementById("waiting");
    waiting.hidden = !(info && info.state === "waiting");
    if (!waiting.hidden) this.renderWaiting();
    document.getElementById("play").hidden = view === null;
    if (view !== null) {
      this.renderSeats();
      this.renderTrick();
      this.renderScore();
      this.renderDecision();
      this.renderHand();
      this.renderSummaries();
      // At the end of the game the felt keeps the last trick and the seats their last bids and tricks; the hand,
      // empty by then, is not shown as an empty "Your hand".
      const over = view.phase === "over" && this.seen >= this.events.length;
      document.getElementById("play").classList.toggle("over", over);
      if (over) document.getElementById("hand").parentElement.hidden = true;
    }
    this.applyFocus();
  }

  renderWaiting() {
    const info = this.info;
    const mine = this.me && info.owner === this.me.name;
    const empty = info.seats.filter((s) => !s.player && !s.level).length;
    const starts = info.autostart ? " The game starts by itself when every seat is taken."
      : (mine ? " Start the game when every seat is taken." : ` ${info.owner || "The owner"} starts the game.`);
    document.getElementById("waiting-text").textContent = empty
      ? `Waiting for ${empty} more player${empty > 1 ? "s" : ""}. Send the invitation link to a friend.${starts}`
      : (mine ? "Every seat is taken: start the game when you are ready."
        : (info.autostart ? "Every seat is taken; the game is starting." : `Waiting for ${info.owner || "the owner"} to start the game.`));
    const list = document.getElementById("waiting-seats");
    const seated = this.me && info.seats.some((s) => s.player === this.me.name);
    // Drawn again only when it changes: a rebuilt button would lose the focus a player put on it.
    const key = JSON.stringify([info.seats, seated, this.players()]);
    document.getElementById("start-game").hidden = !mine;
    if (key === this.waitingKey) return;
    const focused = list.contains(document.activeElement) ? document.activeElement.textContent : null;
    this.waitingKey = key;
    list.replaceChildren(...info.seats.map((s) => el("li", {},
      `${this.seatName(s.seat)}: ${this.who(s.seat)} `,
      !seated && !s.player ? el("button", { type: "button", text: `Sit at ${this.seatName(s.seat)}`,
        onclick: () => this.link.send({ type: "join", table: this.id, seat: s.seat }, { kind: "join" }) }) : "")));
    if (focused !== null) {
      const again = [...list.querySelectorAll("button")].find((button) => button.textContent === focused);
      if (again) again.focus();
    }
  }

  position(seat) {
    const players = this.players();
    const me = this.seat ?? homeSeat(players);
    return positionOf((seat - me + players) % players, players);
  }

  /** What the picture shows: the view now, or between hands (until n) the hand just ended, from its events. */
  shown() {
    const view = this.view;
    if (!this.waitingNext) return view;
    const players = this.players();
    const bids = Array(players).fill(null);
    const won = Array(players).fill(0);
    const tricks = [];
    let dealer = view.dealer;
    for (const event of this.events.slice(this.handStart, this.seen)) {
      if (event.type === "hand_started") dealer = event.dealer;
      else if (event.type === "bid" || event.type === "bid_changed") bids[event.seat] = event.bid;
      else if (event.type === "trick") {
        won[event.seat] += 1;
        tricks.push({ leader: event.leader, cards: event.cards, winner: event.seat });
      }
    }
    const results = view.results.slice(0, this.reviewHand);  // the others may have played on since
    const last = results[results.length - 1];
    const scores = last ? last.sides.map((side) => side.score) : view.scores;
    const bags = last ? last.sides.map((side) => side.total_bags) : view.bags;
    return { ...view, ended: true, phase: "play", turn: -1, dealer, bids, tricks_won: won, trick: [], tricks,
      hand: [], legal: [], hand_number: this.reviewHand, results, scores, bags };
  }

  renderSeats() { renderSeats(this); }

  renderTrick() { renderTrick(this); }

  renderScore() {
    const view = this.shown();
    const names = this.sideNames();
    const parts = view.scores.map((score, side) => `${names[side]} ${score} points, ${view.bags[side]} bag${view.bags[side] === 1 ? "" : "s"}`);
    const tricks = this.handSize();
    let where = view.phase === "play" ? `Hand ${view.hand_number}, trick ${Math.min(view.tricks.length + 1, tricks)} of ${tricks}` : `Hand ${view.hand_number}`;
    if (view.ended) where = `Hand ${view.hand_number} is over`;
    const rules = view.rules.options;
    const target = rules.hands ? `${rules.hands} hand${rules.hands === 1 ? "" : "s"}` : `to ${rules.target ?? 500}`;
    document.getElementById("scoreline").replaceChildren(
      el("p", { text: `${where}. Playing ${target}.` }),
      el("ul", { class: "scores-now" }, ...parts.map((text) => el("li", { text }))),
    );
  }

  renderDecision() {
    const view = this.view;
    const box = document.getElementById("decision");
    // Drawn again only when what it offers changes, so that a button keeps the focus from update to update.
    // (between hands the room may play on: the "Next hand" button stays as it is)
    const key = JSON.stringify(this.waitingNext ? ["next", this.reviewHand]
      : [this.myTurn(), view.phase, view.turn, view.legal, view.offered]);
    if (key === this.decisionKey) return;
    this.decisionKey = key;
    box.replaceChildren();
    if (this.waitingNext) {
      box.append(el("p", { class: "your-turn", text: "Press n for the next hand, or:" }),
        el("button", { type: "button", class: "primary", text: "Next hand", onclick: () => this.handleKey("n") }));
      return;
    }
    if (!this.myTurn()) {
      if (view.phase !== "over") {
        const doing = { bid: "bid", draw: "draw", pass: "pass" }[view.phase] ?? "play";
        box.append(el("p", { class: "waiting-turn", text: `${this.seatName(view.turn)} to ${doing}.` }));
      }
      return;
    }
    if (view.phase === "bid") {
      const group = el("div", { class: "bids", role: "group", "aria-label": "Your bid" });
      for (const action of view.legal) {
        const label = action === "look" ? "Look at my cards" : `Bid ${bidSpoken(action)}`;
        group.append(el("button", { type: "button", class: action === "look" ? "" : "bid", text: action === "look" ? label : bidSpoken(action), "aria-label": label, onclick: () => this.act(action) }));
      }
      box.append(el("p", { class: "your-turn", text: "Your turn to bid." }), group);
    } else if (view.phase === "draw") {
      box.append(el("p", { class: "your-turn", text: `You drew the ${view.offered ? cardName(view.offered) : "card"}.` }),
        el("div", { class: "bids" },
          el("button", { type: "button", text: "Keep it (y)", onclick: () => this.act("keep") }),
          el("button", { type: "button", text: "Discard it (n)", onclick: () => this.act("discard") })));
    } else if (view.phase === "pass") {
      box.append(el("p", { class: "your-turn", text: `Your turn to pass a card to ${this.seatName(view.pass_to)}, face down: tap or click a card, or press Enter.` }));
    } else {
      box.append(el("p", { class: "your-turn", text: "Your turn: tap or click a card, or press Enter." }));
    }
  }

  /** The hand: one button a card, kept from update to update (only the cards played leave, only those dealt or
   * drawn come), so that the focus stays on its card and a screen reader says nothing again; a card that may not
   * be played now says so, and why, as its description. The focus moves here only when the card it was on is
   * gone (played: to the card that takes its place). */
  renderHand() {
    const box = document.getElementById("hand");
    const cards = this.waitingNext ? [] : this.hand();
    const view = this.view;
    const held = cards || [];
    const hadFocus = box.contains(document.activeElement);
    box.parentElement.hidden = this.waitingNext;
    if (held.length && !held.includes(this.selected)) {
      // a place for the hand's one Tab stop, not the player's choice: after a card played, the one beside it;
      // the next "your turn" picks as the terminal does
      const was = this.order.indexOf(this.selected);
      const beside = was < 0 ? undefined : this.order.slice(was + 1).find((card) => held.includes(card))
        ?? this.order.slice(0, was).reverse().find((card) => held.includes(card));
      const first = this.firstLegalCardOrNull();
      this.selected = beside ?? (held.includes(first) ? first : held[0]);
      this.defaulted = true;
    }
    this.order = held;
    for (const [card, button] of this.buttons) {
      if (!held.includes(card)) {
        button.remove();
        this.buttons.delete(card);
      }
    }
    let note = box.querySelector(":scope > p");
    if (cards === null && !this.waitingNext) {
      const text = view.seat === null ? "You are watching." : "Your cards are face down.";
      if (!note) box.append(note = el("p", {}));
      note.textContent = text;
    } else if (note) {
      note.remove();
    }
    const playing = this.myTurn() && (view.phase === "play" || view.phase === "pass");
    const why = document.getElementById("hand-why");
    const reason = playing && this.unplayable ? `cannot be played: ${this.unplayable}` : "";
    if (why.textContent !== reason) why.textContent = reason;
    held.forEach((card, index) => {
      let button = this.buttons.get(card);
      if (!button) {
        button = el("button", {
          type: "button", class: "card", "aria-label": cardName(card), "data-card": card,
          onclick: () => this.playCard(card),
          onfocus: () => { if (this.selected !== card) this.markSelected(card); },
        }, cardFace(card));
        this.buttons.set(card, button);
      }
      // in the hand's order, without moving a button already there (a moved button loses the focus)
      const here = box.querySelectorAll(":scope > button.card")[index];
      if (here !== button) box.insertBefore(button, here ?? null);
      const legal = !playing || view.legal.includes(card);
      button.classList.toggle("unplayable", !legal);
      if (legal) {
        button.removeAttribute("aria-disabled");
        button.removeAttribute("aria-describedby");
      } else {
        button.setAttribute("aria-disabled", "true");
        if (reason) button.setAttribute("aria-describedby", "hand-why");
      }
    });
    this.markSelected(this.selected, { keepDefault: true });
    if (hadFocus && !box.contains(document.activeElement) && this.focusWithTable()) this.focusHome();
  }

  /** Move the selection without rebuilding the hand (a rebuilt button would lose the click under way); with
   * ``focus``, the focus goes with it (a move through the hand, the hint's card). True when the focus moved. */
  markSelected(card, { focus = false, keepDefault = false } = {}) {
    this.selected = card;
    if (!keepDefault) this.defaulted = false;
    for (const [text, button] of this.buttons) {
      const selected = text === card;
      button.classList.toggle("selected", selected);
      button.tabIndex = selected ? 0 : -1;
      if (selected) button.setAttribute("aria-current", "true");
      else button.removeAttribute("aria-current");
    }
    const button = this.buttons.get(card);
    if (focus && button && document.activeElement !== button && this.focusWithTable()) {
      button.focus();
      return document.activeElement === button;
    }
    return false;
  }

  firstLegalCardOrNull() { return this.view && this.view.legal ? this.firstLegalCard() : null; }

  renderSummaries() {
    const view = this.view;
    const handOver = document.getElementById("hand-over");
    const over = view.phase === "over" && this.seen >= this.events.length;
    // Between hands, the hand just ended; at the end of the game, the last hand's result as well as the game's.
    const scored = over ? this.events.map((e, i) => [e, i]).filter(([e]) => e.type === "hand_scored").pop() : null;
    handOver.hidden = !this.waitingNext && !scored;
    if (!handOver.hidden) {
      const number = this.waitingNext ? this.reviewHand : scored[0].result.number;
      document.getElementById("hand-over-title").textContent = `Hand ${number} is over`;
      document.getElementById("hand-over-lines").replaceChildren(
        ...((this.waitingNext ? this.endedLines : this.lines[scored[1]]) || []).slice(1).map((text) => el("li", { text })));
    }
    const gameOver = document.getElementById("game-over");
    gameOver.hidden = !over;
    if (over) {
      const last = this.events.map((e, i) => [e, i]).filter(([e]) => e.type === "game_over").pop();
      const [line, ...mine] = last ? this.lines[last[1]] : ["The game is over."];
      document.getElementById("game-over-line").textContent = line;
      const stats = document.getElementById("game-over-stats");
      stats.textContent = mine.join(" ");  // the seat's own statistics, as the terminal closes the game
      stats.hidden = mine.length === 0;
      document.getElementById("record-link").href = `/api/tables/${this.id}/record`;
      document.getElementById("record-link").setAttribute("download", `spades-table-${this.id}.json`);
    }
    const chartBox = document.getElementById("chart-box");
    const results = this.shown().results;
    chartBox.hidden = !(this.waitingNext || over) || results.length === 0;
    if (!chartBox.hidden) drawChart(results, this.sideNames());
  }
}
