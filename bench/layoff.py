"""Lay-off cost: the going-out search of Indian hands, per CPU second, beside a previous commit.

Run: python bench/layoff.py [--games 30] [--runs 3] [--against 4131d6c] [--bars-only]

Each run measures every figure in a fresh process for this tree and for the ``--against``
commit (unpacked with ``git archive`` into a temporary folder; ``--against none``: this tree
alone), the two taking turns so both meet the same load; the load average while each figure
was measured is printed beside it. Figures, per CPU second of the measuring process:

- ``options``: ``going_out_options`` of every position a seen Indian player met in ``--games``
  seeded random games that prefer going out (as the property tests play), memos emptied first;
- ``play``: those games played again, ``legal_actions`` + ``apply`` every action;

and then, for this tree, the old bars: with lay-off on, ``legal_actions()`` stays under 2 ms on
average and no position over 250 ms (one slow frame); exit status 1 if lay-off misses one.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from taking_turns import in_child, load_average, taking_turns, unpack

ROOT = Path(__file__).resolve().parents[1]
#: The tree before the lay-off search was made faster.
DEFAULT_AGAINST = "4131d6c"
MEAN_BAR_MS = 2.0
WORST_BAR_MS = 250.0


def _games(games: int) -> list[tuple[Any, int, Any]]:
    """The seeded games: (rules, players, seed) each."""
    from engine.rules import INDIAN

    return [(INDIAN, 2 + i % 4, i) for i in range(games)]


def _play(rules: Any, players: int, seed: int, visit: Any = None) -> int:
    """One seeded hand played at random, going out or seeing when it can; its action count."""
    from engine.actions import GoOut, See
    from engine.game import Game

    rng = random.Random(seed)
    g = Game.new(rules, players, seed, hands=1)
    steps = 0
    while not g.is_over:
        if visit is not None:
            visit(g)
        legal = g.legal_actions()
        strong = [a for a in legal if isinstance(a, GoOut | See)]
        g.apply(rng.choice(strong) if strong else rng.choice(legal))
        steps += 1
    return steps


def _clear() -> None:
    """Empty every memo of the searches (each tree has those it has)."""
    from engine import layoff
    from engine.solver import search

    search.clear_search_cache()
    for name in ("clear_layoff_cache",):
        clear = getattr(layoff, name, None)
        if clear is not None:
            clear()
    layoff._extensions.cache_clear()
    try:
        from engine.speed import legal_cache

        legal_cache._MEMO.clear()
    except ImportError:  # pragma: no cover - an older tree
        pass


def _positions(games: int) -> list[tuple[Any, ...]]:
    """Every position where a seen player searches for a finish: cards, wilds, rules, shown."""
    from engine.cards import card_of

    found: list[tuple[Any, ...]] = []

    def visit(g: Any) -> None:
        p = g.current_player
        if g.phase == "play" and g.seen[p]:
            cards = [card_of(i) for i in g.hands[p]]
            shown = [[card_of(i) for i in ids] for _k, ids in g.shown[p]]
            found.append((cards, g.wilds_for(p), g.rules, shown, len(g.names)))

    for rules, players, seed in _games(games):
        _play(rules, players, seed, visit)
    return found


def child(games: int) -> dict[str, Any]:
    """Both figures, measured in this process, each with the load beside it."""
    from engine.solver import going_out_options

    out: dict[str, Any] = {}
    positions = _positions(games)
    _clear()
    load = load_average()
    start = time.process_time()
    answers = [going_out_options(*position) for position in positions]
    spent = time.process_time() - start
    out["options"] = (len(positions) / spent, (load + load_average()) / 2)
    out["positions"] = len(positions)
    out["offered"] = sum(len(a) for a in answers)
    # What was offered, to the cards: the trees must agree on every finish.
    said = repr([[(f.route, f.melds, f.discard, f.see, f.free) for f in a] for a in answers])
    out["digest"] = hashlib.sha256(said.encode()).hexdigest()[:16]
    _clear()
    load = load_average()
    start = time.process_time()
    steps = sum(_play(*game) for game in _games(games))
    out["play"] = (steps / (time.process_time() - start), (load + load_average()) / 2)
    return out


# ---------------------------------------------------------------------- the parent
FIGURES = {"options": "positions/CPU s", "play": "actions/CPU s"}


def _measure(tree: Path, games: int) -> dict[str, Any]:
    return in_child(__file__, tree, ["--games", str(games)])


def _report(results: dict[str, list[dict[str, Any]]], names: list[str]) -> None:
    now = results["now"]
    old = results[names[1]] if len(names) > 1 else None
    head = f"{'figure (median of runs)':<26} {'unit':<16} {'now':>10}"
    if old is not None:
        head += f" {names[1]:>10} {'now/old':>8}"
    print(head + f"  {'load':>9}")
    for name, unit in FIGURES.items():
        mine = statistics.median(r[name][0] for r in now)
        loads = [r[name][1] for rs in results.values() for r in rs]
        line = f"{name:<26} {unit:<16} {mine:>10,.0f}"
        if old is not None:
            theirs = statistics.median(r[name][0] for r in old)
            line += f" {theirs:>10,.0f} {mine / theirs:>7.2f}x"
        print(line + f"  {min(loads):.2f}-{max(loads):.2f}")
    digests = {r["digest"] for rs in results.values() for r in rs}
    print(
        f"  ({now[0]['positions']} positions searched, {now[0]['offered']} finishes offered,"
        f" digest {now[0]['digest']}: {'the same' if len(digests) == 1 else 'NOT the same'}"
        " in every tree)"
    )


# ---------------------------------------------------------------------- the bars
def measure_bars(rules: Any, games: int) -> tuple[list[float], int, int]:
    """Times of every legal_actions() call in ``games`` seeded games; finishes and lay-offs."""
    from engine.actions import GoOut
    from engine.game import Game

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


def bars(games: int) -> bool:
    """Print the legal_actions() times of this tree; whether lay-off meets its bars."""
    from engine.rules import INDIAN

    ok = True
    for label, rules in (("lay_off on ", INDIAN), ("lay_off off", INDIAN.replace(lay_off=False))):
        times, finishes, laid = measure_bars(rules, games)
        mean, worst = statistics.fmean(times), max(times)
        p99 = sorted(times)[int(len(times) * 0.99)]
        print(
            f"{label}: {len(times)} calls, mean {mean:.2f} ms, p99 {p99:.2f} ms, "
            f"worst {worst:.1f} ms (wall); {finishes} finishes, {laid} with lay-off"
        )
        if rules.lay_off and (mean > MEAN_BAR_MS or worst > WORST_BAR_MS):
            ok = False
    print(f"bars: mean < {MEAN_BAR_MS} ms, worst < {WORST_BAR_MS} ms: {'met' if ok else 'MISSED'}")
    return ok


def main() -> int:
    """Print the numbers; exit status 1 if lay-off misses a bar."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--against", default=DEFAULT_AGAINST, help="a commit, or none")
    ap.add_argument("--bars-only", action="store_true", help="only the legal_actions() bars")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        sys.path.insert(0, args.child)
        print(json.dumps(child(args.games)))
        return 0
    if args.games < 1 or args.runs < 1:
        ap.error("--games and --runs must be at least 1")
    if not args.bars_only:
        with tempfile.TemporaryDirectory(prefix="marriage-bench-") as tmp:
            trees = {"now": ROOT}
            if args.against != "none":
                trees[args.against] = unpack(args.against, Path(tmp))
            print(
                f"load average (1 min) at the start {load_average():.2f}; {args.runs} runs of"
                f" {args.games} Indian games, each tree in its own process, taking turns"
            )
            results = taking_turns(trees, args.runs, lambda t: _measure(t, args.games))
            _report(results, list(trees))
    sys.path.insert(0, str(ROOT))
    return 0 if bars(args.games) else 1


if __name__ == "__main__":
    raise SystemExit(main())
