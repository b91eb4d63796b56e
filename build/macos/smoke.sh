#!/bin/sh
# Mount the macOS disk image, verify the app's signature in it, run the game's self-test from
# the image and from an installed copy, remove it, and check that nothing is left. The same
# four steps as build/linux/smoke.sh and build/windows/smoke.ps1:
#   1 install  2 self-test  3 uninstall  4 nothing left.
#   sh build/macos/smoke.sh build/out/installers
set -eu
installers=${1:-build/out/installers}
version=$(python3 -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')
dmg=$(ls "$installers"/Marriage-"$version"-macos-*.dmg)
scratch=$(mktemp -d)
mnt="$scratch/mnt"
mkdir -p "$mnt" "$scratch/home"
cleanup() {
    hdiutil detach -quiet "$mnt" 2>/dev/null || true
    rm -rf "$scratch"
}
trap cleanup EXIT
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy HOME="$scratch/home"
step() { echo "== $*"; }
fail() { echo "SMOKE FAILED: $*" >&2; exit 1; }

step "1 install: mount $dmg and verify the app in it"
hdiutil attach -nobrowse -readonly -mountpoint "$mnt" "$dmg" >/dev/null
codesign --verify --deep --strict --verbose=2 "$mnt/Marriage.app" || fail "the signature in the image does not verify"
# The image's name promises an architecture: every Mach-O file in the app must hold it.
arch=${dmg##*-macos-}
arch=${arch%.dmg}
sh "$(dirname "$0")/archs.sh" "$mnt/Marriage.app" "$arch" || fail "the app lacks $arch code"
plutil -extract NSLocalNetworkUsageDescription raw "$mnt/Marriage.app/Contents/Info.plist" >/dev/null ||
    fail "Info.plist lacks NSLocalNetworkUsageDescription"
# Players drag the app to Applications; a folder of our own stands in for it.
apps="$scratch/R&D Applications"
mkdir -p "$apps"
ditto "$mnt/Marriage.app" "$apps/Marriage.app"
codesign --verify --deep --strict "$apps/Marriage.app" || fail "the installed copy does not verify"

step "2 self-test from the image and from the installed copy"
(cd "$scratch" && "$mnt/Marriage.app/Contents/MacOS/Marriage" --self-test) || fail "self-test from the image failed"
(cd "$scratch" && "$apps/Marriage.app/Contents/MacOS/Marriage" --self-test) || fail "self-test of the installed copy failed"

step "3 uninstall: unmount, and drag the app to the bin"
hdiutil detach -quiet "$mnt"
rm -rf "$apps/Marriage.app"

step "4 nothing left"
[ ! -e "$apps/Marriage.app" ] || fail "the app is still there"
! mount | grep -qF "$mnt" || fail "the image is still mounted"
echo "smoke test passed: $(basename "$dmg")"
