// temporary: one lesson's phone visit with every request's start/end (not committed)
import { browser, serve } from "../browser/lib.mjs";
import { MOBILE } from "./phone.mjs";
process.env.TATBIKAT_GZIP = "1";
const lesson = process.argv[2] ?? "jobs";
const server = await serve();
const b = await browser();
const NETWORK = { offline: false, latency: MOBILE.latency, downloadThroughput: MOBILE.downloadThroughput, uploadThroughput: MOBILE.uploadThroughput };
const context = await b.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
await context.addInitScript(() => {
  const look = () => {
    const cell = document.querySelector("table.data td");
    if (cell && cell.checkVisibility({ visibilityProperty: true, opacityProperty: true })) window.__firstTable = performance.now();
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
});
const log = [];
context.on("requestfinished", async (r) => {
  const s = await r.sizes().catch(() => null);
  const t = r.timing();
  log.push({ url: r.url().replace(server.url, ""), start: t.startTime, end: t.startTime + t.responseEnd, bytes: s ? s.responseBodySize + s.responseHeadersSize : 0 });
});
const p = await context.newPage();
const cdp = await context.newCDPSession(p);
await cdp.send("Network.enable");
await cdp.send("Network.emulateNetworkConditions", NETWORK);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: MOBILE.cpu });
await p.goto(`${server.url}?lesson=${lesson}`, { waitUntil: "commit" });
await p.waitForFunction(() => window.__firstTable !== undefined, null, { timeout: 60_000, polling: 50 });
const origin = await p.evaluate(() => performance.timeOrigin);
await p.waitForFunction(() => document.body.dataset.ready === "1", null, { timeout: 60_000, polling: 50 });
const readyAt = await p.evaluate(() => performance.now());
const renders = await p.evaluate(() => Number(document.body.dataset.renders ?? 0));
const fold = p.locator("form.panel details.panel-fold").first();
if ((await fold.getAttribute("open")) === null) await fold.locator("summary").click();
const clickAt = await p.evaluate(() => performance.now());
await p.locator(".field.kind-int .control > .step-btn:last-child").first().click();
await p.waitForFunction((n) => Number(document.body.dataset.renders ?? 0) > n, renders, { timeout: 60_000, polling: 50 });
const marks = await p.evaluate(() => ({ firstTable: window.__firstTable, ...Object.fromEntries(performance.getEntries().filter((e) => e.name.startsWith("tatbikat")).map((e) => [e.name + (e.entryType === "measure" ? "(end)" : ""), e.startTime + e.duration])) }));
await p.waitForTimeout(3000);
if (process.env.V) for (const r of log.sort((a, b) => a.start - b.start)) console.log(`${(r.start - origin).toFixed(0).padStart(6)} ${(r.end - origin).toFixed(0).padStart(6)} ${(r.bytes / 1024).toFixed(1).padStart(6)} ${r.url}`);
const key = (re) => log.find((r) => re.test(r.url)); const at = (r) => r ? Math.round(r.end - origin) : "-";
console.log(JSON.stringify({ ...Object.fromEntries(Object.entries({ ...marks, readyAt, clickAt }).map(([k, v]) => [k, Math.round(v)])), wasm: at(key(/jobs.wasm|\/pkg\/[a-z_]+\.wasm/)), glue: at(key(/tatbikat.js/)), texts: at(key(/lesson\//)) }));
await b.close();
await server.stop();
