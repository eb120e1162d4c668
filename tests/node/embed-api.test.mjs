// The embed's side of the host API (www/embed.js), driven in node with the page's own store,
// actions and texts, the core's codec (target/pkg-node) as its engine, and the browser's window
// stood in for (issue 33): every refusal is said with a documented code — keys that are not
// parameter values, a set over the limits (before any work), a value of no parameter's type, a
// request a restart cut short (`superseded`), a repeated lesson= — and a closed allow-list
// answers nothing. The browser suites drive the same code across origins (embed, origins).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { Cancelled } from "../../www/engine.js";
import { createStore } from "../../www/state/store.js";
import { update } from "../../www/state/actions.js";
import { rawQuery } from "../../www/state/link.js";
import { loadTexts, translator } from "../../www/i18n/index.js";
import { booted, core } from "./page.mjs";

// The browser's side: a parent window that records what the embed posts to it, and the window's
// message listeners, called as the browser would.
const posted = [];
const parent = { postMessage: (data, target) => posted.push({ data, target }) };
const listeners = [];
const saved = {};
before(() => {
  for (const name of ["window", "location", "document", "ResizeObserver", "MutationObserver"]) saved[name] = Object.getOwnPropertyDescriptor(globalThis, name);
  const define = (name, value) => Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  define("window", { parent, addEventListener: (type, f) => type === "message" && listeners.push(f) });
  define("location", new URL("http://127.0.0.1:8000/?lesson=jobs&embed=1"));
  define("document", { body: { dataset: {} }, documentElement: {} });
  define("ResizeObserver", class {
    observe() {}
  });
  define("MutationObserver", class {
    observe() {}
  });
});
after(() => {
  for (const [name, d] of Object.entries(saved)) (d ? Object.defineProperty(globalThis, name, d) : delete globalThis[name]);
});

/** An embed of `query` listening (the page's store and texts, the codec as its engine); `send`
 * posts a message from the parent and resolves with the embed's answer to it, or null when none
 * comes within a few turns. */
let loads = 0;
async function embed(query, { engineCall = null } = {}) {
  // A fresh module each time: the embed listens once for the page's life.
  const { embedded } = await import(`../../www/embed.js?${++loads}`);
  let state = booted(query);
  state = update(state, { type: "resolved", resolved: core.resolve(query) });
  const store = createStore(update, { ...state, doc: {} });
  await loadTexts("en", "jobs");
  const engine = { call: engineCall ?? (async (op, args) => (op === "resolve" ? core.resolve(args[0]) : null)) };
  // The runner's part: the page the state asks for, read by the core (the report is not needed).
  const runner = {
    settled: async () => {
      if (store.state.ask.page) store.dispatch({ type: "resolved", resolved: core.resolve(rawQuery(store.state)) });
    },
  };
  embedded({ store, engine, t: translator("en", "jobs"), runner, load: {} });
  const mine = listeners.at(-1);
  const send = async (data, origin = "https://course.example") => {
    const from = posted.length;
    await mine({ source: parent, origin, data });
    for (let i = 0; i < 50 && !posted.slice(from).some((m) => m.data.id === data.id); i++) await new Promise((r) => setTimeout(r, 2));
    return posted.slice(from).find((m) => m.data.id === data.id)?.data ?? null;
  };
  return { store, send };
}

test("values: only the lesson's parameters; each embed's own key and lesson, preset, v are refused not_settable, nothing changes", async () => {
  const { store, send } = await embed("lesson=jobs&embed=1");
  const before = store.state;
  for (const key of ["embed", "lang", "origin", "vs", "controls", "trace", "predict", "figure", "sweep", "lesson", "preset", "v"]) {
    const answer = await send({ type: "tatbikat:set", id: key, values: { [key]: "1" } });
    assert.equal(answer?.type, "tatbikat:error", key);
    assert.equal(answer.error.code, "not_settable", key);
    assert.equal(answer.error.param, key);
    assert.match(answer.error.message, new RegExp(`^${key} `), key);
  }
  assert.equal(store.state, before, "nothing changed");
  const ok = await send({ type: "tatbikat:set", id: "ok", values: { seed: 42 } });
  assert.equal(ok.type, "tatbikat:state");
  assert.equal(ok.values.seed, "42");
});

test("a set over the limits is refused too_large before any work: 10,000 keys, a query of 20,000 characters", async () => {
  let calls = 0;
  const { send } = await embed("lesson=jobs&embed=1", { engineCall: async (op, args) => (calls++, core.resolve(args[0])) });
  const flood = Object.fromEntries(Array.from({ length: 10000 }, (_, i) => [`k${i}`, i]));
  const t0 = performance.now();
  const answer = await send({ type: "tatbikat:set", id: "flood", values: flood });
  const ms = performance.now() - t0;
  console.log(`a set of 10,000 keys answered too_large in ${ms.toFixed(1)} ms (node; the page's budget is 200 ms)`);
  assert.equal(answer.error.code, "too_large");
  assert.match(answer.error.allowed, /64 keys and 16384 characters/);
  const long = await send({ type: "tatbikat:set", id: "long", query: `seed=${"1".repeat(20000)}` });
  assert.equal(long.error.code, "too_large");
  const keys = await send({ type: "tatbikat:set", id: "keys", query: Array.from({ length: 65 }, (_, i) => `k${i}=1`).join("&") });
  assert.equal(keys.error.code, "too_large");
  const big = await send({ type: "tatbikat:set", id: "big", values: { seed: "9".repeat(20000) } });
  assert.equal(big.error.code, "too_large");
  assert.equal(calls, 0, "the core was never asked");
  const odd = await send({ type: "tatbikat:set", id: "odd", values: { seed: { toString: null } } });
  assert.deepEqual([odd.error.code, odd.error.param], ["bad_request", "seed"]);
});

test("a request a restart cut short is answered superseded, a documented code", async () => {
  const { send } = await embed("lesson=jobs&embed=1", {
    engineCall: async () => {
      throw new Cancelled("superseded");
    },
  });
  const answer = await send({ type: "tatbikat:set", id: "cut", values: { seed: 3 } });
  assert.equal(answer.error.code, "superseded");
  assert.match(answer.error.message, /later one\. Nothing changed/);
});

test("a query: lesson= given twice is the codec's repeated_param; a query at the shown values still replaces the claim", async () => {
  const [preset] = core.presets().filter((p) => p.lesson === "jobs");
  const { store, send } = await embed(`lesson=jobs&embed=1&preset=${preset.id}`);
  assert.equal(store.state.preset, preset.id);
  const twice = await send({ type: "tatbikat:set", id: "twice", query: "lesson=jobs&lesson=jobs&seed=3" });
  assert.equal(twice.error.code, "repeated_param");
  assert.equal(twice.error.param, "lesson");
  const values = new URLSearchParams(core.resolve(preset.query).share);
  values.delete("preset");
  const replaced = await send({ type: "tatbikat:set", id: "same", query: values.toString() });
  assert.equal(replaced.type, "tatbikat:state");
  assert.equal(store.state.preset, null, "the claim is replaced, as opening that link would");
});

test("a refused origin= closes the embed: no answer to any origin, nothing posted", async () => {
  const { store, send } = await embed("lesson=jobs&embed=1&origin=https%3A%2F%2Fcourse.example%2Fpath");
  assert.deepEqual(store.state.originRefused, ["https://course.example/path"]);
  const from = posted.length;
  assert.equal(await send({ type: "tatbikat:get", id: "g" }, "https://course.example"), null);
  assert.equal(await send({ type: "tatbikat:set", id: "s", values: { seed: 7 } }, "https://course.example"), null);
  store.dispatch({ type: "setValues", changes: { seed: "8" } });
  assert.deepEqual(posted.slice(from), [], "no state, no height, nothing");
});
