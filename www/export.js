// Export: every table as CSV and JSON, every chart as SVG and PNG, each file carrying tatbikat's
// version, the lesson and the share link it came from. The CSV is the core's (the module's
// exportCsv, byte for byte the CLI's --format csv); the JSON is the core's data with the
// document's metadata. The drawings (export-draw.js, loaded with the first SVG or PNG asked for)
// carry the page's full link (every key of the state: the claim, the language, the sweep, the
// watched run) and, for one of the report's charts, `figure=` its key, so a slide leads back to
// exactly that figure; they can be drawn at 16:9, as a 1920 × 1080 slide, with the values written
// on the marks and with a QR code of the link.
import { el, uid } from "./dom.js";

/** The drawing code, loaded when a drawing is first asked for (not on the first load). */
let drawModule = null;
const draw = () => (drawModule ??= import("./export-draw.js"));

/** Adds the export buttons to everything shown that has none yet: the report's tables and
 * charts, the sweep's figure and the watched run. `docs` are the core's documents shown;
 * `pageLink(figure)` is the full page's link of the state shown, showing only `figure` if given. */
export function decorate(root, { engine, t, report, charts = [], sweep, sweepNodes = [], trace, traceNode, onError, pageLink = () => location.href, vsLink = () => null }) {
  const ctx = { engine, t, onError };
  // The link is read when the file is made: the state may have moved on since the buttons came.
  // `figure`: the report's table or chart the link reopens alone (null: the whole page).
  const meta = (doc, query, key, figure = null) => ({
    tatbikat: doc.tatbikat,
    lesson: doc.lesson,
    query,
    get link() {
      return pageLink(figure);
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
      node.append(bar(ctx, caption(node), { csv, chart: node, meta: meta(report, report.query, key, key), file: fileName(report.lesson, key, report.query) }));
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

/** A query (`a=b&c=d`, as the core writes it) showing only `figure`: `figure=` in the place the
 * core's share link has it (before run A, the page's switches, the language and the version). */
export function withFigure(query, figure) {
  const pairs = query.split("&").filter((p) => p && p.split("=")[0] !== "figure");
  const at = pairs.findIndex((p) => ["vs", "embed", "controls", "present", "exports", "predict", "lang", "v"].includes(p.split("=")[0]));
  pairs.splice(at < 0 ? pairs.length : at, 0, `figure=${figure}`);
  return pairs.join("&");
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
    // In compare mode the link reproduces the comparison (vs=), and `vs` has A's own; the link
    // shows this table alone (figure=).
    link: link(withFigure(doc.vs ? vsQuery(doc) : doc.query, key)),
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
 * options: a 16:9 page for a slide, a 1920 × 1080 slide, the values written on the marks, a QR
 * code of the link). */
function bar(ctx, name, { csv, json, chart, meta: info, file }) {
  const { t } = ctx;
  const option = (key) => {
    const input = el("input", { type: "checkbox", id: uid(`export-${key}`), dataset: { option: key } });
    return [input, el("label", { class: "export-option" }, input, " ", t(`export.option.${key}`))];
  };
  const [wide, wideLabel] = chart ? option("wide") : [null, null];
  const [hd, hdLabel] = chart ? option("hd") : [null, null];
  const [values, valuesLabel] = chart && chart.querySelector(".value-label") ? option("values") : [null, null];
  const [qr, qrLabel] = chart ? option("qr") : [null, null];
  // A 1920 × 1080 slide is a 16:9 page.
  if (hd) {
    hd.addEventListener("change", () => hd.checked && (wide.checked = true));
    wide.addEventListener("change", () => wide.checked || (hd.checked = false));
  }
  const drawing = async () => (await draw()).exportSvg(chart, info, { wide: wide?.checked, hd: hd?.checked, values: values?.checked, qr: qr?.checked });
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
    chart ? button("svg", async () => new Blob([(await drawing()).text], { type: "image/svg+xml" })) : null,
    chart ? button("png", async () => (await draw()).exportPng(await drawing(), info)) : null,
    wideLabel,
    hdLabel,
    valuesLabel,
    qrLabel,
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

