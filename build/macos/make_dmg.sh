#!/bin/sh
# Wraps Marriage.app in a compressed disk image with an Applications shortcut to drag onto.
#   make_dmg.sh <path/to/Marriage.app> <output.dmg>
set -eu
app=$1
dmg=$2
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

cp -R "$app" "$stage/"
ln -s /Applications "$stage/Applications"
rm -f "$dmg"
# hdiutil now and then fails with "Resource busy" on build machines; a retry is enough.
for attempt in 1 2 3; do
    if hdiutil create -volname Marriage -srcfolder "$stage" -fs HFS+ -format UDZO -ov "$dmg"; then
        exit 0
    fi
    echo "hdiutil failed (attempt $attempt), retrying" >&2
    sleep 5
done
exit 1
