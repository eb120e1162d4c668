// Which lesson a link is for, as the core says: its router (pkg/route/home.wasm, built from
// src/route.rs) is `query::home` alone, a few KB, so a visit asks it before it loads a lesson's
// module, and the page keeps no copy of the core's rule.
import LESSONS from "./lessons.js";

/** The router of an instantiated home.wasm: (query) → the id of the lesson whose module answers
 * it (the module's answer is an index in the core's order: the registry's lessons, then the
 * script lessons, which the router is told of first). */
export function router(instance) {
  const { memory, route_buffer: buffer, route_home: home, route_know: know } = instance.exports;
  const encoder = new TextEncoder();
  const write = (text) => {
    const bytes = encoder.encode(text);
    const at = buffer(bytes.length);
    new Uint8Array(memory.buffer, at, bytes.length).set(bytes);
    return [at, bytes.length];
  };
  const scripts = LESSONS.filter((l) => l.script).map((l) => l.id);
  if (scripts.length) know(...write(scripts.join(",")));
  // The router's order: the registry's lessons, then the script lessons as it was told them (the
  // tabs may place a script lesson among the registry's: lessons.js is in the course's order).
  const ids = [...LESSONS.filter((l) => !l.script).map((l) => l.id), ...scripts];
  return (query) => ids[home(...write(query))];
}

/** Loads the router next to this module (index.html preloads it with the page). */
export async function loadRouter() {
  const response = fetch(new URL("./pkg/route/home.wasm", import.meta.url));
  const { instance } = await WebAssembly.instantiateStreaming(response);
  return router(instance);
}
