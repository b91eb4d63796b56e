#!/usr/bin/env bash
# Install each Linux installer for real, run the game's self-test from it, remove it, and
# check that nothing is left. The same four steps as build/windows/smoke.ps1 and
# build/macos/smoke.sh:  1 install  2 self-test  3 uninstall  4 nothing left.
#   bash build/linux/smoke.sh build/out/installers
# The .deb step needs root (or sudo); it is what CI runs after make.py --check.
set -euo pipefail
installers=${1:-build/out/installers}
version=$(python3 -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')
deb=$(ls "$installers"/marriage_"$version"_*.deb)
tarball=$(ls "$installers"/marriage-"$version"-linux-*.tar.gz)
appimage=$(ls "$installers"/Marriage-"$version"-*.AppImage)
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy HOME="$scratch/home"
mkdir -p "$HOME"
touch "$scratch/started"
step() { echo "== $*"; }
fail() { echo "SMOKE FAILED: $*" >&2; exit 1; }

menu_entry() {  # install the program's own menu entry, validate it, take it out again
    local data="$scratch/menu" entry="$scratch/menu/applications/marriage.desktop"
    XDG_DATA_HOME="$data" "$@" --install-desktop-entry
    if command -v desktop-file-validate >/dev/null; then
        desktop-file-validate "$entry" || fail "the menu entry of $* is not valid"
    fi
    grep -q '^Exec=' "$entry" || fail "the menu entry of $* has no Exec line"
    XDG_DATA_HOME="$data" "$@" --remove-desktop-entry
    [ ! -e "$entry" ] || fail "the menu entry of $* was not removed"
}

self_test() {  # the game's self-test from an unrelated folder
    (cd "$scratch" && "$@" --self-test) || fail "self-test of $* failed"
}

# --- the .deb ----------------------------------------------------------------------------
if dpkg -s marriage >/dev/null 2>&1; then
    fail "marriage is already installed here; remove it first"
fi
step "1 install $deb"
$sudo apt-get install -y -q "$(readlink -f "$deb")" >/dev/null
step "2 self-test /usr/games/marriage"
self_test /usr/games/marriage
menu_entry /usr/games/marriage
step "3 uninstall"
$sudo apt-get purge -y -q marriage >/dev/null
step "4 nothing left"
for path in /opt/marriage /usr/games/marriage /usr/share/applications/marriage.desktop \
    /usr/share/doc/marriage /usr/share/metainfo/io.github.marriage_cards.marriage.metainfo.xml; do
    [ ! -e "$path" ] || fail "$path is still there after removal"
done
! dpkg -s marriage >/dev/null 2>&1 || fail "dpkg still lists marriage"

# --- the .tar.gz, unpacked where a folder name has shell and sed syntax in it --------------
odd="$scratch/R&D \$games"
mkdir -p "$odd"
step "1 install $tarball into $odd"
tar -xzf "$tarball" -C "$odd"
top=$(ls -d "$odd"/marriage-*)
XDG_DATA_HOME="$scratch/data" "$top/marriage" --install-desktop-entry
entry="$scratch/data/applications/marriage.desktop"
if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate "$entry" || fail "the installed menu entry is not valid"
fi
grep -qF "Icon=$top/marriage.png" "$entry" || fail "the menu entry's icon lost the folder name"
step "2 self-test through the launcher"
self_test "$top/marriage"
step "3 uninstall"
XDG_DATA_HOME="$scratch/data" "$top/marriage" --remove-desktop-entry
rm -rf "$top"
step "4 nothing left"
[ ! -e "$entry" ] || fail "the menu entry is still there"

# --- the AppImage ------------------------------------------------------------------------
step "1 install $appimage into $odd"
cp "$appimage" "$odd/Marriage.AppImage"
step "2 self-test the AppImage (mounted when FUSE works, unpacked otherwise)"
self_test "$odd/Marriage.AppImage"
APPIMAGE_EXTRACT_AND_RUN=1 self_test "$odd/Marriage.AppImage"
menu_entry "$odd/Marriage.AppImage"
# The AppImage's own menu entry must start the AppImage file, not its temporary mount.
XDG_DATA_HOME="$scratch/menu" "$odd/Marriage.AppImage" --install-desktop-entry
exec_line=$(grep '^Exec=' "$scratch/menu/applications/marriage.desktop")
case $exec_line in
*Marriage.AppImage*) ;;
*) fail "the AppImage's menu entry does not start the AppImage: $exec_line" ;;
esac
case $exec_line in
*usr/lib/marriage*) fail "the AppImage's menu entry points into its mount: $exec_line" ;;
esac
XDG_DATA_HOME="$scratch/menu" "$odd/Marriage.AppImage" --remove-desktop-entry
step "3 uninstall"
rm "$odd/Marriage.AppImage"
step "4 nothing left"
# Our fallback runtime's folder and mount, and the official runtime's mount (.mount_ and the
# file name's first six letters) and unpacked folder: the names make.py --check looks for.
leftover=$(find "${TMPDIR:-/tmp}" -maxdepth 1 \( -name 'marriage-appimage-*' -o -name '.mount_marriage-*' \
    -o -name '.mount_Marria*' -o -name 'appimage_extracted_*' \) -newer "$scratch/started" 2>/dev/null || true)
[ -z "$leftover" ] || fail "the AppImage left $leftover behind"
echo "smoke test passed: $(basename "$deb"), $(basename "$tarball"), $(basename "$appimage")"
