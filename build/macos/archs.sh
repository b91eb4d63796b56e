#!/bin/sh
# Check that every Mach-O file in an app (the program, Python, every library and extension
# module) holds code for the architecture the disk image's name promises.
#   archs.sh <path/to/Marriage.app> <arm64|x86_64|universal2>
set -eu
app=$1
want=$2
case "$want" in
universal2) need="arm64 x86_64" ;;
*) need=$want ;;
esac
list=$(mktemp)
trap 'rm -f "$list"' EXIT
find "$app" -type f -print >"$list"
checked=0
bad=0
while IFS= read -r path; do
    case "$(file -b "$path")" in
    *Mach-O*) ;;
    *) continue ;;
    esac
    archs=$(lipo -archs "$path")
    checked=$((checked + 1))
    for arch in $need; do
        case " $archs " in
        *" $arch "*) ;;
        *)
            echo "no $arch code in ${path#"$app"/} (it holds: $archs)" >&2
            bad=$((bad + 1))
            ;;
        esac
    done
done <"$list"
if [ "$checked" -eq 0 ]; then
    echo "no Mach-O file found in $app" >&2
    exit 1
fi
if [ "$bad" -ne 0 ]; then
    echo "$bad of $checked Mach-O files lack the promised $want code" >&2
    exit 1
fi
echo "lipo -archs: all $checked Mach-O files in $(basename "$app") hold $need code"
