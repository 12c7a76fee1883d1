// The score hand by hand: an SVG line chart for the eyes and the same figures as a table for a screen reader
// (the chart is one image with a short description; the table holds every number).

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
  const sides = names.length;
  const hands = results.length;
  const scores = names.map((_, side) => [0, ...results.map((r) => r.sides[side].score)]);
  const all = scores.flat();
  // The axis runs from a guide line at or below the lowest score to one at or above the highest, so that every
  // point of every line lies between two labelled guides.
  const step = niceStep((Math.max(100, ...all) - Math.min(0, ...all)) / 5);
  const low = Math.floor(Math.min(0, ...all) / step) * step;
  const high = Math.ceil(Math.max(100, ...all) / step) * step;
  const width = 640;
  const height = 300;
  const left = 56;
  const right = 16;
  const top = 16;
  const bottom = 40;
  const x = (i) => left + (hands === 0 ? 0 : (i / hands) * (width - left - right));
  const y = (v) => top + ((high - v) / (high - low)) * (height - top - bottom);

  // The title names the image (and is its tooltip); named a second time by aria-labelledby, chromium gave the
  // same words as its description too, and a screen reader said them twice.
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", class: "chart",
    preserveAspectRatio: "xMidYMid meet" });
  const title = svg("title", { id: "chart-svg-title" });
  const finals = names.map((name, side) => `${name} ${scores[side][hands]}`).join(", ");
  title.textContent = `Score after each of ${hands} hand${hands === 1 ? "" : "s"}; now ${finals}. The table below gives every figure.`;
  chart.append(title);
  // horizontal guides
  for (let v = low; v <= high; v += step) {
    chart.append(svg("line", { x1: left, x2: width - right, y1: y(v), y2: y(v), class: v === 0 ? "axis" : "grid" }));
    const label = svg("text", { x: left - 6, y: y(v) + 4, "text-anchor": "end", class: "tick" });
    label.textContent = String(v);
    chart.append(label);
  }
  for (let i = 1; i <= hands; i++) {
    const label = svg("text", { x: x(i), y: height - bottom + 18, "text-anchor": "middle", class: "tick" });
    label.textContent = String(i);
    chart.append(label);
  }
  const axis = svg("text", { x: (left + width - right) / 2, y: height - 4, "text-anchor": "middle", class: "tick" });
  axis.textContent = "hand";
  chart.append(axis);
  names.forEach((name, side) => {
    const style = SERIES[side % SERIES.length];
    const points = scores[side].map((v, i) => `${x(i)},${y(v)}`).join(" ");
    chart.append(svg("polyline", { points, class: `line ${style.colour}`, "stroke-dasharray": style.dash }));
    scores[side].forEach((v, i) => {
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
    key.append(svg("line", { x1: 0, x2: 28, y1: 5, y2: 5, class: `line ${SERIES[side].colour}`,
      "stroke-dasharray": SERIES[side].dash }));
    item.append(key, document.createTextNode(` ${name}`));
    legend.append(item);
  });
  document.getElementById("chart").replaceChildren(chart, legend);

  const table = document.getElementById("chart-table");
  const headRow = document.createElement("tr");
  for (const text of ["Hand", ...names]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = text;
    headRow.append(th);
  }
  table.tHead.replaceChildren(headRow);
  const rows = results.map((result, i) => {
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = String(i + 1);
    tr.append(th);
    for (let side = 0; side < sides; side++) {
      const td = document.createElement("td");
      const s = result.sides[side];
      td.textContent = `${s.score} (${s.points >= 0 ? "+" : ""}${s.points})`;
      tr.append(td);
    }
    return tr;
  });
  table.tBodies[0].replaceChildren(...rows);
}

function niceStep(raw) {
  const power = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  for (const m of [1, 2, 5, 10]) if (m * power >= raw) return m * power;
  return 10 * power;
}
