// One card per tile kind: the tile as the PDF draws it, edge buttons around
// it, its count and flags, its tunnels and its icons and labels. Every control
// calls `change(edit)`; the page re-renders from the server's answer.

const ROLES = ["tunnel", "base", "event", "special"];

function element(tag, attributes = {}, ...children) {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "text") {
      made.textContent = value;
    } else if (value === true) {
      made.setAttribute(name, "");
    } else if (value !== false && value !== undefined && value !== null) {
      made.setAttribute(name, String(value));
    }
  }
  made.append(...children);
  return made;
}

function button(label, onClick, attributes = {}) {
  const made = element("button", { type: "button", text: label, ...attributes });
  made.addEventListener("click", onClick);
  return made;
}

function select(options, chosen, onChange, attributes = {}) {
  const made = element("select", attributes);
  for (const option of options) {
    made.append(element("option", { value: option, text: option, selected: option === chosen }));
  }
  made.addEventListener("change", () => onChange(made.value));
  return made;
}

function picture(tile, shape, change) {
  const open = new Set(tile.paths.flatMap((path) => path.ports));
  const frame = element("div", { class: "picture" });
  frame.style.aspectRatio = `1 / ${shape.aspect}`;
  const image = element("img", { alt: `${tile.name} as printed`, draggable: "false" });
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(tile.svg)}`;
  frame.append(image);
  for (const edge of shape.edges) {
    const isOpen = open.has(edge);
    const [x, y] = shape.ports[edge];
    const control = button(edge, () => change({ op: "toggle-edge", tile: tile.name, edge }), {
      class: `edge ${isOpen ? "open" : "closed"}`,
      "data-test": "edge", "data-edge": edge, "aria-pressed": isOpen ? "true" : "false",
      "aria-label": `${edge} edge of ${tile.name}: ${isOpen ? "open" : "closed"}`,
      title: `${isOpen ? "Close" : "Open"} the ${edge} edge`, disabled: !tile.editable,
    });
    // Pull each control a little towards the middle so it sits on the tile.
    control.style.left = `${50 + (x * 100 - 50) * 0.84}%`;
    control.style.top = `${50 + (y * 100 - 50) * 0.84}%`;
    frame.append(control);
  }
  return frame;
}

function pathRow(tile, path, next, change) {
  const name = tile.name;
  const first = path.ports[0];
  const row = element("li", { class: "path" },
    element("span", { class: "ports", text: path.ports.join("\u2013") }));
  if (path.ports.length > 1) {
    for (const edge of path.ports) {
      row.append(button(`split ${edge}`, () => change({ op: "split", tile: name, edge }), {
        title: `Give ${edge} a dead end of its own`,
      }));
    }
  }
  if (next) {
    row.append(button("join next", () => change({
      op: "join", tile: name, edge: first, with: next.ports[0],
    }), { title: `Join this tunnel with ${next.ports.join("-")}` }));
  }
  const junction = element("input", { type: "checkbox", checked: path.junction });
  junction.addEventListener("change",
    () => change({ op: "set-path", tile: name, edge: first, junction: junction.checked }));
  const cavern = element("input", { type: "checkbox", checked: path.style === "cavern" });
  cavern.addEventListener("change", () => change({
    op: "set-path", tile: name, edge: first, style: cavern.checked ? "cavern" : "tunnel",
  }));
  row.append(element("label", {}, junction, " chamber"), element("label", {}, cavern, " cavern"));
  return row;
}

function featureRow(tile, feature, index, icons, change) {
  const name = tile.name;
  const row = element("li", { class: "feature" });
  if (feature.kind === "icon") {
    row.append(element("label", {}, "icon ", select(icons, feature.value,
      (value) => change({ op: "set-feature", tile: name, index, value }))));
  } else if (feature.kind === "label") {
    const text = element("input", { type: "text", value: feature.value, maxlength: 40 });
    text.addEventListener("change",
      () => change({ op: "set-feature", tile: name, index, value: text.value }));
    row.append(element("label", {}, "label ", text));
  } else {
    row.append(element("span", { text: `${feature.kind}: ${feature.value}` }));
  }
  row.append(button("remove", () => change({ op: "remove-feature", tile: name, index }),
    { "aria-label": `remove this ${feature.kind} from ${name}` }));
  return row;
}

function details(tile, state, change) {
  const name = tile.name;
  const box = element("div", { class: "details" });
  const paths = element("ul", { class: "paths", "aria-label": `tunnels of ${name}` });
  tile.paths.forEach((path, index) => {
    paths.append(pathRow(tile, path, tile.paths[index + 1], change));
  });
  const features = element("ul", { class: "features", "aria-label": `icons and labels of ${name}` });
  tile.features.forEach((feature, index) => {
    features.append(featureRow(tile, feature, index, state.icons, change));
  });
  const rotatable = element("input", { type: "checkbox", checked: tile.rotatable });
  rotatable.addEventListener("change",
    () => change({ op: "set-flag", tile: name, flag: "rotatable", value: rotatable.checked }));
  box.append(
    element("div", { class: "flags" },
      element("label", {}, "role ", select(ROLES, tile.role,
        (value) => change({ op: "set-flag", tile: name, flag: "role", value }))),
      element("label", {}, rotatable, " rotatable"),
      state.backs.length > 1 ? element("label", {}, "back ", select(state.backs, tile.back,
        (value) => change({ op: "set-flag", tile: name, flag: "back", value }))) : ""),
    paths, features,
    element("div", { class: "row" },
      button("+ icon", () => change({
        op: "add-feature", tile: name, kind: "icon", value: state.icons[0],
      })),
      button("+ label", () => change({
        op: "add-feature", tile: name, kind: "label", value: name.toUpperCase().slice(0, 40),
      })),
      button("copy", () => change({ op: "copy", tile: name })),
      button("remove", () => change({ op: "remove", tile: name }),
        { "aria-label": `remove the tile kind ${name}` })));
  return box;
}

function nameField(tile, change) {
  if (!tile.editable) {
    return element("h3", { text: tile.name });
  }
  const input = element("input", {
    type: "text", value: tile.name, class: "name", "aria-label": "tile kind name",
  });
  input.addEventListener("change", () => change({ op: "rename", tile: tile.name, name: input.value }));
  return element("h3", {}, input);
}

export function tileCard(tile, state, change) {
  const count = element("input", {
    type: "number", min: 0, max: 100000, step: 1, value: tile.count, "data-test": "count",
    "aria-label": `copies of ${tile.name}`,
  });
  count.addEventListener("change", () => {
    if (count.value.trim() === "") {
      return; // a field being retyped: wait for a number (the next change sends it)
    }
    const value = Number(count.value);
    change({ op: "set-count", tile: tile.name, count: Number.isInteger(value) ? value : -1 });
  });
  const card = element("article", {
    class: `tile${tile.editable ? "" : " from-base"}`, "data-test": "tile", "data-tile": tile.name,
  },
  nameField(tile, change),
  picture(tile, state.shape, change),
  element("label", { class: "count" }, "count ", count),
  tile.editable ? details(tile, state, change)
    : element("p", { class: "hint", text: "from the base game: only its count changes here" }));
  return card;
}
