// What the player may do now, as buttons and a line for the eyes and the pointer (the keys do the same): before the
// game, the seats to take and what the table waits for; in the game, the decision box (the bids, keep or discard
// the card drawn, the turn to play or pass) or whose turn it is; between hands, "Next hand". Each is drawn again
// only when what it offers changes, so that a button keeps the focus. These are methods of the table (table.js
// joins them to TableView; `this` is the table).

import { bidSpoken, theCard } from "./cards.js";
import { el } from "./dom.js";
import { joinMessage } from "./settings.js";
import { _, n_ } from "./i18n.js";

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
      box.append(el("p", { class: "your-turn" }, keysOrTouch(_("Press n for the next hand, or:"), _("The hand is over."))),
        el("button", { type: "button", class: "primary", text: _("Next hand"), onclick: () => this.handleKey("n") }));
      return;
    }
    if (!this.myTurn()) {
      if (view.phase !== "over") {
        const seat = { seat: this.seatName(view.turn) };
        const text = { bid: () => _("{seat} to bid.", seat), draw: () => _("{seat} to draw.", seat),
          pass: () => _("{seat} to pass.", seat) }[view.phase] ?? (() => _("{seat} to play.", seat));
        box.append(el("p", { class: "waiting-turn", text: text() }));
      }
      return;
    }
    if (view.phase === "bid") {
      const group = el("div", { class: "bids", role: "group", "aria-label": _("Your bid") });
      for (const action of view.legal) {
        const label = action === "look" ? _("Look at my cards") : _("Bid {bid}", { bid: bidSpoken(action) });
        group.append(el("button", { type: "button", class: action === "look" ? "" : "bid", text: action === "look" ? label : bidSpoken(action), "aria-label": label, onclick: () => this.act(action) }));
      }
      box.append(el("p", { class: "your-turn", text: _("Your turn to bid.") }), group);
    } else if (view.phase === "draw") {
      const drew = view.offered ? _("You drew {card}.", { card: theCard(view.offered) }) : _("You drew the card.");
      box.append(el("p", { class: "your-turn", text: drew }),
        el("div", { class: "bids" },
          el("button", { type: "button", onclick: () => this.act("keep") }, _("Keep it"), keysOrTouch(" (y)", "")),
          el("button", { type: "button", onclick: () => this.act("discard") }, _("Discard it"), keysOrTouch(" (n)", ""))));
    } else if (view.phase === "pass") {
      const seat = { seat: this.seatName(view.pass_to) };
      box.append(el("p", { class: "your-turn" }, keysOrTouch(
        _("Your turn to pass a card to {seat}, face down: click a card, or press Enter.", seat),
        _("Your turn to pass a card to {seat}, face down: tap a card.", seat))));
    } else {
      box.append(el("p", { class: "your-turn" }, keysOrTouch(_("Your turn: click a card, or press Enter."),
        _("Your turn: tap a card."))));
    }
  },

  renderWaiting() {
    const info = this.info;
    const closed = info.state === "closed";  // it waited too long for its game: the room said why, as a line
    document.getElementById("copy-invite").hidden = closed;
    if (closed) {
      document.getElementById("waiting-text").textContent = _("This table is closed: its game did not start in time. "
        + "Make a new table, or choose another in the lobby.");
      document.getElementById("waiting-seats").replaceChildren();
      document.getElementById("start-game").hidden = true;
      this.waitingKey = null;
      return;
    }
    const mine = this.me && info.owner === this.me.name;
    const empty = info.seats.filter((s) => !s.player && !s.level).length;
    const starts = info.autostart ? _("The game starts by itself when every seat is taken.")
      : (mine ? _("Start the game when every seat is taken.")
        : info.owner ? _("{owner} starts the game.", { owner: info.owner }) : _("The owner starts the game."));
    document.getElementById("waiting-text").textContent = empty
      ? [n_("Waiting for {n} more player. Send the invitation link to a friend.",
        "Waiting for {n} more players. Send the invitation link to a friend.", empty), starts].join(" ")
      : (mine ? _("Every seat is taken: start the game when you are ready.")
        : (info.autostart ? _("Every seat is taken; the game is starting.")
          : info.owner ? _("Waiting for {owner} to start the game.", { owner: info.owner })
            : _("Waiting for the owner to start the game.")));
    const list = document.getElementById("waiting-seats");
    const seated = this.me && info.seats.some((s) => s.player === this.me.name);
    // Drawn again only when it changes: a rebuilt button would lose the focus a player put on it.
    const key = JSON.stringify([info.seats, seated, this.players()]);
    document.getElementById("start-game").hidden = !mine;
    if (key === this.waitingKey) return;
    const focused = list.contains(document.activeElement) ? document.activeElement.textContent : null;
    this.waitingKey = key;
    list.replaceChildren(...info.seats.map((s) => el("li", {},
      _("{seat}: {who}", { seat: this.seatName(s.seat), who: this.who(s.seat) }) + " ",
      !seated && !s.player ? el("button", { type: "button", text: _("Sit at {seat}", { seat: this.seatName(s.seat) }),
        onclick: () => this.link.send(joinMessage(this.id, s.seat), { kind: "join" }) }) : "")));
    if (focused !== null) {
      const again = [...list.querySelectorAll("button")].find((button) => button.textContent === focused);
      if (again) again.focus();
    }
  },
};
