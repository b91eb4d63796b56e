"""The frozen app's first line of Python: run the game exactly as ``python -m marriage_gui``.

A windowed build has no console (``sys.stdout is None``); ``marriage_gui.__main__.main`` sends
prints and errors to the log in the per-user data folder then. On Windows one thing is done
first: ``Marriage.exe --version`` (or any option) typed in cmd or PowerShell writes to that
window, by attaching to the console of the program that started it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

#: AttachConsole's argument for "the console of the parent process".
ATTACH_PARENT_PROCESS = -1


def _console_stream() -> TextIO:
    return open("CONOUT$", "w", encoding="utf-8", errors="replace", buffering=1)  # noqa: SIM115


def attach_parent_console(
    argv: Sequence[str],
    platform: str = sys.platform,
    kernel32: Any = None,
    open_console: Callable[[], TextIO] = _console_stream,
) -> bool:
    """Give a windowed Windows exe started with options from a terminal that terminal's output.

    Only with options: a plain start from a terminal is a game, whose output belongs in its
    log. A start by double-click or shortcut has no parent console, so nothing changes.
    Returns whether stdout and stderr now reach a console.
    """
    if platform != "win32" or not argv or (sys.stdout is not None and sys.stderr is not None):
        return False
    if kernel32 is None:
        import ctypes

        kernel32 = ctypes.WinDLL("kernel32")  # type: ignore[attr-defined]
    if not kernel32.AttachConsole(ATTACH_PARENT_PROCESS):
        return False
    try:
        stream = open_console()
    except OSError:
        return False
    if sys.stdout is None:
        sys.stdout = stream
    if sys.stderr is None:
        sys.stderr = stream
    # The prompt was printed before the game wrote anything: start on a line of its own.
    stream.write("\n")
    return True


if __name__ == "__main__":
    # Bots think in a spawned process; a frozen child must stop here and serve, not start a game.
    import multiprocessing

    multiprocessing.freeze_support()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    attach_parent_console(sys.argv[1:])
    from marriage_gui.__main__ import main

    sys.exit(main())
