// One run as a timeline: for each track, lanes × time with the spans of state the core recorded,
// a playhead, and the counters and events at the current frame. Frames, spans, events and
// counters all come from the core (every number is its own); this file draws them and moves the
// playhead: play, pause, step, scrubber, keyboard.
import { el, svg, uid } from "../dom.js";
import { formatNumber } from "../i18n/index.js";
import { dataFold } from "./chart.js";
import { runPicker } from "../controls/runpicker.js";

const AXIS_H = 22;

/** The viewer for a trace document (`doc.trace`); `draw(width)` lays it out. */
export function timelineView(doc, t, { onSelector } = {}) {
  const tr = doc.trace;
  const factVars = Object.fromEntries(tr.facts); // a track's title may name them ({limit})
  const unit = (n) => t(`trace.unit.${tr.unit}`, { n });
  let frame = 0;
  let timer = null;
  let width = 0;

  const playButton = el("button", { type: "button", class: "small play", "aria-pressed": "false", onclick: () => toggle() }, t("ui.trace.play"));
  const scrub = el("input", {
    type: "range",
    min: "0",
    max: String(tr.frames),
    step: "1",
    value: "0",
    class: "scrubber",
    "aria-label": t("ui.trace.scrubber"),
    oninput: () => show(Number(scrub.value)),
  });
  const position = el("output", { class: "position", "aria-live": "off" });
  const button = (key, action) => el("button", { type: "button", class: "small", "aria-label": t(`ui.trace.${key}`), title: t(`ui.trace.${key}`), onclick: action }, t(`ui.trace.${key}_icon`));
  const controls = el(
    "div",
    { class: "trace-controls" },
    button("start", () => show(0)),
    button("step_back", () => show(frame - 1)),
    playButton,
    button("step_forward", () => show(frame + 1)),
    button("end", () => show(tr.frames)),
    scrub,
    position,
  );
  const selectorForm = runPicker({ controls: doc.controls ?? [], selector: tr.selector, lesson: tr.lesson, t, onSelector: (s) => onSelector?.(s) });
  const facts = el(
    "p",
    { class: "trace-facts" },
    tr.facts.map(([k, v], i) => [i ? " · " : "", t.has(`trace.fact.${k}`) ? t(`trace.fact.${k}`, { v }) : `${k} ${v}`]),
  );
  // It scrolls, so it takes focus (keyboard users can scroll it).
  const log = el("ul", { class: "trace-log", "aria-live": "polite", tabindex: "0", "aria-label": t("ui.trace.events") });
  // The lesson's styles: each state's tone (style.css colours tones) and the events it marks.
  const styles = {
    tone: new Map(doc.states.map((s) => [s.state, s.tone])),
    marks: new Map(doc.marks.map((m) => [m.kind, m.tone])),
  };
  const tracks = tr.tracks.map((track) => trackView(track, tr, t, styles));
  const node = el(
    "section",
    {
      class: "trace",
      tabindex: "-1",
      "aria-label": t("ui.watch"),
      onkeydown: (e) => {
        if (e.target instanceof HTMLInputElement && e.target.type === "text") return;
        const to = { ArrowRight: frame + 1, ArrowLeft: frame - 1, Home: 0, End: tr.frames }[e.key];
        if (e.key === " " || e.key === "k") {
          if (e.target instanceof HTMLButtonElement) return;
          e.preventDefault();
          toggle();
        } else if (to !== undefined && e.target !== scrub) {
          e.preventDefault();
          show(to);
        }
      },
    },
    selectorForm,
    facts,
    controls,
    el("p", { class: "hint keys" }, t("ui.trace.keys")),
    tracks.map((v) => v.node),
    el("h3", {}, t("ui.trace.events")),
    log,
  );

  function show(f) {
    frame = Math.max(0, Math.min(tr.frames, f));
    scrub.value = String(frame);
    const shownEnd = Math.min(tr.end, frame * tr.step);
    position.textContent = t("ui.trace.position", { frame, frames: tr.frames, at: unit(shownEnd + (tr.first ? 0 : 0)) });
    scrub.setAttribute("aria-valuetext", position.textContent);
    for (const v of tracks) v.show(frame);
    // What happened in the last frame shown.
    const from = (frame - 1) * tr.step;
    const to = frame * tr.step;
    const items = [];
    tr.tracks.forEach((track) => {
      for (const e of track.events) {
        if (e.at < from || e.at >= to || frame === 0) continue;
        const lane = e.lane === null ? "" : `${track.lanes[e.lane].label}: `;
        const prefix = tr.tracks.length > 1 ? `[${t(`trace.track.${track.key}`, factVars)}] ` : "";
        const what = t(`trace.event.${e.kind}`, { note: e.note ?? "" });
        items.push(el("li", {}, `${prefix}${unit(e.at + tr.first)} — ${lane}${what}${e.note && !t(`trace.event.${e.kind}`).includes("{note}") ? ` (${e.note})` : ""}`));
      }
    });
    const shown = items.slice(0, 40);
    if (items.length > shown.length) shown.push(el("li", {}, t("ui.trace.more", { count: items.length - shown.length })));
    log.replaceChildren(...(shown.length ? shown : [el("li", { class: "none" }, t(frame === 0 ? "ui.trace.at_start" : "ui.trace.no_events"))]));
    if (frame >= tr.frames) stop();
  }

  function toggle() {
    if (timer) stop();
    else play();
  }

  function play() {
    if (frame >= tr.frames) show(0);
    const every = Math.max(80, Math.min(700, Math.round(9000 / Math.max(1, tr.frames))));
    timer = setInterval(() => show(frame + 1), every);
    playButton.textContent = t("ui.trace.pause");
    playButton.setAttribute("aria-pressed", "true");
  }

  function stop() {
    clearInterval(timer);
    timer = null;
    playButton.textContent = t("ui.trace.play");
    playButton.setAttribute("aria-pressed", "false");
  }

  return {
    node,
    frame: () => frame,
    show,
    stop,
    draw(w) {
      const now = Math.max(260, Math.floor(w));
      if (now === width) return;
      width = now;
      for (const v of tracks) v.draw(width);
      show(frame);
    },
  };
}

/** One track: its lanes as an SVG, and its counters. */
function trackView(track, tr, t, styles) {
  const tone = (state) => `tone-${styles.tone.get(state) ?? "muted"}`;
  const holder = el("div", { class: "timeline-canvas" });
  const counters = el("dl", { class: "trace-counters" });
  const titleId = uid("track");
  const states = [...new Set(track.lanes.flatMap((l) => l.spans.map((s) => s.state)))];
  const legend = el(
    "ul",
    { class: "legend trace-legend" },
    states.map((s) => el("li", {}, el("span", { class: `swatch ${tone(s)}`, "aria-hidden": "true" }), t(`trace.state.${s}`))),
  );
  const node = el(
    "figure",
    { class: "timeline", dataset: { track: track.key } },
    el("figcaption", { id: titleId }, t(`trace.track.${track.key}`, Object.fromEntries(tr.facts))),
    holder,
    legend,
    counters,
    laneData(track, tr, t),
  );
  let live = [];
  let playhead = null;
  let marks = [];
  let x = (v) => v;
  let left = 0;

  function draw(width) {
    const n = track.lanes.length;
    // Room for the longest lane label (step names can be long), within reason on a phone.
    const longest = Math.max(2, ...track.lanes.map((l) => l.label.length));
    const LABEL_W = Math.min(Math.max(36, Math.round(longest * 6.2 + 10)), Math.max(60, width * 0.3));
    const lh = n > 24 ? Math.max(5, Math.floor(330 / n)) : 16;
    const height = n * lh + AXIS_H + 4;
    const right = width - 8;
    x = (v) => LABEL_W + (v / Math.max(1, tr.end)) * (right - LABEL_W);
    left = LABEL_W;
    const root = svg("svg", { width, height, viewBox: `0 0 ${width} ${height}`, role: "img", "aria-labelledby": titleId, class: "plot timeline-svg" });
    root.append(svg("desc", {}, describe(track, tr, t)));
    const labelEvery = lh >= 11 ? 1 : Math.ceil(11 / lh);
    const ghost = svg("g", { class: "ghost" });
    const solid = svg("g", { class: "solid" });
    live = [];
    track.lanes.forEach((lane, i) => {
      const y = i * lh + 2;
      if (i % labelEvery === 0) {
        root.append(svg("text", { class: "lane-label", x: LABEL_W - 6, y: y + lh / 2, dy: "0.32em", "text-anchor": "end" }, lane.label));
      }
      for (const s of lane.spans) {
        const attrs = { x: x(s.start), y, height: Math.max(2, lh - 2) };
        const title = `${lane.label}: ${t(`trace.state.${s.state}`)}${s.note ? ` (${s.note})` : ""} — ${t(`trace.unit.${tr.unit}`, { n: s.start + tr.first })}–${s.end - 1 + tr.first}`;
        ghost.append(svg("rect", { ...attrs, width: Math.max(1, x(s.end) - x(s.start)), class: tone(s.state) }));
        const rect = svg("rect", { ...attrs, width: 0, class: tone(s.state) }, svg("title", {}, title));
        solid.append(rect);
        live.push([rect, s]);
      }
    });
    root.append(ghost, solid);
    // Events worth a mark: those of the whole track (a scan) as lines across it, those the lesson
    // marks as dots on their lane in its tone.
    const ev = svg("g", { class: "events" });
    marks = [];
    for (const e of track.events) {
      if (e.lane === null) {
        const m = svg("line", { class: "track-event", x1: x(e.at + 0.5), x2: x(e.at + 0.5), y1: 0, y2: n * lh + 2 });
        ev.append(m);
        marks.push([m, e]);
      } else if (styles.marks.has(e.kind)) {
        const m = svg("circle", { class: `ev tone-${styles.marks.get(e.kind)}`, cx: x(e.at + 0.5), cy: e.lane * lh + 2 + (lh - 2) / 2, r: Math.max(2, Math.min(4, lh / 3)) });
        ev.append(m);
        marks.push([m, e]);
      }
    }
    root.append(ev);
    // Time axis.
    const axis = svg("g", { class: "axis x" });
    const base = n * lh + 4;
    axis.append(svg("line", { class: "domain", x1: LABEL_W, x2: right, y1: base, y2: base }));
    const stepPx = (right - LABEL_W) / Math.max(1, tr.end);
    const nice = [1, 2, 5, 10, 12, 24, 48, 72, 120, 168, 240, 480, 720, 1000];
    const every = nice.find((k) => k * stepPx >= 34) ?? Math.ceil(tr.end / 8);
    for (let v = 0; v <= tr.end; v += every) {
      axis.append(
        svg("line", { class: "tick", x1: x(v), x2: x(v), y1: base, y2: base + 4 }),
        svg("text", { x: x(v), y: base + 15, "text-anchor": "middle" }, String(v + tr.first)),
      );
    }
    root.append(axis);
    playhead = svg("line", { class: "playhead", x1: left, x2: left, y1: 0, y2: n * lh + 4 });
    root.append(playhead);
    holder.replaceChildren(root);
  }

  function show(frame) {
    const cut = Math.min(tr.end, frame * tr.step);
    for (const [rect, s] of live) {
      const end = Math.min(s.end, cut);
      rect.setAttribute("width", end > s.start ? Math.max(1, x(end) - x(s.start)) : 0);
    }
    for (const [m, e] of marks) m.classList.toggle("hidden", e.at >= cut);
    if (playhead) {
      playhead.setAttribute("x1", x(cut));
      playhead.setAttribute("x2", x(cut));
    }
    counters.replaceChildren(
      ...track.counters.flatMap((c) => [
        el("dt", {}, t(`trace.counter.${c.key}`)),
        el("dd", { dataset: { counter: c.key } }, formatNumber(c.values[Math.min(frame, c.values.length - 1)], t, 2)),
      ]),
    );
  }

  return { node, draw, show };
}

/** The track's text alternative: a table of its lanes and each lane's spans, from the core's spans. */
function laneData(track, tr, t) {
  const unit = t(`ui.trace.unit_name.${tr.unit}`);
  return dataFold("trace-data", t, () =>
    el(
      "table",
      { class: "figure-data" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("ui.trace.lane")), el("th", { scope: "col" }, t("ui.trace.spans", { unit })))),
      el(
        "tbody",
        {},
        track.lanes.map((l) =>
          el(
            "tr",
            {},
            el("th", { scope: "row" }, l.label),
            el("td", {}, l.spans.map((s) => `${t(`trace.state.${s.state}`)}${s.note ? ` (${s.note})` : ""} ${s.start + tr.first}–${s.end - 1 + tr.first}`).join("; ") || "–"),
          ),
        ),
      ),
    ),
  );
}

/** The track in words, for screen readers: each lane's spans. */
function describe(track, tr, t) {
  return track.lanes
    .slice(0, 60)
    .map((l) => `${l.label}: ${l.spans.map((s) => `${t(`trace.state.${s.state}`)} ${s.start + tr.first}–${s.end - 1 + tr.first}`).join(", ")}`)
    .join("; ");
}
