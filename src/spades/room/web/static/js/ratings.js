// The leaderboard (/leaderboard) and a player's page (/players/NAME), read from the room's /api/leaderboard and
// /api/players/NAME. Each is plain HTML: a table with a caption and headers, a chart drawn by chart.js with the
// same figures in a table beside it. The leaderboard shows one rating group at a time; its radio buttons switch
// it by the arrow keys.

import { drawLines } from "./chart.js";
import { say } from "./speak.js";
import { _, decimal, n_ } from "./i18n.js";

const GROUPS = [["partnership", _("Partnership")], ["solo", _("Solo")], ["two_player", _("Two-player")],
  ["solo_3", _("Three solo")], ["solo_5", _("Five solo")], ["solo_6", _("Six solo")],
  ["partnership_6", _("Six, three partnerships")], ["teams_6", _("Six, two teams of three")]];
const ROLES = { opponent: _("against it"), partner: _("as partner") };
const $ = (id) => document.getElementById(id);

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "text") node.textContent = value;
    else if (key === "class") node.className = value;
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

const groupName = (group) => (GROUPS.find(([key]) => key === group) || [group, group])[1];
const signed = (n) => `${n >= 0 ? "+" : ""}${decimal(n)}`;
// Which of a group's rated games a page of the player's history shows, counted from the first.
const shownOf = (rating) => (rating.history.length
  ? _("Rated games {first} to {last} of {games}, page {page} of {pages}.", { first: rating.first,
    last: rating.first + rating.history.length - 1, games: rating.games, page: rating.page + 1, pages: rating.pages })
  : _("No rated game on page {page}; there are {pages}.", { page: rating.page + 1, pages: rating.pages }));

/** The rating view at this address: the leaderboard (``group`` from ?group=) or a player's page. */
export async function showRatings(where) {
  const out = $("ratings-result");
  out.replaceChildren();
  if (where.name) {
    document.title = _("{name} · Spades", { name: where.name });
    $("ratings-title").textContent = _("{name}'s ratings", { name: where.name });
    $("ratings-groups").hidden = true;
    $("ratings-title").focus();
    await playerPage(where.name, out, where.page || 0);
    return;
  }
  const group = GROUPS.some(([key]) => key === where.group) ? where.group : "partnership";
  document.title = _("Leaderboard · Spades");
  $("ratings-title").textContent = _("Leaderboard");
  $("ratings-groups").hidden = false;
  $(`group-${group}`).checked = true;
  if (!$("ratings-groups").contains(document.activeElement)) $("ratings-title").focus();
  await leaderboard(group, out);
}

async function getJson(path) {
  const reply = await fetch(path);
  const body = await reply.json();
  if (!reply.ok) throw new Error(body.error || _("the room answered {status}", { status: reply.status }));
  return body;
}

async function leaderboard(group, out) {
  let board;
  try {
    board = await getJson(`/api/leaderboard?group=${encodeURIComponent(group)}`);
  } catch (error) {
    out.replaceChildren(el("p", { text: _("No leaderboard: {reason}.", { reason: error.message }) }));
    return;
  }
  const caption = n_("{group} leaderboard: {n} player, best first", "{group} leaderboard: {n} players, best first",
    board.rows.length, { group: groupName(group) });
  if (!board.rows.length) {
    const empty = _("No one has a rated {group} game yet.", { group: groupName(group).toLowerCase() });
    out.replaceChildren(el("p", { text: empty }));
    if ($("ratings-groups").contains(document.activeElement)) say(empty);
    return;
  }
  const head = el("tr", {}, ...[_("Rank"), _("Player"), _("Rating"), _("Games")].map((text) => el("th", { scope: "col", text })));
  const rows = board.rows.map((row) => el("tr", {},
    el("td", { text: String(row.rank) }),
    el("th", { scope: "row" }, el("a", { href: `/players/${encodeURIComponent(row.name)}`, text: row.name })),
    el("td", { text: decimal(row.rating) }),
    el("td", { text: String(row.games) })));
  out.replaceChildren(el("table", { class: "stats leaderboard" }, el("caption", { text: caption }),
    el("thead", {}, head), el("tbody", {}, ...rows)));
  if ($("ratings-groups").contains(document.activeElement)) say(`${caption}.`);  // switched: said once, politely
}

/** The player's role in the room, in a sentence, or null (none). */
function roleLine(page) {
  if (!page.role) return null;
  if (page.role === "admin") return _("{name} is an administrator of the room.", { name: page.name });
  if (page.role === "moderator") return _("{name} is a moderator of the room.", { name: page.name });
  return _("{name} is {role} of the room.", { name: page.name, role: page.role });
}

async function playerPage(name, out, number) {
  let page;
  const address = `/players/${encodeURIComponent(name)}`;
  try {
    page = await getJson(`/api${address}${number ? `?page=${number}` : ""}`);
  } catch (error) {
    out.replaceChildren(el("p", { text: _("No ratings: {reason}.", { reason: error.message }) }));
    return;
  }
  $("ratings-title").textContent = _("{name}'s ratings", { name: page.name });
  const parts = [];
  const held = roleLine(page);
  if (held) parts.push(el("p", { id: "player-role", class: "player-role", text: held }));
  if (!page.ratings.length) parts.push(el("p", { text: _("{name} has no rated game yet.", { name: page.name }) }));
  for (const rating of page.ratings) {
    const title = groupName(rating.group);
    const chartId = `rating-chart-${rating.group}`;
    const table = el("table", { class: "scores", id: `${chartId}-table` },
      el("caption", { text: _("{group} rating after each rated game", { group: title }) }), el("thead"), el("tbody"));
    const section = el("section", { class: "summary", "aria-labelledby": `${chartId}-title` },
      el("h2", { id: `${chartId}-title`, text: n_("{group}: rating {rating} after {n} rated game",
        "{group}: rating {rating} after {n} rated games", rating.games, { group: title, rating: decimal(rating.rating) }) }),
      rating.pages > 1 ? el("p", { text: shownOf(rating) }) : "",
      el("p", { text: _("Hints asked in these rated games: {hints}.", { hints: rating.hints || 0 }) }),
      el("div", { id: chartId }), table);
    parts.push(section);
    const history = rating.history;
    const values = [history.length ? history[0].before : 0, ...history.map((h) => h.after)];
    section.drawn = () => drawLines($(chartId), table, {
      names: [page.name], values: [values], axis: _("rated game"), rowHead: _("Game"),
      title: n_("{group} rating of {name} over {n} rated game: from {first} to {last}. The table below gives every figure.",
        "{group} rating of {name} over {n} rated games: from {first} to {last}. The table below gives every figure.",
        history.length, { group: title, name: page.name, first: decimal(values[0]), last: decimal(values[values.length - 1]) }),
      cell: (series, i) => `${decimal(history[i - 1].after)} (${signed(history[i - 1].change)})`,
      rowName: (i) => _("{game} (table {table})", { game: rating.first + i - 1, table: history[i - 1].table }),
    });
  }
  const pages = Math.max(1, ...page.ratings.map((rating) => rating.pages));
  if (pages > 1) {
    const links = [];
    if (number + 1 < pages) links.push(el("a", { href: `${address}?page=${number + 1}`, text: _("Earlier rated games") }));
    if (number > 0) links.push(el("a", { href: number > 1 ? `${address}?page=${number - 1}` : address, text: _("Later rated games") }));
    parts.push(el("nav", { "aria-label": _("Rated games' pages") }, ...links.flatMap((a, i) => (i ? [" ", a] : [a]))));
  }
  parts.push(el("h2", { id: "computers-title", text: _("Record against the computer") }),
    el("p", { text: _("Each finished game with the computer at the table counts once for each level it played at and "
      + "each role it had: against the player, or as the player's partner. A win is the player's side winning.") }));
  if (page.computers.length) {
    const head = el("tr", {}, ...[_("Level"), _("Role"), _("Games"), _("Wins")].map((text) => el("th", { scope: "col", text })));
    parts.push(el("table", { class: "stats", "aria-labelledby": "computers-title" }, el("thead", {}, head),
      el("tbody", {}, ...page.computers.map((row) => el("tr", {},
        el("th", { scope: "row", text: row.level }), el("td", { text: ROLES[row.role] || row.role }),
        el("td", { text: String(row.games) }), el("td", { text: String(row.wins) }))))));
  } else {
    parts.push(el("p", { text: _("No finished game with the computer yet.") }));
  }
  out.replaceChildren(...parts);
  for (const part of parts) if (part.drawn) part.drawn();
}

/** The radio buttons switch the group (arrow keys, as any radio group), and the address follows. */
export function connectRatings(go) {
  for (const [group] of GROUPS) {
    $(`group-${group}`).addEventListener("change", () => go(`/leaderboard?group=${group}`));
  }
}
