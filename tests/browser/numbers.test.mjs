// Every number a reader sees is written in the page's language (issue 32): a Turkish page writes
// "0,05", "%4,00" and "8.000", never "0.05"; an English one never writes a Turkish decimal comma.
// For every lesson of the registry, at its defaults and then with its run watched (opened with the
// "watch" button as a reader does), the test reads every text node of the page and every
// attribute a reader is given (title, aria-label, alt, placeholder, aria-valuetext,
// aria-description; an SVG's <title> and <desc> are text nodes), with every fold open; in the
// watched run also the event log and counters at every frame, and the detail panel of every bar
// and mark. Needs ./build.sh build.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { LESSONS, clean, page, rendered, settled, shot, suiteEnv } from "./lib.mjs";

/** What the page shows a reader, as [where, text] pairs: text nodes and read attributes (with
 * every fold open), and with a watched run its log and counters at each frame and its detail
 * panel for each bar and mark. Scripts (the page's JSON data blocks), styles and noscript's
 * fallback are not read (nobody sees them on a page that runs). */
const readable = (p) =>
  p.evaluate(() => {
    const out = [];
    const where = (e) => {
      const parts = [];
      for (let x = e; x && x !== document.body && parts.length < 4; x = x.parentElement) {
        parts.unshift(x.tagName.toLowerCase() + (typeof x.className === "string" && x.className ? `.${x.className.split(" ")[0]}` : ""));
      }
      return parts.join(">");
    };
    const read = (root, prefix = "") => {
      const w = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n; (n = w.nextNode()); ) {
        if (n.parentElement.closest("script, style, noscript, template")) continue;
        if (n.data.trim()) out.push({ where: prefix + where(n.parentElement), el: n.parentElement, text: n.data });
      }
      const names = ["title", "aria-label", "alt", "placeholder", "aria-valuetext", "aria-description"];
      for (const e of root.querySelectorAll(names.map((a) => `[${a}]`).join(","))) {
        for (const a of names) if (e.hasAttribute(a)) out.push({ where: `${prefix}${where(e)}@${a}`, el: e, text: e.getAttribute(a) });
      }
    };
    for (const d of document.querySelectorAll("details")) d.open = true;
    read(document.body);
    out.push({ where: "document.title", el: null, text: document.title });
    const trace = document.querySelector(".trace");
    if (trace) {
      // Every frame of the run: the log, the counters, the position and the intervention.
      const scrub = trace.querySelector(".scrubber");
      const at = scrub.value;
      for (let f = Number(scrub.min); f <= Number(scrub.max); f++) {
        scrub.value = String(f);
        scrub.dispatchEvent(new Event("input", { bubbles: true }));
        for (const part of trace.querySelectorAll(".trace-log, .trace-counters, .position, .trace-intervene")) read(part, `frame ${f}: `);
      }
      // Every bar and mark told in the detail panel.
      for (const hit of trace.querySelectorAll("svg [data-event], svg [data-span]")) {
        hit.dispatchEvent(new MouseEvent("click", { bubbles: true }));
        const detail = document.querySelector(".trace-detail");
        read(detail, `detail of ${hit.dataset.event !== undefined ? `event ${hit.dataset.event}` : `span ${hit.dataset.lane}/${hit.dataset.span}`}: `);
      }
      scrub.value = at;
      scrub.dispatchEvent(new Event("input", { bubbles: true }));
    }
    // Where each text is, for the exceptions below: in the lesson's script output, or a link.
    return out.map(({ where, el, text }) => ({ where, text, verbatim: Boolean(el?.closest("pre.lesson-text")) }));
  });

/** The numbers of `text` written the other language's way: in Turkish a decimal point (a point
 * between digits), in English a decimal comma (a comma between digits). Not numbers, and left
 * out: web addresses (the print link, the embed code: a query's `v=1`, `0.05` as the codec
 * writes it), a parameter's value beside its name as the link and the fields write it (the
 * printed handout's "… (ttl_h) = 12.5", a snippet's `comp_fail=0.05`: what one types, the
 * codec's one text form) and the other language's grouping written the page's way: in Turkish a point
 * before groups of three digits after a lead of 1 to 3 digits not starting with 0 ("8.000",
 * "261.340"; so an unlocalized number of exactly three decimals above 1, "1.500", would pass
 * here); in English a comma the same way ("8,000"), and lists as the codec writes them in a
 * help text: whole numbers ("1,2,4": never two decimal commas in a row of numbers) and
 * slash-separated triples ("6/3/3,8/4/4": a decimal is not written with slashes). */
function foreign(text, lang) {
  const plain = text.replace(/\b(?:https?|file):\/\/\S+/g, " ").replace(/\b[a-z][a-z0-9_]*\)? ?= ?[^\s;]+/g, " ");
  if (lang === "tr") {
    const grouped = /(?<![\d.,])[1-9]\d{0,2}(?:\.\d{3})+(?:,\d+)?(?!\d|\.\d)/g;
    return plain.replace(grouped, " ").match(/(?<!\d)\d+\.\d+/g) ?? [];
  }
  const grouped = /(?<![\d.,])[1-9]\d{0,2}(?:,\d{3})+(?:\.\d+)?(?!\d|,\d)/g;
  const list = /(?<![\d.,])\d+(?:,\d+){2,}(?!\d|[.,]\d)/g;
  const triples = /(?<![\d.,/])\d+(?:\/\d+)+(?:,\d+(?:\/\d+)+)+(?![\d/]|[.,]\d)/g;
  return plain.replace(grouped, " ").replace(list, " ").replace(triples, " ").match(/(?<!\d)\d+,\d+/g) ?? [];
}

/** The page's numbers written the other language's way, as lines "where: text"; the lesson's
 * script output (its "lesson's text" fold) is left out: it is the script's own bytes, quoted as
 * the course prints them (tests/golden). */
function offenders(texts, lang) {
  const lines = new Set();
  for (const { where, text, verbatim } of texts) {
    if (verbatim) continue;
    const found = foreign(text, lang);
    if (found.length) lines.add(`${where}: ${found.join(" ")} in "${text.replace(/\s+/g, " ").trim().slice(0, 160)}"`);
  }
  return [...lines];
}

/** Links beyond the defaults whose watched runs show fractions of the core's: a TTL of hours
 * (its fact and the "which run" list) and a compensation failure rate (its fact). */
const FRACTIONS = ["lesson=claim_check&ttl_h=12.5", "lesson=compensation&comp_fail=0.125"];

describe("numbers are written in the page's language", () => {
  const env = suiteEnv();

  test("the check itself: what it refuses and what it lets pass", () => {
    assert.deepEqual(foreign("telafi hatası 0.05", "tr"), ["0.05"]);
    assert.deepEqual(foreign("telafi hatası 0,05 · %4,00 · 8.000 · 261.340 · 1.234,5", "tr"), []);
    assert.deepEqual(foreign("0.050 and 12.5 and 1.5000", "tr"), ["0.050", "12.5", "1.5000"]);
    assert.deepEqual(foreign("http://x/?lesson=compensation&comp_fail=0.05&v=1", "tr"), []);
    assert.deepEqual(foreign("Telafi hata olasılığı (DD5) (comp_fail) = 0.125; --set comp_fail=0.05", "tr"), []);
    assert.deepEqual(foreign("Telafi hata olasılığı = 0.125", "tr"), ["0.125"]);
    assert.deepEqual(foreign("compensation failure 0,05", "en"), ["0,05"]);
    assert.deepEqual(foreign("0.05 · 4.00% · 8,000 · retries 1,2,3 · such as 1,2,4. · (6/3/3,8/4/4)", "en"), []);
    assert.deepEqual(foreign("1,5 and 2,25 and 1,2", "en"), ["1,5", "2,25", "1,2"]);
  });

  for (const lang of ["tr", "en"]) {
    for (const id of LESSONS) {
      test(`${id} (${lang}): every number at its defaults and in its watched run`, async () => {
        const ctx = await env.b.newContext({ viewport: { width: 1440, height: 900 } });
        const p = await page(ctx);
        await p.goto(`${env.url}?lesson=${id}${lang === "tr" ? "" : `&lang=${lang}`}`);
        await rendered(p);
        await settled(p);
        assert.equal(await p.evaluate(() => document.documentElement.lang), lang);
        const found = offenders(await readable(p), lang);
        if (await p.locator("#watch-button").count()) {
          await p.click("#watch-button");
          await p.waitForSelector(".trace .timeline svg");
          await settled(p);
          const watched = await readable(p);
          // The walk read every frame and told bars and marks in the detail panel.
          assert.ok(watched.some((x) => x.where.startsWith("frame ")) && watched.some((x) => x.where.startsWith("detail of ")), `${id}: the run's frames and details were read`);
          found.push(...offenders(watched, lang).map((line) => `watched: ${line}`));
          if (id === "compensation") await shot(p, `numbers-${id}-${lang}`);
        }
        assert.deepEqual([...new Set(found)], [], `${id} (${lang}): numbers written the other language's way`);
        clean(p, `${id} ${lang}`);
        await ctx.close();
      });
    }
    for (const query of FRACTIONS) {
      test(`${query} (${lang}): a watched run's fractions`, async () => {
        const ctx = await env.b.newContext({ viewport: { width: 1440, height: 900 } });
        const p = await page(ctx);
        await p.goto(`${env.url}?${query}&trace=${lang === "tr" ? "" : `&lang=${lang}`}`);
        await rendered(p);
        await p.waitForSelector(".trace .timeline svg");
        await settled(p);
        const texts = await readable(p);
        const value = query.split("=").at(-1);
        const shown = lang === "tr" ? value.replace(".", ",") : value;
        assert.deepEqual(offenders(texts, lang), [], `${query} (${lang})`);
        assert.ok(texts.some((x) => x.where.includes("trace-facts") && x.text.includes(shown)), `${query}: the run's facts name ${shown}`);
        clean(p, `${query} ${lang}`);
        await ctx.close();
      });
    }
  }
});
