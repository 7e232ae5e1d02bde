// The Demon Mine verdict's picture: the 8 x 8 starting area with the bases
// and the shortest links the mix can dig, each square's tunnel drawn as the
// need the link has there (a run or a corner).

import { make } from "./svg.js";

const CELL = 20;
const MIDDLE = CELL / 2;
const TOWARDS = { N: [MIDDLE, 0], E: [CELL, MIDDLE], S: [MIDDLE, CELL], W: [0, MIDDLE] };

function square(svg, [x, y], className) {
  return make("rect", { x: x * CELL, y: y * CELL, width: CELL, height: CELL, class: className },
    svg);
}

function tunnel(svg, [x, y], need, title) {
  const [a, b] = need.split("-");
  const [ax, ay] = TOWARDS[a];
  const [bx, by] = TOWARDS[b];
  const ox = x * CELL;
  const oy = y * CELL;
  const line = make("path", {
    d: `M${ox + ax} ${oy + ay} Q${ox + MIDDLE} ${oy + MIDDLE} ${ox + bx} ${oy + by}`,
    class: "dug",
  }, svg);
  make("title", {}, line).textContent = title;
}

export function drawLinks(holder, links) {
  holder.replaceChildren();
  if (!links) {
    return;
  }
  const size = links.size * CELL;
  const svg = make("svg", {
    viewBox: `-1 -1 ${size + 2} ${size + 2}`, class: "board", role: "img",
    "aria-label": links.links.length
      ? "The shortest links from entrance to hive on the 8 by 8 starting area"
      : "No link can be dug from entrance to hive with this mix",
  }, holder);
  for (let y = 0; y < links.size; y += 1) {
    for (let x = 0; x < links.size; x += 1) {
      square(svg, [x, y], "rock");
    }
  }
  for (const cell of links.entrances) {
    square(svg, cell, "entrance");
  }
  for (const cell of links.hives) {
    square(svg, cell, "hive");
  }
  for (const link of links.links) {
    link.cells.forEach((cell, index) => {
      square(svg, cell, "floor");
      tunnel(svg, cell, link.needs[index], `${link.tiles[index]} at (${cell.join(", ")})`);
    });
  }
}
