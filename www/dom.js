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

// Whether the reader has used this document: a pointer or a key in it, or the focus moved into
// it (Tab from the page around a frame); and whether they have moved it on their own (a wheel, a
// touch, a pointer or a key). Noted from app.js's start (noteUse).
let used = false;
let moved = false;

/** Starts noting the reader's first use of the page (app.js, once). */
export function noteUse() {
  const on = { capture: true, passive: true };
  for (const type of ["pointerdown", "keydown", "focusin"]) addEventListener(type, () => (used = true), on);
  for (const type of ["wheel", "touchstart", "pointerdown", "keydown"]) addEventListener(type, () => (moved = true), on);
}

/** Whether the reader has scrolled, tapped or typed since the page loaded. */
export function readerMoved() {
  return moved;
}

/** Scrolls this document only, so that `node` starts near the top of the screen: never the page
 * around a frame (as scrollIntoView from a frame could), so a frame may do it unused too. */
export function scrollToTop(node) {
  globalThis.scrollTo?.({ top: Math.max(0, node.getBoundingClientRect().top + globalThis.scrollY - 16) });
}

/** Whether the page may move the focus or scroll something into view by itself: in its own tab
 * always; in a frame (an embed, a SCORM package in an LMS) only once the reader has used it, so
 * the course page around it is never scrolled, nor its focus taken, by the embed alone. */
export function mayTakeFocus() {
  return used || globalThis.parent === undefined || globalThis.parent === globalThis;
}
