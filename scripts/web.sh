#!/usr/bin/env bash
# The browser version of Grundy Lab.
#
#   scripts/web.sh build   the page in target/web/ (index.html, the .js, the
#                          .wasm of a release build without its name section,
#                          the service worker)
#   scripts/web.sh serve   serve target/web/ on http://127.0.0.1:8765/ with
#                          the headers a page with web workers needs
#   scripts/web.sh test    build, then the smoke test in headless Chromium
#
# What it needs (Debian 12; see docs/web.md): the packages rustc-web,
# cargo-web and rust-web-src (Rust 1.96 with the standard library's source,
# which is built for wasm32 with atomics), lld-22 (wasm-ld) and, for the
# test, chromium. wasm-bindgen-cli of the lockfile's wasm-bindgen version is
# installed into target/tools/ on first use.
set -euo pipefail
cd "$(dirname "$0")/.."

out=target/web
tools=target/tools
port=${GRUNDY_LAB_WEB_PORT:-8765}

bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}

need_tools() {
  local missing=()
  # The version this was tested with (bookworm-security), so CI gets it.
  local rust=1.96.0+dfsg1-1~deb12u2
  [[ -x /usr/bin/rustc && -x /usr/bin/cargo && -d /usr/lib/rustlib/src/rust/library ]] ||
    missing+=("rustc-web=$rust" "cargo-web=$rust" "rust-web-src=$rust")
  [[ -x /usr/lib/llvm-22/bin/wasm-ld ]] || missing+=(lld-22)
  if ((${#missing[@]})); then
    echo "web.sh: installing ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
  local version
  version=$(bindgen_version)
  if ! [[ -x $tools/bin/wasm-bindgen ]] || [[ $($tools/bin/wasm-bindgen --version) != "wasm-bindgen $version" ]]; then
    echo "web.sh: installing wasm-bindgen-cli $version"
    # Not --locked: its own lockfile wants a crate version the registry lacks.
    CARGO_TARGET_DIR=target/tools-build cargo install -q wasm-bindgen-cli --version "=$version" --root "$tools"
    rm -rf target/tools-build
  fi
}

build() {
  need_tools
  # Debian's Rust 1.96 builds std for wasm32 with atomics (web workers share
  # the memory); rustup's toolchain stays the one for everything else.
  export RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc
  export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=/usr/lib/llvm-22/bin/wasm-ld
  export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C target-feature=+atomics,+bulk-memory,+mutable-globals -C link-arg=--shared-memory -C link-arg=--import-memory -C link-arg=--max-memory=4294967296 -C link-arg=--export=__wasm_init_tls -C link-arg=--export=__tls_size -C link-arg=--export=__tls_align -C link-arg=--export=__tls_base --cfg getrandom_backend=\"wasm_js\""
  export CARGO_TARGET_DIR=target/wasm
  /usr/bin/cargo rustc -q -p grundy-lab --lib --crate-type cdylib --release --target wasm32-unknown-unknown \
    -Z build-std=std,panic_abort
  rm -rf "$out"
  mkdir -p "$out"
  "$tools/bin/wasm-bindgen" --target web --no-typescript --remove-name-section --remove-producers-section --out-dir "$out" --out-name grundy_lab \
    target/wasm/wasm32-unknown-unknown/release/grundy_lab.wasm
  # wasm-bindgen-rayon's workers import the app's module by the folder it is
  # in (a bundler's habit); without a bundler they import the file itself.
  grep -rl "import('../../..')" "$out/snippets" | xargs -r sed -i "s|import('../../..')|import('../../../grundy_lab.js')|"
  cp web/index.html web/sw.js "$out/"
  cp assets/grundy-lab.png "$out/icon.png"
  ls -l "$out"/*.wasm | awk '{ printf "web.sh: %s, %.1f MB\n", $9, $5 / 1e6 }'
}

serve() {
  [[ -f $out/index.html ]] || build
  exec python3 scripts/web_serve.py "$out" "$port"
}

case "${1:-}" in
  build) build ;;
  serve) serve ;;
  test)
    build
    command -v chromium >/dev/null || {
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    }
    # A hung browser fails the run instead of holding CI.
    timeout 20m python3 scripts/web_test.py "$out"
    ;;
  *)
    echo "usage: scripts/web.sh build|serve|test" >&2
    exit 2
    ;;
esac
