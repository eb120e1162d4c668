// Issue 34's runner for a lesson's own scripts (www/script/, tools/script/): what it captures is
// what `node <script> '<json>'` prints, byte for byte — the course's nine section scripts at their
// defaults against their goldens, 20 random parameter sets per preview against a node child
// process — and every guard of capture.js's contract stops a script that breaks it, naming the
// file, the line and the parameters (the scripts in tests/script-lessons/traps/). The course's
// scripts are in ../shared (or TATBIKAT_SHARED); without them those tests say so and skip.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { format as nodeFormat } from "node:util";
import { Runner, run } from "../../tools/script/runner.mjs";
import { format } from "../../www/script/format.js";
import { lessonFolder, lessonId, sectionFile, sectionUrl } from "../../www/script/names.js";
import { FOLDERS, MISSING, SECTIONS, SHARED } from "./course-scripts.mjs";
import { generators } from "./param-sets.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const TRAPS = join(ROOT, "tests", "script-lessons", "traps");
const CLI = join(ROOT, "tools", "script", "run.mjs");

/** Skips `t` (failing under CI) when the course's shared folder is absent. */
function needShared(t) {
  if (existsSync(SHARED)) return true;
  assert.ok(!process.env.CI, MISSING);
  t.skip(MISSING);
  return false;
}

/** What a real `node <script> [<json>]` prints on stdout. */
function reference(script, params) {
  const child = spawnSync(process.execPath, [script, ...(params === undefined ? [] : [JSON.stringify(params)])], { encoding: "utf8" });
  assert.equal(child.status, 0, `${script} ${JSON.stringify(params)}: ${child.stderr}`);
  return child.stdout;
}

test("the nine section scripts at their defaults print their goldens byte for byte, through one runner", async (t) => {
  if (!needShared(t)) return;
  const runner = new Runner();
  try {
    for (const [lesson, section, golden] of SECTIONS) {
      const { text } = await runner.run({ dir: join(SHARED, FOLDERS[lesson]), section });
      assert.equal(text, readFileSync(join(SHARED, golden), "utf8"), `${lesson}/${section}`);
    }
  } finally {
    await runner.close();
  }
});

test("20 random parameter sets per preview print what a node child process prints", async (t) => {
  if (!needShared(t)) return;
  const runner = new Runner();
  let compared = 0;
  try {
    for (const [lesson, draw] of Object.entries(generators(20260934))) {
      for (let i = 0; i < 20; i++) {
        const [params, sections] = draw();
        for (const [, script] of sections) {
          const path = join(SHARED, "next-lessons", script);
          const { text } = await runner.run({ dir: dirname(path), section: script.split("/")[1], params });
          assert.equal(text, reference(path, params), `${script} ${JSON.stringify(params)}`);
          compared += 1;
        }
      }
      t.diagnostic(`${lesson}: equal to node's stdout`);
    }
  } finally {
    await runner.close();
  }
  t.diagnostic(`${compared} runs equal to node's stdout`);
});

test("console.log's text is node's util.format for everything the page can lay out", () => {
  let seed = 34;
  const r = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const values = ["", "a b", "%", "%%", "%s x", "12", " 3.5", "0x1f", -0, 0, 1.5, -2e21, NaN, Infinity, 12n, true, null, undefined, Symbol("q")];
  const pieces = ["%s", "%d", "%i", "%f", "%j", "%c", "%%", "%", "%x", "a", " ", "b%"];
  for (let k = 0; k < 20000; k++) {
    const first = r() < 0.8 ? Array.from({ length: Math.floor(r() * 6) }, () => pick(pieces)).join("") : pick(values);
    const args = [first, ...Array.from({ length: Math.floor(r() * 4) }, () => pick(values))];
    const said = (f) => {
      try {
        return f(...args);
      } catch (err) {
        return `throws ${err.message}`;
      }
    };
    assert.equal(said((...a) => format(a)), said(nodeFormat), JSON.stringify(args.map(String)));
  }
  assert.equal(format(["%j", { a: [1] }]), '{"a":[1]}');
  for (const args of [[{ a: 1 }], ["rows", [1, 2]], ["%s", {}], ["%o", 1], [() => 1]]) assert.throws(() => format(args), { code: "output" }, JSON.stringify(args));
});

test("scripts come only from the lessons' folder: an id and a file name, never a path or a link", () => {
  for (const id of ["quotas", "claim_check", "a", "l2"]) assert.equal(lessonId(id), id);
  for (const bad of ["", "..", ".", "../quotas", "quotas/..", "a/b", "/etc", "https://evil.example/x", "file:///etc", "javascript:x", "data:x", "%2e%2e", "Quotas", "claim__check", "quotas_", "_x", "1x", "quo tas", "quotas\\x", "x".repeat(41), null, 3, ["quotas"]])
    assert.throws(() => lessonId(bad), { code: "name" }, JSON.stringify(bad));
  for (const name of ["olc.mjs", "hesap.mjs", "isler.js", "a-b_c.mjs"]) assert.equal(sectionFile(name), name);
  for (const bad of ["", "olc", "olc.txt", "../olc.mjs", "./olc.mjs", "a/olc.mjs", "/olc.mjs", "..\\olc.mjs", "https://x/olc.mjs", "file:olc.mjs", "olc.mjs?x", "olc.mjs#x", "%2e%2e%2folc.mjs", ".mjs", " olc.mjs", null])
    assert.throws(() => sectionFile(bad), { code: "name" }, JSON.stringify(bad));
  const base = "https://site.example/course/lessons/";
  assert.equal(sectionUrl(lessonFolder(base, "quotas"), "olc.mjs").href, `${base}quotas/olc.mjs`);
  assert.throws(() => lessonFolder(base, "../app"), { code: "name" });
  assert.throws(() => lessonFolder("https://site.example/lessons", "quotas"), /must end in "\/"/);
});

/** The traps: section script → [code, file and line in the message (or the start of it)]. */
const TRAP = {
  "throws.mjs": ["threw", 'traps/model.mjs:5 (running traps/throws.mjs): threw RangeError: n is 3 — parameters {"n":3}'],
  "clock.mjs": ["clock", "traps/clock.mjs:1: Date reads the clock"],
  "date.mjs": ["clock", "traps/date.mjs:1: Date reads the clock"],
  "perf.mjs": ["clock", "traps/perf.mjs:3: performance reads the clock"],
  "random.mjs": ["random", "traps/random.mjs:2: Math.random draws unseeded random numbers"],
  "caught.mjs": ["random", "traps/caught.mjs:3: Math.random"], // caught by the script, failed all the same
  "zone.mjs": ["clock", "traps/zone.mjs:2: Intl.DateTimeFormat reads the clock"],
  "crypto.mjs": ["random", "traps/crypto.mjs:1: crypto"],
  "timer.mjs": ["timer", "traps/timer.mjs:1: setTimeout"],
  "post.mjs": ["host", "traps/post.mjs:1: postMessage"],
  "object.mjs": ["output", "traps/object.mjs:1: console.log prints an object"],
  "array.mjs": ["output", "traps/array.mjs:1: console.log prints an array"],
  "table.mjs": ["output", "traps/table.mjs:2: console.table"],
  "argv.mjs": ["params", "traps/argv-model.mjs:2 (running traps/argv.mjs): process.argv was read while a module the section imports was loading"],
  "builtin.mjs": ["load", 'traps/builtin.mjs: cannot be loaded: builtin.mjs imports "node:fs"'],
  "outside.mjs": ["load", 'traps/outside.mjs: cannot be loaded: outside.mjs imports "../../cli.mjs"'],
  "syntax.mjs": ["load", "traps/syntax.mjs:1: cannot be loaded: SyntaxError"],
  "parse.mjs": ["threw", "traps/parse.mjs:2: threw SyntaxError"],
  "string.mjs": ["threw", 'traps/string.mjs: threw "plain"'],
  "missing.mjs": ["load", "traps/missing.mjs: cannot be loaded: Cannot find module"],
};

test("a script that breaks the contract is stopped and named: code, file, line, parameters", async () => {
  const runner = new Runner();
  try {
    for (const [section, [code, said]] of Object.entries(TRAP)) {
      const err = await runner.run({ dir: TRAPS, section, params: { n: 3 } }).then(() => assert.fail(`${section} ran`), (e) => e);
      assert.equal(err.code, code, `${section}: ${err.message}`);
      assert.ok(err.message.startsWith(said), `${section}: ${err.message}`);
      assert.ok(err.message.endsWith(' — parameters {"n":3}'), err.message);
    }
    const silent = await runner.run({ dir: TRAPS, section: "silent.mjs", params: { quiet: true } }).catch((e) => e);
    assert.equal(silent.message, 'traps/silent.mjs: printed nothing: a section script prints its tables with console.log — parameters {"quiet":true}');
    const defaults = await runner.run({ dir: TRAPS, section: "random.mjs" }).catch((e) => e);
    assert.match(defaults.message, /— no parameters \(the script's defaults\)$/);
  } finally {
    await runner.close();
  }
});

test("a script's output is node's, stdout.write and promise jobs included; it sees only argv and stdout of process", async () => {
  const params = { n: 3, label: "y" };
  const { text, stderr } = await run({ dir: TRAPS, section: "fine.mjs", params });
  assert.equal(text, reference(join(TRAPS, "fine.mjs"), params));
  assert.equal(stderr, "a note on stderr\n");
  assert.equal((await run({ dir: TRAPS, section: "node.mjs" })).text, "undefined undefined undefined argv,stdout\n");
});

test("runs in one thread do not share globals, and a failed run leaves the next one a fresh thread", async () => {
  const runner = new Runner();
  try {
    for (let i = 0; i < 3; i++) assert.equal((await runner.run({ dir: TRAPS, section: "leak.mjs" })).text, "seen 1\n");
    await assert.rejects(runner.run({ dir: TRAPS, section: "throws.mjs" }), { code: "threw" });
    assert.match((await runner.run({ dir: TRAPS, section: "fine.mjs" })).text, /^x: 3 rows/);
  } finally {
    await runner.close();
  }
});

test("an endless loop or a never-settling await is stopped at its budget, memory at its cap; the runner goes on", async () => {
  const runner = new Runner({ budgetMs: 1000, memoryMb: 64 });
  try {
    for (const section of ["loop.mjs", "never.mjs"]) {
      const start = performance.now();
      const err = await runner.run({ dir: TRAPS, section, params: { n: 1 } }).catch((e) => e);
      assert.equal(err.code, "budget", err.message);
      assert.equal(err.message, `traps/${section}: ran past its budget of 1000 ms and was stopped (an endless loop, or a top-level await that never settles) — parameters {"n":1}`);
      assert.ok(performance.now() - start < 4000, `${section} stopped after ${performance.now() - start} ms`);
    }
    const err = await runner.run({ dir: TRAPS, section: "memory.mjs" }).catch((e) => e);
    assert.equal(err.code, "memory", err.message);
    assert.equal(err.message, "traps/memory.mjs: ran past its memory cap of 64 MB and was stopped — no parameters (the script's defaults)");
    assert.match((await runner.run({ dir: TRAPS, section: "fine.mjs" })).text, /^x: 3 rows/);
  } finally {
    await runner.close();
  }
});

test("the CLI's protocol: exit 0 with the text, 1 with `code: message` last on stderr, 2 for a wrong call", () => {
  const cli = (...args) => spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8" });
  const ok = cli(TRAPS, "fine.mjs", '{"n":2}');
  assert.equal(ok.status, 0, ok.stderr);
  assert.equal(ok.stdout, reference(join(TRAPS, "fine.mjs"), { n: 2 }));
  assert.equal(ok.stderr, "a note on stderr\n");
  const failed = cli(TRAPS, "throws.mjs", '{"n":4}');
  assert.equal(failed.status, 1);
  assert.equal(failed.stdout, "");
  assert.equal(failed.stderr, 'threw: traps/model.mjs:5 (running traps/throws.mjs): threw RangeError: n is 4 — parameters {"n":4}\n');
  const loop = cli("--budget-ms=300", TRAPS, "loop.mjs");
  assert.equal(loop.status, 1);
  assert.match(loop.stderr, /^budget: traps\/loop\.mjs: ran past its budget of 300 ms/);
  for (const args of [[TRAPS], [TRAPS, "../traps/fine.mjs"], [TRAPS, "fine.mjs", "[1]"], [TRAPS, "fine.mjs", "{bad"], ["--budget=1", TRAPS, "fine.mjs"], [TRAPS, "fine.mjs", "{}", "extra"]]) {
    const wrong = cli(...args);
    assert.equal(wrong.status, 2, `${args.join(" ")}: ${wrong.stderr}`);
    assert.match(wrong.stderr, /^(usage|name): /, args.join(" "));
  }
  const url = pathToFileURL(join(TRAPS, "fine.mjs")).href;
  assert.equal(cli(TRAPS, url).status, 2, "a URL is not a section");
});
