// The administrators' part of the moderators' page: who holds a role (a form names a registered player a moderator,
// or takes the role back) and the audit log, newest first, a page at a time. A player who is no administrator never
// sees it (the room refuses them, and the section stays hidden). Every name and reason is shown as text.

import { $, el } from "./dom.js";
import { alertText, notice, reason } from "./speak.js";
import { LANG, _, n_ } from "./i18n.js";

const AUDIT_PAGE = 100;  // the room's lines of the audit log a reply (protocol AUDIT_PAGE)
const ROLES = { admin: _("administrator"), moderator: _("moderator") };
const state = { link: null, oldest: null, toAudit: false };

export function connectAdmin(link) {
  state.link = link;
  $("role-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("role-name").value.trim();
    if (!name) return alertText(_("Type the name of the player."));
    const role = event.submitter && event.submitter.value === "none" ? null : "moderator";
    state.link.send({ type: "role", name, role }, { kind: "social-role", name, role });
  });
  $("audit-older").addEventListener("click", () => {
    if (state.oldest !== null) state.link.send({ type: "audit", before: state.oldest }, { kind: "social-audit-older" });
  });
}

/** The moderators' page is shown: the roles and the first page of the audit log (refused unless an
 * administrator: the section then stays hidden). */
export function askAdmin() {
  $("admin-box").hidden = true;
  state.toAudit = location.hash === "#audit";  // the address asks for the log: the focus goes to it once shown
  state.link.send({ type: "role" }, { kind: "social-roles" });
  state.link.send({ type: "audit" }, { kind: "social-audit" });
}

/** A ``roles`` frame: the list, and a change said. */
export function onRoles(message, context) {
  $("admin-box").hidden = false;
  $("roles-list").replaceChildren(...message.roles.map((entry) => el("li", {
    text: _("{name}: {role}", { name: entry.name, role: ROLES[entry.role] || entry.role }) })));
  if (context && context.kind === "social-role") {
    const key = context.name.toLowerCase();
    const held = message.roles.find((entry) => entry.name.toLowerCase() === key);
    notice(context.role ? _("{name} is a moderator now.", { name: held ? held.name : context.name })
      : _("{name} holds no moderator's role now.", { name: context.name }));
    $("role-name").value = "";
    state.link.send({ type: "audit" }, { kind: "social-audit" });  // the change is the audit log's newest line
  }
}

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;
/** A line's details in words: "minutes 10, report 1, until 12/6/2026, 1:44 AM" (times in the reader's own). */
const detailWords = (detail) => Object.entries(detail || {}).map(([key, value]) => `${key} ${
  typeof value === "string" && ISO_TIME.test(value) ? new Date(value).toLocaleString(LANG) : value}`).join(", ");

/** An ``audit`` frame: the log's lines (a first page, or an older one added below). */
export function onAudit(message, context) {
  $("admin-box").hidden = false;
  const older = context && context.kind === "social-audit-older";
  // three columns, to fit a phone: when (and the line's number), who did what to whom, and why (with details)
  const rows = message.entries.map((entry) => el("tr", {},
    el("td", { text: `${entry.number}. ${new Date(entry.at).toLocaleString(LANG)}` }),
    el("td", { text: `${entry.by}: ${entry.act} ${entry.target}` }),
    el("td", { text: [entry.reason, detailWords(entry.detail)].filter(Boolean).join("; ") })));
  if (message.entries.length) state.oldest = message.entries[message.entries.length - 1].number;
  $("audit-older").hidden = message.entries.length < AUDIT_PAGE;
  if (older) {
    $("audit-body").append(...rows);
    notice(message.entries.length ? n_("{n} older line of the audit log.", "{n} older lines of the audit log.",
      message.entries.length) : _("No older lines."));
    return;
  }
  $("audit-body").replaceChildren(...rows);
  $("audit-empty").hidden = message.entries.length > 0;
  $("audit-table").hidden = message.entries.length === 0;
  if (state.toAudit) {
    state.toAudit = false;
    $("audit-title").focus();
  }
}

/** The room refused an administrator's message: to someone who is not one, the section stays hidden. */
export function adminRefused(message, kind) {
  if (message.code === "not_admin" && (kind === "social-roles" || kind === "social-audit")) {
    $("admin-box").hidden = true;
    return;
  }
  const fields = { reason: reason(message.message) };
  alertText(kind === "social-role" ? _("Not changed: {reason}.", fields) : _("No audit log: {reason}.", fields));
}
