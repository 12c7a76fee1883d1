// What the table says, and when: the terminal's order. Every event is said in turn (all its lines, or with v only
// the tricks, bids and turns), "your turn" once per decision, a pause after each hand until n; back at a game under
// way, where it stands before the turn; and the room's answers to the reading keys and the coach. The words come
// from the room (the terminal's own announce functions); speak.js puts them in the page's live regions. These are
// methods of the table (table.js joins them to TableView; `this` is the table), which they share with the hand
// and the keys.

import { answer, say } from "./speak.js";
import { capitalize, cardName } from "./cards.js";
import { playEarcon, soundEvent } from "./sound.js";
import { saveSettings, settings } from "./settings.js";
import { LANG, _, n_ } from "./i18n.js";

/** "Ten of hearts is selected.": the card the keys would play, as a sentence of its own. */
export function selectedWords(card) {
  // Translators: the card is its name alone, capitalized ("Ten of hearts is selected.").
  return _("{card} is selected.", { card: capitalize(cardName(card)) });
}

export const saidMethods = {
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
        say(_("Press n for the next hand."));
        say(_("Or press C for the coach's review of your bids and cards."), { remember: false });
      }
      // As the terminal at the end of the game: the coach for the last hand, until the player leaves
      if (event.type === "game_over" && this.seat !== null) {
        say(_("Press C for the coach's review of the last hand, or q to leave."));
      }
    }
    if (this.myTurn() && !this.holdPrompt) this.sayPrompt();
  },

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
        const turn = this.view.phase === "pass"
          ? _("Your turn to pass a card to {seat}, face down.", { seat: this.seatName(this.view.pass_to) })
          : _("Your turn.");
        text = `${turn} ${selectedWords(this.selected)}`;
      }
      // The focus is about to go to the selected card and say its name: the line's card is then not heard again,
      // only the turn before it (the room's prompt names the card as this page does, in the page's language, whose
      // sentence about it may not be this page's word for word).
      const button = this.buttons.get(this.selected);
      const named = button ? text.lastIndexOf(capitalize(cardName(this.selected))) : -1;
      const endsWithIt = named > 0 && (text.endsWith(selectedWords(this.selected)) || LANG !== "en");
      if (button && this.focusWithTable() && document.activeElement !== button && endsWithIt) {
        return say(text, { urgent: settings.urgent, heard: text.slice(0, named).trim() });
      }
    }
    say(text, { urgent: settings.urgent });
  },

  /** The bids one may make, as the room's prompt says them ("Nil or 1 to 13"): in another language than English,
   * what follows its colon. */
  legalBidsText() {
    const match = (LANG === "en" ? /^Your turn to bid: (.*)\.$/ : /^[^:]*:\s*(.*?)\.?$/).exec(this.prompt || "");
    return match ? match[1] : "";
  },

  /** While a table waits for people, who came to a seat or left it is said, and then what the table waits for
   * now when that changed ("Every seat is taken: start the game when you are ready."): the seats' list changes
   * quietly, and a player waiting with the focus on the title would never know that the table is full. */
  saySeatChanges(before, waitedFor) {
    const mine = this.me ? this.me.name : null;
    for (const seat of this.info.seats) {
      const was = before.seats.find((s) => s.seat === seat.seat);
      if (!was || was.player === seat.player) continue;
      const where = this.seatName(seat.seat);
      if (was.player && was.player !== mine) say(_("{name} left {seat}.", { name: was.player, seat: where }));
      if (seat.player && seat.player !== mine) say(_("{name} sits at {seat}.", { name: seat.player, seat: where }));
    }
    const now = document.getElementById("waiting-text").textContent;
    if (now !== waitedFor) say(now);
  },

  /** Keep "your turn" until the room's line of where the game stands has come (or a second and a half). */
  holdForBack() {
    this.holdPrompt = true;
    this.backPending = true;
    clearTimeout(this.backTimer);
    this.backTimer = setTimeout(() => this.afterBack(), 1500);
  },

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
  },

  onSaid(text, context, action = null, lines = null, alert = null) {
    if (alert === "time") playEarcon("time");  // the clock's one warning: its own sound, then its words as any line
    if (context && context.key === "C") this.stopWaiting();
    if (context && context.key === "C" && lines) return answer(lines);  // every line of the review, in order
    // the hint key's card becomes the selected one, as at the terminal; when the focus goes to it, the focus says
    // its name, and the words do not say it again
    if (context && context.key === "x" && action && this.view && (this.view.hand || []).includes(action)) {
      if (this.markSelected(action, { focus: true })) {
        const named = new RegExp(`\\b(play|pass) the ${cardName(action)} \\(now selected\\)`);  // a play, or a Nil pass
        return answer(text, { heard: text.replace(named, "$1 it") });
      }
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
  },

  /** The terminal's v: every card said, or only tricks, bids and turns; kept with the other settings. */
  toggleVerbosity() {
    settings.verbosity = settings.verbosity === "tricks" ? "all" : "tricks";
    saveSettings();
    say(settings.verbosity === "all" ? _("Verbosity: every card is said.")
      : _("Verbosity: only tricks, bids and turns are said."));
  },

  /** The terminal's C: the coach's review of the hand just played (or the last, once the game is over), for this
   * seat; the room searches for a second or two, so say first that the coach is at work, as the terminal does. */
  coach() {
    const over = this.view.phase === "over" && this.seen >= this.events.length;
    const hand = this.waitingNext ? this.reviewHand : over ? this.view.hand_number : null;
    const message = { type: "ask", table: this.id, key: "C" };
    if (hand !== null) {
      message.hand = hand;
      if (this.seat !== null) {
        answer(_("The coach goes through your bids and cards of hand {hand}.", { hand }));
        this.waitForCoach(hand);
      }
    }
    this.link.send(message, { kind: "ask", key: "C" });
  },

  /** The review takes a second or two, and much longer the first time the room searches (its search is compiled
   * then): while it has not come, say every few seconds that the coach is still at work, so silence never reads
   * as a key that did nothing. */
  waitForCoach(hand) {
    clearTimeout(this.coachTimer);
    const started = Date.now();
    const tick = () => {
      const seconds = Math.round((Date.now() - started) / 1000);
      answer(n_("The coach is still at work on hand {hand}: {n} second so far.",
        "The coach is still at work on hand {hand}: {n} seconds so far.", seconds, { hand }));
      this.coachTimer = setTimeout(tick, 5000);
    };
    this.coachTimer = setTimeout(tick, 2500);
  },

  /** The coach's answer (or the room's refusal) has come. */
  stopWaiting() {
    clearTimeout(this.coachTimer);
    this.coachTimer = null;
  },

  review() {
    const lines = [];
    for (let index = this.handStart; index < this.seen; index++) {
      for (const line of this.lines[index]) lines.push("  " + line);
    }
    return lines.length ? [_("Log of this hand:"), ...lines] : [_("Nothing has happened in this hand yet.")];
  },
};
