// The page's realm for lesson scripts: a module worker (worker-run.js starts it) that keeps
// capture.js's contract and runs one section script at a time; its host ends it when a run
// overruns its budget. The messages are host.js's. The worker keeps its own channel to the page
// before guard() takes postMessage and addEventListener from the scripts.
import { guard, respond } from "./capture.js";

const post = self.postMessage.bind(self);
// Chromium's heap figure (performance.memory), where a worker has it (headless Chromium's has not).
const memory = self.performance?.memory;

self.addEventListener("message", async ({ data }) => post(await respond(data, () => memory?.usedJSHeapSize ?? null)));
guard();
post({ ready: true });
