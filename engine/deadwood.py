"""Deadwood (§10): the least value a player can be left holding once their cards are melded.

The search is exact. Every meld can be taken apart into melds of three (up to five with
``long_melds``: a longer meld always splits into valid ones of three to five), and each meld
either holds a natural (not wild) card or is made of wild cards only. So the search walks the
natural cards in order: the first one left is either loose or goes into one of the melds it can
make with the cards still there; the wild cards left at the end meld among themselves.

A wild card may fill any wild place, and a meld that is valid with a wild card standing as
itself is also valid with it standing as a wild; so wild cards are only counted during the
search, and which one goes where is decided at the end: the dearest go into melds and the
cheapest are left loose. States are memoised on the counts of the cards left.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from engine.cards import CARDS, JOKER_CODE, Card
from engine.melds import ACE, meld_kind_of_codes
from engine.rules import RuleSet
from engine.wilds import Wilds

__all__ = ["DeadwoodResult", "card_value", "deadwood", "deadwood_scores"]

#: A meld seen from its first natural card: the other natural cards (position, count) and how
#: many wild cards it takes.
_Meld = tuple[tuple[tuple[int, int], ...], int]
_State = tuple[int, ...]


@dataclass(frozen=True)
class DeadwoodResult:
    """The best arrangement: its penalty, the melds and the cards left over."""

    points: int
    melds: list[list[Card]]
    loose: list[Card]


def card_value(card: Card, rules: RuleSet) -> int:
    """Penalty for a card left out of every meld: 2–10 face value, J Q K, ace, printed joker."""
    if card.is_joker:
        return rules.deadwood_joker
    idx = card.code % 13
    if idx == ACE:
        return rules.deadwood_ace
    if idx >= 9:
        return rules.deadwood_face
    return idx + 2


def _run_fits(idxs: Sequence[int], length: int) -> bool:
    """Whether distinct rank indices fit some run of ``length`` (ace high or low)."""
    return any(
        max(mapped) - min(mapped) < length
        for mapped in (idxs, [-1 if i == ACE else i for i in idxs])
    )


class _Search:
    """One deadwood search over one hand."""

    def __init__(self, cards: Sequence[Card], wilds: Wilds | None, rules: RuleSet) -> None:
        self.rules = rules
        self.long = rules.long_melds
        self.max_len = 5 if self.long else 3
        self.wild = wilds.wild if wilds is not None else None
        self.marriage = wilds.marriage if wilds is not None else None
        counts = Counter(c.code for c in cards)
        is_wild = self.wild
        #: Natural card codes by position, in code order; the last state entry counts wilds.
        self.codes: list[int] = sorted(c for c in counts if is_wild is None or not is_wild[c])
        self.n = len(self.codes)
        self.wild_cards: list[Card] = sorted(
            (CARDS[c] for c in counts.elements() if is_wild is not None and is_wild[c]),
            key=lambda c: (card_value(c, rules), c.code),
        )
        self.pos = {code: i for i, code in enumerate(self.codes)}
        self.start: _State = (*(counts[c] for c in self.codes), len(self.wild_cards))
        self.values = [card_value(CARDS[c], rules) for c in self.codes]
        wild_values = [card_value(c, rules) for c in self.wild_cards]
        #: cheapest[k]: the value of the k cheapest wild cards, the ones best left loose.
        self.cheapest = [sum(wild_values[:k]) for k in range(len(wild_values) + 1)]
        self.melds = [self._melds_of(p) for p in range(self.n)]
        self.memo: dict[_State, tuple[int, _State | None]] = {}

    def _valid(self, codes: list[int], wild_places: int) -> bool:
        """Whether these natural cards and that many wild cards make a meld."""
        if wild_places:
            some_wild = self.wild_cards[0].code
            codes = codes + [some_wild] * wild_places
        kind = meld_kind_of_codes(codes, self.wild, self.marriage, self.long)
        return kind is not None

    def _melds_of(self, p: int) -> list[_Meld]:
        """Every meld whose first natural card is at position ``p``.

        Only cards that could share a meld with it are tried: its own copies (a tunnela), its
        suit within reach (a run) and its rank in other suits (a set), plus wild cards.
        """
        code = self.codes[p]
        later = [c for c in self.codes[p + 1 :] if c != JOKER_CODE]
        groups: list[tuple[int, ...]] = [()]
        if self.start[p] >= 3:
            groups.append((code, code))
        if code != JOKER_CODE:
            suit, idx = divmod(code, 13)
            same_suit = [c for c in later if c // 13 == suit]
            same_rank = [c for c in later if c % 13 == idx]
            for k in range(1, self.max_len):
                for run in combinations(same_suit, k):
                    if _run_fits([idx, *(c % 13 for c in run)], self.max_len):
                        groups.append(run)
                groups.extend(combinations(same_rank, k))
        wilds_held = self.start[-1]
        melds: list[_Meld] = []
        for group in groups:
            for m in range(min(wilds_held, self.max_len - 1 - len(group)) + 1):
                if len(group) + 1 + m >= 3 and self._valid([code, *group], m):
                    need = Counter(group)
                    need[code] += 1
                    melds.append((tuple((self.pos[c], k) for c, k in need.items()), m))
        # Bigger melds first: they reach a zero-deadwood answer sooner.
        melds.sort(key=lambda meld: -(sum(k for _, k in meld[0]) + meld[1]))
        return melds

    def _loose_wilds(self, left: int) -> int:
        """How many of ``left`` wild cards stay loose once they meld among themselves."""
        if self.long:
            return left if left < 3 else 0
        return left % 3

    def best(self, state: _State) -> int:
        """The least deadwood of the cards in ``state``."""
        hit = self.memo.get(state)
        if hit is not None:
            return hit[0]
        p = next((i for i in range(self.n) if state[i]), None)
        result: tuple[int, _State | None]
        if p is None:
            result = (self.cheapest[self._loose_wilds(state[-1])], None)
        else:
            rest = list(state)
            rest[p] -= 1
            after = tuple(rest)
            result = (self.values[p] + self.best(after), after)
            for naturals, m in self.melds[p]:
                if result[0] == 0:
                    break
                if state[-1] < m or any(state[q] < k for q, k in naturals):
                    continue
                rest = list(state)
                for q, k in naturals:
                    rest[q] -= k
                rest[-1] -= m
                after = tuple(rest)
                score = self.best(after)
                if score < result[0]:
                    result = (score, after)
        self.memo[state] = result
        return result[0]

    def solve(self) -> DeadwoodResult:
        """Run the search and read the arrangement back from the memo."""
        points = self.best(self.start)
        shapes: list[tuple[list[Card], int]] = []
        loose: list[Card] = []
        state = self.start
        while (after := self.memo[state][1]) is not None:
            cards = [
                CARDS[self.codes[q]] for q in range(self.n) for _ in range(state[q] - after[q])
            ]
            wild_places = state[-1] - after[-1]
            if len(cards) == 1 and not wild_places:
                loose.extend(cards)
            else:
                shapes.append((cards, wild_places))
            state = after
        left = state[-1]
        n_loose = self._loose_wilds(left)
        # Dearest wild cards first: they fill the wild places, the cheapest are left loose.
        dearest = self.wild_cards[::-1]
        loose.extend(dearest[len(dearest) - n_loose :])
        spare = dearest[: len(dearest) - n_loose]
        melds: list[list[Card]] = []
        for cards, wild_places in shapes:
            melds.append(cards + spare[:wild_places])
            spare = spare[wild_places:]
        if spare:
            size = len(spare) if self.long else 3
            melds.extend(spare[i : i + size] for i in range(0, len(spare), size))
        return DeadwoodResult(points, melds, loose)


def deadwood(cards: Sequence[Card], wilds: Wilds | None, rules: RuleSet) -> DeadwoodResult:
    """Meld ``cards`` to leave the least deadwood (``wilds=None``: a player who has not seen)."""
    return _Search(cards, wilds, rules).solve()


def deadwood_scores(
    hands: Sequence[Sequence[Card]],
    wilds_per_player: Sequence[Wilds | None],
    winner: int | None,
    rules: RuleSet,
) -> list[int]:
    """Deadwood penalty of each player (§10); the winner pays none.

    With ``winner=None`` (the stock ran out twice) everybody is charged, as if someone had
    gone out.
    """
    if len(hands) != len(wilds_per_player):
        raise ValueError("one wilds entry per player is needed")
    return [
        0 if i == winner else deadwood(hand, w, rules).points
        for i, (hand, w) in enumerate(zip(hands, wilds_per_player, strict=True))
    ]
