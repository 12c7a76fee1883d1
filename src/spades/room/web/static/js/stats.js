// A player's statistics: the form that asks for them by name, and the table of them the room sends.

import { $, el } from "./dom.js";
import { _ } from "./i18n.js";

export function renderStats(stats) {
  const rows = [[_("Games"), stats.games], [_("Wins"), stats.wins], [_("Contracts bid"), stats.contracts],
    [_("Contracts made"), stats.made], [_("Nil bids"), stats.nils], [_("Nil bids made"), stats.nils_made],
    [_("Bags"), stats.bags]];
  $("stats-result").replaceChildren(
    el("h2", { text: _("{name}'s statistics", { name: stats.name }) }),
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
