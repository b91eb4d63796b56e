"""Marriage's entry in this user's applications menu (Linux and other freedesktop systems).

``marriage --install-desktop-entry`` from a source (pip) install, the .deb's bundle or the
AppImage writes ``$XDG_DATA_HOME/applications/marriage.desktop`` pointing at the program that
ran it; the unpacked .tar.gz does the same through its launcher script. Folder names may hold
anything (``R&D``, spaces, quotes, ``$``, ``%``): the Exec line is quoted as the desktop-entry
specification asks.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from marriage_gui.art.paths import asset

FILE_NAME = "marriage.desktop"
#: Characters the desktop-entry spec wants escaped inside a quoted Exec argument.
_EXEC_SPECIAL = '"`$\\'


def entries_dir() -> Path:
    """Where this user's menu entries live."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "applications"


def _string(value: str) -> str:
    """A value escaped for a desktop file's string type (the backslash doubles first)."""
    return value.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")


def exec_line(argv: list[str]) -> str:
    """An Exec value that runs ``argv`` exactly, whatever characters its parts hold."""
    quoted = []
    for arg in argv:
        inner = "".join("\\" + c if c in _EXEC_SPECIAL else c for c in arg)
        quoted.append('"' + inner.replace("%", "%%") + '"')
    return _string(" ".join(quoted))


def program() -> list[str]:
    """The command that starts this installation of the game."""
    appimage = os.environ.get("APPIMAGE")
    if appimage:  # the AppImage's own mount point vanishes when it quits: point at the file
        return [appimage]
    if getattr(sys, "frozen", False):
        return [sys.executable]
    return [sys.executable, "-m", "marriage_gui"]


def entry_text(argv: list[str], icon: Path) -> str:
    """The whole menu entry for ``argv`` with ``icon``."""
    return (
        "[Desktop Entry]\n"
        "Type=Application\n"
        "Version=1.0\n"
        "Name=Marriage\n"
        "GenericName=Card Game\n"
        "Comment=The three-deck rummy of Nepal, against friends or computer players\n"
        f"Exec={exec_line(argv)}\n"
        f"Icon={_string(str(icon))}\n"
        "Terminal=false\n"
        "Categories=Game;CardGame;\n"
        "Keywords=cards;rummy;Nepal;tiplu;maal;\n"
        "StartupWMClass=marriage\n"
    )


def icon_file() -> Path:
    """The user's copy of the icon: an AppImage's own files vanish when it quits."""
    return entries_dir().parent / "icons" / "hicolor" / "256x256" / "apps" / "marriage.png"


def install_desktop_entry() -> Path:
    """Write the menu entry (and its icon) for this installation; the entry written."""
    icon = icon_file()
    icon.parent.mkdir(parents=True, exist_ok=True)
    icon.write_bytes(asset("icons", "marriage-256.png").read_bytes())
    folder = entries_dir()
    folder.mkdir(parents=True, exist_ok=True)
    entry = folder / FILE_NAME
    entry.write_text(entry_text(program(), icon), encoding="utf-8")
    return entry


def remove_desktop_entry() -> Path:
    """Delete the menu entry and its icon if they are there; the entry's path."""
    entry = entries_dir() / FILE_NAME
    entry.unlink(missing_ok=True)
    icon_file().unlink(missing_ok=True)
    return entry


def run(install: bool) -> int:
    """The ``--install-desktop-entry`` / ``--remove-desktop-entry`` command; exit status."""
    try:
        if install:
            print(f"Added {install_desktop_entry()}")
        else:
            print(f"Removed {remove_desktop_entry()}")
    except OSError as exc:
        print(f"marriage: could not change the menu entry: {exc}", file=sys.stderr)
        return 1
    return 0
