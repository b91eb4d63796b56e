"""The state of a match that the rules read and write: the cards, the seats, the totals.

``engine.game.Game`` is this state with its actions, views and saves; the rules' own modules
(``turns``, ``showdown`` and the speed caches) work on the state alone, so they never need the
game that calls them.
"""

from __future__ import annotations

import random

from engine.cards import CARDS, Card, code_of
from engine.events import Event
from engine.result import HandResult
from engine.rules import RuleSet
from engine.wilds import Wilds


class GameState:
    """The fields of a match in play, and what follows from them alone."""

    rules: RuleSet
    names: tuple[str, ...]
    seed: int | str
    hands_total: int
    hand_no: int
    dealer: int
    current_player: int
    phase: str
    hands: list[list[int]]
    shown: list[list[tuple[str, tuple[int, ...]]]]
    stock: list[int]
    discards: list[int]
    tiplu_id: int | None
    seen: list[bool]
    seen_by_dublees: list[bool]
    drawn: list[bool]
    taken: int | None
    must_go_out: bool
    turn: int
    exhaustions: int
    reshuffles: int
    totals: list[int]
    results: list[HandResult]
    events: list[Event]
    _wilds: Wilds | None

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.names)

    @property
    def is_over(self) -> bool:
        """The match is finished."""
        return self.phase == "match_over"

    @property
    def hand_over(self) -> bool:
        """The current hand is finished (the match may go on)."""
        return self.phase in ("hand_over", "match_over")

    @property
    def result(self) -> HandResult | None:
        """The result of the latest finished hand, once the current hand is over."""
        return self.results[-1] if self.results and self.hand_over else None

    @property
    def tiplu(self) -> Card | None:
        """The tiplu (None until chosen). Not for players: use ``view``."""
        return None if self.tiplu_id is None else CARDS[code_of(self.tiplu_id)]

    def wilds_for(self, seat: int) -> Wilds | None:
        """The wild cards as ``seat`` uses them: None until that seat has seen."""
        if self.seen[seat] or self.hand_over:
            return self.wilds
        return None

    @property
    def wilds(self) -> Wilds | None:
        """The wild cards of this hand, once a tiplu exists."""
        if self._wilds is None and self.tiplu_id is not None:
            self._wilds = Wilds(CARDS[code_of(self.tiplu_id)], self.rules)
        return self._wilds

    def standings(self) -> list[int]:
        """Seats from first to last by match total (deadwood: lowest first)."""
        low_wins = self.rules.lowest_wins
        return sorted(
            range(self.players), key=lambda s: (self.totals[s] if low_wins else -self.totals[s], s)
        )

    # what the turns draw their luck from
    def _rng(self, purpose: str) -> random.Random:
        return random.Random(f"{self.seed}/{self.hand_no}/{purpose}")


__all__ = ["GameState"]
