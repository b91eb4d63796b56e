#!/usr/bin/env bash
# Rehearse what a family's apt does with the .deb, in a clean root (made by debootstrap, with
# no X11 or graphics libraries), as root:
#   1 the game unpacked by hand cannot open a window there (no X11 libraries);
#   2 apt installs the pre-release .deb and, from its Depends, the X11 libraries;
#   3 the installed game passes its self-test, and (when DISPLAY names an X server whose
#     socket is in /tmp/.X11-unix) opens its window there (REHEARSAL_SCREENSHOT=FILE.png:
#     a picture of that display, taken with ImageMagick's import);
#   4 apt installs the release .deb over the pre-release with no flag: an upgrade.
#
#   sudo bash build/linux/rehearse-deb.sh CLEAN_ROOT OLDER.deb NEWER.deb
#
# CLEAN_ROOT is copied first and left as it was; the copy is deleted at the end. Making one:
#   debootstrap --variant=minbase jammy ROOT http://archive.ubuntu.com/ubuntu
# tests/test_build.py runs this when MARRIAGE_CLEAN_ROOT names such a root.
set -euo pipefail
clean=$1
older=$2
newer=$3
[ "$(id -u)" -eq 0 ] || { echo "rehearse-deb.sh: run it as root (chroot, mount)" >&2; exit 2; }

work=$(mktemp -d)
root=$work/root
cleanup() {
    for m in tmp/.X11-unix dev proc; do
        mountpoint -q "$root/$m" 2>/dev/null && umount -l "$root/$m"
    done
    rm -rf "$work"
}
trap cleanup EXIT
cp -a "$clean" "$root"
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp "$older" "$root/tmp/older.deb"
cp "$newer" "$root/tmp/newer.deb"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
fail() { echo "REHEARSAL FAILED: $*" >&2; exit 1; }
step() { echo "== $*"; }

grep -E '^(PRETTY_NAME|VERSION_ID)=' "$root/etc/os-release"
step "0 the clean root has no X11 libraries"
in_root dpkg-query -W -f '${Status}\n' libx11-6 2>/dev/null | grep -q '^install ok installed' &&
    fail "libx11-6 is already installed in $clean: not a clean root"
in_root apt-get update -q >/dev/null

step "1 the game unpacked by hand, without its libraries, cannot open a window"
in_root dpkg-deb -x /tmp/older.deb /tmp/unpacked
said=$(in_root env DISPLAY=:99 /tmp/unpacked/opt/marriage/marriage 2>&1 || true)
echo "   it says: $(tail -n 1 <<<"$said")"
rm -rf "$root/tmp/unpacked"

step "2 apt installs $(basename "$older") and what it depends on"
log=$(in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y /tmp/older.deb 2>&1) ||
    fail "apt could not install $(basename "$older"): $log"
awk '/^The following NEW packages/ { on = 1; print; next } on && /^  / { print; next } { on = 0 }' <<<"$log"
for lib in libx11-6 libxext6 libxcursor1 libxi6 libxfixes3 libxrandr2 libxss1; do
    in_root dpkg-query -W -f '${Status}\n' "$lib" | grep -q '^install ok installed' ||
        fail "apt did not install $lib with the game"
done
echo "   installed: $(in_root dpkg-query -W -f '${Version}' marriage)"

step "3 the installed game's self-test"
in_root env SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy /usr/games/marriage --self-test | tail -n 1
if [ -n "${DISPLAY:-}" ] && [ -S "/tmp/.X11-unix/X${DISPLAY#:}" ]; then
    mkdir -p "$root/tmp/.X11-unix"
    mount --bind /tmp/.X11-unix "$root/tmp/.X11-unix"
    status=0
    if [ -n "${REHEARSAL_SCREENSHOT:-}" ] && command -v import >/dev/null; then
        (sleep 6 && import -display "$DISPLAY" -window root "$REHEARSAL_SCREENSHOT") &
    fi
    said=$(in_root env DISPLAY="$DISPLAY" SDL_AUDIODRIVER=dummy timeout 8 /usr/games/marriage 2>&1) ||
        status=$?
    wait
    # Still running after 8 s (timeout's 124) means its window opened and it waited for a player.
    [ "$status" -eq 124 ] || fail "the game did not stay open on $DISPLAY (exit $status): $said"
    echo "   its window opened on $DISPLAY and stayed until stopped"
fi

step "4 apt installs $(basename "$newer") over it, with no flag"
log=$(in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y /tmp/newer.deb 2>&1) ||
    fail "apt refused $(basename "$newer") over $(basename "$older"): $log"
grep -E 'Unpacking marriage|upgraded' <<<"$log"
grep -q 'DOWNGRADED\|downgrade' <<<"$log" && fail "apt took it for a downgrade: $log"
echo "   installed: $(in_root dpkg-query -W -f '${Version}' marriage)"
echo "rehearsal passed"
