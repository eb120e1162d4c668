#!/usr/bin/env bash
# tatbikat's one entry point. Each step installs what it needs when it is missing and skips what
# is already there (wasm target, pinned wasm-bindgen-cli, npm packages from the lockfile,
# Debian's chromium for the browser tests).
#   ./build.sh serve   build everything and serve the playground on 127.0.0.1 (PORT, default 8000)
#   ./build.sh test    every test (ONLY=regex: only the node and browser tests whose names match)
#   ./build.sh bench   the benchmark figures, side by side in one table (tests/bench/suite.mjs)
#   ./build.sh build   build the CLI and the static site in www/ without serving
#   ./build.sh new-lesson ID   a new lesson folder src/lessons/ID/ from tools/lesson-template/,
#                      its registry line and its goldens (docs/adding-a-lesson.md)
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$PWD
# Tools that do not change with the checkout (the pinned wasm-bindgen-cli) live in a cache outside
# it, so a fresh clone on a machine that built once does not compile them again (4+ minutes).
CACHE=${TATBIKAT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tatbikat}
# The wasm-bindgen CLI must be exactly the crate's version in Cargo.lock.
WBG_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
WBG_ROOT=$CACHE/wasm-bindgen-cli-$WBG_VERSION
export PATH="$WBG_ROOT/bin:$ROOT/.tools/bin:$ROOT/node_modules/.bin:$PATH"
# CI (TATBIKAT_TARGET_CACHE=1, set by .ci/run) keeps cargo's target/ in that cache too, as CI
# services cache it: a fresh clone then compiles only this crate, not its dependencies again.
# Cargo's hashes do not depend on where the clone is, and its file locks keep two builds apart.
# Not for checkouts side by side: they would overwrite each other's built CLI and site.
if [ "${TATBIKAT_TARGET_CACHE:-}" = 1 ] && [ ! -e target ]; then
  mkdir -p "$CACHE/target"
  ln -s "$CACHE/target" target
fi

# Where cargo builds this crate from: the checkout, or under CI its copy at a fixed path
# (stable_source). And into: target/, or the cache's target dir by its own path, not through the
# clone's symlink: rustc's incremental state tracks the paths cargo passes it (--out-dir, -L,
# --extern), and the symlink's path changes with every clone.
SRC=$ROOT
TARGET_DIR=$ROOT/target
[ ! -L target ] || TARGET_DIR=$(cd target && pwd -P)

# The registry's build-time pick of one lesson (src/lessons/mod.rs) is build_www's alone: every
# other build, test and the node package hold every lesson.
unset TATBIKAT_LESSON

# Each step says what it does, with the seconds since the start; `phases` prints how long each
# step of this shell took (the subshells that build modules two at a time report as one step).
PHASES=()
say() {
  printf '\033[1m==> [%4d s] %s\033[0m\n' "$SECONDS" "$*" >&2
  [ "${BASH_SUBSHELL:-0}" != 0 ] || PHASES+=("$SECONDS $*")
}
phases() {
  local i t0 t1 name
  echo "time by step (seconds):" >&2
  for ((i = 0; i < ${#PHASES[@]}; i++)); do
    t0=${PHASES[$i]%% *}
    name=${PHASES[$i]#* }
    t1=$SECONDS
    [ $((i + 1)) -lt ${#PHASES[@]} ] && t1=${PHASES[$((i + 1))]%% *}
    printf '  %5d  %s\n' $((t1 - t0)) "$name" >&2
  done
  printf '  %5d  in all\n' "$SECONDS" >&2
}

# The producers and target-features sections are metadata no browser reads (−0.2 KB gzip).
# --one-caller-inline-max-function-size=0: binaryen leaves functions with one caller in place
# rather than inlining them into it. Measured on this module: 136.6 KB gzip -9 against 156.3 KB
# with the default (the raw module is 3 % larger, but small look-alike functions compress far
# better than one-off giant ones); the Monte Carlo figure of ./build.sh bench is unchanged.
WASM_OPT_FLAGS=(-Oz --converge --one-caller-inline-max-function-size=0 --enable-bulk-memory
  --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals --enable-reference-types
  --strip-producers --strip-target-features)

need_rust_components() {
  cargo fmt --version >/dev/null 2>&1 || rustup component add rustfmt
  cargo clippy --version >/dev/null 2>&1 || rustup component add clippy
}

need_wasm_target() {
  rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
}

need_wasm_bindgen() {
  if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WBG_VERSION" ]; then
    say "installing wasm-bindgen-cli $WBG_VERSION into $WBG_ROOT (a few minutes, once a machine)"
    mkdir -p "$CACHE"
    cargo install --root "$WBG_ROOT" wasm-bindgen-cli --version "$WBG_VERSION"
  fi
}

# A finished build in $1 (a temporary folder in the cache) becomes cache entry $2 whole or not at
# all: a build beside this one that put it there first keeps it.
cache_put() {
  mv -T "$1" "$2" 2>/dev/null || rm -rf "$1"
}

# Keeps the newest $2 cache entries whose paths start with $1.
cache_prune() {
  ls -dt "$1"* 2>/dev/null | tail -n +$(($2 + 1)) | xargs -r rm -rf
}

need_npm() {
  command -v npm >/dev/null || { echo "tatbikat: node and npm are needed" >&2; exit 1; }
  local sum
  sum=$(sha256sum package-lock.json | cut -d' ' -f1)
  if [ "$(cat node_modules/.tatbikat-lock 2>/dev/null)" != "$sum" ]; then
    # What `npm ci` installed from this lockfile is kept in the cache: a fresh clone copies it
    # (1 s) instead of installing it again (5-7 s, measured on clean clones).
    local kept=$CACHE/node_modules-$sum tmp
    if [ -f "$kept/.tatbikat-lock" ]; then
      say "npm packages: as npm ci installed them from this package-lock.json, from the cache"
      rm -rf node_modules
      cp -a "$kept" node_modules
    else
      say "npm ci (packages pinned in package-lock.json)"
      npm ci --no-audit --no-fund
      echo "$sum" > node_modules/.tatbikat-lock
      mkdir -p "$CACHE"
      tmp=$(mktemp -d "$CACHE/.new-node_modules-XXXXXX") && chmod 755 "$tmp"
      cp -a node_modules/. "$tmp"
      cache_put "$tmp" "$kept"
      cache_prune "$CACHE/node_modules-" 2
    fi
  fi
}

# Debian's chromium (the benchmark measures the page in it), chromium-driver (wasm-bindgen-test in
# a browser) and chromium-headless-shell (the browser suites: the same Chromium without its window
# code, less CPU per page; tests/browser/lib.mjs).
need_chromium() {
  if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null || ! command -v chromium-headless-shell >/dev/null; then
    say "installing Debian's chromium, chromium-driver and chromium-headless-shell"
    local sudo="" pkgs=(chromium chromium-driver chromium-headless-shell)
    [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get install -y "${pkgs[@]}" >/dev/null 2>&1 ||
      { $sudo apt-get update >/dev/null && $sudo apt-get install -y "${pkgs[@]}" >/dev/null; }
  fi
}

# Under CI (TATBIKAT_TARGET_CACHE=1) the Rust builds and checks run from a copy of the checkout
# at a fixed path, $CACHE/source: rustc reuses its incremental state only for sources at the path
# it was made for (the working directory is among what it tracks, and --remap-path-prefix is
# too), and CI clones to a new path each time. The copy is updated file by file: a file that did
# not change keeps its time, so cargo skips what it does not touch, and a change rebuilds what it
# touches (measured: the ci profile's CLI from a clone at a new path 28 CPU-s, from the copy
# 1 CPU-s). One run at a time holds the copy (a lock); another builds in its own checkout.
# (rsync --checksum would do the copying, but it is not on these machines, CI's included: the
# loop below is cmp and cp, about 1 s for the checkout's 330 files.)
stable_source() {
  [ "${TATBIKAT_TARGET_CACHE:-}" = 1 ] || return 0
  local dir=$CACHE/source f rel
  git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1 || return 0
  mkdir -p "$dir"
  exec 9>"$CACHE/source.lock"
  if ! flock -n 9; then
    say "another build holds $dir: building in this checkout"
    return 0
  fi
  local files=()
  declare -A keep=()
  while IFS= read -r -d '' f; do
    [ -f "$ROOT/$f" ] && [ ! -L "$ROOT/$f" ] || continue
    files+=("$f")
    keep[$f]=1
  done < <(git -C "$ROOT" ls-files -z --cached --others --exclude-standard)
  # What the checkout no longer has goes first (a file that became a folder, or the reverse).
  while IFS= read -r -d '' f; do
    rel=${f#"$dir"/}
    [ -n "${keep[$rel]:-}" ] || rm -f "$f"
  done < <(find "$dir" ! -type d -print0)
  find "$dir" -mindepth 1 -type d -empty -delete
  for f in "${files[@]}"; do
    cmp -s "$ROOT/$f" "$dir/$f" || { mkdir -p "$dir/$(dirname "$f")" && cp "$ROOT/$f" "$dir/$f"; }
  done
  SRC=$dir
  # The tests find the course's folder beside the checkout, not beside the copy.
  [ -n "${TATBIKAT_SHARED:-}" ] || [ ! -d "$ROOT/../shared" ] || export TATBIKAT_SHARED=$(cd "$ROOT/../shared" && pwd)
  say "the Rust side builds from $dir (${#files[@]} files of this checkout, kept at a fixed path for cargo's incremental state)"
}

build_cli() {
  say "building the core and CLI (release)"
  cargo build --release --locked
}

# The CLI the tests compare against: the `ci` profile (release without LTO, Cargo.toml).
build_test_cli() {
  say "building the core and CLI (profile ci, for the tests)"
  (cd "$SRC" && CARGO_TARGET_DIR=$TARGET_DIR cargo build --profile ci --locked --bin tatbikat)
  export TATBIKAT_CLI=$ROOT/target/ci/tatbikat
}

# The lessons of the registry, in its order (the CLI's --lessons, built before this).
registry_ids() {
  "${TATBIKAT_CLI:-target/release/tatbikat}" --lessons | cut -d' ' -f1
}

# A short digest of what the WebAssembly of lesson $1 is built from ($1 empty: every lesson, the
# node package): src/ less the CLI and the other lessons' folders (build.rs compiles a module with its own
# lesson only), build.rs, Cargo.toml and Cargo.lock, and the tools' versions and flags. Built
# outputs are kept under this digest in the cache outside the checkout, so a fresh clone on a
# machine that built them skips them, and an edit to one lesson rebuilds that lesson's module.
inputs_digest() {
  # src/cli/ is the CLI's own crate: no module compiles it.
  local id=$1 other skip=(-not -path "src/cli/*")
  if [ -n "$id" ]; then
    for other in $IDS; do
      [ "$other" = "$id" ] || skip+=(-not -path "src/lessons/$other/*")
    done
  fi
  {
    find src build.rs Cargo.toml Cargo.lock -type f "${skip[@]}" -print0 | sort -z | xargs -0 sha256sum
    echo "${id:-every lesson} $WBG_VERSION $(rustc --version) $(wasm-opt --version) ${WASM_OPT_FLAGS[*]}"
  } | sha256sum | cut -c1-20
}

# Builds lesson $1's page module into the cache (in cargo target dir $2), unless it is there.
# Two of these run at once (build_www): one crate build and one wasm-opt are each one core's work.
build_module() {
  local id=$1 dir=$2 digest entry tmp
  digest=$(inputs_digest "$id")
  entry=$CACHE/modules/$id-$digest
  # The copy into www/pkg reads which entry this build is (no second digest of the sources).
  mkdir -p target/module-entries
  echo "$entry" > "target/module-entries/$id"
  if [ -f "$entry/$id.wasm" ]; then
    say "the page's module of $id: unchanged, from the cache ($digest)"
    touch "$entry"
  else
    say "building the page's module of $id (wasm-opt: npm binaryen)"
    TATBIKAT_LESSON=$id CARGO_TARGET_DIR=$dir cargo build --profile wasm --locked \
      --target wasm32-unknown-unknown --lib --quiet
    tmp=$(mktemp -d "$CACHE/modules/.new-$id-XXXXXX")
    wasm-bindgen --target web --out-name tatbikat --out-dir "$tmp" --no-typescript \
      "$dir/wasm32-unknown-unknown/wasm/tatbikat.wasm"
    wasm-opt "${WASM_OPT_FLAGS[@]}" "$tmp/tatbikat_bg.wasm" -o "$tmp/$id.wasm"
    rm "$tmp/tatbikat_bg.wasm"
    # Whole or not at all: a cache entry appears with both files or not at all.
    cache_put "$tmp" "$entry"
  fi
  # The newest few builds of each lesson are kept.
  cache_prune "$CACHE/modules/$id-" 4
}

build_www() {
  need_wasm_target
  need_wasm_bindgen
  need_npm
  mkdir -p "$CACHE/modules"
  IDS=$(registry_ids)
  # The node package for the node tests and tools: every lesson in one module, loadable with
  # require(). wasm-bindgen's nodejs output is CommonJS in .js files, and package.json says
  # "type": "module" for the whole tree: the folder's own package.json makes node read them as
  # CommonJS again.
  local digest entry tmp
  digest=$(inputs_digest "")
  entry=$CACHE/modules/pkg-node-$digest
  if [ ! -f "$entry/tatbikat_bg.wasm" ]; then
    say "building the core for WebAssembly: every lesson (the node package)"
    cargo build --profile wasm --locked --target wasm32-unknown-unknown --lib
    tmp=$(mktemp -d "$CACHE/modules/.new-pkg-node-XXXXXX")
    wasm-bindgen --target nodejs --out-name tatbikat --out-dir "$tmp" --no-typescript \
      target/wasm32-unknown-unknown/wasm/tatbikat.wasm
    echo '{ "type": "commonjs" }' > "$tmp/package.json"
    cache_put "$tmp" "$entry"
  else
    say "the node package: unchanged, from the cache ($digest)"
    touch "$entry"
  fi
  cache_prune "$CACHE/modules/pkg-node-" 4
  rm -rf target/pkg-node
  cp -r "$entry" target/pkg-node
  # The page: one module per lesson (www/pkg/<id>.wasm), each the shared core and that lesson
  # alone (TATBIKAT_LESSON picks it, build.rs compiles no other), so a visit downloads one
  # lesson's code however many lessons the course has. Two lanes, each with its own cargo
  # target dir, build them two at a time. They share one JavaScript glue (www/pkg/tatbikat.js):
  # the bindings are the same, which is checked here.
  local ids id lane pids=() status=0
  # ... and the module of the script lessons (issue 34): the shared core without any lesson's
  # model (TATBIKAT_LESSON=script), which reads a script lesson's printed text.
  ids="$IDS script"
  for lane in 0 1; do
    (
      set -e
      n=0
      for id in $ids; do
        if [ $((n % 2)) = "$lane" ]; then build_module "$id" "target/wasm-lane-$lane"; fi
        n=$((n + 1))
      done
    ) &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || status=$?; done
  [ "$status" = 0 ] || { echo "tatbikat: building the page's modules failed" >&2; exit "$status"; }
  # The page's router (src/route.rs): query::home alone, with no bindings, so a visit asks the
  # core which lesson's module a link is for before it loads one (www/route.js).
  # The router is built from every lesson's sources, as the node package: the same digest.
  digest=$(echo "$digest" | cut -c1-16)-route
  local router=$CACHE/modules/route-$digest
  if [ ! -f "$router/home.wasm" ]; then
    say "building the page's router: query::home alone (the route feature)"
    cargo build --profile wasm --locked --target wasm32-unknown-unknown --lib --features route
    tmp=$(mktemp -d "$CACHE/modules/.new-route-XXXXXX")
    wasm-opt "${WASM_OPT_FLAGS[@]}" target/wasm32-unknown-unknown/wasm/tatbikat.wasm -o "$tmp/home.wasm"
    cache_put "$tmp" "$router"
  else
    touch "$router"
  fi
  cache_prune "$CACHE/modules/route-" 4
  # The page's packager (src/scorm_wasm.rs, the scorm feature): a view's SCORM package, built in
  # the browser with the CLI's code; loaded only when a teacher downloads one (www/scorm/package.js).
  local packager=$CACHE/modules/scorm-${digest%-route}
  if [ ! -f "$packager/package.wasm" ]; then
    say "building the page's packager: the SCORM package alone (the scorm feature)"
    cargo build --profile wasm --locked --target wasm32-unknown-unknown --lib --features scorm
    tmp=$(mktemp -d "$CACHE/modules/.new-scorm-XXXXXX")
    wasm-opt "${WASM_OPT_FLAGS[@]}" target/wasm32-unknown-unknown/wasm/tatbikat.wasm -o "$tmp/package.wasm"
    cache_put "$tmp" "$packager"
  else
    touch "$packager"
  fi
  cache_prune "$CACHE/modules/scorm-" 4
  rm -rf www/pkg www/vendor
  mkdir -p www/pkg/route
  cp "$router/home.wasm" www/pkg/route/home.wasm
  mkdir -p www/pkg/scorm
  cp "$packager/package.wasm" www/pkg/scorm/package.wasm
  local first=
  for id in $ids; do
    out=$(cat "target/module-entries/$id")
    if [ -z "$first" ]; then
      first=$id
      cp "$out/tatbikat.js" www/pkg/tatbikat.js
    elif ! cmp -s "$out/tatbikat.js" www/pkg/tatbikat.js; then
      echo "tatbikat: the modules of $first and $id need different JavaScript glue (www/pkg/tatbikat.js)" >&2
      exit 1
    fi
    cp "$out/$id.wasm" "www/pkg/$id.wasm"
  done
  say "bundling the chart scales (d3-scale) and the QR encoder (uqr) into www/vendor"
  esbuild www/vendor-src/d3-scale.js --bundle --format=esm --minify --log-level=warning \
    --outfile=www/vendor/d3-scale.js
  # The QR encoder of the exports and the printed page (uqr), loaded only when they need it.
  esbuild www/vendor-src/qr.js --bundle --format=esm --minify --log-level=warning \
    --outfile=www/vendor/qr.js
  # The lessons' list and page texts, from the registry and each lesson's folder
  # (www/lessons.js, www/i18n/lessons.js).
  node tools/texts.mjs www
  # The page's modules bundled and minified into www/min/ (app.js's graph: 33 modules, 71 KB
  # gzip, into a few files, about 43 KB); the sources stay ES modules for the node tests.
  node tools/bundle.mjs www
  # What a SCORM package needs to open from disk (file://): classic scripts in www/disk/, which
  # the site never loads (src/scorm.rs puts them in every package).
  node tools/disk.mjs www
  # The site's pages: every lesson's view at its values, drawn at build time by the page's own
  # renderers from the core (index.html, <id>.html, <id>.en.html), then checked against what each
  # lesson's page module computes: a build whose pages differ from it fails.
  node tools/prerender.mjs www
  node tools/prerender.mjs www --check
  # The offline copy's version and file list (www/precache.js, read by the service worker www/sw.js).
  node tools/precache.mjs www
  say "site ready in www/ (modules gzipped: $(for id in $ids; do printf '%s %s B  ' "$id" "$(gzip -9c "www/pkg/$id.wasm" | wc -c)"; done)router $(gzip -9c www/pkg/route/home.wasm | wc -c) B, packager $(gzip -9c www/pkg/scorm/package.wasm | wc -c) B)"
}

quality_gates() {
  # The page builds its DOM with DOM methods and textContent only: nothing that parses HTML or
  # code from strings (generated www/pkg, www/vendor, www/min and www/disk are not ours).
  local html
  html=$(grep -rnE 'innerHTML|outerHTML|insertAdjacentHTML|document\.write|createContextualFragment|new Function|[^.a-zA-Z]eval\(' \
    www --include='*.js' --include='*.html' --exclude-dir=pkg --exclude-dir=vendor --exclude-dir=min --exclude-dir=disk || true)
  if [ -n "$html" ]; then
    echo "www/ parses HTML or code from strings:" >&2
    echo "$html" >&2
    exit 1
  fi
  # The native core and CLI depend on no WebAssembly crate (they live under cfg(wasm32) only).
  local wasm
  wasm=$(cargo tree --locked -e normal --prefix none | grep -E '^(wasm-bindgen|js-sys|web-sys|getrandom|serde-wasm-bindgen)[ -]' || true)
  if [ -n "$wasm" ]; then
    echo "the native dependency tree has WebAssembly crates:" >&2
    echo "$wasm" >&2
    exit 1
  fi
  echo "ok: no innerHTML/eval-like calls in www/; native tree: $(cargo tree --locked -e normal --prefix none | sed 's/ (.*//' | sort -u | grep -v '^tatbikat' | tr '\n' ' ')"
}

# Clippy -D warnings (native, wasm32, the router), cargo test and the wasm-bindgen tests, in
# their own cargo target dir (target/checks: no lock shared with the builds); `./build.sh test`
# runs them beside the rest.
rust_checks() {
  set -euo pipefail
  local t0=$SECONDS
  export CARGO_TARGET_DIR=$TARGET_DIR/checks
  cd "$SRC"
  cargo clippy --locked --all-targets -- -D warnings
  cargo clippy --locked --target wasm32-unknown-unknown --lib --test wasm -- -D warnings
  cargo clippy --locked --target wasm32-unknown-unknown --lib --features route -- -D warnings
  cargo clippy --locked --target wasm32-unknown-unknown --lib --features scorm -- -D warnings
  local t1=$SECONDS
  cargo test --locked
  local t2=$SECONDS
  wasm_bindgen_tests
  echo "  rust checks: clippy $((t1 - t0)) s, cargo test $((t2 - t1)) s, wasm-bindgen-test $((SECONDS - t2)) s"
}

wasm_bindgen_tests() {
  echo "wasm-bindgen-test under node"
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
    cargo test --locked --target wasm32-unknown-unknown --test wasm
}

case "${1:-}" in
  build)
    build_cli
    build_www
    ;;
  serve)
    build_cli
    build_www
    say "serving www/ (Ctrl-C to stop)"
    exec python3 tools/serve.py www
    ;;
  test)
    # Every test. Last, the node and browser suites (tests/node/*.test.mjs and
    # tests/browser/<topic>.test.mjs) under node's own runner, node:test, through one entry point,
    # `npm test` (the "test" script in package.json: tests/run.mjs), run here and by hand alike.
    # It runs the *.test.mjs files of both directories (not lib.mjs or a11y.mjs), two files at a
    # time (TEST_CONCURRENCY=1: one at a time; the page's printed time figures, measured next to
    # a second chromium on 2 cores, come out up to twice as high: the time budgets are
    # ./build.sh bench's, never asserted by a test), the heaviest suites first so that no long
    # suite runs alone at the end. Each browser suite is one describe() named for its topic; its
    # server and browser live in before/after hooks, and its figures and tables are printed at
    # its end.
    # ONLY=regex runs only the tests whose names match (tests/run.mjs passes it to node:test as
    # a test name pattern): a suite's name counts too (ONLY=hostile runs
    # every hostile link), the rest are listed as skipped, and a test that builds on an earlier
    # one needs that one too.
    need_rust_components
    need_wasm_target
    say "cargo fmt --check (and rustfmt on the lesson folders, whose modules the registry macro hides from it)"
    cargo fmt --check
    rustfmt --edition 2024 --check src/lessons/*/mod.rs tools/lesson-template/mod.rs docs/examples/*.rs
    say "quality gates: no HTML parsing of data in www/, no wasm crate in the native core"
    quality_gates
    # Clippy, cargo test and the wasm-bindgen tests run beside the builds and the suites, at the
    # lowest priority: the browser suites leave a core idle for about a third of their time
    # (their waits, the last file alone), which these fill. Their own cargo target dir keeps the
    # two apart (no wait for the other's lock). Their output is printed at the end.
    need_wasm_bindgen # its test runner, for the wasm-bindgen tests
    say "clippy (native and wasm32), cargo test, wasm-bindgen-test: started beside the rest, at the lowest priority"
    rust_started=$SECONDS
    mkdir -p target
    stable_source
    export ROOT SRC TARGET_DIR
    export -f rust_checks wasm_bindgen_tests
    setsid nice -n 19 bash -c rust_checks > target/rust-checks.log 2>&1 &
    rust_pid=$!
    trap 'kill -- -"$rust_pid" 2>/dev/null || true' EXIT
    build_test_cli
    build_www
    need_chromium
    # The browser the suites drive, as tests/browser/lib.mjs picks it (CHROMIUM, else Debian's
    # headless shell, else chromium), and its version: a browser's release can change what a
    # suite sees (issue 32: a failed module's fetches), so every run says which one it ran with.
    browser=$(node --input-type=module -e 'import { CHROMIUM } from "./tests/browser/lib.mjs"; console.log(CHROMIUM)')
    version=$("$browser" --version 2>/dev/null) || version="version unknown"
    say "node and browser tests (node:test, $browser: $version)${ONLY:+: only names matching /$ONLY/}"
    npm_status=0
    # (9>&-: the browsers and servers the suites start do not hold the source copy's lock.)
    npm test 9>&- || npm_status=$?
    say "clippy, cargo test and wasm-bindgen-test (started at $rust_started s)"
    rust_status=0
    wait "$rust_pid" || rust_status=$?
    trap - EXIT
    if [ "$rust_status" != 0 ]; then
      cat target/rust-checks.log >&2
      echo "tatbikat: clippy, cargo test or wasm-bindgen-test failed (above; the whole output is in target/rust-checks.log)" >&2
    else
      grep -oE '^test result: ok\. [0-9]+ passed' target/rust-checks.log | awk '{ n += $4 } END { printf "cargo test and wasm-bindgen-test: %d tests passed (%d test binaries and doctests)\n", n, NR }' >&2
      grep '^  rust checks' target/rust-checks.log >&2
    fi
    [ "$npm_status" = 0 ] || echo "tatbikat: the node and browser tests failed (above)" >&2
    [ "$npm_status" = 0 ] && [ "$rust_status" = 0 ] || exit 1
    say "all tests passed"
    phases
    ;;
  bench)
    build_cli
    build_www
    need_chromium
    say "benchmark: native, WebAssembly in node and in chromium, the page (one table)"
    # The page as its users have it: the full chromium, not the suites' headless shell.
    CHROMIUM=${CHROMIUM:-/usr/bin/chromium} node tests/bench/suite.mjs
    ;;
  new-lesson)
    [ $# -eq 2 ] || { echo "usage: ./build.sh new-lesson ID" >&2; exit 2; }
    command -v node >/dev/null || { echo "tatbikat: node is needed" >&2; exit 1; }
    node tools/new-lesson.mjs "$2"
    # The renamed template as rustfmt writes it (names of another length wrap otherwise).
    rustfmt --edition 2024 "src/lessons/$2/mod.rs"
    build_cli
    # Goldens from the new lesson's own output; replace them with what the lesson's script prints.
    sections=$(target/release/tatbikat --lessons | awk -v id="$2" '$1 == id { $1 = ""; print }')
    target/release/tatbikat "$2" > "tests/golden/$2.txt"
    for section in $sections; do
      target/release/tatbikat "$2" --section "$section" > "tests/golden/$2-$section.txt"
    done
    say "lesson $2: src/lessons/$2/, tests/golden/$2*.txt and one line in src/lessons/mod.rs; next: docs/adding-a-lesson.md"
    ;;
  *)
    echo "usage: ./build.sh serve|test|bench|build|new-lesson ID" >&2
    exit 2
    ;;
esac
