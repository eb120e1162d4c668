#!/usr/bin/env python3
"""Serves www/ on 127.0.0.1 with the page's Content-Security-Policy, the right MIME types and no
caching (so a rebuilt page is what you see). Usage: serve.py [DIR]; PORT (default 8000).
FRAME_ANCESTORS sets the policy's frame-ancestors (default `*`, any site may embed the page), e.g.
FRAME_ANCESTORS="'self' https://course.example" to try a production allow-list locally.
TATBIKAT_CSP_REPORT=1 adds `report-uri /csp-report` to the policy and prints every violation
report the browser posts there as a line `csp-report: {json}` (the browser tests read them).
TATBIKAT_GZIP=1 answers a client that accepts gzip with every text and WebAssembly file gzipped
(level 9, Content-Encoding: gzip), as a static host compresses them: what ./build.sh bench
measures a phone's first visit with. TATBIKAT_MAX_AGE=N sends `Cache-Control: max-age=N` instead
of `no-cache`, as a static host may: the browser suites serve a site that does not change while
they run, and a page load that revalidates its 25 files with this server cost about 90 ms more
CPU (the browser's network service, this server) than one from the browser's cache."""

import email.utils
import gzip
import http.server
import io
import os
import socketserver
import subprocess
import sys
import threading

PRECACHE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "precache.mjs")

# The page's policy (nothing from elsewhere, no inline script or style, WebAssembly allowed), from
# its one source, tools/csp.txt, which the pages' <meta> copy too (tools/prerender.mjs).
# frame-ancestors * lets any course site embed the page; docs/hosting.md says how to narrow it.
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "csp.txt"), encoding="utf-8") as f:
    CSP = f.read().strip() + "; frame-ancestors " + (os.environ.get("FRAME_ANCESTORS") or "*")
REPORT = os.environ.get("TATBIKAT_CSP_REPORT") == "1"
GZIP = os.environ.get("TATBIKAT_GZIP") == "1"
# What a static host compresses: text and WebAssembly (images other than SVG are compressed already).
COMPRESSED = (".html", ".js", ".mjs", ".css", ".json", ".svg", ".wasm", ".webmanifest", ".txt")
GZIPPED = {}  # path -> (mtime, size, gzipped bytes)
MAX_AGE = os.environ.get("TATBIKAT_MAX_AGE")
CACHE_CONTROL = f"max-age={int(MAX_AGE)}" if MAX_AGE else "no-cache"
if REPORT:
    CSP += "; report-uri /csp-report"


def files_now(root="."):
    """Every file under `root` but precache.js, with its size and times: what precache.mjs reads.
    A write changes a file's ctime, which nothing can set back; walking 180 files takes 1 ms."""
    out = []
    written = os.path.join(root, "precache.js")
    for folder, dirs, names in os.walk(root, followlinks=True):
        dirs.sort()
        for name in sorted(names):
            path = os.path.join(folder, name)
            if path == written:
                continue
            try:
                st = os.stat(path)
            except OSError:
                continue
            out.append((path, st.st_size, st.st_mtime_ns, st.st_ctime_ns))
    return out


PRECACHED = {"files": None}  # the files as precache.mjs last read them
PRECACHING = threading.Lock()


def refresh_precache():
    """Rewrites precache.js when a file changed since it was last written (or on the first
    request). Every service worker's update check asks for precache.js: rewriting it each time
    ran precache.mjs about 50 times in a test run, 13 s of CPU, for files that had not changed."""
    with PRECACHING:
        now = files_now()
        if now != PRECACHED["files"]:
            subprocess.run(["node", PRECACHE, "."], stdout=subprocess.DEVNULL, check=False)
            PRECACHED["files"] = now


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".svg": "image/svg+xml",
        ".webmanifest": "application/manifest+json",
    }

    def end_headers(self):
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Cache-Control", CACHE_CONTROL)
        # The loader course sites include: as a module script (<script type="module">) a page of
        # another origin runs it only with this header (docs/hosting.md); nothing else needs it.
        if self.path.split("?")[0].endswith("/tatbikat-embed.js"):
            self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def do_GET(self):
        # The offline copy's list follows the files as they are now, so a page edited by hand
        # (without ./build.sh build) is what the service worker installs on the next visit.
        if self.path.split("?")[0] == "/precache.js":
            refresh_precache()
        super().do_GET()

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not self.path.split("?")[0].endswith("/"):
                return super().send_head()  # the redirect to the folder's address
            path = os.path.join(path, "index.html")
        accepts = "gzip" in (self.headers.get("Accept-Encoding") or "")
        if not (GZIP and accepts and path.endswith(COMPRESSED) and os.path.isfile(path)):
            return super().send_head()
        stat = os.stat(path)
        cached = GZIPPED.get(path)
        if not cached or cached[:2] != (stat.st_mtime_ns, stat.st_size):
            with open(path, "rb") as f:
                cached = (stat.st_mtime_ns, stat.st_size, gzip.compress(f.read(), 9, mtime=0))
            GZIPPED[path] = cached
        body = cached[2]
        # A revalidation (the service worker's no-cache fetches) gets 304, as from any host.
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                if int(stat.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(304)
                    self.end_headers()
                    return None
            except (TypeError, ValueError, OverflowError):
                pass
        self.send_response(200)
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def do_POST(self):
        if not REPORT or self.path != "/csp-report":
            self.send_error(405)
            return
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        print("csp-report: " + body.decode("utf-8", "replace").replace("\n", " "), flush=True)
        self.send_response(204)
        self.end_headers()

    def log_message(self, fmt, *args):
        if os.environ.get("TATBIKAT_QUIET") != "1":
            super().log_message(fmt, *args)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):
        # A browser that leaves mid-download (a closed tab, a test's page) is not an error.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "www"
    port = int(os.environ.get("PORT", "8000"))
    os.chdir(root)
    try:
        server = Server(("127.0.0.1", port), Handler)
    except OSError as e:
        sys.exit(f"tatbikat: cannot listen on 127.0.0.1:{port} ({e.strerror}); set PORT to a free port")
    print(f"tatbikat: serving http://127.0.0.1:{server.server_address[1]}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
