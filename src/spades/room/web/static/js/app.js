// The room in the browser: signing in, the lobby, creating a table, statistics, and the table itself
// (table.js). One websocket (net.js) carries everything; every name and message from the room is shown as text.

import { Link } from "./net.js";
import { TableView } from "./table.js";
import { connectQuick, onQuickMessage, seatedByRoom, showRating } from "./quick.js";
import { alertText, answer, reason, say } from "./speak.js";
import { settings, saveSettings } from "./settings.js";
import { connectSoundSettings } from "./sound.js";
import { connectRatings, showRatings } from "./ratings.js";
import { LobbyChat } from "./lobby_chat.js";
import { homeSeat, optionsOf, playersOf, seatNames } from "./rulesets.js";

const TOKEN = "spades.token";
const LEVELS = ["easy", "normal", "hard", "random"];

const state = { me: null, signedIn: false, afterWelcome: null, lobbyTables: [], invitation: null };
const $ = (id) => document.getElementById(id);

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

function token() {
  try { return localStorage.getItem(TOKEN); } catch { return null; }
}
function setToken(value) {
  try {
    if (value) localStorage.setItem(TOKEN, value);
    else localStorage.removeItem(TOKEN);
  } catch { /* private browsing: this page only */ }
}

const link = new Link({ onMessage, onState });
const table = new TableView(link, { onLeave: () => go("/") });
connectQuick(link);
const lobbyChat = new LobbyChat(link);

// -- views and addresses --------------------------------------------------------------------------------------
function show(name) {
  for (const view of document.querySelectorAll(".view")) view.hidden = view.id !== `view-${name}`;
}

/** After a change of view, the focus is on the new view's heading when it was left nowhere (on the page's body,
 * or on an element of the view just hidden, such as "Enter as a guest"). */
function focusView(heading) {
  const active = document.activeElement;
  if (active && active !== document.body && active.closest("[hidden]") === null && active.getClientRects().length) return;
  $(heading).focus();
}

function route() {
  const path = location.pathname;
  let match;
  if ((match = /^\/tables?\/(\d+)$/.exec(path))) return { view: "table", table: Number(match[1]) };
  if ((match = /^\/invite\/([^/]+)$/.exec(path))) return { view: "table", invite: decodeURIComponent(match[1]) };
  if ((match = /^\/stats(?:\/([^/]+))?$/.exec(path))) {
    return { view: "stats", name: match[1] ? decodeURIComponent(match[1]) : null };
  }
  if (path === "/leaderboard") return { view: "ratings", group: new URLSearchParams(location.search).get("group") };
  if ((match = /^\/players\/([^/]+)$/.exec(path))) return { view: "ratings", name: decodeURIComponent(match[1]) };
  return { view: "lobby" };
}

function go(path) {
  if (location.pathname + location.search !== path) history.pushState(null, "", path);
  open();
}

function open() {
  const where = route();
  if (where.view === "stats") {
    show("stats");
    document.title = "Statistics · Spades";
    const name = where.name || (state.me && !state.me.guest ? state.me.name : "");
    $("stats-name").value = name;
    $("stats-result").replaceChildren();
    if (name) link.send({ type: "stats", name }, { kind: "stats" });
    $("stats-title").focus();
    return;
  }
  if (where.view === "ratings") {
    show("ratings");
    showRatings(where);
    return;
  }
  if (!state.signedIn) {
    show("signin");
    document.title = "Spades";
    const invited = where.view === "table" ? where.table ?? Number(where.invite) : null;
    if (Number.isInteger(invited) && invited > 0) showInvitation(invited);
    else {
      showInvitation(null);
      $("play-now").focus();
    }
    return;
  }
  state.invitation = null;
  if (where.view === "table") {
    const id = where.table ?? Number(where.invite);
    if (!Number.isInteger(id) || id < 1) {
      alertText("That invitation names no table.");
      go("/");
      return;
    }
    enterTable(id);
    return;
  }
  show("lobby");
  document.title = "Lobby · Spades";
  focusView("lobby-title");
  table.reset(null);
  link.send({ type: "lobby" }, { kind: "lobby" });
}

function enterTable(id) {
  show("table");
  document.title = `Table ${id} · Spades`;
  if (table.id !== id) {
    table.reset(id);
    table.me = state.me;
    $("log").replaceChildren();
    $("status").replaceChildren();
    table.render();
  }
  // A ping marks the end of what resume sent: if by its answer this table has sent nothing, sit or watch.
  link.send({ type: "ping" }, {
    kind: "ping",
    then: () => {
      if (table.id !== id || table.view !== null || table.info !== null) return;
      const seat = new URLSearchParams(location.search).get("seat");
      const message = { type: "join", table: id };
      if (seat !== null && /^[0-3]$/.test(seat)) message.seat = Number(seat);
      link.send(message, { kind: "join" });
    },
  });
  setTimeout(() => table.focus(), 0);
}

// -- the connection ----------------------------------------------------------------------------------------------
function onState(what) {
  const line = $("connection");
  if (what === "open") {
    line.textContent = "";
    signInAgain();
  } else if (what === "back") {
    line.textContent = "";
    say("Connected again.");
    signInAgain();
  } else if (what === "lost") {
    line.textContent = "The connection to the room is lost; trying again…";
    if (!state.lostSaid) alertText("The connection to the room is lost; trying again.");
    state.lostSaid = true;
    return;
  } else if (what === "garbled") {
    alertText("The room sent something this page cannot read; the table goes on.");
  }
  state.lostSaid = false;
}

function signInAgain() {
  const saved = token();
  if (saved) {
    link.send({ type: "resume", token: saved }, { kind: "signin" });
  } else {
    state.signedIn = false;
    open();
  }
}

function onMessage(message, context) {
  switch (message.type) {
    case "welcome": {
      state.me = message.player;
      state.signedIn = true;
      table.me = state.me;
      lobbyChat.me = state.me.name;
      setToken(message.token);
      $("who").textContent = `${message.player.name}${message.player.guest ? " (guest)" : ""}`;
      $("sign-out").hidden = false;
      const then = state.afterWelcome;
      state.afterWelcome = null;
      if (then) then();
      else open();
      break;
    }
    case "error":
      onError(message, context);
      break;
    case "lobby":
      renderLobby(message.tables);
      break;
    case "table":
      if (seatedByRoom(message, state.me)) go(`/tables/${message.table}`);
      if (message.table !== table.id) $("game-over-rating").hidden = true;  // another table's rating
      table.onTable(message);
      if (context && context.then) context.then(message);
      break;
    case "update":
      table.onUpdate(message);
      break;
    case "said":
      if (message.table === table.id) {
        table.onSaid(message.text, context && context.kind === "ask" ? context : null, message.action ?? null,
          message.lines ?? null);
      }
      break;
    case "stats":
      renderStats(message);
      break;
    case "queue":
    case "rematch":
      onQuickMessage(message);
      break;
    case "rating":
      if (message.table === table.id) showRating(message);
      break;
    case "pong":
      if (context && context.then) context.then();
      break;
    case "chat": case "chat_log": case "chat_settings": case "muted": case "removed":
      if (message.type === "muted" || message.table === null) lobbyChat.onMessage(message, context);
      if (message.table !== null) table.chat.onMessage(message, context);
      break;
    default:
      break;
  }
}

function onError(message, context) {
  const kind = context ? context.kind : null;
  if (message.code === "server_error") {
    if (kind === "act") table.holdPrompt = false;
    alertText(`The room failed: ${reason(message.message)}. Try again.`, { log: true });
    return;
  }
  if (kind === "act") {
    table.onActError(message, context);
    return;
  }
  if (kind === "chat" || kind === "mute" || kind === "remove") return table.chat.onError(message, kind);
  if (kind === "lobby-chat" || kind === "lobby-mute") return lobbyChat.onError(message, kind);
  if (kind === "ask") table.stopWaiting();
  if (message.code === "session_expired") {
    setToken(null);
    state.signedIn = false;
    alertText("Your session has ended; sign in again, or play as a guest.");
    open();
    return;
  }
  if (kind === "stats") {
    $("stats-result").replaceChildren(el("p", { text: `No statistics: ${reason(message.message)}.` }));
  }
  const what = { signin: "Not signed in", create: "The table was not created", join: "Not seated",
    stats: "No statistics", ask: "No answer", lobby: "No list of tables" }[kind] || "Refused";
  alertText(`${what}: ${reason(message.message)}.`, { log: kind !== "stats" && table.id !== null });
}

// -- signing in ---------------------------------------------------------------------------------------------------
/** The sign-in page at an invitation's address says which table it is and the seat it offers, and its first
 * button (which has the focus, so Enter) takes that seat as a guest; "Play now", which would start another
 * table, is not offered there. The table is looked up in the room's list of tables (GET /api/tables). */
async function showInvitation(id) {
  $("invitation").hidden = id === null;
  $("play-now-box").hidden = id !== null;
  state.invitation = id === null ? null : { table: id, seat: null };
  if (id === null) return;
  const accept = $("accept-invitation");
  $("invitation-text").textContent = `You are invited to table ${id}.`;
  accept.textContent = "Watch as a guest";
  accept.focus();
  let info;
  try {
    const reply = await fetch("/api/tables");
    info = (await reply.json()).tables.find((t) => t.table === id);
  } catch {
    return;  // the room will say at the table what there is
  }
  if (!state.invitation || state.invitation.table !== id || $("view-signin").hidden) return;
  if (!info) {
    $("invitation-text").textContent = `You are invited to table ${id}, but it is not open: its game may be over.`;
    $("invitation").hidden = true;
    $("play-now-box").hidden = false;
    say($("invitation-text").textContent);
    $("play-now").focus();
    return;
  }
  const names = seatNames(info.seats.length);
  const free = info.state === "waiting" ? info.seats.filter((s) => !s.player && !s.level) : [];
  const variant = info.rules.variant.replace("_", "-");
  const seats = free.map((s) => names[s.seat]);
  const what = free.length ? `seat${free.length > 1 ? "s" : ""} ${seats.join(" and ")} free`
    : info.state === "waiting" ? "every seat taken: you may watch" : "under way: you may watch";
  state.invitation.seat = free.length ? free[0].seat : null;
  $("invitation-text").textContent = `You are invited to table ${id} (${variant}, ${what}).`;
  accept.textContent = free.length ? `Sit at ${names[free[0].seat]} as a guest` : "Watch as a guest";
  // the button's name changed under the focus: say the whole invitation once
  answer($("invitation-text").textContent);
}

$("accept-invitation").addEventListener("click", () => {
  const invited = state.invitation;
  if (!invited) return;
  const name = $("guest-name").value.trim();
  state.afterWelcome = () => {
    if (invited.seat !== null) sitAndStart(invited.table, invited.seat, false);
    else open();
  };
  link.send(name ? { type: "guest", name } : { type: "guest" }, { kind: "signin" });
});

function playNow() {
  const create = () => {
    link.send({ type: "create", rules: { variant: "standard", options: {} },
      levels: { 0: "normal", 1: "normal", 3: "normal" } }, {
      kind: "create",
      then: (info) => sitAndStart(info.table, 2, true),
    });
  };
  if (state.signedIn) create();
  else {
    state.afterWelcome = create;
    link.send({ type: "guest" }, { kind: "signin" });
  }
}

function sitAndStart(id, seat, start) {
  history.pushState(null, "", `/table/${id}`);
  show("table");
  table.reset(id);
  table.me = state.me;
  table.starting = start;
  $("log").replaceChildren();
  $("status").replaceChildren();
  document.title = `Table ${id} · Spades`;
  link.send({ type: "join", table: id, seat }, { kind: "join" });
  if (start) link.send({ type: "start", table: id }, { kind: "start" });
  setTimeout(() => table.focus(), 0);
}

$("play-now").addEventListener("click", playNow);
$("lobby-play-now").addEventListener("click", playNow);
$("guest-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const name = $("guest-name").value.trim();
  state.afterWelcome = null;
  link.send(name ? { type: "guest", name } : { type: "guest" }, { kind: "signin" });
});
$("login-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const how = event.submitter && event.submitter.value === "register" ? "register" : "login";
  link.send({ type: how, name: $("login-name").value.trim(), password: $("login-password").value },
    { kind: "signin" });
});
$("sign-out").addEventListener("click", () => {
  setToken(null);
  state.signedIn = false;
  state.me = null;
  $("who").textContent = "";
  $("sign-out").hidden = true;
  go("/");
});

// -- the lobby ----------------------------------------------------------------------------------------------------
function seatWords(info, seat) {
  if (seat.player) return seat.player;
  if (seat.level) return `computer (${seat.level})`;
  return "open";
}

/** The seat a Join takes: the first that waits for a person, else the first a computer would play. */
function seatToJoin(info) {
  if (info.state !== "waiting") return null;
  return info.seats.find((s) => !s.player && !s.level) ?? info.seats.find((s) => !s.player) ?? null;
}

function renderLobby(tables) {
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
    const variant = info.rules.variant.replace("_", "-");
    const seats = el("ul", { class: `lobby-seats seats-${players}`, "aria-label": `Seats of table ${info.table}` },
      ...info.seats.map((seat) => el("li", { class: `lobby-seat at-${names[seat.seat].toLowerCase()}${seat.player ? " taken" : seat.level ? " computer" : " open"}` },
        el("span", { class: "lobby-seat-name", text: `${names[seat.seat]}: ` }),
        el("span", { text: seatWords(info, seat) }))));
    const mine = state.me && info.seats.find((s) => s.player === state.me.name);
    const free = seatToJoin(info);
    let button;
    if (mine) {
      button = el("button", { type: "button", class: "primary", text: `Back to table ${info.table}`,
        onclick: () => go(`/table/${info.table}?seat=${mine.seat}`) });
    } else if (free) {
      button = el("button", { type: "button", class: "primary", text: `Join table ${info.table}`,
        "aria-describedby": `table-${info.table}-join`,
        onclick: () => sitAndStart(info.table, free.seat, false) });
    } else {
      button = el("button", { type: "button", text: `Watch table ${info.table}`, onclick: () => go(`/table/${info.table}`) });
    }
    const status = { waiting: "waiting for players", playing: "playing", over: "over" }[info.state] ?? info.state;
    return el("li", { class: `table-item state-${info.state}` },
      el("div", { class: "table-head" }, el("h3", { text: `Table ${info.table}` }),
        el("span", { class: "badge", text: variant }), el("span", { class: `badge state`, text: status })),
      el("p", { class: "table-owner", text: `Owner: ${info.owner ?? "nobody"}` }),
      seats,
      free && !mine ? el("p", { class: "join-seat", id: `table-${info.table}-join`,
        text: `You sit at ${names[free.seat]}${free.level ? ", instead of the computer" : ""}.` }) : "",
      el("div", { class: "buttons" }, button));
  }));
}

$("lobby-refresh").addEventListener("click", () => link.send({ type: "lobby" }, { kind: "lobby" }));
// The list keeps itself current while it is shown (quietly: it is no live region).
setInterval(() => {
  if (!$("view-lobby").hidden && link.connected && !document.hidden) link.send({ type: "lobby" }, { kind: "lobby" });
}, 10000);

function renderCreateSeats() {
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
      el("option", { value: "me", text: "Me" }),
      ...LEVELS.map((level) => el("option", { value: level, text: `Computer, ${level}` })),
      el("option", { value: "person", text: "A person (invite them)" }));
    select.value = seat === mySeat ? "me" : "normal";
    return el("div", {}, el("label", { for: id, text: name }), select);
  }));
}

$("create-variant").addEventListener("change", renderCreateSeats);
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
  link.send({ type: "create", rules: { variant, options }, levels }, {
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

// -- statistics ---------------------------------------------------------------------------------------------------
function renderStats(stats) {
  const rows = [["Games", stats.games], ["Wins", stats.wins], ["Contracts bid", stats.contracts],
    ["Contracts made", stats.made], ["Nil bids", stats.nils], ["Nil bids made", stats.nils_made],
    ["Bags", stats.bags]];
  $("stats-result").replaceChildren(
    el("h2", { text: `${stats.name}'s statistics` }),
    el("table", { class: "stats" }, el("tbody", {}, ...rows.map(([label, value]) =>
      el("tr", {}, el("th", { scope: "row", text: label }), el("td", { text: String(value) }))))));
}

$("stats-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const name = $("stats-name").value.trim();
  if (name) history.pushState(null, "", `/stats/${encodeURIComponent(name)}`);
  link.send({ type: "stats", name }, { kind: "stats" });
});

// -- links inside the page, dialogs, settings -------------------------------------------------------------------
document.addEventListener("click", (event) => {
  const anchor = event.target.closest && event.target.closest("a[href^='/']");
  if (!anchor || anchor.hasAttribute("download") || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const href = anchor.getAttribute("href");
  if (href.startsWith("/api/") || href.startsWith("/static/")) return;
  event.preventDefault();
  go(href);
});
window.addEventListener("popstate", open);

$("keys-dialog").addEventListener("close", () => table.focus());
$("open-settings").addEventListener("click", () => {
  $("set-brief").checked = settings.verbosity === "tricks";  // v may have changed it at the table
  $("settings-dialog").showModal();
});
$("set-brief").addEventListener("change", () => {
  settings.verbosity = $("set-brief").checked ? "tricks" : "all";
  saveSettings();
});
for (const [id, key] of [["set-speech", "speech"], ["set-urgent-turn", "urgent"], ["set-sound", "sound"],
  ["set-skip", "skip"]]) {
  const box = $(id);
  box.checked = settings[key];
  box.addEventListener("change", () => {
    settings[key] = box.checked;
    saveSettings();
    if (key === "speech" && box.checked && !("speechSynthesis" in window)) {
      answer("This browser has no speech; use a screen reader.");
    }
  });
}
connectSoundSettings();  // after the switch above: the sound is heard once it is on

window.addEventListener("error", (event) => {
  alertText(`Something went wrong on this page: ${event.message}. Reload the page to go on; the room keeps the game.`);
});
window.addEventListener("unhandledrejection", (event) => {
  alertText(`Something went wrong on this page: ${event.reason}. The room keeps the game.`);
});

connectRatings(go);
renderCreateSeats();
link.open();
