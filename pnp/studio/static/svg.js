// Making SVG elements in the page's own DOM: the one helper the board and the
// play-test draw with.

export const SVG = "http://www.w3.org/2000/svg";

export function make(tag, attributes, parent) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) {
    element.setAttribute(name, String(value));
  }
  parent.appendChild(element);
  return element;
}
