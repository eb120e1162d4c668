// Challenges (src/challenge.rs): goals in the lesson's terms that the core checks on every run.
// Loaded when the "Challenges" fold is first opened or a link sets one (challenge=): the fold
// lists the lesson's challenges; a challenge started (its link: its start's values and its id)
// shows its goal, hints one at a time on request, and the core's verdict on each report —
// "solved" the moment the values meet it, with what they found. The page computes nothing: the
// readings are the report's `challenge` (each condition, what the run has there, met or not).
// The hints revealed and the challenges solved are the learner's progress (views/progress.js):
// a reload shows them again. A challenge a link opens is focused on the page's first screen,
// and the "what moved" bar says what a change did to it (ctx.challengeNews), where the learner
// made the change.
import { el, mayTakeFocus, uid } from "../dom.js";
import { localizeNumber } from "../i18n/index.js";
import { learnTranslator } from "./learn-texts.js";
import { valuesOf } from "../state/link.js";

const OPS = { "<=": "≤", ">=": "≥", "<": "<", ">": ">", "=": "=" };

/** What a reading names, in the reader's words: a table cell by its row and column, a parameter
 * by its label. */
export function readingName(r, lesson, t) {
  if (r.kind === "param") return t(`param.${lesson}.${r.name}`);
  const col = t.has(`col.${lesson}.${r.name}`) ? t(`col.${lesson}.${r.name}`) : r.name;
  if (!r.row) return col;
  const parts = r.row.split("|");
  const row = parts.map((p) => (t.has(`label.${p}`) ? t(`label.${p}`) : localizeNumber(p, t))).join(" · ");
  return t.has(`label.${parts[0]}`) ? `${row} (${col})` : `${col} (${row})`;
}

/** One reading as a sentence: what, what the run has, the goal, and whether it holds. */
export function readingText(r, lesson, t) {
  return t("ui.challenge.reading", {
    what: readingName(r, lesson, t),
    found: r.text === "" ? t("ui.challenge.missing") : localizeNumber(r.text, t),
    op: OPS[r.op] ?? r.op,
    bound: localizeNumber(String(r.bound), t),
  });
}

/** What a change did to challenge `c`: the core's outcome on the report before it (`was`) and
 * after (`now`), as {met, text} for the "what moved" bar; null when the report has none. */
export function challengeNews(c, was, now, t) {
  if (!now || now.id !== c.id) return null;
  const goal = t(`challenge.${c.id}`);
  if (now.met) return { met: true, text: t("ui.challenge.news_solved", { goal }) };
  if (was?.id === c.id && was.met) return { met: false, text: t("ui.challenge.news_broken", { goal }) };
  return { met: false, text: t("ui.challenge.news_open", { held: now.found.filter((r) => r.ok).length, all: now.found.length }) };
}

// The first mount of the page's life: a challenge it shows came with the link.
let first = true;

/** Mounts the view into `fold` (the frame's "Challenges" details) for the frame's lesson and
 * language; returns the function that stops it. */
export async function mount(ctx, fold) {
  const { store, engine } = ctx;
  const { lesson, lang } = store.state;
  const [list, t, progress] = await Promise.all([engine.call("challenges", [lesson]), learnTranslator(lang, lesson), ctx.load?.progress().catch(() => null)]);
  const mine = list.filter((c) => c.lesson === lesson);
  const body = fold.querySelector(".challenge-body");
  const shown = { id: null, hints: 0, met: null };
  const fromLink = first && Boolean(store.state.challenge);
  first = false;

  const start = (c) => {
    store.dispatch({ type: "openChallenge", id: c.id, values: valuesOf(store.state.specs[lesson], c.query) });
    fold.querySelector(".challenge-title")?.focus();
  };

  /** The list: every challenge's goal and a button that starts it. */
  const listView = () =>
    el(
      "div",
      { class: "challenge-list" },
      el("p", { class: "challenge-intro" }, t("ui.challenge.intro")),
      el(
        "ul",
        {},
        mine.map((c) => {
          const goal = uid("challenge-goal");
          const done = progress?.solvedIn(lesson).has(c.id);
          return el(
            "li",
            { dataset: { challenge: c.id }, class: done ? "done" : null },
            el("span", { id: goal }, t(`challenge.${c.id}`)),
            done ? [" ", el("span", { class: "challenge-done" }, el("span", { "aria-hidden": "true" }, "✓ "), t("ui.challenge.done"))] : null,
            " ",
            el("button", { type: "button", class: "small", "aria-describedby": goal, onclick: () => start(c) }, t("ui.challenge.start")),
          );
        }),
      ),
    );

  /** The challenge set: its goal, the verdict on the report shown, the hints asked for. */
  const activeView = (c, s) => {
    const outcome = s.doc?.challenge?.id === c.id ? s.doc.challenge : null;
    const status = el("div", { class: "challenge-status", role: "status", "aria-live": "polite" });
    if (outcome) {
      const readings = el(
        "ul",
        { class: "challenge-readings" },
        outcome.found.map((r) => el("li", { class: r.ok ? "ok" : "not-yet" }, el("span", { "aria-hidden": "true" }, r.ok ? "✓ " : "○ "), readingText(r, lesson, t), " ", el("span", { class: "visually-hidden" }, t(r.ok ? "ui.challenge.holds" : "ui.challenge.not_holding")))),
      );
      status.append(el("p", { class: outcome.met ? "challenge-solved" : "challenge-open" }, el("strong", {}, t(outcome.met ? "ui.challenge.solved" : "ui.challenge.not_yet"))), readings);
    }
    const hints = el("ol", { class: "challenge-hints" });
    for (let n = 1; n <= shown.hints; n++) hints.append(el("li", {}, t(`challenge.${c.id}.hint${n}`)));
    const more = shown.hints < c.hints;
    const hintButton = el(
      "button",
      {
        type: "button",
        class: "small",
        "aria-disabled": more ? "false" : "true",
        onclick: () => {
          if (shown.hints >= c.hints) return;
          shown.hints += 1;
          store.dispatch({ type: "hinted", lesson, challenge: c.id, n: shown.hints });
          draw(store.state);
          body.querySelector(".challenge-hints li:last-child")?.setAttribute("tabindex", "-1");
          body.querySelector(".challenge-hints li:last-child")?.focus();
        },
      },
      more ? t("ui.challenge.hint", { n: shown.hints + 1, of: c.hints }) : t("ui.challenge.no_more_hints"),
    );
    return el(
      "section",
      { class: "challenge-active", "aria-labelledby": "challenge-title" },
      el("h3", { class: "challenge-title", id: "challenge-title", tabindex: "-1" }, t("ui.challenge.active")),
      el("p", { class: "challenge-goal" }, t(`challenge.${c.id}`)),
      status,
      hints,
      el(
        "p",
        { class: "challenge-actions" },
        hintButton,
        " ",
        el("button", { type: "button", class: "small", onclick: () => start(c) }, t("ui.challenge.restart")),
        " ",
        el("button", { type: "button", class: "small", onclick: () => store.dispatch({ type: "closeChallenge" }) }, t("ui.challenge.leave")),
      ),
    );
  };

  function draw(s) {
    const c = mine.find((x) => x.id === s.challenge);
    if (c && shown.id !== c.id) Object.assign(shown, { id: c.id, hints: Math.min(c.hints, progress?.hintsShown(lesson, c.id) ?? 0), met: null });
    body.replaceChildren(c ? activeView(c, s) : listView());
    if (!c) shown.id = null;
    // Solved: said once each time the values come to meet it (a record for the learner's progress).
    const outcome = c && s.doc?.challenge?.id === c.id ? s.doc.challenge : null;
    if (outcome && outcome.met !== shown.met) {
      shown.met = outcome.met;
      if (outcome.met) store.dispatch({ type: "solved", lesson, challenge: c.id, query: s.resolved?.share ?? "" });
    }
  }

  draw(store.state);
  // What a change did to the challenge, for the "what moved" bar (views/report.js).
  const news = (before, doc) => {
    const c = mine.find((x) => x.id === store.state.challenge);
    return c ? challengeNews(c, before?.challenge, doc?.challenge, t) : null;
  };
  ctx.challengeNews = news;
  const stop = store.subscribe((s) => [s.challenge, s.doc], (_, __, s) => draw(s));
  // A challenge the link opened: in sight and focused once the page has taken over (app.js puts
  // back the focus and scroll of the view drawn at build time first), unless the page is in a
  // frame the reader has not used yet (it would take the course page's focus).
  if (fromLink && ctx.runner) {
    await ctx.runner.settled();
    const title = fold.querySelector(".challenge-title");
    if (title?.isConnected && mayTakeFocus()) {
      const box = fold.getBoundingClientRect();
      if (box.top < 0 || box.bottom > innerHeight) fold.scrollIntoView({ block: "start" });
      title.focus({ preventScroll: true });
    }
  }
  return () => {
    stop();
    if (ctx.challengeNews === news) ctx.challengeNews = null;
  };
}
