"""Add Marriage to (or take it out of) this user's applications menu on a Linux desktop.

Works the same from a source checkout, a pip install and the frozen app: the menu entry starts
whatever started this process, so it follows the install it was made from. The entry's name
and description are written in every language the game has a catalog for (``Name[ne]=``), so
the menu shows the one the desktop speaks.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

from marriage_gui import language
from marriage_gui.language import N_

ENTRY_NAME = "marriage.desktop"
ICON_NAME = "marriage"
ICON_SIZE = 256

#: The words of the menu entry, in English (each language's own come from its catalog).
# Translators: the game's name in an applications menu.
NAME = N_("Marriage")
# Translators: what kind of program this is, in an applications menu.
GENERIC_NAME = N_("Card Game")
# Translators: the game in one line, in an applications menu.
COMMENT = N_("The three-deck rummy of Nepal, against friends or computer players")
# Translators: words a person may type to find the game in an applications menu, each ending
# in a semicolon (keep the semicolons; the words need not be translations of these).
KEYWORDS = N_("cards;rummy;Nepal;tiplu;maal;")

# The desktop-entry spec's characters that force an Exec argument into double quotes.
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


class DesktopEntryError(Exception):
    """The menu entry cannot be written here; the message says what to do instead."""


def data_home() -> Path:
    """``$XDG_DATA_HOME`` or ``~/.local/share``: where menus look for this user's entries."""
    value = os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if value and Path(value).is_absolute() else Path.home() / ".local/share"


def launch_command(data_dir: str | None = None) -> list[str]:
    """The command that starts this very install of the game."""
    appimage, appdir = os.environ.get("APPIMAGE", ""), os.environ.get("APPDIR", "")
    if getattr(sys, "frozen", False) and appimage and appdir and _inside(sys.executable, appdir):
        # Run from an AppImage: this program lives in a mount gone when it ends; the menu
        # must start the AppImage file itself.
        command = [appimage]
    elif getattr(sys, "frozen", False):
        command = [sys.executable]
    else:
        command = [sys.executable, "-m", "marriage_gui"]
    if data_dir:
        command += ["--data-dir", str(Path(data_dir).resolve())]
    return command


def _inside(path: str, folder: str) -> bool:
    return Path(path).resolve().is_relative_to(Path(folder).resolve())


def exec_value(argv: Sequence[str]) -> str:
    """``argv`` written as the ``Exec=`` value of a desktop entry (quoted as the spec asks)."""
    words = []
    for arg in argv:
        if "\n" in arg or "\r" in arg:
            raise DesktopEntryError("a folder name with a line break cannot go in a menu entry")
        if arg and not set(arg) & _RESERVED and "%" not in arg:
            words.append(arg)
            continue
        quoted = "".join("\\" + c if c in '"`$\\' else c for c in arg)
        words.append(f'"{quoted}"')
    # Then the string rules apply on top: every backslash doubled, and % doubled for Exec.
    return " ".join(words).replace("\\", "\\\\").replace("%", "%%")


def _string(value: str) -> str:
    """``value`` as a desktop-entry string (a backslash and a line break escaped)."""
    return value.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r")


def _worded(key: str, message: str) -> list[str]:
    """``key=message`` in English, then ``key[code]=...`` for each language that words it."""
    lines = [f"{key}={_string(message)}"]
    for code in language.LANGUAGES:
        if code == language.FALLBACK:
            continue
        try:
            words = language.catalog(code).gettext(message)
        except (language.UnknownLanguage, OSError, ValueError):
            continue  # a catalog missing or unreadable here: the menu shows the English
        if words and words != message:
            lines.append(f"{key}[{code}]={_string(words)}")
    return lines


def entry_text(argv: Sequence[str], icon: str) -> str:
    """The whole ``.desktop`` file."""
    return "\n".join(
        [
            "[Desktop Entry]",
            "Type=Application",
            "Version=1.0",
            *_worded("Name", NAME),
            *_worded("GenericName", GENERIC_NAME),
            *_worded("Comment", COMMENT),
            f"Exec={exec_value(argv)}",
            f"Icon={icon}",
            "Terminal=false",
            "Categories=Game;CardGame;",
            *_worded("Keywords", KEYWORDS),
            "StartupWMClass=marriage",
            "",
        ]
    )


def _check_platform() -> None:
    if sys.platform.startswith(("win", "darwin")):
        where = "Start menu" if sys.platform.startswith("win") else "Applications folder"
        raise DesktopEntryError(
            f"menu entries are for Linux desktops; on this computer the installer puts "
            f"Marriage in the {where}"
        )


def install(data_dir: str | None = None) -> list[Path]:
    """Write the menu entry and its icon for this user; the files written."""
    _check_platform()
    home = data_home()
    apps = home / "applications"
    icon = home / "icons" / "hicolor" / f"{ICON_SIZE}x{ICON_SIZE}" / "apps" / f"{ICON_NAME}.png"
    try:
        apps.mkdir(parents=True, exist_ok=True)
        icon.parent.mkdir(parents=True, exist_ok=True)
        _write_icon(icon)
        entry = apps / ENTRY_NAME
        temp = entry.with_suffix(".tmp")
        temp.write_text(entry_text(launch_command(data_dir), str(icon)), encoding="utf-8")
        temp.replace(entry)
    except OSError as exc:
        raise DesktopEntryError(f"could not write the menu entry: {exc.strerror or exc}") from None
    return [entry, icon]


def remove() -> list[Path]:
    """Delete the menu entry and icon written by ``install``; the files that were there."""
    _check_platform()
    home = data_home()
    paths = [
        home / "applications" / ENTRY_NAME,
        home / "icons" / "hicolor" / f"{ICON_SIZE}x{ICON_SIZE}" / "apps" / f"{ICON_NAME}.png",
    ]
    gone = []
    for path in paths:
        try:
            path.unlink()
            gone.append(path)
        except FileNotFoundError:
            pass
        except OSError as exc:
            raise DesktopEntryError(f"could not remove {path}: {exc.strerror or exc}") from None
    return gone


def _write_icon(path: Path) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from marriage_gui.art.icon import load_icon

    pygame.display.init()
    pygame.image.save(pygame.transform.smoothscale(load_icon(ICON_SIZE), (256, 256)), str(path))
