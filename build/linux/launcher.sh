#!/bin/sh
# Starts Marriage from the unpacked archive, whatever the working directory.
#   ./marriage                          play
#   ./marriage --install-desktop-entry  add Marriage to this user's applications menu
#   ./marriage --remove-desktop-entry   take it out again
set -eu
here=$(dirname "$(readlink -f "$0")")
apps=${XDG_DATA_HOME:-$HOME/.local/share}/applications
entry=$apps/marriage.desktop

case "${1:-}" in
--install-desktop-entry)
    mkdir -p "$apps"
    sed -e "s|^Exec=.*|Exec=\"$here/marriage\"|" -e "s|^Icon=.*|Icon=$here/marriage.png|" \
        "$here/marriage.desktop" >"$entry"
    echo "Added $entry"
    ;;
--remove-desktop-entry)
    rm -f "$entry"
    echo "Removed $entry"
    ;;
*)
    exec "$here/app/marriage" "$@"
    ;;
esac
