"""The frozen app's first line of Python: run the game exactly as ``python -m marriage_gui``.

A windowed build has no console (``sys.stdout is None``); ``marriage_gui.__main__.main`` sends
prints and errors to the log in the per-user data folder then, so nothing is done about it here.
"""

from __future__ import annotations

import os
import sys

if __name__ == "__main__":
    # Bots think in a spawned process; a frozen child must stop here and serve, not start a game.
    import multiprocessing

    multiprocessing.freeze_support()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from marriage_gui.__main__ import main

    sys.exit(main())
