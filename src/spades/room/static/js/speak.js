// Where the table's words go: the log (a polite live region: plays, bids, turns), the status line (a polite
// region whose whole text is read: answers to the reading keys and moves through the hand) and the alert region
// (assertive: errors, and "your turn" when the player chose so). Every element exists from page load; text is
// only ever set with textContent. With the speech setting on, the same lines are also spoken by the browser.

import { settings } from "./settings.js";

const LOG_KEEP = 600;
let last = "";

function speak(text, interrupt) {
  if (!settings.speech || !("speechSynthesis" in window)) return;
  if (interrupt) window.speechSynthesis.cancel();
  window.speechSynthesis.speak(new SpeechSynthesisUtterance(text));
}

/** A line of the table's story: what happened, a prompt, a question. m repeats the last of these, unless it is
 * said with ``remember: false`` (a line after what the table awaits, which m must still repeat). */
export function say(text, { urgent = false, remember = true } = {}) {
  const log = document.getElementById("log");
  const line = document.createElement("p");
  line.textContent = text;
  // An urgent line is said once, at once, by the alert region; its copy in the log is for the eyes.
  if (urgent) line.setAttribute("aria-hidden", "true");
  log.append(line);
  while (log.childElementCount > LOG_KEEP) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
  if (remember) last = text;
  if (urgent) alertText(text);
  else speak(text, false);
}

/** A line of the story before the player came (a reload mid-game): shown in the log, not said again. */
export function quiet(text) {
  const line = document.createElement("p");
  line.textContent = text;
  line.setAttribute("aria-hidden", "true");
  line.className = "earlier";
  document.getElementById("log").append(line);
}

/** An answer to a key the player pressed: it replaces the last answer and cuts off speech. */
export function answer(lines) {
  const status = document.getElementById("status");
  const list = Array.isArray(lines) ? lines : [lines];
  status.replaceChildren(...list.map((text) => {
    const p = document.createElement("p");
    p.textContent = text;
    return p;
  }));
  speak(list.join(" "), true);
}

let alertTimer = null;

/** An error or an urgent line, said at once. */
export function alertText(text, { log = false } = {}) {
  const region = document.getElementById("alert");
  region.textContent = "";
  // A fresh text node a moment later makes screen readers say the same text twice in a row, too.
  clearTimeout(alertTimer);
  alertTimer = setTimeout(() => { region.textContent = text; }, 30);
  if (log) {
    const line = document.createElement("p");
    line.className = "error";
    line.textContent = text;
    document.getElementById("log").append(line);
  }
  speak(text, true);
}

export function lastMessage() { return last; }
