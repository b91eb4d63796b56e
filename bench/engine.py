"""Engine speed, per CPU second, beside a previous commit measured in the same run.

Run: python bench/engine.py [--seconds 3] [--runs 3] [--against 93c80d1] [--only NAME ...]

Each run measures every figure in a fresh process for this tree and for the ``--against``
commit (unpacked with ``git archive`` into a temporary folder), the two processes taking turns
(which goes first alternates), so both meet the same load. The figures are per CPU second of
the measuring process (``time.process_time``), which another program on a shared machine
disturbs far less than the wall clock; the load average while each was measured is printed
beside it. ``--against none`` measures this tree alone.

- ``plain``: random legal play (4 players, nepali, whole hands): ``legal_actions`` + ``apply``;
- ``views``: the same with the mover's ``view(seat)`` built every step and its legal list used;
- ``host``: what a table host does per action (5 players): every seat's ``view(seat,
  history=False).to_dict()``, then ``apply``; laptops at every seat, which work out for
  themselves what a phone page is sent worked out (the advice, the grouped hand, the maal);
- ``host, a phone at seat 0``: the same with seat 0's view ``worked_out()`` first, as the host
  sends it to a phone page (in a tree from before ``worked_out``, the same as ``host``);
- ``to_dict@100`` / ``to_dict@600``: one ``view(seat).to_dict()`` of a view telling about 100
  / 600 events of its hand, the view built fresh each time (a host's and a save's pattern:
  the history only grows); ``cold`` is the first such call on a game just replayed;
- ``load``: ``MatchRecord.from_json(...).game()`` of a save of ten random hands (it replays every action);
- ``clone`` and ``find_going_out`` on random 22-card hands, as before.

Rates are actions per CPU second (higher is better); times are CPU microseconds or
milliseconds (lower is better). ``bench/peers.py`` puts random play beside other engines.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from taking_turns import in_child, load_average, taking_turns, unpack

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_AGAINST = "93c80d1"

#: name -> (unit, bar)
FIGURES: dict[str, tuple[str, str]] = {
    "plain": ("actions/CPU s", ">= 40,000"),
    "views": ("actions/CPU s", ">= 20,000"),
    "host": ("actions/CPU s", ""),
    "host, a phone at seat 0": ("actions/CPU s", ""),
    "to_dict@100": ("us", ""),
    "to_dict@100 cold": ("us", ""),
    "to_dict@600": ("us", ""),
    "to_dict@600 cold": ("us", ""),
    "load": ("ms", ""),
    "clone": ("us", "<= 50"),
    "find_going_out median": ("us", "<= 100"),
}


# ---------------------------------------------------------------------- measured in a child
def _random_play(seconds: float, step: Callable[[Any, random.Random], None], players: int) -> float:
    """Actions per CPU second of random play, whole hands, ``step`` choosing and applying."""
    from engine import PRESETS
    from engine.game import Game

    rng = random.Random(1)
    actions = seed = 0
    cpu = time.process_time()
    while time.process_time() - cpu < seconds:
        g = Game.new(PRESETS["nepali"], players, seed, hands=1)
        seed += 1
        while not g.is_over:
            step(g, rng)
            actions += 1
    return actions / (time.process_time() - cpu)


def _plain(g: Any, rng: random.Random) -> None:
    g.apply(rng.choice(g.legal_actions()))


def _views(g: Any, rng: random.Random) -> None:
    g.apply(rng.choice(g.view(g.current_player).legal))


def _host(g: Any, rng: random.Random) -> None:
    for seat in range(len(g.names)):
        g.view(seat, history=False).to_dict()
    g.apply(rng.choice(g.legal_actions()))


def _host_phone(g: Any, rng: random.Random) -> None:
    for seat in range(len(g.names)):
        view = g.view(seat, history=False)
        if seat == 0 and hasattr(view, "worked_out"):  # a phone page holds seat 0
            view.worked_out()
        view.to_dict()
    g.apply(rng.choice(g.legal_actions()))


def _position(events: int) -> tuple[int, list[Any]]:
    """A seed and the random actions that reach a mover whose view tells ``events`` events."""
    from engine import PRESETS
    from engine.game import Game

    rng = random.Random(4)
    for seed in range(1000):
        g = Game.new(PRESETS["nepali"], 4, seed, hands=1)
        log = []
        while not g.is_over:
            if len(g.events) >= events:
                return seed, log
            a = rng.choice(g.legal_actions())
            g.apply(a)
            log.append(a)
    raise RuntimeError(f"no hand reached {events} events")


def _to_dict(events: int, seconds: float) -> tuple[float, float, int]:
    """CPU microseconds of one ``view(seat).to_dict()``: warm (views built fresh at the same
    position) and cold (the first call on a freshly replayed game); and the events told."""
    from engine import PRESETS
    from engine.game import Game

    seed, log = _position(events)
    cold = []
    for _ in range(20):
        g = Game.replay(PRESETS["nepali"], seed, log, 4, 1)
        v = g.view(g.current_player)
        t = time.process_time()
        v.to_dict()
        cold.append(time.process_time() - t)
    g = Game.replay(PRESETS["nepali"], seed, log, 4, 1)
    told = len(g.view(g.current_player).history)
    spent = 0.0
    calls = 0
    while spent < seconds or calls < 100:
        v = g.view(g.current_player)
        t = time.process_time()
        v.to_dict()
        spent += time.process_time() - t
        calls += 1
    return spent / calls * 1e6, statistics.median(cold) * 1e6, told


def _save_load(seconds: float) -> float:
    """CPU milliseconds to load a save of ten random hands (median)."""
    from engine import PRESETS
    from engine.game import Game

    if hasattr(Game, "from_json"):  # a commit from before the record: the game read its saves
        save, load = Game.to_json, Game.from_json
    else:
        from engine.record import MatchRecord

        save = lambda g: MatchRecord.of(g).to_json()  # noqa: E731
        load = lambda text: MatchRecord.from_json(text).game()  # noqa: E731

    rng = random.Random(5)
    g = Game.new(PRESETS["nepali"], 4, 11, hands=10)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    text = save(g)
    times = []
    start = time.process_time()
    while time.process_time() - start < seconds or len(times) < 5:
        t = time.process_time()
        back = load(text)
        times.append(time.process_time() - t)
    assert back.totals == g.totals
    return statistics.median(times) * 1e3


def _clone() -> float:
    from engine import PRESETS
    from engine.game import Game

    rng = random.Random(2)
    g = Game.new(PRESETS["nepali"], 4, 7, hands=1)
    for _ in range(60):
        g.apply(rng.choice(g.legal_actions()))
    n = 20000
    start = time.process_time()
    for _ in range(n):
        g.clone()
    return (time.process_time() - start) / n * 1e6


def _going_out() -> float:
    from engine import PRESETS
    from engine.cards import CARDS
    from engine.solver import find_going_out
    from engine.wilds import Wilds

    rng = random.Random(3)
    rules = PRESETS["nepali"]
    times = []
    shoe = [CARDS[i % 52] for i in range(156)]
    for _ in range(3000):
        rng.shuffle(shoe)
        t = time.process_time()
        find_going_out(shoe[:22], Wilds(shoe[22], rules), rules)
        times.append(time.process_time() - t)
    return statistics.median(times) * 1e6


def child(only: list[str], seconds: float) -> dict[str, Any]:
    """Every figure asked for, measured in this process, each with the load beside it."""
    out: dict[str, Any] = {}

    def put(name: str, value: float, load: float) -> None:
        if not only or any(name.startswith(o) for o in only):
            out[name] = (value, (load + load_average()) / 2)

    def wanted(name: str) -> bool:
        return not only or any(name.startswith(o) or o.startswith(name) for o in only)

    rates = (
        ("plain", _plain, 4),
        ("views", _views, 4),
        ("host", _host, 5),
        ("host, a phone at seat 0", _host_phone, 5),
    )
    for name, step, players in rates:
        if wanted(name):
            load = load_average()
            put(name, _random_play(seconds, step, players), load)
    for events in (100, 600):
        if wanted(f"to_dict@{events}"):
            load = load_average()
            warm, cold, told = _to_dict(events, seconds / 3)
            put(f"to_dict@{events}", warm, load)
            put(f"to_dict@{events} cold", cold, load)
            out[f"told@{events}"] = told
    if wanted("load"):
        load = load_average()
        put("load", _save_load(seconds), load)
    if wanted("clone"):
        load = load_average()
        put("clone", _clone(), load)
    if wanted("find_going_out"):
        load = load_average()
        put("find_going_out median", _going_out(), load)
    return out


# ---------------------------------------------------------------------- the parent


def _measure(tree: Path, only: list[str], seconds: float) -> dict[str, Any]:
    return in_child(
        __file__, tree, ["--seconds", str(seconds), *(["--only", *only] if only else [])]
    )


def _fmt(value: float, unit: str) -> str:
    return f"{value:,.0f}" if unit.startswith("actions") else f"{value:,.1f}"


def main() -> None:
    """Measure each tree in turn ``--runs`` times and print the medians side by side."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per rate figure")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--against", default=DEFAULT_AGAINST, help="a commit, or none")
    ap.add_argument("--only", nargs="*", default=[], help="figures whose names start so")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        sys.path.insert(0, args.child)
        print(json.dumps(child(args.only, args.seconds)))
        return
    if args.seconds <= 0 or args.runs < 1:
        ap.error("--seconds must be above 0 and --runs at least 1")
    with tempfile.TemporaryDirectory(prefix="marriage-bench-") as tmp:
        trees = {"now": ROOT}
        if args.against != "none":
            trees[args.against] = unpack(args.against, Path(tmp))
        print(
            f"load average (1 min) at the start {load_average():.2f}; {args.runs} runs, each tree "
            f"in its own process, taking turns; {args.seconds:g} CPU s per rate"
        )
        results = taking_turns(trees, args.runs, lambda t: _measure(t, args.only, args.seconds))
        _report(results, list(trees))


def _report(results: dict[str, list[dict[str, Any]]], names: list[str]) -> None:
    now = results["now"]
    old = results[names[1]] if len(names) > 1 else None
    head = f"{'figure (median of runs)':<28} {'unit':<14} {'now':>10}"
    if old is not None:
        head += f" {names[1]:>10} {'now/old':>8}"
    print(head + f"  {'load':>9}  bar")
    for name, (unit, bar) in FIGURES.items():
        if name not in now[0]:
            continue
        mine = statistics.median(r[name][0] for r in now)
        loads = [r[name][1] for rs in results.values() for r in rs if name in r]
        line = f"{name:<28} {unit:<14} {_fmt(mine, unit):>10}"
        if old is not None:
            theirs = statistics.median(r[name][0] for r in old)
            line += f" {_fmt(theirs, unit):>10} {mine / theirs:>7.2f}x"
        line += f"  {min(loads):.2f}-{max(loads):.2f}  {bar}"
        print(line)
    for events in (100, 600):
        told = now[0].get(f"told@{events}")
        if told is not None:
            print(f"  (to_dict@{events}: the view tells {told} events)")
    print("now/old: a rate's ratio above 1, or a time's below 1, is this tree ahead")


if __name__ == "__main__":
    main()
