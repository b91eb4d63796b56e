"""The bots' decisions on seeded hands, hashed: speed work must leave this hash unchanged.

Run: python bench/decisions.py

Every level (easy and medium on six seeds, hard on three, its search on a fixed count of 8
sampled worlds so that it has no clock), every preset, 2 to 5 players (seed 0 has 2, seed 1
has 3 ...), one whole hand each, every bot seated with a seed of its own. Each decision is fed
into a SHA-256 together with its level, preset and seed, and each hand's totals after it; the
first 16 hex digits are printed with the count of decisions and the CPU time taken.

A change meant only to make the engine faster must print the same line before and after (the
time aside). A change to a bot's play changes it, and is measured with duplicate deals instead
(``bench/tournament.py``).
"""

from __future__ import annotations

import hashlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import PRESETS  # noqa: E402
from engine.ai import make_bot  # noqa: E402
from engine.game import Game  # noqa: E402

#: level -> how many seeded hands it plays per preset
HANDS = (("easy", 6), ("medium", 6), ("hard", 3))
ITERATIONS = 8


def decisions() -> tuple[str, int]:
    """The hash of every seeded decision, and how many there were."""
    digest = hashlib.sha256()
    count = 0
    for level, hands in HANDS:
        for preset in PRESETS:
            for seed in range(hands):
                players = 2 + seed % 4
                g = Game.new(PRESETS[preset], players, seed, hands=1)
                bots = [
                    make_bot(level, seed * 10 + s, iterations=ITERATIONS) for s in range(players)
                ]
                while not g.is_over:
                    p = g.current_player
                    a = bots[p].choose(g.view(p))
                    digest.update(f"{level}{preset}{seed}:{a!s};".encode())
                    g.apply(a)
                    count += 1
                digest.update(repr(g.totals).encode())
    return digest.hexdigest()[:16], count


def main() -> None:
    """Print the hash, the count of decisions and the CPU seconds they took."""
    if len(sys.argv) > 1:
        print(__doc__)
        return
    start = time.process_time()
    digest, count = decisions()
    print(f"{digest} {count:,} decisions {time.process_time() - start:.1f} CPU s")


if __name__ == "__main__":
    main()
