"""The medium bot: greedy on distance, card value, maal and what the next player wants."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from engine.actions import Action, Discard, DrawStock, GoOut, See, TakeDiscard
from engine.ai.base import Bot, Knowledge, forced, go_outs, sees
from engine.ai.evaluate import (
    card_value,
    costs_after_draws,
    danger,
    hand_cost,
    has_partner,
    kept_maal,
    maal_keep,
)
from engine.ai.tracker import Tracker
from engine.ai.weights import Weights, weight
from engine.cards import CARDS, Card
from engine.view import PlayerView

#: How many of the loosest cards get the full distance test.
SHORTLIST = 5
#: How many of the closest discards, equally close, are told apart by their outs.
OUTS_CANDIDATES = 3


@dataclass(frozen=True)
class Scored:
    """A candidate discard with what the greedy judgement thought of it (lower is better)."""

    code: int
    score: float
    cost: int
    value: float
    danger: float


def counts_of(cards: Sequence[Card]) -> list[int]:
    """Copies held of each card code."""
    counts = [0] * 53
    for c in cards:
        counts[c.code] += 1
    return counts


def without(cards: Sequence[Card], code: int) -> list[Card]:
    """The cards with one copy of ``code`` removed."""
    out = list(cards)
    for i, c in enumerate(out):
        if c.code == code:
            del out[i]
            break
    return out


class Policy:
    """The greedy judgements, with knobs the easy bot loosens."""

    def __init__(
        self,
        track_next: bool = True,
        shortlist: int = SHORTLIST,
        weigh_all: bool = False,
        weights: Weights | None = None,
        by_outs: bool = False,
    ) -> None:
        self.weights = weights
        # Tell equally close discards apart by how close each leaves the hand after the next
        # draw (the live copies that improve it: its outs).
        self.by_outs = by_outs
        self.track_next = track_next
        self.shortlist = shortlist
        # Weigh partnered cards even when a lone card is there to throw (a dead partial may
        # be a better throw than a live lone card).
        self.weigh_all = weigh_all

    # ---------------------------------------------------------------- discards
    def rank_discards(
        self, k: Knowledge, codes: Sequence[int], deadline: float | None = None
    ) -> list[Scored]:
        """Legal discard codes from best to worst (full tests stop at ``deadline``, if given)."""
        counts = counts_of(k.cards)
        tracker = Tracker(k.view) if self.track_next else None
        loose: list[tuple[float, int]] = []
        for code in sorted(set(codes)):
            counts[code] -= 1
            v = card_value(k, code, counts, self.weights) + maal_keep(k, code)
            counts[code] += 1
            loose.append((v, code))
        loose.sort()
        # A card with no partner at all is a safe throw for the distance: test it no further.
        lonely = []
        for _v, code in loose:
            counts[code] -= 1
            if not has_partner(k, code, counts):
                lonely.append(code)
            counts[code] += 1
        out: list[Scored] = []
        shortlisted = 0
        lonely_cost = 0
        if lonely and self.weigh_all:
            lonely_cost = hand_cost(k, without(k.cards, lonely[0]))
        for v, code in loose:
            if code in lonely:
                full = True
                cost = lonely_cost
            elif lonely and not self.weigh_all:
                full = False
                cost = 99
            else:
                full = shortlisted < self.shortlist and (
                    shortlisted < SHORTLIST or deadline is None or time.perf_counter() < deadline
                )
                shortlisted += 1
                cost = hand_cost(k, without(k.cards, code)) if full else 99
            d = danger(k, tracker, code, self.weights) if tracker is not None and full else 0.0
            score = 10.0 * cost + v + weight("danger", self.weights) * d
            out.append(Scored(code, score, cost, v, d))
        out.sort(key=lambda s: (s.score, s.code))
        return self._by_outs(k, out) if self.by_outs else out

    def _by_outs(self, k: Knowledge, ranked: list[Scored]) -> list[Scored]:
        """``ranked`` with its equally close leaders ordered by the expected cost after a draw.

        Each draw is weighted by its live copies (``unseen``); a draw that joins nothing leaves
        the hand as it is. The leaders keep their tie-breakers (value, danger) on top.
        """
        best = ranked[0].cost
        ties: list[Scored] = []
        for s in ranked[:OUTS_CANDIDATES]:
            if s.cost != best or best >= 99:
                break
            ties.append(s)
        if len(ties) < 2:
            return ranked
        pool = k.unseen
        counts = counts_of(k.cards)
        relevant = [x for x in range(53) if pool[x] > 0 and has_partner(k, x, counts)]
        total = sum(pool)
        idle = total - sum(pool[x] for x in relevant)
        if total <= 0:
            return ranked
        rescored = []
        for s in ties:
            rest = without(k.cards, s.code)
            after = costs_after_draws(k, rest, relevant)
            base = hand_cost(k, rest)
            expected = (sum(pool[x] * after[x] for x in relevant) + idle * base) / total
            # ``s.cost`` stands in for the cost of a lone card's throw: the same for all ties.
            rescored.append(
                Scored(s.code, s.score + 10.0 * (expected - s.cost), s.cost, s.value, s.danger)
            )
        rescored.sort(key=lambda s: (s.score, s.code))
        return rescored + ranked[len(ties) :]

    # ---------------------------------------------------------------- draws
    def take_gain(self, k: Knowledge) -> int:
        """How many weighted missing cards the top discard saves (0: it does not help)."""
        top = k.view.top_discard
        if top is None:
            return 0
        if not has_partner(k, top.code, counts_of(k.cards)):
            return 0
        before = hand_cost(k, k.cards)
        after = hand_cost(k, k.cards + [top])
        return before - after

    def worth_taking(self, k: Knowledge) -> bool:
        """Whether the top discard is worth showing the table what this hand collects.

        Before seeing, only a card that brings seeing closer is taken: a pair or a natural
        triplet taken then rarely helps to see and tells the next players what to hold back.
        """
        gain = self.take_gain(k)
        if k.seen:
            return gain > 0
        return gain >= weight("take_unseen_gain", self.weights)

    # ---------------------------------------------------------------- seeing, going out
    def best_see(self, k: Knowledge, options: Sequence[See]) -> See:
        """The way to see that leaves the hand closest to going out."""
        best: tuple[int, int, See] | None = None
        for i, see in enumerate(options):
            rest = list(k.cards)
            for m in see.melds:
                for c in m:
                    rest = without(rest, c.code)
            shown = k.shown + [list(m) for m in see.melds]
            cost = hand_cost(k, rest, shown, seen=True)
            if best is None or (cost, i) < best[:2]:
                best = (cost, i, see)
        assert best is not None
        return best[2]

    def best_go_out(self, k: Knowledge, options: Sequence[GoOut]) -> GoOut:
        """The finish that keeps the most maal (the discard is the card worth least)."""
        best: tuple[int, int, GoOut] | None = None
        for i, g in enumerate(options):
            rest = without(k.cards, g.discard.code)
            pts = kept_maal(k, rest)
            if best is None or (-pts, i) < best[:2]:
                best = (-pts, i, g)
        assert best is not None
        return best[2]

    def choose(self, view: PlayerView) -> Action | None:
        """The greedy action (None when the view offers none)."""
        if not view.legal:
            return None
        a = forced(view)
        if a is not None:
            return a
        legal = view.legal
        k = Knowledge.of(view)
        if view.phase == "draw":
            can_take = any(isinstance(x, TakeDiscard) for x in legal)
            can_draw = any(isinstance(x, DrawStock) for x in legal)
            if can_take and (not can_draw or self.worth_taking(k)):
                return TakeDiscard()
            return DrawStock() if can_draw else legal[0]
        outs = go_outs(legal)
        if outs:
            return self.best_go_out(k, outs)
        options = sees(legal)
        if options:
            return self.best_see(k, options)
        codes = [x.card.code for x in legal if isinstance(x, Discard)]
        if not codes:
            return legal[0]
        return Discard(CARDS[self.rank_discards(k, codes)[0].code])


class MediumBot(Bot):
    """Greedy: distance first, then card value, maal and the next player's wishes."""

    level = "medium"

    def __init__(self, seed: int = 0, weights: Weights | None = None) -> None:
        super().__init__(seed)
        self.policy = Policy(weights=weights, by_outs=True)

    def choose(self, view: PlayerView) -> Action | None:
        """The greedy action for this view."""
        return self.policy.choose(view)
