// The leaderboard (/leaderboard) and a player's page (/players/NAME), read from the room's /api/leaderboard and
// /api/players/NAME. Each is plain HTML: a table with a caption and headers, a chart drawn by chart.js with the
// same figures in a table beside it. The leaderboard shows one rating group at a time; its radio buttons switch
// it by the arrow keys.

import { drawLines } from "./chart.js";
import { say } from "./speak.js";

const GROUPS = [["partnership", "Partnership"], ["solo", "Solo"], ["two_player", "Two-player"],
  ["solo_3", "Three solo"], ["solo_5", "Five solo"], ["solo_6", "Six solo"],
  ["partnership_6", "Six, three partnerships"], ["teams_6", "Six, two teams of three"]];
const ROLES = { opponent: "against it", partner: "as partner" };
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
const signed = (n) => `${n >= 0 ? "+" : ""}${n.toFixed(1)}`;
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
// Which of a group's rated games a page of the player's history shows, counted from the first.
const shownOf = (rating) => (rating.history.length
  ? `Rated games ${rating.first} to ${rating.first + rating.history.length - 1} of ${rating.games}, page ${rating.page + 1} of ${rating.pages}.`
  : `No rated game on page ${rating.page + 1}; there are ${rating.pages}.`);

/** The rating view at this address: the leaderboard (``group`` from ?group=) or a player's page. */
export async function showRatings(where) {
  const out = $("ratings-result");
  out.replaceChildren();
  if (where.name) {
    document.title = `${where.name} · Spades`;
    $("ratings-title").textContent = `${where.name}'s ratings`;
    $("ratings-groups").hidden = true;
    $("ratings-title").focus();
    await playerPage(where.name, out, where.page || 0);
    return;
  }
  const group = GROUPS.some(([key]) => key === where.group) ? where.group : "partnership";
  document.title = "Leaderboard · Spades";
  $("ratings-title").textContent = "Leaderboard";
  $("ratings-groups").hidden = false;
  $(`group-${group}`).checked = true;
  if (!$("ratings-groups").contains(document.activeElement)) $("ratings-title").focus();
  await leaderboard(group, out);
}

async function getJson(path) {
  const reply = await fetch(path);
  const body = await reply.json();
  if (!reply.ok) throw new Error(body.error || `the room answered ${reply.status}`);
  return body;
}

async function leaderboard(group, out) {
  let board;
  try {
    board = await getJson(`/api/leaderboard?group=${encodeURIComponent(group)}`);
  } catch (error) {
    out.replaceChildren(el("p", { text: `No leaderboard: ${error.message}.` }));
    return;
  }
  const caption = `${groupName(group)} leaderboard: ${plural(board.rows.length, "player")}, best first`;
  if (!board.rows.length) {
    const empty = `No one has a rated ${groupName(group).toLowerCase()} game yet.`;
    out.replaceChildren(el("p", { text: empty }));
    if ($("ratings-groups").contains(document.activeElement)) say(empty);
    return;
  }
  const head = el("tr", {}, ...["Rank", "Player", "Rating", "Games"].map((text) => el("th", { scope: "col", text })));
  const rows = board.rows.map((row) => el("tr", {},
    el("td", { text: String(row.rank) }),
    el("th", { scope: "row" }, el("a", { href: `/players/${encodeURIComponent(row.name)}`, text: row.name })),
    el("td", { text: row.rating.toFixed(1) }),
    el("td", { text: String(row.games) })));
  out.replaceChildren(el("table", { class: "stats leaderboard" }, el("caption", { text: caption }),
    el("thead", {}, head), el("tbody", {}, ...rows)));
  if ($("ratings-groups").contains(document.activeElement)) say(`${caption}.`);  // switched: said once, politely
}

const ROLE_WORDS = { admin: "an administrator", moderator: "a moderator" };

/** The player's role in the room, in a sentence, or null (none). */
function roleLine(page) {
  return page.role ? `${page.name} is ${ROLE_WORDS[page.role] || page.role} of the room.` : null;
}

async function playerPage(name, out, number) {
  let page;
  const address = `/players/${encodeURIComponent(name)}`;
  try {
    page = await getJson(`/api${address}${number ? `?page=${number}` : ""}`);
  } catch (error) {
    out.replaceChildren(el("p", { text: `No ratings: ${error.message}.` }));
    return;
  }
  $("ratings-title").textContent = `${page.name}'s ratings`;
  const parts = [];
  const held = roleLine(page);
  if (held) parts.push(el("p", { id: "player-role", class: "player-role", text: held }));
  if (!page.ratings.length) parts.push(el("p", { text: `${page.name} has no rated game yet.` }));
  for (const rating of page.ratings) {
    const title = groupName(rating.group);
    const chartId = `rating-chart-${rating.group}`;
    const table = el("table", { class: "scores", id: `${chartId}-table` },
      el("caption", { text: `${title} rating after each rated game` }), el("thead"), el("tbody"));
    const section = el("section", { class: "summary", "aria-labelledby": `${chartId}-title` },
      el("h2", { id: `${chartId}-title`, text: `${title}: rating ${rating.rating.toFixed(1)} after ${plural(rating.games, "rated game")}` }),
      rating.pages > 1 ? el("p", { text: shownOf(rating) }) : "",
      el("p", { text: `Hints asked in these rated games: ${rating.hints || 0}.` }),
      el("div", { id: chartId }), table);
    parts.push(section);
    const history = rating.history;
    const values = [history.length ? history[0].before : 0, ...history.map((h) => h.after)];
    section.drawn = () => drawLines($(chartId), table, {
      names: [page.name], values: [values], axis: "rated game", rowHead: "Game",
      title: `${title} rating of ${page.name} over ${plural(history.length, "rated game")}: from ${values[0].toFixed(1)} to ${values[values.length - 1].toFixed(1)}. The table below gives every figure.`,
      cell: (_, i) => `${history[i - 1].after.toFixed(1)} (${signed(history[i - 1].change)})`,
      rowName: (i) => `${rating.first + i - 1} (table ${history[i - 1].table})`,
    });
  }
  const pages = Math.max(1, ...page.ratings.map((rating) => rating.pages));
  if (pages > 1) {
    const links = [];
    if (number + 1 < pages) links.push(el("a", { href: `${address}?page=${number + 1}`, text: "Earlier rated games" }));
    if (number > 0) links.push(el("a", { href: number > 1 ? `${address}?page=${number - 1}` : address, text: "Later rated games" }));
    parts.push(el("nav", { "aria-label": "Rated games' pages" }, ...links.flatMap((a, i) => (i ? [" ", a] : [a]))));
  }
  parts.push(el("h2", { id: "computers-title", text: "Record against the computer" }),
    el("p", { text: "Each finished game with the computer at the table counts once for each level it played at and "
      + "each role it had: against the player, or as the player's partner. A win is the player's side winning." }));
  if (page.computers.length) {
    const head = el("tr", {}, ...["Level", "Role", "Games", "Wins"].map((text) => el("th", { scope: "col", text })));
    parts.push(el("table", { class: "stats", "aria-labelledby": "computers-title" }, el("thead", {}, head),
      el("tbody", {}, ...page.computers.map((row) => el("tr", {},
        el("th", { scope: "row", text: row.level }), el("td", { text: ROLES[row.role] || row.role }),
        el("td", { text: String(row.games) }), el("td", { text: String(row.wins) }))))));
  } else {
    parts.push(el("p", { text: "No finished game with the computer yet." }));
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
