#!/usr/bin/env bash
# tatbikat's one entry point. Installs what a step needs when it is missing, skips what is there.
#   ./build.sh serve   build everything and serve the playground on 127.0.0.1 (PORT, default 8000)
#   ./build.sh test    every test: fmt, clippy -D warnings, the core's tests
#   ./build.sh bench   the benchmark figures
#   ./build.sh build   build without serving
set -euo pipefail
cd "$(dirname "$0")"

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

need_rust_components() {
  cargo fmt --version >/dev/null 2>&1 || rustup component add rustfmt
  cargo clippy --version >/dev/null 2>&1 || rustup component add clippy
}

build() {
  say "building the core and CLI (release)"
  cargo build --release --locked
}

case "${1:-}" in
  build)
    build
    ;;
  serve)
    build
    say "the page is not built yet; the CLI is ready:"
    ./target/release/tatbikat --help
    ;;
  test)
    need_rust_components
    say "cargo fmt --check"
    cargo fmt --check
    say "cargo clippy --all-targets -- -D warnings"
    cargo clippy --locked --all-targets -- -D warnings
    say "cargo test"
    cargo test --locked
    say "all tests passed"
    ;;
  bench)
    build
    ./target/release/tatbikat bench
    ;;
  *)
    echo "usage: ./build.sh serve|test|bench|build" >&2
    exit 2
    ;;
esac
