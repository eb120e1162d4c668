// learn-page: the learner's progress view (issue 21), loaded when first opened. It shows what the
// journal kept on this device (state/journal.js) — the predictions answered beside the core's
// numbers, the explanations given, the challenges solved — with a summary for the lesson shown
// and the other lessons with progress; it exports it as a file (JSON or text), prints it as a
// page a learner can hand in (progress.css), and clears it. Nothing leaves the device otherwise.
// A saved journal the page could not read is said at the top of the view, with a way to download
// it as it was and to clear it, and marked on the "My progress" button (issue 33); a journal of
// thousands of rows draws the first rows of each table and counts the others (the downloads
// hold them all), so the view opens within the page's main-thread budget.
import { el, uid } from "../dom.js";
import { loadTexts } from "../i18n/index.js";
import TEXTS from "../i18n/progress.js";
import * as journal from "../state/journal.js";
import { learnTranslator } from "./learn-texts.js";

/** The journals of this device (localStorage; in memory where the browser keeps nothing). */
const kept = journal.keeper(() => localStorage);
/** The view open in the page's frame, or null. */
let view = null;

/** The hints of challenge `id` of `lesson` the learner has revealed (views/challenge.js shows
 * them again after a reload). */
export const hintsShown = (lesson, id) => kept.get(lesson).hints[id]?.n ?? 0;

/** The ids of `lesson`'s challenges the learner has solved. */
export const solvedIn = (lesson) => new Set(Object.keys(kept.get(lesson).solved));

/** Whether every stored journal has been read in this visit (`checkAll`). */
let checked = false;

/** Reads every lesson's stored journal once a visit, when the page is idle, so one that cannot
 * be read is found (and kept aside) and the "My progress" button marked without the view being
 * opened; the journals themselves are read when their lesson or the view needs them. */
function checkAll(ctx) {
  if (checked) return;
  checked = true;
  const later = globalThis.requestIdleCallback ?? ((f) => setTimeout(f, 0));
  later(() => {
    kept.lessons();
    flag(document.getElementById("progress-button"), kept.unread().length > 0, sayer(ctx.store.state.lang));
  });
}

/** Keeps a store action the journal keeps (app.js observes the store), then shows it. */
export function keep(ctx, action) {
  if (kept.keep(action)) shown(ctx);
}

/** Shows the progress in the page's frame (a new frame after a tab or a language switch): the
 * claims answered marked in the list, the view (if open) drawn again. */
export function shown(ctx) {
  if (view && view.slot !== ctx.progressSlot) view = view.stop(); // the frame it was in is gone
  const say = sayer(ctx.store.state.lang);
  const answered = kept.get(ctx.store.state.lesson).predicted;
  const unread = kept.unread().length > 0;
  if (Object.keys(answered).length || unread) style();
  flag(document.getElementById("progress-button"), unread, say);
  checkAll(ctx);
  for (const b of ctx.claims?.buttons ?? []) {
    const done = b.dataset.preset in answered;
    const mark = b.querySelector(".claim-done");
    if (done && !mark) b.append(el("span", { class: "claim-done" }, el("span", { "aria-hidden": "true" }, " ✓"), el("span", { class: "visually-hidden" }, ` ${say("progress.answered")}`)));
    if (!done) mark?.remove();
  }
  // The challenges' fold says how many the learner has solved, before it is opened.
  const summary = document.querySelector("#challenges > summary");
  const solved = Object.keys(kept.get(ctx.store.state.lesson).solved).length;
  let count = summary?.querySelector(".challenge-count");
  if (summary && solved && !count) summary.append((count = el("span", { class: "challenge-count" })));
  if (count) count.textContent = solved ? ` · ✓ ${say("progress.solved_count", { n: solved })}` : "";
  view?.refresh();
}

/** Marks the "My progress" button while a saved progress could not be read, so the learner
 * learns of it without opening the view; the mark goes once none is left. */
function flag(button, on, say) {
  const mark = button?.querySelector(".progress-flag");
  if (button && on && !mark) button.append(el("span", { class: "progress-flag" }, el("span", { "aria-hidden": "true" }, "!"), el("span", { class: "visually-hidden" }, ` ${say("progress.flag")}`)));
  if (!on) mark?.remove();
}

/** Opens the view, or closes it when open. */
export function toggle(ctx) {
  if (view?.slot !== ctx.progressSlot) view = progressView(ctx, () => shown(ctx));
  if (view.isOpen()) view.close();
  else view.open();
}

/** Texts said one or the other way: [when so, when not]. */
const EITHER = {
  summary: ["progress.summary", "progress.summary_count"], // the lesson's claims known, or not
  right: ["progress.right", "progress.wrong"],
  kept: ["progress.kept", "progress.not_kept"], // the browser keeps the journal, or not
};

/** Why a saved progress could not be read (state/journal.js parseJournal's reasons). */
const WHY = {
  json: "progress.unread_json",
  shape: "progress.unread_shape",
  version: "progress.unread_version",
  newer: "progress.unread_newer",
  size: "progress.unread_size",
  entries: "progress.unread_entries",
  unknown: "progress.unread_unknown",
};

/** The texts in `lang`: say(key, {name: value}). */
const sayer = (lang) => (key, vars = {}) => TEXTS[lang][key].replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));

/** The view's stylesheet, loaded with it (the first load does not carry it). */
let styled = null;
const style = () =>
  (styled ??= new Promise((done) => {
    const link = el("link", { rel: "stylesheet", href: new URL("../progress.css", import.meta.url).href });
    link.addEventListener("load", done);
    link.addEventListener("error", done);
    document.head.append(link);
  }));

/** The view in the frame of the page's context `ctx`; `onChange()` after a clear. Returns
 * {slot, open, close, isOpen, refresh, stop}. */
function progressView(ctx, onChange) {
  const { store } = ctx;
  const lang = store.state.lang;
  const slot = ctx.progressSlot;
  const say = sayer(lang);
  const titleId = uid("progress-title");
  const heading = el("h2", { id: titleId, tabindex: "-1" }, say("progress.title"));
  const status = el("p", { class: "progress-status", role: "status" });
  const body = el("div", { class: "progress-body" });
  const node = el(
    "section",
    { class: "progress-view", id: "progress", "aria-labelledby": titleId },
    heading,
    el("p", { class: "print-only progress-name" }, say("progress.name"), " ", el("span", { class: "progress-line" })),
    el("p", { class: "print-only progress-date" }),
    body,
    el(
      "p",
      { class: "progress-actions" },
      button("progress-export-json", say("progress.export_json"), () => download("json")),
      button("progress-export-text", say("progress.export_text"), () => download("txt")),
      button("progress-print", say("progress.print"), print),
      button("progress-clear", say("progress.clear"), () => clear([store.state.lesson])),
      button("progress-clear-all", say("progress.clear_all"), () => clear(kept.lessons())),
      button("progress-close", say("progress.close"), () => close(true)),
    ),
    status,
  );
  let open = false;
  let drawing = 0;

  function button(id, label, onclick, kind = null) {
    return el("button", { type: "button", class: kind ? `small ${kind}` : "small", id, onclick }, label);
  }

  /** The lessons to show: the lesson shown first (even without progress), then the others that
   * have some; each with its translator (its texts loaded, the challenges' goals among them). */
  async function lessons() {
    const here = store.state.lesson;
    const known = (id) => store.state.lessons.some((l) => l.id === id);
    const ids = [here, ...kept.lessons().filter((id) => id !== here && known(id))];
    const unread = kept.unread();
    const named = [...new Set([...ids, ...unread.filter(known)])];
    await Promise.all(named.map((id) => loadTexts(lang, id).catch(() => {})));
    const ts = new Map(await Promise.all(named.map(async (id) => [id, await learnTranslator(lang, id)])));
    return {
      shown: ids.map((id) => ({ id, t: ts.get(id), journal: kept.get(id), claims: store.state.presets.filter((p) => p.lesson === id && p.question) })),
      // A lesson this page does not know (a newer page's, say) is named by its id.
      unread: unread.map((id) => ({ id, name: ts.has(id) ? ts.get(id)(`lesson.${id}`) : id, why: kept.why(id) })),
    };
  }

  /** The label of a claim: the question it asked (its sentence would be the answer). */
  const claimLabel = (t, claim) => (t.has(`predict.${claim}`) ? t(`predict.${claim}`) : claim);
  const choiceWord = (t, value) => (["more", "same", "less"].includes(value) ? t(`ui.predict.${value}`) : value);
  // One formatter for every row: toLocaleString with options builds one per call (25,000 rows:
  // 1.7 s in Chromium, against 0.11 s with this one; docs/benchmark.md).
  const dates = new Intl.DateTimeFormat(lang === "tr" ? "tr-TR" : "en-GB", { dateStyle: "short", timeStyle: "short" });
  const when = (at) => dates.format(at);
  const count = new Intl.NumberFormat(lang === "tr" ? "tr-TR" : "en-GB");
  const tenths = new Intl.NumberFormat(lang === "tr" ? "tr-TR" : "en-GB", { maximumFractionDigits: 1 });
  // A lesson not opened in this visit: its claims are not known, its answers are counted alone.
  const summaryOf = (l) => {
    const said = say(EITHER.summary[Number(!l.claims.length)], journal.summary(l.journal, l.claims));
    // Searches' questions, said when there are some (a lesson without a search has none).
    const searched = Object.values(l.journal.searched);
    if (!searched.length) return said;
    return `${said} ${say("progress.summary_searched", { n: count.format(searched.length), right: count.format(searched.filter((e) => e.verdict === "right").length) })}`;
  };

  /** The rows of each part of a lesson's journal, as text (for the tables and the text file):
   * {part: {list, more}}, the first `max` entries of each part and how many others it holds. */
  function rows(l, max = Infinity) {
    const { t } = l;
    const part = (entries, row) => {
      const { rows: first, more } = journal.firstRows(entries, max);
      return { list: first.map(([id, e]) => row(id, e)), more };
    };
    return {
      predictions: part(l.journal.predicted, (claim, e) => [claimLabel(t, claim), choiceWord(t, e.guess), choiceWord(t, e.computed), when(e.at)]),
      explanations: part(l.journal.explained, (claim, e) => [claimLabel(t, claim), say(EITHER.right[Number(!e.right)]), when(e.at)]),
      // A challenge by its goal, as the learner read it: its id says nothing to a teacher.
      challenges: part(l.journal.solved, (challenge, e) => [t.has(`challenge.${challenge}`) ? t(`challenge.${challenge}`) : challenge, new URL(`?${e.query}`, location.href).href, String(l.journal.hints[challenge]?.n ?? 0), when(e.at)]),
      // A search's question by its property's name (a condition as the link writes it).
      searches: part(l.journal.searched, (search, e) => [
        t.has(`find.${l.id}.${search}`) ? t(`find.${l.id}.${search}`) : search,
        say(SEARCH_GUESS[e.guess]),
        say(VERDICT[e.verdict]),
        new URL(`?${e.query}`, location.href).href,
        when(e.at),
      ]),
    };
  }

  /** A search's question: the learner's answer and its verdict (state/guess.js) in words. */
  const SEARCH_GUESS = { yes: "progress.search_yes", no: "progress.search_no" };
  const VERDICT = { right: "progress.verdict_right", wrong: "progress.verdict_wrong", open: "progress.verdict_open" };

  const HEADS = {
    predictions: ["progress.claim", "progress.guess", "progress.computed", "progress.when"],
    explanations: ["progress.claim", "progress.answer", "progress.when"],
    challenges: ["progress.challenge", "progress.link", "progress.hints", "progress.when"],
    searches: ["progress.search", "progress.guess", "progress.verdict", "progress.link", "progress.when"],
  };
  /** The column of each part that is a link. */
  const LINKS = { challenges: 1, searches: 3 };

  /** A part's table of its rows shown, and the count of the others (what the view caps). */
  function table(part, { list, more }) {
    if (!list.length) return null;
    const cell = (c, i) =>
      LINKS[part] === i ? el("td", {}, el("a", { href: c }, say("progress.open_link"))) : el(i === 0 ? "th" : "td", i === 0 ? { scope: "row" } : {}, c);
    // A table wider than a phone scrolls in its frame: a region the keyboard can reach, named by
    // the table's caption (as the report's tables are).
    const captionId = uid("progress-caption");
    return [
      el(
        "div",
        { class: "table-wrap", tabindex: "0", role: "region", "aria-labelledby": captionId },
        el(
          "table",
          { class: "data progress-table", dataset: { part } },
          el("caption", { id: captionId }, say(`progress.${part}`)),
          el("thead", {}, el("tr", {}, HEADS[part].map((k) => el("th", { scope: "col" }, say(k))))),
          el("tbody", {}, list.map((cells) => el("tr", {}, cells.map(cell)))),
        ),
      ),
      more ? el("p", { class: "progress-more", dataset: { part } }, say("progress.more", { shown: count.format(list.length), n: count.format(more) })) : null,
    ];
  }

  /** What the page could not read of the saved progress: each lesson's, why, its size, and its
   * download as it was and its clearing. Null when there is none. */
  function unreadNotice(unread) {
    if (!unread.length) return null;
    const titleId = uid("progress-unread");
    // localStorage counts characters; the download of a journal (ASCII JSON) has as many bytes.
    const size = (chars) =>
      chars < 1024
        ? say("progress.chars", { n: count.format(chars) })
        : chars < 1 << 20
          ? say("progress.kb", { n: count.format(Math.ceil(chars / 1024)) })
          : say("progress.mb", { n: tenths.format(chars / (1 << 20)) });
    return el(
      "section",
      { class: "progress-unread", "aria-labelledby": titleId },
      el("h3", { id: titleId }, say("progress.unread_title")),
      el("p", {}, say("progress.unread_kept")),
      el(
        "ul",
        {},
        unread.map(({ id, name, why }) =>
          el(
            "li",
            { dataset: { lesson: id } },
            el("strong", {}, name),
            ": ",
            say(WHY[why?.reason] ?? WHY.unknown, { v: why?.v ?? "?", left: count.format(why?.left ?? 0), max: size(journal.MAX_STORED), size: size(why?.size ?? 0) }),
            why?.reason === "size" ? ". " : ` (${size(why?.size ?? 0)}). `,
            why?.held ? say("progress.unread_held") : null,
            el(
              "span",
              { class: "progress-unread-actions" },
              button(null, say("progress.unread_download"), () => downloadUnread(id), "progress-unread-download"),
              button(null, say("progress.unread_clear"), () => forget(id), "progress-unread-clear"),
            ),
          ),
        ),
      ),
    );
  }

  /** Draws the lessons' progress again from the journal. */
  async function refresh() {
    if (!open) return;
    const mine = ++drawing;
    const { shown, unread } = await lessons();
    if (mine !== drawing || !open) return;
    const [here, ...others] = shown;
    const lessonBlock = (l, level) => {
      const r = rows(l, journal.MAX_ROWS);
      const empty = journal.isEmpty(l.journal);
      return el(
        "section",
        { class: "progress-lesson", dataset: { lesson: l.id } },
        el(level, {}, l.t(`lesson.${l.id}`)),
        el("p", { class: "progress-summary" }, empty && l.id === store.state.lesson ? say("progress.nothing") : summaryOf(l)),
        Object.keys(HEADS).map((part) => table(part, r[part])),
      );
    };
    // replaceChildren writes a null as the text "null": none is passed.
    body.replaceChildren(
      ...[unreadNotice(unread)].filter(Boolean),
      el("p", { class: "hint" }, say(EITHER.kept[Number(!kept.kept)])),
      lessonBlock(here, "h3"),
      ...(others.length ? [el("h3", {}, say("progress.other")), ...others.map((l) => lessonBlock(l, "h4"))] : []),
    );
    flag(document.getElementById("progress-button"), unread.length > 0, say);
    node.querySelector(".progress-date").textContent = say("progress.printed", { date: new Date().toLocaleDateString(lang === "tr" ? "tr-TR" : "en-GB", { dateStyle: "long" }) });
  }

  /** The file: JSON (the journals as kept) or text (what the view shows, in the page's language). */
  async function download(kind) {
    const stamp = new Date().toISOString();
    let blob;
    if (kind === "json") {
      const data = journal.exportData(Object.fromEntries(kept.lessons().map((id) => [id, kept.get(id)])), { exported: stamp });
      blob = new Blob([`${JSON.stringify({ ...data, link: location.href }, null, 2)}\n`], { type: "application/json" });
    } else {
      const lines = [say("progress.printed", { date: new Date().toLocaleString(lang === "tr" ? "tr-TR" : "en-GB") }), location.href, ""];
      for (const l of (await lessons()).shown) {
        if (journal.isEmpty(l.journal)) continue;
        lines.push(l.t(`lesson.${l.id}`), summaryOf(l));
        const r = rows(l);
        for (const part of Object.keys(HEADS)) {
          if (!r[part].list.length) continue;
          lines.push(`${say(`progress.${part}`)}:`);
          for (const cells of r[part].list) lines.push(`- ${cells[0]} — ${HEADS[part].slice(1).map((k, i) => `${say(k)}: ${cells[i + 1]}`).join("; ")}`);
        }
        lines.push("");
      }
      blob = new Blob([lines.join("\n")], { type: "text/plain;charset=utf-8" });
    }
    save(blob, `tatbikat-progress-${stamp.slice(0, 10)}.${kind}`);
  }

  /** Hands `blob` to the browser as the file `name`. */
  function save(blob, name) {
    const url = URL.createObjectURL(blob);
    const a = el("a", { href: url, download: name, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  /** The lesson's saved progress that could not be read, downloaded exactly as it was stored. */
  function downloadUnread(id) {
    const raw = kept.unreadText(id);
    if (raw === null) return refresh(); // cleared meanwhile (another tab)
    save(new Blob([raw], { type: "application/json" }), `tatbikat-progress-unread-${id}-${new Date().toISOString().slice(0, 10)}.json`);
  }

  /** Clears the lesson's unread progress (the learner's choice); the focus goes to the title. */
  async function forget(id) {
    kept.forget(id);
    onChange();
    await refresh();
    status.textContent = say("progress.unread_cleared");
    heading.focus({ preventScroll: true });
  }

  /** Prints the view alone (progress.css): a page a learner can hand in. */
  function print() {
    document.body.classList.add("printing-progress");
    addEventListener("afterprint", () => document.body.classList.remove("printing-progress"), { once: true });
    window.print();
  }

  async function clear(ids) {
    for (const id of ids) kept.clear(id);
    onChange();
    await refresh();
    status.textContent = say("progress.cleared");
  }

  function close(focusButton) {
    open = false;
    node.remove();
    document.getElementById("progress-button")?.setAttribute("aria-expanded", "false");
    if (focusButton) document.getElementById("progress-button")?.focus();
  }

  return {
    slot,
    isOpen: () => open,
    async open() {
      open = true;
      status.textContent = "";
      await style();
      await refresh();
      if (!open) return;
      slot.replaceChildren(node);
      document.getElementById("progress-button")?.setAttribute("aria-expanded", "true");
      heading.scrollIntoView({ block: "start" });
      heading.focus({ preventScroll: true });
    },
    close: () => close(true),
    refresh,
    stop: () => {
      close(false);
      return null;
    },
  };
}
