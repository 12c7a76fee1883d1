// A player's statistics: the form that asks for them by name, and the table of them the room sends.

import { $, el } from "./dom.js";

export function renderStats(stats) {
  const rows = [["Games", stats.games], ["Wins", stats.wins], ["Contracts bid", stats.contracts],
    ["Contracts made", stats.made], ["Nil bids", stats.nils], ["Nil bids made", stats.nils_made],
    ["Bags", stats.bags]];
  $("stats-result").replaceChildren(
    el("h2", { text: `${stats.name}'s statistics` }),
    el("table", { class: "stats" }, el("tbody", {}, ...rows.map(([label, value]) =>
      el("tr", {}, el("th", { scope: "row", text: label }), el("td", { text: String(value) }))))));
}

/** The statistics' form: its address becomes the player's page. */
export function connectStats(link) {
  $("stats-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("stats-name").value.trim();
    if (name) history.pushState(null, "", `/stats/${encodeURIComponent(name)}`);
    link.send({ type: "stats", name }, { kind: "stats" });
  });
}
