// The node side's realm for lesson scripts: a worker thread the runner (runner.mjs) starts with a
// memory cap and ends when a run overruns its budget. It keeps capture.js's contract and runs one
// script at a time, as the page's module worker (www/script/runner-worker.js) does; the messages
// are www/script/host.js's. hooks.mjs keeps a lesson's imports inside its folder.
import { register } from "node:module";
import { getHeapStatistics } from "node:v8";
import { parentPort } from "node:worker_threads";
import { guard, respond } from "../../www/script/capture.js";

register(new URL("./hooks.mjs", import.meta.url), { data: { own: [new URL("../../www/script/", import.meta.url).href, new URL("./", import.meta.url).href] } });
const port = parentPort;
guard();
port.on("message", async (request) => port.postMessage(await respond(request, () => getHeapStatistics().used_heap_size)));
port.postMessage({ ready: true });
