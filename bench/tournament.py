"""Bot tournament on duplicate deals: every deal is played once per seat rotation.

Run: python bench/tournament.py --players 4 --levels hard,medium,medium,medium --hands 400 \
     --workers 2 [--preset nepali] [--seed 0] [--budget-ms 250] [--iterations N]

Levels are the engine's (easy, medium, hard, random) and ``ref``, the greedy reference player of
``bench/reference.py``. ``--hands`` counts hands played (deals x rotations). Prints, per level:
hands won (share of that level's seat-hands, against parity 1/players) and mean net per hand,
each with a 95% interval clustered by deal (the rotations of one deal share its cards, so they
are not independent), and decision times p50/p95/max.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.reference import ReferenceBot  # noqa: E402
from engine import PRESETS  # noqa: E402
from engine.ai import make_bot  # noqa: E402
from engine.ai.base import Bot  # noqa: E402
from engine.game import Game  # noqa: E402

Job = tuple[str, tuple[str, ...], int, int, float | None, int | None]
#: One played hand: seat levels, winner, nets, decision times (level, seconds), reason, deal.
Played = tuple[tuple[str, ...], int | None, tuple[int, ...], list[tuple[str, float]], str, int]


def seat_bot(
    level: str, seed: int, budget_ms: float | None, iterations: int | None
) -> Bot | ReferenceBot:
    """A bot for one seat: an engine level or the reference player ("ref")."""
    if level == "ref":
        return ReferenceBot(seed)
    return make_bot(level, seed=seed, budget_ms=budget_ms, iterations=iterations)


def play_hand(job: Job) -> Played:
    """Play one hand of deal ``seed`` with the levels as seated."""
    preset, levels, seed, rotation, budget_ms, iterations = job
    game = Game.new(PRESETS[preset], len(levels), seed=seed, hands=1)
    bots = [
        seat_bot(lv, seed * 31 + rotation * 7 + i, budget_ms, iterations)
        for i, lv in enumerate(levels)
    ]
    times: list[tuple[str, float]] = []
    while not game.hand_over:
        seat = game.current_player
        view = game.view(seat)
        start = time.perf_counter()
        action = bots[seat].choose(view)
        times.append((levels[seat], time.perf_counter() - start))
        if action is None:
            raise SystemExit(f"the {levels[seat]} bot found no action for the seat to play")
        game.apply(action)
    result = game.result
    assert result is not None
    return levels, result.winner, result.nets, times, result.reason, seed


def table_options(p: argparse.ArgumentParser, hands: int, seed: int) -> None:
    """The options of a duplicate table: who plays, how many hands, the rules, the bots' time."""
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--levels", default="hard,medium,medium,medium")
    p.add_argument("--hands", type=int, default=hands)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--preset", default="nepali", choices=sorted(PRESETS))
    p.add_argument("--seed", type=int, default=seed)
    p.add_argument("--budget-ms", type=float, default=None)
    p.add_argument("--iterations", type=int, default=None)


def jobs(args: argparse.Namespace) -> list[Job]:
    """Deals x rotations: the same seeds with the levels rotated round the table."""
    levels = tuple(args.levels.split(","))
    n = args.players
    if len(levels) != n:
        raise SystemExit(f"--levels names {len(levels)} bots for {n} players")
    deals = max(1, math.ceil(args.hands / n))
    out: list[Job] = []
    for d in range(deals):
        for r in range(n):
            seated = tuple(levels[(i - r) % n] for i in range(n))
            out.append((args.preset, seated, args.seed + d, r, args.budget_ms, args.iterations))
    return out


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank) of sorted values."""
    if not values:
        return 0.0
    return values[min(len(values) - 1, max(0, math.ceil(q * len(values)) - 1))]


def clustered(groups: dict[int, list[float]]) -> tuple[float, float]:
    """Mean of all values and the half-width of its 95% interval, clustered by group.

    The standard error is the cluster-robust one: each deal contributes the sum of its
    residuals, so values that move together within a deal are not counted as independent.
    """
    values = [v for g in groups.values() for v in g]
    n, g = len(values), len(groups)
    if n == 0:
        return 0.0, 0.0
    mean = statistics.fmean(values)
    if g < 2:
        return mean, 0.0
    spread = sum(sum(v - mean for v in vs) ** 2 for vs in groups.values())
    se = math.sqrt(spread * g / (g - 1)) / n
    return mean, 1.96 * se


def report(results: list[Played], players: int) -> str:
    """The table printed at the end."""
    levels = sorted({lv for levels, *_ in results for lv in levels})
    lines = [
        f"{'level':<8}{'seat-hands':>11}{'won %':>8}{'95% ±':>7}{'parity':>8}"
        f"{'mean net':>10}{'95% ±':>7}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}"
    ]
    no_winner = sum(1 for _, w, *_ in results if w is None)
    for lv in levels:
        nets: dict[int, list[float]] = {}
        wins: dict[int, list[float]] = {}
        times: list[float] = []
        for seated, winner, hand_nets, hand_times, _, deal in results:
            for seat, name in enumerate(seated):
                if name == lv:
                    nets.setdefault(deal, []).append(hand_nets[seat])
                    wins.setdefault(deal, []).append(1.0 if winner == seat else 0.0)
            times.extend(t for name, t in hand_times if name == lv)
        times.sort()
        mean, half = clustered(nets)
        won, won_half = clustered(wins)
        count = sum(len(v) for v in nets.values())
        lines.append(
            f"{lv:<8}{count:>11}{100 * won:>7.1f}%{100 * won_half:>7.1f}"
            f"{100 / players:>7.1f}%{mean:>+10.2f}{half:>7.2f}"
            f"{1000 * percentile(times, 0.5):>9.1f}{1000 * percentile(times, 0.95):>9.1f}"
            f"{1000 * (times[-1] if times else 0.0):>9.1f}"
        )
    lines.append(f"hands: {len(results)}, with no winner: {no_winner}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments, play the hands (in parallel), print the table."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    table_options(p, hands=400, seed=0)
    args = p.parse_args(argv)
    todo = jobs(args)
    start = time.perf_counter()
    results: list[Played] = []
    if args.workers > 1:
        with Pool(args.workers) as pool:
            for i, played in enumerate(pool.imap_unordered(play_hand, todo, chunksize=1)):
                results.append(played)
                if (i + 1) % 50 == 0:
                    print(f"... {i + 1}/{len(todo)} hands", file=sys.stderr, flush=True)
    else:
        results = [play_hand(j) for j in todo]
    took = time.perf_counter() - start
    print(
        f"{args.preset}, {args.players} players, levels {args.levels}, "
        f"{len(results)} hands (duplicate: {len(todo) // args.players} deals x "
        f"{args.players} rotations), {took:.0f} s"
    )
    print(report(results, args.players))


if __name__ == "__main__":
    main()
