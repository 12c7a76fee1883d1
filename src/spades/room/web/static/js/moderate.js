// The moderators' page (/moderate): the open reports, oldest first, each with its sentence, who reported whom, the
// table and the time, and the chat lines kept with it (the line reported marked in words); "Act on report N" opens
// the form of the acts (warn, mute or suspend for some minutes, ban, close the table, void its rating, dismiss),
// each with a reason the player is told. The room's answer is said once; the list follows the `reports` frames the
// room pushes, a new report said politely (on this page or wherever the moderator is, as at spades join). A player
// who is no moderator hears why there is nothing. For an administrator, the page also holds who has a role (a form
// names or unnames a moderator) and the audit log (/moderate#audit goes to it); see admin.js. Every name, reason
// and line is shown as text.

import { $, el } from "./dom.js";
import { alertText, answer, notice, reason, say } from "./speak.js";
import { askAdmin } from "./admin.js";
import { LANG, _, n_ } from "./i18n.js";

const state = { link: null, reports: null, selected: null, acted: false, probed: false, onPage: false };
const ACTS = { warn: _("Warn"), mute: _("Mute"), suspend: _("Suspend"), ban: _("Ban"), close: _("Close the table"),
  void: _("Void the game's rating"), dismiss: _("Dismiss the report") };
const TIMED = new Set(["mute", "suspend"]);
const WITH_TABLE = new Set(["close", "void"]);

const when = (at) => new Date(at).toLocaleString(LANG);

export function connectModerate(link) {
  state.link = link;
  $("moderate-acts").replaceChildren(...Object.entries(ACTS).map(([act, words]) => el("div", { class: "check" },
    el("input", { type: "radio", name: "moderate-act", id: `act-${act}`, value: act }),
    el("label", { for: `act-${act}`, text: words }))));
  $("moderate-acts").addEventListener("change", actChosen);
  $("moderate-form").addEventListener("submit", (event) => {
    event.preventDefault();
    act();
  });
  $("moderate-cancel").addEventListener("click", () => unselect(true));
  $("reports-list").addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("button[data-report]") : null;
    if (button) select(Number(button.dataset.report));
  });
  $("moderate-form").addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    unselect(true);
  });
}

/** The page is shown: the reports asked for (and, for an administrator, the roles and the audit log). */
export function showModerate() {
  state.onPage = true;
  document.title = _("Moderation · Spades");
  $("moderate-refused").hidden = true;
  state.link.send({ type: "reports" }, { kind: "social-reports" });
  askAdmin();
  if (!$("view-moderate").contains(document.activeElement)) $("moderate-title").focus();
}

export function leftModerate() { state.onPage = false; }

/** After signing in: a registered player's page asks once whether they moderate (a reports request, refused for
 * anyone else), to show the header's link to this page. */
export function probeModerator(me) {
  $("nav-moderate-item").hidden = true;
  state.reports = null;
  if (!me || me.guest) return;
  state.link.send({ type: "reports" }, { kind: "social-reports-probe" });
}

/** The players of the open reports last sent (names a moderator's chat-line command may name). */
export function reportedNames() { return state.reports ? state.reports.reports.map((r) => r.player) : []; }

/** Shift+O: the open reports in words (only a moderator's). */
export function readReports() {
  state.link.send({ type: "reports" }, { kind: "social-reports-read" });
}

/** A ``reports`` frame: in reply, or pushed when a report is made or an act is done. */
export function onReports(message, context) {
  const before = state.reports;
  state.reports = message;
  $("nav-moderate-item").hidden = false;
  $("nav-moderate").textContent = _("Reports ({open})", { open: message.open });
  if (context && context.kind === "social-reports-read") {
    const head = n_("{n} open report, oldest first.", "{n} open reports, oldest first.", message.open);
    answer(message.open ? [head, ...message.reports.map((r) => r.text)] : _("No open reports."));
  }
  if (before && !context && !state.acted) {  // pushed: each new report said, here or wherever the moderator is
    const known = new Set(before.reports.map((r) => r.number));
    const fresh = message.reports.filter((r) => !known.has(r.number));
    const words = fresh.map(newReport).join(" ");
    if (fresh.length) say(words, { remember: false });
  }
  if (!state.onPage) return;
  render();
  if (state.acted) {  // the act's notice was said: the focus goes to the next report, or to the count
    state.acted = false;
    const next = $("reports-list").querySelector("button[data-report]");
    (next || $("reports-count")).focus();
  }
}

/** The room refused a reports request or an act. */
export function moderateRefused(message, kind) {
  if (kind === "social-reports-probe") return;
  if (message.code === "not_moderator" && kind !== "social-moderate") {
    const text = _("Only moderators may see the reports.");
    if (kind === "social-reports-read") return answer(text);
    $("moderate-refused").textContent = text;
    $("moderate-refused").hidden = false;
    $("moderate-box").hidden = true;
    notice(text);
    return;
  }
  state.acted = false;
  const fields = { reason: reason(message.message) };
  alertText(kind === "social-moderate" ? _("Not done: {reason}.", fields) : _("No reports: {reason}.", fields));
}

/** The moderated notice: the act was done (said by the notices; the list comes next). */
export function moderated() {
  if (!state.onPage) return;
  $("moderate-said").textContent = "";
  unselect(false);
  state.acted = true;
}

function render() {
  const message = state.reports;
  $("moderate-box").hidden = false;
  const shown = { shown: message.reports.length };
  $("reports-count").textContent = !message.open ? _("No open reports.")
    : message.open > message.reports.length
      ? n_("{n} open report, oldest first (the first {shown} shown).",
        "{n} open reports, oldest first (the first {shown} shown).", message.open, shown)
      : n_("{n} open report, oldest first.", "{n} open reports, oldest first.", message.open);
  const focused = $("reports-list").contains(document.activeElement) ? document.activeElement.dataset.report : null;
  $("reports-list").replaceChildren(...message.reports.map(reportItem));
  if (focused) {
    const again = $("reports-list").querySelector(`button[data-report="${focused}"]`);
    (again || $("reports-count")).focus();
  }
  if (state.selected !== null && !message.reports.some((r) => r.number === state.selected)) {
    const gone = state.selected;
    unselect(false);
    if (!state.acted) notice(_("Report {number} is no longer open: another moderator handled it.", { number: gone }));
  }
}

function reportItem(report) {
  const lines = report.lines.length ? el("ol", { class: "report-lines",
    "aria-label": _("Chat lines of report {number}", { number: report.number }) },
    ...report.lines.map((line) => el("li", { class: line.reported ? "reported" : "" },
      line.reported ? el("strong", { text: _("Reported line:") + " " }) : "",
      el("span", { class: "report-time", text: `${new Date(line.at).toLocaleTimeString(LANG)} ` }),
      el("span", { lang: line.lang || null, text: _("{name}: {text}", { name: line.name, text: line.text }) }))))
    : el("p", { text: _("No chat line kept.") });
  return el("li", { class: `report${state.selected === report.number ? " selected" : ""}` },
    el("h3", { id: `report-${report.number}-title`, text: _("Report {number}: {name}", { number: report.number, name: report.player }) }),
    el("p", { id: `report-${report.number}-text`, text: report.text }),
    el("p", { class: "report-facts", text: reportFacts(report) }),
    lines,
    el("button", { type: "button", "data-report": String(report.number),
      "aria-describedby": `report-${report.number}-text`, text: _("Act on report {number}", { number: report.number }) }));
}

/** Who reported whom, where and when, in a sentence. */
function reportFacts(report) {
  const fields = { by: report.reporter, name: report.player, table: report.table, when: when(report.at) };
  if (report.reporter) {
    return report.table ? _("Reported by {by}, about {name} at table {table}, {when}.", fields)
      : _("Reported by {by}, about {name} in the lobby, {when}.", fields);
  }
  return report.table ? _("Flagged by the room, about {name} at table {table}, {when}.", fields)
    : _("Flagged by the room, about {name} in the lobby, {when}.", fields);
}

/** A report the room has just pushed, as it is said: "New report 4: …" (the room's sentence begins "Report 4:"). */
function newReport(report) {
  const rest = report.text.replace(new RegExp(`^\\D*\\b${report.number}:\\s*`), "");
  return _("New report {number}: {text}", { number: report.number, text: rest });
}

function select(number) {
  const report = state.reports.reports.find((r) => r.number === number);
  if (!report) return;
  state.selected = number;
  for (const item of $("reports-list").children) item.classList.remove("selected");
  $("reports-list").querySelector(`button[data-report="${number}"]`)?.closest("li").classList.add("selected");
  $("moderate-form-title").textContent = _("Act on report {number}: {name}", { number, name: report.player });
  $("moderate-form-about").textContent = report.text;
  for (const act of WITH_TABLE) $(`act-${act}`).disabled = report.table === null;
  for (const input of $("moderate-acts").querySelectorAll("input")) input.checked = false;
  $("moderate-reason").value = "";
  $("moderate-said").textContent = "";
  actChosen();
  $("moderate-form").hidden = false;
  $("moderate-acts").querySelector("input:not(:disabled)").focus();
}

function unselect(focus) {
  const was = state.selected;
  state.selected = null;
  $("moderate-form").hidden = true;
  for (const item of $("reports-list").children) item.classList.remove("selected");
  if (!focus) return;
  const button = was !== null ? $("reports-list").querySelector(`button[data-report="${was}"]`) : null;
  (button || $("reports-count")).focus();
}

function chosenAct() {
  const checked = $("moderate-acts").querySelector("input:checked");
  return checked ? checked.value : null;
}

function actChosen() {
  const timed = TIMED.has(chosenAct());
  $("moderate-minutes-box").hidden = !timed;
  $("moderate-minutes").disabled = !timed;
}

function act() {
  const chosen = chosenAct();
  if (state.selected === null) return;
  if (!chosen) {
    alertText(_("Choose what to do first."));
    $("moderate-acts").querySelector("input:not(:disabled)").focus();
    return;
  }
  const words = $("moderate-reason").value.trim();
  if (!words) {
    alertText(_("Give the reason first: the player is told it."));
    $("moderate-reason").focus();
    return;
  }
  const message = { type: "moderate", act: chosen, report: state.selected, reason: words };
  if (TIMED.has(chosen)) {
    const minutes = parseInt($("moderate-minutes").value, 10);
    if (!Number.isInteger(minutes) || minutes < 1) {
      alertText(_("Say for how many minutes, 1 or more."));
      $("moderate-minutes").focus();
      return;
    }
    message.minutes = minutes;
  }
  $("moderate-said").textContent = _("Sending: {act}…", { act: ACTS[chosen] });
  state.link.send(message, { kind: "social-moderate" });
}
