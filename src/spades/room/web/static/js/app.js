// The room in the browser: its views and addresses, the one websocket (net.js) that carries everything, and the
// room's messages handed to what shows them: signing in (signin.js), the lobby (lobby.js), statistics (stats.js),
// the settings (settings_dialog.js), the table itself (table.js) and the room's social side: notices, reports,
// friends, invitations and the moderators' page (social.js). Every name and message from the room is shown as text.

import { Link } from "./net.js";
import { TableView } from "./table.js";
import { connectQuick, onQuickMessage, seatedByRoom, showRating } from "./quick.js";
import { alertText, reason, refusedWords, say } from "./speak.js";
import { connectRatings, showRatings } from "./ratings.js";
import { LobbyChat } from "./lobby_chat.js";
import { connectSignIn, setToken, showInvitation, signIn, token } from "./signin.js";
import { connectLobby, renderCreateSeats, renderLobby } from "./lobby.js";
import { connectStats, renderStats } from "./stats.js";
import { connectSettingsDialog } from "./settings_dialog.js";
import { inviteCode, joinMessage } from "./settings.js";
import { $, el } from "./dom.js";
import { _ } from "./i18n.js";
import { connectTournaments, showTournaments, tournamentError } from "./tournaments.js";
import { connectTournament, onTournament, showTournament } from "./tournament_page.js";
import { connectSocial, onSocialMessage, refusedSignIn, sanctioned, showModerate, socialError, socialSignedIn,
  socialView, tableSocial } from "./social.js";

const state = { me: null, signedIn: false, afterWelcome: null, lobbyTables: [], lobbyPage: 0, invitation: null,
  entered: new Set(), noteTournament };

const link = new Link({ onMessage, onState });
const table = new TableView(link, { onLeave: () => go("/") });
connectQuick(link);
const lobbyChat = new LobbyChat(link);
// What the other modules share of this page: its state, its link and table, going to an address, sitting down.
const room = { state, link, table, go, open, sitAndStart, lobbyChat };

// -- views and addresses --------------------------------------------------------------------------------------
function show(name) {
  for (const view of document.querySelectorAll(".view")) view.hidden = view.id !== `view-${name}`;
  socialView(name);
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
  if (path === "/tournaments") return { view: "tournaments" };
  if (path === "/moderate") return { view: "moderate" };
  if ((match = /^\/tournaments\/(\d+)$/.exec(path))) return { view: "tournament", tournament: Number(match[1]) };
  if (path === "/leaderboard") return { view: "ratings", group: new URLSearchParams(location.search).get("group") };
  if ((match = /^\/players\/([^/]+)$/.exec(path))) {
    const page = Number(new URLSearchParams(location.search).get("page"));
    return { view: "ratings", name: decodeURIComponent(match[1]), page: Number.isInteger(page) && page > 0 ? page : 0 };
  }
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
    document.title = _("Statistics · Spades");
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
  if (where.view === "tournaments" || where.view === "tournament") {
    show(where.view);
    if (where.view === "tournaments") showTournaments(state);
    else showTournament(state, where.tournament);
    return;
  }
  if (!state.signedIn) {
    show("signin");
    document.title = _("Spades");
    const invited = where.view === "table" ? where.table ?? Number(where.invite) : null;
    if (Number.isInteger(invited) && invited > 0) showInvitation(state, invited);
    else {
      showInvitation(state, null);
      $("play-now").focus();
    }
    return;
  }
  state.invitation = null;
  if (where.view === "moderate") {
    show("moderate");
    showModerate();
    return;
  }
  if (where.view === "table") {
    const id = where.table ?? Number(where.invite);
    if (!Number.isInteger(id) || id < 1) {
      alertText(_("That invitation names no table."));
      go("/");
      return;
    }
    enterTable(id);
    return;
  }
  show("lobby");
  document.title = _("Lobby · Spades");
  focusView("lobby-title");
  table.reset(null);
  link.send({ type: "lobby", page: state.lobbyPage }, { kind: "lobby" });
}

function enterTable(id) {
  show("table");
  document.title = _("Table {table} · Spades", { table: id });
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
      const at = seat !== null && /^[0-5]$/.test(seat) ? Number(seat) : null;
      link.send(joinMessage(id, at), { kind: "join", table: id });
    },
  });
  setTimeout(() => table.focus(), 0);
}

function sitAndStart(id, seat, start) {
  const join = joinMessage(id, seat);  // made at a private table's link, with its code
  history.pushState(null, "", `/table/${id}`);
  show("table");
  table.reset(id);
  table.me = state.me;
  table.starting = start;
  $("log").replaceChildren();
  $("status").replaceChildren();
  document.title = _("Table {table} · Spades", { table: id });
  link.send(join, { kind: "join", table: id });
  if (start) link.send({ type: "start", table: id }, { kind: "start" });
  setTimeout(() => table.focus(), 0);
}

// -- the connection ----------------------------------------------------------------------------------------------
function onState(what, why) {
  const line = $("connection");
  if (what === "sanctioned") {  // suspended or banned: closed by the room after its notice, not tried again
    state.signedIn = false;
    sanctioned(why);
    return;
  }
  if (what === "open") {
    line.textContent = "";
    signInAgain();
  } else if (what === "back") {
    line.textContent = "";
    say(_("Connected again."));
    signInAgain();
  } else if (what === "lost" || what === "unanswered") {
    // said once until the room is back: each try again is on the line for the eyes
    const lost = what === "lost";
    line.textContent = lost ? _("The connection to the room is lost; trying again…")
      : _("The room does not answer; trying again…");
    if (!state.lostSaid) {
      alertText(lost ? _("The connection to the room is lost; trying again.") : _("The room does not answer; trying again."));
    }
    state.lostSaid = true;
    return;
  } else if (what === "garbled") {
    alertText(_("The room sent something this page cannot read; the table goes on."));
  }
  state.lostSaid = false;
}

function signInAgain() {
  const saved = token();
  if (saved) {
    link.send(signIn({ type: "resume", token: saved }), { kind: "signin" });
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
      $("who").textContent = message.player.guest ? _("{name} (guest)", { name: message.player.name })
        : message.player.name;
      $("sign-out").hidden = false;
      $("signin-refused").hidden = true;
      socialSignedIn(state.me);
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
      if (context && context.then) context.then(message);  // one table asked for, not the lobby's list
      else renderLobby(room, message.tables, message);
      break;
    case "table":
      if (seatedByRoom(message, state.me) || seatedForTournament(message, context)) go(`/tables/${message.table}`);
      else state.seatedElsewhere = !context && message.table !== table.id ? message : null;
      if (message.table !== table.id) $("game-over-rating").hidden = true;  // another table's rating
      table.onTable(message);
      if (message.table === table.id) tableSocial(table);
      if (context && context.then) context.then(message);
      break;
    case "update":
      table.onUpdate(message);
      break;
    case "said":
      if (seatedAtRound(message)) {
        go(`/tables/${message.table}`);
        table.onTable(state.seatedElsewhere);
        state.seatedElsewhere = null;
      }
      if (message.table === table.id) {
        table.onSaid(message.text, context && context.kind === "ask" ? context : null, message.action ?? null,
          message.lines ?? null, message.alert ?? null);
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
    case "tournament":
      noteTournament(message);
      if (context && context.then) context.then(message);
      else onTournament(message);
      break;
    case "pong":
      if (context && context.then) context.then();
      break;
    case "chat": case "chat_log": case "chat_settings": case "muted": case "removed":
      if (message.type === "muted" || message.table === null) lobbyChat.onMessage(message, context);
      if (message.table !== null) table.chat.onMessage(message, context);
      break;
    default:
      onSocialMessage(message, context);
      break;
  }
}

/** The tournaments this player is entered in and that are not over, as the room's messages say them. */
function noteTournament(message) {
  const name = state.me && state.me.name;
  if (name && message.state !== "over" && message.entries.some((entry) => entry.players.includes(name))) {
    state.entered.add(message.tournament);
  } else state.entered.delete(message.tournament);
}

/** A ``table`` the room sent by itself (no request of this page's), seating this player elsewhere while they are
 * entered in a tournament: a round's table, which the page goes to as quick play's, the seating line said there. */
function seatedForTournament(message, context) {
  if (context || !state.entered.size || !state.me || message.table === table.id) return false;
  return message.state !== "over" && message.seats.some((seat) => seat.player === state.me.name);
}

/** A round's seating line ("Round 2 of 3: table 3, you sit North with …") for the table the room has just sent by
 * itself: the seating of a tournament this page did not know the player is in (entered before a reload). */
function seatedAtRound(message) {
  const held = state.seatedElsewhere;
  if (!held || held.table !== message.table || message.table === table.id || !state.me) return false;
  if (!held.seats.some((seat) => seat.player === state.me.name)) return false;
  return /^Round \d+ of \d+(, board \d+)?: table \d+, you sit /.test(message.text);
}

function onError(message, context) {
  const kind = context ? context.kind : null;
  if (message.code === "server_error") {
    if (kind === "act") table.holdPrompt = false;
    alertText(_("The room failed: {reason}. Try again.", { reason: reason(message.message) }), { log: true });
    return;
  }
  if (kind === "act") {
    table.onActError(message, context);
    return;
  }
  if (kind === "chat" || kind === "mute" || kind === "remove") return table.chat.onError(message, kind);
  if (kind === "lobby-chat" || kind === "lobby-mute") return lobbyChat.onError(message, kind);
  if (kind === "ask") table.stopWaiting();
  if (kind && kind.startsWith("tournament-")) return tournamentError(message, kind);
  if (kind && kind.startsWith("social-")) return socialError(message, kind);
  if (kind === "signin" && refusedSignIn(message)) {
    state.signedIn = false;
    if ($("view-signin").hidden) open();
    return;
  }
  if (kind === "join" && message.code === "no_watchers" && context.table === table.id) return seatsOnly(context.table);
  if (message.code === "session_expired") {
    setToken(null);
    state.signedIn = false;
    alertText(_("Your session has ended; sign in again, or play as a guest."));
    open();
    return;
  }
  const words = refusedWords(kind, reason(message.message));
  if (kind === "stats") $("stats-result").replaceChildren(el("p", { text: words }));
  alertText(words, { log: kind !== "stats" && table.id !== null });
}

/** A private table that allows no watchers, reached by its link or an invitation to any seat: its seats offered
 * (as the room lists it to its link's code, or to the player invited) rather than watching it. */
function seatsOnly(id) {
  alertText(_("The owner allows no one to watch this table: choose a seat."));
  const offer = (info) => {
    if (!info || table.id !== id || table.info !== null) return;
    table.onTable(info);
    tableSocial(table);
  };
  const code = inviteCode(id);
  if (code) {
    fetch(`/api/tables/${id}?invite=${encodeURIComponent(code)}`).then((reply) => (reply.ok ? reply.json() : null))
      .then(offer, () => {});
  } else link.send({ type: "lobby", table: id }, { kind: "lobby", then: (reply) => offer(reply.tables[0]) });
}

// -- signing in, the lobby, statistics, the settings -----------------------------------------------------------------
connectSignIn(room);
connectLobby(room);
connectStats(link);
connectSettingsDialog();

// -- links inside the page, the keys' dialog, errors -----------------------------------------------------------------
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

window.addEventListener("error", (event) => {
  alertText(_("Something went wrong on this page: {error}. Reload the page to go on; the room keeps the game.",
    { error: event.message }));
});
window.addEventListener("unhandledrejection", (event) => {
  alertText(_("Something went wrong on this page: {error}. The room keeps the game.", { error: event.reason }));
});

connectRatings(go);
connectTournaments(room);
connectTournament(room);
connectSocial(room);
renderCreateSeats();
link.open();
