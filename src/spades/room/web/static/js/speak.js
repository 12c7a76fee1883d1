// Where the table's words go: the log (a polite live region: plays, bids, turns), the status line (a polite
// region whose whole text is read: answers to the reading keys and moves through the hand) and the alert region
// (assertive: errors, and "your turn" when the player chose so). Every element exists from page load; text is
// only ever set with textContent, and every line carries the language it is in (the page's: the room speaks to this
// page in it), so that a screen reader and the browser's voice read it in that language. With the speech setting on,
// the same lines are also spoken by the browser.

import { settings } from "./settings.js";
import { LANG, _ } from "./i18n.js";

const LOG_KEEP = 600;
let last = "";

function speak(text, interrupt) {
  if (!settings.speech || !("speechSynthesis" in window)) return;
  if (interrupt) window.speechSynthesis.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = LANG;
  window.speechSynthesis.speak(utterance);
}

/** A line of a log or a status (a paragraph of text, never markup) in the page's language. */
export function lineOf(text, lang = LANG) {
  const line = document.createElement("p");
  line.textContent = text;
  line.lang = lang;
  return line;
}

/** A region's whole text, said in the page's language. */
function setText(region, text) {
  region.lang = LANG;
  region.textContent = text;
}

/** Whether the table's regions (its log, its status line) are hidden: the page is at another view, where words
 * given to them would never be said. */
function awayFromTable() {
  return document.getElementById("view-table").hidden;
}

/** Words said politely away from a table (the sign-in page, the lobby, the leaderboard): the page's own region,
 * which no view hides. */
export function notice(text) {
  const region = document.getElementById("notice");
  region.textContent = "";
  setText(region, text);
  speak(text, false);
}

/** A line of the table's story: what happened, a prompt, a question. m repeats the last of these, unless it is
 * said with ``remember: false`` (a line after what the table awaits, which m must still repeat). Away from a
 * table, the line is the page's notice. */
export function say(text, { urgent = false, remember = true, heard = null } = {}) {
  if (awayFromTable()) return notice(text);
  const log = document.getElementById("log");
  const line = lineOf(text);
  // An urgent line is said once, at once, by the alert region; its copy in the log is for the eyes. With
  // ``heard``, the focus is about to say part of the line (the card selected at "your turn"): the line is for
  // the eyes and the screen reader hears only ``heard``, the rest.
  if (urgent || heard !== null) line.setAttribute("aria-hidden", "true");
  log.append(line);
  while (log.childElementCount > LOG_KEEP) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
  if (remember) last = text;
  if (urgent) alertText(heard ?? text);
  else if (heard !== null) setText(document.getElementById("heard"), heard);
  if (!urgent) speak(text, false);  // the browser's own speech hears no focus: it says the whole line
}

/** A line of the story before the player came (a reload mid-game): shown in the log, not said again. */
export function quiet(text) {
  const line = lineOf(text);
  line.setAttribute("aria-hidden", "true");
  line.className = "earlier";
  document.getElementById("log").append(line);
}

/** An answer to a key the player pressed: it replaces the last answer and cuts off speech. With ``heard``, the
 * key also moved the focus onto what it names (a card of the hand, which the screen reader reads as it gets the
 * focus): the status line shows the whole answer to the eyes, hidden from the screen reader, and only ``heard``
 * (the rest of the answer, such as "last card", or nothing) is said, so that the card is heard once. */
export function answer(lines, { heard = null } = {}) {
  const status = document.getElementById("status");
  const rest = document.getElementById("heard");
  const list = Array.isArray(lines) ? lines : [lines];  // lines of text, or made already (a chat line: chat.js)
  const texts = list.map((line) => (typeof line === "string" ? line : line.textContent));
  if (awayFromTable()) return notice(texts.join(" "));
  if (heard === null) status.removeAttribute("aria-hidden");
  else status.setAttribute("aria-hidden", "true");
  setText(rest, heard ?? "");
  status.replaceChildren(...list.map((line) => (typeof line === "string" ? lineOf(line) : line)));
  speak(texts.join(" "), true);  // the browser's own speech hears no focus: it says the whole answer
}

/** Empty the status line without a word (the bid typed there has been asked about: it is no longer the answer). */
export function clearAnswer() {
  document.getElementById("status").replaceChildren();
  document.getElementById("heard").replaceChildren();
}

let alertTimer = null;
let clearTimer = null;
const ALERT_KEEP = 8000;  // ms: an alert is said at once; its text does not stay in the page to be found later

/** An error or an urgent line, said at once; its text leaves the alert region after a while or at the next key
 * (clearAlert), so that a reader going through the page does not come upon an old error. With ``log``, a copy in
 * the log for the eyes, hidden from the screen reader, which has just said it. */
export function alertText(text, { log = false } = {}) {
  const region = document.getElementById("alert");
  region.textContent = "";
  // A fresh text node a moment later makes screen readers say the same text twice in a row, too.
  clearTimeout(alertTimer);
  clearTimeout(clearTimer);
  alertTimer = setTimeout(() => {
    setText(region, text);
    clearTimer = setTimeout(() => { region.textContent = ""; }, ALERT_KEEP);
  }, 30);
  if (log) {
    const line = lineOf(text);
    line.className = "error";
    line.setAttribute("aria-hidden", "true");
    document.getElementById("log").append(line);
  }
  speak(text, true);
}

/** A refusal of what the player tried (a bid, a card): said at once, as an alert, and what m repeats, since it is
 * the table's last word to the player (as at the terminal, where it is the last line printed). */
export function refuse(text) {
  last = text;
  alertText(text, { log: true });
}

/** Empty the alert region (a key pressed: what it said has been heard). */
export function clearAlert() {
  const region = document.getElementById("alert");
  clearTimeout(alertTimer);
  clearTimeout(clearTimer);
  if (region.textContent) region.textContent = "";
}

export function lastMessage() { return last; }

/** The room's reason for a refusal, to go inside a sentence of the page's ("Not signed in: …."): some of the
 * room's reasons end with a full stop of their own, which would make two. */
export function reason(text) { return String(text ?? "").trim().replace(/[.\s]+$/, ""); }

/** The room's refusal of a message of this page's, in a sentence that says what was not done (by the kind of
 * message refused: its context's kind). */
export function refusedWords(kind, why) {
  const fields = { reason: why };
  switch (kind) {
    case "signin": return _("Not signed in: {reason}.", fields);
    case "create": return _("The table was not created: {reason}.", fields);
    case "join": return _("Not seated: {reason}.", fields);
    case "stats": return _("No statistics: {reason}.", fields);
    case "ask": return _("No answer: {reason}.", fields);
    case "lobby": return _("No list of tables: {reason}.", fields);
    default: return _("Refused: {reason}.", fields);
  }
}
