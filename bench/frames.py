"""Frame times of the card table at 1920x1080 with five players mid-hand.

Run headless:  SDL_VIDEODRIVER=dummy python bench/frames.py
Prints p50/p99 of whole frames (events, update, draw) while a card is dragged round the
table, and while a hard bot thinks on its worker thread.
"""

from __future__ import annotations

import math
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from marriage_gui.app import App  # noqa: E402
from marriage_gui.table.demo import mid_hand  # noqa: E402
from marriage_gui.table.scene import TableScene  # noqa: E402

SIZE = (1920, 1080)
FRAMES = 600


def percentiles(samples: list[float]) -> tuple[float, float, float]:
    """p50, p99 and max in milliseconds."""
    s = sorted(samples)
    p50 = statistics.median(s)
    p99 = s[min(len(s) - 1, math.ceil(len(s) * 0.99) - 1)]
    return p50 * 1000, p99 * 1000, s[-1] * 1000


def drag_frames(app: App, scene: TableScene) -> tuple[list[float], list[float]]:
    """Pick up a hand card and circle it over the table, one motion event per frame."""
    cid = scene.fan.order[len(scene.fan.order) // 2]
    r = scene.board.sprites[cid].rect
    start = (r.x + 10, r.centery)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], 1 / 60)
    times, cpu = [], []
    for k in range(FRAMES):
        a = k / 60
        pos = (round(960 + 600 * math.cos(a)), round(640 + 260 * math.sin(a)))
        ev = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        t0, c0 = time.perf_counter(), time.thread_time()
        app.step([ev], 1 / 60)
        times.append(time.perf_counter() - t0)
        cpu.append(time.thread_time() - c0)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1)], 1 / 60)
    return times, cpu


def thinking_frames(app: App, scene: TableScene) -> list[float]:
    """Frames while a hard bot decides on the worker thread."""
    from marriage_gui.table.bots import decide

    g = scene.game
    seat = g.current_player
    view = g.view(seat)
    job = scene.bots.submit(decide, seat, "hard", 1, view)
    times = []
    while not job.done() and len(times) < FRAMES:
        t0 = time.perf_counter()
        app.step([], 1 / 60)
        times.append(time.perf_counter() - t0)
    return times


def main() -> int:
    """Run both measurements and print them."""
    with tempfile.TemporaryDirectory() as tmp:
        app = App(SIZE, headless=True, data_dir=tmp)
        app.settings.bot_delay = 0.0
        setup, game = mid_hand(7, 5)
        scene = TableScene(app, setup, game)
        scene.frozen = True  # measure drawing, not bots moving the game on
        app.push(scene)
        for _ in range(90):  # warm the art caches and let the deal settle
            app.step([], 1 / 60)
        scene.board.finish()
        drag, cpu = drag_frames(app, scene)
        p50, p99, worst = percentiles(drag)
        print(
            f"dragging a card, 1920x1080, 5 players: p50 {p50:.2f} ms  p99 {p99:.2f} ms  "
            f"max {worst:.2f} ms  ({len(drag)} frames, wall clock)"
        )
        p50, p99, worst = percentiles(cpu)
        print(
            f"  the same frames, render-thread CPU:   p50 {p50:.2f} ms  p99 {p99:.2f} ms  "
            f"max {worst:.2f} ms  (wall minus CPU = time the OS gave to other programs)"
        )
        think = thinking_frames(app, scene)
        if think:
            p50, p99, worst = percentiles(think)
            print(
                f"while a hard bot thinks:                p50 {p50:.2f} ms  p99 {p99:.2f} ms  max {worst:.2f} ms  ({len(think)} frames)"
            )
        scene.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
