#!/usr/bin/env bash
# Build the Debian package of Grundy Lab from a release build, with dpkg's
# own tools (dpkg-deb, dpkg-shlibdeps): nothing to install or compile first.
# Prints the path of the package on its last line.
#
# usage: scripts/deb.sh          (used by scripts/deb-test.sh and the release
#                                 workflow; needs dpkg-dev)
#        GRUNDY_LAB_BINARY=target/debug/grundy-lab scripts/deb.sh
#                                 package a program already built instead of
#                                 building the release (CI checks the package
#                                 with the program its `cargo test` built)
#
# The package: the program, its launcher and icon where a desktop's menu
# looks, and the licences (the Japanese font and Hack, the face of
# mathematical signs in exported pictures, are built into the program, so
# their licences ship too).
set -euo pipefail
cd "$(dirname "$0")/.."

name=grundy-lab
version=$(sed -n '/^\[workspace.package\]/,/^\[/s/^version = "\(.*\)"/\1/p' Cargo.toml)
[[ -n $version ]] || { echo "deb.sh: no version in Cargo.toml's [workspace.package]" >&2; exit 1; }
arch=$(dpkg --print-architecture)

binary=${GRUNDY_LAB_BINARY:-}
if [[ -z $binary ]]; then
  cargo build --release --locked -p grundy-lab >&2
  binary=target/release/grundy-lab
fi
[[ -x $binary ]] || { echo "deb.sh: no program at $binary" >&2; exit 1; }

# dpkg-shlibdeps (below) reads a debian/control and wants the program in
# debian/<package>/, so the package's tree is built there.
work=target/debian/build
root=$work/debian/$name
rm -rf "$work"
install -Dm755 "$binary" "$root/usr/bin/grundy-lab"
strip --strip-unneeded "$root/usr/bin/grundy-lab"
install -Dm644 assets/grundy-lab.desktop "$root/usr/share/applications/grundy-lab.desktop"
install -Dm644 assets/grundy-lab.png "$root/usr/share/icons/hicolor/256x256/apps/grundy-lab.png"
doc=$root/usr/share/doc/$name
install -Dm644 README.md "$doc/README.md"
install -Dm644 assets/fonts/OFL.txt "$doc/OFL-BIZ-UDGothic.txt"
install -Dm644 assets/fonts/Hack-LICENSE.txt "$doc/LICENSE-Hack.txt"
{
  echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
  echo "Upstream-Name: Grundy Lab"
  echo
  echo "Files: *"
  echo "Copyright: 2026 The Grundy Lab authors"
  echo "License: MIT"
  sed -e 's/^$/./' -e 's/^/ /' LICENSE
} >"$doc/copyright"
chmod 644 "$doc/copyright"

# The C libraries the program links, as dpkg-shlibdeps finds them. The rest
# are loaded at run time (dlopen), so it cannot see them: keyboard and
# windows (X11 or Wayland), fonts, and Vulkan or OpenGL (EGL) for drawing.
printf 'Source: %s\n\nPackage: %s\nArchitecture: any\n' "$name" "$name" >"$work/debian/control"
linked=$(cd "$work" && dpkg-shlibdeps -O "debian/$name/usr/bin/grundy-lab" | sed -n 's/^shlibs:Depends=//p')
runtime="libxkbcommon0, libxkbcommon-x11-0, libx11-6, libx11-xcb1, libxcursor1, libxi6, libwayland-client0, libfontconfig1, libvulkan1 | libegl1"

mkdir -p "$root/DEBIAN"
(cd "$root" && find usr -type f -exec md5sum {} + | sort -k2) >"$root/DEBIAN/md5sums"
cat >"$root/DEBIAN/control" <<EOF
Package: $name
Version: $version-1
Architecture: $arch
Maintainer: The Grundy Lab authors <grundy-lab@users.noreply.github.com>
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: ${linked:+$linked, }$runtime
Recommends: libegl-mesa0 | mesa-vulkan-drivers
Section: math
Priority: optional
Description: Play and research Wythoff's game (Corner the Queen) and its relatives
 Play Corner the Queen (Wythoff's game) and its relatives against the
 computer or a friend, explore their Grundy numbers on a colour map, invent
 pieces, and design knight-graph pictures for posters. In English and
 Japanese; a presentation mode for the classroom. The same results are
 available from the command line (grundy-lab --help).
EOF

deb=target/debian/${name}_${version}-1_${arch}.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >&2
echo "$deb"
