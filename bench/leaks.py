"""Where one level's money comes from and goes: its mean net per hand split into parts.

Run: python bench/leaks.py --levels hard,medium,medium,medium --hands 200 --workers 2 \
     [--seed 1000] [--iterations 8] [--budget-ms 250]

Plays duplicate deals as ``bench/tournament.py`` does and, for the first level named, splits
every settlement net into the maal (``n·S − T``: each of its own maal points is worth n − 1,
each of another's costs 1) and the fees (won when it went out; paid after or without seeing
when another did), and counts how the hands it lost ended: the next player taking its discard
and going out at once, a finish by dublees, and whether it had seen. It also shows the race to
see: how often the level saw first, and how often it won when it did and when it did not.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from functools import partial
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.tournament import Job, jobs, seat_bot, table_options  # noqa: E402
from engine import PRESETS, turns  # noqa: E402
from engine.actions import Discard, DrawStock, GoOut, See, TakeDiscard  # noqa: E402
from engine.game import Game  # noqa: E402

PARTS = (
    "net",
    "maal",
    "fee won",
    "fee paid seen",
    "fee paid unseen",
    "won",
    "seen at end",
    "maal points",
    "lost",
    "lost, unseen",
    "lost to next taking my discard",
    "lost to a dublee finish",
    "no winner",
    "saw first",
    "won, having seen first",
    "won, having seen later",
)
#: Shares printed as rates among the hands where the condition held (part, of which part).
RATES = (
    ("won, having seen first", "saw first"),
    ("won, having seen later", "saw later"),
)


def play(job: Job, focus: str) -> list[dict[str, float]]:
    """One hand; the parts of every seat the ``focus`` level plays."""
    preset, levels, deal, rotation, budget_ms, iterations = job
    rules = PRESETS[preset]
    game = Game.new(rules, len(levels), seed=deal, hands=1)
    bots = [
        seat_bot(lv, deal * 31 + rotation * 7 + i, budget_ms, iterations)
        for i, lv in enumerate(levels)
    ]
    last_thrower: int | None = None
    took_from: int | None = None
    out_on_take: int | None = None  # whose discard the winner took on the turn it went out
    first_seer: int | None = None
    while not game.hand_over:
        seat = game.current_player
        action = bots[seat].choose(game.view(seat))
        if action is None:
            raise SystemExit(f"the {levels[seat]} bot found no action for the seat to play")
        if isinstance(action, TakeDiscard):
            took_from = last_thrower
        elif isinstance(action, DrawStock):
            took_from = None
        elif isinstance(action, GoOut):
            out_on_take = took_from
        elif isinstance(action, Discard):
            last_thrower = seat
        elif isinstance(action, See) and first_seer is None:
            first_seer = seat
        game.apply(action)
    result = game.result
    assert result is not None
    n = len(levels)
    w = result.winner
    rows = []
    for seat, lv in enumerate(levels):
        if lv != focus:
            continue
        maal = n * result.points[seat] - sum(result.points)
        fee = result.nets[seat] - maal
        lost = w is not None and w != seat
        seen = result.seen[seat]
        rows.append(
            {
                "net": result.nets[seat],
                "maal": maal,
                "fee won": fee if w == seat else 0,
                "fee paid seen": fee if lost and seen else 0,
                "fee paid unseen": fee if lost and not seen else 0,
                "won": w == seat,
                "seen at end": seen,
                "maal points": result.points[seat],
                "lost": lost,
                "lost, unseen": lost and not seen,
                "lost to next taking my discard": lost
                and out_on_take == seat
                and w == turns.next_seat(seat, n, rules),
                "lost to a dublee finish": lost and result.dublee_win,
                "no winner": w is None,
                "saw first": first_seer == seat,
                "saw later": seen and first_seer != seat,
                "won, having seen first": w == seat and first_seer == seat,
                "won, having seen later": w == seat and seen and first_seer != seat,
            }
        )
    return [{k: float(v) for k, v in r.items()} for r in rows]


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments, play the hands, print the mean of every part."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    table_options(p, hands=200, seed=1000)
    args = p.parse_args(argv)
    todo = jobs(args)
    focus = partial(play, focus=args.levels.split(",")[0])
    if args.workers > 1:
        with Pool(args.workers) as pool:
            hands = pool.map(focus, todo, chunksize=1)
    else:
        hands = [focus(j) for j in todo]
    rows = [r for h in hands for r in h]
    print(
        f"{args.preset}, levels {args.levels}, {len(todo)} hands, "
        f"{len(rows)} seat-hands of {args.levels.split(',')[0]}"
    )
    for name in PARTS:
        values = [r[name] for r in rows]
        print(f"{name:<32}{statistics.fmean(values):>+9.3f}")
    for part, among in RATES:
        held = sum(r[among] for r in rows)
        rate = sum(r[part] for r in rows) / held if held else 0.0
        print(f"{part + ' (rate)':<32}{rate:>9.3f}  of {held:.0f} hands")


if __name__ == "__main__":
    main()
