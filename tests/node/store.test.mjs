// The page's store (www/state/store.js): one state, changed by actions through a pure update;
// listeners hear only changes of what they watch, in order, even when they dispatch themselves.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createStore } from "../../www/state/store.js";

const counter = (state, action) => {
  if (action.type === "add") return { ...state, n: state.n + action.by };
  if (action.type === "name") return { ...state, name: action.name };
  return state;
};

test("a dispatch applies the update; an action that changes nothing tells no one", () => {
  const store = createStore(counter, { n: 0, name: "a" });
  const heard = [];
  store.subscribe((s) => s, (s) => heard.push(s.n));
  store.dispatch({ type: "add", by: 2 });
  store.dispatch({ type: "nothing" });
  store.dispatch({ type: "add", by: 3 });
  assert.equal(store.state.n, 5);
  assert.deepEqual(heard, [2, 5]);
});

test("a listener hears a change of what it selects, with the previous selection, and nothing else", () => {
  const store = createStore(counter, { n: 0, name: "a" });
  const names = [];
  const both = [];
  store.subscribe((s) => s.name, (name, previous) => names.push([previous, name]));
  store.subscribe((s) => [s.n, s.name], ([n, name]) => both.push(`${n}${name}`));
  store.dispatch({ type: "add", by: 1 });
  store.dispatch({ type: "name", name: "b" });
  store.dispatch({ type: "name", name: "b" });
  assert.deepEqual(names, [["a", "b"]]);
  assert.deepEqual(both, ["1a", "1b"], "an array selection changes when one of its items does");
});

test("`now` calls the listener at once; the returned function stops it", () => {
  const store = createStore(counter, { n: 7, name: "a" });
  const heard = [];
  const stop = store.subscribe((s) => s.n, (n) => heard.push(n), { now: true });
  store.dispatch({ type: "add", by: 1 });
  stop();
  store.dispatch({ type: "add", by: 1 });
  assert.deepEqual(heard, [7, 8]);
});

test("an action a listener dispatches is applied after every listener heard the change before it", () => {
  const store = createStore(counter, { n: 0, name: "a" });
  const order = [];
  store.subscribe(
    (s) => s.n,
    (n) => {
      order.push(`first saw ${n}`);
      if (n === 1) store.dispatch({ type: "add", by: 10 });
    },
  );
  store.subscribe((s) => s.n, (n) => order.push(`second saw ${n}`));
  store.dispatch({ type: "add", by: 1 });
  assert.deepEqual(order, ["first saw 1", "second saw 1", "first saw 11", "second saw 11"]);
  assert.equal(store.state.n, 11);
});

test("a listener stopped by another during a change is not called for it", () => {
  const store = createStore(counter, { n: 0, name: "a" });
  const heard = [];
  let stopSecond = null;
  store.subscribe((s) => s.n, () => stopSecond());
  stopSecond = store.subscribe((s) => s.n, (n) => heard.push(n));
  store.dispatch({ type: "add", by: 1 });
  assert.deepEqual(heard, []);
});

test("an observer hears every action applied, in order, also one that changes nothing; stopping it ends that", () => {
  const store = createStore(counter, { n: 0, name: "a" });
  const heard = [];
  const stop = store.observe((action, s) => heard.push([action.type, s.n]));
  // A listener's dispatch is observed after the action that led to it.
  store.subscribe((s) => s.n, (n) => n === 1 && store.dispatch({ type: "name", name: "one" }));
  store.dispatch({ type: "add", by: 1 });
  store.dispatch({ type: "kept", lesson: "leader" });
  stop();
  store.dispatch({ type: "add", by: 1 });
  assert.deepEqual(heard, [["add", 1], ["name", 1], ["kept", 1]]);
});
