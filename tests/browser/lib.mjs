// Browser-test plumbing for the node:test suites (tests/browser/*.test.mjs) and the benchmark:
// our static server on a free port, Debian's chromium driven headless by playwright-core (never a
// downloaded browser), console and CSP-violation capture, screenshots.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { after, before } from "node:test";

/** playwright-core by `require`: an `import` of its CommonJS has node's lexer parse its 1.4 MB
 * bundle for named exports first (0.13 s of CPU in each of the ~40 suites' processes, measured
 * with node --cpu-prof: cjs-module-lexer's parseSource). */
const { chromium } = createRequire(import.meta.url)("playwright-core");

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const SHOTS = join(ROOT, "target", "screenshots");

/** Every lesson of the registry, as the core lists them (the node package, target/pkg-node). */
export const LESSONS = createRequire(import.meta.url)(join(ROOT, "target", "pkg-node", "tatbikat.js"))
  .lessons()
  .map((l) => l.id);

/** Every lesson of the site, as its tabs list them (www/lessons.js, the course's order): the
 * registry's and the script lessons (issue 34), which the node package does not hold. */
export const SITE_LESSONS = (await import(join(ROOT, "www", "lessons.js"))).default.map((l) => l.id);

// The servers started by serve() that are still running (see stopServers).
const running = new Set();

/** How long (s) the browser may keep the files of a site that does not change while a suite runs
 * (the built www/) without asking the server again (`serve({maxAge})`): a load that revalidated
 * its 25 files took about 400 ms of CPU against 310 from the cache (the browser's network
 * service and the server; measured on ?lesson=jobs, 15 loads each). */
export const UNCHANGED = 3600;

/** Starts tools/serve.py on a free port; resolves to {url, stop, reports}. Options: `dir` (default
 * www/), `port` (default: a free one), `cspReports` (collect the CSP violation reports posted to
 * the server into `reports`), `frameAncestors` (the policy's frame-ancestors, default `*`),
 * `maxAge` (seconds the browser may cache each file, as a static host may say; default 0:
 * `no-cache`, every use revalidated, for a site a test changes and for the benchmark's visits). */
export function serve({ dir = join(ROOT, "www"), port = 0, cspReports = false, frameAncestors = "*", maxAge = 0 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn("python3", [join(ROOT, "tools", "serve.py"), dir], {
      env: {
        ...process.env,
        PORT: String(port),
        TATBIKAT_QUIET: "1",
        TATBIKAT_CSP_REPORT: cspReports ? "1" : "0",
        FRAME_ANCESTORS: frameAncestors,
        TATBIKAT_MAX_AGE: maxAge ? String(maxAge) : "",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const reports = [];
    // Resolves once the server has exited (so its port can be served again). A server killed by
    // a signal has no exit code, only a signal code: either means it has exited already.
    const exited = () => child.exitCode !== null || child.signalCode !== null;
    const stop = () => new Promise((done) => (exited() ? done() : (child.once("exit", done), child.kill())));
    running.add(stop);
    child.once("exit", () => running.delete(stop));
    let rest = "";
    child.on("error", reject);
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (text) => {
      const lines = (rest + text).split("\n");
      rest = lines.pop();
      for (const line of lines) {
        if (line.startsWith("csp-report: ")) reports.push(line.slice(12));
        const m = /serving (http:\/\/\S+)/.exec(line);
        if (m) resolve({ url: m[1], stop, reports });
      }
    });
    child.on("exit", (code) => reject(new Error(`server exited ${code}`)));
  });
}

/** Stops every server serve() started that still runs: for a suite's `after` hook, so a failed
 * test that left one running does not keep the process alive. */
export async function stopServers() {
  await Promise.all([...running].map((stop) => stop()));
}

/** The browser the suites drive: `CHROMIUM`, or Debian's chromium-headless-shell where it is
 * installed (./build.sh test installs it), else Debian's chromium. The shell is the same Chromium
 * build without the browser's window code: measured here on the light a11y suite, 65 s against
 * 78 s, the browser process using 9 s of CPU against 20 s, with the same results. */
export const CHROMIUM = process.env.CHROMIUM ?? (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");

/** Launches the system chromium headless with the flags this machine needs. */
export async function browser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** A page that records console errors, page errors and CSP violations. */
export async function page(context) {
  const p = await context.newPage();
  p.problems = [];
  p.on("console", (m) => {
    if (m.type() === "error") p.problems.push(`console: ${m.text()}`);
  });
  p.on("pageerror", (e) => p.problems.push(`pageerror: ${e.message}`));
  await p.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return p;
}

/** How rendered() and settled() poll the page: on a 16 ms timer, not playwright's default of
 * every animation frame, which makes an idle page draw a frame 60 times a second while a test
 * waits (measured: 0.07 CPU-s per second of waiting against 0.02; whole suites, two runs each:
 * page 47.6 and 48.0 CPU-s against 44.4 and 46.3, a11y-2 51.9 and 47.8 against 51.4 and 49.8). */
const POLL = { polling: 16 };

/** Waits until the page has rendered `n` reports in total. */
export async function rendered(p, n = 1) {
  try {
    await p.waitForFunction((n) => Number(document.body.dataset.renders ?? 0) >= n, n, { timeout: 20000, ...POLL });
  } catch (err) {
    // Say what the page was doing: a page stuck is a bug to find, not a wait to lengthen.
    const state = await p
      .evaluate(() => ({
        url: location.href.slice(0, 120),
        body: document.body?.className,
        data: { ...document.body?.dataset },
        notice: [...document.querySelectorAll(".notice:not([hidden]), .run-status:not([hidden]), .fatal")].map((n) => n.textContent.slice(0, 160)),
        controller: Boolean(navigator.serviceWorker?.controller),
      }))
      .catch((e) => `(the page could not be read: ${e.message})`);
    err.message = `${err.message.split("\n")[0]} waiting for render ${n}; the page: ${JSON.stringify(state)}; problems: ${JSON.stringify((p.problems ?? []).slice(0, 5))}`;
    throw err;
  }
}

/** Waits until the page has settled: the events already queued (a fold's toggle, a change) have
 * run, and no work of the core's is under way for the state (the page marks it with
 * body[data-busy]; see www/state/compute.js). */
export async function settled(p, timeout = 20000) {
  await p.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
  await p.waitForFunction(() => document.body.dataset.busy === undefined, null, { timeout, ...POLL });
}

/** Whether shot() takes its screenshots: `TATBIKAT_SHOTS=1` or `0`, else everywhere but CI. A
 * full-page screenshot costs up to 1.7 s of CPU (a 14,600 px page, measured); they are for an
 * engineer to look at (target/screenshots), and a CI clone's are never looked at: no test reads them. */
export const SHOOTS = process.env.TATBIKAT_SHOTS ? process.env.TATBIKAT_SHOTS !== "0" : !process.env.CI;

/** A full-page screenshot, target/screenshots/NAME.png, where SHOOTS. */
export async function shot(p, name) {
  if (!SHOOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await p.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** Resolves once page `p` logs a console message matching `pattern` (the browser saying it
 * refused something), or after `ms` if it never does: a refusal is then checked by what the
 * page shows, as before, without waiting the whole `ms` when the browser says it at once. Call it
 * before the action whose refusal it waits for. */
export function consoleOr(p, pattern, ms) {
  return Promise.race([p.waitForEvent("console", { predicate: (m) => pattern.test(m.text()), timeout: ms }).catch(() => {}), new Promise((r) => setTimeout(r, ms))]);
}

/** Fails on any console error, page error or CSP violation the page recorded. */
export function clean(p, what) {
  assert.deepEqual(p.problems, [], `${what}: console errors, page errors or CSP violations`);
}

/** Types `value` into the control of parameter `name` and waits for the page's next render. */
export async function setParam(p, name, value) {
  const before = Number(await p.evaluate(() => document.body.dataset.renders ?? 0));
  const input = p.locator(`input[name="${name}"]`);
  await input.fill(value);
  await input.dispatchEvent("change");
  await rendered(p, before + 1);
}

/** A suite's server and browser, started before its tests and stopped after them: `env.url`, `env.b`. */
export function suiteEnv() {
  const env = { url: null, b: null };
  before(async () => {
    ({ url: env.url } = await serve({ maxAge: UNCHANGED }));
    env.b = await browser();
  });
  after(async () => {
    await env.b?.close();
    await stopServers();
  });
  return env;
}

/** More than a first visit's quiet period (www/app.js QUIET_MS, 3 s): how long the page must be
 * left alone before its offline copy starts (its service worker registers). */
export const QUIET_PASSED = 3500;

/** Waits until a first visit's page `p` has its offline copy (body[data-offline] "ready": a
 * service worker controls it). The page starts it once it has been quiet for QUIET_MS; rather than
 * wait that long, the test moves the page's clock on past it once the page has settled: playwright's
 * clock, installed on the page's context before the visit (`context.clock.install()`), which
 * otherwise runs as time does. If the page was busy again meanwhile, its quiet period starts over
 * and runs out as time passes, as before. */
export async function firstVisitOffline(p, timeout = 20000) {
  await settled(p, timeout);
  await p.clock.fastForward(QUIET_PASSED);
  await p.waitForFunction(() => document.body.dataset.offline === "ready", null, { timeout, ...POLL });
}

/** One page for the checks of a suite that need no fresh browser, each check navigating it in
 * turn (a new context and page per check cost 310–400 ms of CPU more, measured). Returns `open`:
 * `await open({viewport, colorScheme})` gives the page reset for the next check — the last
 * check's document left for about:blank, what the site keeps in the browser cleared (its local
 * and session storage, IndexedDB, caches and any service worker its offline copy registered),
 * the problems recorded emptied, the viewport and colour scheme set (default 1280 × 900, light;
 * screen media). `contextOptions` are the context's own (a phone's `isMobile`, downloads…),
 * which a page cannot change. The HTTP cache stays, as between a user's visits. The context is
 * closed after the suite. */
export function sharedPage(env, contextOptions = {}) {
  let context = null;
  let p = null;
  let cdp = null;
  after(async () => {
    await context?.close().catch(() => {});
  });
  return async ({ viewport = { width: 1280, height: 900 }, colorScheme = "light" } = {}) => {
    context ??= await env.b.newContext({ viewport, ...contextOptions });
    if (!p || p.isClosed()) {
      p = await page(context);
      cdp = await context.newCDPSession(p);
    } else {
      if (p.url().startsWith(env.url)) await p.evaluate(() => sessionStorage.clear()).catch(() => {});
      await p.goto("about:blank");
      const origin = new URL(env.url).origin;
      await cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: "local_storage,indexeddb,cache_storage,service_workers" });
    }
    p.problems.length = 0;
    await p.setViewportSize(viewport);
    await p.emulateMedia({ colorScheme, media: "screen" });
    return p;
  };
}
