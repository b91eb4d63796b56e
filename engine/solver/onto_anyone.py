"""Going out by laying cards off onto anyone's melds (``RuleSet.lay_off_onto == "anyone"``).

The going-out search lays leftover cards off onto the player's own shown melds; where the rules
let a player lay off onto every player's melds, the finishes it leaves out are added here.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from engine.cards import CARDS, JOKER_CODE, Card
from engine.layoff import laid_sets
from engine.rules import RuleSet
from engine.solver.going_out import Finish, going_out_options
from engine.wilds import Wilds


def onto_anyone(
    cards: Sequence[Card],
    wilds: Wilds | None,
    rules: RuleSet,
    shown: Sequence[Sequence[Card]],
    others: Sequence[Sequence[Card]],
    players: int | None,
    found: dict[int, Finish],
) -> dict[int, Finish]:
    """Add to ``found`` (finishes by discard code) those that lay cards off onto any meld.

    ``shown`` are the player's own shown cards, ``others`` the melds of the other players.
    Only discards with no finish yet are added.
    """
    plain = _plain_rules(rules)
    counts = [0] * (JOKER_CODE + 1)
    for c in cards:
        counts[c.code] += 1
    if len(found) == sum(1 for c in counts if c):
        return found
    targets = [[c.code for c in m] for m in [*others, *shown] if len(m) >= 3]
    for laid in laid_sets(targets, counts, wilds, rules):
        rest = list(cards)
        for code in laid:
            rest.remove(CARDS[code])
        free = [CARDS[c] for c in laid]
        if len(rest) == 1:
            finishes = [Finish([], rest[0], "layoff", [], free)]
        else:
            finishes = [
                Finish(f.melds, f.discard, "layoff", f.see, free)
                for f in going_out_options(rest, wilds, plain, shown, players)
            ]
        for fin in finishes:
            found.setdefault(fin.discard.code, fin)
        if len(found) == sum(1 for c in counts if c):
            break
    return found


@lru_cache(maxsize=64)
def _plain_rules(rules: RuleSet) -> RuleSet:
    """The rules without laying off or dublees: what the cards kept in hand must make."""
    return rules.replace(lay_off=False, dublee_enabled=False)
