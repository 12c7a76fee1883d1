// The room's social side, joined to the page: notices (notices.js), reports (report.js), friends and blocks
// (friends.js), invitations and private tables' links at a table (table_social.js), and the moderators' and
// administrators' page (moderate.js, admin.js). This module hands each of the room's frames and refusals to its
// part, dispatches the room's keys of the keymap (! report, Shift+F friends, Shift+A accept, Shift+O reports) at the
// table and in the lobby (Shift+A on every page), and hands the chat lines' commands (/friend NAME, /invite NAME,
// a moderator's /mute 4 10 why ...) to commands.js with the names known where they are typed.

import { $ } from "./dom.js";
import { clearAlert, say } from "./speak.js";
import { acceptInvitation, connectNotices, invitationNow, onNotice, refusedSignIn, sanctioned, seatWords,
  viewChanged } from "./notices.js";
import { connectReport, openReport, reportRefused } from "./report.js";
import { askFriends, connectFriends, friendsNow, friendsRefused, friendsSignedIn, onBlocked, onFriends, readFriends }
  from "./friends.js";
import { chatCommand as runCommand } from "./commands.js";
import { connectTableSocial, inviteRefused, tableSocial } from "./table_social.js";
import { connectModerate, leftModerate, moderated, moderateRefused, onReports, probeModerator, readReports,
  reportedNames, showModerate } from "./moderate.js";
import { adminRefused, connectAdmin, onAudit, onRoles } from "./admin.js";
import { _ } from "./i18n.js";

export { acceptInvitation, refusedSignIn, sanctioned, showModerate, tableSocial };

const KEYMAP = JSON.parse(document.getElementById("keymap")?.textContent || "[]");
const KEYS = new Map(KEYMAP.flatMap((entry) => [entry.key, ...entry.also].map((key) => [key, entry])));
const LOBBY_DOES = new Set(["report", "friends", "accept", "reports"]);
let room = null;

export function connectSocial(theRoom) {
  room = theRoom;
  connectNotices(room, accept);
  connectReport(room.link);
  connectFriends(room.link);
  connectTableSocial(room);
  connectModerate(room.link);
  connectAdmin(room.link);
  $("chat-report").addEventListener("click", () => reportAtTable(false, $("chat-report")));
  $("lobby-chat-report").addEventListener("click", () => reportInLobby(false, $("lobby-chat-report")));
  // The room's keys away from a table (the table's own keys dispatch them there): in the lobby, and Shift+A on
  // every page, as the invitation's words say.
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || !$("view-table").hidden) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target && target.closest("input, select, textarea, [contenteditable='true'], dialog")) return;
    const does = event.key.length === 1 ? KEYS.get(event.key)?.does : undefined;
    if (!LOBBY_DOES.has(does) || (does !== "accept" && $("view-lobby").hidden)) return;
    event.preventDefault();
    clearAlert();
    roomKey(does, null);
  });
}

/** The page shows another view (``name``: lobby, table, moderate, ...). */
export function socialView(name) {
  if (name !== "moderate") leftModerate();
  if (name === "lobby") askFriends();  // at most once in 15 seconds
  viewChanged();
}

/** Signed in: the friends and blocks of this player, and whether they moderate. */
export function socialSignedIn(me) {
  friendsSignedIn(me);
  probeModerator(me);
}

/** A frame of the room's social side: true when it was one. */
export function onSocialMessage(message, context) {
  switch (message.type) {
    case "notice":
      onNotice(message);
      if (message.kind === "moderated") moderated();
      return true;
    case "friends": onFriends(message, context); return true;
    case "blocked": onBlocked(message, context); return true;
    case "reports": onReports(message, context); return true;
    case "roles": onRoles(message, context); return true;
    case "audit": onAudit(message, context); return true;
    default: return false;
  }
}

/** A refusal of one of the social side's messages (their kinds begin with "social-"). */
export function socialError(message, kind) {
  if (kind === "social-report") return reportRefused(message);
  if (kind === "social-invite") return inviteRefused(message);
  if (kind.startsWith("social-reports") || kind === "social-moderate") return moderateRefused(message, kind);
  if (kind === "social-role" || kind.startsWith("social-audit") || kind === "social-roles") {
    return adminRefused(message, kind);
  }
  return friendsRefused(message, kind);
}

/** A key of the keymap that is the room's (``does``): at ``table`` (a TableView), or in the lobby (null). True
 * when it was one. */
export function roomKey(does, table) {
  if (does === "accept") accept();
  else if (does === "friends") readFriends();
  else if (does === "reports") readReports();
  else if (does === "report") {
    if (table) reportAtTable(true, null);
    else reportInLobby(true, document.activeElement);
  } else return false;
  return true;
}

/** Shift+A or Accept: the invitation taken; at a game under way where the player has a seat, only after y to
 * "Leave this game ...?" (keys.js: the seat left is played by the computer, as after q). */
function accept() {
  const table = room.table;
  const invited = invitationNow();
  const playing = invited && table.id !== null && table.id !== invited.table && !$("view-table").hidden
    && table.seat !== null && table.view !== null && table.view.phase !== "over";
  if (!playing) return acceptInvitation();
  table.confirm = { kind: "accept" };
  const fields = { name: invited.name, seat: seatWords(invited.seat, table.players()), table: invited.table };
  say(invited.name
    ? _("Leave this game for {name}'s invitation to {seat} at table {table}? The computer plays your seat here. y or n.",
      fields)
    : _("Leave this game for {seat} at table {table}? The computer plays your seat here. y or n.", fields));
  if (!$("play").contains(document.activeElement)) table.backToHand();
}

function reportAtTable(fromKey, button) {
  const table = room.table;
  const chat = table.chat;
  const info = chat.info;
  const people = [...(info ? info.seats.map((s) => s.player) : []), ...(info ? info.watching ?? [] : []),
    ...chat.speakers];
  openReport({ box: $("chat-box"), lines: chat.heard, people, table: table.id, me: room.state.me?.name,
    focusReason: fromKey, back: () => (button ? button.focus() : table.backToHand()) });
}

function reportInLobby(fromKey, back) {
  const chat = room.lobbyChat;
  const before = back instanceof HTMLElement && back !== document.body ? back : $("lobby-chat-report");
  openReport({ box: $("lobby-chat"), lines: chat.heard, people: chat.speakers, table: null,
    me: room.state.me?.name, focusReason: fromKey, back: () => before.focus() });
}

/** A chat line that is one of the social commands (commands.js): done, and true; false for a line to send as
 * chat. ``tableId``: the table whose chat line it is, or null: the lobby's. */
export function chatCommand(text, tableId) {
  const table = room.table;
  const friends = friendsNow();
  const names = [...(friends ? friends.friends.map((f) => f.name) : []), ...(friends ? friends.asked_by : []),
    ...reportedNames()];
  if (tableId === null) names.push(...room.lobbyChat.speakers);
  else {
    const info = table.chat.info;
    names.push(...(info ? info.seats.map((s) => s.player) : []), ...(info ? info.watching ?? [] : []),
      ...table.chat.speakers);
  }
  return runCommand(text, { link: room.link, table: tableId, names,
    players: tableId !== null && table.id === tableId ? table.players() : null });
}
