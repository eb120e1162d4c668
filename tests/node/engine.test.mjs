// Which lesson's module answers a request (www/route.js, www/engine.js): the page asks the core's
// router (www/pkg/route/home.wasm, query::home alone) and never guesses. Its answer equals the
// core's own reading of the link (resolve, the node package) for odd links and every claim; the
// engine sends a request to that lesson's worker only, and without the router it still gets
// there through a module's {elsewhere} answer. Workers are stand-ins answering as the core does.
import { before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { router } from "../../www/route.js";
import { Engine } from "../../www/engine.js";
import { ROOT, core } from "./page.mjs";

let route;
before(async () => {
  const { instance } = await WebAssembly.instantiate(readFileSync(join(ROOT, "www", "pkg", "route", "home.wasm")));
  route = router(instance);
});

/** Links whose lesson takes reading: escapes, repeats, claims without lesson=, claims against
 * lesson=, broken escapes, unknown ids, empty keys, and every lesson's own examples. */
function oddLinks() {
  const links = [
    "", "?", "?lesson=jobs", "lesson=jobs&v=1", "lesson=nope", "lesson=", "lesson", "LESSON=jobs", "lesson=Jobs",
    "lesson=%6Aobs", "lesson=jo%62s&seed=1", "lesson=%zz", "lesson=%zz&preset=quotas.starvation", "lesson=jobs&lesson=quotas",
    "lesson=quotas&lesson=jobs", "lesson=&preset=jobs.nope", "preset=jobs.nope", "preset=nope", "preset=.", "preset=%6Aobs.x",
    "preset=leader.crash-gap&lesson=jobs", "lesson=quotas&preset=supervisor.x", "preset=quotas.starvation&preset=jobs.x",
    "preset=claim_check.x&lesson=%6Ceader", "lesson=jobs%20", "lesson=+jobs", "lesson=jobs#x", "seed=1&preset=compensation.",
    "preset=compensation", "lesson=compensation&preset=", "%6Cesson=leader", "lesson%3Dleader", "&&lesson=leader&&",
    "lesson=leader&sweep=seed:1..3&trace=x", "lesson=%E2%9C%93", "lesson=%FF", `lesson=${"x".repeat(5000)}`, "lesson=jobs&" + "a=1&".repeat(2000),
  ];
  for (const l of core.lessons()) {
    links.push(`lesson=${l.id}`, `?lesson=${l.id}&lang=en`);
    for (const e of l.examples) links.push(`lesson=${l.id}&${e}`, `${e}&lesson=${l.id}`);
  }
  for (const p of core.presets()) links.push(`preset=${p.id}`, p.query, `preset=${p.id}&lesson=${p.lesson}`, `?preset=${encodeURIComponent(p.id)}&v=1`);
  return links;
}

test("the router names the lesson the core shows, for odd links and every claim", () => {
  const links = oddLinks();
  for (const link of links) assert.equal(route(link), core.resolve(link).lesson, link);
  assert.ok(links.length > 150, `${links.length} links`);
});

test("a script lesson's tab may stand among the registry's (lessons.js in the course's order), and the router still names every lesson", async () => {
  const { default: site } = await import("../../www/lessons.js");
  const ids = site.map((l) => l.id);
  assert.ok(ids.indexOf("replica") === ids.indexOf("jobs") - 1, `replica's tab precedes Jobs' (its manifest's "before"): ${ids}`);
  for (const id of ids) {
    assert.equal(route(`lesson=${id}`), id);
    assert.equal(route(`lesson=${id}&seed=3&lang=en`), id);
  }
  assert.equal(route("lesson=nope"), ids.find((id) => !site.find((l) => l.id === id).script), "an unknown lesson: the first");
});

/** Worker stand-ins: each answers for its lesson as the core does, or {elsewhere: id}. */
function workers() {
  const made = [];
  globalThis.Worker = class {
    constructor(url, { name }) {
      this.name = name;
      this.url = String(url);
      this.ended = false;
      made.push(this);
    }
    postMessage({ id, op, args }) {
      if (op === "init") return; // the module (none here)
      setTimeout(() => {
        if (this.ended) return;
        const lesson = typeof args[0] === "string" && args[0].includes("=") ? core.resolve(args[0]).lesson : (args[0] ?? this.name);
        const value = lesson === this.name ? { op, lesson } : { elsewhere: lesson };
        this.onmessage({ data: { id, ok: true, value } });
      }, 5);
    }
    terminate() {
      this.ended = true;
    }
  };
  return made;
}

test("the engine sends a link's request to the worker of the lesson the router names, and to no other", async () => {
  for (const link of ["lesson=%zz&preset=quotas.starvation", "preset=leader.crash-gap", "?lesson=%6Aobs&seed=3", "lesson=nope"]) {
    const made = workers();
    const engine = new Engine({ route: Promise.resolve(route) });
    const answer = await engine.call("boot", [link]);
    const want = core.resolve(link).lesson;
    assert.deepEqual(answer, { op: "boot", lesson: want }, link);
    assert.deepEqual(made.map((w) => w.name), [want], `${link}: one module, the core's`);
    assert.match(made[0].url, /\/worker\.js$/);
    engine.close();
  }
});

test("without the router the engine asks the lesson it holds (or the first), which sends the request on", async () => {
  const made = workers();
  const engine = new Engine({ route: Promise.reject(new Error("no router")) });
  const answer = await engine.call("boot", ["preset=quotas.starvation"]);
  assert.deepEqual(answer, { op: "boot", lesson: "quotas" });
  assert.deepEqual(made.map((w) => [w.name, w.ended]), [[core.lessons()[0].id, true], ["quotas", false]]);
  assert.equal(engine.lesson, "quotas");
  engine.close();
});

test("a lesson's id goes to that lesson; another lesson's request ends the worker and what it was doing", async () => {
  const made = workers();
  const engine = new Engine({ route: Promise.resolve(route) });
  assert.deepEqual(await engine.call("randomSeed", ["jobs"]), { op: "randomSeed", lesson: "jobs" });
  const running = engine.call("page", ["lesson=jobs&seed=4"]);
  const other = engine.call("page", ["lesson=leader"]);
  await assert.rejects(running, (e) => e.cancelled === true);
  assert.deepEqual(await other, { op: "page", lesson: "leader" });
  assert.deepEqual(made.map((w) => [w.name, w.ended]), [["jobs", true], ["leader", false]]);
  engine.close();
});

test("a module that sends a request back where it came from is a bug, said as one", async () => {
  workers();
  globalThis.Worker.prototype.postMessage = function ({ id }) {
    setTimeout(() => this.onmessage({ data: { id, ok: true, value: { elsewhere: "jobs" } } }), 1);
  };
  const engine = new Engine({ route: Promise.resolve(() => "jobs") });
  await assert.rejects(engine.call("boot", ["lesson=jobs"]), /pkg\/jobs\.wasm holds another lesson \(it sent a request for jobs on\)/);
  engine.close();
});
