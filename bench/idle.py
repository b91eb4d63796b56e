"""CPU time of the game doing nothing: a menu, or a table waiting for a person, left alone.

Run headless:   python bench/idle.py
In a window:    python bench/idle.py --window      (needs a display)
Runs the real loop (``App.frame``) and prints the share of one core the process used while
nobody touched it, read from the process's own CPU clock, and the frames it drew meanwhile.
The bar is 10% of one core.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

BAR = 10.0


def run_for(app: object, seconds: float) -> None:
    """Run the app's real loop until a timer closes it after ``seconds``."""
    import pygame

    pygame.time.set_timer(pygame.QUIT, max(1, round(seconds * 1000)), loops=1)
    app.running = True  # type: ignore[attr-defined]
    while app.running:  # type: ignore[attr-defined]
        app.frame()  # type: ignore[attr-defined]


def main() -> int:
    """Measure and print."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=20.0, help="how long to measure")
    p.add_argument("--warm", type=float, default=6.0, help="seconds to let the screen settle")
    p.add_argument(
        "--scene",
        default="title",
        help="title, new_game, rules, stats, settings, or table (a person's turn at a new match)",
    )
    p.add_argument("--window", action="store_true", help="use a real window, not the dummy one")
    args = p.parse_args()
    if not args.window:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from marriage_gui.app import App
    from marriage_gui.ui.words import count

    with tempfile.TemporaryDirectory() as data:
        app = App((1280, 800), headless=not args.window, data_dir=data)
        app.go_title()
        if args.scene == "table":
            from marriage_gui.setup import MatchSetup

            # Seat 0 (a person) plays first: after the deal the table waits for them.
            app.open_table(setup=MatchSetup(seed=7))
        elif args.scene != "title":
            app.open(args.scene)
        run_for(app, args.warm)
        frames, cpu, wall = app.frames, time.process_time(), time.perf_counter()
        run_for(app, args.seconds)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        frames = app.frames - frames
    share = 100.0 * cpu / wall
    where = "window" if args.window else "headless"
    print(
        f"{args.scene} idle ({where}): {share:.1f}% of one core "
        f"({cpu:.2f} s CPU over {wall:.1f} s), {count(frames, 'frame')} drawn; bar {BAR:.0f}%"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
