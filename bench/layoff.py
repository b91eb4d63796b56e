"""Lay-off cost: legal_actions() in Indian games with lay_off on and off. Prints the numbers.

Bar: with lay-off on, the mean stays under 2 ms and no position over 250 ms (one slow frame).
Run: python bench/layoff.py [--games 30]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.actions import GoOut  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.rules import INDIAN, RuleSet  # noqa: E402

MEAN_BAR_MS = 2.0
WORST_BAR_MS = 250.0


def measure(rules: RuleSet, games: int) -> tuple[list[float], int, int]:
    """Times of every legal_actions() call in ``games`` seeded games; finishes and lay-offs."""
    import random

    times: list[float] = []
    finishes = laid = 0
    for seed in range(games):
        g = Game.new(rules, 4, seed, 1)
        rng = random.Random(seed)
        while not g.hand_over:
            start = time.perf_counter()
            legal = g.legal_actions()
            times.append((time.perf_counter() - start) * 1000)
            outs = [a for a in legal if isinstance(a, GoOut)]
            if outs:
                finishes += 1
                used = sum(len(m) for m in outs[0].melds) + 1
                laid += used < len(g.hands[g.current_player])
            g.apply(outs[0] if outs else rng.choice(legal))
    return times, finishes, laid


def main() -> int:
    """Print the numbers; exit status 1 if lay-off misses a bar."""
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=30)
    games = p.parse_args().games
    ok = True
    for label, rules in (("lay_off on ", INDIAN), ("lay_off off", INDIAN.replace(lay_off=False))):
        times, finishes, laid = measure(rules, games)
        mean, worst = statistics.fmean(times), max(times)
        p99 = sorted(times)[int(len(times) * 0.99)]
        print(
            f"{label}: {len(times)} calls, mean {mean:.2f} ms, p99 {p99:.2f} ms, "
            f"worst {worst:.1f} ms; {finishes} finishes, {laid} with lay-off"
        )
        if rules.lay_off and (mean > MEAN_BAR_MS or worst > WORST_BAR_MS):
            ok = False
    print(f"bars: mean < {MEAN_BAR_MS} ms, worst < {WORST_BAR_MS} ms: {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
