#!/usr/bin/env bash
# tatbikat's one entry point. Each step installs what it needs when it is missing (wasm target,
# pinned wasm-bindgen-cli, npm packages from the lockfile, Debian's chromium for the browser tests).
#   ./build.sh serve   build everything and serve the playground on 127.0.0.1 (PORT, default 8000)
#   ./build.sh test    every test (ONLY=regex: only the node and browser tests whose names match)
#   ./build.sh bench   the benchmark figures, side by side in one table (tests/bench/suite.mjs)
#   ./build.sh build   build the CLI and the static site in www/ without serving
#   ./build.sh new-lesson ID   a new lesson (tools/new-lesson.mjs, docs/adding-a-lesson.md)
# The building is cargo's (each page module is a package of pages/: cargo keeps each one and
# rebuilds those an edit touches), `cargo xtask`'s (xtask/: wasm-bindgen and wasm-opt where their
# input changed, the checks) and npm's (package.json's build:site). Left here: installing the
# tools, CI's source copy, and running the checks beside the tests.
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$PWD
# What does not change with the checkout (wasm-bindgen-cli, npm's packages) is kept outside it:
# a fresh clone on a machine that built once does not install it again (4+ minutes).
CACHE=${TATBIKAT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tatbikat}
# The wasm-bindgen CLI must be exactly the crate's version in Cargo.lock.
WBG_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
WBG_ROOT=$CACHE/wasm-bindgen-cli-$WBG_VERSION
export PATH="$WBG_ROOT/bin:$ROOT/.tools/bin:$ROOT/node_modules/.bin:$PATH"
# Where cargo builds from (the checkout, or under CI its copy, stable_source) and into.
SRC=$ROOT TARGET_DIR=$ROOT/target

# Each step says what it does, with the seconds since the start; `phases`, how long each took.
PHASES=()
say() {
  printf '\033[1m==> [%4d s] %s\033[0m\n' "$SECONDS" "$*" >&2
  [ "${BASH_SUBSHELL:-0}" != 0 ] || PHASES+=("$SECONDS $*")
}
phases() {
  local i t1
  echo "time by step (seconds):" >&2
  for ((i = 0; i < ${#PHASES[@]}; i++)); do
    t1=${PHASES[$((i + 1))]:-$SECONDS}
    printf '  %5d  %s\n' $((${t1%% *} - ${PHASES[$i]%% *})) "${PHASES[$i]#* }" >&2
  done
  printf '  %5d  in all\n' "$SECONDS" >&2
}

# The wasm32 target, rustfmt and clippy (test), the wasm-bindgen CLI of Cargo.lock's version.
need_rust_tools() {
  rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
  [ "${1:-}" != test ] || cargo fmt --version >/dev/null 2>&1 || rustup component add rustfmt
  [ "${1:-}" != test ] || cargo clippy --version >/dev/null 2>&1 || rustup component add clippy
  [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WBG_VERSION" ] || return 0
  say "installing wasm-bindgen-cli $WBG_VERSION into $WBG_ROOT (a few minutes, once a machine)"
  cargo install --root "$WBG_ROOT" wasm-bindgen-cli --version "$WBG_VERSION"
}

need_npm() {
  command -v npm >/dev/null || { echo "tatbikat: node and npm are needed" >&2; exit 1; }
  local sum kept tmp
  sum=$(sha256sum package-lock.json | cut -d' ' -f1)
  [ "$(cat node_modules/.tatbikat-lock 2>/dev/null)" != "$sum" ] || return 0
  # What `npm ci` installed from this lockfile is kept in the cache: a fresh clone copies it
  # (0.2-1 s) instead of installing it again (5-7 s, also with npm's own cache warm; measured).
  kept=$CACHE/node_modules-$sum
  rm -rf node_modules
  if [ -f "$kept/.tatbikat-lock" ]; then
    say "npm packages: as npm ci installed them from this package-lock.json, from the cache"
    cp -a "$kept" node_modules && return 0
  fi
  say "npm ci (packages pinned in package-lock.json)"
  npm ci --no-audit --no-fund
  echo "$sum" > node_modules/.tatbikat-lock
  mkdir -p "$CACHE"
  # Whole or not at all; a build beside this one that put it there first keeps its own.
  tmp=$(mktemp -d "$CACHE/.new-node_modules-XXXXXX") && chmod 755 "$tmp" && cp -a node_modules/. "$tmp"
  mv -T "$tmp" "$kept" 2>/dev/null || rm -rf "$tmp"
  ls -dt "$CACHE"/node_modules-* | tail -n +3 | xargs -r rm -rf
}

# Debian's chromium (the benchmark's), chromium-driver (wasm-bindgen-test in a browser) and
# chromium-headless-shell (the browser suites: less CPU per page; tests/browser/lib.mjs).
need_chromium() {
  local sudo="" pkgs=(chromium chromium-driver chromium-headless-shell)
  command -v chromium && command -v chromedriver && command -v chromium-headless-shell && return
  say "installing Debian's ${pkgs[*]}"
  [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get install -y "${pkgs[@]}" >/dev/null 2>&1 ||
    { $sudo apt-get update >/dev/null && $sudo apt-get install -y "${pkgs[@]}" >/dev/null; }
} >/dev/null

# CI (TATBIKAT_TARGET_CACHE=1, .ci/run) keeps cargo's target/ in the cache, as CI services do,
# and builds from a copy of the checkout at a fixed path, $CACHE/source: cargo judges freshness
# by the source files' times, rustc's incremental state holds for sources at one path, and CI
# clones to a new path with new times each run. The copy is updated file by file, so a file that
# did not change keeps its time (measured: the ci profile's CLI from a clone at a new path 28 CPU-s,
# from the copy 1 CPU-s). One run at a time holds the copy and the cache's target (a lock); another
# builds in its own checkout and target/ from scratch: cargo would take the first's newer builds
# for fresh. (Not rsync: CI's machines lack it; cmp and cp take 1 s.)
stable_source() {
  [ "${TATBIKAT_TARGET_CACHE:-}" = 1 ] && git rev-parse --is-inside-work-tree >/dev/null 2>&1 || return 0
  local dir=$CACHE/source f files=()
  mkdir -p "$dir" "$CACHE/target"
  exec 9>"$CACHE/source.lock"
  flock -n 9 || { say "another build holds $dir: building in this checkout"; return 0; }
  [ -e target ] || ln -s "$CACHE/target" target
  [ "$(cd target && pwd -P)" = "$(cd "$CACHE/target" && pwd -P)" ] || return 0
  # Cargo's own path of the target dir, not the clone's symlink (rustc's incremental state
  # tracks the paths cargo passes it).
  TARGET_DIR=$(cd target && pwd -P)
  declare -A keep=()
  while IFS= read -r -d '' f; do
    [ -f "$f" ] && [ ! -L "$f" ] && files+=("$f") && keep[$f]=1
  done < <(git ls-files -z --cached --others --exclude-standard)
  # What the checkout no longer has goes first (a file that became a folder, or the reverse).
  while IFS= read -r -d '' f; do
    [ -n "${keep[${f#"$dir"/}]:-}" ] || rm -f "$f"
  done < <(find "$dir" ! -type d -print0)
  find "$dir" -mindepth 1 -type d -empty -delete
  for f in "${files[@]}"; do
    cmp -s "$f" "$dir/$f" || { mkdir -p "$dir/$(dirname "$f")" && cp "$f" "$dir/$f"; }
  done
  SRC=$dir
  # The tests find the course's folder beside the checkout, not beside the copy.
  [ -n "${TATBIKAT_SHARED:-}" ] || [ ! -d ../shared ] || export TATBIKAT_SHARED=$(cd ../shared && pwd)
  say "cargo builds from $dir (${#files[@]} files of this checkout, kept at a fixed path)"
}

build_cli() {
  say "building the core and CLI (release)"
  cargo build --release --locked
  export TATBIKAT_CLI=$ROOT/target/release/tatbikat
}

# The CLI the tests compare against: the `ci` profile (release without LTO, Cargo.toml).
build_test_cli() {
  say "building the core and CLI (profile ci, for the tests)"
  (cd "$SRC" && CARGO_TARGET_DIR=$TARGET_DIR cargo build --profile ci --locked --bin tatbikat)
  export TATBIKAT_CLI=$ROOT/target/ci/tatbikat
}

# The page's modules and the node package (cargo xtask pages), then the rest of the site
# (npm run build:site: the vendored scripts, texts, bundles, pages, offline list).
build_www() {
  need_rust_tools
  need_npm
  say "the page's WebAssembly modules and the node package (cargo xtask pages)"
  (cd "$SRC" && CARGO_TARGET_DIR=$TARGET_DIR cargo xtask pages "$ROOT/www")
  say "the site around them (npm run build:site)"
  npm run --silent build:site
}

case "${1:-}" in
  build | serve | bench)
    build_cli
    build_www
    if [ "$1" = serve ]; then
      say "serving www/ (Ctrl-C to stop)"
      exec python3 tools/serve.py www
    elif [ "$1" = bench ]; then
      need_chromium
      say "benchmark: native, WebAssembly in node and in chromium, the page (one table)"
      # The page as its users have it: the full chromium, not the suites' headless shell.
      CHROMIUM=${CHROMIUM:-/usr/bin/chromium} node tests/bench/suite.mjs
    fi
    ;;
  test)
    # Every test; the node and browser suites by `npm test` (tests/run.mjs, docs/testing.md).
    need_rust_tools test
    stable_source
    say "cargo fmt --check (and rustfmt on the lesson folders, whose modules the registry macro hides from it)"
    cargo fmt --all --check
    rustfmt --edition 2024 --check src/lessons/*/mod.rs tools/lesson-template/mod.rs docs/examples/*.rs
    say "quality gates: no HTML parsing of data in www/, no wasm crate in the native core"
    (cd "$SRC" && CARGO_TARGET_DIR=$TARGET_DIR cargo xtask gates "$ROOT/www")
    # Clippy and the Rust tests run beside the builds and the suites, at the lowest priority: the
    # browser suites leave a core idle a third of their time (their waits), which these fill.
    say "clippy, cargo test, wasm-bindgen-test: started beside the rest, at the lowest priority"
    rust_started=$SECONDS
    mkdir -p target
    (cd "$SRC" && CARGO_TARGET_DIR=$TARGET_DIR/checks exec setsid nice -n 19 cargo xtask checks) > target/rust-checks.log 2>&1 &
    rust_pid=$!
    trap 'kill -- -"$rust_pid" 2>/dev/null || true' EXIT
    build_test_cli
    build_www
    need_chromium
    # Which browser the suites drive (tests/browser/lib.mjs) and its version (issue 32).
    browser=$(node --input-type=module -e 'import { CHROMIUM } from "./tests/browser/lib.mjs"; console.log(CHROMIUM)')
    version=$("$browser" --version 2>/dev/null) || version="version unknown"
    say "node and browser tests (node:test, $browser: $version)${ONLY:+: only names matching /$ONLY/}"
    # (9>&-: the browsers and servers the suites start do not hold the source copy's lock.)
    npm test 9>&- && npm_status=0 || npm_status=$?
    say "clippy, cargo test and wasm-bindgen-test (started at $rust_started s)"
    wait "$rust_pid" && rust_status=0 || rust_status=$?
    trap - EXIT
    [ "$rust_status" = 0 ] && tail -1 target/rust-checks.log >&2 || { cat target/rust-checks.log >&2
      echo "tatbikat: clippy, cargo test or wasm-bindgen-test failed (above; all of it in target/rust-checks.log)" >&2; }
    [ "$npm_status" = 0 ] || echo "tatbikat: the node and browser tests failed (above)" >&2
    [ "$npm_status" = 0 ] && [ "$rust_status" = 0 ] || exit 1
    say "all tests passed"
    phases
    ;;
  new-lesson) exec node tools/new-lesson.mjs "${@:2}" ;;
  *) echo "usage: ./build.sh serve|test|bench|build|new-lesson ID" >&2 && exit 2 ;;
esac
