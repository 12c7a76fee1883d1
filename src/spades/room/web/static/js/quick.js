// Quick play and the rematch in the browser: "Play with people" in the lobby (a variant, a friend to sit with as
// partner, the queue said politely as it changes, the computer offered once the wait is over, Leave queue) and,
// when a game with people ends,
// "Play again with the same seats?" at the table with Yes and No. Every text from the room is shown as text.

import { settings, saveSettings } from "./settings.js";
import { _, decimal, LANG } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const WAIT = { min: 5, max: 600 };  // the room's bounds of the wait (docs/protocol.md, quick)
const state = { link: null, adopt: false, offered: false, rematchTable: null, answered: false };

/** Wire the lobby's and the table's controls to the room's link. */
export function connectQuick(link) {
  state.link = link;
  $("quick-play").addEventListener("click", () => {
    state.adopt = true;
    state.offered = false;
    const partner = $("quick-partner").value.trim();  // seated together once each has named the other
    link.send({ type: "quick", variant: $("quick-variant").value, wait: quickWait(), ...(partner ? { partner } : {}) },
      { kind: "quick" });
  });
  $("quick-leave").addEventListener("click", () => {
    state.adopt = false;
    link.send({ type: "leave_queue" }, { kind: "quick" });
  });
  $("quick-offer-yes").addEventListener("click", () => {
    $("quick-offer").hidden = true;
    link.send({ type: "quick_computer", accept: true }, { kind: "quick" });
  });
  $("quick-offer-no").addEventListener("click", () => {
    $("quick-offer").hidden = true;
    $("quick-leave").focus();
    link.send({ type: "quick_computer", accept: false }, { kind: "quick" });
  });
  const wait = $("set-quick-wait");
  wait.value = String(quickWait());
  wait.addEventListener("change", () => {
    const seconds = Number(wait.value);
    if (Number.isFinite(seconds) && seconds >= WAIT.min && seconds <= WAIT.max) {
      settings.quickWait = seconds;
      saveSettings();
    }
  });
  $("rematch-yes").addEventListener("click", () => answerRematch(true));
  $("rematch-no").addEventListener("click", () => answerRematch(false));
}

/** The wait for people the settings ask for, within the room's bounds. */
function quickWait() {
  const seconds = Number(settings.quickWait);
  return Number.isFinite(seconds) ? Math.min(WAIT.max, Math.max(WAIT.min, seconds)) : 30;
}

function answerRematch(accept) {
  if (state.rematchTable === null) return;
  state.answered = true;
  state.adopt = accept;
  $("rematch-yes").disabled = true;
  $("rematch-no").disabled = true;
  state.link.send({ type: "rematch", table: state.rematchTable, accept }, { kind: "rematch" });
}

/** A ``queue`` or ``rematch`` message from the room. */
export function onQuickMessage(message) {
  if (message.type === "queue") {
    const waiting = message.waiting > 0;
    $("quick-status").textContent = message.text;
    $("quick-leave").hidden = !waiting;
    $("quick-play").textContent = waiting ? _("Wait in this queue instead") : _("Play with people");
    if (!waiting) {
      state.adopt = false;
      $("quick-offer").hidden = true;
      $("quick-play").focus();
    } else if (message.offer && !state.offered) {
      state.offered = true;
      $("quick-offer").hidden = false;
      $("quick-offer-yes").focus();
    }
    return;
  }
  if (message.type === "rematch") {
    const box = $("rematch");
    const first = state.rematchTable !== message.table;
    state.rematchTable = message.table;
    if (first) state.answered = false;
    box.hidden = false;
    // the room's line begins with the question, which is said and shown there once: the group's own copy of it
    // stays only as the group's name (aria-labelledby reads a hidden element too)
    $("rematch-question").hidden = message.text.startsWith($("rematch-question").textContent);
    const settled = message.declined.length > 0 || message.table_new !== undefined;
    // Said politely after the game's last lines, never by moving the focus onto Yes (which would cut them off):
    // y or n answers it from the table, as at the terminal; Yes and No are there for the pointer and for Tab.
    const open = !state.answered && !settled;
    $("rematch-text").textContent = open ? [message.text, _("Press y or n.")].join(" ") : message.text;
    $("rematch-text").lang = LANG;  // the room's line is in the page's language, and so are the page's words
    $("rematch-yes").disabled = !open;
    $("rematch-no").disabled = !open;
    if (settled && message.declined.length > 0) state.adopt = false;
  }
}

/** y or n at a table whose game is over: the answer to "Play again with the same seats?" while it is open; false
 * when there is no question to answer. */
export function rematchKey(key) {
  if ($("rematch").hidden || $("rematch-yes").disabled || state.rematchTable === null) return false;
  answerRematch(key === "y");
  return true;
}

/** A ``rating`` message: how the finished game was rated, shown at the end of the game (the room says the same
 * line in the log, which the screen reader hears once; this copy is for the eyes and is not live). */
export function showRating(message) {
  const box = $("game-over-rating");
  const change = (c) => `${c.name} ${decimal(c.after)} (${c.change >= 0 ? "+" : ""}${decimal(c.change)})`;
  box.textContent = message.rated ? _("Rated game: {changes}.", { changes: message.changes.map(change).join(", ") })
    : _("This game is unrated: {reason}.", { reason: message.reason });
  box.hidden = false;
}

/** A ``table`` message: true when it is the table the room just seated this player at (quick play, or the
 * rematch they accepted), which the page then goes to. */
export function seatedByRoom(message, me) {
  if (!state.adopt || !me || !message.seats.some((seat) => seat.player === me.name)) return false;
  if (message.table === state.rematchTable) return false;
  state.adopt = false;
  state.offered = false;
  $("quick-status").textContent = "";
  $("quick-leave").hidden = true;
  $("quick-offer").hidden = true;
  $("quick-play").textContent = _("Play with people");
  $("rematch").hidden = true;
  $("game-over-rating").hidden = true;
  state.rematchTable = null;
  return true;
}
