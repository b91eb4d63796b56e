"""Tune the bots' judgement weights by paired duplicate self-play; write them as data.

Run: python bench/tune.py --level medium --hands 400 --rounds 1 --step 0.4 --workers 2 \
     [--preset nepali] [--seed 5000] [--write]

For each weight in turn it tries the current value scaled up and down by ``--step``. A trial is
paired: on the same deals, with the trial bot in the same seat against three bots with the
current weights, it plays once with the trial weights and once with the current ones; the
difference of the two nets on each deal and seat is the trial's gain (paired, so most of the
luck of the cards cancels). A trial is kept when its mean gain is positive and at least one
standard error (clustered by deal) above zero. ``--write`` stores the result in
``engine/ai/weights.py``, which the bots load. Runs are reproducible: every seed is fixed.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from multiprocessing import Pool
from multiprocessing.pool import Pool as WorkerPool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import PRESETS  # noqa: E402
from engine.ai import make_bot  # noqa: E402
from engine.ai.weights import WEIGHTS  # noqa: E402
from engine.game import Game  # noqa: E402

WEIGHTS_FILE = Path(__file__).resolve().parents[1] / "engine" / "ai" / "weights.py"
#: One hand: preset, level, deal seed, trial seat, players, trial weights, others' weights.
Job = tuple[str, str, int, int, int, tuple[tuple[str, float], ...], tuple[tuple[str, float], ...]]


def play(job: Job) -> tuple[int, int, int]:
    """Play one deal with the trial bot in one seat; its net, the deal and the seat."""
    preset, level, deal, seat, players, trial, others = job
    game = Game.new(PRESETS[preset], players, seed=deal, hands=1)
    bots = [
        make_bot(
            level,
            seed=deal * 31 + i,
            iterations=8,
            weights=dict(trial if i == seat else others),
        )
        for i in range(players)
    ]
    while not game.hand_over:
        p = game.current_player
        action = bots[p].choose(game.view(p))
        if action is None:
            raise SystemExit(f"the {level} bot found no action for the seat to play")
        game.apply(action)
    result = game.result
    assert result is not None
    return result.nets[seat], deal, seat


def nets(
    pool: WorkerPool | None,
    args: argparse.Namespace,
    trial: dict[str, float],
    base: dict[str, float],
) -> dict[tuple[int, int], int]:
    """The trial seat's net on every (deal, seat) of the tuning deals."""
    deals = max(1, math.ceil(args.hands / args.players))
    t, b = tuple(sorted(trial.items())), tuple(sorted(base.items()))
    todo: list[Job] = [
        (args.preset, args.level, args.seed + d, s, args.players, t, b)
        for d in range(deals)
        for s in range(args.players)
    ]
    played = pool.map(play, todo, chunksize=4) if pool is not None else [play(j) for j in todo]
    return {(deal, seat): net for net, deal, seat in played}


def paired_gain(
    trial: dict[tuple[int, int], int], base: dict[tuple[int, int], int]
) -> tuple[float, float]:
    """Mean of trial minus base per (deal, seat) and its standard error, clustered by deal."""
    per_deal: dict[int, float] = {}
    for key, net in trial.items():
        per_deal[key[0]] = per_deal.get(key[0], 0.0) + net - base[key]
    n = len(trial)
    mean = sum(per_deal.values()) / n
    seats = n / len(per_deal)
    spread = [v - mean * seats for v in per_deal.values()]
    g = len(spread)
    se = math.sqrt(sum(x * x for x in spread) * g / (g - 1)) / n if g > 1 else math.inf
    return mean, se


def write(weights: dict[str, float]) -> None:
    """Store ``weights`` in the weights module, between its markers."""
    body = "".join(f'    "{k}": {round(v, 3)!r},\n' for k, v in sorted(weights.items()))
    block = f"WEIGHTS: dict[str, float] = {{\n{body}}}\n"
    text = WEIGHTS_FILE.read_text(encoding="utf-8")
    new, n = re.subn(
        r"(# -- written by bench/tune.py: begin\n).*?(# -- written by bench/tune.py: end)",
        lambda m: m.group(1) + block + m.group(2),
        text,
        flags=re.S,
    )
    if n != 1:
        raise SystemExit("the weights file has lost its markers; not written")
    WEIGHTS_FILE.write_text(new, encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    """Coordinate search over the weights, printing every trial."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--level", default="medium", choices=("medium", "hard"))
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--hands", type=int, default=400)
    p.add_argument("--rounds", type=int, default=1)
    p.add_argument("--step", type=float, default=0.4)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--preset", default="nepali", choices=sorted(PRESETS))
    p.add_argument("--seed", type=int, default=5000)
    p.add_argument("--only", default="", help="comma-separated weight names to tune")
    p.add_argument("--write", action="store_true")
    args = p.parse_args(argv)
    best = dict(WEIGHTS)
    names = [n for n in sorted(best) if not args.only or n in args.only.split(",")]
    pool = Pool(args.workers) if args.workers > 1 else None
    try:
        base = nets(pool, args, best, best)
        for r in range(args.rounds):
            for name in names:
                for factor in (1 + args.step, 1 - args.step):
                    trial = dict(best)
                    trial[name] = round(best[name] * factor, 3)
                    mean, se = paired_gain(nets(pool, args, trial, best), base)
                    kept = mean > 0 and mean > se
                    print(
                        f"round {r + 1} {name} {best[name]} -> {trial[name]}: "
                        f"gain {mean:+.2f} ± {1.96 * se:.2f} (95%) {'kept' if kept else ''}",
                        flush=True,
                    )
                    if kept:
                        best = trial
                        base = nets(pool, args, best, best)
                        break
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    print("weights:", {k: best[k] for k in sorted(best)})
    if args.write:
        write(best)
        print("written to engine/ai/weights.py")


if __name__ == "__main__":
    main()
