"""Timings of the hand solver on random hands: ``python bench/solver.py [hands] [--gc] [--runs N]``.

Prints median, p95 and max per call beside the bar each one should stay under, each the median
over ``--runs`` runs (3 unless told). Hands come from a fixed seed so runs compare; the memo of
the solver is cleared before each run of each measured function so that numbers do not depend
on the order they are measured in.

Like ``timeit``, the garbage collector is off while a function is timed: one full collection of
this process (thousands of dealt hands in memory) takes about 10 ms and would land on whichever
call happens to trigger it. ``--gc`` leaves it on, to see that cost.

The bars are judged on the wall clock; the median of the thread's own CPU time is printed
beside it, since on a shared machine the wall clock also counts time given to other programs.
"""

from __future__ import annotations

import gc
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cards import CARDS, Card  # noqa: E402
from engine.rules import PRESETS  # noqa: E402
from engine.solver import (  # noqa: E402
    can_go_out,
    distance,
    find_going_out,
    going_out_options,
    outs,
)
from engine.solver.distance import clear_distance_cache  # noqa: E402
from engine.solver.search import clear_search_cache  # noqa: E402
from engine.wilds import Wilds  # noqa: E402

SHOE = [c for c in range(52) for _ in range(3)]
RULES = PRESETS["nepali"]


def deal(rng: random.Random, size: int) -> tuple[list[Card], Wilds]:
    """A random hand of ``size`` cards and a random tiplu from the rest."""
    codes = rng.sample(SHOE, size + 1)
    return [CARDS[c] for c in codes[:size]], Wilds(CARDS[codes[size]], RULES)


KEEP_GC = "--gc" in sys.argv


def _runs() -> int:
    """``--runs N`` from the command line (3 unless told)."""
    args = sys.argv[1:]
    if "--runs" in args:
        i = args.index("--runs")
        if i + 1 < len(args) and args[i + 1].isdigit():
            return max(1, int(args[i + 1]))
        sys.exit("--runs needs a whole number")
    return 3


RUNS = _runs()


def _time_once(calls: list[Callable[[], object]]) -> tuple[list[float], list[float]]:
    """Wall and thread CPU microseconds of each call, from empty memos."""
    clear_search_cache()
    clear_distance_cache()
    gc.collect()
    if not KEEP_GC:
        gc.disable()
    times, cpu = [], []
    try:
        for call in calls:
            c0 = time.thread_time()
            start = time.perf_counter()
            call()
            times.append((time.perf_counter() - start) * 1e6)
            cpu.append((time.thread_time() - c0) * 1e6)
    finally:
        gc.enable()
    return sorted(times), sorted(cpu)


def measure(
    name: str, bar_us: float, calls: list[Callable[[], object]], max_us: float | None = None
) -> None:
    """Time each call once per run and print the medians over the runs."""
    runs = [_time_once(calls) for _ in range(RUNS)]

    def mid(pick: Callable[[list[float]], float], which: int) -> float:
        return statistics.median(pick(run[which]) for run in runs)

    median = mid(statistics.median, 0)
    p95 = mid(lambda t: t[int(len(t) * 0.95) - 1], 0)
    worst = mid(lambda t: t[-1], 0)
    cpu_median = mid(statistics.median, 1)
    cpu_worst = mid(lambda t: t[-1], 1)
    slow = median > bar_us or (max_us is not None and worst > max_us)
    bars = f"bar {bar_us:6.0f} us median" + (f", {max_us:.0f} us max" if max_us else "")
    print(
        f"{name:<38} median {median:8.1f} us   p95 {p95:8.1f} us   max {worst:9.1f} us"
        f"   {bars}  {'SLOW' if slow else 'ok'}"
        f"   (CPU median {cpu_median:.1f} us, max {cpu_worst:.1f} us)"
    )


def main() -> None:
    """Run every benchmark on a fixed seed."""
    args = sys.argv[1:]
    if "--help" in args or "-h" in args:
        print(__doc__)
        return
    numbers = [a for i, a in enumerate(args) if a.isdigit() and (i == 0 or args[i - 1] != "--runs")]
    count = int(numbers[0]) if numbers else 3000
    rng = random.Random(20240521)
    hands22 = [deal(rng, 22) for _ in range(count)]
    hands13 = [deal(rng, 13) for _ in range(count)]
    shown3 = [CARDS[0:3], CARDS[13:16], CARDS[26:29]]
    hands21 = [deal(rng, rng.choice((21, 22))) for _ in range(max(count // 3, 1))]

    def bind(fn: Callable[..., object], *args: object, **kw: object) -> Callable[[], object]:
        return lambda: fn(*args, **kw)

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average (1 min) {load:.2f}; medians of {RUNS} runs")
    measure(
        "can_go_out, 22 cards",
        15,
        [bind(can_go_out, h, w, RULES) for h, w in hands22],
    )
    measure(
        "find_going_out, 22 cards",
        100,
        [bind(find_going_out, h, w, RULES) for h, w in hands22],
    )
    measure(
        "going_out_options, 13 cards, seen",
        50,
        [bind(going_out_options, h, w, RULES, shown3) for h, w in hands13],
    )
    measure(
        "distance, 21/22 cards, not seen",
        300,
        [bind(distance, h, None, RULES) for h, _ in hands21],
        5000,
    )
    measure(
        "distance, 13 cards, seen, wilds",
        500,
        [bind(distance, h, w, RULES, shown3, True) for h, w in hands13[: len(hands21)]],
        5000,
    )
    measure(
        "distance, 21/22 cards, wilds",
        300,
        [bind(distance, h, w, RULES, (), True) for h, w in hands21],
        5000,
    )
    measure(
        "outs, 21 cards, not seen",
        5000,
        [bind(outs, h[:21], None, RULES) for h, _ in hands21[: max(count // 10, 1)]],
    )
    measure(
        "outs, 21 cards, seen, wilds",
        5000,
        [bind(outs, h[:21], w, RULES, (), True) for h, w in hands21[: max(count // 10, 1)]],
    )
    print(
        "bars: can_go_out 15 us, find_going_out 100 us, options 50 us; distance 21/22 cards"
        " 300 us median (13 cards 500 us), 5000 us max; outs 5000 us median"
    )


if __name__ == "__main__":
    main()
