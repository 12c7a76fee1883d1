// A tournament's page (/tournaments/N): where it stands in a sentence, its entries, the player's own entry (enter
// with a partner, leave, and for its director start now), each round's matches in a table (tables linked), the
// standings as a data table (Swiss: points and Buchholz; knockout: matches won and the champion; duplicate:
// matchpoints and percentage in each direction) and, for a Swiss, a chart of each pair's points after each round
// with the same figures in a table. A `tournament` frame for it redraws it in place; only what changed is said, once.

import { drawLines } from "./chart.js";
import { $, el } from "./dom.js";
import { notice } from "./speak.js";
import { alone, formatName, getJson } from "./tournaments.js";
import { seatNames, variantWords } from "./rulesets.js";
import { LANG, _, decimal, n_ } from "./i18n.js";

const page = { shown: null, message: null, link: null, state: null };
const CHART_MOST = 8;  // pairs a chart of points draws; more would be lines no one can tell apart

const figure = (n) => (n % 1 ? decimal(n) : String(n));
const points = (n) => n_("{points} point", "{points} points", n, { points: figure(n) });
/** Names said together: "Ada and Bob" (and a third: "Ada and Bob and Cy"). */
const both = (names) => (names.length ? names.reduce((first, second) => _("{first} and {second}", { first, second })) : "");

function head(...names) {
  return el("thead", {}, el("tr", {}, ...names.map((text) => el("th", { scope: "col", text }))));
}

function dataTable(caption, names, rows, extra = "") {
  return el("div", { class: "table-scroll" }, el("table", { class: `stats ${extra}` }, el("caption", { text: caption }),
    head(...names), el("tbody", {}, ...rows)));
}

/** Each entry's name by its number: "3. Ada and Bob". */
function pairNames(message) {
  const names = new Map();
  for (const entry of message.entries) {
    if (entry.number !== null) names.set(entry.number, `${entry.number}. ${both(entry.players)}`);
  }
  return (number) => names.get(number) || _("Pair {number}", { number });
}

function mine(message) {
  const me = page.state.me;
  return me ? message.entries.find((entry) => entry.players.includes(me.name)) || null : null;
}

/** The tournament's terms, as a sentence of clauses each standing alone, between semicolons. */
function details(message) {
  const kind = { format: formatName(message.format), variant: variantWords(message.rules.variant) };
  const rounds = n_("{n} round", "{n} rounds", message.rounds);
  const parts = [alone(message.rules.variant) ? _("{format} of players for themselves, {variant} rules", kind)
    : _("{format} of partnerships, {variant} rules", kind), _("directed by {name}", { name: message.director }),
  n_("{n} entry at most", "{n} entries at most", message.entries_max)];
  if (message.format === "swiss") {
    parts.push(rounds, message.hands ? n_("{n} hand a match", "{n} hands a match", message.hands)
      : _("each match a game to the target"));
  } else if (message.format === "duplicate") {
    parts.push(rounds, n_("{n} board a round", "{n} boards a round", message.boards || 2));
  } else {
    parts.push(n_("{n} round, each match a game to the target", "{n} rounds, each match a game to the target",
      message.rounds));
  }
  if (message.starts_at && message.state === "entry") {
    parts.push(_("starts by itself at {time} with the entries it has then",
      { time: new Date(message.starts_at).toLocaleString(LANG) }));
  }
  if (message.clock) {
    parts.push(_("turn clock {action} seconds an action, bank {bank}",
      { action: message.clock.per_action, bank: message.clock.bank }));
  }
  return `${parts.join("; ")}.`;
}

function entriesPart(message) {
  const rows = message.entries.map((entry, i) => el("tr", {},
    el("th", { scope: "row", text: entry.number !== null ? String(entry.number) : String(i + 1) }),
    el("td", { text: both(entry.players) }),
    el("td", { text: entry.confirmed ? _("entered") : entry.players[1]
      ? _("waiting for {name} to enter", { name: entry.players[1] }) : _("waiting for a partner to enter") })));
  const counts = { entries: message.entries.filter((e) => e.confirmed).length, most: message.entries_max };
  const caption = message.state === "entry" ? _("Entries: {entries} of {most}", counts)
    : _("Entries: {entries} of {most}, numbered by rating", counts);
  return [el("h2", { id: "tournament-entries-title", text: _("Entries") }),
    message.entries.length ? dataTable(caption, [unit(message), _("Players"), _("Entry")], rows)
      : el("p", { text: _("No entry yet.") })];
}

/** A match's result and score in words, the winner's score first: "North-South won, 510 to 200". */
/** What an entry is called: a pair, or at a Swiss of players for themselves a player. */
const unit = (message) => (alone(message.rules.variant) ? _("Player") : _("Pair"));

/** A table of players for themselves: each seat's entry (or the computer) and score, and who took its point. */
function seatsResult(message, match, name) {
  const seats = seatNames(match.seats.length);
  const who = (entry) => (entry === null ? _("computer") : name(entry));
  const sitting = match.seats.map((entry, seat) => (match.scores.length
    ? _("{seat}: {name} {score}", { seat: seats[seat], name: who(entry), score: match.scores[seat] })
    : _("{seat}: {name}", { seat: seats[seat], name: who(entry) })));
  if (match.ns_points === null || !match.scores.length) return [sitting.join("; "), _("playing")];
  const best = Math.max(...match.scores);
  const top = match.seats.filter((entry, seat) => match.scores[seat] === best).map(who);
  return [sitting.join("; "), top.length === 1 ? _("{name} won", { name: top[0] }) : _("shared by {names}", { names: both(top) })];
}

function result(message, match) {
  if (match.ns_points === null) return _("playing");
  const scored = match.ns_score !== null && match.ns_score !== undefined;
  const ns = scored ? match.ns_score : "";
  const ew = scored ? match.ew_score : "";
  let words;
  if (message.format === "duplicate") words = scored ? _("North-South {ns}, East-West {ew}", { ns, ew }) : _("played");
  else if (match.ns_points === 0.5) words = scored ? _("drawn, {ns} to {ew}", { ns, ew }) : _("drawn");
  else if (match.ns_points === 1) {
    words = scored ? _("North-South won, {first} to {second}", { first: ns, second: ew }) : _("North-South won");
  } else words = scored ? _("East-West won, {first} to {second}", { first: ew, second: ns }) : _("East-West won");
  const covered = (match.covered || []).map((seat) => seatNames(4)[seat]);
  return covered.length ? _("{result}; the computer played most of {seats}'s game", { result: words, seats: both(covered) })
    : words;
}

function roundsPart(message) {
  if (!message.matches.length) return [];
  const name = pairNames(message);
  const duplicate = message.format === "duplicate";
  const parts = [el("h2", { text: _("Rounds") })];
  const solo = alone(message.rules.variant);
  message.matches.forEach((matches, i) => {
    const round = i + 1;
    if (solo) {
      const rows = matches.map((match) => el("tr", {},
        el("th", { scope: "row" }, el("a", { href: `/tables/${match.table}`, text: _("Table {table}", { table: match.number }) })),
        ...seatsResult(message, match, name).map((text) => el("td", { text }))));
      parts.push(el("h3", { text: _("Round {round} of {rounds}", { round, rounds: message.rounds }) }),
        dataTable(_("Tables of round {round}", { round }), [_("Table"), _("Seats and scores"), _("Result")], rows));
      return;
    }
    const rows = matches.map((match) => el("tr", {},
      el("th", { scope: "row" }, el("a", { href: `/tables/${match.table}`, text: _("Table {table}", { table: match.number }) })),
      ...(duplicate ? [el("td", { text: String(match.board ?? "") })] : []),
      el("td", { text: name(match.ns) }), el("td", { text: name(match.ew) }),
      el("td", { text: result(message, match) })));
    const columns = [_("Table"), ...(duplicate ? [_("Board")] : []), _("North-South"), _("East-West"), _("Result")];
    parts.push(el("h3", { text: _("Round {round} of {rounds}", { round, rounds: message.rounds }) }),
      dataTable(_("Matches of round {round}", { round }), columns, rows));
    const bye = message.byes[i];
    if (bye) {
      parts.push(el("p", { text: message.format === "knockout" ? _("Bye: {name} go through to the next round.", { name: name(bye) })
        : _("Bye: {name}, a point.", { name: name(bye) }) }));
    }
  });
  return parts;
}

function standingsPart(message) {
  const name = pairNames(message);
  const parts = [el("h2", { id: "tournament-standings-title", text: _("Standings") })];
  if (!message.standings.length) {
    parts.push(el("p", { text: message.state === "entry" ? _("The standings begin with the first round's results.")
      : _("No round has all its results in yet.") }));
    return parts;
  }
  const complete = completeRounds(message);
  if (message.format === "duplicate") {
    const captions = { NS: n_("North-South standings, after {n} round", "North-South standings, after {n} rounds", complete),
      EW: n_("East-West standings, after {n} round", "East-West standings, after {n} rounds", complete) };
    for (const direction of ["NS", "EW"]) {
      const rows = message.standings.filter((s) => s.direction === direction).map((s) => el("tr", {},
        el("td", { text: String(s.place) }), el("th", { scope: "row", text: name(s.entry) }),
        el("td", { text: figure(s.points) }), el("td", { text: _("{percent}%", { percent: decimal(s.percentage ?? 0) }) })));
      parts.push(dataTable(captions[direction], [_("Place"), unit(message), _("Matchpoints"), _("Percentage")], rows,
        "standings"));
    }
    return parts;
  }
  if (message.format === "knockout") {
    if (message.champion) parts.push(el("p", { class: "big-line", text: _("Champions: {name}.", { name: name(message.champion) }) }));
    const rows = message.standings.map((s) => el("tr", {}, el("td", { text: String(s.place) }),
      el("th", { scope: "row", text: name(s.entry) }), el("td", { text: figure(s.points) })));
    parts.push(dataTable(_("Standings: the pairs by how far each went"), [_("Place"), unit(message), _("Matches won")], rows,
      "standings"));
    return parts;
  }
  const rows = message.standings.map((s) => el("tr", {}, el("td", { text: String(s.place) }),
    el("th", { scope: "row", text: name(s.entry) }), el("td", { text: figure(s.points) }),
    el("td", { text: figure(s.buchholz) })));
  parts.push(dataTable(n_("Standings after {n} round", "Standings after {n} rounds", complete),
    [_("Place"), unit(message), _("Points"), _("Buchholz")], rows, "standings"));
  return parts;
}

function completeRounds(message) {
  let rounds = 0;
  for (const matches of message.matches) {
    if (matches.some((m) => m.ns_points === null)) break;
    rounds += 1;
  }
  return rounds;
}

/** A Swiss's points after each complete round, one line a pair: drawn once it has a round, for eight pairs at most. */
function chartPart(message) {
  const rounds = completeRounds(message);
  const numbers = message.standings.map((s) => s.entry);
  if (message.format !== "swiss" || alone(message.rules.variant) || rounds < 1 || numbers.length > CHART_MOST || !numbers.length) return [];
  const name = pairNames(message);
  const values = numbers.map((entry) => {
    let total = 0;
    const line = [0];
    for (let r = 0; r < rounds; r++) {
      for (const m of message.matches[r]) {
        if (m.ns === entry) total += m.ns_points;
        if (m.ew === entry) total += 1 - m.ns_points;
      }
      if (message.byes[r] === entry) total += 1;
      line.push(total);
    }
    return line;
  });
  const table = el("table", { class: "scores", id: "tournament-chart-table" },
    el("caption", { text: _("Points after each round") }), el("thead"), el("tbody"));
  const host = el("div", { id: "tournament-chart" });
  const section = el("section", { class: "summary", "aria-labelledby": "tournament-chart-title" },
    el("h2", { id: "tournament-chart-title", text: _("Points round by round") }), host, table);
  const leader = message.standings[0];
  section.drawn = () => drawLines(host, table, {
    names: numbers.map(name), values, axis: _("round"), rowHead: _("Round"), floor: [0, 1],
    title: n_("Points of each pair after each of {n} round; {leader} lead with {points}. The table below gives every figure.",
      "Points of each pair after each of {n} rounds; {leader} lead with {points}. The table below gives every figure.",
      rounds, { leader: name(leader.entry), points: points(leader.points) }),
    cell: (series, i) => figure(values[series][i]),
  });
  return [section];
}

function renderActions(message) {
  const registered = Boolean(page.state.me && !page.state.me.guest);
  const entry = mine(message);
  const director = registered && page.state.me.name === message.director;
  const open = message.state === "entry";
  const enter = open && registered && !(entry && entry.confirmed);
  const solo = alone(message.rules.variant);
  $("tournament-enter-form").hidden = !enter;
  $("tournament-partner-box").hidden = solo;
  $("tournament-partner").disabled = solo;
  $("tournament-enter").textContent = solo ? _("Enter") : _("Enter with partner");
  $("tournament-leave").hidden = !(open && entry);
  $("tournament-start").hidden = !(open && director);
  $("tournament-actions").hidden = !(enter || (open && (entry || director)));
  $("tournament-actions-title").textContent = director && !entry ? _("Directing") : _("Your entry");
}

/** Draw the tournament; the focus stays where it was (found again by its words when its element was redrawn). */
function render(message) {
  const focused = $("tournament-result").contains(document.activeElement) ? document.activeElement.textContent : null;
  page.message = message;
  $("tournament-title").textContent = _("{name} (tournament {number})", { name: message.name, number: message.tournament });
  $("tournament-text").textContent = message.text;
  document.title = _("{name} · Spades", { name: message.name });
  renderActions(message);
  const parts = [el("p", { text: details(message) }), ...entriesPart(message), ...standingsPart(message),
    ...chartPart(message), ...roundsPart(message)];
  $("tournament-result").replaceChildren(...parts);
  for (const part of parts) if (part.drawn) part.drawn();
  if (focused !== null) {
    const again = [...$("tournament-result").querySelectorAll("a")].find((a) => a.textContent === focused);
    (again || $("tournament-title")).focus();
  }
}

/** The tournament view at /tournaments/N: read from the room's HTTP API, then kept current by its frames. */
export async function showTournament(state, number) {
  page.state = state;
  const again = page.shown === number && page.message !== null;
  page.shown = number;
  if (!again) {
    page.message = null;
    $("tournament-title").textContent = _("Tournament {number}", { number });
    $("tournament-text").textContent = "";
    $("tournament-actions").hidden = true;
    $("tournament-result").replaceChildren();
  }
  if (!$("view-tournament").contains(document.activeElement)) $("tournament-title").focus();
  let message;
  try {
    message = await getJson(`/api/tournaments/${number}`);
  } catch (error) {
    $("tournament-text").textContent = _("No tournament: {reason}.", { reason: error.message });
    return;
  }
  if (page.shown !== number) return;
  state.noteTournament?.(message);
  render(message);
}

/** A ``tournament`` frame: the page redrawn if it shows that tournament; ``said`` (the answer to the player's own
 * message) or else the new sentence, when it changed, said once. */
export function onTournament(message, said = null) {
  if (page.shown !== message.tournament || $("view-tournament").hidden) return;
  const before = page.message;
  render(message);
  if (said) notice(said);
  else if (!before || before.text !== message.text) notice(message.text);
}

/** The room sends its frames to the entrants only, and not at each entry: while a tournament not over is shown,
 * it is read again now and then (quietly: only a changed sentence is said). */
async function poll() {
  const number = page.shown;
  if ($("view-tournament").hidden || document.hidden || !page.message || page.message.state === "over") return;
  let message;
  try {
    message = await getJson(`/api/tournaments/${number}`);
  } catch {
    return;  // said when the page was opened; a passing failure is not worth a word
  }
  if (JSON.stringify(message) !== JSON.stringify(page.message)) onTournament(message);
}

/** The entry form and buttons, sent over the room's link. */
export function connectTournament({ link, state }) {
  page.link = link;
  page.state = state;
  setInterval(poll, 10000);
  const send = (message, kind, said) => link.send({ ...message, tournament: page.shown },
    { kind, then: (reply) => onTournament(reply, said(reply)) });
  $("tournament-enter-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const partner = $("tournament-partner").value.trim();
    if ($("tournament-partner").disabled) {
      send({ type: "tournament_enter" }, "tournament-enter", (reply) => [_("Entered."), reply.text].join(" "));
      return;
    }
    send({ type: "tournament_enter", partner }, "tournament-enter", (reply) => {
      const entry = mine(reply);
      return entry && entry.confirmed ? [_("Entered with {partner}.", { partner }), reply.text].join(" ")
        : _("Entered with {partner}; the entry stands once {partner} enters naming you.", { partner });
    });
  });
  $("tournament-leave").addEventListener("click", () => {
    send({ type: "tournament_leave" }, "tournament-leave", () => _("Your entry is withdrawn."));
    $("tournament-title").focus();
  });
  $("tournament-start").addEventListener("click", () => {
    send({ type: "tournament_start" }, "tournament-start", (reply) => [_("Started."), reply.text].join(" "));
    $("tournament-title").focus();
  });
}
