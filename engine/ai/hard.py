"""The hard bot: determinized Monte Carlo over the cards this seat cannot see.

Most turns hold one real question: which of several equally close discards to keep. For it the
bot samples worlds consistent with its view (the unseen cards, minus those another player is
known to hold because they picked them up) and asks, in each, how close each candidate hand is
after the next draw, judged by the medium bot's measure. The candidate with the best mean, less
what it would feed the next player, is played. Clear choices (one legal action, a finish, a
helpful or a useless top discard, a lone card to throw) are made at once.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from engine.actions import Action, Discard
from engine.ai.base import Bot, Knowledge, forced, go_outs, sees
from engine.ai.evaluate import hand_cost, has_partner
from engine.ai.medium import Policy, Scored, counts_of, without
from engine.ai.tracker import Tracker
from engine.cards import CARDS
from engine.view import PlayerView

DEFAULT_BUDGET_MS = 250.0
#: Most candidates compared by search.
CANDIDATES = 6
#: Weight of one expected missing card against the medium bot's tie-breakers.
COST_WEIGHT = 10.0


@dataclass(frozen=True)
class Searched:
    """What the search found for one candidate discard."""

    code: int
    expected: float  # mean weighted missing cards after the next draw
    score: float  # lower is better
    helped_by: tuple[int, ...]  # codes whose draw brings this hand closer


def draw_pool(k: Knowledge, tracker: Tracker) -> list[int]:
    """Copies of each code that could still come to this seat (known holdings of others removed)."""
    pool = list(k.unseen)
    for seat, track in enumerate(tracker.seats):
        if seat == k.view.seat:
            continue
        for i in track.held_ids:
            code = i % 52 if i < 156 else 52
            if pool[code] > 0:
                pool[code] -= 1
    return pool


class HardBot(Bot):
    """Searches the close choices; plays the greedy policy where the choice is clear."""

    level = "hard"

    def __init__(
        self, seed: int = 0, budget_ms: float | None = None, iterations: int | None = None
    ) -> None:
        super().__init__(seed)
        self.budget_ms = DEFAULT_BUDGET_MS if budget_ms is None else budget_ms
        self.iterations = iterations
        # Every discard gets the full distance test, not just the loosest few.
        self.policy = Policy(shortlist=60, weigh_all=True)
        self.last_search: list[Searched] = []

    def choose(self, view: PlayerView) -> Action:
        """The searched action for this view."""
        self.last_search = []
        a = forced(view)
        if a is not None:
            return a
        legal = view.legal
        if view.phase == "draw" or go_outs(legal) or sees(legal):
            return self.policy.choose(view)
        codes = [x.card.code for x in legal if isinstance(x, Discard)]
        if not codes:
            return self.policy.choose(view)
        start = time.perf_counter()
        k = Knowledge.of(view)
        deadline = None if self.iterations is not None else start + self.budget_ms * 0.4 / 1000.0
        ranked = self.policy.rank_discards(k, codes, deadline)
        best = ranked[0]
        close: list[Scored] = []
        for s in ranked:
            # Lone cards all leave the same hand behind but for themselves: one stands for all.
            if s.cost == best.cost and s.cost < 99 and (s is best or _partnered(k, s)):
                close.append(s)
        close = close[:CANDIDATES]
        if len(close) < 2:
            return Discard(CARDS[best.code])
        searched = self.search(k, close, start)
        self.last_search = searched
        return Discard(CARDS[searched[0].code])

    def search(self, k: Knowledge, close: list[Scored], start: float) -> list[Searched]:
        """Compare the candidates over sampled next draws (paired: one draw, every candidate)."""
        tracker = Tracker(k.view)
        pool = draw_pool(k, tracker)
        rests = [without(k.cards, s.code) for s in close]
        bases = [hand_cost(k, r) for r in rests]
        hand_counts = counts_of(k.cards)
        # Draws that join nothing in the hand leave every candidate as it is: count them at once.
        relevant = [c for c in range(53) if pool[c] > 0 and has_partner(k, c, hand_counts)]
        idle = sum(pool) - sum(pool[c] for c in relevant)
        rng = random.Random(f"{self.seed}/{k.view.hand_no}/{k.view.turn}/{len(k.cards)}")
        # A weighted sample without replacement: the likeliest draws are looked at first.
        order = sorted(relevant, key=lambda c: rng.random() ** (1.0 / pool[c]), reverse=True)
        totals = [float(b * idle) for b in bases]
        helped: list[list[int]] = [[] for _ in close]
        weight = idle
        deadline = start + self.budget_ms * 0.75 / 1000.0
        left = sum(pool[c] for c in order)
        for n, code in enumerate(order):
            if self.iterations is not None:
                if n >= self.iterations:
                    break
            elif time.perf_counter() > deadline:
                break
            w = pool[code]
            for i, rest in enumerate(rests):
                cost = hand_cost(k, rest + [CARDS[code]])
                totals[i] += w * cost
                if cost < bases[i]:
                    helped[i].append(code)
            weight += w
            left -= w
            if n >= 4 and _settled(totals, weight, left):
                break
        out = []
        for i, s in enumerate(close):
            expected = totals[i] / weight if weight else float(bases[i])
            score = COST_WEIGHT * expected + 2.5 * s.danger + 0.2 * s.value
            out.append(Searched(s.code, expected, score, tuple(helped[i])))
        out.sort(key=lambda x: (x.score, x.code))
        return out


def _partnered(k: Knowledge, s: Scored) -> bool:
    counts = counts_of(k.cards)
    counts[s.code] -= 1
    return has_partner(k, s.code, counts)


def _settled(totals: list[float], weight: float, left: float) -> bool:
    """The leader cannot be caught by the draws not yet looked at (one card moves a cost by 4)."""
    if weight <= 0:
        return False
    means = sorted(t / weight for t in totals)
    return (means[1] - means[0]) * weight > 4.0 * left


__all__ = ["DEFAULT_BUDGET_MS", "HardBot", "Searched"]
