"""Engine speed: random legal play, clone(), and find_going_out. Prints numbers against the bars.

Run: python bench/engine.py [--seconds 5]
"""

from __future__ import annotations

import argparse
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


def random_play(seconds: float) -> tuple[int, float, int]:
    """Play random legal actions (4 players, nepali), calling legal_actions() before each."""
    rng = random.Random(1)
    actions = hands = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        g = Game.new(PRESETS["nepali"], 4, seed, hands=1)
        seed += 1
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
            actions += 1
        hands += 1
    return actions, time.perf_counter() - start, hands


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
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=5.0)
    args = ap.parse_args()
    actions, elapsed, hands = random_play(args.seconds)
    rate = actions / elapsed
    print(
        f"random legal play (4 players, nepali): {rate:,.0f} actions/s "
        f"over {hands} hands  [bar >= 30,000]"
    )
    c = clone_time() * 1e6
    print(f"clone(): {c:.1f} us  [bar <= 50]")
    times = sorted(going_out_times(3000))
    med = statistics.median(times) * 1e6
    p95 = times[int(len(times) * 0.95)] * 1e6
    print(
        f"find_going_out, random 22-card hands: median {med:.1f} us, p95 {p95:.1f} us, "
        f"max {times[-1] * 1e6:.0f} us  [bar median <= 100]"
    )


if __name__ == "__main__":
    main()
