"""Engine speed: random legal play (with and without views), clone(), find_going_out.

Run: python bench/engine.py [--seconds 5] [--runs 3]

Prints the median of ``--runs`` runs of each figure against its bar, with the load average
(the machine may be shared: read the figures beside it). ``bench/peers.py`` prints the same
random play beside other engines.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import PRESETS  # noqa: E402
from engine.cards import CARDS  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.solver import find_going_out  # noqa: E402
from engine.wilds import Wilds  # noqa: E402


def random_play(seconds: float, views: bool = False) -> tuple[int, float, int, float]:
    """Play random legal actions (4 players, nepali), calling legal_actions() before each;
    with ``views``, the mover's ``view(seat)`` is built every step and its legal list used.

    Returns actions, wall seconds, hands and this process's CPU seconds.
    """
    rng = random.Random(1)
    actions = hands = 0
    cpu = time.process_time()
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        g = Game.new(PRESETS["nepali"], 4, seed, hands=1)
        seed += 1
        while not g.is_over:
            if views:
                g.apply(rng.choice(g.view(g.current_player).legal))
            else:
                g.apply(rng.choice(g.legal_actions()))
            actions += 1
        hands += 1
    return actions, time.perf_counter() - start, hands, time.process_time() - cpu


def clone_time() -> float:
    rng = random.Random(2)
    g = Game.new(PRESETS["nepali"], 4, 7, hands=1)
    for _ in range(60):
        g.apply(rng.choice(g.legal_actions()))
    n = 20000
    start = time.perf_counter()
    for _ in range(n):
        g.clone()
    return (time.perf_counter() - start) / n


def going_out_times(count: int) -> list[float]:
    rng = random.Random(3)
    rules = PRESETS["nepali"]
    times = []
    shoe = [CARDS[i % 52] for i in range(156)]
    for _ in range(count):
        rng.shuffle(shoe)
        hand = shoe[:22]
        wilds = Wilds(shoe[22], rules)
        t = time.perf_counter()
        find_going_out(hand, wilds, rules)
        times.append(time.perf_counter() - t)
    return times


def main() -> None:
    """Measure each figure ``--runs`` times and print the medians."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    runs = max(1, args.runs)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average (1 min) {load:.2f}; medians of {runs} runs")
    for views, bar in ((False, 40_000), (True, 20_000)):
        rates, cpu_rates = [], []
        for _ in range(runs):
            actions, elapsed, _hands, cpu = random_play(args.seconds, views)
            rates.append(actions / elapsed)
            cpu_rates.append(actions / cpu)
        what = "with view(seat) every step" if views else "legal_actions + apply"
        print(
            f"random legal play (4 players, nepali), {what}: "
            f"{statistics.median(rates):,.0f} actions/s  "
            f"(runs: {', '.join(f'{r:,.0f}' for r in rates)})  [bar >= {bar:,}]"
        )
        # On a shared machine the wall clock also counts time given to other programs.
        print(f"  per CPU second of this process: {statistics.median(cpu_rates):,.0f} actions/s")
    c = statistics.median(clone_time() for _ in range(runs)) * 1e6
    print(f"clone(): {c:.1f} us  [bar <= 50]")
    meds = []
    for _ in range(runs):
        times = sorted(going_out_times(3000))
        meds.append((statistics.median(times), times[int(len(times) * 0.95)], times[-1]))
    med, p95, worst = (statistics.median(m[k] for m in meds) * 1e6 for k in range(3))
    print(
        f"find_going_out, random 22-card hands: median {med:.1f} us, p95 {p95:.1f} us, "
        f"max {worst:.0f} us  [bar median <= 100]"
    )


if __name__ == "__main__":
    main()
