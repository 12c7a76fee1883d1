// What the room tells one player (its `notice` frames): each said once, politely, or at once (assertive) for a
// moderator's sanction (warned, muted, suspended, banned); the last one also shown for the eyes in the page's notice
// box. An invitation to a seat is kept: Shift+A, or the box's Accept button, goes to that table and sits there. A
// suspended or banned player's connection is closed by the room (close code 4009) after the notice: the page says
// why and does not connect again. Every text is set with textContent.

import { $ } from "./dom.js";
import { alertText, say } from "./speak.js";
import { seatNames } from "./rulesets.js";
import { _ } from "./i18n.js";

const ASSERTIVE = new Set(["warned", "muted", "suspended", "banned"]);
const SANCTIONS = new Set(["suspended", "banned"]);
const state = { room: null, invitation: null, sanction: null, listeners: [], shownKind: null, accept: null };
// the notices the box keeps from view to view (an invitation to accept, a sanction in force); the others go
const KEPT = new Set(["invited", "warned", "muted", "suspended", "banned"]);

/** Whether the page is at a table now (its regions are shown): the table's log then carries the line. */
const atTable = () => !$("view-table").hidden;

/** Wire the notice box's buttons to the room's page (its state, link, going to an address, sitting down);
 * ``accept``: what Accept does (it may ask first, at a game under way). */
export function connectNotices(room, accept = acceptInvitation) {
  state.room = room;
  state.accept = accept;
  $("notice-accept").addEventListener("click", () => state.accept());
  $("notice-dismiss").addEventListener("click", () => {
    $("notices-box").hidden = true;
    if (atTable()) state.room.table.backToHand();
    else $("main").focus();
  });
}

/** Another module hears each notice too (the friends list is asked again on a friend's notice). */
export function onNotices(listener) { state.listeners.push(listener); }

/** A ``notice`` frame: said, shown, and an invitation kept for Shift+A. */
export function onNotice(message) {
  let text = message.text;
  if (message.kind === "invited") {
    state.invitation = { table: message.table, seat: message.seat ?? null, name: message.name ?? null };
    if (!/Shift\+A/.test(text)) text = [text, _("Press Shift+A to accept.")].join(" ");
  }
  if (SANCTIONS.has(message.kind)) state.sanction = text;
  if (ASSERTIVE.has(message.kind)) alertText(text, { log: atTable() });
  else say(text, { remember: false });
  show(text, message.kind);
  for (const listener of state.listeners) listener(message);
}

function show(text, kind) {
  state.shownKind = kind;
  $("notices-text").textContent = text;
  $("notice-accept").hidden = kind !== "invited" || state.invitation === null;
  $("notices-box").hidden = false;
}

/** The page went to another view: a notice said there and done with is not shown on. */
export function viewChanged() {
  if (!KEPT.has(state.shownKind) || (state.shownKind === "invited" && state.invitation === null)) {
    $("notices-box").hidden = true;
  }
}

/** The invitation waiting (table, seat, name), or null. */
export function invitationNow() { return state.invitation; }

/** Shift+A, or Accept: go to the table of the last invitation and sit at its seat (or, for any seat, to the table,
 * whose seats are then offered). Said when there is none. */
export function acceptInvitation() {
  const invited = state.invitation;
  if (!invited) {
    say(_("No invitation to accept."), { remember: false });
    return;
  }
  state.invitation = null;
  $("notice-accept").hidden = true;
  $("notices-box").hidden = true;
  const { table, seat } = invited;
  if (seat === null) {
    state.room.go(`/tables/${table}`);
    return;
  }
  state.room.sitAndStart(table, seat, false);
}

/** The seat an invitation names, in words ("South"), for a table of ``players`` seats. */
export function seatWords(seat, players) {
  return seat === null || seat === undefined ? _("any seat") : seatNames(players)[seat] ?? _("seat {seat}", { seat });
}

/** The room closed the connection after a suspension or a ban (close code 4009): why, for the ears and the eyes;
 * the page does not connect again (a reload does, once it has ended). */
export function sanctioned(reason) {
  const why = state.sanction || reason || _("A moderator closed your connection.");
  // the connection line is a polite status: the notice itself was said at once a moment ago
  $("connection").textContent = _("You are signed out of the room. {why} Reload the page to come back once it "
    + "has ended.", { why });
}

/** A sign-in refused because the player (or their address) is suspended or banned: said, and the sign-in page
 * shown with the reason on its connection line. True when it was such a refusal. */
export function refusedSignIn(message) {
  if (message.code !== "suspended" && message.code !== "banned") return false;
  const text = _("Not signed in: {reason}", { reason: message.message });
  $("signin-refused").textContent = text;  // for the eyes, on the sign-in page; said once, at once
  $("signin-refused").hidden = false;
  alertText(text);
  return true;
}
