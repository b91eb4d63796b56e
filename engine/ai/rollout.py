"""Short, cheap play-outs of a sampled world, judged at the end by this seat's distance.

A play-out works on card codes, not on a Game: every player draws and throws by a rule of thumb
(take the top discard only when it completes a meld with two cards in hand, otherwise draw; throw
the card with the fewest partners), which costs microseconds where the solver costs milliseconds.
Only the final position is measured, by the solver's weighted distance for this seat.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import turns
from engine.ai.base import Knowledge
from engine.ai.determinize import World
from engine.ai.evaluate import hand_cost
from engine.cards import CARDS, JOKER_CODE, code_of

#: Value of a card no rule of thumb should throw (a joker or, once known, a wild card).
PRECIOUS = 50.0


def completes(counts: Sequence[int], code: int) -> bool:
    """Whether ``code`` makes a natural meld with two cards counted in ``counts``."""
    if code == JOKER_CODE:
        return False
    if counts[code] >= 2:
        return True
    rank, base = code % 13, code - code % 13

    def has(r: int) -> bool:
        if r == -1:
            r = 12  # the ace below the two
        return 0 <= r <= 12 and counts[base + r] > 0

    return (
        (has(rank - 1) and has(rank + 1))
        or (has(rank - 2) and has(rank - 1))
        or (has(rank + 1) and has(rank + 2))
    )


def looseness(counts: Sequence[int], code: int) -> float:
    """How much a card goes with the rest (``counts`` includes it); low means throw it."""
    if code == JOKER_CODE:
        return PRECIOUS
    rank, base = code % 13, code - code % 13
    v = 3.0 * (counts[code] - 1)
    for step, w in ((-2, 0.9), (-1, 1.6), (1, 1.6), (2, 0.9)):
        r = rank + step
        if r == -1:
            r = 12
        if 0 <= r <= 12 and counts[base + r]:
            v += w
    for s in range(4):
        if s * 13 + rank != code and counts[s * 13 + rank]:
            v += 0.25
    return v + 0.1 * (2 - abs(rank - 6) / 3)


def loosest(counts: Sequence[int], keep: int | None, precious: Sequence[bool] | None) -> int:
    """The card a rule of thumb throws (never ``keep``, the card just taken)."""
    best, best_v = -1, 1e9
    for code in range(JOKER_CODE + 1):
        if not counts[code] or (code == keep and counts[code] == 1):
            continue
        v = PRECIOUS if precious is not None and precious[code] else looseness(counts, code)
        if v < best_v:
            best, best_v = code, v
    return best


class Playout:
    """Play-outs from this seat's turn for one view; ``depth`` is how many draws of ours follow."""

    def __init__(self, k: Knowledge, depth: int) -> None:
        self.k = k
        self.depth = depth
        view = k.view
        self.seat = view.seat
        order = []
        s = turns.next_seat(view.seat, view.players, view.rules)
        while s != view.seat:
            order.append(s)
            s = turns.next_seat(s, view.players, view.rules)
        self.others = order
        wilds = k.wilds
        self.precious = [False] * (JOKER_CODE + 1)
        self.precious[JOKER_CODE] = True
        if wilds is not None:
            for code in range(JOKER_CODE):
                self.precious[code] = bool(wilds.wild[code])
        self.no_wild_take = k.seen

    def after_discard(self, world: World, code: int) -> float:
        """Weighted missing cards after throwing ``code`` now and playing on."""
        mine = [0] * (JOKER_CODE + 1)
        for i in self.k.view.hand:
            mine[code_of(i)] += 1
        mine[code] -= 1
        return self._play(world, mine, code, self.depth)

    def after_draw(self, world: World, take: bool) -> float:
        """Weighted missing cards after taking the top discard (or drawing) now and playing on."""
        mine = [0] * (JOKER_CODE + 1)
        for i in self.k.view.hand:
            mine[code_of(i)] += 1
        stock = [code_of(i) for i in world.stock]
        top = self.k.view.top_discard
        if take and top is not None:
            kept: int | None = top.code
            mine[top.code] += 1
        else:
            kept = None
            mine[stock.pop()] += 1
        if self.depth <= 1:
            return self._leaf(mine)
        thrown = loosest(mine, kept, self.precious)
        mine[thrown] -= 1
        return self._play(world, mine, thrown, self.depth - 1, stock)

    def _play(
        self,
        world: World,
        mine: list[int],
        top: int,
        draws: int,
        stock: list[int] | None = None,
    ) -> float:
        if stock is None:
            stock = [code_of(i) for i in world.stock]
        hands: dict[int, list[int]] = {}
        for s in self.others:
            counts = [0] * (JOKER_CODE + 1)
            for i in world.hands[s]:
                counts[code_of(i)] += 1
            hands[s] = counts
        top_code: int | None = top
        for n in range(draws):
            for s in self.others:
                counts = hands[s]
                if top_code is not None and completes(counts, top_code):
                    counts[top_code] += 1
                    kept: int | None = top_code
                elif stock:
                    counts[stock.pop()] += 1
                    kept = None
                else:
                    return self._leaf(mine)
                top_code = loosest(counts, kept, None)
                counts[top_code] -= 1
            wild_top = top_code is not None and self.precious[top_code] and self.no_wild_take
            if top_code is not None and not wild_top and completes(mine, top_code):
                mine[top_code] += 1
                kept = top_code
            elif stock:
                mine[stock.pop()] += 1
                kept = None
            else:
                return self._leaf(mine)
            if n == draws - 1:
                break
            top_code = loosest(mine, kept, self.precious)
            mine[top_code] -= 1
        return self._leaf(mine)

    def _leaf(self, mine: Sequence[int]) -> float:
        cards = [CARDS[c] for c in range(JOKER_CODE + 1) for _ in range(mine[c])]
        return float(hand_cost(self.k, cards))


__all__ = ["Playout", "completes", "looseness", "loosest"]
