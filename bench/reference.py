"""A strong greedy reference player for the tournament: no search, a few ms a decision.

It is written apart from the bots in ``engine/ai`` (it shares only the rules engine's solver),
so that beating it says something about the bots' own judgement. Its play:

- draw: takes the top discard only when it brings the hand closer (before seeing: closer to
  seeing, so a pair or a triplet is not taken just to be shown to the table);
- discard: every distinct card is tried, the one leaving the hand closest wins; among equals
  it throws dead cards before live ones, keeps maal, and holds back what the next player is
  seen to collect (above all a dublee player's live pairs and anything a seen player wants);
- sees as soon as it can and goes out keeping the most maal.

Run it as a level of ``bench/tournament.py``: ``--levels hard,ref,ref,ref``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine import turns
from engine.actions import (
    Action,
    Discard,
    DrawStock,
    ExposeTunnela,
    GoOut,
    NextHand,
    See,
    TakeDiscard,
)
from engine.cards import CARDS, Card, code_of
from engine.scoring import maal_points
from engine.solver import distance
from engine.view import PlayerView
from engine.wilds import Wilds

#: How many missing cards to go out one missing card to see is worth.
SEE_COST = 3
_MEMO: dict[tuple[object, ...], int] = {}


class ReferenceBot:
    """The greedy reference player (``choose(view)`` like the engine's bots)."""

    level = "ref"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    # ------------------------------------------------------------------ judgement
    def _cost(
        self,
        view: PlayerView,
        cards: Sequence[Card],
        shown: Sequence[Sequence[Card]],
        seen: bool,
        unseen: Sequence[int],
    ) -> int:
        wilds = view.wilds if seen else None
        capped = tuple(min(2, max(0, n)) for n in unseen)
        key = (
            tuple(sorted(c.code for c in cards)),
            tuple(tuple(sorted(c.code for c in g)) for g in shown),
            seen,
            None if wilds is None else wilds.tiplu.code,
            capped,
            view.players,
            view.rules,
        )
        hit = _MEMO.get(key)
        if hit is None:
            d = distance(cards, wilds, view.rules, shown, seen, capped, view.players)
            hit = d.to_go_out if seen else SEE_COST * d.to_see + d.to_go_out
            if len(_MEMO) > 40_000:
                _MEMO.clear()
            _MEMO[key] = hit
        return hit

    @staticmethod
    def _keep(code: int, counts: Counter[int], unseen: Sequence[int], wilds: Wilds | None) -> float:
        """How much the hand wants to keep ``code`` (``counts`` without it)."""
        if code == 52 or (wilds is not None and wilds.wild[code]):
            return 100.0
        rank, suit = code % 13, code // 13
        keep = 0.0
        if counts[code]:
            keep += 2.0 + 0.8 * unseen[code]
        for step in (-2, -1, 1, 2):
            r = (rank + step) % 13 if rank + step == -1 else rank + step
            if 0 <= r <= 12 and counts[suit * 13 + r]:
                lo, hi = min(rank, r), max(rank, r)
                fill = [lo - 1, hi + 1] if hi - lo == 1 else [lo + 1]
                live = sum(unseen[suit * 13 + x] for x in fill if 0 <= x <= 12)
                keep += (1.5 if hi - lo == 1 else 1.0) * (0.3 + min(live, 3) / 3)
        if wilds is not None and wilds.roles[code] is not None:
            keep += 8.0
        return keep

    @staticmethod
    def _watch(view: PlayerView, nxt: int) -> tuple[Counter[int], Counter[int]]:
        """What the next player took from the discards, and what they threw or passed over."""
        taken: Counter[int] = Counter()
        passed: Counter[int] = Counter()
        top: int | None = None
        for e in view.history:
            if e.kind == "deal":
                top = e.card_ids[-1] if e.card_ids else None
            elif e.kind == "discard":
                top = e.card_ids[-1] if e.card_ids else top
                if e.player == nxt:
                    for i in e.card_ids:
                        passed[code_of(i)] += 1
            elif e.kind == "take_discard":
                if e.player == nxt:
                    for i in e.card_ids:
                        taken[code_of(i)] += 1
                top = None
            elif e.kind == "draw_stock" and e.player == nxt and top is not None:
                passed[code_of(top)] += 1
        return taken, passed

    @staticmethod
    def _feeds(
        view: PlayerView,
        nxt: int,
        code: int,
        unseen: Sequence[int],
        watched: tuple[Counter[int], Counter[int]],
    ) -> float:
        """What throwing ``code`` may hand the next player."""
        live = min(2, max(0, unseen[code]))
        if view.seen_by_dublees[nxt]:
            return 4.0 * live
        taken, passed = watched
        rank, suit = code % 13, code // 13
        feed = 0.4 * live
        for c, n in taken.items():
            if c == code:
                feed += 3.0 * n
            elif c // 13 == suit and abs(c % 13 - rank) <= 2:
                feed += 2.0 * n
            elif c % 13 == rank:
                feed += 1.0 * n
        feed -= 1.5 * passed[code]
        feed = max(0.0, feed)
        return feed * (2.0 if view.seen[nxt] else 1.0)

    # ------------------------------------------------------------------ play
    def choose(self, view: PlayerView) -> Action | None:
        """The greedy action for this view (None when the view offers none)."""
        legal = list(view.legal)
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        for a in legal:
            if isinstance(a, NextHand | ExposeTunnela):
                return a
        seat = view.seat
        cards = view.cards
        shown = [[CARDS[code_of(i)] for i in ids] for _k, ids in view.shown[seat]]
        seen = view.seen[seat]
        unseen = view.unseen_counts()
        if view.phase == "draw":
            return self._draw(view, legal, cards, shown, seen, unseen)
        outs = [a for a in legal if isinstance(a, GoOut)]
        if outs:
            return max(outs, key=lambda g: self._kept(view, cards, g))
        sees = [a for a in legal if isinstance(a, See)]
        if sees:
            return min(sees, key=lambda s: self._after_see(view, cards, shown, s, unseen))
        return self._discard(view, legal, cards, shown, seen, unseen)

    def _draw(
        self,
        view: PlayerView,
        legal: list[Action],
        cards: list[Card],
        shown: list[list[Card]],
        seen: bool,
        unseen: list[int],
    ) -> Action:
        can_take = any(isinstance(a, TakeDiscard) for a in legal)
        can_draw = any(isinstance(a, DrawStock) for a in legal)
        top = view.top_discard
        if can_take and top is not None:
            if not can_draw:
                return TakeDiscard()
            gain = self._cost(view, cards, shown, seen, unseen) - self._cost(
                view, [*cards, top], shown, seen, unseen
            )
            if gain >= (1 if seen else SEE_COST):
                return TakeDiscard()
        return DrawStock() if can_draw else legal[0]

    def _discard(
        self,
        view: PlayerView,
        legal: list[Action],
        cards: list[Card],
        shown: list[list[Card]],
        seen: bool,
        unseen: list[int],
    ) -> Action:
        codes = sorted({a.card.code for a in legal if isinstance(a, Discard)})
        if not codes:
            return legal[0]
        counts = Counter(c.code for c in cards)
        wilds = view.wilds if seen else None
        nxt = turns.next_seat(view.seat, view.players, view.rules)
        watched = self._watch(view, nxt)
        best: tuple[float, int] | None = None
        for code in codes:
            rest = list(cards)
            rest.remove(CARDS[code])
            counts[code] -= 1
            keep = self._keep(code, counts, unseen, wilds)
            counts[code] += 1
            cost = self._cost(view, rest, shown, seen, unseen)
            score = 10.0 * cost + keep + 2.0 * self._feeds(view, nxt, code, unseen, watched)
            if best is None or (score, code) < best:
                best = (score, code)
        assert best is not None
        return Discard(CARDS[best[1]])

    def _kept(self, view: PlayerView, cards: list[Card], g: GoOut) -> int:
        rest = list(cards)
        rest.remove(g.discard)
        seat = view.seat
        tunnelas = [
            [CARDS[code_of(i)] for i in ids] for k, ids in view.shown[seat] if k == "tunnela"
        ]
        other = [[CARDS[code_of(i)] for i in ids] for k, ids in view.shown[seat] if k != "tunnela"]
        return maal_points(rest, view.wilds, view.rules, tunnelas, True, other)

    def _after_see(
        self,
        view: PlayerView,
        cards: list[Card],
        shown: list[list[Card]],
        see: See,
        unseen: list[int],
    ) -> int:
        rest = list(cards)
        for m in see.melds:
            for c in m:
                rest.remove(c)
        return self._cost(view, rest, shown + [list(m) for m in see.melds], True, unseen)
