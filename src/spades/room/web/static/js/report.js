// Reporting a chat line or a player to the moderators: one small form, opened in the chat section of the table or
// of the lobby, by the "!" key (the last line by someone else chosen, the focus on the reason) or by the chat's
// Report button (the focus on the choice: a recent line, or a person without a line). Enter sends it, Escape takes
// it back; the room's reply (a notice) is said as every notice is, and the focus goes back where it came from.
// Lines and names are shown as text.

import { $, el } from "./dom.js";
import { alertText, answer, reason } from "./speak.js";
import { onNotices } from "./notices.js";
import { _ } from "./i18n.js";

const LINES_OFFERED = 10;
const state = { link: null, open: null };

const clip = (text, most = 90) => (text.length > most ? `${text.slice(0, most - 1)}…` : text);

/** Wire the form: its choice, Enter and Escape, and its closing once the room has the report. */
export function connectReport(link) {
  state.link = link;
  const form = $("report-form");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    send();
  });
  form.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation();
    close(_("Report taken back."));
  });
  $("report-cancel").addEventListener("click", () => close(_("Report taken back.")));
  $("report-what").addEventListener("change", describe);
  onNotices((message) => {
    if (message.kind === "reported" && state.open) close(null);
  });
}

/** Open the form in ``box``: ``lines`` the chat's lines ({name, seq, text}, oldest first), ``people`` the names
 * that may be reported without a line, ``table`` the chat's table (null: the lobby), ``me`` the player's own name
 * (never offered), ``focusReason``: the last line chosen and the focus on the reason (the "!" key), else on the
 * choice; ``back``: what takes the focus once the form closes. */
export function openReport({ box, lines, people, table, me, focusReason, back }) {
  const theirs = lines.filter((line) => line.name !== me).slice(-LINES_OFFERED).reverse();
  const names = [...new Set(people)].filter((name) => name && name !== me);
  if (focusReason && !theirs.length) {
    answer(_("There is no chat line by someone else to report yet. The chat's Report button reports a person."));
    return;
  }
  if (!theirs.length && !names.length) {
    answer(_("There is no chat line and no one here to report."));
    return;
  }
  const what = $("report-what");
  what.replaceChildren(
    ...theirs.map((line) => el("option", { value: `line:${line.seq}`,
      text: clip(_("{name}: {text}", { name: line.name, text: line.text })) })),
    ...names.map((name) => el("option", { value: `player:${name}`, text: _("{name}, the player (no line)", { name }) })));
  state.open = { table, back, lines: theirs };
  const form = $("report-form");
  box.append(form);
  form.hidden = false;
  $("report-reason").value = "";
  describe();
  (focusReason ? $("report-reason") : what).focus();
}

/** What is chosen: { name, seq } (seq null: the player, no line). */
function chosen() {
  const value = $("report-what").value;
  if (value.startsWith("line:")) {
    const seq = Number(value.slice(5));
    const line = state.open.lines.find((l) => l.seq === seq);
    return { name: line.name, seq, text: line.text };
  }
  return { name: value.slice(7), seq: null, text: null };
}

function describe() {
  if (!state.open) return;
  const { name, text } = chosen();
  const about = text === null
    ? _("You report {name}, the player. Enter sends the report to the moderators; Escape takes it back.", { name })
    : _("You report {name}'s line \"{line}\". Enter sends the report to the moderators; Escape takes it back.",
      { name, line: clip(text, 60) });
  $("report-about").textContent = about;
}

function send() {
  if (!state.open) return;
  const words = $("report-reason").value.trim();
  if (!words) {
    alertText(_("Say why first, in a few words; then press Enter."));
    $("report-reason").focus();
    return;
  }
  const { name, seq } = chosen();
  state.link.send({ type: "report", name, table: state.open.table, seq, reason: words }, { kind: "social-report" });
}

/** Close the form (saying ``words`` when given) and give the focus back. */
function close(words) {
  const open = state.open;
  state.open = null;
  $("report-form").hidden = true;
  $("report-reason").value = "";
  if (words) answer(words);
  if (open && open.back) open.back();
}

/** The room refused the report: said at once, the form kept open with the focus on the reason. */
export function reportRefused(message) {
  alertText(_("Not reported: {reason}.", { reason: reason(message.message) }));
  if (state.open) $("report-reason").focus();
}
