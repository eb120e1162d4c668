// Nothing the learner had is dropped in silence (issue 33 point 5): on the built site, journals
// planted in localStorage as a learner's storage may hold them — a valid journal of about 1 MB for
// the lesson shown, one cut off mid-write, one a newer page wrote, one larger than the page reads
// — and "İlerlemem" / "My progress" opened, on a phone (390 × 844, Turkish) and on a laptop
// (1280 × 900, English). What a person sees is asserted: the button marked before it is opened,
// the notice at the top of the view in the viewport with why each could not be read, each
// downloaded exactly as it was stored, each cleared from the device on request (and only then),
// and the large journal drawn with its first rows and the count of the others, the downloads
// holding every row; axe finds nothing serious in the view, light or dark. The view's
// main-thread figures are tests/bench/progress.mjs's (printed, never asserted: no timed assertion).
import { before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { SHOOTS, SHOTS, clean, page, rendered, settled, shot, suiteEnv } from "./lib.mjs";
import { watchLongTasks, worstTask } from "./watch.mjs";
import { planted } from "../bench/progress.mjs";
import { MAX_ROWS, MAX_STORED, PREFIX, UNREAD } from "../../www/state/journal.js";

const STORED = planted();
const leader = JSON.parse(STORED[`${PREFIX}leader`]);
const count = (part) => Object.keys(leader[part]).length;
assert.ok(STORED[`${PREFIX}leader`].length > 900_000 && STORED[`${PREFIX}leader`].length <= MAX_STORED, "a large journal the page reads");
assert.ok(STORED[`${PREFIX}compensation`].length > MAX_STORED, "a journal larger than the page reads");

/** What each viewport's learner reads: the language, its texts, its number format. */
const SEEN = {
  tr: {
    button: "İlerlemem",
    flag: "kaydedilmiş ilerlemenin bir kısmı okunamadı",
    title: "Kaydedilmiş ilerlemenin bir kısmı okunamadı",
    why: { jobs: "JSON değil", quotas: "daha yeni bir sürümü yazmış (sürüm 2)", compensation: "1,4 MB, sayfanın okuduğundan büyük (en çok 1 MB)" },
    held: "kendi yerinde duruyor",
    more: (n) => `… ve ${n} satır daha`,
    cleared: "Okunamayan kayıt silindi",
    summary: "tahmin",
  },
  en: {
    button: "My progress",
    flag: "some saved progress could not be read",
    title: "Some saved progress could not be read",
    why: { jobs: "not JSON", quotas: "a newer version of the page wrote it (version 2)", compensation: "1.4 MB, larger than the page reads (at most 1 MB)" },
    held: "stays where it was",
    more: (n) => `… and ${n} more rows`,
    cleared: "Cleared: the progress that could not be read",
    summary: "predictions",
  },
};

// axe-core (tests/browser/a11y.mjs audits the page's other views with it), evaluated in the page.
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The serious and critical axe violations inside the progress view, in colour scheme `scheme`. */
async function violations(p, scheme) {
  await p.emulateMedia({ colorScheme: scheme });
  if (!(await p.evaluate(() => Boolean(window.axe)))) await p.evaluate(AXE);
  const found = await p.evaluate(async () => {
    const result = await window.axe.run("#progress", { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] }, resultTypes: ["violations"] });
    return result.violations.filter((v) => ["serious", "critical"].includes(v.impact)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
  await p.emulateMedia({ colorScheme: "light" });
  return found;
}

/** The text of the file a click on `selector` downloads. */
async function downloaded(p, selector) {
  const [file] = await Promise.all([p.waitForEvent("download"), p.click(selector)]);
  return readFileSync(await file.path(), "utf8");
}

/** Whether the element `selector` is wholly inside the viewport (to the pixel: the view's
 * heading scrolled to the top may sit a fraction of one above it). */
const inView = (p, selector) =>
  p.locator(selector).evaluate((n) => {
    const r = n.getBoundingClientRect();
    return r.top > -1 && r.bottom < innerHeight + 1 && r.height > 0;
  });

/** The storage's keys of the journals and their texts' lengths. */
const keys = (p) => p.evaluate(() => Object.fromEntries(Object.keys(localStorage).filter((k) => k.startsWith("tatbikat.journal")).sort().map((k) => [k, localStorage.getItem(k).length])));

describe("progress: a journal that cannot be read is kept aside and said; a large one opens capped", () => {
  const env = suiteEnv();
  const contexts = {};
  before(async () => {
    contexts.phone = await env.b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, reducedMotion: "reduce", acceptDownloads: true });
    contexts.laptop = await env.b.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: "reduce", acceptDownloads: true });
  });

  for (const [name, lang] of [["phone", "tr"], ["laptop", "en"]]) {
    test(`${name} (${lang}): the button marked, the notice in view, each kept text downloaded as it was and cleared on request, the large journal capped`, async (t) => {
      const seen = SEEN[lang];
      const p = await page(contexts[name]);
      await watchLongTasks(p);
      const link = `${env.url}?lesson=leader${lang === "en" ? "&lang=en" : ""}`;
      await p.goto(link);
      await rendered(p);
      await p.evaluate((stored) => {
        localStorage.clear();
        for (const [k, v] of Object.entries(stored)) localStorage.setItem(k, v);
      }, STORED);
      await p.reload();
      await rendered(p);
      await settled(p);

      // Before the view is opened: the button says something could not be read; nothing deleted.
      await p.waitForSelector("#progress-button .progress-flag");
      assert.equal((await p.textContent("#progress-button")).replace(/\s+/g, " ").trim(), `${seen.button}! (${seen.flag})`);
      assert.deepEqual(await keys(p), {
        [`${PREFIX}compensation`]: STORED[`${PREFIX}compensation`].length, // too large to keep aside: where it was
        [`${PREFIX}leader`]: STORED[`${PREFIX}leader`].length,
        [`${UNREAD}jobs`]: STORED[`${PREFIX}jobs`].length,
        [`${UNREAD}quotas`]: STORED[`${PREFIX}quotas`].length,
      });

      // Opened: the notice first, in the viewport, each lesson with why.
      await p.click("#progress-button");
      await p.waitForSelector("#progress .progress-unread");
      await settled(p);
      t.diagnostic(`longest main-thread task up to the view drawn: ${await worstTask(p)} ms (not asserted)`);
      assert.equal(await p.getAttribute("#progress-button", "aria-expanded"), "true");
      for (const s of ["#progress h2", "#progress .progress-unread h3", "#progress .progress-unread li:first-child .progress-unread-download"]) assert.ok(await inView(p, s), `${s} in the viewport`);
      assert.equal(await p.textContent("#progress .progress-unread h3"), seen.title);
      const items = await p.$$eval("#progress .progress-unread li", (lis) => lis.map((li) => [li.dataset.lesson, li.textContent]));
      assert.deepEqual(items.map(([id]) => id), ["compensation", "jobs", "quotas"]);
      for (const [id, text] of items) assert.ok(text.includes(seen.why[id]), `${id}: ${text}`);
      assert.ok(items[0][1].includes(seen.held), `the one left in place says so: ${items[0][1]}`);
      for (const scheme of ["light", "dark"]) assert.deepEqual(await violations(p, scheme), [], `axe, ${scheme}`);
      await shot(p, `progress-unread-${name}`);
      if (SHOOTS) await p.screenshot({ path: join(SHOTS, `progress-unread-${name}-screen.png`) }); // what the screen shows

      // The large journal: the first rows of each part, the others counted, the summary whole.
      const number = new Intl.NumberFormat(lang === "tr" ? "tr-TR" : "en-GB");
      for (const [part, kept] of [["predictions", "predicted"], ["explanations", "explained"], ["challenges", "solved"], ["searches", "searched"]]) {
        assert.equal(await p.locator(`#progress [data-lesson="leader"] table[data-part="${part}"] tbody tr`).count(), Math.min(MAX_ROWS, count(kept)), part);
        assert.ok((await p.textContent(`#progress [data-lesson="leader"] .progress-more[data-part="${part}"]`)).startsWith(seen.more(number.format(count(kept) - MAX_ROWS))), part);
      }
      assert.match(await p.textContent('#progress [data-lesson="leader"] .progress-summary'), new RegExp(`^${count("predicted")}/\\d+ ${seen.summary}`));

      // Each unread text downloaded exactly as it was stored.
      for (const id of ["jobs", "quotas", "compensation"]) {
        assert.equal(await downloaded(p, `#progress .progress-unread li[data-lesson="${id}"] .progress-unread-download`), STORED[`${PREFIX}${id}`], id);
      }
      // The downloads of the progress hold every row of the large journal.
      const json = JSON.parse(await downloaded(p, "#progress-export-json"));
      assert.deepEqual(json.lessons.leader, leader);
      if (name === "laptop") {
        const text = await downloaded(p, "#progress-export-text");
        assert.equal(text.split("\n").filter((l) => l.startsWith("- ")).length, count("predicted") + count("explained") + count("solved") + count("searched"));
      }

      // Cleared one by one, on request: each from the view and the device, the others kept.
      await p.click('#progress .progress-unread li[data-lesson="jobs"] .progress-unread-clear');
      await p.waitForSelector('#progress .progress-unread li[data-lesson="jobs"]', { state: "detached" });
      assert.ok((await p.textContent("#progress .progress-status")).startsWith(seen.cleared));
      assert.ok(await p.evaluate(() => document.activeElement?.closest("#progress") !== null), "the focus stays in the view");
      assert.deepEqual(Object.keys(await keys(p)), [`${PREFIX}compensation`, `${PREFIX}leader`, `${UNREAD}quotas`].sort());
      await p.click('#progress .progress-unread li[data-lesson="compensation"] .progress-unread-clear');
      await p.waitForSelector('#progress .progress-unread li[data-lesson="compensation"]', { state: "detached" });
      assert.deepEqual(Object.keys(await keys(p)), [`${PREFIX}leader`, `${UNREAD}quotas`].sort());
      assert.equal(await p.locator("#progress-button .progress-flag").count(), 1, "still one left");
      await p.click('#progress .progress-unread li[data-lesson="quotas"] .progress-unread-clear');
      await p.waitForSelector("#progress .progress-unread", { state: "detached" });
      assert.equal(await p.locator("#progress-button .progress-flag").count(), 0, "none left: the mark goes");
      assert.deepEqual(await keys(p), { [`${PREFIX}leader`]: STORED[`${PREFIX}leader`].length });

      // A reload: nothing to say any more; the large journal as it was.
      await p.reload();
      await rendered(p);
      await p.click("#progress-button");
      await p.waitForSelector("#progress .progress-summary");
      assert.equal(await p.locator("#progress .progress-unread, #progress-button .progress-flag").count(), 0);
      assert.equal(await p.evaluate((k) => localStorage.getItem(k), `${PREFIX}leader`), STORED[`${PREFIX}leader`]);
      clean(p, `${name}: progress`);
      await p.close();
    });
  }
});
