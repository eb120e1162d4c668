// The link ↔ the state (www/state/link.js), against the core (the node package): the state a
// link gives asks the core for the same page the link is (so every link keeps its meaning), and
// the links the page hands out (the full page, run A, an embed) say what they should.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PAGE_KEYS, VIEW_KEYS, embedHref, fullPageHref, fullPageQuery, homeHref, optionsKey, pageHref, rawQuery, sweepKey, vsHref } from "../../www/state/link.js";
import { update } from "../../www/state/actions.js";
import { withFigure } from "../../www/export.js";
import { booted, core } from "./page.mjs";

/** Links of every kind: each lesson plain and in English, its own examples, a section, every
 * claim, page settings, view keys, compare mode, refused values and unknown keys. */
function links() {
  const out = ["", "lang=en", "v=1", "lesson=nope", "preset=nope", "lesson=jobs&lesson=quotas"];
  for (const l of core.lessons()) {
    out.push(`lesson=${l.id}`, `lesson=${l.id}&lang=en&v=1`);
    for (const e of l.examples) out.push(`lesson=${l.id}&${e}`);
    for (const section of l.sections) out.push(`lesson=${l.id}&section=${section}&embed=1&controls=0&exports=1`);
    const seed = l.seed ? `&${l.seed}=abc` : "";
    out.push(`lesson=${l.id}${seed}&nope=1&figure=x&predict=0`, `lesson=${l.id}&vs=&heat=log&trace=`, `lesson=${l.id}&present=1&lang=en`);
  }
  for (const p of core.presets()) out.push(p.query, `preset=${p.id}&predict=1`, `preset=${p.id}&lang=en&embed=1`);
  out.push(
    "lesson=supervisor&scan=4&sweep=scan:1..8&sweep_y=lease:1..8&metric=recovery.supervisor_on@worst_recovery&heat=log",
    "lesson=compensation&runs=2000&sweep=comp_fail:0,0.1,0.2&trace=attempts:2,run:7",
    "lesson=jobs&seed=42&fail_prob=0.3&vs=seed%3D1",
    "lesson=jobs&fail_prob=0,3&retry_limits=1,,3&section=nope&lang=xx",
    "lesson=supervisor&hung=S2@indirim,S5@tarife&steps=a,b&vs=scan%3D4",
  );
  return out;
}

test("every link keeps its meaning: the state it gives asks the core for the same page", () => {
  let n = 0;
  for (const link of links()) {
    const want = core.resolve(link);
    const s = booted(link);
    assert.equal(s.lesson, want.lesson, link);
    const got = core.resolve(rawQuery(s));
    assert.equal(got.share, want.share, link);
    assert.deepEqual(got.params, want.params, link);
    // After the core's reading, the state asks for the same page again.
    const read = update(s, { type: "resolved", resolved: want });
    assert.equal(core.resolve(rawQuery(read)).share, want.share, `${link} (read)`);
    n += 1;
  }
  assert.ok(n > 80, `${n} links`);
});

test("the query of a state: values as typed, the page's settings, the view keys, run A, and v=1", () => {
  const s = booted("lesson=jobs&seed=42&fail_prob=abc&lang=en&embed=1&controls=0&exports=1&predict=1&figure=overlap&trace=limit:3&vs=");
  const q = new URLSearchParams(rawQuery(s));
  assert.deepEqual(
    [...q.keys()],
    ["lesson", "seed", "fail_prob", "embed", "controls", "exports", "predict", "figure", "lang", "trace", "vs", "v"],
  );
  assert.equal(q.get("fail_prob"), "abc");
  assert.equal(q.get("vs"), "");
  assert.equal(new URLSearchParams(rawQuery(booted("lesson=jobs&controls=0"))).has("exports"), false, "without the panel, no exports unless asked");
});

test("the full page's link drops the embed's own keys and keeps the core's pairs as written", () => {
  let s = booted("lesson=supervisor&embed=1&controls=0&exports=1&figure=x&hung=S2@indirim&trace=scan:4");
  assert.equal(fullPageHref(s), `./?${rawQuery(s).split("&").filter((p) => !/^(embed|controls|exports|figure)=/.test(p)).join("&")}`);
  s = update(s, { type: "resolved", resolved: core.resolve(rawQuery(s)) });
  const href = fullPageHref(s);
  assert.ok(href.startsWith("./?lesson=supervisor&hung=S2@indirim"), href);
  assert.ok(!/embed|controls|exports|figure/.test(href), href);
  assert.match(href, /trace=scan:4/);
});

test("the page's links reach the page from a folder's address, a view page and a file opened from disk", () => {
  const at = (href) => {
    const u = new URL(href);
    return { protocol: u.protocol, pathname: u.pathname };
  };
  const q = "lesson=jobs&seed=3";
  for (const [where, want] of [
    ["https://course.example/tatbikat/", "./"],
    ["https://course.example/tatbikat/index.html", "./"],
    // A package's view page in an LMS, which serves the package's files, not its folders.
    ["https://lms.example/pluginfile.php/9/mod_scorm/content/1/jobs.html", "jobs.html"],
    // Double-clicked from disk: a folder's address is a listing there.
    ["file:///home/learner/tatbikat-jobs/jobs.html", "jobs.html"],
    ["file:///home/learner/tatbikat-jobs/index.html", "index.html"],
    ["file:///home/learner/tatbikat-jobs/", "index.html"],
  ]) {
    assert.equal(pageHref(q, at(where)), `${want}?${q}`, where);
    // What a browser makes of it is a file of the site, not a folder (but where one serves index.html).
    const reached = new URL(pageHref(q, at(where)), where);
    assert.equal(reached.search, `?${q}`, where);
    if (where.startsWith("file:")) assert.match(reached.pathname, /\.html$/, where);
  }
  assert.equal(pageHref(q, undefined), `./?${q}`, "no document");
  // The logo: the site's home, its index.html from disk.
  assert.equal(homeHref("tr", at("https://course.example/tatbikat/jobs.html")), "./");
  assert.equal(homeHref("en", at("https://course.example/tatbikat/")), "./?lang=en");
  assert.equal(homeHref("en", at("file:///pkg/jobs.html")), "index.html?lang=en");
  const s = booted("lesson=jobs&embed=1&seed=3");
  assert.equal(fullPageHref(s, at("file:///pkg/jobs.html")), `jobs.html?${fullPageQuery(s)}`);
  assert.equal(vsHref(s, { vs: { query: "seed=1" } }, at("file:///pkg/jobs.html")), "jobs.html?lesson=jobs&seed=1&v=1");
});

test("run A's own page: its values, the lesson, the section and the language", () => {
  const s = booted("lesson=jobs&section=measure&lang=en&seed=9&vs=seed%3D1");
  const href = vsHref(s, { vs: { query: "seed=1" } });
  assert.equal(href, "./?lesson=jobs&section=measure&seed=1&lang=en&v=1");
  assert.equal(core.resolve(href.slice(3)).params.seed, "1");
  assert.equal(vsHref(booted("lesson=jobs"), { vs: { query: "" } }), "./?lesson=jobs&v=1");
});

test("an embed's link: embed=1 and the dialog's choice, nothing of the page's own choice left", () => {
  const share = "lesson=compensation&section=daily&figure=x&controls=0&exports=1&predict=0&comp_fail=0.1&v=1";
  const at = "https://course.example/tatbikat/?lesson=compensation";
  const href = (choice) => new URL(embedHref(share, at, choice));
  const whole = href({ section: null, figure: null, controls: true, exports: true, predict: false });
  assert.equal(whole.origin + whole.pathname, "https://course.example/tatbikat/");
  assert.equal(whole.search, "?lesson=compensation&comp_fail=0.1&v=1&embed=1");
  const figure = href({ section: null, figure: "hung_rate_vs_attempts", controls: false, exports: false, predict: true }).searchParams;
  assert.equal(figure.get("figure"), "hung_rate_vs_attempts");
  assert.equal(figure.get("controls"), "0");
  assert.equal(figure.has("exports"), false);
  assert.equal(figure.get("predict"), "1");
  assert.equal(href({ section: "measure", figure: null, controls: false, exports: true, predict: false }).searchParams.get("exports"), "1");
  assert.equal(core.resolve(whole.search.slice(1)).embed, true);
});

test("the sweep's identity ignores its own parameters' values, the watched run and the language; the options' key ignores every view key", () => {
  const read = (link) => {
    const s = booted(link);
    return update(s, { type: "resolved", resolved: core.resolve(rawQuery(s)) });
  };
  const a = read("lesson=compensation&comp_fail=0.1&runs=2000&sweep=comp_fail:0..0.2:5");
  const b = read("lesson=compensation&comp_fail=0.3&runs=2000&sweep=comp_fail:0..0.2:5&trace=run:hung&lang=en");
  const c = read("lesson=compensation&comp_fail=0.1&runs=3000&sweep=comp_fail:0..0.2:5");
  assert.equal(sweepKey(a), sweepKey(b));
  assert.notEqual(sweepKey(a), sweepKey(c), "another parameter is another sweep");
  assert.equal(optionsKey(read("lesson=jobs&seed=4&sweep=seed:1..3&trace=limit:3&lang=en&embed=1")), "lesson=jobs&seed=4");
  assert.equal(optionsKey(booted("lesson=jobs&seed=4")), "jobs", "before the core's reading, the lesson");
  assert.deepEqual(core.sweepOptions(optionsKey(a)).params, core.sweepOptions("lesson=compensation&comp_fail=0.1&runs=2000").params);
});

test("an export's link of one figure: figure= where the core writes it, so the link is the core's own share link", () => {
  let n = 0;
  for (const link of links()) {
    const share = core.resolve(link).share;
    for (const figure of ["some_chart", "x"]) {
      const one = withFigure(share, figure);
      assert.equal(core.resolve(one).share, one, `${link} with figure=${figure}`);
      assert.equal(new URLSearchParams(one).get("figure"), figure);
      n += 1;
    }
  }
  assert.ok(n > 100, `${n} links`);
});

test("the page writes every page key the core reads, and takes their names from it", () => {
  const { page, view } = core.linkKeys();
  assert.deepEqual(PAGE_KEYS, page, "www/state/keys.js is the core's (tools/texts.mjs writes it)");
  assert.deepEqual(VIEW_KEYS, view);
  // A state with every page setting on: its query names every key the core has for the page, so
  // a key the core adds fails here until the page's state carries it.
  const on = { ...booted("lesson=supervisor"), section: "recovery", lang: "en", embed: true, controls: false, exports: true, predict: true, figure: "x", preset: "p", challenge: "c", present: true, scorm: true, vs: "scan=2", origins: ["https://a.example"], view: Object.fromEntries(view.map((k) => [k, "x"])) };
  const written = new Set(new URLSearchParams(rawQuery(on)).keys());
  for (const key of page) assert.ok(written.has(key), `the page's state does not write ${key}=`);
});
