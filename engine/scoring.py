"""Maal points (§8) and what each player wins or loses at the end of a hand (§7, §9, §10).

``maal_points`` counts one player's maal; ``settle`` turns everybody's maal into payments
(``scoring = "settlement"``); ``contract_scores`` adds a hand to a points race
(``scoring = "contract"``); ``deadwood_scores`` (re-exported from ``engine.deadwood``) charges
the losers under ``scoring = "deadwood"``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import product

from engine.cards import CARDS, Card
from engine.deadwood import deadwood_scores
from engine.melds import MeldKind, classify_meld
from engine.rules import PointTable, RuleSet, table_points
from engine.wilds import Role, Wilds
from engine.words import Cards, Said, commas, say, say_n

__all__ = [
    "MaalBreakdown",
    "MaalItem",
    "contract_scores",
    "deadwood_leaver_penalty",
    "deadwood_scores",
    "effective_maal",
    "maal_breakdown",
    "maal_points",
    "pairwise",
    "settle",
]


@dataclass(frozen=True)
class MaalItem:
    """One line of a maal count: what it is, the cards it uses and what it is worth."""

    label: Said
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True)
class MaalBreakdown:
    """A player's maal points, item by item; each physical card is in at most one item."""

    total: int
    items: tuple[MaalItem, ...]


_NOTHING = MaalBreakdown(0, ())

# Tunnela categories, in the order the breakdown lists them.
_ORDINARY, _JOKER, _MAAL, _ALTER, _PRINTED = range(5)
_CATEGORY_NAMES = ("ordinary", "joker", "maal", "alter", "printed joker")

# Single maal cards, in the order the breakdown lists them.
_SINGLES: tuple[Role, ...] = (Role.TIPLU, Role.POPLU, Role.JHIPLU, Role.ALTER, Role.PRINTED)


def _single_label(role: Role, n: int) -> Said:
    """The score sheet's words for ``n`` loose maal cards of ``role`` ("tiplu", "2 poplus").
    One card is its bare name, a message of its own (the interface names the cards so too)."""
    if role is Role.TIPLU:
        return say("tiplu") if n == 1 else say_n("{n} tiplu", "{n} tiplus", n)
    if role is Role.POPLU:
        return say("poplu") if n == 1 else say_n("{n} poplu", "{n} poplus", n)
    if role is Role.JHIPLU:
        return say("jhiplu") if n == 1 else say_n("{n} jhiplu", "{n} jhiplus", n)
    if role is Role.ALTER:
        return say("alter") if n == 1 else say_n("{n} alter", "{n} alters", n)
    return say("printed joker") if n == 1 else say_n("{n} printed joker", "{n} printed jokers", n)


def _single_table(role: Role, rules: RuleSet) -> PointTable:
    """The table for holding loose maal cards of this role (empty: they score nothing)."""
    return {
        Role.TIPLU: rules.tiplu_points,
        Role.POPLU: rules.poplu_points,
        Role.JHIPLU: rules.jhiplu_points,
        Role.ALTER: rules.alter_points,
        Role.PRINTED: rules.printed_joker_points,
    }.get(role, ())


def _tunnela_category(role: Role | None, rules: RuleSet) -> int:
    """Which tunnela table a tunnela of a card with this role scores from."""
    if role is None:
        return _ORDINARY
    if rules.tunnela_wilds_ordinary and not role.is_maal:
        return _ORDINARY
    if role.is_maal:
        # A tiplu tunnela cannot be dealt (one copy is the hidden tiplu); if it ever is, it is maal.
        return _MAAL
    if role is Role.ALTER and rules.tunnela_alter_points:
        return _ALTER
    if role is Role.PRINTED and rules.tunnela_printed_points:
        return _PRINTED
    # An alter or printed joker without its own table scores as the joker it is.
    return _JOKER


def _tunnela_table(category: int, rules: RuleSet) -> PointTable:
    return (
        rules.tunnela_ordinary_points,
        rules.tunnela_joker_points,
        rules.tunnela_maal_points,
        rules.tunnela_alter_points,
        rules.tunnela_printed_points,
    )[category]


def _merge(
    cards: Iterable[Card],
    tunnelas: Sequence[Sequence[Card]],
    shown: Sequence[Sequence[Card]],
) -> Counter[int]:
    """All the player's physical cards, by code.

    Callers may or may not include exposed and shown melds in ``cards``: a meld whose cards are
    all still unclaimed in ``cards`` is taken to be those very cards, otherwise it is added. A
    shown tunnela equal to an exposed one is the same meld.
    """
    pool = Counter(c.code for c in cards)
    claimed: Counter[int] = Counter()
    extra: Counter[int] = Counter()
    unmatched_tunnelas = Counter(t[0].code for t in tunnelas)

    def place(meld: Sequence[Card]) -> None:
        need = Counter(c.code for c in meld)
        if all(pool[code] - claimed[code] >= k for code, k in need.items()):
            claimed.update(need)
        else:
            extra.update(need)

    for t in tunnelas:
        place(t)
    for meld in shown:
        codes = {c.code for c in meld}
        if len(meld) == 3 and len(codes) == 1:
            code = next(iter(codes))
            if unmatched_tunnelas[code] > 0:
                unmatched_tunnelas[code] -= 1
                continue
        place(meld)
    return pool + extra


def _check_tunnelas(tunnelas: Sequence[Sequence[Card]]) -> None:
    for t in tunnelas:
        if len(t) != 3 or len({c.code for c in t}) != 1:
            raise ValueError(f"not a tunnela: {' '.join(str(c) for c in t)}")


def maal_breakdown(
    cards: Iterable[Card],
    wilds: Wilds | None,
    rules: RuleSet,
    exposed_tunnelas: Sequence[Sequence[Card]] = (),
    seen: bool = True,
    shown: Sequence[Sequence[Card]] = (),
) -> MaalBreakdown:
    """A player's maal points item by item, choosing the most valuable way to count (§8)."""
    _check_tunnelas(exposed_tunnelas)
    if wilds is None:
        return _NOTHING
    counts = _merge(cards, exposed_tunnelas, shown)
    held: Counter[Role] = Counter()
    for code, k in counts.items():
        role = wilds.roles[code]
        if role is not None:
            held[role] += k
    shown_marriages = sum(
        1 for m in shown if classify_meld(list(m), wilds, rules) is MeldKind.MARRIAGE
    )
    tunnelas = [t[0] for t in exposed_tunnelas]
    if seen or not rules.tunnelas_need_seen:
        scoring_tunnelas = tunnelas
    else:
        scoring_tunnelas = []

    best: tuple[tuple[int, ...], list[MaalItem]] | None = None
    for chosen in product((True, False), repeat=len(scoring_tunnelas)):
        items = _count(wilds, rules, held, shown_marriages, scoring_tunnelas, chosen)
        total = sum(i.points for i in items)
        # Ties go to the count with more tunnelas and marriages: it reads as the player expects.
        key = (total, sum(chosen), *(len(i.cards) for i in items if "marriage" in i.label.english))
        if best is None or key > best[0]:
            best = (key, items)
    assert best is not None
    items = [i for i in best[1] if i.points]
    return MaalBreakdown(sum(i.points for i in items), tuple(items))


def _count(
    wilds: Wilds,
    rules: RuleSet,
    held: Counter[Role],
    shown_marriages: int,
    tunnelas: Sequence[Card],
    chosen: Sequence[bool],
) -> list[MaalItem]:
    """The best items once it is fixed which tunnelas score as tunnelas."""
    items: list[MaalItem] = []
    left = Counter(held)
    by_category: dict[int, list[Card]] = {}
    for card, scored in zip(tunnelas, chosen, strict=True):
        if scored:
            role = wilds.role(card)
            by_category.setdefault(_tunnela_category(role, rules), []).append(card)
            if role is not None:
                left[role] -= 3
    for category in sorted(by_category):
        group = by_category[category]
        label = say_n(
            "tunnela of {cards} (dealt)",
            "{n} tunnelas of {cards} (dealt)",
            len(group),
            cards=commas([Cards.one(c) for c in group]),
        )
        points = table_points(_tunnela_table(category, rules), len(group))
        items.append(MaalItem(label, tuple(c for c in group for _ in range(3)), points))

    marriage_cards = tuple(CARDS[c] for c in wilds.marriage)
    possible = min(left[Role.JHIPLU], left[Role.TIPLU], left[Role.POPLU])
    best: tuple[int, list[MaalItem]] | None = None
    for on_table in range(min(shown_marriages, possible), -1, -1):
        for in_hand in range(possible - on_table, -1, -1):
            option: list[MaalItem] = []
            if on_table:
                option.append(
                    MaalItem(
                        (
                            say("shown marriage")
                            if on_table == 1
                            else say_n("{n} shown marriage", "{n} shown marriages", on_table)
                        ),
                        marriage_cards * on_table,
                        table_points(rules.shown_marriage_points, on_table),
                    )
                )
            if in_hand:
                option.append(
                    MaalItem(
                        (
                            say("marriage")
                            if in_hand == 1
                            else say_n("{n} marriage", "{n} marriages", in_hand)
                        ),
                        marriage_cards * in_hand,
                        table_points(rules.marriage_points, in_hand),
                    )
                )
            used = on_table + in_hand
            combined = rules.poplu_jhiplu_combined
            for role in _SINGLES:
                n = left[role] - (used if role.is_maal else 0)
                if combined and role is Role.JHIPLU:
                    continue
                if combined and role is Role.POPLU:
                    jhiplus = left[Role.JHIPLU] - used
                    if n > 0 and jhiplus > 0:
                        cards_pj = (_card_of_role(wilds, role),) * n + (
                            _card_of_role(wilds, Role.JHIPLU),
                        ) * jhiplus
                        total_pj = n + jhiplus
                        option.append(
                            MaalItem(
                                say("{n} poplus and jhiplus", n=total_pj),
                                cards_pj,
                                table_points(rules.poplu_points, total_pj),
                            )
                        )
                        continue
                    if jhiplus > 0:
                        role, n = Role.JHIPLU, jhiplus
                if n > 0:
                    card = _card_of_role(wilds, role)
                    option.append(
                        MaalItem(
                            _single_label(role, n),
                            (card,) * n,
                            table_points(_single_table(role, rules), n),
                        )
                    )
            total = sum(i.points for i in option)
            if best is None or total > best[0]:
                best = (total, option)
    assert best is not None
    return items + best[1]


def _card_of_role(wilds: Wilds, role: Role) -> Card:
    """The card kind with this role (each maal, alter or printed role has exactly one)."""
    return CARDS[wilds.roles.index(role)]


def maal_points(
    cards: Iterable[Card],
    wilds: Wilds | None,
    rules: RuleSet,
    exposed_tunnelas: Sequence[Sequence[Card]] = (),
    seen: bool = True,
    shown: Sequence[Sequence[Card]] = (),
) -> int:
    """A player's maal points S (§8): the most valuable way to count their final cards."""
    return maal_breakdown(cards, wilds, rules, exposed_tunnelas, seen, shown).total


def _check_players(points: Sequence[int], winner: int | None, seen: Sequence[bool] | None) -> None:
    n = len(points)
    if n < 2:
        raise ValueError("a hand needs at least two players")
    if seen is not None and len(seen) != n:
        raise ValueError("one seen flag per player is needed")
    if winner is not None and not 0 <= winner < n:
        raise ValueError(f"no player {winner}")


def effective_maal(
    points: Sequence[int], winner: int | None, seen: Sequence[bool], rules: RuleSet
) -> list[int]:
    """Maal points after ``unseen_maal``: counted, lost (murder) or taken by the winner (kidnap).

    With no winner a kidnapped player's maal has nobody to go to, so it is simply lost.
    """
    _check_players(points, winner, seen)
    result = list(points)
    if rules.unseen_maal == "count":
        return result
    for i, has_seen in enumerate(seen):
        if has_seen or i == winner:
            continue
        if rules.unseen_maal == "kidnap" and winner is not None:
            result[winner] += result[i]
        result[i] = 0
    return result


def settle(
    points: Sequence[int],
    winner: int | None,
    seen: Sequence[bool],
    dublee_win: bool,
    rules: RuleSet,
) -> list[int]:
    """Net result of a hand for each player under ``scoring = "settlement"`` (§7); sums to zero.

    Every player receives from every other the difference of their maal points, and each loser
    pays the winner ``seen_fee`` or ``unseen_fee`` (plus ``dublee_bonus`` for a dublee win).
    With ``winner=None`` (the hand ended without anyone going out) only the maal differences
    are paid: there is nobody to pay a fee to.
    """
    s = effective_maal(points, winner, seen, rules)
    n, total = len(s), sum(s)
    nets = [n * si - total for si in s]
    if winner is None:
        return nets
    bonus = rules.dublee_bonus if dublee_win else 0
    for i, has_seen in enumerate(seen):
        if i != winner:
            fee = (rules.seen_fee if has_seen else rules.unseen_fee) + bonus
            nets[i] -= fee
            nets[winner] += fee
    return nets


def pairwise(
    points: Sequence[int],
    winner: int | None,
    seen: Sequence[bool],
    dublee_win: bool,
    rules: RuleSet,
) -> list[tuple[int, int, int]]:
    """The same settlement paid pair by pair: ``(payer, payee, amount)``, one per pair that owes.

    Each two players settle the difference of their maal; a loser and the winner also settle
    the loser's fee (and any dublee bonus) in the same payment. What each player pays and
    receives adds up to their net from ``settle``. Pairs are in seat order.
    """
    s = effective_maal(points, winner, seen, rules)
    bonus = rules.dublee_bonus if dublee_win else 0
    owed: list[tuple[int, int, int]] = []
    for i in range(len(s)):
        for j in range(i + 1, len(s)):
            # What i owes j: the maal difference, then the fee between a loser and the winner.
            amount = s[j] - s[i]
            if winner == j:
                amount += (rules.seen_fee if seen[i] else rules.unseen_fee) + bonus
            elif winner == i:
                amount -= (rules.seen_fee if seen[j] else rules.unseen_fee) + bonus
            if amount > 0:
                owed.append((i, j, amount))
            elif amount < 0:
                owed.append((j, i, -amount))
    return owed


def contract_scores(points: Sequence[int], winner: int | None, rules: RuleSet) -> list[int]:
    """What a hand adds to each running total under ``scoring = "contract"`` (§9).

    ``points`` are the players' maal points counted with the contract tables (everybody
    scores, seen or not); the player who went out adds ``contract_win_points`` per opponent.
    """
    _check_players(points, winner, None)
    scores = list(points)
    if winner is not None:
        scores[winner] += rules.contract_win_points * (len(points) - 1)
    return scores


def deadwood_leaver_penalty(totals: Sequence[int], leaver: int) -> int:
    """What a player who leaves a deadwood match is charged: the two highest other totals (§12)."""
    others = sorted((t for i, t in enumerate(totals) if i != leaver), reverse=True)
    return sum(others[:2])
