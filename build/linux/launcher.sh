#!/bin/sh
# Starts Marriage from the unpacked archive, whatever the working directory.
#   ./marriage                          play
#   ./marriage --install-desktop-entry  add Marriage to this user's applications menu
#   ./marriage --remove-desktop-entry   take it out again
set -eu
here=$(dirname "$(readlink -f "$0")")
# The same glibc check as the AppImage's (build/linux/glibc-check.sh, put here by make.py).
@GLIBC_CHECK@
apps=${XDG_DATA_HOME:-$HOME/.local/share}/applications
entry=$apps/marriage.desktop

case "${1:-}" in
--install-desktop-entry)
    mkdir -p "$apps"
    # awk prints the folder as data (sed would read '&' or '|' in it as syntax). Exec quotes
    # it as the desktop-entry spec asks: \ " ` $ escaped inside the quotes, % doubled, and
    # every backslash doubled once more because the file's strings unescape "\\" first.
    MARRIAGE_HERE=$here awk '
        function exec_quoted(s,    out, i, c) {
            out = ""
            for (i = 1; i <= length(s); i++) {
                c = substr(s, i, 1)
                if (c == "\\") out = out "\\\\\\\\"
                else if (c == "\"" || c == "`" || c == "$") out = out "\\\\" c
                else if (c == "%") out = out "%%"
                else out = out c
            }
            return "\"" out "\""
        }
        function plain(s,    out, i, c) {
            out = ""
            for (i = 1; i <= length(s); i++) {
                c = substr(s, i, 1)
                out = out (c == "\\" ? "\\\\" : c)
            }
            return out
        }
        BEGIN { dir = ENVIRON["MARRIAGE_HERE"] }
        /^Exec=/ { print "Exec=" exec_quoted(dir "/marriage"); next }
        /^Icon=/ { print "Icon=" plain(dir "/marriage.png"); next }
        { print }
    ' "$here/marriage.desktop" >"$entry"
    echo "Added $entry"
    ;;
--remove-desktop-entry)
    rm -f "$entry"
    echo "Removed $entry"
    ;;
*)
    check_glibc
    exec "$here/app/marriage" "$@"
    ;;
esac
