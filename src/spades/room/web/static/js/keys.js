// The table's keys, as at the terminal: each key pressed at the table to what it does (move through the hand, read,
// bid by digits and Enter, play, answer y or n, the coach, leave), and a click on a card, which plays it as Enter
// does. These are methods of the table (table.js joins them to TableView; `this` is the table).

import { answer, clearAlert, clearAnswer, lastMessage, refuse, say } from "./speak.js";
import { bidSpoken, capitalize, theCard } from "./cards.js";
import { _ } from "./i18n.js";
import { rematchKey } from "./quick.js";
import { acceptInvitation, roomKey } from "./social.js";

// The keys are the room's keymap, the terminal's own (spades/words/keymap.py), which the page carries as JSON:
// each key, and the others that do the same, to its entry; the browser's names for keys (KeyboardEvent.key) to
// the key they are.
const KEYMAP = JSON.parse(document.getElementById("keymap")?.textContent || "[]");
const KEYS = new Map(KEYMAP.flatMap((entry) => [entry.key, ...entry.also].map((key) => [key, entry])));
const BROWSER_KEYS = Object.fromEntries(KEYMAP.flatMap((entry) => entry.browser.map((name) => [name, entry.key])));

export const keyMethods = {
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
  },

  handleKey(key) {
    if (KEYS.get(key)?.does === "back") return this.backToHand();
    if (this.chat.key(key)) return;  // Space, p and its digit, Shift+M: the chat's, before the game's
    if (roomKey(KEYS.get(key)?.does, this)) return;  // !, Shift+F, Shift+A, Shift+O: the room's, game or none
    if (this.view === null) {
      answer(_("The game has not started yet."));
      return;
    }
    if (this.confirm !== null) return this.answerConfirm(key);
    const phase = this.view.phase;
    if (phase === "over" && this.seat !== null && (key === "y" || key === "n") && rematchKey(key)) return;
    const entry = KEYS.get(key);
    const does = entry ? entry.does : null;
    if (does === "bid") return this.digit(key);
    if (does === "rub out" && this.digits) {
      this.digits = this.digits.slice(0, -1);
      return answer(this.digits ? _("Bid: {digits}.", { digits: this.digits }) : _("Bid: nothing typed."));
    }
    if (does === "enter") return this.enter();
    if (this.myTurn() && phase === "draw" && (key === "y" || key === "n")) return this.act(key === "y" ? "keep" : "discard");
    if (does === "move" || does === "suit") return this.navigate(entry);
    if (does === "read") return entry.key === "h" ? this.readHand() : this.ask(entry.key);
    if (does === "hint") return this.ask(entry.key);
    if (does === "clock" || does === "standings") return this.ask(entry.key);
    if (does === "coach") return this.coach();
    if (does === "repeat") return answer(lastMessage() || _("Nothing has been said yet."));
    if (does === "log") return answer(this.review());
    if (does === "help") return this.showKeys();
    if (does === "next") {
      if (this.waitingNext) {
        this.waitingNext = false;
        this.advance();
        this.render();
      } else {
        this.ask("w", { prefix: _("There is no hand to continue.") + " " });
      }
      return;
    }
    if (does === "verbosity") return this.toggleVerbosity();
    if (does === "quit") {
      this.confirm = { kind: "quit" };
      say(_("Leave the table? y or n."));
      return;
    }
    const shown = key.length === 1 ? key : capitalize(key);
    answer(_("{key} does nothing here; press ? for the list of keys.", { key: shown }));
  },

  answerConfirm(key) {
    const lowered = key.toLowerCase();
    if (lowered !== "y" && lowered !== "n") {
      say(_("Please answer y or n."));
      return;
    }
    const { kind, bid } = this.confirm;
    this.confirm = null;
    if (kind === "quit") {
      if (lowered === "y") this.leave();
      else say(_("Staying at the table."));
      return;
    }
    if (kind === "accept") {  // an invitation to another table, taken during this game
      if (lowered !== "y") return say(_("Staying at the table."));
      this.link.send({ type: "stand", table: this.id });
      acceptInvitation();
      return;
    }
    if (lowered === "y") this.act(bid);
    else say(_("Bid taken back. Your turn to bid: {bids}.", { bids: this.legalBidsText() }));
  },

  digit(key) {
    if (!(this.myTurn() && this.view.phase === "bid")) {
      this.ask("w", { prefix: _("Digits are for bidding, and it is not your turn to bid.") + " " });
      return;
    }
    this.digits = (this.digits + key).slice(-2);
    answer(this.digits);
  },

  enter() {
    const view = this.view;
    if (!this.myTurn()) {
      if (this.waitingNext) this.ask("w", { log: true });
      else this.ask("w", { prefix: _("It is not your turn.") + " " });
      return;
    }
    if (view.phase === "bid") {
      if (!this.digits) {
        refuse(_("Type your bid first: {bids}.", { bids: this.legalBidsText() }));
        return;
      }
      const value = parseInt(this.digits, 10);
      this.digits = "";
      clearAnswer();  // the digits typed are now the question "Bid 3?", and then the bid
      let bid;
      if (view.legal.includes("look")) {
        if (value !== 0) {
          refuse(_("Before looking you may only bid Blind Nil (0); press h to look at your cards."));
          return;
        }
        bid = "blind nil";
      } else if (value > this.handSize()) {
        refuse(_("You may not bid {bid}. You may bid {bids}.", { bid: value, bids: this.legalBidsText() }));
        return;
      } else {
        bid = value === 0 ? "nil" : String(value);
      }
      if (!view.legal.includes(bid)) {
        refuse(_("You may not bid {bid}. You may bid {bids}.", { bid: bidSpoken(bid), bids: this.legalBidsText() }));
        return;
      }
      this.confirm = { kind: "bid", bid };
      say(_("Bid {bid}? y or n.", { bid: bidSpoken(bid) }));
      return;
    }
    if (view.phase === "draw") {
      say(view.offered ? _("You drew {card}: y keeps it, n discards it.", { card: theCard(view.offered) })
        : _("You drew the card: y keeps it, n discards it."));
      return;
    }
    if (this.selected === null) {
      refuse(_("No card is selected."));
      return;
    }
    this.playCard(this.selected);
  },

  playCard(card) {
    this.selected = card;
    this.defaulted = false;
    if (!this.myTurn()) {
      this.ask("w", { prefix: _("It is not your turn.") + " " });
      this.render();
      return;
    }
    this.act(card, { card });
    this.render();
  },

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
      return answer(_("You have not looked at your cards yet."));
    }
    this.ask("h");
  },
};
