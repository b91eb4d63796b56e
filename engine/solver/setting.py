"""What every search of one hand shares: the rules, the wild cards, and the seat's table.

A public solver call (``find_going_out``, ``can_go_out``, ``going_out_options``) makes one
``Setting`` and hands it down, instead of passing the rules, the wild cards, what the seat has
shown and the number of players through each function of each route.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card
from engine.rules import RuleSet
from engine.solver.search import Table, table_for
from engine.wilds import Wilds


class Setting:
    """The rules, the wild cards as the seat knows them (None: none wild), its wild mask, what
    it has on the table (``shown``) and what that table allows (``table``). Read-only."""

    __slots__ = ("rules", "wilds", "wild", "shown", "table")

    def __init__(
        self,
        wilds: Wilds | None,
        rules: RuleSet,
        shown: Sequence[Sequence[Card]],
        players: int | None,
    ) -> None:
        # A plain class with slots: made on every solver call, so cheaper than a dataclass.
        self.rules = rules
        self.wilds = wilds
        self.wild: Sequence[bool] | None = None if wilds is None else wilds.wild
        self.shown = shown
        self.table: Table = table_for(shown, rules, players)
