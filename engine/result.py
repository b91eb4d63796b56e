"""The outcome of a hand: who went out, everyone's maal, and what it was worth."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cards import CARDS, Card, code_of, format_cards


@dataclass(frozen=True)
class HandResult:
    """One finished hand.

    ``points`` are the maal points (§8) and ``nets`` what each player won or lost this hand:
    settlement nets (summing to zero), contract points, or deadwood penalties, by the scoring.
    """

    hand_no: int
    dealer: int
    winner: int | None
    reason: str  # "went out", "stock exhausted", "turn cap", "void"
    dublee_win: bool
    tiplu: Card | None
    seen: tuple[bool, ...]
    points: tuple[int, ...]
    breakdowns: tuple[Any, ...]  # MaalBreakdown per player
    nets: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]  # cards left in each hand (ids)
    shown: tuple[tuple[tuple[str, tuple[int, ...]], ...], ...]
    finish: tuple[tuple[int, ...], ...]  # the winner's melds as laid down (ids)
    final_discard: int | None
    totals: tuple[int, ...]  # running match totals after this hand
    deadwood: tuple[Any, ...] = ()  # DeadwoodResult per player under deadwood scoring

    @property
    def void(self) -> bool:
        """A hand dismissed with no score."""
        return self.reason == "void"

    def describe(self, names: tuple[str, ...]) -> str:
        """One line a player understands."""
        if self.winner is None:
            return {
                "void": "The stock ran out: the hand is void.",
                "turn cap": "The hand ran too long and ends with no winner.",
            }.get(self.reason, "The stock ran out: the hand ends with no winner.")
        how = " with eight dublees" if self.dublee_win else ""
        return f"{names[self.winner]} went out{how}."

    def to_dict(self) -> dict[str, Any]:
        """Plain data for saves and the network."""
        return {
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "winner": self.winner,
            "reason": self.reason,
            "dublee_win": self.dublee_win,
            "tiplu": None if self.tiplu is None else str(self.tiplu),
            "seen": list(self.seen),
            "points": list(self.points),
            "breakdowns": [
                [[it.label, format_cards(it.cards), it.points] for it in b.items]
                for b in self.breakdowns
            ],
            "nets": list(self.nets),
            "hands": [list(h) for h in self.hands],
            "shown": [[[k, list(ids)] for k, ids in s] for s in self.shown],
            "finish": [list(m) for m in self.finish],
            "final_discard": self.final_discard,
            "totals": list(self.totals),
        }

    def final_cards(self, seat: int) -> list[Card]:
        """Everything ``seat`` ended with: hand and table."""
        ids = list(self.hands[seat]) + [i for _k, m in self.shown[seat] for i in m]
        return [CARDS[code_of(i)] for i in ids]
