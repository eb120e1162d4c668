// tatbikat's service worker: after the first visit the page works with the network gone.
// precache.js (written by build.sh) names the site's version and every static file with its SRI
// hash. Installing fetches them all into the cache "tatbikat-VERSION" — the WebAssembly module
// and every lesson's texts too, so every view works offline — and checks each against its hash, so a
// cache never mixes two builds. A new build changes precache.js; the browser then installs the
// new worker next to the old one, and once its cache is complete it takes over, deletes the old
// caches, and the open pages reload (their whole state is in the URL, so nothing is lost).
// Versioned files are answered from the cache first; anything else goes to the network as usual.
/* global TATBIKAT_PRECACHE */
importScripts("./precache.js");

const { version, files } = TATBIKAT_PRECACHE;
const PREFIX = "tatbikat-";
const CACHE = PREFIX + version;
const base = new URL("./", self.location.href);
const listed = new Map(files.map(([path, integrity]) => [new URL(path, base).href, integrity]));
const INDEX = new URL("index.html", base).href;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // A file already cached under this version is complete (it passed its hash): a retried
      // install only fetches what is missing. `no-cache` revalidates with the server, so an HTTP
      // cache cannot hand back an older build's bytes; the hash refuses them anyway.
      await Promise.all(
        [...listed].map(async ([url, integrity]) => {
          if (await cache.match(url)) return;
          const response = await fetch(new Request(url, { cache: "no-cache", integrity }));
          if (!response.ok) throw new Error(`tatbikat offline cache: ${url} answered ${response.status}`);
          await cache.put(url, response);
        }),
      );
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
  let key = null;
  if (request.mode === "navigate" && url.origin === base.origin && (url.pathname === base.pathname || url.href.split(/[?#]/)[0] === INDEX)) {
    key = INDEX; // the page, whatever its query (the state is in the query, the page is one file)
  } else {
    url.hash = "";
    if (listed.has(url.href)) key = url.href;
  }
  if (!key) return; // not a file of this version: the network, as without a service worker
  event.respondWith(
    (async () => {
      const cached = await caches.match(key, { cacheName: CACHE });
      return cached ?? fetch(request);
    })(),
  );
});

// The page asks which version serves it (shown by the tests and the benchmark).
self.addEventListener("message", (event) => {
  if (event.data?.type === "tatbikat:version") event.source?.postMessage({ type: "tatbikat:version", version });
});
