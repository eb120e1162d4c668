// A stand-in LMS for the SCORM 1.2 packages (tests/browser/scorm.test.mjs, journeys.test.mjs):
// scorm-again's Scorm12API as the LMS side, the packages unzipped and served from one folder.
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";
import { ROOT } from "./lib.mjs";

// The package exports no dist path: the browser build is read from its folder.
const SCORM12 = join(ROOT, "node_modules", "scorm-again", "dist", "scorm12.js");

/** Unzips `file` into `dir` (emptied first) with Python's zipfile, CRC-checked. */
export function unzip(file, dir) {
  rmSync(dir, { recursive: true, force: true });
  execFileSync("python3", ["-c", "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; z.extractall(sys.argv[2]); print('\\n'.join(z.namelist()))", file, dir]);
}

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css", ".wasm": "application/wasm", ".svg": "image/svg+xml", ".json": "application/json", ".xml": "text/xml" };

/** The stand-in LMS: its page (lms.html) sets window.API = new Scorm12API and frames the
 * launch link; the packages are served from /content/ (the folder `work`) on the same origin,
 * as an LMS does. Resolves to {url, server}. */
export function lms(work) {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LMS</title><script src="/scorm12.js"></script><script src="/lms.js"></script></head><body><iframe id="sco" title="Activity" width="1000" height="800"></iframe></body></html>`;
  const script = `
    window.API = new Scorm12API({ autocommit: false, logLevel: 5 });
    window.lms = { calls: [], values: {} };
    for (const call of ["LMSInitialize", "LMSCommit", "LMSFinish"]) API.on(call, () => lms.calls.push(call));
    API.on("LMSSetValue.cmi.*", (key, value) => { lms.values[key] = value; });
    document.addEventListener("DOMContentLoaded", () => {
      document.getElementById("sco").src = new URLSearchParams(location.search).get("launch");
    });`;
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    const send = (type, body) => (res.writeHead(200, { "Content-Type": type }), res.end(body));
    if (path === "/lms.html") return send("text/html", page);
    if (path === "/lms.js") return send("text/javascript", script);
    if (path === "/scorm12.js") return send("text/javascript", readFileSync(SCORM12));
    if (path.startsWith("/content/")) {
      const file = normalize(join(work, path.slice("/content/".length)));
      if (file.startsWith(work)) {
        try {
          return send(TYPES[extname(file)] ?? "application/octet-stream", readFileSync(file));
        } catch {
          // not there: 404 below
        }
      }
    }
    res.writeHead(404);
    res.end();
  });
  return new Promise((resolve) => server.listen(0, "localhost", () => resolve({ url: `http://localhost:${server.address().port}`, server })));
}
