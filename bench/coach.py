"""The coach's worker time per hand: ``python bench/coach.py [hands per preset] [--seat-level L]``.

Plays random hands to their end (every seat a medium bot unless told: a player who is good
but not the hard bot, so the coach has things to say), then reviews seat 0 of each, as the
worker does after a hand, and checks each review the way the tests do on a sample: the same
marks from the same seed and log, and no card named that the seat could not see then.

Prints the median, p95 and max seconds of worker time per hand (the thread's CPU time beside
the wall clock: on a shared machine the wall clock also counts other programs), against the
target of 2 s. The bots' memo of hand costs is cleared before each review, so every hand is
timed cold, as the first review after a game of other hands would be.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.actions import Action  # noqa: E402
from engine.ai import evaluate, make_bot  # noqa: E402
from engine.ai.coach import Review, named_codes, review_seat  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.moments import seat_moments  # noqa: E402
from engine.record import MatchRecord  # noqa: E402
from engine.rules import PRESETS  # noqa: E402

TARGET_S = 2.0
NAMES = ("North", "East", "South", "West")


def finished_hand(preset: str, seed: int, level: str = "medium") -> list[Action]:
    """The log of one hand played to its end by bots of ``level`` (seat 0 may differ)."""
    g = Game.new(PRESETS[preset], list(NAMES), seed, 1)
    bots = [make_bot(level, seed * 10 + seat) for seat in range(len(NAMES))]
    while not g.hand_over:
        seat = g.current_player
        action = bots[seat].choose(g.view(seat))
        assert action is not None
        g.apply(action)
    return list(g.log)


def record(preset: str, seed: int, log: list[Action]) -> MatchRecord:
    """The record of a one-hand match of ``preset`` dealt from ``seed`` and played as ``log``."""
    return MatchRecord(PRESETS[preset], NAMES, seed, 1, tuple(log))


def forget() -> None:
    """Clear the memo of hand costs (and the solver's, where it can be reached)."""
    evaluate._COSTS.clear()
    try:
        from engine.solver.distance import clear_distance_cache

        clear_distance_cache()
    except ImportError:  # the solver moved: its memo stays warm, the figure is a little low
        pass


def problems(preset: str, seed: int, log: list[Action], review: Review) -> list[str]:
    """What is wrong with a review: marks naming unseen cards, or marks not reproduced."""
    played = record(preset, seed, log)
    out = []
    views = {m.move: m.view for m in seat_moments(played, 0, 0)}
    for mark in review.marks:
        seen = {i % 52 if i < 156 else 52 for i in views[mark.move].visible_ids()}
        unseen = named_codes(mark.done, mark.instead, mark.why) - seen
        if unseen:
            out.append(f"{preset}/{seed}: move {mark.move} names unseen codes {sorted(unseen)}")
    again = review_seat(played, 0, 0)
    if again != review:
        out.append(f"{preset}/{seed}: the review differs the second time")
    return out


def figures(walls: list[float], cpus: list[float]) -> str:
    """Median, p95 and max seconds over some hands, by the wall clock and in CPU time."""

    def spread(values: list[float]) -> str:
        ordered = sorted(values)
        p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
        return (
            f"median {statistics.median(ordered):.2f} s, p95 {p95:.2f} s, max {ordered[-1]:.2f} s"
        )

    return f"{len(walls)} hands, wall clock {spread(walls)}; CPU {spread(cpus)}"


def main(argv: list[str]) -> int:
    """Review ``hands`` random hands per preset and print the worker time per hand."""
    hands = int(argv[0]) if argv and argv[0].isdigit() else 200
    level = argv[argv.index("--seat-level") + 1] if "--seat-level" in argv else "medium"
    walls: list[float] = []
    cpus: list[float] = []
    bad: list[str] = []
    marks = choices = matched = 0
    for preset in PRESETS:
        for seed in range(hands):
            log = finished_hand(preset, seed, level)
            forget()
            wall, cpu = time.perf_counter(), time.thread_time()
            review = review_seat(record(preset, seed, log), 0, 0)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.thread_time() - cpu)
            marks += len(review.marks)
            choices += review.choices
            matched += review.matched
            bad += problems(preset, seed, log, review)
        print(f"{preset}: {figures(walls[-hands:], cpus[-hands:])}", flush=True)
    print(f"worker time per hand, all presets: {figures(walls, cpus)}; target {TARGET_S:.1f} s")
    print(
        f"{marks} marks, {matched} of {choices} choices matched the hard bot "
        f"({100 * matched / max(1, choices):.0f}%)"
    )
    for line in bad[:20]:
        print("PROBLEM", line)
    print(f"{len(bad)} problems")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
