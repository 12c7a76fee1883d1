// The chat lines' commands of the room's social side, as spades join reads them (spades/table/governance.py):
// /report NAME why, /friend NAME (asks, or accepts a request), /unfriend NAME, /decline NAME, /block NAME,
// /unblock NAME, /invite NAME [seat] (at a table); for moderators /warn N why, /mute N MINUTES why, /suspend N
// MINUTES why, /ban N why, /close N why, /void N why, /dismiss N why (N: a report's number, or a player's name)
// and /lift NAME why. A name of several words is found among the names known here, or typed in quotes. The room's
// replies are said where each kind of reply is (notices, the friends list, blocks); a mistake in the line is said
// at once.

import { alertText } from "./speak.js";
import { block, friend } from "./friends.js";
import { seatKeys, seatLetters, seatNames } from "./rulesets.js";
import { _ } from "./i18n.js";

const ACTS = new Set(["warn", "mute", "suspend", "ban", "close", "void", "dismiss", "lift"]);
const TIMED = new Set(["mute", "suspend"]);
const FRIEND_ACTS = { friend: "ask", unfriend: "remove", decline: "decline" };
const QUOTES = { '"': '"', "'": "'", "\u201c": "\u201d" };

/** A name at the start of ``text`` and what follows it: a name in quotes, the longest of the ``known`` names (in
 * any case) the text starts with, else its first word. */
export function splitName(text, known) {
  const trimmed = text.trim();
  const close = QUOTES[trimmed[0]];
  const end = close ? trimmed.indexOf(close, 1) : -1;
  if (end > 1) return [trimmed.slice(1, end).trim(), trimmed.slice(end + 1).trim()];
  const names = [...new Set(known.filter(Boolean))].sort((a, b) => b.length - a.length);
  for (const name of names) {
    const after = trimmed.slice(name.length, name.length + 1);
    if (trimmed.slice(0, name.length).toLowerCase() === name.toLowerCase() && (after === "" || after === " ")) {
      return [name, trimmed.slice(name.length).trim()];
    }
  }
  const space = trimmed.indexOf(" ");
  return space < 0 ? [trimmed, ""] : [trimmed.slice(0, space), trimmed.slice(space + 1).trim()];
}

/** A seat as typed, at a table of ``players``: its name (in the page's language or in English) or letters in any
 * case, or its number; else null. */
export function seatOf(word, players) {
  const typed = word.trim().toLowerCase();
  if (/^\d+$/.test(typed)) return Number(typed) < players ? Number(typed) : null;
  const names = seatNames(players);
  const english = seatKeys(players);
  const letters = seatLetters(players);
  const found = names.findIndex((name, seat) => typed === name.toLowerCase() || typed === english[seat]
    || typed === letters[seat].toLowerCase());
  return found < 0 ? null : found;
}

/** A chat line that is one of these commands: done (sent, or its mistake said), and true; false for a line to send
 * as chat (the player's own "/mute NAME" in the lobby among them). ``where``: { link, table (null: the lobby),
 * players (the table's seats), names (the names known here) }. */
export function chatCommand(text, where) {
  const match = /^\/(\w+)(?:\s+(.*))?$/s.exec(text.trim());
  if (!match) return false;
  const word = match[1].toLowerCase();
  const rest = (match[2] || "").trim();
  if (word === "report") return report(rest, where);
  if (word in FRIEND_ACTS) {
    if (!rest) return said(_("Type /{command} and a player's name.", { command: word }));
    friend(QUOTES[rest[0]] ? splitName(rest, [])[0] : rest, FRIEND_ACTS[word]);
    return true;
  }
  if (word === "block" || word === "unblock") {
    if (!rest) return said(_("Type /{command} and a player's name.", { command: word }));
    block(QUOTES[rest[0]] ? splitName(rest, [])[0] : rest, word === "block");
    return true;
  }
  if (word === "invite") return invite(rest, where);
  if (ACTS.has(word) && (word !== "mute" || moderatorsMute(rest, where))) return moderate(word, rest, where);
  return false;
}

function said(text) {
  alertText(text);
  return true;
}

function report(rest, { link, table, names }) {
  const [name, why] = rest ? splitName(rest, names) : ["", ""];
  if (!name || !why) return said(_("Type /report, a player's name, then why."));
  link.send({ type: "report", name, table, seq: null, reason: why }, { kind: "social-report" });
  return true;
}

function invite(rest, { link, table, players }) {
  if (table === null || !players) return said(_("You invite a friend to the table you sit at; you are at no table now."));
  if (!rest) return said(_("Type /invite, a friend's name, and if you like a seat (its name or number)."));
  let name = rest;
  let seat = null;
  if (QUOTES[rest[0]]) {
    const [quoted, tail] = splitName(rest, []);
    name = quoted;
    seat = tail ? seatOf(tail, players) : null;
    if (tail && seat === null) {
      return said(_("\"{seat}\" is not a seat at this table; the seats are {seats} (or 0 to {last}).",
        { seat: tail, seats: seatLetters(players).join(", "), last: players - 1 }));
    }
  } else {
    const space = rest.lastIndexOf(" ");
    const found = space > 0 ? seatOf(rest.slice(space + 1), players) : null;
    if (found !== null) [name, seat] = [rest.slice(0, space).trim(), found];
  }
  link.send({ type: "invite", table, name, ...(seat === null ? {} : { seat }) }, { kind: "social-invite" });
  return true;
}

/** /mute of a report or a player for so many minutes, with why: a moderator's; a name alone is the player's own. */
function moderatorsMute(rest, { names }) {
  const number = /^\d+\s+(.*)$/s.exec(rest);
  const tail = number ? number[1] : splitName(rest, names)[1];
  return /^\d+\s+\S/.test(tail);
}

function moderate(act, rest, { link, names }) {
  const usage = usageOf(act);
  if (!rest) return said(_("Type {usage}.", { usage }));
  const message = { type: "moderate", act };
  let tail = rest;
  const number = /^(\d+)(?:\s+|$)(.*)$/s.exec(rest);
  if (number && act !== "lift") [message.report, tail] = [Number(number[1]), number[2]];
  else [message.name, tail] = splitName(rest, names);
  if (TIMED.has(act)) {
    const minutes = /^(\d+)(?:\s+|$)(.*)$/s.exec(tail);
    if (!minutes) return said(_("Say for how many minutes: {usage}.", { usage }));
    [message.minutes, tail] = [Number(minutes[1]), minutes[2]];
  }
  if (!tail.trim()) return said(_("Say why, in words the player is told: {usage}.", { usage }));
  link.send({ ...message, reason: tail.trim() }, { kind: "social-moderate" });
  return true;
}

/** How a moderator's command is typed, in words: "/mute N MINUTES why (N: a report's number, or a player's name)". */
function usageOf(act) {
  // Translators: the commands' words stay as typed (/mute, N, NAME, MINUTES); "why" stands for the reason typed.
  if (act === "lift") return _("/lift NAME why (N: a report's number)");
  if (act === "mute") return _("/mute N MINUTES why (N: a report's number, or a player's name)");
  if (act === "suspend") return _("/suspend N MINUTES why (N: a report's number, or a player's name)");
  return _("/{command} N why (N: a report's number, or a player's name)", { command: act });
}
