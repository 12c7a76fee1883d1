// A table of the room in the browser: the picture for the eyes, and the keys and words of `spades play` for the
// ears. This module holds the table's state, takes the room's messages about it and sends the player's actions.
// The table's other jobs share that state, so they are methods of this one class, each written in a module of its
// own and joined here: what is said and when (said.js), the keys (keys.js), the hand and its focus (hand.js), what
// the player may do now (decision.js) and the scores (scoreboard.js); felt.js draws the seats and the trick.

import { answer, quiet, reason, refuse } from "./speak.js";
import { theCard } from "./cards.js";
import { _ } from "./i18n.js";
import { ChatBox } from "./chat.js";
import { noteAway, renderSeats, renderTrick } from "./felt.js";
import { handSize, homeSeat, positionOf, seatNames, sideNames, variantWords } from "./rulesets.js";
import { saidMethods } from "./said.js";
import { noteClock } from "./turn_clock.js";
import { keyMethods } from "./keys.js";
import { handMethods } from "./hand.js";
import { decisionMethods } from "./decision.js";
import { scoreboardMethods } from "./scoreboard.js";

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
    this.letGoOfLeaving();
    this.leaving = null;  // a card played that keeps the focus until it moves (hand.js, keepLeaving)
    this.buttons = new Map();  // the hand's buttons by card: kept from update to update, so the focus stays put
    this.order = [];  // the cards as last shown
    this.clock = null;  // the turn clock of the last update (turn_clock.js), at a table that has one
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
    noteClock(this, message.clock);
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

  onActError(message, context) {
    this.holdPrompt = false;
    if (message.code === "out_of_date") {
      // The room sent the missing update just before this answer: send the action again, once, if it still may be.
      if (!context.again && this.myTurn() && this.view.legal.includes(context.action)) {
        this.act(context.action, { card: context.card, again: true });
        return;
      }
    }
    const why = reason(message.message);
    if (context.card) refuse(_("Not {card}: {reason}.", { card: theCard(context.card), reason: why }));
    else refuse(_("Not possible: {reason}.", { reason: why }));
  }

  myTurn() {
    const view = this.view;
    return view !== null && this.seat !== null && view.phase !== "over" && !this.waitingNext
      && view.turn === this.seat && view.legal.length > 0;
  }

  firstLegalCard() {
    return this.view.legal.find((action) => /^((10|[2-9JQKA])[SHDC]|[BL]J)$/.test(action)) ?? null;
  }

  ask(key, context = {}) {
    const message = { type: "ask", table: this.id, key };
    if (this.waitingNext && this.reviewHand !== null) message.hand = this.reviewHand;
    this.link.send(message, { kind: "ask", key, ...context });
  }

  act(action, extra = {}) {
    this.link.send({ type: "act", table: this.id, action, cursor: this.cursor },
      { kind: "act", action, ...extra });
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
    const done = () => answer(_("The invitation link is copied: {link}", { link }));
    const shown = () => answer(_("The invitation link: {link}", { link }));
    if (navigator.clipboard) navigator.clipboard.writeText(link).then(done, shown);
    else shown();
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
    if (info.player) return info.connected ? info.player : _("{name} (away)", { name: info.player });
    if (info.level) return _("Computer ({level})", { level: info.level });
    return _("Empty seat");
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

  render() {
    const info = this.info;
    const view = this.view;
    const title = document.getElementById("table-title");
    const id = view ? view.rules.variant : info ? info.rules.variant : "";
    const variant = id ? variantWords(id) : "";
    title.textContent = variant ? _("Table {table}: {variant}", { table: this.id, variant })
      : _("Table {table}", { table: this.id });
    const waiting = document.getElementById("waiting");
    waiting.hidden = !(info && (info.state === "waiting" || info.state === "closed"));
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
      this.showHand();
    }
    this.applyFocus();
  }

  renderSeats() { renderSeats(this); }

  renderTrick() { renderTrick(this); }
}

for (const methods of [saidMethods, keyMethods, handMethods, decisionMethods, scoreboardMethods]) {
  Object.assign(TableView.prototype, methods);
}
