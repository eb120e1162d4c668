// The drawings of the exports (export.js loads this with the first SVG or PNG asked for): a
// drawn chart as a standalone SVG with the colours the page's stylesheet gives it written into
// the file (the live page keeps its strict CSP: no inline styles there), its link a clickable
// anchor, and optionally a QR code of that link; the PNG is that SVG drawn on a canvas (at 2×, or
// at exactly 1920 × 1080 for a slide: the vectors drawn at that size, not a bitmap scaled up)
// with the metadata in tEXt chunks.
import { svg } from "./dom.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const XLINK_NS = "http://www.w3.org/1999/xlink";
// Presentation properties a chart needs once it leaves the page's stylesheet.
const PAINT = ["fill", "fill-opacity", "stroke", "stroke-width", "stroke-dasharray", "stroke-opacity", "opacity", "font-family", "font-size", "font-weight", "text-anchor", "dominant-baseline"];
/** A slide's size in pixels (a 1080p projector or screen). */
export const SLIDE = { width: 1920, height: 1080 };
/** The QR code's side in the drawing's units. */
const QR_SIDE = 96;

function caption(node) {
  return node.querySelector("figcaption")?.textContent ?? "";
}

/** A drawn chart (every svg.plot inside `container`, stacked) as a standalone SVG file: its
 * caption on top, its marks with their colours written in, its legend, and a footer with the
 * version and the link (an anchor: a click in a viewer opens it); `<metadata>` holds the same as
 * JSON. `wide`: centred on a 16:9 page; `hd`: that page as a 1920 × 1080 slide; `values`: each
 * mark's value written on it (the chart's hidden value labels shown); `qr`: a QR code of the link
 * beside the footer (left out when the link is too long for one). Loads the QR encoder first
 * when `qr` is asked for. */
export async function exportSvg(container, info, { wide = false, hd = false, values = false, qr = false } = {}) {
  const code = qr ? await import("./qr.js") : null;
  const plots = [...container.querySelectorAll("svg.plot")];
  const page = getComputedStyle(document.body);
  const ink = page.color;
  const font = page.fontFamily;
  const plotWidth = Math.max(320, ...plots.map((p) => Number(p.getAttribute("width")) || p.getBoundingClientRect().width));
  const title = caption(container) || info.title || info.chart;
  const parts = [];
  let y = 24;
  parts.push(svg("text", { x: 8, y: 16, fill: ink, "font-family": font, "font-size": 13, "font-weight": "bold" }, title));
  for (const plot of plots) {
    const copy = inlined(plot, { values });
    const h = Number(plot.getAttribute("height")) || plot.getBoundingClientRect().height;
    copy.setAttribute("x", "0");
    copy.setAttribute("y", String(y));
    parts.push(copy);
    y += h + 6;
  }
  // The legend (HTML beside the chart on the page): one swatch and name per entry, once.
  const seen = new Set();
  let lx = 8;
  // A line series' key (.line-key) is drawn from the chart itself: its line's dash and a copy of one
  // of its markers, with their paint.
  for (const swatch of container.querySelectorAll(".swatch, .line-key")) {
    const series = swatch.classList.contains("line-key") && swatch.closest("li")?.className.match(/\bs(\d+)\b/)?.[1];
    const line = series && container.querySelector(`svg.plot .line.s${series}`);
    const dot = series && (container.querySelector(`svg.plot .dot.s${series}:not(.hollow)`) ?? container.querySelector(`svg.plot .dot.s${series}`));
    const style = getComputedStyle(swatch);
    const colour = line ? "key" : style.backgroundColor !== "rgba(0, 0, 0, 0)" ? style.backgroundColor : style.borderTopColor;
    const label = swatch.closest("li")?.textContent.trim() ?? "";
    if (seen.has(`${label}|${colour}`)) continue;
    seen.add(`${label}|${colour}`);
    const size = line ? 30 : 10;
    const w = label ? size + 6 + label.length * 6.5 + 10 : 12;
    if (lx + w > plotWidth - 8) {
      lx = 8;
      y += 16;
    }
    if (line) {
      const paint = getComputedStyle(line);
      parts.push(svg("line", { x1: lx, x2: lx + size, y1: y + 7, y2: y + 7, stroke: paint.stroke, "stroke-width": 2, "stroke-dasharray": paint.strokeDasharray }));
      if (dot) {
        const box = dot.getBBox();
        const copy = inlined(dot);
        copy.setAttribute("transform", `translate(${lx + size / 2 - box.x - box.width / 2} ${y + 7 - box.y - box.height / 2})`);
        parts.push(copy);
      }
    } else parts.push(svg("rect", { x: lx, y: y + 2, width: 10, height: 10, fill: colour }));
    if (label) parts.push(svg("text", { x: lx + size + 4, y: y + 11, fill: ink, "font-family": font, "font-size": 11 }, label));
    lx += w;
  }
  // The heatmap's colour bar: its two ends and the scale it uses.
  const heat = container.querySelector(".heat-legend");
  const ends = heat ? [...heat.querySelectorAll(".heat-end")].map((n) => n.textContent).join(" … ") : "";
  if (heat) parts.push(svg("text", { x: lx + 6, y: y + 11, fill: ink, "font-family": font, "font-size": 11 }, `${ends} (${heat.querySelector(".heat-scale")?.textContent ?? ""})`));
  if (seen.size) y += 18;
  // The footer: version and lesson, then the link on a line of its own (widening a narrow chart),
  // an anchor to the live page; a QR code of the link at its right if asked for.
  const footer = `tatbikat ${info.tatbikat} · ${info.lesson} · ${info.link}`;
  const linkStyle = { fill: ink, "font-family": font, "font-size": 10 };
  parts.push(svg("text", { x: 8, y: y + 12, ...linkStyle }, `tatbikat ${info.tatbikat} · ${info.lesson}`));
  parts.push(anchor(info.link, svg("text", { x: 8, y: y + 25, ...linkStyle, "text-decoration": "underline" }, info.link)));
  // Compare mode: run A's link on the next line.
  const vsLine = info.vs_link ? `A: ${info.vs_link}` : "";
  if (vsLine) parts.push(anchor(info.vs_link, svg("text", { x: 8, y: y + 38, ...linkStyle }, vsLine)));
  const textWidth = 16 + Math.max(info.link.length, vsLine.length) * 6;
  const qrCode = code?.qrGroup(info.link, { x: 0, y: 0, width: QR_SIDE });
  const contentHeight = Math.ceil(y + (qrCode ? QR_SIDE + 12 : vsLine ? 46 : 33));
  const contentWidth = Math.ceil(Math.max(plotWidth, textWidth + (qrCode ? QR_SIDE + 8 : 0)));
  if (qrCode) parts.push(svg("g", { "data-qr": "link", transform: `translate(${contentWidth - QR_SIDE - 8} ${y + 4})` }, qrCode));
  // A slide's 16:9: the smallest such page that holds the drawing, the drawing in its middle
  // (exactly 16:9, so a 1920 × 1080 slide fills every pixel).
  let [width, height] = [contentWidth, contentHeight];
  if (wide || hd) {
    width = 16 * Math.ceil(Math.max(contentWidth, (contentHeight * 16) / 9) / 16);
    height = (width * 9) / 16;
  }
  // The file's own size: the page's, or the slide's pixels (the drawing scaled to fill them).
  const [outWidth, outHeight] = hd ? [SLIDE.width, SLIDE.height] : [width, height];
  const root = svg(
    "svg",
    { xmlns: SVG_NS, width: outWidth, height: outHeight, viewBox: `0 0 ${width} ${height}` },
    svg("title", {}, title),
    svg("desc", {}, footer),
    svg("metadata", {}, JSON.stringify(info)),
    svg("rect", { x: 0, y: 0, width, height, fill: page.backgroundColor }),
    svg("g", { transform: `translate(${Math.floor((width - contentWidth) / 2)} ${Math.floor((height - contentHeight) / 2)})` }, parts),
  );
  return { text: new XMLSerializer().serializeToString(root), width: outWidth, height: outHeight, scale: hd ? 1 : 2 };
}

/** `child` as a link to `href`: SVG 2's href, and xlink:href for viewers of SVG 1.1. */
function anchor(href, child) {
  const a = svg("a", { href }, child);
  a.setAttributeNS(XLINK_NS, "xlink:href", href);
  return a;
}

/** A copy of a drawn svg with each element's computed paint written as attributes; its value
 * labels (hidden on the page) kept with `values`, left out without. */
function inlined(plot, { values = false } = {}) {
  const copy = plot.cloneNode(true);
  const from = [plot, ...plot.querySelectorAll("*")];
  const to = [copy, ...copy.querySelectorAll("*")];
  from.forEach((node, i) => {
    const out = to[i];
    const style = getComputedStyle(node);
    const label = node.classList?.contains("value-label") || node.parentElement?.classList?.contains("value-label");
    if (label && !values) {
      out.remove();
      return;
    }
    if (style.display === "none" && !label) {
      out.setAttribute("display", "none");
      return;
    }
    for (const prop of PAINT) {
      const v = style.getPropertyValue(prop);
      if (v && v !== "normal" && v !== "auto") out.setAttribute(prop, v);
    }
    for (const attr of ["tabindex", "role", "aria-labelledby", "aria-label", "class"]) out.removeAttribute(attr);
  });
  return copy;
}

// ---------------------------------------------------------------- PNG

/** The exported SVG drawn onto a canvas at its `scale` (2×; 1 for a 1920 × 1080 slide, whose
 * SVG already has the slide's pixels), with the metadata as PNG tEXt chunks. */
export async function exportPng({ text, width, height, scale }, info) {
  const url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = width * scale;
    canvas.height = height * scale;
    const ctx = canvas.getContext("2d");
    ctx.scale(scale, scale);
    ctx.drawImage(img, 0, 0, width, height);
    const blob = await new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("toBlob"))), "image/png"));
    const png = new Uint8Array(await blob.arrayBuffer());
    const ascii = (s) => s.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
    const chunks = [
      ["Software", `tatbikat ${info.tatbikat}`],
      ["Source", ascii(info.link)],
      ...(info.vs_link ? [["Compared-with", ascii(info.vs_link)]] : []),
      ["Comment", ascii(JSON.stringify(info))],
    ].map(([k, v]) => textChunk(k, v));
    // After the signature (8 bytes) and IHDR (8 + 13 + 4 bytes).
    return new Blob([png.subarray(0, 33), ...chunks, png.subarray(33)], { type: "image/png" });
  } finally {
    URL.revokeObjectURL(url);
  }
}

function textChunk(keyword, text) {
  const data = new TextEncoder().encode(`${keyword}\0${text}`);
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set([0x74, 0x45, 0x58, 0x74], 4); // "tEXt"
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
}

let CRC_TABLE = null;
function crc32(bytes) {
  CRC_TABLE ??= Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const b of bytes) crc = CRC_TABLE[(crc ^ b) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
