// The play-test panel: random games of the mix as it stands, drawn as the report
// page draws them (each share a bar with its 95% interval, each measure a
// histogram), in the page's own DOM.

import { SVG, make } from "./svg.js";

const WIDTH = 300;
const LABEL = 70;
const TRACK = WIDTH - LABEL - 10;
const BAR = 14;

// One bar per share: its name, the share as a grey bar on a light track, and its
// interval as a whisker; the figures are in the bar's title and in the list below.
function shareBars(rows) {
  const svg = document.createElementNS(SVG, "svg");
  const height = rows.length * (BAR + 8) + 4;
  svg.setAttribute("viewBox", `0 0 ${WIDTH} ${height}`);
  svg.setAttribute("width", String(WIDTH));
  svg.setAttribute("height", String(height));
  svg.setAttribute("role", "img");
  rows.forEach(([name, share], index) => {
    const y = 2 + index * (BAR + 8);
    const group = make("g", { class: "share", "data-name": name, "data-share": share.share },
      svg);
    const label = make("text", { x: LABEL - 6, y: y + BAR - 3, "text-anchor": "end" }, group);
    label.textContent = name;
    make("rect", { x: LABEL, y, width: TRACK, height: BAR, class: "track" }, group);
    if (share.share === null) {
      return;
    }
    make("rect", { x: LABEL, y, width: TRACK * share.share / 100, height: BAR, class: "value" },
      group);
    const low = LABEL + TRACK * share.low / 100;
    const high = LABEL + TRACK * share.high / 100;
    const middle = y + BAR / 2;
    make("path", { d: `M${low} ${middle}H${high}M${low} ${y + 3}V${y + BAR - 3}M${high} ${y + 3}V${y + BAR - 3}`,
      class: "interval" }, group);
    const title = make("title", {}, group);
    title.textContent = `${name}: ${share.share}% (${share.low}-${share.high}%)`;
  });
  return svg;
}

const HISTOGRAM = 56; // the tallest bar's height

// One small histogram: a bar per range of values, as tall as its count of games
// against the tallest; each bar's figures in its data- attributes and its title.
function histogram(key, title, measure) {
  const figure = document.createElement("figure");
  figure.className = "histogram";
  figure.dataset.measure = key;
  const caption = document.createElement("figcaption");
  caption.textContent = measure.median === null ? `${title}: no games`
    : `${title}: median ${measure.median}, ${measure.min} to ${measure.max}`;
  figure.appendChild(caption);
  const bars = measure.histogram;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${WIDTH} ${HISTOGRAM + 16}`);
  svg.setAttribute("width", String(WIDTH));
  svg.setAttribute("height", String(HISTOGRAM + 16));
  svg.setAttribute("role", "img");
  figure.appendChild(svg);
  if (!bars.length) {
    return figure;
  }
  const most = Math.max(...bars.map((bar) => bar.games), 1);
  const step = WIDTH / bars.length;
  bars.forEach((bar, index) => {
    const height = HISTOGRAM * bar.games / most;
    const rect = make("rect", { x: index * step + 1, y: HISTOGRAM - height, width: step - 2,
      height, class: "bar", "data-from": bar.from, "data-to": bar.to, "data-games": bar.games },
    svg);
    const hover = make("title", {}, rect);
    hover.textContent = `${bar.from} to ${bar.to}: ${bar.games} games`;
  });
  const ends = [[0, "start", bars[0].from], [WIDTH, "end", bars[bars.length - 1].to]];
  for (const [x, anchor, value] of ends) {
    make("text", { x, y: HISTOGRAM + 13, "text-anchor": anchor }, svg).textContent = value;
  }
  return figure;
}

function sentence(words) {
  return words ? `${words[0].toUpperCase()}${words.slice(1)}.` : "";
}

// Draws the server's answer: the report, or why there is none.
export function drawPlaytest(panel, answer) {
  panel.hidden = !answer.available;
  const text = panel.querySelector("[data-test=playtest-text]");
  const chart = panel.querySelector("[data-test=playtest-chart]");
  if (!answer.available) {
    return;
  }
  if (answer.too_slow || answer.unplayable) {
    text.textContent = answer.too_slow
      ? `The games took longer than ${answer.seconds} s: try pnp simulate.`
      : `No games can be played: ${answer.unplayable}.`;
    chart.replaceChildren();
    return;
  }
  const report = answer.report;
  const played = report.played || "games"; // Gold Mine plays development stages
  text.textContent = `${answer.games} random ${played}: ${sentence(report.verdict)}`;
  const rows = [[report.ended_label || "games end", report.ended_share],
    ...Object.entries(report.win_share).sort(([a], [b]) => a.localeCompare(b))];
  const charts = Object.entries(answer.titles || {}).map(
    ([key, title]) => histogram(key, title, report[key]));
  chart.replaceChildren(shareBars(rows), ...charts);
}

// A new mix is being played: the last mix's figures come down until its answer is in.
export function playing(panel) {
  panel.querySelector("[data-test=playtest-text]").textContent = "Playing random games…";
  panel.querySelector("[data-test=playtest-chart]").replaceChildren();
}
