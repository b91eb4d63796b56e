"""What the other players picked up, passed on and threw away this hand, read from the history."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from engine.cards import code_of
from engine.view import PlayerView


@dataclass
class SeatTrack:
    """Public facts about one seat's wishes this hand."""

    taken: Counter[int] = field(default_factory=Counter)  # codes taken from the discards
    passed: Counter[int] = field(default_factory=Counter)  # top discards left for the stock
    thrown: Counter[int] = field(default_factory=Counter)  # codes discarded
    held_ids: set[int] = field(default_factory=set)  # taken cards not yet thrown or shown


class Tracker:
    """Per-seat public facts; built from ``view.history`` (cheap; rebuild every turn)."""

    def __init__(self, view: PlayerView) -> None:
        self.seats = [SeatTrack() for _ in range(view.players)]
        top: int | None = None
        for e in view.history:
            kind = e.kind
            if kind == "deal":
                top = e.card_ids[-1] if e.card_ids else None
            elif kind == "discard" and e.player is not None:
                s = self.seats[e.player]
                for i in e.card_ids:
                    s.thrown[code_of(i)] += 1
                    s.held_ids.discard(i)
                top = e.card_ids[-1] if e.card_ids else top
            elif kind == "take_discard" and e.player is not None:
                s = self.seats[e.player]
                for i in e.card_ids:
                    s.taken[code_of(i)] += 1
                    s.held_ids.add(i)
                top = None
            elif kind == "draw_stock" and e.player is not None:
                if top is not None:
                    self.seats[e.player].passed[code_of(top)] += 1
            elif kind in ("see", "expose") and e.player is not None:
                self.seats[e.player].held_ids.difference_update(e.card_ids)

    def wants(self, seat: int, code: int) -> float:
        """How much ``seat`` seems to want card ``code``: above 0 wanted, below 0 not."""
        s = self.seats[seat]
        score = 0.0
        rank, suit = code % 13, code // 13
        for c, k in s.taken.items():
            if c == code:
                score += 2.0 * k
            elif c // 13 == suit and abs(c % 13 - rank) <= 2:
                score += 1.0 * k
            elif c % 13 == rank:
                score += 0.7 * k
        score -= 1.5 * (s.passed[code] + s.thrown[code])
        for c, k in s.thrown.items():
            if c != code and c // 13 == suit and abs(c % 13 - rank) <= 1:
                score -= 0.4 * k
        return score
