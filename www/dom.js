// Small DOM helpers: every element is built with DOM methods and text goes in as textContent,
// so nothing from a link or the core is ever parsed as HTML.

/** Creates an element: el("p", {class: "x", "aria-label": "y"}, "text", child, ...). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  append(node, children);
  return node;
}

/** Creates an SVG element with attributes (`dataset` as in el()). */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null) continue;
    if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Removes every child. */
export function clear(node) {
  node.replaceChildren();
  return node;
}

let ids = 0;
/** A page-unique id with a readable prefix. */
export function uid(prefix) {
  ids += 1;
  return `${prefix}-${ids}`;
}
