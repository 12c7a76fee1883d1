// The tournaments page (/tournaments): the room's tournaments (from /api/tournaments) as a table, each with its
// sentence and a link to its own page, and the form that creates one (format, rule set of two partnerships, the
// format's sizes, a turn clock and the absence timeout), sent as tournament_create over the page's link. The room's
// refusal is said in the page's alert region, as the lobby's form does.

import { $, el } from "./dom.js";
import { alertText, notice, reason } from "./speak.js";
import { _ } from "./i18n.js";

const DATA = JSON.parse(document.getElementById("rule-sets")?.textContent || "{}");
const FORMATS = { swiss: _("Swiss"), knockout: _("Knockout"), duplicate: _("Duplicate pairs") };
const STATES = { entry: _("taking entries"), running: _("under way"), over: _("over") };

/** The page's JSON from the room's HTTP API, or an error with the room's reason. */
export async function getJson(path) {
  const reply = await fetch(path);
  const body = await reply.json();
  if (!reply.ok) throw new Error(body.error || _("the room answered {status}", { status: reply.status }));
  return body;
}

/** The variants a tournament of this format takes: two partnerships of two, or at a Swiss also a rule set of
 * players for themselves (who enter alone). Their names as the lobby's form gives them. */
function variantsFor(format) {
  const names = new Map([...$("create-variant").options].map((option) => [option.value, option.textContent]));
  const variants = Object.entries(DATA.variants || {})
    .filter(([, info]) => (info.partnerships ? info.players === 4 : format === "swiss")).map(([variant]) => variant);
  return (variants.length ? variants : ["standard"]).map((variant) => [variant, names.get(variant) || variant]);
}

/** Whether a rule set's players play for themselves (a Swiss of them: each enters alone). */
export function alone(variant) {
  const info = (DATA.variants || {})[variant];
  return Boolean(info && !info.partnerships);
}

function variantFields() {
  const format = $("tournament-format").value;
  const select = $("tournament-variant");
  const chosen = select.value;
  const offered = variantsFor(format);
  if (select.options.length !== offered.length) {
    select.replaceChildren(...offered.map(([value, text]) => el("option", { value, text })));
    select.value = offered.some(([value]) => value === chosen) ? chosen : offered[0][0];
  }
  $("tournament-variant-hint").textContent = alone(select.value)
    ? _("Players for themselves: each enters alone, and each round seats them by standing, the computer in any seat left.")
    : _("Two partnerships of two: pairs enter, each partner naming the other.");
  const entries = $("tournament-entries");
  entries.labels[0].textContent = format === "duplicate" ? _("Pairs at most (an even number, 4 or more)")
    : alone(select.value) ? _("Players at most") : _("Pairs at most");
}

export const formatName = (format) => FORMATS[format] || format;

/** The tournaments view: the list, and the form (for a registered player). */
export async function showTournaments(state) {
  document.title = _("Tournaments · Spades");
  const registered = Boolean(state.me && !state.me.guest);
  $("tournament-form").hidden = !registered;
  $("tournaments-signin").hidden = registered;
  if (!$("view-tournaments").contains(document.activeElement)) $("tournaments-title").focus();
  const out = $("tournaments-result");
  let list;
  try {
    list = await getJson("/api/tournaments");
  } catch (error) {
    out.replaceChildren(el("p", { text: _("No list of tournaments: {reason}.", { reason: error.message }) }));
    return;
  }
  if (!list.tournaments.length) {
    out.replaceChildren(el("p", { text: _("No tournament yet. Create one below.") }));
    return;
  }
  const head = el("tr", {}, ...[_("Name"), _("Format"), _("Where it stands"), _("Entries")]
    .map((text) => el("th", { scope: "col", text })));
  const rows = list.tournaments.map((t) => el("tr", {},
    el("th", { scope: "row" }, el("a", { href: `/tournaments/${t.tournament}`, text: `${t.tournament}. ${t.name}` })),
    el("td", { text: `${formatName(t.format)}, ${STATES[t.state] || t.state}` }),
    el("td", { text: t.text }),
    el("td", { text: _("{entries} of {most}", { entries: t.entries, most: t.entries_max }) })));
  const caption = _("Tournaments: {count}, the newest first", { count: list.tournaments.length });
  out.replaceChildren(el("div", { class: "table-scroll" }, el("table", { class: "stats tournaments" },
    el("caption", { text: caption }), el("thead", {}, head), el("tbody", {}, ...rows))));
}

/** Only the fields of the format chosen are shown (and taken by the form's checks). */
const FORMAT_HINTS = {
  swiss: _("Each round pairs entries on equal points, never the same two twice; the most points wins."),
  knockout: _("A bracket of 8 or 16 entries seeded by rating; the winner of each match goes on."),
  duplicate: _("Every table plays the same boards; North-South stay, East-West move; scored by matchpoints."),
};

function formatFields() {
  const format = $("tournament-format").value;
  $("tournament-format-hint").textContent = FORMAT_HINTS[format];
  for (const box of document.querySelectorAll("#tournament-form [data-format]")) {
    const on = box.dataset.format.split(" ").includes(format);
    box.hidden = !on;
    for (const input of box.querySelectorAll("input, select")) input.disabled = !on;
  }
  const entries = $("tournament-entries");
  entries.min = format === "duplicate" ? "4" : "2";
  entries.step = format === "duplicate" ? "2" : "1";
  variantFields();
}

function clockFields() {
  const on = $("tournament-clock").checked;
  $("tournament-clock-fields").hidden = !on;
  for (const input of $("tournament-clock-fields").querySelectorAll("input")) input.disabled = !on;
}

const number = (id) => parseInt($(id).value, 10);

/** The message the form asks for. */
function createMessage() {
  const format = $("tournament-format").value;
  const message = { type: "tournament_create", name: $("tournament-name").value.trim(), format,
    rules: { variant: $("tournament-variant").value, options: {} }, timeout: number("tournament-timeout") };
  if (format === "knockout") message.entries = number("tournament-bracket");
  else message.entries = number("tournament-entries");
  if (format === "swiss") {
    message.rounds = number("tournament-rounds");
    if (Number.isInteger(number("tournament-hands"))) message.hands = number("tournament-hands");
  }
  if (format === "duplicate") {
    message.boards = number("tournament-boards");
    if (Number.isInteger(number("tournament-duplicate-rounds"))) message.rounds = number("tournament-duplicate-rounds");
  }
  if (Number.isInteger(number("tournament-starts-in"))) message.starts_in = number("tournament-starts-in");
  if ($("tournament-clock").checked) {
    message.clock = { per_action: number("tournament-per-action"), bank: number("tournament-bank"),
      more_time: $("tournament-more-time").checked };
  }
  return message;
}

/** The form's controls, wired to the room's link; a tournament made goes to its page. */
export function connectTournaments({ link, go }) {
  $("tournament-format").addEventListener("change", formatFields);
  $("tournament-variant").addEventListener("change", variantFields);
  $("tournament-clock").addEventListener("change", clockFields);
  formatFields();
  clockFields();
  $("tournament-form").addEventListener("submit", (event) => {
    event.preventDefault();
    link.send(createMessage(), {
      kind: "tournament-create",
      then: (message) => {
        go(`/tournaments/${message.tournament}`);
        notice([_("Tournament {number} created.", { number: message.tournament }), message.text].join(" "));
      },
    });
  });
}

/** The room's refusal of a tournament's message, said at once. */
export function tournamentError(message, kind) {
  const fields = { reason: reason(message.message) };
  const words = { "tournament-create": () => _("The tournament was not created: {reason}.", fields),
    "tournament-enter": () => _("Not entered: {reason}.", fields), "tournament-leave": () => _("Not withdrawn: {reason}.", fields),
    "tournament-start": () => _("Not started: {reason}.", fields) }[kind] ?? (() => _("No tournament: {reason}.", fields));
  alertText(words());
}
