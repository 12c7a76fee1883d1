// What the player may do now, as buttons and a line for the eyes and the pointer (the keys do the same): before the
// game, the seats to take and what the table waits for; in the game, the decision box (the bids, keep or discard
// the card drawn, the turn to play or pass) or whose turn it is; between hands, "Next hand". Each is drawn again
// only when what it offers changes, so that a button keeps the focus. These are methods of the table (table.js
// joins them to TableView; `this` is the table).

import { bidSpoken, cardName } from "./cards.js";
import { el } from "./dom.js";
import { joinMessage } from "./settings.js";

/** Words for a keyboard and a mouse, and words for a finger: both in the page, each shown (and read) only where it
 * can be done, by the pointer the device has (app.css: .keys-words and .touch-words). */
function keysOrTouch(keys, touch) {
  const words = [el("span", { class: "keys-words", text: keys })];
  if (touch) words.push(el("span", { class: "touch-words", text: touch }));
  return el("span", {}, ...words);
}

export const decisionMethods = {
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
    // A choice to make with buttons is offered over the middle of the felt (app.css); a line stays below it.
    box.classList.toggle("picker", this.waitingNext || (this.myTurn() && (view.phase === "bid" || view.phase === "draw")));
    if (this.waitingNext) {
      box.append(el("p", { class: "your-turn" }, keysOrTouch("Press n for the next hand, or:", "The hand is over.")),
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
          el("button", { type: "button", onclick: () => this.act("keep") }, "Keep it", keysOrTouch(" (y)", "")),
          el("button", { type: "button", onclick: () => this.act("discard") }, "Discard it", keysOrTouch(" (n)", ""))));
    } else if (view.phase === "pass") {
      box.append(el("p", { class: "your-turn" }, `Your turn to pass a card to ${this.seatName(view.pass_to)}, face down: `,
        keysOrTouch("click a card, or press Enter.", "tap a card.")));
    } else {
      box.append(el("p", { class: "your-turn" }, "Your turn: ", keysOrTouch("click a card, or press Enter.", "tap a card.")));
    }
  },

  renderWaiting() {
    const info = this.info;
    const closed = info.state === "closed";  // it waited too long for its game: the room said why, as a line
    document.getElementById("copy-invite").hidden = closed;
    if (closed) {
      document.getElementById("waiting-text").textContent = "This table is closed: its game did not start in time. " +
        "Make a new table, or choose another in the lobby.";
      document.getElementById("waiting-seats").replaceChildren();
      document.getElementById("start-game").hidden = true;
      this.waitingKey = null;
      return;
    }
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
        onclick: () => this.link.send(joinMessage(this.id, s.seat), { kind: "join" }) }) : "")));
    if (focused !== null) {
      const again = [...list.querySelectorAll("button")].find((button) => button.textContent === focused);
      if (again) again.focus();
    }
  },
};
