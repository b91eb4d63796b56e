# The glibc check the AppImage's AppRun and the .tar.gz's launcher both start with:
# build/make.py puts this text where they say @GLIBC_CHECK@, with the newest glibc the bundle
# needs for @GLIBC_FLOOR@ and the thing that needs it for @WHAT@. On an older system the game
# could only fail with a loader error nobody sees after a double-click, so say it plainly,
# in a dialog when there is no terminal.
need=@GLIBC_FLOOR@

tell() {
    echo "Marriage: $1" >&2
    if [ ! -t 2 ] && { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; }; then
        if command -v zenity >/dev/null 2>&1; then
            zenity --error --no-markup --title Marriage --text "$1" >/dev/null 2>&1
        elif command -v kdialog >/dev/null 2>&1; then
            kdialog --title Marriage --error "$1" >/dev/null 2>&1
        elif command -v xmessage >/dev/null 2>&1; then
            xmessage -center -title Marriage -buttons OK "$1" >/dev/null 2>&1
        fi
    fi
}

older() {  # whether version $1 is older than $2
    [ "$1" != "$2" ] && [ "$(printf '%s\n%s\n' "$1" "$2" | sort -t. -k1,1n -k2,2n | head -n 1)" = "$1" ]
}

check_glibc() {  # exits with a message when this system's glibc is older than the bundle needs
    # "glibc 2.36" -> 2.36; empty on a system without glibc (musl, say).
    have=$(getconf GNU_LIBC_VERSION 2>/dev/null | sed -n 's/^glibc //p')
    case $need in
    @*) ;; # not filled in (a test of this script): no check
    *)
        if [ -z "$have" ]; then
            tell "@WHAT@ needs the GNU C library (glibc $need or newer), which this system does not have. The game's source runs anywhere Python 3.11 and pygame-ce do."
            exit 1
        elif older "$have" "$need"; then
            tell "@WHAT@ needs glibc $need or newer (Ubuntu 22.04, Debian 12, Fedora 36 and later); this system has glibc $have."
            exit 1
        fi
        ;;
    esac
}
