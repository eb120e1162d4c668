// Export: every table as CSV and JSON, every chart as SVG and PNG, each file carrying tatbikat's
// version, the lesson and the share link it came from. The CSV is the core's (the module's
// exportCsv, byte for byte the CLI's --format csv); the JSON is the core's data with the
// document's metadata; the SVG is the drawn chart with the colours the page's stylesheet gives it
// written into the file (the live page keeps its strict CSP: no inline styles there); the PNG is
// that SVG at 2× with the metadata in tEXt chunks. A drawing carries the page's full link (every
// key of the state: the claim, the language, the sweep, the watched run), so a slide leads back
// to exactly what was shown; it can be drawn at 16:9 and with its values written on the marks.
import { el, svg, uid } from "./dom.js";

const SVG_NS = "http://www.w3.org/2000/svg";
// Presentation properties a chart needs once it leaves the page's stylesheet.
const PAINT = ["fill", "fill-opacity", "stroke", "stroke-width", "stroke-dasharray", "stroke-opacity", "opacity", "font-family", "font-size", "font-weight", "text-anchor", "dominant-baseline"];

/** Adds the export buttons to everything shown that has none yet: the report's tables and
 * charts, the sweep's figure and the watched run. `docs` are the core's documents shown;
 * `pageLink()` is the full page's link of the state shown. */
export function decorate(root, { engine, t, report, charts = [], sweep, sweepNodes = [], trace, traceNode, onError, pageLink = () => location.href, vsLink = () => null }) {
  const ctx = { engine, t, onError };
  // The link is read when the file is made: the state may have moved on since the buttons came.
  const meta = (doc, query, key) => ({
    tatbikat: doc.tatbikat,
    lesson: doc.lesson,
    query,
    get link() {
      return pageLink();
    },
    // Compare mode: the link of run A, the run compared with (null otherwise).
    get vs_link() {
      return vsLink();
    },
    chart: key,
  });
  if (report) {
    for (const table of root.querySelectorAll("table.data[data-table]")) {
      const wrap = table.closest(".table-wrap");
      if (!wrap || wrap.nextElementSibling?.classList.contains("export-bar")) continue;
      const key = table.dataset.table;
      const group = table.closest("[data-group]")?.dataset.group ?? "";
      const section = table.closest("[data-section]")?.dataset.section ?? report.sections[0]?.name ?? "";
      const name = table.querySelector("caption")?.textContent || key;
      wrap.after(
        bar(ctx, name, {
          // Compare mode: the core's comparison CSV (c, c.vs, c.delta), as --vs --format csv.
          csv: () => (report.vs ? engine.call("compareCsv", [vsQuery(report), key]) : engine.call("exportCsv", [report.query, key])),
          json: () => tableJson(report, section, group, key, vsLink()),
          file: fileName(report.lesson, key, report.query),
        }),
      );
    }
    for (const figure of charts) {
      const node = figure.node;
      if (node.querySelector(":scope > .export-bar")) continue;
      const key = node.dataset.chart ?? "chart";
      // A chart drawn grouped (figure.chart.grouped) offers every value as the core's CSV.
      const csv = figure.chart?.grouped ? () => engine.call("exportCsv", [report.query, key]) : undefined;
      node.append(bar(ctx, caption(node), { csv, chart: node, meta: meta(report, report.query, key), file: fileName(report.lesson, key, report.query) }));
    }
  }
  // Each of the sweep's figures (one per metric) carries the whole sweep's data and its own picture.
  for (const sweepNode of sweep ? sweepNodes : []) {
    if (sweepNode.querySelector(":scope > .export-bar")) continue;
    const lesson = sweep.sweep.lesson;
    sweepNode.append(
      bar(ctx, caption(sweepNode), {
        csv: () => engine.call("sweepCsv", [sweep.query]),
        json: () => withLink(sweep, sweep.query),
        chart: sweepNode,
        meta: meta({ tatbikat: sweep.tatbikat, lesson }, sweep.query, "sweep"),
        file: fileName(lesson, "sweep", sweep.query),
      }),
    );
  }
  if (trace && traceNode && !traceNode.querySelector(":scope > .export-bar")) {
    const lesson = trace.trace.lesson;
    traceNode.append(
      bar(ctx, t("ui.watch"), {
        csv: () => engine.call("traceCsv", [trace.query]),
        json: () => withLink(trace, trace.query),
        chart: traceNode,
        meta: { ...meta({ tatbikat: trace.tatbikat, lesson }, trace.query, "trace"), title: t("ui.watch") },
        file: fileName(lesson, "trace", trace.query),
      }),
    );
  }
}

function caption(node) {
  return node.querySelector("figcaption")?.textContent ?? "";
}

/** A compared document's query with its vs= (what reproduces the comparison). */
function vsQuery(doc) {
  return `${doc.query}&vs=${encodeURIComponent(doc.vs.query)}`;
}

/** The page link of a core query. */
function link(query) {
  return `${location.origin}${location.pathname}?${query}`;
}

function withLink(doc, query) {
  return { ...doc, link: link(query) };
}

/** A table of the report with the document's metadata. */
function tableJson(doc, section, group, key, vsLink) {
  const find = (sections) => {
    let table = null;
    for (const s of sections) {
      if (s.name !== section) continue;
      for (const g of s.groups) {
        if (g.key !== group) continue;
        table = g.blocks.find((b) => b.type === "table" && b.key === key) ?? null;
      }
    }
    return table;
  };
  const table = find(doc.sections);
  // Compare mode: run A's link and parameters, and B, A and Δ of the table laid out alike.
  const vs = doc.vs && {
    query: doc.vs.query,
    link: vsLink,
    params: doc.vs.params,
    b: find(doc.vs.b),
    a: find(doc.vs.a),
    delta: find(doc.vs.delta),
  };
  return {
    tatbikat: doc.tatbikat,
    lesson: doc.lesson,
    section: doc.section,
    query: doc.query,
    // In compare mode the link reproduces the comparison (vs=), and `vs` has A's own.
    link: link(doc.vs ? vsQuery(doc) : doc.query),
    params: doc.params,
    table: table && { section, group, ...table },
    ...(vs ? { vs } : {}),
  };
}

/** tatbikat-<lesson>-<key>-<hash of the query>: the same state always gets the same name. */
function fileName(lesson, key, query) {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(query)) h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  return `tatbikat-${lesson}-${key.replace(/[^\w-]+/g, "_")}-${h.toString(16).padStart(8, "0")}`;
}

/** The buttons for one thing shown: CSV and JSON for data, SVG and PNG for a drawing (with its
 * options: a 16:9 page for a slide, the values written on the marks). */
function bar(ctx, name, { csv, json, chart, meta: info, file }) {
  const { t } = ctx;
  const option = (key) => {
    const input = el("input", { type: "checkbox", id: uid(`export-${key}`), dataset: { option: key } });
    return [input, el("label", { class: "export-option" }, input, " ", t(`export.option.${key}`))];
  };
  const [wide, wideLabel] = chart ? option("wide") : [null, null];
  const [values, valuesLabel] = chart && chart.querySelector(".value-label") ? option("values") : [null, null];
  const drawing = () => exportSvg(chart, info, { wide: wide?.checked, values: values?.checked });
  const button = (kind, make) =>
    el(
      "button",
      {
        type: "button",
        class: "small export",
        dataset: { export: kind },
        "aria-label": t(`export.${kind}`, { name }),
        title: t(`export.${kind}`, { name }),
        onclick: async (event) => {
          const target = event.currentTarget;
          target.disabled = true;
          try {
            download(`${file}.${kind}`, await make());
          } catch (err) {
            if (!err?.cancelled) ctx.onError?.(`${t("export.failed")} ${err?.message ?? err}`);
          } finally {
            target.disabled = false;
          }
        },
      },
      kind.toUpperCase(),
    );
  return el(
    "div",
    { class: "export-bar", role: "group", "aria-label": t("export.group", { name }) },
    csv ? button("csv", async () => new Blob([await csv()], { type: "text/csv;charset=utf-8" })) : null,
    json ? button("json", async () => new Blob([JSON.stringify(await json(), null, 2) + "\n"], { type: "application/json" })) : null,
    chart ? button("svg", async () => new Blob([drawing().text], { type: "image/svg+xml" })) : null,
    chart ? button("png", async () => exportPng(drawing(), info)) : null,
    wideLabel,
    valuesLabel,
  );
}

function download(name, blob) {
  const url = URL.createObjectURL(blob);
  const a = el("a", { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30000);
}

// ---------------------------------------------------------------- SVG

/** A drawn chart (every svg.plot inside `container`, stacked) as a standalone SVG file: its
 * caption on top, its marks with their colours written in, its legend, and a footer with the
 * version and link; `<metadata>` holds the same as JSON. `wide`: centred on a 16:9 page;
 * `values`: each mark's value written on it (the chart's hidden value labels shown). */
export function exportSvg(container, info, { wide = false, values = false } = {}) {
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
  // The footer: version and lesson, then the link on a line of its own (widening a narrow chart).
  const footer = `tatbikat ${info.tatbikat} · ${info.lesson} · ${info.link}`;
  parts.push(svg("text", { x: 8, y: y + 12, fill: ink, "font-family": font, "font-size": 10 }, `tatbikat ${info.tatbikat} · ${info.lesson}`));
  parts.push(svg("text", { x: 8, y: y + 25, fill: ink, "font-family": font, "font-size": 10 }, info.link));
  // Compare mode: run A's link on the next line.
  const vsLine = info.vs_link ? `A: ${info.vs_link}` : "";
  if (vsLine) parts.push(svg("text", { x: 8, y: y + 38, fill: ink, "font-family": font, "font-size": 10 }, vsLine));
  const contentHeight = Math.ceil(y + (vsLine ? 46 : 33));
  const contentWidth = Math.ceil(Math.max(plotWidth, 16 + Math.max(info.link.length, vsLine.length) * 6));
  // A slide's 16:9: the smallest such page that holds the drawing, the drawing in its middle.
  let [width, height] = [contentWidth, contentHeight];
  if (wide) {
    width = Math.max(contentWidth, Math.ceil((contentHeight * 16) / 9));
    height = Math.round((width * 9) / 16);
  }
  const root = svg(
    "svg",
    { xmlns: SVG_NS, width, height, viewBox: `0 0 ${width} ${height}` },
    svg("title", {}, title),
    svg("desc", {}, footer),
    svg("metadata", {}, JSON.stringify(info)),
    svg("rect", { x: 0, y: 0, width, height, fill: page.backgroundColor }),
    svg("g", { transform: `translate(${Math.floor((width - contentWidth) / 2)} ${Math.floor((height - contentHeight) / 2)})` }, parts),
  );
  return { text: new XMLSerializer().serializeToString(root), width, height };
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

/** The exported SVG drawn at 2× onto a canvas, with the metadata as PNG tEXt chunks. */
async function exportPng({ text, width, height }, info) {
  const url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = width * 2;
    canvas.height = height * 2;
    const ctx = canvas.getContext("2d");
    ctx.scale(2, 2);
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
