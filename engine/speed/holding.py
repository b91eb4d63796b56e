"""Each seat's hand counted once and carried from turn to turn, not counted at every glance.

After a draw the rules ask two things of the hand of the seat to act: its wide count (the
glance at whether it may see or go out) and the kinds of card it holds (one Discard each).
Counting 14 to 22 cards for each was a fifth of a turn. A ``Holding`` keeps those answers for
one seat, with the ids it counted; asked again a turn later, when the hand is those ids with
one card gone and one come at the end (a discard, then a draw), it counts just that change.

It answers only for a hand equal to the ids it holds (one comparison of two short lists): a
hand dealt anew, changed any other way, or edited by hand is counted afresh, so nothing needs
invalidating and no route can leave it wrong. ``tests/engine/test_holding.py`` holds it
against a fresh count after every action.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.actions import Discard
from engine.cards import CARDS, JOKER_CODE, SHOE_SIZE, code_of
from engine.rules import RuleSet
from engine.solver.search import Table
from engine.speed.glance import UNIT_OF_ID, table_of

if TYPE_CHECKING:
    from engine.state import GameState

#: The attribute of a game holding its seats' holdings (dropped by ``Game.clone``).
ATTR = "_holdings"

#: One Discard per card kind, made once (the engine's own: legal lists hold these).
DISCARD_OF_CODE: tuple[Discard, ...] = tuple(Discard(c) for c in CARDS)
#: ``code_of`` of every physical card a shoe may hold (the shoe and up to 16 printed jokers).
CODE_OF_ID: tuple[int, ...] = tuple(code_of(i) for i in range(SHOE_SIZE + 16))
_IDS = len(CODE_OF_ID)


class Holding:
    """One seat's hand, counted: the ids it counted, their wide count (``engine.speed.glance``),
    how many of each kind, and one Discard per kind held, in code order."""

    __slots__ = ("ids", "total", "wide", "kinds", "codes", "discards", "_shown", "_table")

    def __init__(self, ids: list[int]) -> None:
        # Only ids a shoe holds (checked by ``count``).
        self.ids = ids
        self.total = sum(ids)  # of the ids themselves: which card went, a turn later
        self.wide = sum(map(UNIT_OF_ID.__getitem__, ids))
        kinds = [0] * (JOKER_CODE + 1)
        for c in map(CODE_OF_ID.__getitem__, ids):
            kinds[c] += 1
        self.kinds = kinds
        self.codes = [c for c in range(JOKER_CODE + 1) if kinds[c]]
        self.discards = [DISCARD_OF_CODE[c] for c in self.codes]
        self._shown: list[Any] | None = None  # what the seat showed when ``_table`` was found
        self._table: tuple[RuleSet, int, Table] | None = None

    def swapped(self, hand: list[int]) -> bool:
        """Whether ``hand`` is the counted ids with one card gone and one come at the end (a
        turn: a discard, then a draw), counting the change if so."""
        ids = self.ids
        if len(hand) != len(ids) or not ids:
            return False
        came = hand[-1]
        if not (type(came) is int and 0 <= came < _IDS):
            return False
        try:
            went = self.total - sum(hand) + came
            at = ids.index(went)
        except (TypeError, ValueError):
            return False
        del ids[at]
        ids.append(came)
        if ids != hand:  # another change: the ids are no longer what was counted
            return False
        self.total += came - went
        if went != came:
            self.wide += UNIT_OF_ID[came] - UNIT_OF_ID[went]
            gone, new = CODE_OF_ID[went], CODE_OF_ID[came]
            if gone != new:
                kinds, codes, discards = self.kinds, self.codes, self.discards
                kinds[gone] -= 1
                if not kinds[gone]:  # the last of its kind: its Discard goes
                    at = bisect_left(codes, gone)
                    del codes[at]
                    del discards[at]
                kinds[new] += 1
                if kinds[new] == 1:  # the first of its kind: a Discard comes, in code order
                    at = bisect_left(codes, new)
                    codes.insert(at, new)
                    discards.insert(at, DISCARD_OF_CODE[new])
        return True

    def table(self, shown: list[Any], rules: RuleSet, players: int) -> Table:
        """``glance.table_of(shown, rules, players)``, kept while the seat shows the same melds
        (compared meld by meld, as the seat's list holds them)."""
        kept = self._table
        if kept is not None and self._shown == shown and kept[0] is rules and kept[1] == players:
            return kept[2]
        table = table_of(shown, rules, players)
        # Kept only for melds that cannot change in place (a state edited by hand may hold lists).
        if all(type(m) is tuple and type(m[1]) is tuple for m in shown):
            self._shown = list(shown)
            self._table = (rules, players, table)
        return table

    def discard_actions(self, barred: int | None) -> list[Discard]:
        """One Discard per kind held but ``barred``, in code order."""
        acts = self.discards.copy()
        if barred is not None and self.kinds[barred]:
            del acts[bisect_left(self.codes, barred)]
        return acts


def count(hand: Sequence[int]) -> Holding | None:
    """A fresh holding of ``hand`` (None when it holds an id no shoe holds)."""
    ids = list(hand)
    for i in ids:
        if not (type(i) is int and 0 <= i < _IDS):
            return None
    return Holding(ids)


def holding(g: GameState, seat: int) -> Holding | None:
    """The holding of ``seat``'s hand as it is now (None when it holds an id no shoe holds)."""
    try:
        kept: dict[int, Holding | None] = getattr(g, ATTR)
    except AttributeError:
        # Set as an attribute, not in the instance's dict: a key put there directly makes
        # every attribute of the game slower to read from then on.
        kept = {}
        setattr(g, ATTR, kept)
    hand = g.hands[seat]
    h = kept.get(seat)
    if h is not None and (h.ids == hand or h.swapped(hand)):
        return h
    h = kept[seat] = count(hand)
    return h
