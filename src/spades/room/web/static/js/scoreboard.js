// The scores for the eyes: the scoreline (the hand, the trick, each side's points and bags), and between hands and
// at the end the hand's result, the game's and the chart of the scores. Their words are the room's lines, said in
// the log as they came. These are methods of the table (table.js joins them to TableView; `this` is the table).

import { drawChart } from "./chart.js";
import { el } from "./dom.js";
import { _, n_ } from "./i18n.js";

export const scoreboardMethods = {
  renderScore() {
    const view = this.shown();
    const names = this.sideNames();
    const parts = view.scores.map((score, side) => n_("{side} {points} points, {n} bag", "{side} {points} points, {n} bags",
      view.bags[side], { side: names[side], points: score }));
    const tricks = this.handSize();
    const hand = { hand: view.hand_number };
    let where = view.phase === "play"
      ? _("Hand {hand}, trick {trick} of {tricks}.", { ...hand, trick: Math.min(view.tricks.length + 1, tricks), tricks })
      : _("Hand {hand}.", hand);
    if (view.ended) where = _("Hand {hand} is over.", hand);
    const rules = view.rules.options;
    const target = rules.hands ? n_("Playing {n} hand.", "Playing {n} hands.", rules.hands)
      : _("Playing to {target}.", { target: rules.target ?? 500 });
    let line = `${where} ${target}`;
    if (view.phase === "over") {  // the result, in the room's words, not the hand the game ended on
      const over = this.events.map((e, i) => [e, i]).filter(([e]) => e.type === "game_over").pop();
      const hands = view.results.length;
      line = [n_("Game over after {n} hand.", "Game over after {n} hands.", hands), over ? this.lines[over[1]][0] : ""]
        .join(" ").trim();
    }
    document.getElementById("scoreline").replaceChildren(
      el("p", { text: line }),
      el("ul", { class: "scores-now" }, ...parts.map((text) => el("li", { text }))),
    );
  },

  renderSummaries() {
    const view = this.view;
    const handOver = document.getElementById("hand-over");
    const over = view.phase === "over" && this.seen >= this.events.length;
    // Between hands, the hand just ended; at the end of the game, the last hand's result as well as the game's.
    const scored = over ? this.events.map((e, i) => [e, i]).filter(([e]) => e.type === "hand_scored").pop() : null;
    handOver.hidden = !this.waitingNext && !scored;
    if (!handOver.hidden) {
      const number = this.waitingNext ? this.reviewHand : scored[0].result.number;
      document.getElementById("hand-over-title").textContent = _("Hand {hand} is over", { hand: number });
      document.getElementById("hand-over-lines").replaceChildren(
        ...((this.waitingNext ? this.endedLines : this.lines[scored[1]]) || []).slice(1).map((text) => el("li", { text })));
    }
    const gameOver = document.getElementById("game-over");
    gameOver.hidden = !over;
    if (over) {
      const last = this.events.map((e, i) => [e, i]).filter(([e]) => e.type === "game_over").pop();
      const [line, ...mine] = last ? this.lines[last[1]] : [_("The game is over.")];
      document.getElementById("game-over-line").textContent = line;
      const stats = document.getElementById("game-over-stats");
      stats.textContent = mine.join(" ");  // the seat's own statistics, as the terminal closes the game
      stats.hidden = mine.length === 0;
      document.getElementById("record-link").href = `/api/tables/${this.id}/record`;
      document.getElementById("record-link").setAttribute("download", `spades-table-${this.id}.json`);
    }
    const chartBox = document.getElementById("chart-box");
    const results = this.shown().results;
    chartBox.hidden = !(this.waitingNext || over) || results.length === 0;
    if (!chartBox.hidden) drawChart(results, this.sideNames());
  },
};
