// The hand and its focus: the player's cards as one button a card (one Tab stop, the selected card), the moves
// through them and the jumps to a suit, and where the focus goes at the table: to the selected card when it
// changes or a turn begins, and never otherwise. These are methods of the table (table.js joins them to TableView;
// `this` is the table).

import { answer, clearAnswer } from "./speak.js";
import { SUITS, cardFaceElement, cardName, inOrder, suitOf } from "./cards.js";
import { settings } from "./settings.js";
import { el, shown } from "./dom.js";
import { _, n_ } from "./i18n.js";
import { selectedWords } from "./said.js";

// Each suit in words, in the engine's order: none held, and how many are ("3 hearts", "1 heart").
const SUIT_WORDS = [
  { none: () => _("No clubs."), held: (n) => n_("{n} club", "{n} clubs", n) },
  { none: () => _("No diamonds."), held: (n) => n_("{n} diamond", "{n} diamonds", n) },
  { none: () => _("No hearts."), held: (n) => n_("{n} heart", "{n} hearts", n) },
  { none: () => _("No spades."), held: (n) => n_("{n} spade", "{n} spades", n) },
];

export const handMethods = {
  hand() { return this.view && this.view.hand ? inOrder(this.view.hand) : null; },

  /** A move through the hand, or a jump to a suit: the keymap entry's ``move`` says which. */
  navigate(entry) {
    if (this.waitingNext) return this.ask("h");
    const cards = this.hand();
    if (cards === null) return answer(_("You have not looked at your cards; press h to look."));
    if (cards.length === 0) return answer(_("You hold no cards."));
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
    // What is said after the card's name: how many of its suit, whether it is the first or the last; each a
    // phrase of its own, said after a comma.
    const notes = [];
    let target;
    if (entry.does === "suit") {
      const suit = SUITS.findIndex((s) => s.plural === move);
      const held = ofSuit(suit);
      if (held.length === 0) return answer(SUIT_WORDS[suit].none());
      target = held[0];
      notes.push(SUIT_WORDS[suit].held(held.length));
    } else if (move === "left") {
      if (before.length === 0) notes.push(_("first card"));
      target = before.length ? before[before.length - 1] : pool[0];
    } else if (move === "right") {
      if (index >= 0 && after.length === 0) notes.push(_("last card"));
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
      const edge = next < 0 || next >= suits.length;
      if (edge) next = position;
      const held = ofSuit(suits[next]);
      target = held[0];
      notes.push(SUIT_WORDS[suits[next]].held(held.length));
      if (edge) notes.push(step < 0 ? _("first suit") : _("last suit"));
    }
    // The focus on the card says its name: the status line's words are then not said again, only the notes.
    const moved = this.markSelected(target, { focus: true });
    answer([cardName(target), ...notes].join(", "), moved ? { heard: notes.join(", ") } : {});
  },

  /** The hand: one button a card, kept from update to update (only the cards played leave, only those dealt or
   * drawn come), so that the focus stays on its card and a screen reader says nothing again; a card that may not
   * be played now says so, and why, as its description. A card that leaves with the focus on it is kept, out of
   * sight, until the focus goes elsewhere (see keepLeaving): the focus never moves by itself when one's own card
   * is played, nor at the end of a hand, so "South plays the ace of hearts." and the result are heard whole. */
  renderHand() {
    const box = document.getElementById("hand");
    const cards = this.waitingNext ? [] : this.hand();
    const view = this.view;
    const held = cards || [];
    const hadFocus = box.contains(document.activeElement);
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
    const status = document.getElementById("status");
    for (const [card, button] of this.buttons) {
      if (!held.includes(card)) {
        this.buttons.delete(card);
        // an answer about a card that has left the hand ("the three of hearts is selected") is no longer true
        if (status.textContent.toLowerCase().includes(cardName(card).toLowerCase())) clearAnswer();
        if (button === document.activeElement) this.keepLeaving(button);
        else button.remove();
      }
    }
    this.showHand();
    let note = box.querySelector(":scope > p");
    if (cards === null && !this.waitingNext) {
      const text = view.seat === null ? _("You are watching.") : _("Your cards are face down.");
      if (!note) box.append(note = el("p", {}));
      note.textContent = text;
    } else if (note) {
      note.remove();
    }
    const playing = this.myTurn() && (view.phase === "play" || view.phase === "pass");
    const why = document.getElementById("hand-why");
    const reason = playing && this.unplayable ? _("cannot be played: {reason}", { reason: this.unplayable }) : "";
    if (why.textContent !== reason) why.textContent = reason;
    held.forEach((card, index) => {
      let button = this.buttons.get(card);
      if (!button) {
        button = el("button", {
          type: "button", class: "card", "aria-label": cardName(card), "data-card": card,
          onclick: () => this.playCard(card),
          onfocus: () => { if (this.selected !== card) this.markSelected(card); },
        }, cardFaceElement(card));
        this.buttons.set(card, button);
      }
      // in the hand's order, without moving a button already there (a moved button loses the focus)
      const here = box.querySelectorAll(":scope > button.card:not(.leaving)")[index];
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
  },

  /** A card played (or the last of a hand) with the focus on it: the button stays where the focus is, out of
   * sight and unchanged, so the screen reader says nothing (moving the focus to the next card would cut off the
   * line of the card just played with that card's name). It goes once the focus leaves it: at the next turn, or
   * when the player moves through the hand. */
  keepLeaving(button) {
    this.letGoOfLeaving();
    this.leaving = button;
    button.classList.add("leaving");
    button.addEventListener("focusout", () => {
      if (this.leaving !== button) return;  // let go of already (a new table): removing it is what moved the focus
      if (document.activeElement === button) return;  // the window lost the focus, not the card: it comes back here
      this.leaving = null;
      button.remove();
      this.showHand();
    });
  },

  /** The card kept for the focus goes now (a new table, or another card that leaves with the focus). */
  letGoOfLeaving() {
    const button = this.leaving;
    this.leaving = null;
    button?.remove();
  },

  /** The hand is shown while there are cards to show, or while the card just played still holds the focus. */
  showHand() {
    const view = this.view;
    const over = view !== null && view.phase === "over" && this.seen >= this.events.length;
    const wrap = document.getElementById("hand").parentElement;
    const gone = this.waitingNext || over;
    wrap.hidden = gone && !this.leaving;
    wrap.classList.toggle("keeping", gone && Boolean(this.leaving));
  },

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
  },

  firstLegalCardOrNull() { return this.view && this.view.legal ? this.firstLegalCard() : null; },

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
  },

  /** Whether the table may move the focus: it is in the table already, or nowhere (on the page's body, or on an
   * element just hidden or removed); never from the header, a dialog or another view. */
  focusWithTable() {
    const active = document.activeElement;
    if (active === null || active === document.body) return true;
    if (active.closest("dialog")) return false;
    return document.getElementById("view-table").contains(active) || !shown(active);
  },

  /** Move the focus to where the keys start; true when it moved. */
  focusHome() {
    const target = this.homeElement();
    if (!target || document.activeElement === target) return false;
    target.focus();
    return document.activeElement === target;
  },

  /** Arriving at the table: the focus goes where the keys start once the room has said what the table is; until
   * then there is nothing to put it on (the card table of the last table, or its title, would be said and left at
   * once). */
  focus() {
    if (this.view === null && (this.info === null || this.starting || this.info.state !== "waiting")) {
      this.wantFocus = true;  // the first update (or, for a table that waits, its first message) puts it
    } else {
      this.focusHome();
    }
  },

  /** After drawing: a turn just begun (or the first update) brings the focus to the selected card. A game under
   * way, starting or over sends its first update next: the focus waits for it, to go to the card table once, not
   * to the title first. */
  applyFocus() {
    if (!this.wantFocus) return;
    if (this.view === null && (this.starting || (this.info && this.info.state !== "waiting"))) return;
    this.wantFocus = false;
    if (this.focusWithTable()) this.focusHome();
  },

  /** Escape: back to the hand from wherever the focus is; said, when the focus is there already. */
  backToHand() {
    if (this.focusHome()) return;
    const cards = this.hand() || [];
    if (this.view === null) answer(_("The game has not started yet."));
    else if (this.waitingNext) answer(_("Press n for the next hand."));
    else answer(cards.includes(this.selected) ? selectedWords(this.selected) : _("No card is selected."));
  },
};
