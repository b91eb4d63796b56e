"""The hard bot: determinized Monte Carlo over the cards this seat cannot see.

Most turns hold one real question: which of several equally close discards to throw. For it the
bot looks ahead at its own next draws, which come from the cards it cannot place: the unseen
cards less those another player is known to hold (picked up from the discards and not thrown or
shown since). Each candidate hand is judged by the medium bot's measure of how close it is:

1. after every possible next draw, exactly (with the likeliest draws first, so a search cut
   short by the clock has looked at what matters most);
2. for the candidates still in the running, after the next two draws: draws that join nothing
   leave the hand as it is, one useful draw is as in step 1, and two useful draws are sampled
   from worlds dealt consistently with the view (the same worlds for every candidate). The
   measure keeps the best 21 cards of the 23, as the player would by throwing the worst card
   in between.

The candidate closest after one draw plus after two, less what it would feed the next player,
is played. The draw is weighed the same way: the top discard is taken when the hand it makes is
closer than the stock's expected draw (over the same cards), by a margin before seeing. Clear choices (one legal action, a finish, the draw, a single closest discard) are
made at once, and the one-draw stage stops as soon as one candidate cannot be caught.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from engine.actions import Action, Discard, DrawStock, TakeDiscard
from engine.ai.base import Bot, Knowledge, forced, go_outs, sees
from engine.ai.determinize import Determinizer
from engine.ai.evaluate import costs_after_draws, hand_cost, has_partner, maal_keep
from engine.ai.medium import Policy, Scored, counts_of, without
from engine.ai.weights import Weights, weight
from engine.cards import CARDS, Card, code_of
from engine.view import PlayerView

DEFAULT_BUDGET_MS = 250.0
#: Most candidates compared by search.
CANDIDATES = 10
#: Most candidates that go on to the two-draw look-ahead.
FINALISTS = 4
#: Candidates this far behind the leader after one draw drop out before the second.
MARGIN = 0.5
#: Sampled worlds for the two-draw look-ahead when no iteration count is given.
WORLDS = 40
#: Draws looked at together in the one-draw stage (between looks at the clock).
CHUNK = 6
#: Sampled worlds tried for each one kept (most are kept: two useful draws are common).
TRIES_PER_WORLD = 20
#: Weight of one expected missing card against the medium bot's tie-breakers.
COST_WEIGHT = 10.0
#: Shares of the time budget by which the one-draw and the two-draw stages must end.
ONE_DRAW_SHARE, TWO_DRAW_SHARE = 0.45, 0.8
#: Share of the budget by which every discard must have had its distance test (the loosest
#: few always do): on a loaded machine the greedy ranking must not eat the search's time.
RANK_SHARE = 0.2


@dataclass(frozen=True)
class Searched:
    """What the search found for one candidate discard."""

    code: int
    expected: float  # weighted missing cards expected after the next draw plus after two
    score: float  # lower is better
    helped_by: tuple[int, ...]  # codes whose draw brings this hand closer


def draw_pool(det: Determinizer) -> list[int]:
    """Copies of each code this seat might draw next: every card it cannot place.

    That leaves out what it sees and what another player is known to hold (picked up from the
    discards and not yet thrown or shown). A tiplu it has not looked at stays in: any unknown
    card may be the one under the stock, so the odds of each draw are the same.
    """
    pool = [0] * 53
    for i in det.unknown:
        pool[code_of(i)] += 1
    return pool


class _Candidate:
    """One discard under search: the hand it leaves and what the look-ahead found so far."""

    def __init__(self, scored: Scored, rest: list[Card]) -> None:
        self.scored = scored
        self.rest = rest
        self.base = 0  # cost as it stands
        self.useful = 0.0  # expected cost after one draw that joins the hand
        self.one = 0.0  # expected cost after the next draw
        self.expected = 0.0  # after the next draw plus after the next two
        self.helped: list[int] = []


class HardBot(Bot):
    """Searches the close discards; plays the greedy policy where the choice is clear."""

    level = "hard"

    def __init__(
        self,
        seed: int = 0,
        budget_ms: float | None = None,
        iterations: int | None = None,
        weights: Weights | None = None,
    ) -> None:
        super().__init__(seed)
        self.budget_ms = DEFAULT_BUDGET_MS if budget_ms is None else budget_ms
        #: Sampled worlds per decision; with it set, the clock is ignored (reproducible play).
        self.iterations = iterations
        # Every discard gets the full distance test, not just the loosest few.
        self.policy = Policy(shortlist=60, weigh_all=True, weights=weights)
        self.weights = weights
        self.last_search: list[Searched] = []

    def choose(self, view: PlayerView) -> Action | None:
        """The searched action for this view (None when the view offers none)."""
        self.last_search = []
        if not view.legal:
            return None
        a = forced(view)
        if a is not None:
            return a
        legal = view.legal
        if view.phase == "draw" and TakeDiscard() in legal and DrawStock() in legal:
            return self.draw_or_take(Knowledge.of(view))
        if view.phase == "draw" or go_outs(legal) or sees(legal):
            return self.policy.choose(view)
        codes = [x.card.code for x in legal if isinstance(x, Discard)]
        if not codes:
            return self.policy.choose(view)
        start = time.perf_counter()
        k = Knowledge.of(view)
        ranked = self.policy.rank_discards(k, codes, self._deadline(start, RANK_SHARE))
        best = ranked[0]
        close = [s for s in ranked if s.cost == best.cost and s.cost < 99][:CANDIDATES]
        if len(close) < 2:
            return Discard(CARDS[best.code])
        searched = self.search(k, close, start)
        self.last_search = searched
        return Discard(CARDS[searched[0].code])

    # ------------------------------------------------------------------ the draw
    def draw_or_take(self, k: Knowledge) -> Action:
        """Take the top discard when it beats the stock's expected draw by enough.

        The stock's draw is weighed over every card this seat cannot place (its outs, as in
        the search); taking shows the table what the hand collects, so before seeing it must
        win by a margin (``take_edge_unseen``, in weighted missing cards).
        """
        top = k.view.top_discard
        counts = counts_of(k.cards)
        if top is None or not has_partner(k, top.code, counts):
            return DrawStock()
        before = hand_cost(k, k.cards)
        taken = hand_cost(k, [*k.cards, top])
        if taken >= before:
            return DrawStock()
        pool = draw_pool(Determinizer(k.view))
        relevant = [x for x in range(53) if pool[x] > 0 and has_partner(k, x, counts)]
        total = sum(pool)
        if total <= 0:
            return TakeDiscard()
        after = costs_after_draws(k, k.cards, relevant)
        idle = total - sum(pool[x] for x in relevant)
        drawn = (sum(pool[x] * after[x] for x in relevant) + idle * before) / total
        edge = weight("take_edge_seen" if k.seen else "take_edge_unseen", self.weights)
        return TakeDiscard() if drawn - taken > edge else DrawStock()

    # ------------------------------------------------------------------ the search
    def _deadline(self, start: float, share: float) -> float | None:
        if self.iterations is not None:
            return None
        return start + self.budget_ms * share / 1000.0

    def search(self, k: Knowledge, close: Sequence[Scored], start: float) -> list[Searched]:
        """Compare the candidates after one draw (exactly) and after two (sampled)."""
        cands = [_Candidate(s, without(k.cards, s.code)) for s in close]
        det = Determinizer(k.view)
        pool = draw_pool(det)
        counts = counts_of(k.cards)
        # Draws that join nothing in the hand leave every candidate as it is.
        relevant = [x for x in range(53) if pool[x] > 0 and has_partner(k, x, counts)]
        rng = random.Random(f"{self.seed}/{k.view.hand_no}/{k.view.turn}/{len(k.cards)}")
        self._one_draw(k, cands, pool, relevant, rng, self._deadline(start, ONE_DRAW_SHARE))
        # Feeding the next player is a cost too: a candidate does not drop out for being a
        # little slower than one that hands the next player a meld.
        feed = weight("danger", self.weights) / COST_WEIGHT

        # Maal thrown is money lost at the settlement (and maybe handed on): it weighs in full.
        maal = {
            c.scored.code: weight("maal", self.weights) * maal_keep(k, c.scored.code) for c in cands
        }

        def behind(c: _Candidate) -> float:
            return c.one + (feed * c.scored.danger + maal[c.scored.code]) / COST_WEIGHT

        cands.sort(key=lambda c: (behind(c), c.scored.score))
        finalists = [c for c in cands if behind(c) <= behind(cands[0]) + MARGIN][:FINALISTS]
        if len(finalists) > 1:
            deadline = self._deadline(start, TWO_DRAW_SHARE)
            self._two_draws(k, finalists, det, pool, set(relevant), rng, deadline)
        ranked = []
        for c in cands:
            s = c.scored
            score = (
                COST_WEIGHT * c.expected
                + weight("danger", self.weights) * s.danger
                + 0.2 * s.value
                + maal[s.code]
            )
            ranked.append((c not in finalists, score, s.code, c))
        ranked.sort(key=lambda r: r[:3])
        return [
            Searched(c.scored.code, c.expected, score, tuple(c.helped)) for _, score, _, c in ranked
        ]

    def _one_draw(
        self,
        k: Knowledge,
        cands: list[_Candidate],
        pool: list[int],
        relevant: list[int],
        rng: random.Random,
        deadline: float | None,
    ) -> None:
        """Expected cost of each candidate after its next draw, paired over the same draws."""
        for c in cands:
            c.base = hand_cost(k, c.rest)
        idle = sum(pool) - sum(pool[x] for x in relevant)
        # A weighted sample without replacement: the likeliest draws are looked at first.
        order = sorted(relevant, key=lambda x: rng.random() ** (1.0 / pool[x]), reverse=True)
        totals = [0.0] * len(cands)
        weight = 0
        left = sum(pool[x] for x in order)
        for at in range(0, len(order), CHUNK):
            if deadline is not None and time.perf_counter() > deadline:
                break
            chunk = order[at : at + CHUNK]
            for i, c in enumerate(cands):
                after = costs_after_draws(k, c.rest, chunk)
                for x in chunk:
                    totals[i] += pool[x] * after[x]
                    if after[x] < c.base:
                        c.helped.append(x)
            w = sum(pool[x] for x in chunk)
            weight += w
            left -= w
            if at >= CHUNK and _settled(totals, weight, left, [c.base for c in cands], idle):
                break
        p_useful = 1.0 - idle / sum(pool) if sum(pool) else 0.0
        for i, c in enumerate(cands):
            c.useful = totals[i] / weight if weight else float(c.base)
            c.one = (1.0 - p_useful) * c.base + p_useful * c.useful
            c.expected = 2.0 * c.one

    def _two_draws(
        self,
        k: Knowledge,
        finalists: list[_Candidate],
        det: Determinizer,
        pool: list[int],
        useful: set[int],
        rng: random.Random,
        deadline: float | None,
    ) -> None:
        """Each finalist's expected cost with the next two cards it draws.

        When neither draw joins the hand the candidate stays as it is; when one does, it is as
        after one draw (known exactly above). Draws of two useful cards are sampled: worlds
        consistent with the view, each giving the two stock cards this seat would draw next
        (if every other player drew from the stock), kept when both are useful; the same worlds
        for every finalist. The measure keeps the best 21 cards of the 23, the throw in between
        being the player's to choose.
        """
        total = sum(pool)
        hits = sum(pool[x] for x in useful)
        if total < 2 or det.stock_count < 2:
            return
        p_both = hits * (hits - 1) / (total * (total - 1))
        p_one = 2.0 * hits * (total - hits) / (total * (total - 1))
        p_none = 1.0 - p_both - p_one
        sums = [0.0] * len(finalists)
        played = 0
        wanted = self.iterations if self.iterations is not None else WORLDS
        step = k.view.players if det.stock_count >= 2 * k.view.players else 1
        tries = 0
        while hits >= 2 and played < wanted and tries < TRIES_PER_WORLD * wanted:
            if deadline is not None and time.perf_counter() > deadline:
                break
            tries += 1
            stock = det.sample(rng).stock
            first, second = code_of(stock[-step]), code_of(stock[-2 * step])
            if first not in useful or second not in useful:
                continue
            drawn = [CARDS[first], CARDS[second]]
            for i, c in enumerate(finalists):
                sums[i] += hand_cost(k, c.rest + drawn)
            played += 1
        for i, c in enumerate(finalists):
            both = sums[i] / played if played else c.useful
            two = p_none * c.base + p_one * c.useful + p_both * both
            c.expected = c.one + two


def _settled(totals: list[float], weight: float, left: float, bases: list[int], idle: int) -> bool:
    """The leader cannot be caught by the draws not yet looked at (one card moves a cost by 4)."""
    if weight <= 0:
        return False
    means = sorted(t + b * idle for t, b in zip(totals, bases, strict=True))
    return means[1] - means[0] > 4.0 * left


__all__ = ["DEFAULT_BUDGET_MS", "HardBot", "Searched", "draw_pool"]
