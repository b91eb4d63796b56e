"""Going out and seeing: exact, wild-aware searches over a hand (RULES.md §5, §6).

Conventions shared by every function here:

- ``cards`` is the player's hand (not the cards already on the table); ``shown`` is what this
  player has on the table: exposed dealt tunnelas, the pure melds shown to see, or the dublee
  pairs shown to see.
- Purity never uses wild cards: the melds that let a player see are shown before the tiplu is
  known to them, so a pure meld here is a tunnela or a natural pure sequence.
- A player with dublee pairs on the table can only go out by dublees. A player with a shown
  pure sequence can only go out by melds. Exposed dealt tunnelas allow either route; they count
  toward the three pure melds but are not dublees.
- When the dublee route and the meld route both finish with the same discard, the dublee route
  is chosen if it pays a bonus (``rules.dublee_bonus``), else the meld route.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.cards import CARDS, JOKER_CODE, Card
from engine.layoff import laid_sets, layable
from engine.melds import meld_kind_of_codes
from engine.rules import RuleSet
from engine.solver.bounds import LANE_BIT, hopeless, hopeless_masks
from engine.solver.distance import Distance, distance, outs
from engine.solver.laying_off import could_finish
from engine.solver.search import (
    MAX_COPIES,
    NCODES,
    UNIT,
    MeldSearch,
    lowest,
    pack,
    search_for,
)
from engine.solver.seeing import pure_melds_in, seeing_options
from engine.solver.setting import Setting
from engine.wilds import Wilds

__all__ = [
    "Distance",
    "Finish",
    "can_go_out",
    "distance",
    "find_going_out",
    "going_out_options",
    "outs",
    "pure_melds_in",
    "seeing_options",
]

Meld = list[Card]


class Finish(tuple[list[Meld], Card]):
    """A way to go out: unpacks as ``(melds, discard)``; also ``route``, ``see`` and ``free``."""

    route: str
    see: list[Meld]
    free: list[Card]

    def __new__(
        cls,
        melds: list[Meld],
        discard: Card,
        route: str = "melds",
        see: list[Meld] | None = None,
        free: list[Card] | None = None,
    ) -> Finish:
        self = super().__new__(cls, (melds, discard))
        self.route = route
        self.see = see if see is not None else []
        self.free = free if free is not None else []
        return self

    @property
    def melds(self) -> list[Meld]:
        """The melds (or dublee pairs) laid down from the hand."""
        return self[0]

    @property
    def discard(self) -> Card:
        """The card thrown to end the hand."""
        return self[1]

    def __repr__(self) -> str:
        text = " | ".join(" ".join(str(c) for c in m) for m in self[0])
        return f"Finish({self.route}: {text} / discard {self[1]})"


class Tally:
    """One pass over a hand: counts, packed form, size, pairs and the lanes of the bound."""

    __slots__ = (
        "counts",
        "packed",
        "n",
        "identical",
        "plain_pairs",
        "wild_cards",
        "p1",
        "p2",
        "p3",
        "nat",
    )

    def __init__(self, cards: Iterable[Card], wild: Sequence[bool] | None) -> None:
        counts = [0] * NCODES
        packed = n = identical = plain_pairs = wild_cards = p1 = p2 = p3 = nat = 0
        unit, lane_bit, joker = UNIT, LANE_BIT, JOKER_CODE
        for card in cards:
            code = card.code
            k = counts[code] + 1
            counts[code] = k
            packed += unit[code]
            n += 1
            is_wild = wild is not None and wild[code]
            if is_wild:
                wild_cards += 1
            bit = lane_bit[code] if code != joker else 0
            if k == 1:
                p1 |= bit
                if not is_wild:
                    nat |= bit
            elif k == 2:
                p2 |= bit
                identical += 1
                if not is_wild:
                    plain_pairs += 1
            elif k == 3:
                p3 |= bit
        if n and max(counts) > MAX_COPIES:
            pack(counts)  # raises with the reason
        self.counts, self.packed, self.n = counts, packed, n
        self.identical, self.plain_pairs, self.wild_cards = identical, plain_pairs, wild_cards
        self.p1, self.p2, self.p3, self.nat = p1, p2, p3, nat


def _counts(cards: Iterable[Card]) -> list[int]:
    counts = [0] * NCODES
    for c in cards:
        counts[c.code] += 1
    return counts


# ---------------------------------------------------------------- the meld route


def _meld_size_ok(n: int, rules: RuleSet) -> bool:
    return n >= 4 if rules.long_melds else n % 3 == 1


def _worth_searching(counts: list[int], n: int, s: Setting) -> bool:
    """Right size, and (three-card melds) not ruled out by the quick count."""
    rules = s.rules
    if not _meld_size_ok(n, rules):
        return False
    return rules.long_melds or not hopeless(counts, s.wild, s.table.need)


def _meld_finish(search: MeldSearch, hand: int, discard: int, need: int) -> Finish:
    """Rebuild the melds of a feasible hand into cards, noting the pure melds to show."""
    codes, _ = search.build(hand - UNIT[discard], 0, need)
    melds: list[Meld] = []
    see: list[Meld] = []
    for meld_codes in codes:
        meld = [CARDS[c] for c in meld_codes]
        if len(see) < need and _pure_codes(meld_codes, search.long_melds):
            see.append(meld)
        melds.append(meld)
    return Finish(melds, CARDS[discard], "long" if search.long_melds else "melds", see)


def _pure_codes(codes: Sequence[int], long_melds: bool) -> bool:
    kind = meld_kind_of_codes(codes, None, None, long_melds)
    return kind is not None and kind.is_pure


def _meld_route_first(counts: list[int], hand: int, n: int, s: Setting) -> Finish | None:
    if not _worth_searching(counts, n, s):
        return None
    need = s.table.need
    search = search_for(s.rules.long_melds, s.wild)
    if not search.feasible(hand, 0, 1, need):
        return None
    codes, discard = search.build(hand, 1, need)
    return _meld_finish(search, hand, discard, need)


def _meld_route_all(counts: list[int], hand: int, n: int, s: Setting) -> dict[int, Finish]:
    found: dict[int, Finish] = {}
    if not _worth_searching(counts, n, s):
        return found
    need = s.table.need
    search = search_for(s.rules.long_melds, s.wild)
    mask = search.discards(hand, 0, need)
    code = 0
    while mask:
        if mask & 1:
            found[code] = _meld_finish(search, hand, code, need)
        mask >>= 1
        code += 1
    return found


# ---------------------------------------------------------------- the dublee route


def _dublee_count_ok(counts: list[int], s: Setting) -> bool:
    """Enough pairs before the discard: a cheap test that lets most hands skip the route."""
    rules, wilds, table = s.rules, s.wilds, s.table
    identical = sum(n // 2 for n in counts)
    if identical < rules.dublee_see - table.pairs:
        return False
    pairs = identical
    if rules.dublee_wild_pair and wilds is not None:
        wild_cards = sum(counts[c] for c in range(NCODES) if wilds.wild[c])
        pairs = sum(counts[c] // 2 for c in range(NCODES) if not wilds.wild[c]) + wild_cards // 2
    return pairs >= rules.dublee_out - table.pairs


def _dublee_any(counts: list[int], s: Setting) -> Finish | None:
    """The dublee finish with the lowest discard code, or None."""
    if not _dublee_count_ok(counts, s):
        return None
    for code in range(NCODES):
        finish = _dublee_finish(counts, code, s)
        if finish is not None:
            return finish
    return None


def _dublee_finish(counts: list[int], discard: int, s: Setting) -> Finish | None:
    """The dublee finish with this discard, or None."""
    rules, wilds, table = s.rules, s.wilds, s.table
    if counts[discard] == 0:
        return None
    counts = list(counts)
    counts[discard] -= 1
    wants = rules.dublee_out - table.pairs
    see_wants = max(0, rules.dublee_see - table.pairs)
    pairs: list[Meld] = []
    used = [0] * NCODES
    # Identical pairs first (these are the ones that may be shown to see), in code order.
    for code in range(NCODES):
        if len(pairs) >= wants:
            break
        if counts[code] >= 2:
            pairs.append([CARDS[code], CARDS[code]])
            used[code] = 2
    if len(pairs) < see_wants:
        return None
    if len(pairs) < wants and rules.dublee_wild_pair and wilds is not None:
        spare = [c for c in range(NCODES) if wilds.wild[c] for _ in range(counts[c] - used[c])]
        while len(pairs) < wants and len(spare) >= 2:
            a, b = spare.pop(0), spare.pop(0)
            used[a] += 1
            used[b] += 1
            pairs.append([CARDS[a], CARDS[b]])
    if len(pairs) < wants:
        return None
    free = [CARDS[c] for c in range(NCODES) for _ in range(counts[c] - used[c])]
    return Finish(pairs, CARDS[discard], "dublees", pairs[:see_wants], free)


# ---------------------------------------------------------------- public API


def _prepare(cards: Iterable[Card]) -> tuple[list[int], int, int]:
    counts = _counts(cards)
    return counts, pack(counts), sum(counts)


def _prefer_dublees(rules: RuleSet) -> bool:
    return rules.dublee_bonus > 0


def _plain_find_going_out(cards: Iterable[Card], s: Setting) -> Finish | None:
    """One way to go out with this hand after drawing, or None (``wilds=None``: none wild)."""
    counts, hand, n = _prepare(cards)
    table = s.table
    dublee = _dublee_any(counts, s) if table.dublee_route else None
    if dublee is not None and _prefer_dublees(s.rules):
        return dublee
    if table.melds_route:
        finish = _meld_route_first(counts, hand, n, s)
        if finish is not None:
            return finish
    return dublee


def _plain_can_go_out(cards: Iterable[Card], s: Setting) -> bool:
    """Whether this hand (after drawing) can go out now."""
    # One pass over the cards feeds every early exit: sizes, pairs and the hopeless bound.
    wild = s.wild
    t = Tally(cards, wild)
    table = s.table
    if (
        table.melds_route
        and _tally_worth_searching(t, s)
        and search_for(s.rules.long_melds, wild).feasible(t.packed, 0, 1, table.need)
    ):
        return True
    if not table.dublee_route or not _tally_pairs_enough(t, s):
        return False
    return _dublee_any(t.counts, s) is not None


def _tally_worth_searching(t: Tally, s: Setting) -> bool:
    """``_worth_searching`` from a tally."""
    rules = s.rules
    if not _meld_size_ok(t.n, rules):
        return False
    jokers = 0 if s.wild is not None else t.counts[JOKER_CODE]
    return rules.long_melds or not hopeless_masks(t.p1, t.p2, t.p3, t.nat, t.wild_cards, jokers)


def _tally_pairs_enough(t: Tally, s: Setting) -> bool:
    """``_dublee_count_ok`` from a tally."""
    rules, wilds, table = s.rules, s.wilds, s.table
    if t.identical < rules.dublee_see - table.pairs:
        return False
    pairs = t.identical
    if rules.dublee_wild_pair and wilds is not None:
        pairs = t.plain_pairs + t.wild_cards // 2
    return pairs >= rules.dublee_out - table.pairs


def _plain_going_out_options(cards: Iterable[Card], s: Setting) -> list[Finish]:
    """One canonical finish per discard card that lets the hand go out, in code order."""
    wild = s.wild
    t = Tally(cards, wild)
    counts = t.counts
    table = s.table
    melds: dict[int, Finish] = {}
    if table.melds_route and _tally_worth_searching(t, s):
        search = search_for(s.rules.long_melds, wild)
        mask = search.discards(t.packed, 0, table.need)
        code = 0
        while mask:
            if mask & 1:
                melds[code] = _meld_finish(search, t.packed, code, table.need)
            mask >>= 1
            code += 1
    dublees = table.dublee_route and _tally_pairs_enough(t, s)
    if not dublees:
        return list(melds.values())  # made in code order, each discard one the hand holds
    out: list[Finish] = []
    prefer_dublees = _prefer_dublees(s.rules)
    for code in range(NCODES):
        if not counts[code]:
            continue
        dublee = _dublee_finish(counts, code, s)
        meld = melds.get(code)
        if dublee is not None and (meld is None or prefer_dublees):
            out.append(dublee)
        elif meld is not None:
            out.append(meld)
    return out


# ---------------------------------------------------------------- laying off (Indian)
# The searches above know nothing of laying off. ``RuleSet.lay_off`` adds finishes on top of
# them, for discards they leave without one: so these wrappers replace the public names.


def _layoff_route_all(
    counts: list[int], n: int, s: Setting, found: dict[int, Finish], first: bool = False
) -> None:
    """Add to ``found`` the finishes that lay leftover cards off onto ``shown`` melds (Indian).

    Only discards with no plain finish are added; ``first`` stops at the first one found.
    """
    rules, shown = s.rules, s.shown
    if not (rules.lay_off and s.table.melds_route and shown):
        return
    melds = [[c.code for c in m] for m in shown if len(m) >= 3]
    hand = pack(counts)
    long_melds = rules.long_melds
    search = search_for(long_melds, s.wild)
    # The discards already finished, as a mask: the search of each hand kept is asked only
    # whether some other discard finishes, and only the new ones are built into melds.
    taken = 0
    for code in found:
        taken |= 1 << code
    # Most turns no discard could finish even with any cards that fit put aside: done.
    if (
        long_melds
        and not could_finish(search, hand, layable(melds, counts, s.wilds, rules)) & ~taken
    ):
        return
    laid_list = laid_sets(melds, counts, s.wilds, rules)
    if not laid_list:
        return
    distinct = sum(1 for c in counts if c)
    need = s.table.need
    for laid in laid_list:
        rest = hand
        for c in laid:
            rest -= UNIT[c]
        left = n - len(laid)
        if left == 1:
            code = lowest(rest)
            if code not in found:
                found[code] = Finish([], CARDS[code], "layoff", [], [CARDS[c] for c in laid])
                taken |= 1 << code
        elif left >= 4 if long_melds else _worth_searching(_minus(counts, laid), left, s):
            mask = search.discards(rest, 0, need) & ~taken
            if mask:
                free = [CARDS[c] for c in laid]
                taken |= mask
                code = 0
                while mask:
                    if mask & 1:
                        fin = _meld_finish(search, rest, code, need)
                        found[code] = Finish(fin.melds, fin.discard, "layoff", fin.see, free)
                    mask >>= 1
                    code += 1
        if (first and found) or len(found) == distinct:
            return


def _minus(counts: list[int], laid: Sequence[int]) -> list[int]:
    """``counts`` without the cards ``laid``."""
    rest = counts.copy()
    for c in laid:
        rest[c] -= 1
    return rest


def _lay_offs(
    cards: list[Card], s: Setting, found: dict[int, Finish], first: bool = False
) -> dict[int, Finish]:
    counts, _hand, n = _prepare(cards)
    if len(found) < sum(1 for c in counts if c):
        _layoff_route_all(counts, n, s, found, first)
    return found


def find_going_out(
    cards: Iterable[Card],
    wilds: Wilds | None,
    rules: RuleSet,
    shown: Iterable[Sequence[Card]] = (),
    players: int | None = None,
) -> Finish | None:
    """One way to go out with this hand after drawing, or None (``wilds=None``: none wild)."""
    hand, s = list(cards), Setting(wilds, rules, [list(m) for m in shown], players)
    finish = _plain_find_going_out(hand, s)
    if finish is not None or not rules.lay_off:
        return finish
    laid = _lay_offs(hand, s, {}, first=True)
    return laid[min(laid)] if laid else None


def can_go_out(
    cards: Iterable[Card],
    wilds: Wilds | None,
    rules: RuleSet,
    shown: Iterable[Sequence[Card]] = (),
    players: int | None = None,
) -> bool:
    """Whether this hand (after drawing) can go out now."""
    hand, s = list(cards), Setting(wilds, rules, [list(m) for m in shown], players)
    if _plain_can_go_out(hand, s):
        return True
    return rules.lay_off and bool(_lay_offs(hand, s, {}, first=True))


def going_out_options(
    cards: Iterable[Card],
    wilds: Wilds | None,
    rules: RuleSet,
    shown: Iterable[Sequence[Card]] = (),
    players: int | None = None,
) -> list[Finish]:
    """One canonical finish per discard card that lets the hand go out, in code order."""
    hand, s = list(cards), Setting(wilds, rules, [list(m) for m in shown], players)
    plain = _plain_going_out_options(hand, s)
    if not rules.lay_off:
        return plain
    found = _lay_offs(hand, s, {f.discard.code: f for f in plain})
    return [found[code] for code in sorted(found)]
