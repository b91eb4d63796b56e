"""A hand laid out as a player would arrange it: its melds together, the loose cards after.

What the table's Group button does, worked out by the engine so every screen (the desktop's fan,
the phone page through ``PlayerView.groups``) groups a hand the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from engine.cards import CARDS, DECK_SIZE, JOKER_CODE, SHOE_SIZE, Card, code_of
from engine.deadwood import deadwood
from engine.rules import RuleSet
from engine.run_order import in_run_order
from engine.solver import find_going_out, pure_melds_in
from engine.wilds import Wilds

# Suits alternate colours left to right: spades, hearts, clubs, diamonds.
_SUIT_ORDER = (0, 1, 3, 2)


def suit_key(code: int) -> tuple[int, int]:
    """Sort key: by suit (alternating colours), then rank."""
    return (_SUIT_ORDER[code // 13] if code < 52 else 4, code % 13)


def rank_key(code: int) -> tuple[int, int]:
    """Sort key: by rank, then suit."""
    return (code % 13 if code < 52 else 13, _SUIT_ORDER[code // 13] if code < 52 else 4)


def _take(pool: list[int], cards: Sequence[Card]) -> list[int]:
    out = []
    for c in cards:
        for j, i in enumerate(pool):
            if code_of(i) == c.code:
                out.append(pool.pop(j))
                break
    return out


def arrange(
    ids: Sequence[int],
    rules: RuleSet,
    wilds: Wilds | None,
    shown: Sequence[Sequence[Card]],
    players: int,
) -> list[list[int]]:
    """The hand as groups: melds first, then loose cards sorted by suit (the last group)."""
    pool = list(ids)
    cards = [CARDS[code_of(i)] for i in pool]
    groups: list[list[int]] = []
    if wilds is not None:
        finish = find_going_out(cards, wilds, rules, shown, players)
        melds = list(finish.melds) if finish is not None else deadwood(cards, wilds, rules).melds
        for m in melds:
            groups.append(_take(pool, in_run_order(m, wilds, rules)))
    else:
        # Not seen: pure melds first (they let you see), then triplets, then dublees.
        for m in sorted(pure_melds_in(cards, rules), key=lambda m: m[0] != m[1]):
            while all(sum(1 for i in pool if code_of(i) == c.code) >= m.count(c) for c in m):
                groups.append(_take(pool, in_run_order(m, None, rules)))
        for m in deadwood([CARDS[code_of(i)] for i in pool], None, rules).melds:
            groups.append(_take(pool, m))
        codes = sorted({code_of(i) for i in pool}, key=suit_key)
        for code in codes:
            same = [i for i in pool if code_of(i) == code]
            if len(same) >= 2:
                groups.append(_take(pool, [CARDS[code]] * 2))
    groups = [g for g in groups if g]
    pool.sort(key=lambda i: suit_key(code_of(i)))
    groups.append(pool)
    return groups


def arranged(
    ids: Sequence[int],
    rules: RuleSet,
    wilds: Wilds | None,
    shown: Sequence[Sequence[Card]],
    players: int,
) -> tuple[tuple[int, ...], ...]:
    """``arrange``, remembered by the kinds of card: a seat's hand that did not change since
    the last look (every seat but the one that just moved) costs nothing to group again."""
    codes = tuple(sorted(code_of(i) for i in ids))
    shown_codes = tuple(tuple(c.code for c in m) for m in shown)
    tiplu = None if wilds is None else wilds.tiplu.code
    by_code = _arranged_codes(codes, rules, tiplu, shown_codes, players)
    pool: dict[int, list[int]] = {}
    for i in sorted(ids):
        pool.setdefault(code_of(i), []).append(i)
    return tuple(tuple(pool[c].pop(0) for c in group) for group in by_code)


@lru_cache(maxsize=256)
def _arranged_codes(
    codes: tuple[int, ...],
    rules: RuleSet,
    tiplu: int | None,
    shown: tuple[tuple[int, ...], ...],
    players: int,
) -> tuple[tuple[int, ...], ...]:
    wilds = None if tiplu is None else Wilds(CARDS[tiplu], rules)
    shown_cards = [[CARDS[c] for c in m] for m in shown]
    # Stand-in ids, one physical card per copy of each kind (``code_of`` gives the kinds back).
    copies: dict[int, int] = {}
    ids = []
    for c in codes:
        k = copies[c] = copies.get(c, -1) + 1
        ids.append(SHOE_SIZE + k if c == JOKER_CODE else c + DECK_SIZE * k)
    groups = arrange(ids, rules, wilds, shown_cards, players)
    return tuple(tuple(code_of(i) for i in g) for g in groups)
