// The score hand by hand: an SVG line chart for the eyes and the same figures as a table for a screen reader
// (the chart is one image with a short description; the table holds every number).

import { _, n_ } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const SERIES = [
  { colour: "series-0", dash: "", marker: "circle" },
  { colour: "series-1", dash: "6 4", marker: "square" },
  { colour: "series-2", dash: "2 3", marker: "circle" },
  { colour: "series-3", dash: "10 3 2 3", marker: "square" },
];

function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

export function drawChart(results, names) {
  const hands = results.length;
  const scores = names.map((name, side) => [0, ...results.map((r) => r.sides[side].score)]);
  const finals = names.map((name, side) => `${name} ${scores[side][hands]}`).join(", ");
  drawLines(document.getElementById("chart"), document.getElementById("chart-table"), {
    names, values: scores, axis: _("hand"), rowHead: _("Hand"), floor: [0, 100],
    title: n_("Score after each of {n} hand; now {scores}. The table below gives every figure.",
      "Score after each of {n} hands; now {scores}. The table below gives every figure.", hands, { scores: finals }),
    cell: (side, i) => {
      const s = results[i - 1].sides[side];
      return `${s.score} (${s.points >= 0 ? "+" : ""}${s.points})`;
    },
  });
}

/** Lines over steps 0 to n (``values[series][step]``, step 0 being the start) drawn into ``host`` as one SVG image
 * whose title says it in short, with the legend beside it; ``table`` (its caption kept) gets a row for each step
 * after the start, a column for each series, ``cell(series, step)`` in each. ``floor`` is a range the axis always
 * covers. Used by the score by hand and by a player's rating over time. */
export function drawLines(host, table, { names, values, axis, rowHead, title, cell, floor = [0, 0], rowName }) {
  const steps = Math.max(0, ...values.map((line) => line.length - 1));
  const all = values.flat();
  // The axis runs from a guide line at or below the lowest value to one at or above the highest, so that every
  // point of every line lies between two labelled guides.
  const lowest = Math.min(floor[0], ...all);
  const highest = Math.max(floor[1], ...all);
  const step = niceStep((highest - lowest) / 5);
  const low = Math.floor(lowest / step) * step;
  const high = Math.ceil(highest / step) * step === low ? low + step : Math.ceil(highest / step) * step;
  const width = 640;
  const height = 300;
  const left = 56;
  const right = 16;
  const top = 16;
  const bottom = 40;
  const x = (i) => left + (steps === 0 ? 0 : (i / steps) * (width - left - right));
  const y = (v) => top + ((high - v) / (high - low)) * (height - top - bottom);

  // The title names the image (and is its tooltip); named a second time by aria-labelledby, chromium gave the
  // same words as its description too, and a screen reader said them twice.
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", class: "chart",
    preserveAspectRatio: "xMidYMid meet" });
  const heading = svg("title", { id: `${host.id}-svg-title` });
  heading.textContent = title;
  chart.append(heading);
  // horizontal guides
  for (let v = low; v <= high + step / 1e6; v += step) {
    const at = Number(v.toFixed(6));
    chart.append(svg("line", { x1: left, x2: width - right, y1: y(at), y2: y(at), class: at === 0 ? "axis" : "grid" }));
    const label = svg("text", { x: left - 6, y: y(at) + 4, "text-anchor": "end", class: "tick" });
    label.textContent = String(at);
    chart.append(label);
  }
  for (let i = 1; i <= steps; i++) {
    const label = svg("text", { x: x(i), y: height - bottom + 18, "text-anchor": "middle", class: "tick" });
    label.textContent = String(i);
    chart.append(label);
  }
  const axisName = svg("text", { x: (left + width - right) / 2, y: height - 4, "text-anchor": "middle", class: "tick" });
  axisName.textContent = axis;
  chart.append(axisName);
  names.forEach((name, side) => {
    const style = SERIES[side % SERIES.length];
    const points = values[side].map((v, i) => `${x(i)},${y(v)}`).join(" ");
    chart.append(svg("polyline", { points, class: `line ${style.colour}`, "stroke-dasharray": style.dash }));
    values[side].forEach((v, i) => {
      if (i === 0) return;
      chart.append(style.marker === "circle"
        ? svg("circle", { cx: x(i), cy: y(v), r: 4, class: `dot ${style.colour}` })
        : svg("rect", { x: x(i) - 4, y: y(v) - 4, width: 8, height: 8, class: `dot ${style.colour}` }));
    });
  });
  // the legend, in the chart's own colours and dashes
  const legend = document.createElement("ul");
  legend.className = "legend";
  legend.setAttribute("aria-hidden", "true");
  names.forEach((name, side) => {
    const item = document.createElement("li");
    const key = svg("svg", { width: 28, height: 10, class: "legend-key" });
    key.append(svg("line", { x1: 0, x2: 28, y1: 5, y2: 5, class: `line ${SERIES[side % SERIES.length].colour}`,
      "stroke-dasharray": SERIES[side % SERIES.length].dash }));
    item.append(key, document.createTextNode(` ${name}`));
    legend.append(item);
  });
  host.replaceChildren(chart, legend);

  const headRow = document.createElement("tr");
  for (const text of [rowHead, ...names]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = text;
    headRow.append(th);
  }
  table.tHead.replaceChildren(headRow);
  const rows = [];
  for (let i = 1; i <= steps; i++) {
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = rowName ? rowName(i) : String(i);
    tr.append(th);
    for (let side = 0; side < names.length; side++) {
      const td = document.createElement("td");
      td.textContent = cell(side, i);
      tr.append(td);
    }
    rows.push(tr);
  }
  table.tBodies[0].replaceChildren(...rows);
}

function niceStep(raw) {
  const power = 10 ** Math.floor(Math.log10(Math.max(raw, 0.1)));
  for (const m of [1, 2, 5, 10]) if (m * power >= raw) return m * power;
  return 10 * power;
}
