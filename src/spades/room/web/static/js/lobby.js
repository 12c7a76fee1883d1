// The lobby: the room's tables, each drawn as a small table of its seats with one button (back to one's seat,
// join, or watch), kept current while it is shown; and the form that creates a table, with a seat for each player
// of the variant chosen, only the options it takes, and a turn clock if its creator wants one. What the room's page
// shares comes from app.js.

import { homeSeat, optionsOf, playersOf, seatKeys, seatNames, variantWords } from "./rulesets.js";
import { $, el } from "./dom.js";
import { clockLine } from "./turn_clock.js";
import { _ } from "./i18n.js";

const LEVELS = ["easy", "normal", "hard", "random"];

function seatWords(info, seat) {
  if (seat.player) return seat.player;
  if (seat.level) return _("computer ({level})", { level: seat.level });
  return _("open");
}

/** The seat a Join takes: the first that waits for a person, else the first a computer would play. */
function seatToJoin(info) {
  if (info.state !== "waiting") return null;
  return info.seats.find((s) => !s.player && !s.level) ?? info.seats.find((s) => !s.player) ?? null;
}


/** The pager under the list: the room sends the tables a page at a time (waiting ones first). */
function renderPager(state, reply) {
  const pages = reply?.pages ?? 1;
  state.lobbyPage = Math.min(reply?.page ?? 0, pages - 1);
  $("lobby-pager").hidden = pages <= 1;
  $("lobby-page").textContent = _("Page {page} of {pages}", { page: state.lobbyPage + 1, pages });
  $("lobby-previous").disabled = state.lobbyPage === 0;
  $("lobby-next").disabled = state.lobbyPage >= pages - 1;
}

export function renderLobby({ state, go, sitAndStart }, tables, reply) {
  renderPager(state, reply);
  const same = JSON.stringify(tables);
  if (same === state.lobbyKey && $("tables").childElementCount === tables.length) return;
  state.lobbyKey = same;
  state.lobbyTables = tables;
  const list = $("tables");
  // A button that had the focus keeps it in the new list (found again by its words).
  const focused = list.contains(document.activeElement) ? document.activeElement.textContent : null;
  setTimeout(() => {
    if (focused === null) return;
    const again = [...list.querySelectorAll("button")].find((button) => button.textContent === focused);
    (again || $("lobby-refresh")).focus();
  }, 0);
  $("no-tables").hidden = tables.length > 0;
  // Each table as a small table of its own: its seats round it, who sits where, and one button: back to one's
  // seat, join (the first open seat), or watch.
  list.replaceChildren(...tables.map((info) => {
    const players = info.seats.length;
    const names = seatNames(players);
    const keys = seatKeys(players);
    const variant = variantWords(info.rules.variant);
    const seats = el("ul", { class: `lobby-seats seats-${players}`, "aria-label": _("Seats of table {table}", { table: info.table }) },
      ...info.seats.map((seat) => el("li", { class: `lobby-seat at-${keys[seat.seat]}${seat.player ? " taken" : seat.level ? " computer" : " open"}` },
        el("span", { class: "lobby-seat-name", text: _("{seat}:", { seat: names[seat.seat] }) + " " }),
        el("span", { text: seatWords(info, seat) }))));
    const mine = state.me && info.seats.find((s) => s.player === state.me.name);
    const free = seatToJoin(info);
    let button;
    if (mine) {
      button = el("button", { type: "button", class: "primary", text: _("Back to table {table}", { table: info.table }),
        onclick: () => go(`/table/${info.table}?seat=${mine.seat}`) });
    } else if (free) {
      button = el("button", { type: "button", class: "primary", text: _("Join table {table}", { table: info.table }),
        "aria-describedby": `table-${info.table}-join`,
        onclick: () => sitAndStart(info.table, free.seat, false) });
    } else {
      button = el("button", { type: "button", text: _("Watch table {table}", { table: info.table }),
        onclick: () => go(`/table/${info.table}`) });
    }
    const status = { waiting: () => _("waiting for players"), playing: () => _("playing"), over: () => _("over") }[info.state]?.()
      ?? info.state;
    return el("li", { class: `table-item state-${info.state}` },
      el("div", { class: "table-head" }, el("h3", { text: info.private ? _("Table {table} (private)", { table: info.table })
        : _("Table {table}", { table: info.table }) }),
        el("span", { class: "badge", text: variant }), el("span", { class: `badge state`, text: status })),
      el("p", { class: "table-owner", text: info.owner ? _("Owner: {name}", { name: info.owner }) : _("Owner: nobody") }),
      info.clock ? el("p", { class: "table-clock", text: clockLine(info.clock) }) : "",
      seats,
      free && !mine ? el("p", { class: "join-seat", id: `table-${info.table}-join`,
        text: free.level ? _("You sit at {seat}, instead of the computer.", { seat: names[free.seat] })
          : _("You sit at {seat}.", { seat: names[free.seat] }) }) : "",
      el("div", { class: "buttons" }, button));
  }));
}

export function renderCreateSeats() {
  const variant = $("create-variant").value;
  const players = playersOf(variant);
  const names = seatNames(players);
  const mySeat = homeSeat(players);
  // the options this variant takes, and only those
  const taken = optionsOf(variant);
  for (const box of document.querySelectorAll("#create-form [data-option]")) box.hidden = !taken.includes(box.dataset.option);
  $("create-seats").replaceChildren(...names.map((name, seat) => {
    const id = `seat-${seat}`;
    const select = el("select", { id, name: id },
      el("option", { value: "me", text: _("Me") }),
      ...LEVELS.map((level) => el("option", { value: level, text: _("Computer, {level}", { level }) })),
      el("option", { value: "person", text: _("A person (invite them)") }));
    select.value = seat === mySeat ? "me" : "normal";
    return el("div", {}, el("label", { for: id, text: name }), select);
  }));
}

/** The lobby's buttons and the form that creates a table. */
export function connectLobby({ state, link, table, go, sitAndStart }) {
  const ask = (page) => link.send({ type: "lobby", page }, { kind: "lobby" });
  $("lobby-refresh").addEventListener("click", () => ask(state.lobbyPage));
  $("lobby-previous").addEventListener("click", () => ask(Math.max(0, state.lobbyPage - 1)));
  $("lobby-next").addEventListener("click", () => ask(state.lobbyPage + 1));
  // The list keeps itself current while it is shown (quietly: it is no live region).
  setInterval(() => {
    if (!$("view-lobby").hidden && link.connected && !document.hidden) ask(state.lobbyPage);
  }, 10000);

  $("create-variant").addEventListener("change", renderCreateSeats);
  // The turn clock's fields, shown (and taken by the form's checks) only while the clock is on.
  const clockFields = () => {
    const on = $("create-clock").checked;
    $("create-clock-fields").hidden = !on;
    for (const input of $("create-clock-fields").querySelectorAll("input")) input.disabled = !on;
  };
  $("create-clock").addEventListener("change", clockFields);
  clockFields();  // as the browser kept the form over a reload
  // "Allow watchers" means something only at a private table: shown (and sent) only then.
  const privateFields = () => {
    const on = $("create-private").checked;
    $("create-watchers-box").hidden = !on;
    $("create-watchers").disabled = !on;
  };
  $("create-private").addEventListener("change", privateFields);
  privateFields();
  $("create-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const variant = $("create-variant").value;
    const options = {};
    const target = parseInt($("create-target").value, 10);
    if (Number.isInteger(target) && target !== 500) options.target = target;
    const penalty = $("create-bag-penalty").value;
    if (penalty !== "") options.bag_penalty = parseInt(penalty, 10);
    const hands = parseInt($("create-hands").value, 10);
    if (Number.isInteger(hands) && hands > 0) options.hands = hands;
    if (!$("create-nil").checked) options.nil = false;
    if ($("create-blind-nil").checked) options.blind_nil = true;
    const taken = optionsOf(variant);
    const chosen = { jokers: $("create-jokers").value, deuces_out: $("create-deuces-out").value,
      teams: $("create-teams").value, nil_pass: parseInt($("create-nil-pass").value, 10) || 0,
      face_down_discards: $("create-face-down").checked, no_bags: $("create-no-bags").checked };
    const plain = { jokers: "none", deuces_out: "clubs_diamonds", teams: "pairs", nil_pass: 0,
      face_down_discards: false, no_bags: false };
    for (const [name, value] of Object.entries(chosen)) {
      if (taken.includes(name) && value !== plain[name]) options[name] = value;
    }
    const levels = {};
    let mySeat = null;
    let people = 0;
    for (const select of $("create-seats").querySelectorAll("select")) {
      const seat = Number(select.id.slice(5));
      if (select.value === "me") {
        if (mySeat === null) mySeat = seat;
        else levels[seat] = "normal";
      } else if (select.value === "person") people += 1;
      else levels[seat] = select.value;
    }
    const message = { type: "create", rules: { variant, options }, levels };
    if ($("create-private").checked) {
      message.private = true;
      message.watchers = $("create-watchers").checked;
    }
    if ($("create-clock").checked) {
      message.clock = { per_action: parseInt($("create-per-action").value, 10),
        bank: parseInt($("create-bank").value, 10), more_time: $("create-more-time").checked };
    }
    link.send(message, {
      kind: "create",
      then: (info) => {
        if (mySeat === null) {
          go(`/table/${info.table}`);
          table.starting = people === 0;
          if (people === 0) link.send({ type: "start", table: info.table }, { kind: "start" });
        } else {
          sitAndStart(info.table, mySeat, people === 0);
        }
      },
    });
  });
}
