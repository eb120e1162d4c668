// One run as a timeline: for each track, lanes × time with the spans of state the core recorded,
// a playhead, and the counters and events at the current frame. Frames, spans, events and
// counters all come from the core (every number is its own); this file draws them and moves the
// playhead: play (at a chosen speed), pause, step, scrubber, keyboard. Every mark drawn has its
// legend entry; a click or tap on a bar or mark shows it in words in the detail panel, and on a
// track whose lanes are the lesson's jobs the panel sets a fault on that job's step, as the
// fault grid does (the run is recomputed by the core). A trace that zooms into one lane (its
// `focus_*`: a night of the jobs lesson) is drawn over that window only and plays it; tracks
// that are alternatives of each other (the same `group`) are tabs on a narrow screen. In presenter
// mode (present.js) the run is drawn whole above the presenter's bar: alternatives are tabs there
// too (and so are tracks of the same lanes, quotas' tenants), and the lanes are drawn shorter
// until the tracks shown end above the bar, from the room measured on the screen. Each kind
// of event the lesson marks has a shape and a tone of its own (legend and plot alike); the events
// the lesson is about (decisive) are drawn wide and one key (N) away, and on a track whose lanes
// are rows of a fault map (leader's nodes) the learner crashes or pauses a lane from the round
// shown: the map's parameter is written (the link shares it) and the core recomputes the run.
import { el, svg, uid } from "../dom.js";
import { formatNumber, localizeNumber } from "../i18n/index.js";
import { dataFold } from "./chart.js";

const AXIS_H = 22;
/** Bars in a run above which its tracks are drawn lighter: the faint bars and the played ones as
 * one path per state, and no hover title per bar (the detail panel and the data table tell each
 * one). */
const MANY_BARS = 400;
const SPEEDS = [0.5, 1, 2, 4];
/** Where alternatives become tabs (style.css's phone width). */
const NARROW = "(max-width: 600px)";
/** The tab chosen in each group, kept across runs (another night shows the same policy). */
const chosenTabs = new Map();
/** The shortest lane presenter mode draws to fit a run above its bar (the lane labels keep their
 * size and are drawn every other lane below 11 px, as on a track of many lanes). */
const MIN_LANE = 6;
/** Room kept under the tracks shown in presenter mode, in the screen's pixels (a counter's value
 * one digit wider later in the run). */
const FIT_SLACK = 4;

/** Whether presenter mode (present.js, `:root.presenting`) shows the page. */
const presenting = () => document.documentElement.classList.contains("presenting");

/** In presenter mode, where the watched run must end: the top of the presenter's bar, in the
 * viewport's pixels (else the viewport's bottom), and whether its fold of keys and controls is
 * open (the run's controls shown above the tracks: the run is not fitted then). Null otherwise. */
function presenterRoom() {
  if (!presenting()) return null;
  const bar = document.querySelector(".present-bar");
  return { floor: bar ? bar.getBoundingClientRect().top : innerHeight, open: document.documentElement.classList.contains("present-more") };
}

/** A polygon's path through `points` ([x, y] around 0, 0) moved to `x`, `y`. */
const poly = (x, y, points) => `M${points.map(([a, b]) => `${(x + a).toFixed(1)},${(y + b).toFixed(1)}`).join("L")}z`;
/** A plus sign of half-length `b` and half-width `a`, turned by `turn` (cross: 45°). */
const plus = (a, b, turn) => {
  const [c, s] = [Math.cos(turn), Math.sin(turn)];
  const pts = [[-a, -b], [a, -b], [a, -a], [b, -a], [b, a], [a, a], [a, b], [-a, b], [-a, a], [-b, a], [-b, -a], [-a, -a]];
  return pts.map(([p, q]) => [p * c - q * s, p * s + q * c]);
};
/** Each shape a lesson may give an event's mark (trace::EventStyle::shape), as a path of about
 * `r` around `x`, `y`. */
export const SHAPES = {
  circle: (x, y, r) => `M${(x - r).toFixed(1)},${y.toFixed(1)}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0z`,
  square: (x, y, r) => poly(x, y, [[-0.9 * r, -0.9 * r], [0.9 * r, -0.9 * r], [0.9 * r, 0.9 * r], [-0.9 * r, 0.9 * r]]),
  diamond: (x, y, r) => poly(x, y, [[0, -1.3 * r], [1.3 * r, 0], [0, 1.3 * r], [-1.3 * r, 0]]),
  triangle: (x, y, r) => poly(x, y, [[0, -1.25 * r], [1.2 * r, 0.9 * r], [-1.2 * r, 0.9 * r]]),
  triangle_down: (x, y, r) => poly(x, y, [[0, 1.25 * r], [1.2 * r, -0.9 * r], [-1.2 * r, -0.9 * r]]),
  cross: (x, y, r) => poly(x, y, plus(0.36 * r, 1.35 * r, Math.PI / 4)),
  plus: (x, y, r) => poly(x, y, plus(0.36 * r, 1.2 * r, 0)),
  star: (x, y, r) => poly(x, y, Array.from({ length: 10 }, (_, i) => [Math.sin((i * Math.PI) / 5) * r * (i % 2 ? 0.55 : 1.35), -Math.cos((i * Math.PI) / 5) * r * (i % 2 ? 0.55 : 1.35)])),
};

/** The viewer for a trace document (`doc.trace`); `draw(width)` lays it out. `picker` is the
 * form that chooses another run (the caller's control, drawn above the run) or null; `intervene`
 * is what the lesson's control offers at a bar's step of a lane of a track with `faults`
 * (`offer(lane, step)` → {text, action, data, apply}: the panel's) or null; `rows` reads and writes a
 * parameter of rows (`{entries(param), spec(param), set(param, rows)}`, `rows` as typed:
 * [{row, values}]: the leader's crash and pause maps) or null; `selected` reopens a detail. A
 * drawing: it imports no control. */
export function timelineView(doc, t, { picker = null, intervene = null, rows = null, selected = null } = {}) {
  const tr = doc.trace;
  // The run's facts as the reader writes numbers ("0,05" in Turkish: the core gives "0.05"); a
  // track's title may name them ({limit}).
  const facts = tr.facts.map(([k, v]) => [k, v, localizeNumber(v, t)]);
  const factVars = Object.fromEntries(facts.map(([k, , v]) => [k, v]));
  const unit = (n) => t(`trace.unit.${tr.unit}`, { n });
  // The part zoomed into, as the core gives it (absent: the whole run), and the frames it plays.
  const focus = tr.focus_end === null || tr.focus_end === undefined ? null : { lane: tr.focus_lane, start: tr.focus_start, end: tr.focus_end };
  const lo = focus ? Math.floor(focus.start / tr.step) : 0;
  const hi = focus ? Math.min(tr.frames, Math.ceil(focus.end / tr.step)) : tr.frames;
  const plural = new Intl.PluralRules(t.locale ?? t.lang);
  /** An event in words: its note and its duration ("+1" was a re-drive's rounds late). */
  const eventText = (e) => {
    const took = e.took === null || e.took === undefined ? "" : t(`trace.took.${tr.unit}.${plural.select(e.took)}`, { n: e.took });
    const template = t(`trace.event.${e.kind}`);
    const note = e.note === null || e.note === undefined ? "" : localizeNumber(e.note, t);
    const text = t(`trace.event.${e.kind}`, { note, took });
    return note && !template.includes("{note}") ? `${text} (${note})` : text;
  };
  let frame = 0;
  let timer = null;
  let width = 0;
  let speed = 1;
  let chosen = null; // what the detail panel shows: {track, kind: "span"|"event", lane, index}
  let fitted = null; // what the tracks were last drawn for: {w, key}
  let cap = null; // in presenter mode, the tallest lane the tracks are drawn with (null: as they are)
  /** A lane's label in the page's language where the lesson words it (`record`), else as given. */
  const laneName = (label) => (t.has(`trace.lane.${label}`) ? t(`trace.lane.${label}`) : label);
  // The lesson's styles: each state's tone (style.css colours tones) and the events it marks.
  const styles = {
    tone: new Map(doc.states.map((s) => [s.state, s.tone])),
    marks: new Map(doc.marks.map((m) => [m.kind, m])),
    laneName,
  };
  // The events the lesson is about, in time order (of the window zoomed into), each with the
  // frame that first shows it: N goes to the next one.
  const inWindow = (e) => !focus || (e.at >= focus.start && e.at < focus.end && (e.lane === null || e.lane === focus.lane));
  const decisive = tr.tracks
    .flatMap((track, i) => track.events.map((e, index) => ({ e, track: i, index })))
    .filter(({ e }) => styles.marks.get(e.kind)?.decisive && inWindow(e))
    .map((d) => ({ ...d, frame: Math.min(hi, Math.floor(d.e.at / tr.step) + 1) }))
    .sort((a, b) => a.e.at - b.e.at || a.track - b.track);

  const playButton = el("button", { type: "button", class: "small play", "aria-pressed": "false", dataset: { act: "play" }, onclick: () => toggle() }, t("ui.trace.play"));
  const scrub = el("input", {
    type: "range",
    min: String(lo),
    max: String(hi),
    step: "1",
    value: String(lo),
    class: "scrubber",
    "aria-label": t("ui.trace.scrubber"),
    oninput: () => show(Number(scrub.value)),
  });
  const position = el("output", { class: "position", "aria-live": "off" });
  const speedId = uid("speed");
  const speedSelect = el(
    "select",
    {
      id: speedId,
      class: "speed",
      onchange: () => {
        speed = Number(speedSelect.value);
        if (timer) {
          stop();
          play();
        }
      },
    },
    SPEEDS.map((v) => el("option", { value: String(v), selected: v === 1 }, t("ui.trace.speed_value", { v: formatNumber(v, t, 1) }))),
  );
  const button = (key, action) => el("button", { type: "button", class: "small", dataset: { act: key }, "aria-label": t(`ui.trace.${key}`), title: t(`ui.trace.${key}`), onclick: action }, t(`ui.trace.${key}_icon`));
  // The next event the lesson is about (N; Shift+N the one before), told in the detail panel.
  const nextButton = decisive.length
    ? el("button", { type: "button", class: "small decisive-next", "aria-keyshortcuts": "N", title: t("ui.trace.decisive_next_title"), onclick: () => jump(1) }, t("ui.trace.decisive_next"))
    : null;
  const controls = el(
    "div",
    { class: "trace-controls" },
    button("start", () => show(lo)),
    button("step_back", () => show(frame - 1)),
    playButton,
    button("step_forward", () => show(frame + 1)),
    button("end", () => show(hi)),
    nextButton,
    scrub,
    position,
    el("span", { class: "speed-field" }, el("label", { for: speedId }, t("ui.trace.speed")), " ", speedSelect),
  );
  const faults = rows ? interventions(tr, t, rows, laneName) : null;
  const factsLine = el(
    "p",
    { class: "trace-facts" },
    facts.map(([k, v, local], i) => [i ? " · " : "", t.has(`trace.fact.${k}.${v}`) ? t(`trace.fact.${k}.${v}`) : t(`trace.fact.${k}`, { v: local })]),
  );
  // It scrolls, so it takes focus (keyboard users can scroll it).
  const log = el("ul", { class: "trace-log", "aria-live": "polite", tabindex: "0", "aria-label": t("ui.trace.events") });
  // What a click or tap on a bar or mark shows, in words (not on hover only).
  const detail = el("div", { class: "trace-detail", role: "status", "aria-live": "polite" }, el("p", { class: "hint" }, t("ui.trace.detail_hint")));
  const eventsTitle = el("h3", {}, t("ui.trace.events"));
  // Many bars in the run (every track's: the jobs lesson's 250 nights are four tracks of 250),
  // counted once: each track is drawn lighter then.
  const bars = tr.tracks.reduce((n, k) => n + (focus ? k.lanes[focus.lane]?.spans.length ?? 0 : k.lanes.reduce((m, l) => m + l.spans.length, 0)), 0);
  const tracks = tr.tracks.map((track, i) => trackView(track, tr, t, styles, { focus, factVars, many: bars > MANY_BARS, onPick: (what) => pick({ track: i, ...what }) }));
  const caption = (track) => t(`trace.track.${track.key}`, factVars);
  const tabs = alternatives(tr, tracks, t, {
    caption,
    onSwitch: () => {
      if (presenting()) return fitted !== null && draw(fitted.w); // the track shown fitted again
      if (detail.closest("[hidden]")) tracks.find((v) => !v.node.closest("[hidden]"))?.node.querySelector(".timeline-canvas").after(detail);
    },
  });
  // The lane zoomed into, in words: which, over which time, and what the counters still are.
  const zoomed = focus
    ? el("p", { class: "hint trace-focus" }, t("ui.trace.focus", { lane: laneName(tr.tracks[0]?.lanes[focus.lane]?.label ?? ""), from: unit(focus.start + tr.first), to: unit(focus.end - 1 + tr.first) }))
    : null;
  const node = el(
    "section",
    {
      class: "trace",
      tabindex: "-1",
      "aria-label": t("ui.watch"),
      onkeydown: (e) => {
        // A list keeps its own keys (the run's and the intervention's lists).
        if ((e.target instanceof HTMLInputElement && e.target.type === "text") || e.target instanceof HTMLSelectElement) return;
        const to = { ArrowRight: frame + 1, ArrowLeft: frame - 1, Home: lo, End: hi }[e.key];
        if (e.key === " " || e.key === "k") {
          if (e.target instanceof HTMLButtonElement) return;
          e.preventDefault();
          toggle();
        } else if ((e.key === "n" || e.key === "N") && decisive.length && !e.ctrlKey && !e.metaKey && !e.altKey) {
          e.preventDefault();
          jump(e.shiftKey ? -1 : 1);
        } else if (to !== undefined && e.target !== scrub) {
          e.preventDefault();
          show(to);
        }
      },
    },
    picker,
    factsLine,
    zoomed,
    controls,
    el("p", { class: "hint keys" }, t("ui.trace.keys"), decisive.length ? [" ", t("ui.trace.decisive_keys")] : null),
    faults?.node,
    tabs.nodes,
    detail,
    eventsTitle,
    log,
  );

  function show(f) {
    frame = Math.max(lo, Math.min(hi, f));
    scrub.value = String(frame);
    const shownEnd = Math.min(tr.end, frame * tr.step);
    position.textContent = t("ui.trace.position", { frame: frame - lo, frames: hi - lo, at: unit(shownEnd) });
    scrub.setAttribute("aria-valuetext", position.textContent);
    for (const v of tracks) v.show(frame);
    faults?.show(frame, frame >= hi ? null : frame * tr.step + tr.first);
    // What happened in the last frame shown.
    const from = (frame - 1) * tr.step;
    const to = frame * tr.step;
    const items = [];
    tr.tracks.forEach((track) => {
      for (const e of track.events) {
        if (e.at < from || e.at >= to || frame === 0 || (focus && e.lane !== focus.lane)) continue;
        const lane = e.lane === null ? "" : `${laneName(track.lanes[e.lane].label)}: `;
        const prefix = tr.tracks.length > 1 ? `[${t(`trace.track.${track.key}`, factVars)}] ` : "";
        items.push(el("li", {}, `${prefix}${unit(e.at + tr.first)} — ${lane}${eventText(e)}`));
      }
    });
    const shown = items.slice(0, 40);
    if (items.length > shown.length) shown.push(el("li", {}, t("ui.trace.more", { count: items.length - shown.length })));
    log.replaceChildren(...(shown.length ? shown : [el("li", { class: "none" }, t(frame === 0 ? "ui.trace.at_start" : "ui.trace.no_events"))]));
    if (frame >= hi) stop();
  }

  /** To the next (`by` 1) or previous (-1) event the lesson is about, after or before the frame
   * shown (round the run), picked so the detail panel tells it. */
  function jump(by) {
    if (!decisive.length) return;
    const at = chosen?.kind === "event" ? decisive.findIndex((d) => d.track === chosen.track && d.e.at === chosen.at && d.e.kind === chosen.key && d.e.lane === chosen.lane) : -1;
    let k;
    if (by > 0) k = at >= 0 && decisive[at].frame === frame ? at + 1 : decisive.findIndex((d) => d.frame > frame);
    else k = at >= 0 && decisive[at].frame === frame ? at - 1 : decisive.findLastIndex((d) => d.frame < frame);
    const d = decisive[(k + decisive.length) % decisive.length] ?? decisive[0];
    stop();
    show(d.frame);
    pick({ track: d.track, kind: "event", index: d.index });
  }

  function toggle() {
    if (timer) stop();
    else play();
  }

  /** Shows a bar (`{track, kind: "span", lane, index}`) or a mark (`{track, kind: "event",
   * index}`) in the detail panel, with "set a fault here" on a job's step. */
  function pick(where) {
    const what = locate(where);
    if (!what) return;
    const track = tr.tracks[what.track];
    const lane = what.lane;
    const item = what.kind === "span" ? track.lanes[lane].spans[what.index] : track.events[what.index];
    chosen = { track: what.track, kind: what.kind, lane, at: what.kind === "span" ? item.start : item.at, key: what.kind === "span" ? item.state : item.kind };
    for (const v of tracks) v.mark(null);
    tracks[what.track].mark(what);
    // Under the track picked from, so it shows next to what was tapped; in presenter mode under
    // the tracks, which stay whole above the bar.
    if (presenting()) detailHome();
    else tracks[what.track].node.querySelector(".timeline-canvas").after(detail);
    const prefix = tr.tracks.length > 1 ? `${t(`trace.track.${track.key}`, factVars)}: ` : "";
    const laneLabel = lane === null ? "" : `${laneName(track.lanes[lane].label)}: `;
    const parts = [];
    // A bar: its state and step, and on a lane's step what the lesson's control offers there
    // (the supervisor's: the fault to set at that job's step).
    const bar = (s) => {
      const when = s.end - s.start > 1 ? `${unit(s.start + tr.first)} – ${unit(s.end - 1 + tr.first)}` : unit(s.start + tr.first);
      parts.push(el("p", {}, `${prefix}${laneLabel}${t(`trace.state.${s.state}`)}${s.note ? ` — ${s.note}` : ""} (${when})`));
      if (!(track.faults && intervene && s.note)) return;
      const offer = intervene.offer(lane, s.note);
      parts.push(
        el(
          "p",
          { class: "intervene" },
          offer.text,
          " ",
          el("button", { type: "button", class: "small", dataset: offer.data, onclick: offer.apply }, offer.action),
        ),
      );
    };
    // A lane of a fault map's rows: the intervention acts on it.
    if (lane !== null && track.intervene?.length) faults?.choose(what.track, lane);
    if (what.kind === "span") bar(item);
    else {
      parts.push(el("p", {}, `${prefix}${unit(item.at + tr.first)} — ${laneLabel}${eventText(item)}`));
      // A mark sits on a bar: a tap on it tells that bar too (the mark covers its middle).
      const under = lane === null ? null : track.lanes[lane].spans.find((s) => s.start <= item.at && item.at < s.end);
      if (under) bar(under);
    }
    detail.replaceChildren(...parts);
  }

  /** A picked bar or mark as indices into the document: given by indices (a click), or by lane
   * and time (a detail kept across a recomputed run, where the indices may differ). */
  function locate(w) {
    const track = tr.tracks[w.track];
    if (!track) return null;
    if (w.index !== undefined) {
      const lane = w.kind === "span" ? w.lane : track.events[w.index]?.lane ?? null;
      return { ...w, lane };
    }
    if (w.kind === "span") {
      const index = track.lanes[w.lane]?.spans.findIndex((s) => s.start <= w.at && w.at < s.end) ?? -1;
      return index < 0 ? null : { track: w.track, kind: "span", lane: w.lane, index };
    }
    const index = track.events.findIndex((e) => e.at === w.at && e.lane === w.lane && e.kind === w.key);
    return index < 0 ? null : { track: w.track, kind: "event", lane: w.lane, index };
  }

  function play() {
    if (frame >= hi) show(lo);
    const every = Math.max(40, Math.round(Math.max(80, Math.min(700, 9000 / Math.max(1, hi - lo))) / speed));
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
    /** Where a run opens: at its first event the lesson is about, else at its start. */
    opening: () => decisive[0]?.frame ?? lo,
    /** What the detail panel shows, to reopen it in the next run's view. */
    selected: () => chosen,
    show,
    stop,
    draw,
  };

  /** Draws the tracks `w` pixels wide (again only if the width or, in presenter mode, the room
   * changed): in presenter mode with the tabs the projector uses and lanes short enough for the
   * tracks shown to end above its bar. */
  function draw(w) {
    const now = Math.max(260, Math.floor(w));
    const room = presenterRoom();
    tabs.apply(Boolean(room));
    const fitting = Boolean(room && !room.open && node.checkVisibility());
    // What fitting depends on: where the tracks start, the bar, the zoom, the tabs chosen.
    const start = fitting ? (tracks.find((v) => v.node.checkVisibility())?.node.getBoundingClientRect().top ?? 0) : 0;
    const key = fitting ? `${now} ${Math.round(start)} ${Math.round(room.floor)} ${node.currentCSSZoom ?? 1} ${tabs.chosen()}` : `${now} ${room ? "present" : ""}`;
    if (fitted?.key === key) return;
    fitted = { w: now, key };
    width = now;
    if (!room) cap = null;
    if (fitting) {
      detailHome();
      cap = fit(room.floor);
    } else for (const v of tracks) v.draw(width, cap);
    show(frame);
    const again = chosen ?? selected;
    if (again) pick(again);
  }

  /** The detail panel's place under the tracks (presenter mode keeps it there). */
  function detailHome() {
    if (detail.nextElementSibling !== eventsTitle) eventsTitle.before(detail);
  }

  /** Draws the tracks with lanes as tall as they are, measures how far the tracks shown (their
   * counters at the run's end, its largest totals) reach past `floor` (the screen's pixels), and
   * draws them again with the tallest lane that makes them end above it, down to MIN_LANE:
   * returns that lane height, or null (none needed). The numbers drawn are the core's; only the
   * lanes' height comes from the screen. */
  function fit(floor) {
    for (const v of tracks) v.draw(width, null);
    const seen = tracks.filter((v) => v.node.checkVisibility());
    if (!seen.length) return null;
    for (const v of seen) v.show(hi);
    const bottom = Math.max(...seen.map((v) => v.node.getBoundingClientRect().bottom));
    const over = bottom + FIT_SLACK - floor;
    if (over <= 0) return null;
    // The SVG's pixels on the screen (the page's zoom, the width it is scaled to).
    const plot = seen[0].node.querySelector(".timeline-canvas svg");
    const scale = plot.getBoundingClientRect().height / plot.height.baseVal.value || 1;
    const need = over / scale;
    const sizes = seen.map((v) => v.size());
    const tallest = Math.max(...sizes.map((z) => z.lh));
    const saved = (c) => sizes.reduce((sum, z) => sum + z.lanes * Math.max(0, z.lh - c), 0);
    let c = tallest - 1;
    while (c > MIN_LANE && saved(c) < need) c--;
    if (c < MIN_LANE || c >= tallest) return null;
    for (const v of tracks) v.draw(width, c);
    return c;
  }
}

/** The lane last chosen to intervene on, kept across the recomputed runs. */
let interveneLane = 0;

/** The form that sets a fault on a lane from the round shown, for the first track whose lanes are
 * rows of fault maps (`track.intervene`): a lane, and a button per map writing that lane's row
 * with the next round (and the map's further values, a pause's length) through `rows`, so the
 * parameter, the link and the core's recomputed run are what typing it gives. A row the map
 * already has before that round is left to the panel: replacing it would change rounds shown.
 * From the time the core says a lane's part is settled (`until`: a crashed node) its fault is
 * not offered, nor the lane once none is left (its entry says from when): the list shows the
 * lane chosen, else the first one left. Returns `{node, show(frame, round), choose(track, lane)}` (`round` null: nothing
 * left to change), or null. */
function interventions(tr, t, rows, laneName) {
  const at = tr.tracks.findIndex((k) => k.intervene?.length);
  if (at < 0) return null;
  const track = tr.tracks[at];
  const id = uid("intervene");
  if (!track.lanes[interveneLane]) interveneLane = 0;
  /** The time from which the core says `iv` means nothing on `lane`, or null. */
  const untilOf = (iv, lane) => iv.until?.[lane] ?? null;
  // A lane the core says leaves the run says from when, whatever the round shown (its width
  // stays as the playhead moves).
  const options = track.lanes.map((l, i) => {
    const since = track.intervene.some((iv) => untilOf(iv, i) === null) ? null : Math.max(...track.intervene.map((iv) => untilOf(iv, i)));
    const text = since === null ? laneName(l.label) : t("ui.trace.intervene_gone", { lane: laneName(l.label), at: t(`trace.unit.${tr.unit}`, { n: since }) });
    return el("option", { value: String(i), selected: i === interveneLane }, text);
  });
  const select = el("select", { id, onchange: () => ((interveneLane = Number(select.value)), update()) }, options);
  const why = el("p", { class: "hint intervene-why", "aria-live": "polite" });
  let round = null;
  const buttons = track.intervene.map((iv) => el("button", { type: "button", class: "small", dataset: { param: iv.param }, onclick: () => apply(iv) }));
  const entryOf = (param, lane) => (rows.entries(param) ?? []).find((e) => e[0] === lane + 1);
  /** Whether `iv` means nothing on `lane` at the round shown. */
  const settled = (iv, lane) => round !== null && untilOf(iv, lane) !== null && round >= untilOf(iv, lane);
  /** Whether no fault is left for `lane` at the round shown. */
  const gone = (lane) => track.intervene.every((iv) => settled(iv, lane));

  function apply(iv) {
    const spec = rows.spec(iv.param);
    if (!spec || round === null) return;
    const lane = Number(select.value);
    if (settled(iv, lane)) return;
    const list = (rows.entries(iv.param) ?? []).map((e) => ({ row: e[0], values: e.slice(1, 1 + spec.fields.length).map(String) }));
    const values = [String(round), ...iv.more.map(String)];
    const mine = list.find((r) => r.row === lane + 1);
    if (mine) mine.values = values;
    else list.push({ row: lane + 1, values });
    rows.set(iv.param, list);
  }

  function update() {
    // The lanes left at the round shown; the one chosen, else the first left.
    options.forEach((o, i) => (o.disabled = gone(i)));
    const none = track.lanes.every((_, i) => gone(i));
    const lane = gone(interveneLane) ? Math.max(0, track.lanes.findIndex((_, i) => !gone(i))) : interveneLane;
    select.value = String(lane);
    const name = laneName(track.lanes[lane].label);
    let early = null;
    track.intervene.forEach((iv, i) => {
      const e = entryOf(iv.param, lane);
      const before = round !== null && e !== undefined && e[1] < round;
      if (before) early ??= e[1];
      buttons[i].textContent = t(`trace.intervene.${iv.param}`, { lane: name, round: round ?? "–", n: iv.more[0] ?? "" });
      buttons[i].disabled = round === null || before || settled(iv, lane) || !rows.spec(iv.param);
    });
    why.textContent =
      round === null
        ? t("ui.trace.intervene_end")
        : none
          ? t("ui.trace.intervene_none")
          : early !== null
            ? t("ui.trace.intervene_past", { lane: name, at: t(`trace.unit.${tr.unit}`, { n: early }) })
            : t("ui.trace.intervene_hint");
  }

  const node = el(
    "div",
    { class: "trace-intervene", role: "group", "aria-labelledby": `${id}-title` },
    el("h3", { id: `${id}-title` }, t("ui.trace.intervene_title")),
    el("div", { class: "intervene-row" }, el("label", { for: id }, t(`trace.intervene.${track.key}`)), " ", select, buttons),
    why,
  );
  return {
    node,
    show(frame, r) {
      round = r;
      update();
    },
    choose(trackIndex, lane) {
      if (trackIndex !== at || !track.lanes[lane]) return;
      interveneLane = lane;
      update();
    },
  };
}

/** The tracks' figures, with each group of alternatives (tracks of the same `group`) behind a
 * tablist that a narrow screen uses to show one of them at a time; a wide one stacks them all.
 * Presenter mode uses tabs on any screen, for runs of consecutive tracks alike: of one group, or
 * with the same lanes (the jobs lesson's nights under each policy and their attempts, the quotas
 * lesson's tenants): a run that is not one group has a tablist of its own, put in the page only
 * while it presents (a tab names its track as the group's tabs do, else by its caption, from
 * `caption(track)`). `onSwitch()` is called after a tab changes. Returns `{nodes, apply(present),
 * chosen()}`: what to put in the page, the tabs shown as the screen and presenter mode ask, the
 * tabs chosen (a text). */
function alternatives(tr, views, t, { caption, onSwitch }) {
  const narrow = window.matchMedia(NARROW);
  const groups = [];
  const nodes = [];
  const tabFor = (group, track, panel, text) =>
    el("button", { type: "button", role: "tab", class: "track-tab", id: uid("tab"), "aria-controls": panel.id, dataset: { track: track.key }, onclick: () => choose(group, track.key) }, text);
  tr.tracks.forEach((track, i) => {
    const view = views[i];
    const same = track.group !== null && track.group !== undefined && tr.tracks.filter((o) => o.group === track.group).length > 1;
    if (!same) return nodes.push(view.node);
    let group = groups.find((g) => g.key === track.group);
    if (!group) {
      const list = el("div", { class: "track-tabs", role: "tablist", "aria-label": t(`trace.group.${track.group}`), onkeydown: (e) => keys(group, e) });
      group = { key: track.group, list, items: [] };
      groups.push(group);
      nodes.push(list);
    }
    const panel = el("div", { class: "track-panel", id: uid("panel") }, view.node);
    const tab = tabFor(group, track, panel, t(`trace.tab.${track.key}`));
    group.list.append(tab);
    group.items.push({ key: track.key, tab, panel, view });
    nodes.push(panel);
  });
  // Presenter mode's runs of tracks alike; one that is a whole group uses that group's tabs.
  const groupOf = (view) => groups.find((g) => g.items.some((it) => it.view === view));
  const lanes = (track) => JSON.stringify(track.lanes.map((l) => l.label));
  const alike = (a, b) => (a.group !== null && a.group !== undefined && a.group === b.group) || lanes(a) === lanes(b);
  const runs = [];
  tr.tracks.forEach((track, i) => (i > 0 && alike(tr.tracks[i - 1], track) ? runs.at(-1).push(i) : runs.push([i])));
  for (const at of runs.filter((r) => r.length > 1)) {
    const whole = groupOf(views[at[0]]);
    if (whole && whole.items.length === at.length && at.every((i) => groupOf(views[i]) === whole)) continue;
    const list = el("div", { class: "track-tabs", role: "tablist", "aria-label": t("ui.trace.tracks"), onkeydown: (e) => keys(group, e) });
    const group = { key: `present:${at.map((i) => tr.tracks[i].key).join()}`, list, items: [], present: true, placed: false, within: new Set() };
    for (const i of at) {
      const track = tr.tracks[i];
      const own = groupOf(views[i]);
      if (own) group.within.add(own);
      // A track of a group is in that group's panel already; another gets a panel of its own.
      const panel = own ? own.items.find((it) => it.view === views[i]).panel : el("div", { class: "track-panel", id: uid("panel") });
      const tab = tabFor(group, track, panel, t.has(`trace.tab.${track.key}`) ? t(`trace.tab.${track.key}`) : caption(track));
      list.append(tab);
      group.items.push({ key: track.key, tab, panel, view: views[i], wrap: !own });
    }
    groups.push(group);
  }
  for (const g of groups) if (!g.items.some((it) => it.key === chosenTabs.get(g.key))) chosenTabs.set(g.key, g.items[0].key);

  /** Puts a presenter mode's tablist and panels around its tracks (`on`), or takes them out. */
  function place(g, on) {
    const first = g.items[0];
    const top = first.wrap ? first.view.node : first.panel;
    if (on === g.placed || (on && !top.parentNode)) return;
    if (on) {
      top.before(g.list);
      for (const { view, panel, wrap } of g.items) {
        if (!wrap) continue;
        view.node.replaceWith(panel);
        panel.append(view.node);
      }
    } else {
      for (const { view, panel, wrap } of g.items) if (wrap) panel.replaceWith(view.node);
      g.list.remove();
    }
    g.placed = on;
  }

  /** Shows the groups as the screen's width and presenter mode (`present`) ask: tabs and one
   * panel, or every panel. A group within a presenter mode's run has its tabs hidden then. */
  function apply(present = presenting()) {
    for (const g of groups) if (g.present) place(g, present);
    const within = new Set(groups.filter((g) => g.placed).flatMap((g) => [...g.within]));
    for (const g of groups) {
      if (g.present && !g.placed) continue;
      const tabbed = present || narrow.matches;
      g.list.hidden = !tabbed || within.has(g);
      if (within.has(g)) continue;
      for (const { key, tab, panel } of g.items) {
        const on = key === chosenTabs.get(g.key);
        tab.setAttribute("aria-selected", String(on));
        tab.tabIndex = on ? 0 : -1;
        panel.hidden = tabbed && !on;
        if (tabbed) {
          panel.setAttribute("role", "tabpanel");
          panel.setAttribute("aria-labelledby", tab.id);
        } else {
          panel.removeAttribute("role");
          panel.removeAttribute("aria-labelledby");
        }
      }
    }
  }

  function choose(group, key, focusTab = false) {
    chosenTabs.set(group.key, key);
    apply();
    if (focusTab) group.items.find((it) => it.key === key)?.tab.focus();
    onSwitch?.();
  }

  /** Arrow keys, Home and End move along the tabs (and not the playhead). */
  function keys(group, e) {
    const at = group.items.findIndex((it) => it.key === chosenTabs.get(group.key));
    const n = group.items.length;
    const to = { ArrowRight: (at + 1) % n, ArrowLeft: (at + n - 1) % n, Home: 0, End: n - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    choose(group, group.items[to].key, true);
  }

  if (groups.some((g) => !g.present)) {
    apply();
    // Follows the screen's width while the view is on the page.
    const follow = () => (views[0].node.isConnected ? apply() : narrow.removeEventListener("change", follow));
    narrow.addEventListener("change", follow);
  }
  return {
    nodes,
    apply,
    chosen: () =>
      groups
        .filter((g) => !g.list.hidden && g.list.isConnected)
        .map((g) => chosenTabs.get(g.key))
        .join(),
  };
}

/** One track: its lanes as an SVG with its legend, and its counters. A click on a bar or mark
 * calls `onPick({kind, lane, index})`; `mark(what)` outlines the picked one. With `focus` only
 * that lane is drawn, over the window `[focus.start, focus.end)`; `factVars` fill its title (the run's facts, as
 * the reader writes numbers); `many`: the run has many bars (MANY_BARS). */
function trackView(track, tr, t, styles, { focus = null, factVars = {}, many = false, onPick }) {
  const tone = (state) => `tone-${styles.tone.get(state) ?? "muted"}`;
  const laneName = styles.laneName;
  // Each kind of mark its shape and tone (a line its tone, or the accent's), in the SVG and the
  // legend alike; `data-shape` and `data-tone` say which (the tests compare them).
  const look = (kind, line = false) => {
    const m = styles.marks.get(kind);
    return { shape: line ? "line" : m?.shape ?? "circle", tone: m?.tone ?? "accent", decisive: Boolean(m?.decisive) };
  };
  // A shape's path is made once per shape and size and moved to each mark (a run draws up to
  // 10,000 marks: making each path anew went over the page's 200 ms task budget).
  const paths = new Map();
  const markPath = (kind, cx, cy, r) => {
    const key = `${kind} ${r}`;
    let m = paths.get(key);
    if (m === undefined) {
      const { shape, tone: tn, decisive } = look(kind);
      const d = (SHAPES[shape] ?? SHAPES.circle)(0, 0, decisive ? r * 1.3 : r);
      paths.set(key, (m = { d, class: `ev tone-${tn}${decisive ? " decisive" : ""}`, shape, tone: tn }));
    }
    return svg("path", { class: m.class, d: m.d, transform: `translate(${cx.toFixed(1)} ${cy.toFixed(1)})`, dataset: { shape: m.shape, tone: m.tone } });
  };
  const holder = el("div", { class: "timeline-canvas" });
  const counters = el("dl", { class: "trace-counters" });
  const titleId = uid("track");
  // The time shown and the lanes drawn (their indices into the track), one per row.
  const [from, until] = focus ? [focus.start, focus.end] : [0, tr.end];
  const shown = focus ? [focus.lane].filter((i) => track.lanes[i]) : track.lanes.map((_, i) => i);
  const row = new Map(shown.map((lane, r) => [lane, r]));
  const inside = (s) => s.end > from && s.start < until;
  const events = track.events.map((e, k) => [e, k]).filter(([e]) => (e.lane === null || row.has(e.lane)) && e.at >= from && e.at < until);
  const states = [...new Set(shown.flatMap((i) => track.lanes[i].spans.filter(inside).map((s) => s.state)))];
  const dots = [...new Set(events.filter(([e]) => e.lane !== null && styles.marks.has(e.kind)).map(([e]) => e.kind))];
  const lines = [...new Set(events.filter(([e]) => e.lane === null).map(([e]) => e.kind))];
  const anyDecisive = events.some(([e]) => look(e.kind).decisive && (e.lane === null || styles.marks.has(e.kind)));
  const key = (shape, tn) => ({ shape, tone: tn });
  // Every class of mark the SVG draws has its entry: states, event marks, lines, the band around
  // what the lesson is about, the playhead.
  const legend = el(
    "ul",
    { class: "legend trace-legend" },
    states.map((s) => el("li", { dataset: { legend: `state:${s}`, ...key("bar", styles.tone.get(s) ?? "muted") } }, el("span", { class: `swatch ${tone(s)}`, "aria-hidden": "true" }), t(`trace.state.${s}`))),
    dots.map((k) =>
      el(
        "li",
        { dataset: { legend: `mark:${k}`, ...key(look(k).shape, look(k).tone) } },
        svg("svg", { class: "mark-key", width: 16, height: 16, viewBox: "0 0 16 16", "aria-hidden": "true" }, markPath(k, 8, 8, 4.2)),
        t(`trace.mark.${k}`),
      ),
    ),
    lines.map((k) => el("li", { dataset: { legend: `line:${k}`, ...key("line", look(k, true).tone) } }, el("span", { class: `swatch line tone-${look(k, true).tone}${styles.marks.has(k) ? " styled" : ""}`, "aria-hidden": "true" }), t(`trace.mark.${k}`))),
    anyDecisive ? el("li", { dataset: { legend: "decisive", ...key("band", "focus") } }, el("span", { class: "swatch band", "aria-hidden": "true" }), t("ui.trace.decisive_legend"), el("span", { class: "keys" }, ` ${t("ui.trace.decisive_legend_keys")}`)) : null,
    el("li", { dataset: { legend: "playhead", ...key("playhead", "ink") } }, el("span", { class: "swatch playhead", "aria-hidden": "true" }), t("ui.trace.playhead")),
  );
  const node = el(
    "figure",
    { class: "timeline", dataset: { track: track.key } },
    el("figcaption", { id: titleId }, t(`trace.track.${track.key}`, factVars)),
    holder,
    legend,
    counters,
    laneData(track, tr, t, shown, laneName),
  );
  let live = [];
  let labels = [];
  let playhead = null;
  let marks = [];
  let outline = null;
  let clip = null; // a track of many bars: the rectangle its solid bars are clipped to
  let geometry = null; // where a pick is drawn: {x, lh}
  let x = (v) => v;
  let left = 0;

  /** Draws the track `width` pixels wide, its lanes at most `cap` pixels tall (null: as tall as
   * their number gives them). */
  function draw(width, cap = null) {
    const n = shown.length;
    // Room for the longest lane label (step names can be long), within reason on a phone.
    const longest = Math.max(2, ...shown.map((i) => laneName(track.lanes[i].label).length));
    const LABEL_W = Math.min(Math.max(36, Math.round(longest * 6.2 + 10)), Math.max(60, width * 0.3));
    // A few lanes get finger-high bars (24 px, WCAG 2.5.8; a lane zoomed into, 32 px); many are
    // packed (the data table and the detail panel tell each one).
    const natural = focus ? 32 : n > 24 ? Math.max(5, Math.floor(330 / n)) : n > 12 ? 16 : 24;
    const lh = cap === null ? natural : Math.min(natural, cap);
    const height = n * lh + AXIS_H + 4;
    const right = width - 8;
    // Times outside the window are drawn at its edges.
    x = (v) => LABEL_W + ((Math.max(from, Math.min(until, v)) - from) / Math.max(1, until - from)) * (right - LABEL_W);
    left = LABEL_W;
    geometry = { lh };
    const root = svg("svg", { width, height, viewBox: `0 0 ${width} ${height}`, role: "img", "aria-labelledby": titleId, class: focus ? "plot timeline-svg zoomed" : "plot timeline-svg" });
    root.append(svg("desc", {}, describe(track, tr, t, shown, laneName)));
    const labelEvery = lh >= 11 ? 1 : Math.ceil(11 / lh);
    const ghostPaths = new Map(); // state → the faint bars' path, for a track of many bars
    const ghost = svg("g", { class: "ghost" });
    const solid = svg("g", { class: "solid" });
    // Many bars: the solid ones are the faint ones' paths clipped at the playhead (a few paths,
    // not one rect a bar: the supervisor's largest run drew 4,967 elements in one task, and a
    // loaded machine took 272 ms of CPU over it); a click finds its bar from where it fell.
    clip = null;
    if (many) {
      const id = uid("played");
      clip = svg("rect", { x: 0, y: 0, width: 0, height });
      root.append(svg("defs", {}, svg("clipPath", { id }, clip)));
      solid.setAttribute("clip-path", `url(#${id})`);
    }
    const words = svg("g", { class: "span-labels" });
    live = [];
    labels = [];
    shown.forEach((i, r) => {
      const lane = track.lanes[i];
      const y = r * lh + 2;
      if (r % labelEvery === 0) {
        root.append(svg("text", { class: "lane-label", x: LABEL_W - 6, y: y + lh / 2, dy: "0.32em", "text-anchor": "end" }, laneName(lane.label)));
      }
      lane.spans.forEach((s, k) => {
        if (!inside(s)) return;
        const attrs = { x: x(s.start), y, height: Math.max(2, lh - 2), dataset: { lane: String(i), span: String(k), state: s.state } };
        const w = Math.max(1, x(s.end) - x(s.start));
        if (many) {
          const h = Math.max(2, lh - 2);
          ghostPaths.set(s.state, `${ghostPaths.get(s.state) ?? ""}M${attrs.x.toFixed(1)},${y}h${w.toFixed(1)}v${h}h${(-w).toFixed(1)}z`);
        } else {
          ghost.append(svg("rect", { ...attrs, width: w, class: tone(s.state) }));
          const title = svg("title", {}, `${laneName(lane.label)}: ${t(`trace.state.${s.state}`)}${s.note ? ` (${s.note})` : ""} — ${t(`trace.unit.${tr.unit}`, { n: s.start + tr.first })}–${s.end - 1 + tr.first}`);
          const rect = svg("rect", { ...attrs, width: 0, class: tone(s.state) }, title);
          solid.append(rect);
          live.push([rect, s]);
        }
        // The bar says its step where the name fits.
        if (s.note && lh >= 12 && w >= s.note.length * 6 + 8) {
          const label = svg("text", { class: "span-label", x: x(s.start) + 4, y: y + (lh - 2) / 2, dy: "0.34em" }, s.note);
          words.append(label);
          labels.push([label, s]);
        }
      });
    });
    for (const [state, d] of ghostPaths) {
      ghost.append(svg("path", { d, class: tone(state) }));
      solid.append(svg("path", { d, class: tone(state), dataset: { state } }));
    }
    root.append(ghost, solid, words);
    // Events worth a mark: those of the whole track (a scan) as lines across it, those the lesson
    // marks as dots on their lane in its tone. Each has a wider invisible target for a finger.
    const ev = svg("g", { class: "events" });
    // What the lesson is about, under its mark: a band at least 12 px wide over its lane (over
    // the whole track for a line), so a one-round event is seen at a glance.
    const bands = svg("g", { class: "decisive-bands" });
    marks = [];
    // Many marks: each is its mark alone, which a click picks (no group and wider target each).
    const manyMarks = events.length > MANY_BARS;
    const r = Math.max(2.5, Math.min(4.5, lh / 3));
    events.forEach(([e, k]) => {
      let m = null;
      const styled = styles.marks.has(e.kind);
      if (e.lane === null) {
        const at = { x1: x(e.at + 0.5), x2: x(e.at + 0.5), y1: 0, y2: n * lh + 2 };
        const { tone: tn } = look(e.kind, true);
        // Its target is on the time axis under the lanes, clear of the bars.
        const hit = { x: at.x1 - 12, y: n * lh + 2, width: 24, height: AXIS_H + 2 };
        m = svg(
          "g",
          { class: "line", dataset: { kind: e.kind, shape: "line", tone: tn } },
          svg("line", { class: `track-event tone-${tn}${styled ? " styled" : ""}`, ...at }),
          svg("rect", { class: "hit", dataset: { event: String(k) }, ...hit }),
        );
      } else if (styled && manyMarks) {
        const cy = row.get(e.lane) * lh + 2 + (lh - 2) / 2;
        m = markPath(e.kind, x(e.at + 0.5), cy, Math.max(2, Math.min(4, lh / 3)));
        m.classList.add("pick");
        m.dataset.event = String(k);
        m.dataset.kind = e.kind;
      } else if (styled) {
        const cy = row.get(e.lane) * lh + 2 + (lh - 2) / 2;
        m = svg("g", { class: "mark", dataset: { kind: e.kind, shape: look(e.kind).shape, tone: look(e.kind).tone } }, markPath(e.kind, x(e.at + 0.5), cy, r));
        m.append(svg("circle", { class: "hit", dataset: { event: String(k) }, cx: x(e.at + 0.5), cy, r: 13 }));
      }
      if (m) {
        ev.append(m);
        marks.push([m, e]);
        if (look(e.kind).decisive && (styled || e.lane === null)) {
          const w = Math.max(12, x(e.at + 1) - x(e.at) + 6);
          const y = e.lane === null ? 0 : row.get(e.lane) * lh + 1;
          const band = svg("rect", { class: `decisive-band tone-${look(e.kind, e.lane === null).tone}`, x: x(e.at + 0.5) - w / 2, y, width: w, height: e.lane === null ? n * lh + 2 : lh, rx: 3, dataset: { kind: e.kind } });
          bands.append(band);
          marks.push([band, e]);
        }
      }
    });
    root.append(bands);
    root.append(ev);
    // Time axis.
    const axis = svg("g", { class: "axis x" });
    const base = n * lh + 4;
    axis.append(svg("line", { class: "domain", x1: LABEL_W, x2: right, y1: base, y2: base }));
    const stepPx = (right - LABEL_W) / Math.max(1, until - from);
    const nice = [1, 2, 5, 10, 12, 24, 48, 72, 120, 168, 240, 480, 720, 1000];
    const every = nice.find((k) => k * stepPx >= 34) ?? Math.ceil((until - from) / 8);
    for (let v = Math.ceil(from / every) * every; v <= until; v += every) {
      axis.append(
        svg("line", { class: "tick", x1: x(v), x2: x(v), y1: base, y2: base + 4 }),
        // The last label ends at the axis' end rather than past the edge.
        svg("text", { x: x(v), y: base + 15, "text-anchor": x(v) > right - 12 ? "end" : "middle" }, String(v + tr.first)),
      );
    }
    root.append(axis);
    playhead = svg("line", { class: "playhead", x1: left, x2: left, y1: 0, y2: n * lh + 4 });
    outline = svg("rect", { class: "picked hidden", x: 0, y: 0, width: 0, height: 0 });
    root.append(playhead, outline);
    // A click or tap: the mark under it first, then the bar.
    root.addEventListener("click", (e) => {
      const hit = e.target.closest("[data-event]");
      if (hit) return onPick({ kind: "event", index: Number(hit.dataset.event) });
      const bar = e.target.closest("[data-span]");
      if (bar) return onPick({ kind: "span", lane: Number(bar.dataset.lane), index: Number(bar.dataset.span) });
      const at = many ? barAt(root, e, lh) : null;
      if (at) onPick({ kind: "span", ...at });
    });
    holder.replaceChildren(root);
  }

  /** The bar shown under a click on a track of many bars (`{lane, index}`, or null): its row
   * from the click's height, its span from its time (the nearest within 3 px: a bar may be 1 px
   * wide), played or not, as a rect of a track of few bars is picked. */
  function barAt(root, e, lh) {
    const m = root.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    const lane = shown[Math.floor((p.y - 2) / lh)];
    if (lane === undefined || p.x < left) return null;
    const near = (s) => Math.max(x(s.start) - p.x, p.x - Math.max(x(s.end), x(s.start) + 1), 0);
    let best = null;
    track.lanes[lane].spans.forEach((s, index) => {
      if (!inside(s)) return;
      const d = near(s);
      if (d <= 3 && (!best || d < best.d)) best = { d, index };
    });
    return best ? { lane, index: best.index } : null;
  }

  /** Outlines the picked bar or mark (null: none). */
  function mark(what) {
    if (!outline) return;
    if (!what) return outline.classList.add("hidden");
    const { lh } = geometry;
    let box;
    if (what.kind === "span") {
      const s = track.lanes[what.lane].spans[what.index];
      box = { x: x(s.start) - 1, y: (row.get(what.lane) ?? 0) * lh + 1, width: Math.max(3, x(s.end) - x(s.start)) + 2, height: lh };
    } else {
      const e = track.events[what.index];
      const cx = x(e.at + 0.5);
      box = e.lane === null ? { x: cx - 3, y: 0, width: 6, height: shown.length * lh + 2 } : { x: cx - 6, y: (row.get(e.lane) ?? 0) * lh - 4 + lh / 2, width: 12, height: 12 };
    }
    for (const [k, v] of Object.entries(box)) outline.setAttribute(k, v);
    outline.classList.remove("hidden");
  }

  function show(frame) {
    const cut = Math.min(tr.end, frame * tr.step);
    clip?.setAttribute("width", x(cut));
    for (const [rect, s] of live) {
      const end = Math.min(s.end, cut);
      rect.setAttribute("width", end > s.start ? Math.max(1, x(end) - x(s.start)) : 0);
    }
    for (const [label, s] of labels) label.classList.toggle("hidden", s.start >= cut);
    for (const [m, e] of marks) m.classList.toggle("hidden", e.at >= cut);
    if (playhead) {
      playhead.setAttribute("x1", x(cut));
      playhead.setAttribute("x2", x(cut));
    }
    // Each counter's name and value in one group, so a line that wraps starts with a name.
    counters.replaceChildren(
      ...track.counters.map((c) =>
        el("div", {}, el("dt", {}, t(`trace.counter.${c.key}`)), el("dd", { dataset: { counter: c.key } }, formatNumber(c.values[Math.min(frame, c.values.length - 1)], t, 2))),
      ),
    );
  }

  /** Its lanes drawn and their height, as last drawn. */
  const size = () => ({ lanes: shown.length, lh: geometry?.lh ?? 0 });

  return { node, draw, show, mark, size };
}

/** The track's text alternative: a table of the lanes `shown` and each one's spans, from the
 * core's spans. */
function laneData(track, tr, t, shown, laneName) {
  const unit = t(`ui.trace.unit_name.${tr.unit}`);
  return dataFold("trace-data", t, () =>
    el(
      "table",
      { class: "figure-data" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("ui.trace.lane")), el("th", { scope: "col" }, t("ui.trace.spans", { unit })))),
      el(
        "tbody",
        {},
        shown.map((i) => track.lanes[i]).map((l) =>
          el(
            "tr",
            {},
            el("th", { scope: "row" }, laneName(l.label)),
            el("td", {}, l.spans.map((s) => `${t(`trace.state.${s.state}`)}${s.note ? ` (${s.note})` : ""} ${s.start + tr.first}–${s.end - 1 + tr.first}`).join("; ") || "–"),
          ),
        ),
      ),
    ),
  );
}

/** The track in words, for screen readers: each shown lane's spans. */
function describe(track, tr, t, shown, laneName) {
  return shown
    .slice(0, 60)
    .map((i) => track.lanes[i])
    .map((l) => `${laneName(l.label)}: ${l.spans.map((s) => `${t(`trace.state.${s.state}`)} ${s.start + tr.first}–${s.end - 1 + tr.first}`).join(", ")}`)
    .join("; ");
}

