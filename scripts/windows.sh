#!/usr/bin/env bash
# The Windows version of Grundy Lab, cross-built on Linux and tested under
# Wine.
#
#   scripts/windows.sh build   target/windows/x86_64-pc-windows-gnu/release/grundy-lab.exe
#   scripts/windows.sh zip     build, then target/windows-dist/grundy-lab-<version>-windows-x86_64.zip:
#                              the stripped exe, the README and the licences
#                              (what the release workflow attaches)
#   scripts/windows.sh packages  install what build and test need (apt), only
#   scripts/windows.sh test    build, then run the command line under Wine and
#                              compare its outputs with the Linux build's
#                              (target/release/grundy-lab, built if missing),
#                              and start the app under Wine on a virtual
#                              display (a screenshot in target/windows-test/)
#
# GRUNDY_LAB_PROFILE=ci builds with Cargo's profile `ci` instead of release
# (.ci/run: what the test checks does not need release's optimisation), and
# GRUNDY_LAB_LINUX names the Linux program to compare with (.ci/run: the
# one its `cargo test` built).
#
# What it needs (Debian 12; see docs/windows.md): gcc-mingw-w64-x86-64 (the
# linker, windres for the icon, strip), and a Rust that can build for
# x86_64-pc-windows-gnu: rustup's target where it is installed (as in the
# release workflow), else Debian's rustc-web/cargo-web/rust-web-src 1.96,
# which build the standard library for it (-Z build-std). The test also
# needs wine and wine64 (8.0), Xvfb, xwininfo, xdotool and ImageMagick.
# Everything missing is installed with apt on first use.
set -euo pipefail
cd "$(dirname "$0")/.."

target=x86_64-pc-windows-gnu
export CARGO_TARGET_DIR=target/windows
profile=${GRUNDY_LAB_PROFILE:-release}
exe=$CARGO_TARGET_DIR/$target/$profile/grundy-lab.exe
work=target/windows-test

say() { echo "windows.sh: $*"; }
fail() {
  echo "windows.sh: FAILED: $*" >&2
  exit 1
}
if [[ $(id -u) -eq 0 ]]; then sudo=(); else sudo=(sudo); fi

install() {
  ((${#@})) || return 0
  say "installing $*"
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# rustup's own target where it is installed, else Debian's Rust with std's
# source.
rustup_has_target() {
  [[ -d $(rustc --print sysroot 2>/dev/null)/lib/rustlib/$target/lib ]]
}

# The packages the build needs (MinGW; Debian's Rust with std's source
# where rustup has no Windows target), and with `test` those of the test.
packages() {
  local need=()
  command -v x86_64-w64-mingw32-gcc >/dev/null || need+=(gcc-mingw-w64-x86-64)
  if ! rustup_has_target; then
    # The version this was tested with (bookworm-security), as web.sh pins.
    local rust=1.96.0+dfsg1-1~deb12u2
    [[ -x /usr/bin/rustc && -x /usr/bin/cargo && -d /usr/lib/rustlib/src/rust/library ]] ||
      need+=("rustc-web=$rust" "cargo-web=$rust" "rust-web-src=$rust")
  fi
  if [[ ${1:-} == test ]]; then
    command -v wine >/dev/null || need+=(wine)
    [[ -x /usr/lib/wine/wine64 ]] || need+=(wine64)
    command -v Xvfb >/dev/null || need+=(xvfb)
    command -v xwininfo >/dev/null || need+=(x11-utils)
    command -v import >/dev/null || need+=(imagemagick)
    command -v xdotool >/dev/null || need+=(xdotool)
    dpkg -s mesa-vulkan-drivers >/dev/null 2>&1 || need+=(mesa-vulkan-drivers)
    dpkg -s libgl1-mesa-dri >/dev/null 2>&1 || need+=(libgl1-mesa-dri)
  fi
  install "${need[@]}"
}

build() {
  packages
  local debian_rust=()
  rustup_has_target || debian_rust=(1)
  export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc
  local t=$SECONDS
  if ((${#debian_rust[@]})); then
    say "building $exe (Debian's Rust, std built for $target)"
    RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc /usr/bin/cargo build -q -p grundy-lab --profile "$profile" --locked --target $target -Z build-std
  else
    say "building $exe (rustup's $target)"
    cargo build -q -p grundy-lab --profile "$profile" --locked --target $target
  fi
  [[ -f $exe ]] || fail "the build wrote no $exe"
  # The icon and the version are resources of the exe (build.rs).
  local headers
  headers=$(x86_64-w64-mingw32-objdump -p "$exe")
  grep -q 'Subsystem.*(Windows GUI)' <<<"$headers" || fail "$exe is not a windowed program (windows_subsystem)"
  local rsrc
  rsrc=$(x86_64-w64-mingw32-objdump -h "$exe" | awk '$2 == ".rsrc" { print $3 }')
  [[ -n $rsrc ]] || fail "$exe has no resources (icon, version): was windres found?"
  local texts
  texts=$(strings -el "$exe")
  grep -qxF "Grundy Lab" <<<"$texts" && grep -qxF "$(version)" <<<"$texts" ||
    fail "$exe does not carry its name and version $(version) (build.rs)"
  say "built in $((SECONDS - t)) s: $(du -h "$exe" | cut -f1), windowed, with its icon and version $(version)"
}

version() {
  sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1
}

zip_release() {
  build
  command -v zip >/dev/null || install zip
  local name
  name=grundy-lab-${1:-v$(version)}-windows-x86_64
  local dir=target/windows-dist/$name
  rm -rf target/windows-dist
  mkdir -p "$dir"
  x86_64-w64-mingw32-strip -o "$dir/grundy-lab.exe" "$exe"
  cp README.md LICENSE "$dir/"
  cp assets/fonts/OFL.txt "$dir/OFL-BIZ-UDGothic.txt"
  (cd target/windows-dist && zip -q -r "$name.zip" "$name")
  say "target/windows-dist/$name.zip: $(du -h "target/windows-dist/$name.zip" | cut -f1)"
}

# --- The test ----------------------------------------------------------------

# The commands run on both builds; each writes its files into its own
# folder (the current one), and its output, exit code and files must be
# equal byte for byte. The last ones fail on purpose: the message and the
# exit code must be the same too.
commands=(
  "wythoff 1000000000000000"
  "ppos --rules queen --size 200"
  "ppos --rules nim-3 --size 12 --misere"
  "ppos --rules queen --size 60 --pass"
  "table --rules dragon-king --size 40"
  "value --rules queen 123456789012 199757362837"
  "is-p --rules queen 1000000 1618034"
  "check --rules queen --size 300 --holds g!=0||x!=y||x==0 --report check.md"
  "hints --rules nim --size 64"
  "sequence --rules kayles --up-to 400"
  "value --rules octal:0.07 30 51 100"
  "render --rules queen --size 256 --out queen.png"
  "knight --rect 6x6 --out tour.svg"
  "knight --rect 8x8 --closed --out tour.png --px 600"
  "table --rules restricted-nim --size 30"
  "check --rules queen --size 50 --formula x^y"
  "ppos --rules no-such-game --size 10"
)

wine_env() {
  export WINEPREFIX=$PWD/$work/prefix WINEDEBUG=-all WINEARCH=win64
  # No Mono or Gecko installers at the first start.
  export WINEDLLOVERRIDES="mscoree,mshtml="
}

run_cli() {
  local linux=$1 bin=$2 n=0 failed=0
  rm -rf "$work/cli"
  mkdir -p "$work/cli"
  for c in "${commands[@]}"; do
    n=$((n + 1))
    local l=$work/cli/$n/linux w=$work/cli/$n/windows rc_l=0 rc_w=0
    mkdir -p "$l" "$w"
    read -r -a args <<<"$c"
    (cd "$l" && "$linux" "${args[@]}" >stdout 2>stderr) || rc_l=$?
    (cd "$w" && wine "$bin" "${args[@]}" >stdout 2>stderr) || rc_w=$?
    if ((rc_w >= 128 && rc_l < 128)); then
      # A signal ended Wine itself (seen once in many runs: 139, with the
      # program's output complete): run once more, and say so.
      say "Wine ended by signal $((rc_w - 128)) on: grundy-lab $c; running it again"
      rm -rf "$w" && mkdir -p "$w" && rc_w=0
      (cd "$w" && wine "$bin" "${args[@]}" >stdout 2>stderr) || rc_w=$?
    fi
    # clap names the program as it was called.
    sed -i 's/grundy-lab\.exe/grundy-lab/g' "$w/stderr"
    echo "$rc_l" >"$l/exit"
    echo "$rc_w" >"$w/exit"
    if diff -r "$l" "$w" >"$work/cli/$n.diff"; then
      say "same on both: grundy-lab $c (exit $rc_l, $(find "$l" -type f | wc -l) files, $(wc -c <"$l/stdout") bytes out)"
    else
      failed=$((failed + 1))
      echo "windows.sh: differs: grundy-lab $c" >&2
      head -n 20 "$work/cli/$n.diff" | sed 's/^/  | /' >&2
    fi
  done
  ((failed == 0)) || fail "$failed of $n commands gave different outputs under Wine"
  say "all $n commands gave the Linux build's outputs, byte for byte (PNG, SVG and Markdown files included)"
}

# The number of pixels that differ between two screenshots (ImageMagick's
# AE; awk reads 1.2e+06 too).
pixels_changed() {
  compare -metric AE "$1" "$2" null: 2>&1 | awk '{ printf "%d", $1 }' || true
}

# Start the app under Wine on a virtual display, as `name`, with one wgpu
# backend (`default`: none chosen); its window must appear and draw (more
# than 200 colours on the screen) within `seconds`. Then, by `mode`:
#   run      it must still be running 3 s later (then it is stopped);
#   close    a click on the "Grundy map" tab must bring the map (a quarter
#            of the screen changes), and Alt+F4 must close the app with exit
#            code 0, leaving settings.json with the Grundy map's tab;
#   restart  with those settings it must start on the Grundy map (a quarter
#            of the screen differs from the first start's).
# Every mode but restart starts as a first start, without settings. Prints
# whether the app fell back to OpenGL. Returns 2 when the app was still
# running but had shown no window, 1 on any other failure (an app that
# ended before its window included).
run_gui() {
  local bin=$1 name=$2 backend=$3 seconds=$4 mode=$5
  local shot=$work/gui-$name.png log=$work/gui-$name.log
  local settings=$WINEPREFIX/drive_c/users/$(id -un)/AppData/Roaming/grundy-lab/data/settings.json
  local display
  for display in $(seq 90 120); do [[ -e /tmp/.X11-unix/X$display || -e /tmp/.X$display-lock ]] || break; done
  Xvfb ":$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
  local xvfb=$!
  for _ in $(seq 1 50); do [[ -e /tmp/.X11-unix/X$display ]] && break; sleep 0.1; done
  # A Wine server started without this display (by the command line's
  # runs) would keep the app's windows off it: a fresh one.
  wineserver -k 2>/dev/null || true
  wineserver -w
  [[ $mode == restart ]] || rm -rf "${settings%/data/settings.json}"
  local env=(DISPLAY=":$display")
  [[ $backend == default ]] || env+=(WGPU_BACKEND="$backend")
  env "${env[@]}" timeout $((seconds + 30)) wine "$bin" >"$log" 2>&1 &
  local app=$! window="" colours=0 t=$SECONDS problem=""
  while ((SECONDS - t < seconds)); do
    kill -0 "$app" 2>/dev/null || break
    if [[ -z $window ]]; then
      window=$(DISPLAY=":$display" xwininfo -root -tree 2>/dev/null | grep -oE '"Grundy Lab[^"]*"' | head -n 1 || true)
    else
      DISPLAY=":$display" import -window root "$shot" 2>/dev/null || true
      colours=$(identify -format '%k' "$shot" 2>/dev/null || echo 0)
      ((colours > 200)) && break
    fi
    sleep 1
  done
  local drawn=$((SECONDS - t)) done_what="" no_window=0
  if [[ -z $window ]]; then
    if kill -0 "$app" 2>/dev/null; then
      no_window=1
      problem="no window titled \"Grundy Lab...\" appeared within $seconds s"
    else
      local ended=0
      wait "$app" || ended=$?
      problem="the app ended with exit code $ended after $drawn s, before a window titled \"Grundy Lab...\" appeared"
    fi
  elif ((colours <= 200)); then
    problem="the window drew only $colours colours within $seconds s"
  fi
  if [[ -z $problem && $mode == close ]]; then
    DISPLAY=":$display" xdotool mousemove 179 46 click 1
    local map=$work/gui-map.png changed=0
    for _ in $(seq 1 20); do
      sleep 1
      DISPLAY=":$display" import -window root "$map" 2>/dev/null || continue
      changed=$(pixels_changed "$shot" "$map")
      ((${changed:-0} > 1280 * 800 / 4)) && break
    done
    if ((${changed:-0} <= 1280 * 800 / 4)); then
      problem="a click on the Grundy map tab changed only ${changed:-0} pixels"
    else
      DISPLAY=":$display" xdotool key alt+F4
      local rc=0
      wait "$app" || rc=$?
      if ((rc != 0)); then
        problem="Alt+F4 did not close the app with exit code 0 (it gave $rc; 124: still running)"
      elif ! grep -q '"tab":"Map"' "$settings" 2>/dev/null; then
        problem="after Alt+F4 $settings does not hold the Grundy map's tab"
      else
        done_what=", a click on the Grundy map tab changed $changed pixels ($map), and Alt+F4 closed it with its settings saved"
      fi
    fi
  elif [[ -z $problem && $mode == restart ]]; then
    local changed
    changed=$(pixels_changed "$work/gui-first.png" "$shot")
    if ((${changed:-0} <= 1280 * 800 / 4)); then
      problem="after a restart the screen differs from the first start's by only ${changed:-0} pixels (not on the Grundy map?)"
    else
      done_what=", started on the Grundy map as it was left ($changed pixels differ from the first start)"
    fi
  fi
  if [[ -z $problem && $mode != close ]]; then
    sleep 3
    kill -0 "$app" 2>/dev/null || problem="the app stopped within 3 s after drawing"
  fi
  kill "$app" 2>/dev/null || true
  wait "$app" 2>/dev/null || true
  wineserver -k 2>/dev/null || true
  kill "$xvfb" 2>/dev/null || true
  wait "$xvfb" 2>/dev/null || true
  if [[ -n $problem ]]; then
    grep -v wine32 "$log" | tail -n 30 | sed 's/^/  | /' >&2
    echo "windows.sh: the app under Wine ($name, WGPU_BACKEND=$backend): $problem" >&2
    return $((1 + no_window))
  fi
  local how="with $backend"
  grep -q 'trying OpenGL' "$log" && how="with OpenGL after: $(grep -m 1 'trying OpenGL' "$log")"
  say "$name (WGPU_BACKEND=$backend): window $window drew $colours colours within $drawn s, $how ($shot)$done_what"
}

# run_gui, once more when the app ran but showed no window: once in about
# a dozen CI runs a start under Wine showed no window within 90 s (the
# restart, on a fresh machine) where every other start of that run drew in
# seconds. An app that ended is not tried again. The first attempt's words
# and the end of its log stay on stderr, its log and screenshot are kept
# beside (.first), and the second start is said, so a failure that repeats
# still fails.
gui() {
  local rc=0
  run_gui "$@" || rc=$?
  ((rc == 2)) || return "$rc"
  local f
  for f in "$work/gui-$2.log" "$work/gui-$2.png"; do
    [[ ! -f $f ]] || mv "$f" "$f.first"
  done
  say "$2: no window the first time (the app still running); starting it once more"
  run_gui "$@"
}

test_windows() {
  build
  packages test
  local linux=${GRUNDY_LAB_LINUX:-$PWD/target/release/grundy-lab}
  [[ $linux == /* ]] || linux=$PWD/$linux
  [[ -z ${GRUNDY_LAB_LINUX:-} || -x $linux ]] || fail "GRUNDY_LAB_LINUX names no program: $linux"
  if [[ ! -x $linux ]]; then
    say "building the Linux release build to compare with"
    CARGO_TARGET_DIR=target cargo build -q -p grundy-lab --release --locked --bin grundy-lab
  fi
  wine_env
  mkdir -p "$work/bin"
  # The exe of the zip: stripped.
  x86_64-w64-mingw32-strip -o "$work/bin/grundy-lab.exe" "$exe"
  # Wine 8 lacks bcryptprimitives.dll (ProcessPrng): a stand-in beside the
  # exe, for this test only (scripts/windows/bcryptprimitives.c).
  x86_64-w64-mingw32-gcc -shared -O2 -o "$work/bin/bcryptprimitives.dll" scripts/windows/bcryptprimitives.c -ladvapi32
  if [[ ! -d $WINEPREFIX/drive_c ]]; then
    local t=$SECONDS
    wineboot --init >/dev/null 2>&1 || true
    wineserver -w
    [[ -d $WINEPREFIX/drive_c ]] || fail "wineboot made no Wine prefix in $WINEPREFIX"
    say "Wine prefix made in $((SECONDS - t)) s ($(wine --version))"
  fi
  local bin=$PWD/$work/bin/grundy-lab.exe
  local v
  v=$(wine "$bin" --version) || fail "grundy-lab.exe --version failed under Wine"
  [[ $v == "grundy-lab $(version)" ]] || fail "grundy-lab.exe --version printed '$v'"
  say "under Wine: $v"
  # Typed in a terminal (a pseudo-terminal, through cmd.exe), a subcommand
  # of the windowed program prints there.
  local typed
  typed=$(timeout 60 script -qc "wine cmd /c '$(winepath -w "$bin") wythoff 10'" /dev/null | tr -d '\r') || true
  grep -qxF "(16, 26)" <<<"$typed" || fail "typed in a terminal under Wine, grundy-lab.exe wythoff 10 printed: $typed"
  say "typed in a terminal (cmd /c grundy-lab.exe wythoff 10): prints (16, 26)"
  run_cli "$linux" "$bin"
  local t=$SECONDS
  gui "$bin" first default 90 close || fail "the app did not work under Wine"
  gui "$bin" restart default 90 restart || fail "the app did not keep its settings under Wine"
  gui "$bin" vulkan vulkan 90 run || fail "the app did not draw under Wine with Vulkan"
  gui "$bin" gl gl 90 run || fail "the app did not draw under Wine with OpenGL"
  # Wine's DirectX 12 loses its device: the app must fall back to OpenGL.
  gui "$bin" dx12 dx12 90 run || fail "the app did not fall back to OpenGL when DirectX 12 failed under Wine"
  grep -q 'trying OpenGL' "$work/gui-dx12.log" || fail "with DirectX 12 under Wine the app did not say it fell back to OpenGL"
  say "the app under Wine: $((SECONDS - t)) s"
}

case "${1:-}" in
  build) build ;;
  packages) packages test ;;
  zip) zip_release "${2:-}" ;;
  test)
    t0=$SECONDS
    test_windows
    say "all checks passed in $((SECONDS - t0)) s"
    ;;
  *)
    sed -n '2,22p' "$0"
    exit 2
    ;;
esac
