// tatbikat's service worker: the page works offline for every lesson a visit opened (issue 20).
// precache.js (tools/precache.mjs writes it) names the site's version and build and every static file with
// its SRI hash, its lesson ("" for the shell) and its size. Installing fetches the shell — the
// page's modules, the stylesheet, the router, the worker's glue — into the cache
// "tatbikat-VERSION"; a lesson's own files (its WebAssembly module, its texts) are cached when a
// page opens that lesson (the page says so: "tatbikat:keep"), its view's pages when a page fetches
// them (without them the core computes the view), everything when the learner asks for it. Every file is checked against its hash before it is
// cached or answered, so a cache never mixes two builds and a page never gets another build's
// file. A new build changes precache.js; the browser then installs the new worker next to the
// old one, and once its shell is complete it takes over and deletes the old caches; a page it
// takes over reloads if it runs another build (offline.js), so a page runs one build's files.
/* global TATBIKAT_PRECACHE */
importScripts("./precache.js");

const { version, build, files } = TATBIKAT_PRECACHE;
const PREFIX = "tatbikat-";
const CACHE = PREFIX + version;
const base = new URL("./", self.location.href);
/** url → {path, integrity, lesson, bytes, gzip} */
const listed = new Map(files.map(([path, integrity, lesson, bytes, gzip]) => [new URL(path, base).href, { path, integrity, lesson, bytes, gzip }]));
const INDEX = new URL("index.html", base).href;
// A file's group: a lesson, or several (the script lessons' shared files: "a,b"), or a view's.
const LESSONS = [...new Set(files.flatMap((f) => (f[2] && !f[2].includes("/") ? f[2].split(",") : [])))];
const urlsOf = (lesson) => [...listed].filter(([, f]) => f.lesson.split(",").includes(lesson)).map(([url]) => url);

/** Listed file `url` of this build, checked against its hash: the copy the browser already has
 * (the page fetched it before this worker was there) without asking the server again, else the
 * server's (it fails if the server now holds another build's bytes: the new worker serves that). */
async function fetchListed(url) {
  const { integrity } = listed.get(url);
  const held = await fetch(new Request(url, { cache: "force-cache", integrity })).catch(() => null);
  if (held?.ok) return held;
  const response = await fetch(new Request(url, { cache: "no-cache", integrity }));
  if (!response.ok) throw new Error(`tatbikat offline cache: ${url} answered ${response.status}`);
  return response;
}

/** Caches the listed files `urls` of this build (those not cached already), calling
 * `progress(done, total)` as each is in. */
async function keep(urls, progress = () => {}) {
  const cache = await caches.open(CACHE);
  let done = 0;
  await Promise.all(
    urls.map(async (url) => {
      if (!(await cache.match(url))) await cache.put(url, await fetchListed(url));
      progress(++done, urls.length);
    }),
  );
}

/** Which lessons this cache holds whole, and the gzip bytes of those it does not. */
async function status() {
  const cache = await caches.open(CACHE);
  const have = new Set((await cache.keys()).map((r) => r.url));
  const kept = LESSONS.filter((id) => urlsOf(id).every((u) => have.has(u)));
  const missing = [...listed].filter(([url, f]) => f.lesson && !have.has(url)).reduce((a, [, f]) => a + f.gzip, 0);
  return { type: "tatbikat:status", version, build, lessons: LESSONS, kept, missing };
}

/** What an older version kept of the lessons (a lesson's module or texts, a view's page): this
 * version keeps the same, in its own build (a lesson whose module was kept, all its own files). */
async function keptBefore() {
  const urls = new Set();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    for (const request of await (await caches.open(name)).keys()) {
      const entry = listed.get(request.url);
      if (!entry?.lesson) continue;
      urls.add(request.url);
      for (const id of entry.lesson.split(",")) if (LESSONS.includes(id)) urlsOf(id).forEach((u) => urls.add(u));
    }
  }
  return [...urls];
}

self.addEventListener("install", (event) => {
  // The shell, and the lessons the version before kept; a retried install fetches only what is
  // missing. `no-cache` revalidates with the server, so an HTTP cache cannot hand back an older
  // build's bytes; the hash refuses them anyway.
  event.waitUntil(
    (async () => {
      await keep([...urlsOf(""), ...(await keptBefore())]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  url.hash = "";
  let key = null;
  if (request.mode === "navigate" && url.origin === base.origin && url.pathname === base.pathname) {
    key = INDEX; // the page, whatever its query (the state is in the query)
  } else {
    url.search = request.mode === "navigate" ? "" : url.search; // a view's page, whatever its query
    if (listed.has(url.href)) key = url.href;
  }
  if (!key) return; // not a file of this build: the network, as without a service worker
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const cached = await cache.match(key);
      if (cached) return cached;
      // Not kept yet: this build's file from the network, kept from now on; another build's
      // bytes are refused (the page says what failed and the new worker takes over).
      try {
        const response = await fetchListed(key);
        event.waitUntil(cache.put(key, response.clone()));
        return response;
      } catch (err) {
        event.waitUntil(self.registration.update().catch(() => {}));
        if (request.mode === "navigate") return fetch(request);
        return Response.error();
      }
    })(),
  );
});

/** `message` to every page of this worker (what is kept is every page's news). */
async function broadcast(message) {
  for (const client of await self.clients.matchAll({ type: "window" })) client.postMessage(message);
}

self.addEventListener("message", (event) => {
  const reply = (message) => event.source?.postMessage(message);
  const data = event.data ?? {};
  if (data.type === "tatbikat:version") reply({ type: "tatbikat:version", version, build });
  else if (data.type === "tatbikat:status") event.waitUntil(status().then(broadcast));
  else if (data.type === "tatbikat:keep") {
    // The lessons a page opened (or every lesson): their files, with progress for the page.
    // Every lesson: their views' pages too (otherwise kept when a page fetches them).
    const urls = data.lessons === "all" ? [...listed].filter(([, f]) => f.lesson).map(([url]) => url) : (data.lessons ?? []).filter((id) => LESSONS.includes(id)).flatMap(urlsOf);
    event.waitUntil(
      keep(urls, (done, total) => reply({ type: "tatbikat:keeping", done, total }))
        .then(status)
        .then(broadcast, (err) => reply({ type: "tatbikat:keep-failed", message: String(err?.message ?? err) })),
    );
  }
});
