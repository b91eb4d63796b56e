"""Cheap judgements of a hand shared by the bots: distance, card value, danger, maal."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from engine import turns
from engine.ai.base import Knowledge
from engine.ai.tracker import Tracker
from engine.ai.weights import Weights, weight
from engine.cards import CARDS, Card
from engine.melds import classify_meld
from engine.scoring import maal_points
from engine.solver import distance
from engine.solver.distance import Distance, distances_after_draws
from engine.view import PlayerView

#: Cost of one missing card to see, against one missing card to go out.
SEE_WEIGHT = 3


_COSTS: dict[tuple[object, ...], int] = {}
_COSTS_LIMIT = 50_000


def _cost_key(
    k: Knowledge, codes: Sequence[int], shown: Sequence[Sequence[Card]], seen: bool
) -> tuple[object, ...]:
    """The memo key of a hand (``codes`` sorted): the distance depends on unseen copies only
    through "none", "one" or "two or more" left, so capped counts make a stable key."""
    wilds = k.wilds if seen else None
    return (
        tuple(codes),
        tuple(tuple(c.code for c in g) for g in shown),
        seen,
        None if wilds is None else wilds.tiplu.code,
        k.capped,
        k.players,
        k.rules,
    )


def _weighted(d: Distance, seen: bool) -> int:
    return d.to_go_out if seen else SEE_WEIGHT * d.to_see + d.to_go_out


def _remember(key: tuple[object, ...], value: int) -> None:
    if len(_COSTS) > _COSTS_LIMIT:
        _COSTS.clear()
    _COSTS[key] = value


def hand_cost(
    k: Knowledge,
    cards: Sequence[Card],
    shown: Sequence[Sequence[Card]] | None = None,
    seen: bool | None = None,
) -> int:
    """Missing cards, weighted: to see (while unseen) counts more than to go out.

    Memoised across turns and seats.
    """
    shown_groups = k.shown if shown is None else shown
    has_seen = k.seen if seen is None else seen
    key = _cost_key(k, sorted(c.code for c in cards), shown_groups, has_seen)
    hit = _COSTS.get(key)
    if hit is None:
        wilds = k.wilds if has_seen else None
        d = distance(cards, wilds, k.rules, shown_groups, has_seen, k.capped, k.players)
        hit = _weighted(d, has_seen)
        _remember(key, hit)
    return hit


def costs_after_draws(k: Knowledge, cards: Sequence[Card], codes: Sequence[int]) -> dict[int, int]:
    """``hand_cost`` of ``cards`` with each one of ``codes`` drawn, the unknown ones together."""
    held = sorted(c.code for c in cards)
    out: dict[int, int] = {}
    keys: dict[int, tuple[object, ...]] = {}
    for x in codes:
        keys[x] = key = _cost_key(k, sorted([*held, x]), k.shown, k.seen)
        hit = _COSTS.get(key)
        if hit is not None:
            out[x] = hit
    missing = [x for x in codes if x not in out]
    if missing:
        wilds = k.wilds if k.seen else None
        found = distances_after_draws(
            cards, missing, wilds, k.rules, k.shown, k.seen, k.capped, k.players
        )
        for x, d in found.items():
            out[x] = _weighted(d, k.seen)
            _remember(keys[x], out[x])
    return out


def card_value(
    k: Knowledge, code: int, counts: Sequence[int], weights: Weights | None = None
) -> float:
    """How much a card helps the rest of the hand (``counts`` excludes it); high means keep."""
    wilds = k.wilds
    if wilds is not None and wilds.wild[code]:
        return 50.0
    if code == 52:
        return 50.0
    rank, suit = code % 13, code // 13
    unseen = k.unseen
    v = 0.0
    same = counts[code]
    if same:
        # a pair with its third copy dead is still a dublee but no longer a triplet
        pair = weight("pair", weights)
        v += (
            pair * weight("dead_partial", weights) if k.seen and not unseen[code] else pair
        ) * same
        v += 1.0 if unseen[code] else 0.0
    base = suit * 13
    near, gap = weight("run_near", weights), weight("run_gap", weights)
    for step, w in ((-2, gap), (-1, near), (1, near), (2, gap)):
        r = rank + step
        if r == -1:
            r = 12  # the ace below the two
        if 0 <= r <= 12 and counts[base + r]:
            # the card that would complete this pair into a run
            if step in (-1, 1):
                lo, hi = min(rank, r) - 1, max(rank, r) + 1
                avail = sum(unseen[base + x] for x in (lo, hi) if 0 <= x <= 12)
            else:
                avail = unseen[base + (rank + r) // 2]
            # a partial run whose completing cards are all dead is worth little
            v += w if avail else w * weight("dead_partial", weights)
            v += 0.15 * avail
    for s in range(4):
        if s != suit and counts[s * 13 + rank]:
            v += weight("rank_mate", weights) * (2.0 if k.seen else 1.0)
    # middle ranks join more runs than aces and twos
    v += 0.1 * (2 - abs(rank - 6) / 3)
    v += 0.1 * unseen[code]
    return v


def has_partner(k: Knowledge, code: int, counts: Sequence[int]) -> bool:
    """Whether the card could join anything in ``counts`` (a copy, a run neighbour, a wild)."""
    wilds = k.wilds
    if code == 52 or (wilds is not None and wilds.wild[code]):
        return True
    if counts[code]:
        return True
    rank, suit = code % 13, code // 13
    base = suit * 13
    for step in (-2, -1, 1, 2):
        r = rank + step
        if r < 0:
            r += 13  # the ace sits below the two
        if r <= 12 and counts[base + r]:
            return True
    # triplets count once wild cards can fill them
    return k.seen and any(counts[s * 13 + rank] for s in range(4) if s != suit)


def maal_keep(k: Knowledge, code: int) -> float:
    """Extra reluctance to throw a card that carries maal points."""
    wilds = k.wilds
    if wilds is None:
        return 0.0
    role = wilds.roles[code]
    if role is None:
        return 0.0
    return 20.0 if role.is_maal else 10.0


def completes_meld(held: Iterable[int], code: int) -> bool:
    """Whether two of the codes ``held`` (known in a player's hand) make a meld with ``code``."""
    codes = sorted(set(held))
    card = CARDS[code]
    multi = Counter(held)
    for i, a in enumerate(codes):
        for b in codes[i:]:
            if a == b and multi[a] < 2:
                continue
            if classify_meld([CARDS[a], CARDS[b], card], None) is not None:
                return True
    return False


def danger(k: Knowledge, tracker: Tracker, code: int, weights: Weights | None = None) -> float:
    """How much throwing ``code`` would feed the next player.

    A dead card (no copy left unseen) cannot complete a pair or a triplet in anyone's hand, so
    it is the safest throw; against a player who has seen by dublees, a live copy may be the
    eighth dublee that ends the hand, and a player who has seen is a turn or two from out.
    """
    view = k.view
    nxt = next_seat(view)
    track = tracker.seats[nxt]
    live = min(2, k.unseen[code])
    if view.seen_by_dublees[nxt]:
        # They may take only the card that completes their eighth dublee: a live copy.
        return weight("danger_dublee_live", weights) * live
    d = max(0.0, tracker.wants(nxt, code))
    held = [c % 52 for c in track.held_ids]
    if held and completes_meld(held, code):
        d += 6.0
    if view.seen[nxt]:
        # A seen player needs few cards, and any live card may be one of them.
        d = (d + weight("danger_live", weights) * live) * weight("danger_seen", weights)
    return d


def next_seat(view: PlayerView) -> int:
    """The seat that plays after this one."""
    return turns.next_seat(view.seat, view.players, view.rules)


def kept_maal(k: Knowledge, cards: Sequence[Card]) -> int:
    """Maal points of these cards plus what is shown (used to choose how to go out)."""
    return maal_points(
        cards, k.wilds, k.rules, k.tunnelas, True, [g for g in k.shown if g not in k.tunnelas]
    )
