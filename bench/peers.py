"""Side by side with other card-game engines, when they are installed (optional, never needed).

Run: python bench/peers.py [--seconds 3] [--runs 3] [--clock cpu|wall]

Random legal play on one core, actions per CPU second of this process, medians of ``--runs``
runs in which the engines take turns (so all of them meet the same load, printed beside):

- Marriage (this engine, 4 players, nepali rules): ``legal_actions`` + ``apply``; then the same
  with ``view(seat)`` of the player to move on every step (what a bot, the table and a network
  host ask for);
- OpenSpiel gin rummy (C++ core): ``legal_actions`` + ``apply_action``; then with the mover's
  ``observation_tensor`` on every step. Its deal and the card each draw turns up are chance
  steps: they are played (and timed) but not counted, as Marriage deals and draws inside
  ``apply``;
- RLCard gin rummy, game only: ``judge.get_legal_actions`` + ``step``; then with
  ``get_state(player)`` on every step.

A peer that is not installed is reported as missing (``pip install open_spiel rlcard``).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import PRESETS  # noqa: E402
from engine.game import Game  # noqa: E402

Runner = Callable[[float, bool], tuple[int, float]]


def marriage(seconds: float, observe: bool) -> tuple[int, float]:
    """Random play of whole hands; with ``observe`` the mover's view is built every step."""
    rng = random.Random(1)
    actions = seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = Game.new(PRESETS["nepali"], 4, seed, hands=1)
        seed += 1
        while not g.is_over:
            if observe:
                legal = g.view(g.current_player).legal
            else:
                legal = tuple(g.legal_actions())
            g.apply(rng.choice(legal))
            actions += 1
    return actions, time.perf_counter() - start


def open_spiel(seconds: float, observe: bool) -> tuple[int, float]:
    """OpenSpiel's gin rummy, chance nodes included as steps."""
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(1)
    actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
                continue
            if observe:
                state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return actions, time.perf_counter() - start


def rlcard(seconds: float, observe: bool) -> tuple[int, float]:
    """RLCard's gin rummy game object (no environment wrapper)."""
    from rlcard.games.gin_rummy.game import GinRummyGame

    rng = random.Random(1)
    actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = GinRummyGame()
        game.np_random.seed(rng.randrange(1 << 30))
        game.init_game()
        while not game.is_over():
            if observe:
                game.get_state(game.get_player_id())
            game.step(rng.choice(game.judge.get_legal_actions()))
            actions += 1
    return actions, time.perf_counter() - start


def rate(run: Runner, seconds: float, observe: bool, clock: str) -> float | None:
    """Actions per second of one run, or None when the engine is not installed.

    ``clock`` "cpu" divides by this process's CPU time, which a busy machine disturbs far
    less (every engine here runs in this process, C++ cores included); "wall" by the wall time.
    """
    cpu = time.process_time()
    try:
        n, elapsed = run(seconds, observe)
    except ImportError:
        return None
    used = time.process_time() - cpu if clock == "cpu" else elapsed
    return n / max(used, 1e-9)


def _load() -> float:
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


def main() -> None:
    """Measure every engine that is installed, taking turns run by run, and print the table."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument(
        "--clock",
        choices=("cpu", "wall"),
        default="cpu",
        help="divide by this process's CPU time (default; fair on a busy machine) or wall time",
    )
    args = ap.parse_args()
    if args.seconds <= 0 or args.runs < 1:
        ap.error("--seconds must be above 0 and --runs at least 1")
    engines: list[tuple[str, Runner]] = [
        ("Marriage (this engine)", marriage),
        ("OpenSpiel gin rummy", open_spiel),
        ("RLCard gin rummy, game only", rlcard),
    ]
    # Each run measures every engine once, plain and with views, so that all of them meet the
    # same load; the order turns round from run to run.
    rates: dict[tuple[str, bool], list[float]] = {}
    missing: set[str] = set()
    loads = [_load()]
    for k in range(args.runs):
        order = engines if k % 2 == 0 else engines[::-1]
        for name, run in order:
            for observe in (False, True):
                if name in missing:
                    continue
                r = rate(run, args.seconds, observe, args.clock)
                if r is None:
                    missing.add(name)
                else:
                    rates.setdefault((name, observe), []).append(r)
                loads.append(_load())
    print(
        f"medians of {args.runs} runs of {args.seconds:g} s, engines taking turns; actions per "
        f"{args.clock} second; load average (1 min) {min(loads):.2f}-{max(loads):.2f}"
    )
    print(f"{'engine':<30} {'actions/s':>12} {'with views':>12} {'ratio':>8} {'with views':>11}")
    ours = [statistics.median(rates[(engines[0][0], v)]) for v in (False, True)]
    for name, _run in engines:
        if name in missing:
            print(f"{name:<30} {'not installed':>12}")
            continue
        plain, seen = (statistics.median(rates[(name, v)]) for v in (False, True))
        r1, r2 = ours[0] / plain, ours[1] / seen
        print(f"{name:<30} {plain:>12,.0f} {seen:>12,.0f} {r1:>7.2f}x {r2:>10.2f}x")
    print("ratio: Marriage's rate over the row's (above 1: Marriage is faster)")


if __name__ == "__main__":
    main()
