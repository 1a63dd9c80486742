#!/usr/bin/env bash
# Install Grundy Lab as a teacher would on Linux, and check that it works:
# build the Debian package (scripts/deb.sh, a release build), install it with
# dpkg, validate the launcher, check the icon, run the installed program's
# command line, start the installed app under a virtual display (once with
# Vulkan, once with OpenGL, the two ways it can draw, and once with a
# backend Linux lacks, which must fall back to OpenGL), and remove the
# package.
#
# usage: scripts/deb-test.sh        (needs root or sudo)
#        GRUNDY_LAB_BINARY=PATH scripts/deb-test.sh
#                                   package that program instead of a release
#                                   build (.ci/run: the one `cargo test` built)
#        scripts/deb-test.sh packages
#                                   only install the packages the test needs
#
# Exits non-zero on the first failure, saying what failed.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "deb-test: $*"; }
fail() {
  echo "deb-test: FAILED: $*" >&2
  exit 1
}
started=$SECONDS

if [[ $(id -u) -eq 0 ]]; then sudo=(); else sudo=(sudo); fi

# --- Tools ------------------------------------------------------------------
need=()
command -v dpkg-shlibdeps >/dev/null || need+=(dpkg-dev)
command -v desktop-file-validate >/dev/null || need+=(desktop-file-utils)
command -v xvfb-run >/dev/null || need+=(xvfb)
command -v xauth >/dev/null || need+=(xauth)
# xwininfo: to see the app's window appear.
command -v xwininfo >/dev/null || need+=(x11-utils)
# The app draws with wgpu: Vulkan (Mesa's software driver, lavapipe) or
# OpenGL through EGL (Mesa's llvmpipe). Both are checked below.
dpkg -s mesa-vulkan-drivers >/dev/null 2>&1 || need+=(mesa-vulkan-drivers)
dpkg -s libvulkan1 >/dev/null 2>&1 || need+=(libvulkan1)
dpkg -s libegl-mesa0 >/dev/null 2>&1 || need+=(libegl-mesa0)
dpkg -s libgl1-mesa-dri >/dev/null 2>&1 || need+=(libgl1-mesa-dri)
if ((${#need[@]})); then
  say "installing ${need[*]}"
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
[[ ${1:-} != packages ]] || exit 0

# --- Build ------------------------------------------------------------------
say "building the package (scripts/deb.sh: ${GRUNDY_LAB_BINARY:-a release build})"
t=$SECONDS
deb=$(scripts/deb.sh | tail -n 1)
[[ -f $deb ]] || fail "scripts/deb.sh did not print the path of a package (got: $deb)"
say "built $deb in $((SECONDS - t)) s ($(du -h "$deb" | cut -f1))"
say "package fields:"
dpkg-deb --field "$deb" Package Version Architecture Section Priority Maintainer Depends Recommends | sed 's/^/  /'

# --- Install ----------------------------------------------------------------
# Remove the package again however the script ends, so a failed run leaves
# the machine as it found it.
remove_package() {
  if dpkg -s grundy-lab >/dev/null 2>&1; then
    "${sudo[@]}" dpkg -r grundy-lab >/dev/null
  fi
}
trap remove_package EXIT

say "installing with dpkg -i"
if ! "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive dpkg -i "$deb"; then
  # Missing dependencies: let apt fetch them, as a double-click installer does.
  say "dpkg -i left dependencies to install; apt-get -f install"
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -f install -y -qq >/dev/null
fi
status=$(dpkg-query -W -f '${Status}' grundy-lab 2>/dev/null || true)
[[ $status == "install ok installed" ]] || fail "grundy-lab is not installed after dpkg -i (status: $status)"
say "installed: $status"

bin=/usr/bin/grundy-lab
launcher=/usr/share/applications/grundy-lab.desktop
# The icon goes in the hicolor folder of its real size (the PNG header's
# width and height, big-endian at bytes 16-23).
read -r -a wh < <(od -An -tu1 -j16 -N8 assets/grundy-lab.png)
icon_size=$((wh[0] << 24 | wh[1] << 16 | wh[2] << 8 | wh[3]))x$((wh[4] << 24 | wh[5] << 16 | wh[6] << 8 | wh[7]))
icon=/usr/share/icons/hicolor/$icon_size/apps/grundy-lab.png
for f in "$bin" "$launcher" "$icon" /usr/share/doc/grundy-lab/copyright /usr/share/doc/grundy-lab/OFL-BIZ-UDGothic.txt; do
  dpkg -L grundy-lab | grep -qxF "$f" || fail "the package does not list $f"
  [[ -s $f ]] || fail "$f is missing or empty"
done
[[ -x $bin ]] || fail "$bin is not executable"
say "files in place: $bin, $launcher, $icon (the PNG is $icon_size), copyright, font licence"

# --- Launcher ---------------------------------------------------------------
desktop-file-validate "$launcher" || fail "desktop-file-validate rejects $launcher"
say "desktop-file-validate $launcher: valid"
exec_line=$(sed -n 's/^Exec=//p' "$launcher")
icon_line=$(sed -n 's/^Icon=//p' "$launcher")
wm_class=$(sed -n 's/^StartupWMClass=//p' "$launcher")
[[ $(PATH=/usr/local/bin:/usr/bin:/bin command -v "${exec_line%% *}") == "$bin" ]] ||
  fail "the launcher's Exec=$exec_line does not start $bin on a desktop's PATH"
[[ $icon_line == grundy-lab && -f /usr/share/icons/hicolor/$icon_size/apps/$icon_line.png ]] ||
  fail "the launcher's Icon=$icon_line is not the installed icon"
say "launcher: Exec=$exec_line is $bin, Icon=$icon_line is $icon"

# --- Command line -----------------------------------------------------------
out=$("$bin" wythoff 10) || fail "$bin wythoff 10 failed"
grep -qxF "(16, 26)" <<<"$out" || fail "$bin wythoff 10 did not print the 10th P-position (16, 26): $out"
say "$bin wythoff 10: $(head -n 2 <<<"$out" | tr '\n' ' ')"

# --- The app, under a virtual display ----------------------------------------
# A fresh home: the app starts as on a teacher's first run, and the
# settings of whoever runs this script are left alone.
home=$(mktemp -d)
trap 'remove_package; rm -rf "$home"' EXIT
mkdir -m 700 "$home/runtime"

# Start the installed app with one graphics backend; it must open its window
# (titled "Grundy Lab: <tab>", with the window class the launcher names, so
# the desktop matches the window to the launcher) and still be running
# when `timeout` stops it: exit code 124. Anything else is a failure (the
# outer timeout, which only guards against a hung Xvfb, kills: 137).
start_app() {
  local backend=$1 seconds=$2 attempt=${3:-1} log="$home/app-$1.log" rc=0
  say "starting $bin under xvfb-run with WGPU_BACKEND=$backend for $seconds s"
  # xvfb-run is given its authority file in $home (removed with it): left to
  # make its own temporary folder, it once failed to remove it after a
  # clean run and turned the app's 124 into its own exit code 5.
  # The inner script gets its values as arguments ($1..$3), hence single quotes.
  # shellcheck disable=SC2016
  HOME=$home XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config XDG_RUNTIME_DIR=$home/runtime \
    WGPU_BACKEND=$backend timeout -s KILL $((seconds + 30)) xvfb-run -a -f "$home/Xauthority-$backend-$attempt" -s "-screen 0 1280x800x24" \
    bash -c '
      timeout "$1" "$2" & app=$!
      for _ in $(seq 1 60); do
        tree=$(xwininfo -root -tree 2>/dev/null || true)
        # e.g. 0x200002 "Grundy Lab: Corner the Queen": ("" "grundy-lab")
        win=$(grep -oE "\"Grundy Lab[^\"]*\": \(\"[^\"]*\" \"$3\"\)" <<<"$tree" | head -n 1)
        if [[ -n $win ]]; then echo "window: $win"; break; fi
        kill -0 "$app" 2>/dev/null || break
        sleep 0.25
      done
      wait "$app"
    ' _ "$seconds" "$bin" "$wm_class" >"$log" 2>&1 || rc=$?
  # Xvfb sometimes refuses the first client of a display just freed by the
  # run before: that is the virtual display's fault, not the app's; try once
  # more.
  if ! grep -q '^window: ' "$log" && grep -q 'Failed to open connection to X server' "$log" && ((attempt == 1)); then
    say "WGPU_BACKEND=$backend: the virtual display refused the connection; starting again"
    start_app "$backend" "$seconds" 2
    return
  fi
  grep -q '^window: ' "$log" || {
    sed 's/^/  | /' "$log" >&2
    fail "no window titled \"Grundy Lab...\" with class $wm_class (the launcher's StartupWMClass) appeared (WGPU_BACKEND=$backend)"
  }
  [[ $rc -eq 124 ]] || {
    sed 's/^/  | /' "$log" >&2
    fail "the app exited with code $rc before $seconds s (WGPU_BACKEND=$backend); 124 = still running"
  }
  say "WGPU_BACKEND=$backend: $(grep '^window: ' "$log"), still running after $seconds s (timeout's 124)"
}
start_app vulkan 15
start_app gl 15
# A backend that cannot make a device (Linux has no DirectX 12): the app
# must start again with OpenGL (platform::native::run) and say so.
start_app dx12 15
grep -q 'trying OpenGL' "$home/app-dx12.log" || fail "with WGPU_BACKEND=dx12 the app did not say it fell back to OpenGL"
say "WGPU_BACKEND=dx12 (none on Linux): $(grep -m 1 'trying OpenGL' "$home/app-dx12.log")"

# --- Remove -----------------------------------------------------------------
"${sudo[@]}" dpkg -r grundy-lab >/dev/null
if dpkg-query -W -f '${Status}' grundy-lab 2>/dev/null | grep -q 'ok installed'; then
  fail "grundy-lab is still installed after dpkg -r"
fi
[[ ! -e $bin && ! -e $launcher && ! -e $icon ]] || fail "dpkg -r left files behind"
say "removed with dpkg -r; $bin, the launcher and the icon are gone"

say "all checks passed in $((SECONDS - started)) s"
