"""Frame times of the card table at 1920x1080 with five players mid-hand.

Run headless:  SDL_VIDEODRIVER=dummy python bench/frames.py
Prints p50/p99 of whole frames (events, update, draw) while a card is dragged round the
table, and while a hard bot thinks in its worker process (the table's own BotRunner, as in the
app: the search never holds this process's interpreter lock). ``--runs N`` repeats the whole
measurement N times (default 3) and prints the median of each figure beside the bars.
``--language ne`` measures the table in Nepali (Devanagari is shaped by HarfBuzz, one more
face per line), ``--digits`` with Devanagari digits too.

Wall-clock figures include the time the OS gave to other programs; on a shared machine read
them beside the load average printed first, and beside the render thread's own CPU time.
"""

from __future__ import annotations

import argparse
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
    cid = scene.seats.fan.order[len(scene.seats.fan.order) // 2]
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


def thinking_frames(app: App, scene: TableScene) -> tuple[list[float], list[float], str]:
    """Frames while a hard bot decides in the table's worker (started and warmed first)."""
    from engine.match import LocalMatch, decide

    match = scene.match
    assert isinstance(match, LocalMatch)
    worker = match.worker
    # The app warms its worker when a table opens; a cold start is not thinking time.
    worker.submit(bool).result(timeout=60)
    kind = f"{worker.kind} worker"
    seat = scene.seats.state.current_player
    view = match.view(seat)
    times, cpu = [], []
    for seed in range(1, 6):  # a few decisions, so there are enough frames to rank
        job = worker.submit(decide, seat, "hard", seed, view)
        while not job.done() and len(times) < FRAMES:
            t0, c0 = time.perf_counter(), time.thread_time()
            app.step([], 1 / 60)
            times.append(time.perf_counter() - t0)
            cpu.append(time.thread_time() - c0)
        job.result(timeout=120)
    return times, cpu, kind


def one_run(code: str = "en", digits: bool = False) -> dict[str, float]:
    """One full measurement: drag and think, wall clock and render-thread CPU (p99, ms)."""
    out: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        app = App(SIZE, headless=True, data_dir=tmp)
        app.set_language(code)
        app.set_devanagari_digits(digits)
        app.settings.bot_delay = 0.0
        setup, match = mid_hand(7, 5)
        scene = TableScene(app, setup, match)
        scene.frozen = True  # measure drawing, not bots moving the game on
        app.push(scene)
        for _ in range(90):  # warm the art caches and let the deal settle
            app.step([], 1 / 60)
        scene.board.finish()
        drag, cpu = drag_frames(app, scene)
        out["drag p50"], out["drag p99"], out["drag max"] = percentiles(drag)
        out["drag cpu p99"] = percentiles(cpu)[1]
        think, tcpu, kind = thinking_frames(app, scene)
        out["think frames"] = len(think)
        if think:
            out["think p50"], out["think p99"], out["think max"] = percentiles(think)
            out["think cpu p99"] = percentiles(tcpu)[1]
        print(
            f"  run: drag p50 {out['drag p50']:.2f} p99 {out['drag p99']:.2f} ms "
            f"(cpu p99 {out['drag cpu p99']:.2f}); think p50 {out.get('think p50', 0):.2f} "
            f"p99 {out.get('think p99', 0):.2f} ms (cpu p99 {out.get('think cpu p99', 0):.2f}, "
            f"{len(think)} frames, bot in a {kind})",
            flush=True,
        )
        scene.close()
    return out


def main() -> int:
    """Run the measurements ``--runs`` times and print the medians against the bars."""
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--runs", type=int, default=3, help="whole measurements (default 3)")
    ap.add_argument("--language", default="en", help="en (default) or ne")
    ap.add_argument("--digits", action="store_true", help="numbers in Devanagari digits")
    args = ap.parse_args()
    runs = max(1, args.runs)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"load average (1 min) {load:.2f} on {os.cpu_count()} CPUs; {runs} runs; "
        f"language {args.language}{', Devanagari digits' if args.digits else ''}"
    )
    results = [one_run(args.language, args.digits) for _ in range(runs)]

    def med(key: str) -> float:
        return statistics.median(r.get(key, 0.0) for r in results)

    print(
        f"dragging a card, 1920x1080, 5 players: p50 {med('drag p50'):.2f} ms  "
        f"p99 {med('drag p99'):.2f} ms  [bar p99 <= 8]  render-thread CPU p99 "
        f"{med('drag cpu p99'):.2f} ms  (medians of {runs} runs, wall clock)"
    )
    print(
        f"while a hard bot thinks:                p50 {med('think p50'):.2f} ms  "
        f"p99 {med('think p99'):.2f} ms  [bar p99 <= 12]  render-thread CPU p99 "
        f"{med('think cpu p99'):.2f} ms  (medians of {runs} runs)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
