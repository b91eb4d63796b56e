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
- ``see``: before it has seen, it knows its own next eight draws (every ``players``-th card of
  the stock, as if everyone else drew from it) and throws the card that lets it see soonest:
  the fewest of those draws after which the hand holds three pure melds (or seven dublees);
- ``discard``: once it has seen, it knows the stock's order. For each discard it plays on
  with its own next draws, throwing the greedy card in between, and keeps the discard that
  goes out soonest;
- ``feed``: it knows what the next player would do with each card it might throw (it asks
  that player's own bot) and, of the discards that leave its hand as close as the best, throws
  the first in its own order that the next player would not take;
- ``all``: every peek above at once.

A peek that buys little says the cards decide more than that choice does: the strength to win
has to come from somewhere else.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.tournament import clustered  # noqa: E402
from bench.tune import paired_gain  # noqa: E402
from engine import PRESETS  # noqa: E402
from engine.actions import Action, Discard, DrawStock, TakeDiscard  # noqa: E402
from engine.ai import make_bot  # noqa: E402
from engine.ai.base import Bot, Knowledge  # noqa: E402
from engine.ai.evaluate import hand_cost  # noqa: E402
from engine.ai.hard import HardBot  # noqa: E402
from engine.ai.medium import without  # noqa: E402
from engine.cards import CARDS, Card, code_of  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.solver import distance  # noqa: E402
from engine.view import PlayerView  # noqa: E402

PEEKS = ("draw", "see", "discard", "feed", "all")
#: How many of its own next draws the discard peek plays on.
DRAWS_AHEAD = 6
#: How many of its own next draws the see peek looks through.
SEE_AHEAD = 8
#: One hand: preset, peek ("" plays fair), deal, the hard bot's seat, players, iterations.
Job = tuple[str, str, int, int, int, int | None]


class PeekingHard(HardBot):
    """The hard bot with a look at the stock and at the next player's bot.

    The table sets ``stock`` (the game's own list) before each of its turns and, for the
    ``feed`` peek, ``would_take``: whether the next player would take a given throw.
    """

    def __init__(self, seed: int, iterations: int | None, peek: str) -> None:
        super().__init__(seed, iterations=iterations)
        self.peeks = set(PEEKS[:-1]) if peek == "all" else {peek}
        self.stock: list[int] = []
        self.would_take: Callable[[int], bool] = lambda _code: False

    def choose(self, view: PlayerView) -> Action | None:
        """The hard bot's action, changed where the peek knows better."""
        action = super().choose(view)
        k = Knowledge.of(view)
        top = view.top_discard
        if (
            "draw" in self.peeks
            and isinstance(action, TakeDiscard | DrawStock)
            and TakeDiscard() in view.legal
            and DrawStock() in view.legal
            and top is not None
            and self.stock
        ):
            under = CARDS[code_of(self.stock[-1])]
            take = hand_cost(k, [*k.cards, top]) < hand_cost(k, [*k.cards, under])
            return TakeDiscard() if take else DrawStock()
        if not isinstance(action, Discard):
            return action
        codes = sorted({a.card.code for a in view.legal if isinstance(a, Discard)})
        chosen = action.card.code
        if "see" in self.peeks and not k.seen:
            draws = self._own_draws(view.players, SEE_AHEAD)

            def seeing(code: int) -> tuple[float, bool]:
                return turns_to_see(k, without(k.cards, code), draws), code != chosen

            chosen = min(codes, key=seeing)
        if "discard" in self.peeks and k.seen:
            draws = self._own_draws(view.players, DRAWS_AHEAD)

            def soonest(code: int) -> tuple[float, bool]:
                return turns_to_out(k, without(k.cards, code), draws), code != chosen

            chosen = min(codes, key=soonest)
        if "feed" in self.peeks:
            chosen = self._starve(k, codes, chosen)
        return Discard(CARDS[chosen])

    def _own_draws(self, players: int, ahead: int) -> list[Card]:
        """This seat's next draws if every other player drew from the stock."""
        n = len(self.stock)
        return [
            CARDS[code_of(self.stock[-players * i])]
            for i in range(1, ahead + 1)
            if players * i <= n
        ]

    def _starve(self, k: Knowledge, codes: list[int], chosen: int) -> int:
        """The first throw as close as ``chosen`` that the next player would not take."""
        cost = hand_cost(k, without(k.cards, chosen))
        order = [chosen] + [s.code for s in self.last_search if s.code != chosen]
        order += [c for c in codes if c not in order]
        for code in order:
            if hand_cost(k, without(k.cards, code)) <= cost and not self.would_take(code):
                return code
        return chosen


def turns_to_see(k: Knowledge, hand: list[Card], draws: list[Card]) -> float:
    """The fewest of ``draws`` after which the hand could see (keeping the cards it needs).

    A hand that cannot see on these draws scores one more than their number plus a tenth of
    the cards it would still miss.
    """
    held = list(hand)
    for n, card in enumerate(draws, 1):
        held.append(card)
        if _to_see(k, held) == 0:
            return n
    return len(draws) + 1 + _to_see(k, held) / 10


def _to_see(k: Knowledge, cards: list[Card]) -> int:
    return distance(cards, None, k.rules, k.shown, False, k.capped, k.players).to_see


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


def next_would_take(game: Game, bots: Sequence[Bot], code: int) -> bool:
    """Whether the next player's bot would take ``code`` if the mover threw it now."""
    ahead = game.clone()
    throw = Discard(CARDS[code])
    if not ahead.is_legal(throw):
        return False
    ahead.apply(throw)
    if ahead.hand_over:
        return False
    seat = ahead.current_player
    return isinstance(bots[seat].choose(ahead.view(seat)), TakeDiscard)


@dataclass(frozen=True)
class Hand:
    """One hand as the hard bot's seat played it."""

    peek: str
    deal: int
    seat: int
    won: bool
    net: int
    seen_turn: int | None  # its own turn on which it saw (None: it never saw)
    saw_first: bool  # nobody at the table had seen before it


def play(job: Job) -> Hand:
    """One hand of the deal with the hard bot (peeking or not) in the job's seat."""
    preset, peek, deal, seat, players, iterations = job
    game = Game.new(PRESETS[preset], players, seed=deal, hands=1)
    bots = [make_bot("medium", seed=deal * 31 + i) for i in range(players)]
    hard = PeekingHard(deal * 31 + seat, iterations, peek)
    turns = 0
    seen_turn: int | None = None
    saw_first = False
    while not game.hand_over:
        turn = game.current_player
        hard.stock = game.stock  # a reshuffle may replace the list
        hard.would_take = partial(next_would_take, game, bots)
        bot = hard if turn == seat else bots[turn]
        view = game.view(turn)
        action = bot.choose(view)
        if action is None:
            raise SystemExit("a bot found no action for the seat to play")
        if turn == seat and isinstance(action, DrawStock | TakeDiscard):
            turns += 1
        anyone = any(view.seen)
        game.apply(action)
        if seen_turn is None and turn == seat and game.view(seat).seen[seat]:
            seen_turn, saw_first = max(1, turns), not anyone
    result = game.result
    assert result is not None
    return Hand(peek, deal, seat, result.winner == seat, result.nets[seat], seen_turn, saw_first)


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
        hands = [hand for hand in played if hand.peek == peek]
        for hand in hands:
            nets[peek][hand.deal, hand.seat] = hand.net
            won.setdefault(hand.deal, []).append(1.0 if hand.won else 0.0)
            net.setdefault(hand.deal, []).append(float(hand.net))
        w, w_half = clustered(won)
        m, m_half = clustered(net)
        label = "hard" if not peek else f"hard, peeking: {peek}"
        print(f"{label:<30} won {100 * w:5.1f}% ± {100 * w_half:.1f}   net {m:+.2f} ± {m_half:.2f}")
        turns = [hand.seen_turn for hand in hands if hand.seen_turn is not None]
        first = statistics.fmean(float(hand.saw_first) for hand in hands)
        when = f", on its turn {statistics.fmean(turns):.2f} on average" if turns else ""
        print(
            f"{'':<30} saw in {100 * len(turns) / len(hands):.1f}% of hands{when}; "
            f"first at the table in {100 * first:.1f}%"
        )
    gain, se = paired_gain(nets[args.peek], nets[""])
    print(f"paired gain of the peek: {gain:+.2f} ± {1.96 * se:.2f} a hand")
    moved = statistics.fmean(float(nets[args.peek][key] != nets[""][key]) for key in nets[""])
    print(f"hands whose result the peek changed: {100 * moved:.0f}%")


if __name__ == "__main__":
    main()
