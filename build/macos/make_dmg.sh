#!/bin/sh
# Signs Marriage.app ad hoc, wraps it in a compressed disk image with an Applications shortcut
# to drag onto, and verifies the signature of the copy inside the finished image.
#   make_dmg.sh <path/to/Marriage.app> <output.dmg>
set -eu
app=$1
dmg=$2
stage=$(mktemp -d)
mnt=$(mktemp -d)
cleanup() {
    hdiutil detach -quiet "$mnt" 2>/dev/null || true
    rm -rf "$stage" "$mnt"
}
trap cleanup EXIT

# Ad hoc ("-"): no Apple identity, but every file is sealed, which Apple silicon requires
# and which lets Gatekeeper's "Open Anyway" work on macOS 15.
codesign --force --deep --sign - "$app"
codesign --verify --deep --strict --verbose=2 "$app"
ditto "$app" "$stage/Marriage.app"
codesign --verify --deep --strict "$stage/Marriage.app"
ln -s /Applications "$stage/Applications"
rm -f "$dmg"
# hdiutil now and then fails with "Resource busy" on build machines; a retry is enough.
made=no
for attempt in 1 2 3; do
    if hdiutil create -volname Marriage -srcfolder "$stage" -fs HFS+ -format UDZO -ov "$dmg"; then
        made=yes
        break
    fi
    echo "hdiutil failed (attempt $attempt), retrying" >&2
    sleep 5
done
[ "$made" = yes ] || exit 1

# The copy players get is the one in the image: verify that one too.
hdiutil attach -nobrowse -readonly -mountpoint "$mnt" "$dmg" >/dev/null
codesign --verify --deep --strict --verbose=2 "$mnt/Marriage.app"
