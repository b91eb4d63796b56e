"""How much a peeking hard bot would gain: a ceiling on what sharper judgement can buy.

Run: python bench/headroom.py --peek draw --hands 600 --workers 2 [--seed 30000] \
     [--iterations 8] [--preset nepali]

The hard bot plays one seat against three medium bots on duplicate deals (every deal once per
seat), once as it is and once peeking, on the same deals, seeds and seats. It prints both
bots' hands won and mean net per hand, and the paired gain of peeking, with 95% intervals
clustered by deal. The peeks (the bot sees what no player may; never used in the game):

- ``draw``: at every take-or-draw choice it knows the card on top of the stock, and takes the
  top discard only when that leaves the hand closer (the bots' weighted missing cards) than
  the stock's card would;
- ``discard``: once it has seen, it knows the stock's order. For each discard it plays on
  with its own next draws (every ``players``-th card, as if everyone else drew from the
  stock), throwing the greedy card in between, and keeps the discard that goes out soonest.

A peek that buys little says the cards decide more than that choice does: the strength to win
has to come from somewhere else.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.tournament import clustered  # noqa: E402
from bench.tune import paired_gain  # noqa: E402
from engine import PRESETS  # noqa: E402
from engine.actions import Action, Discard, DrawStock, TakeDiscard  # noqa: E402
from engine.ai import make_bot  # noqa: E402
from engine.ai.base import Knowledge  # noqa: E402
from engine.ai.evaluate import hand_cost  # noqa: E402
from engine.ai.hard import HardBot  # noqa: E402
from engine.ai.medium import without  # noqa: E402
from engine.cards import CARDS, Card, code_of  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.view import PlayerView  # noqa: E402

PEEKS = ("draw", "discard")
#: How many of its own next draws the discard peek plays on.
DRAWS_AHEAD = 6
#: One hand: preset, peek ("" plays fair), deal, the hard bot's seat, players, iterations.
Job = tuple[str, str, int, int, int, int | None]


class PeekingHard(HardBot):
    """The hard bot with a look at the stock (``stock`` is the game's, set by the table)."""

    def __init__(self, seed: int, iterations: int | None, peek: str) -> None:
        super().__init__(seed, iterations=iterations)
        self.peek = peek
        self.stock: list[int] = []

    def choose(self, view: PlayerView) -> Action | None:
        """The hard bot's action, changed where the peek knows better."""
        action = super().choose(view)
        k = Knowledge.of(view)
        top = view.top_discard
        if (
            self.peek == "draw"
            and isinstance(action, TakeDiscard | DrawStock)
            and TakeDiscard() in view.legal
            and DrawStock() in view.legal
            and top is not None
            and self.stock
        ):
            under = CARDS[code_of(self.stock[-1])]
            take = hand_cost(k, [*k.cards, top]) < hand_cost(k, [*k.cards, under])
            return TakeDiscard() if take else DrawStock()
        if self.peek == "discard" and isinstance(action, Discard) and k.seen:
            step = view.players
            draws = [
                CARDS[code_of(self.stock[-step * i])]
                for i in range(1, DRAWS_AHEAD + 1)
                if step * i <= len(self.stock)
            ]
            codes = sorted({a.card.code for a in view.legal if isinstance(a, Discard)})
            chosen = action.card.code

            def soonest(code: int) -> tuple[float, bool]:
                return turns_to_out(k, without(k.cards, code), draws), code != chosen

            return Discard(CARDS[min(codes, key=soonest)])
        return action


def turns_to_out(k: Knowledge, hand: list[Card], draws: list[Card]) -> float:
    """Draws until the hand goes out, throwing the closest-keeping card in between.

    A hand that does not go out on these draws scores one more than their number plus a tenth
    of the missing cards it ends with.
    """
    hand = list(hand)
    for n, card in enumerate(draws, 1):
        hand.append(card)
        if hand_cost(k, hand) == 0:
            return n
        codes = sorted({c.code for c in hand})
        hand = without(hand, min(codes, key=lambda c: (hand_cost(k, without(hand, c)), c)))
    return len(draws) + 1 + hand_cost(k, hand) / 10


def play(job: Job) -> tuple[str, int, int, bool, int]:
    """One hand: the peek played, the deal, the seat, whether it won and its net."""
    preset, peek, deal, seat, players, iterations = job
    game = Game.new(PRESETS[preset], players, seed=deal, hands=1)
    bots = [make_bot("medium", seed=deal * 31 + i) for i in range(players)]
    hard = PeekingHard(deal * 31 + seat, iterations, peek)
    while not game.hand_over:
        turn = game.current_player
        hard.stock = game.stock  # a reshuffle may replace the list
        bot = hard if turn == seat else bots[turn]
        action = bot.choose(game.view(turn))
        if action is None:
            raise SystemExit("a bot found no action for the seat to play")
        game.apply(action)
    result = game.result
    assert result is not None
    return peek, deal, seat, result.winner == seat, result.nets[seat]


def main(argv: list[str] | None = None) -> None:
    """Play both tables and print the comparison."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--peek", choices=PEEKS, default="draw")
    p.add_argument("--hands", type=int, default=600)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--preset", default="nepali", choices=sorted(PRESETS))
    p.add_argument("--seed", type=int, default=30000)
    p.add_argument("--iterations", type=int, default=8)
    args = p.parse_args(argv)
    deals = max(2, math.ceil(args.hands / args.players))
    jobs: list[Job] = [
        (args.preset, peek, args.seed + d, seat, args.players, args.iterations)
        for peek in ("", args.peek)
        for d in range(deals)
        for seat in range(args.players)
    ]
    if args.workers > 1:
        with Pool(args.workers) as pool:
            played = pool.map(play, jobs, chunksize=2)
    else:
        played = [play(j) for j in jobs]
    nets: dict[str, dict[tuple[int, int], int]] = {"": {}, args.peek: {}}
    print(
        f"{args.preset}, {args.players} players, hard vs {args.players - 1} medium, "
        f"{deals} deals x {args.players} seats"
    )
    for peek in nets:
        won: dict[int, list[float]] = {}
        net: dict[int, list[float]] = {}
        for name, deal, seat, winner, hand_net in played:
            if name == peek:
                nets[peek][deal, seat] = hand_net
                won.setdefault(deal, []).append(1.0 if winner else 0.0)
                net.setdefault(deal, []).append(float(hand_net))
        w, w_half = clustered(won)
        m, m_half = clustered(net)
        label = f"hard, peeking at the {peek}" if peek else "hard"
        print(f"{label:<30} won {100 * w:5.1f}% ± {100 * w_half:.1f}   net {m:+.2f} ± {m_half:.2f}")
    gain, se = paired_gain(nets[args.peek], nets[""])
    print(f"paired gain of the peek: {gain:+.2f} ± {1.96 * se:.2f} a hand")
    moved = statistics.fmean(float(nets[args.peek][key] != nets[""][key]) for key in nets[""])
    print(f"hands whose result the peek changed: {100 * moved:.0f}%")


if __name__ == "__main__":
    main()
