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

# The registry's build-time pick of one lesson (src/lessons/mod.rs) is build_www's alone: every
# other build, test and the node package hold every lesson.
unset TATBIKAT_LESSON

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

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

need_npm() {
  command -v npm >/dev/null || { echo "tatbikat: node and npm are needed" >&2; exit 1; }
  local sum
  sum=$(sha256sum package-lock.json | cut -d' ' -f1)
  if [ "$(cat node_modules/.tatbikat-lock 2>/dev/null)" != "$sum" ]; then
    say "npm ci (packages pinned in package-lock.json)"
    npm ci --no-audit --no-fund
    echo "$sum" > node_modules/.tatbikat-lock
  fi
}

need_chromium() {
  if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    say "installing Debian's chromium and chromium-driver"
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get install -y chromium chromium-driver >/dev/null 2>&1 ||
      { $sudo apt-get update >/dev/null && $sudo apt-get install -y chromium chromium-driver >/dev/null; }
  fi
}

build_cli() {
  say "building the core and CLI (release)"
  cargo build --release --locked
}

# Whether the built file $1 is missing or older than the sources it is built from.
stale() {
  [ ! -f "$1" ] || [ -n "$(find src Cargo.toml Cargo.lock build.sh -newer "$1" -print -quit)" ]
}

build_www() {
  need_wasm_target
  need_wasm_bindgen
  need_npm
  local wasm=target/wasm32-unknown-unknown/wasm/tatbikat.wasm
  # The node package for the node tests and tools: every lesson in one module, loadable with
  # require(). wasm-bindgen's nodejs output is CommonJS in .js files, and package.json says
  # "type": "module" for the whole tree: the folder's own package.json makes node read them as
  # CommonJS again.
  if stale target/pkg-node/tatbikat_bg.wasm; then
    say "building the core for WebAssembly: every lesson (the node package)"
    cargo build --profile wasm --locked --target wasm32-unknown-unknown --lib
    rm -rf target/pkg-node
    wasm-bindgen --target nodejs --out-name tatbikat --out-dir target/pkg-node --no-typescript "$wasm"
    echo '{ "type": "commonjs" }' > target/pkg-node/package.json
  fi
  # The page: one module per lesson (www/pkg/<id>.wasm), each the shared core and that lesson
  # alone (TATBIKAT_LESSON picks it in src/lessons/mod.rs's registry), so a visit downloads one
  # lesson's code however many lessons the course has. They share one JavaScript glue
  # (www/pkg/tatbikat.js): the bindings are the same, which is checked here.
  local ids id out
  ids=$(node -e 'for (const l of require("./target/pkg-node/tatbikat.js").lessons()) console.log(l.id)')
  mkdir -p target/lesson-pkg
  for id in $ids; do
    out=target/lesson-pkg/$id
    if stale "$out/$id.wasm"; then
      say "building the page's module of $id (wasm-opt: npm binaryen)"
      TATBIKAT_LESSON=$id cargo build --profile wasm --locked --target wasm32-unknown-unknown --lib
      rm -rf "$out"
      wasm-bindgen --target web --out-name tatbikat --out-dir "$out" --no-typescript "$wasm"
      wasm-opt "${WASM_OPT_FLAGS[@]}" "$out/tatbikat_bg.wasm" -o "$out/$id.wasm"
      rm "$out/tatbikat_bg.wasm"
    fi
  done
  # The page's router (src/route.rs): query::home alone, with no bindings, so a visit asks the
  # core which lesson's module a link is for before it loads one (www/route.js).
  out=target/lesson-pkg/route
  if stale "$out/home.wasm"; then
    say "building the page's router: query::home alone (the route feature)"
    cargo build --profile wasm --locked --target wasm32-unknown-unknown --lib --features route
    mkdir -p "$out"
    wasm-opt "${WASM_OPT_FLAGS[@]}" "$wasm" -o "$out/home.wasm"
  fi
  rm -rf www/pkg www/vendor
  mkdir -p www/pkg/route
  cp "$out/home.wasm" www/pkg/route/home.wasm
  local first=
  for id in $ids; do
    out=target/lesson-pkg/$id
    if [ -z "$first" ]; then
      first=$id
      cp "$out/tatbikat.js" www/pkg/tatbikat.js
    elif ! cmp -s "$out/tatbikat.js" www/pkg/tatbikat.js; then
      echo "tatbikat: the modules of $first and $id need different JavaScript glue (www/pkg/tatbikat.js)" >&2
      exit 1
    fi
    cp "$out/$id.wasm" "www/pkg/$id.wasm"
  done
  say "bundling the chart scales (d3-scale) into www/vendor"
  esbuild www/vendor-src/d3-scale.js --bundle --format=esm --minify --log-level=warning \
    --outfile=www/vendor/d3-scale.js
  # The lessons' list and page texts, from the registry and each lesson's folder
  # (www/lessons.js, www/i18n/lessons.js).
  node tools/texts.mjs www
  # The offline copy's version and file list (www/precache.js, read by the service worker www/sw.js).
  node tools/precache.mjs www
  say "site ready in www/ (modules gzipped: $(for id in $ids; do printf '%s %s B  ' "$id" "$(gzip -9c "www/pkg/$id.wasm" | wc -c)"; done)router $(gzip -9c www/pkg/route/home.wasm | wc -c) B)"
}

quality_gates() {
  # The page builds its DOM with DOM methods and textContent only: nothing that parses HTML or
  # code from strings (generated www/pkg and www/vendor are not ours).
  local html
  html=$(grep -rnE 'innerHTML|outerHTML|insertAdjacentHTML|document\.write|createContextualFragment|new Function|[^.a-zA-Z]eval\(' \
    www --include='*.js' --include='*.html' --exclude-dir=pkg --exclude-dir=vendor || true)
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

wasm_bindgen_tests() {
  say "wasm-bindgen-test under node"
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
    # `npm test` (the "test" script in package.json), run here and by hand alike:
    #   node --test --test-concurrency=1 --test-reporter=spec tests/node/ tests/browser/
    # node 20 takes the *.test.mjs files of both directories (not lib.mjs; it has no glob
    # patterns), in path order, one file at a time: two at once also pass, but the page's budget
    # figures, measured next to a second chromium on 2 cores, come out up to twice as high. Each
    # browser suite is one describe() named for its topic; its server and browser live in
    # before/after hooks, and its figures and tables are printed at its end.
    # ONLY=regex runs only the tests whose names match (npm test passes
    # --test-name-pattern="$ONLY" when ONLY is set): a suite's name counts too (ONLY=hostile runs
    # every hostile link), the rest are listed as skipped, and a test that builds on an earlier
    # one needs that one too.
    need_rust_components
    say "cargo fmt --check"
    cargo fmt --check
    say "cargo clippy -D warnings (native and wasm32)"
    need_wasm_target
    cargo clippy --locked --all-targets -- -D warnings
    cargo clippy --locked --target wasm32-unknown-unknown --lib --test wasm -- -D warnings
    cargo clippy --locked --target wasm32-unknown-unknown --lib --features route -- -D warnings
    say "quality gates: no HTML parsing of data in www/, no wasm crate in the native core"
    quality_gates
    say "cargo test"
    cargo test --locked
    build_cli
    build_www
    wasm_bindgen_tests
    need_chromium
    say "node and browser tests (node:test, headless chromium)${ONLY:+: only names matching /$ONLY/}"
    npm test
    say "all tests passed"
    ;;
  bench)
    build_cli
    build_www
    need_chromium
    say "benchmark: native, WebAssembly in node and in chromium, the page (one table)"
    node tests/bench/suite.mjs
    ;;
  new-lesson)
    [ $# -eq 2 ] || { echo "usage: ./build.sh new-lesson ID" >&2; exit 2; }
    command -v node >/dev/null || { echo "tatbikat: node is needed" >&2; exit 1; }
    node tools/new-lesson.mjs "$2"
    build_cli
    # Goldens from the new lesson's own output; replace them with what the lesson's script prints.
    sections=$(target/release/tatbikat "$2" --help | sed -n 's/^sections: //p' | tr -d ' ' | tr ',' ' ')
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
