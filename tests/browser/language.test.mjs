// One language at a time: every view of every lesson, rendered in Turkish, shows no text that
// exists only in the English messages, and the reverse. The messages are the page's own
// (www/i18n/{tr,en}.js, the embed dialog's www/embed/texts.js) and each lesson's (src/lessons/<id>/texts/{tr,en}.json); a message's
// literal pieces (the text between its {slots}) of two words or ten letters and more are looked
// for in the page's text nodes and in the labels a screen reader reads (aria-label, title). The
// core's refusals are English phrases for the CLI: the page's error texts are checked not to be
// them.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { LESSONS, ROOT, page, rendered, settled, suiteEnv } from "./lib.mjs";

const LANGS = ["tr", "en"];
const shared = Object.fromEntries(await Promise.all(LANGS.map(async (l) => [l, (await import(join(ROOT, "www", "i18n", `${l}.js`))).default])));
const lessonTexts = (lang) =>
  readdirSync(join(ROOT, "src", "lessons"), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => join(ROOT, "src", "lessons", d.name, "texts", `${lang}.json`))
    .filter((f) => {
      try {
        readFileSync(f);
        return true;
      } catch {
        return false;
      }
    })
    .map((f) => JSON.parse(readFileSync(f, "utf8")));
// The embed dialog's texts load with it (www/embed/texts.js).
const dialogTexts = (await import(join(ROOT, "www", "embed", "texts.js"))).default;
const messages = Object.fromEntries(LANGS.map((l) => [l, [shared[l], dialogTexts[l], ...lessonTexts(l)].flatMap((m) => Object.values(m))]));

/** The literal pieces of a language's messages long enough to tell the language. */
function pieces(lang) {
  const out = new Set();
  for (const m of messages[lang]) {
    // Between slots: {name}, and {name|one|other} (a counted word, www/i18n/index.js).
    for (const piece of m.split(/\{\w+(?:\|[^}]*)?\}/)) {
      const text = piece.replace(/^[\s.,;:()—–·→←-]+|[\s.,;:()—–·→←-]+$/g, "");
      if ((text.includes(" ") && /\p{L}{3}/u.test(text)) || text.length >= 10) out.add(text);
    }
  }
  return out;
}

/** What is only in `lang`'s messages: not a piece of any of the other language's messages. */
function only(lang) {
  const other = LANGS.find((l) => l !== lang);
  const theirs = messages[other].join("\n");
  return [...pieces(lang)].filter((p) => !theirs.includes(p));
}

const core = createRequire(import.meta.url)(join(ROOT, "target", "pkg-node", "tatbikat.js"));
// A link with a problem of every kind the page lists, a bad run and a bad sweep.
const BAD = "preset=nope&bogus=1&embed=7&predict=yes&section=zz&figure=NO&trace=bogus&sweep=bogus:1&vs=bogus%3D1&v=9";

describe("one language at a time", () => {
  const env = suiteEnv();

  /** Names that are the same in both languages: parameter names and claim ids (a link's syntax). */
  const names = LESSONS.flatMap((l) => [...core.params(l).map((p) => p.name), ...core.presets(l).map((p) => p.id)]).sort((a, b) => b.length - a.length);

  /**
   * Every text shown or read out on the page, one per line, without what is not in either
   * language: the lesson's own printed output (Turkish, as the lesson prints it), links, and the
   * link syntax's names (taken out of the joined text: no name holds a line break, so each text
   * loses what it lost alone, at one call per name rather than one per name and text).
   */
  const texts = async (p) => {
    const shown = await p.evaluate(() => {
      const out = [];
      const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      while (walk.nextNode()) {
        const node = walk.currentNode;
        if (node.parentElement?.closest("script, style, pre.lesson-text, a[href]")) continue;
        if (node.textContent.trim()) out.push(node.textContent.trim());
      }
      for (const n of document.querySelectorAll("[aria-label], [title]")) out.push(n.getAttribute("aria-label") ?? "", n.getAttribute("title") ?? "");
      return out.filter(Boolean);
    });
    const joined = shown.map((text) => text.replace(/https?:\/\/\S+/g, "·")).join("\n");
    return names.reduce((s, name) => s.replaceAll(name, "·"), joined);
  };

  for (const lang of LANGS) {
    test(`${lang}: no text of the other language in any view`, async () => {
      const ctx = await env.b.newContext({ viewport: { width: 1280, height: 900 } });
      const p = await page(ctx);
      const foreign = only(LANGS.find((l) => l !== lang));
      assert.ok(foreign.length > 100, `${foreign.length} pieces to look for`);
      const found = [];
      const scan = async (view) => {
        const all = await texts(p);
        for (const piece of foreign) if (all.includes(piece)) found.push(`${view}: “${piece}”`);
      };
      const open = async () => {
        await p.evaluate(() => document.querySelectorAll("details:not([open])").forEach((d) => (d.open = true)));
        await settled(p);
      };
      for (const lesson of LESSONS) {
        const base = `${env.url}?lesson=${lesson}${lang === "en" ? "&lang=en" : ""}`;
        const lessonInfo = core.lessons().find((l) => l.id === lesson);
        // The lesson with every fold open, a watched run and a sweep.
        await p.goto(`${base}${lessonInfo.traces ? "&trace=" : ""}`);
        await rendered(p);
        if (lessonInfo.traces) await p.waitForSelector(".trace .timeline svg");
        await open();
        await p.waitForSelector(".sweep-form select").catch(() => {});
        await scan(`${lesson}`);
        // A tap on a bar of the run: its detail panel.
        if (lessonInfo.traces) {
          // On a part of the bar no mark covers (a mark may sit on its start or its middle), the
          // whole run drawn (it opens at what the lesson is about).
          await p.focus(".trace");
          await p.keyboard.press("End");
          const bar = p.locator(".trace svg .solid rect").nth(1);
          await bar.scrollIntoViewIfNeeded();
          const spot = await bar.evaluate((r) => {
            const box = r.getBoundingClientRect();
            for (let x = 3; x < box.width; x += 2) if (document.elementFromPoint(box.left + x, box.top + 3) === r) return { x, y: 3 };
            return { x: 3, y: 3 };
          });
          await bar.click({ position: spot });
          await scan(`${lesson} detail panel`);
        }
        // A change: what moved.
        const number = p.locator('.panel input[inputmode="numeric"]').first();
        if (await number.count()) {
          await number.fill(String(Number(await number.inputValue()) + 1));
          await number.dispatchEvent("change");
          await p.waitForSelector(".change-summary").catch(() => {});
          await scan(`${lesson} what moved`);
        }
        // Compare mode against the lesson's values, after that change.
        if (await number.count()) {
          await p.click("#compare-switch");
          await p.waitForSelector("table.compared");
          await open();
          await scan(`${lesson} compare`);
        }
        // The embed dialog.
        await p.goto(base);
        await rendered(p);
        await p.click("#embed-button");
        await p.waitForSelector("dialog .snippet");
        await scan(`${lesson} embed dialog`);
        // A claim that asks for a prediction first, with the refusal of an empty guess (a new
        // lesson may have no claims yet).
        const claim = core.presets().find((x) => x.lesson === lesson);
        if (claim) {
          await p.goto(`${base}&preset=${claim.id}&predict=1`);
          await p.waitForSelector(".claim-predict");
          await p.click(".claim-predict button[type=submit]");
          await scan(`${lesson} predict`);
        }
        // A link with every kind of problem: named in the page's language, never the core's English.
        await p.goto(`${base}&${BAD}`);
        await rendered(p);
        await settled(p);
        await open();
        await scan(`${lesson} bad link`);
        const shown = await texts(p);
        const english = core.resolve(`lesson=${lesson}&${BAD}`).errors.map((e) => e.message);
        assert.ok(english.length >= 5, english.join("; "));
        if (lang === "tr") for (const m of english) assert.ok(!shown.includes(m), `${lesson}: the core's English “${m}” is on the Turkish page`);
      }
      assert.deepEqual(found, []);
      await ctx.close();
    });
  }
});
