#!/usr/bin/env bash
# The browser version of Grundy Lab.
#
#   scripts/web.sh build   the page in target/web/ (index.html, the .js, the
#                          .wasm of a build with the profile `web` (release,
#                          made small) without its name section,
#                          the service worker, each with .gz and .br copies)
#   scripts/web.sh serve   serve target/web/ on http://127.0.0.1:8765/ with
#                          the headers a page with web workers needs
#   scripts/web.sh test    build, then the smoke test in headless Chromium
#                          and in Firefox ESR (on Xvfb)
#   scripts/web.sh smoke   the smoke test of the page built already
#   scripts/web.sh packages  install what build and test need (apt), only
#
# The last steps of build, on a folder that holds wasm-bindgen's output:
#   scripts/web.sh stamp DIR     put the page's own files into DIR, with the
#                                wasm's size and the version written in
#   scripts/web.sh compress DIR  write DIR's .gz (and .br) copies
#
# What it needs (Debian 12; see docs/web.md): the packages rustc-web,
# cargo-web and rust-web-src (Rust 1.96 with the standard library's source,
# which is built for wasm32 with atomics), lld-22 (wasm-ld) and, for the
# test, chromium, firefox-esr and xvfb; brotli if installed. wasm-bindgen-cli of the lockfile's
# wasm-bindgen version is installed into target/tools/ on first use.
#
# GRUNDY_LAB_PROFILE=ci builds with Cargo's profile `ci` instead of `web`
# (.ci/run: the smoke test checks what the page does; the mathematics stays
# optimised, so its speed against the desktop's is still measured).
set -euo pipefail
cd "$(dirname "$0")/.."

out=target/web
tools=target/tools
port=${GRUNDY_LAB_WEB_PORT:-8765}
profile=${GRUNDY_LAB_PROFILE:-web}

bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}

# The system packages the build needs (Debian's Rust for wasm32 and its
# linker), installed with apt when missing.
packages() {
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
  # The smoke test's browsers: Chromium, and Firefox ESR on a virtual
  # display (Xvfb; headless Firefox has no WebGL without a GPU).
  if [[ ${1:-} == test ]]; then
    local browsers=()
    command -v chromium >/dev/null || browsers+=(chromium)
    command -v firefox-esr >/dev/null || browsers+=(firefox-esr)
    command -v Xvfb >/dev/null || browsers+=(xvfb)
    if ((${#browsers[@]})); then
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${browsers[@]}" >/dev/null
    fi
  fi
}

# The packages, and wasm-bindgen's command line of the version in
# Cargo.lock (built once into target/tools: about 3 minutes, whatever its
# optimisation or features).
need_tools() {
  packages
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
  /usr/bin/cargo rustc -q -p grundy-lab --lib --crate-type cdylib --profile "$profile" --target wasm32-unknown-unknown \
    -Z build-std=std,panic_abort
  rm -rf "$out"
  mkdir -p "$out"
  "$tools/bin/wasm-bindgen" --target web --no-typescript --remove-name-section --remove-producers-section --out-dir "$out" --out-name grundy_lab \
    "target/wasm/wasm32-unknown-unknown/$profile/grundy_lab.wasm"
  # wasm-bindgen-rayon's workers import the app's module by the folder it is
  # in (a bundler's habit); without a bundler they import the file itself.
  grep -rl "import('../../..')" "$out/snippets" | xargs -r sed -i "s|import('../../..')|import('../../../grundy_lab.js')|"
  stamp "$out"
  compress "$out"
  ls -l "$out"/*.wasm* | awk '{ printf "web.sh: %s, %.1f MB\n", $9, $5 / 1e6 }'
}

# The page's own files into $1, beside wasm-bindgen's output. index.html
# gets the wasm's size (for its progress bar: a host that compresses sends
# the compressed size), sw.js the list of the page's files and a version,
# a hash of them, which names its cache: a new build is a new sw.js, which
# browsers install in place of the old one.
stamp() {
  local dir=$1 bytes files version
  cp web/index.html web/sw.js "$dir/"
  cp assets/grundy-lab.png "$dir/icon.png"
  # The rest of the kanji, fetched by the page after the start.
  cp assets/fonts/BIZUDPGothic-Regular-kanji.ttf "$dir/"
  bytes=$(stat -c %s "$dir/grundy_lab_bg.wasm")
  sed -i "s/__WASM_BYTES__/$bytes/" "$dir/index.html"
  # The page's files: those at the top and wasm-bindgen's snippets (no
  # other folder, whatever else was written there).
  files=$(cd "$dir" && find . -type f \( -path './snippets/*' -o ! -path './*/*' \) ! -name sw.js ! -name '*.gz' ! -name '*.br' |
    sed 's|^\./||' | LC_ALL=C sort)
  # sw.js's own text is in the hash too: a change to it alone is a new
  # version, whose cache is its own.
  version=$( (cd "$dir" && cat $files) | cat - web/sw.js | sha256sum | cut -c1-16)
  sed -i -e "s/__VERSION__/$version/" \
    -e "s|/\* __FILES__ \*/|$(printf "'%s', " $files | sed 's/, $//')|" "$dir/sw.js"
  echo "web.sh: version $version, $(wc -w <<<"$files") files, the wasm $bytes bytes"
}

# A .gz (and, with the brotli command, a .br) copy beside each text and font file of
# the page in $1, for a host that serves them as they are (web_serve.py,
# nginx's gzip_static/brotli_static): the wasm goes from 16 MB to 7 (gzip)
# or 4 (brotli). The icon is a PNG, compressed already. Brotli's best
# quality (11) takes about a minute on the `ci` profile's 28 MB wasm: that
# profile, whose page is only tested, uses quality 5 (seconds).
compress() {
  local dir=$1 file quality=11
  [[ $profile != ci ]] || quality=5
  command -v brotli >/dev/null || echo "web.sh: no brotli command (apt-get install brotli): .gz copies only"
  find "$dir" -type f \( -name '*.html' -o -name '*.js' -o -name '*.wasm' -o -name '*.ttf' \) | while read -r file; do
    # A copy is kept while its file is not newer (brotli takes a minute on
    # the wasm); it is given the file's time.
    [[ -f $file.gz && ! $file -nt $file.gz ]] || { gzip -9 -n -k -f "$file" && touch -r "$file" "$file.gz"; }
    ! command -v brotli >/dev/null || [[ -f $file.br && ! $file -nt $file.br ]] ||
      { brotli -q "$quality" -k -f "$file" && touch -r "$file" "$file.br"; }
  done
}

serve() {
  [[ -f $out/index.html ]] || build
  exec python3 scripts/web_serve.py "$out" "$port"
}

case "${1:-}" in
  build) build ;;
  stamp | compress)
    # DIR as given where the script was started (it runs from the repository).
    dir=$(cd "$OLDPWD" && realpath -- "${2:-}")
    [[ -f $dir/grundy_lab_bg.wasm ]] || { echo "usage: scripts/web.sh $1 DIR (a folder with grundy_lab_bg.wasm)" >&2; exit 2; }
    "$1" "$dir"
    ;;
  serve) serve ;;
  packages) packages test ;;
  test | smoke)
    # smoke: the test of the page built already.
    [[ $1 == smoke && -f $out/index.html ]] || build
    packages test
    # A hung browser fails the run instead of holding CI.
    timeout 20m python3 scripts/web_test.py "$out"
    ;;
  *)
    echo "usage: scripts/web.sh build|serve|test|smoke|packages|stamp DIR|compress DIR" >&2
    exit 2
    ;;
esac
