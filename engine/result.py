"""The outcome of a hand: who went out, everyone's maal, and what it was worth."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

import msgspec

from engine import wire
from engine.cards import CARDS, Card, code_of, format_cards, parse_card, parse_cards
from engine.deadwood import DeadwoodResult, deadwood
from engine.run_order import in_run_order, run_of_ids
from engine.scoring import MaalBreakdown, MaalItem
from engine.wilds import Wilds
from engine.wire import travels
from engine.words import Said, from_code, say, to_code

if TYPE_CHECKING:
    from engine.rules import RuleSet

REASONS = ("went out", "stock exhausted", "turn cap", "void")


class BreakdownData(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """One player's maal count as it travels: the total and each item (label, cards, points)."""

    total: int
    # Each label is a sentence's code (older data: plain words).
    items: wire.many(tuple[wire.text(1000), wire.text(4000), int])  # type: ignore[valid-type]


class DeadwoodData(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """One player's deadwood count under deadwood scoring, as it travels."""

    points: int
    melds: wire.many(wire.text(4000))  # type: ignore[valid-type]
    loose: wire.text(4000)  # type: ignore[valid-type]


def _breakdowns_out(values: tuple[MaalBreakdown, ...]) -> list[dict[str, Any]]:
    return [
        {
            "total": b.total,
            "items": [[to_code(it.label), format_cards(it.cards), it.points] for it in b.items],
        }
        for b in values
    ]


def _breakdowns_back(values: tuple[BreakdownData, ...]) -> tuple[MaalBreakdown, ...]:
    return tuple(
        MaalBreakdown(
            b.total,
            tuple(
                MaalItem(from_code(label), tuple(parse_cards(cards)), pts)
                for label, cards, pts in b.items
            ),
        )
        for b in values
    )


def _deadwood_out(values: tuple[DeadwoodResult, ...]) -> list[dict[str, Any]]:
    return [
        {
            "points": d.points,
            "melds": [format_cards(m) for m in d.melds],
            "loose": format_cards(d.loose),
        }
        for d in values
    ]


def _deadwood_back(values: tuple[DeadwoodData, ...]) -> tuple[DeadwoodResult, ...]:
    return tuple(
        DeadwoodResult(d.points, [parse_cards(m) for m in d.melds], parse_cards(d.loose))
        for d in values
    )


def _tiplu_out(card: Card | None) -> str | None:
    return None if card is None else str(card)


def _tiplu_back(text: str | None) -> Card | None:
    return None if text is None else parse_card(text)


def _field(kind: Any, out: Any = wire.lists, back: Any = wire.same, **more: Any) -> Any:
    return field(metadata=travels(kind, out, back), **more)


@dataclass(frozen=True)
class HandResult:
    """One finished hand.

    ``points`` are the maal points (§8) and ``nets`` what each player won or lost this hand:
    settlement nets (summing to zero), contract points, or deadwood penalties, by the scoring.
    """

    hand_no: int = _field(wire.Count)
    dealer: int = _field(wire.Seat)
    winner: int | None = _field(wire.Seat | None)
    reason: str = _field(Literal[REASONS])  # "went out", "stock exhausted", "turn cap", "void"
    dublee_win: bool = _field(bool)
    tiplu: Card | None = _field(wire.text(4) | None, _tiplu_out, _tiplu_back)
    seen: tuple[bool, ...] = _field(wire.Flags)
    points: tuple[int, ...] = _field(wire.Numbers)
    # MaalBreakdown per player
    breakdowns: tuple[Any, ...] = _field(
        wire.many(BreakdownData), _breakdowns_out, _breakdowns_back
    )
    nets: tuple[int, ...] = _field(wire.Numbers)
    hands: tuple[tuple[int, ...], ...] = _field(wire.many(wire.CardIds))  # cards left (ids)
    shown: tuple[tuple[tuple[str, tuple[int, ...]], ...], ...] = _field(wire.many(wire.SeatShown))
    # the winner's melds as laid down (ids)
    finish: tuple[tuple[int, ...], ...] = _field(wire.many(wire.CardIds))
    final_discard: int | None = _field(wire.CardId | None)
    totals: tuple[int, ...] = _field(wire.Numbers)  # running match totals after this hand
    # DeadwoodResult per player under deadwood scoring
    deadwood: tuple[Any, ...] = _field(
        wire.many(DeadwoodData), _deadwood_out, _deadwood_back, default=()
    )

    @property
    def void(self) -> bool:
        """A hand dismissed with no score."""
        return self.reason == "void"

    def describe(self, names: tuple[str, ...]) -> Said:
        """One line a player understands."""
        if self.winner is None:
            if self.reason == "void":
                return say("The stock ran out: the hand is void.")
            if self.reason == "turn cap":
                return say("The hand ran too long and ends with no winner.")
            return say("The stock ran out: the hand ends with no winner.")
        if self.dublee_win:
            return say("{name} went out with eight dublees.", name=names[self.winner])
        return say("{name} went out.", name=names[self.winner])

    def to_dict(self) -> dict[str, Any]:
        """Plain data for saves and the network."""
        return _FORM.to_dict(self)

    @classmethod
    def from_dict(cls, data: Any) -> HandResult:
        """Inverse of ``to_dict``; damaged data raises ValueError with a reason."""
        return cls._make(_FORM.read(data, "a hand result"))

    @classmethod
    def from_wire(cls, data: Any) -> HandResult:
        """A result from its wire struct, already checked field by field as it was decoded."""
        return cls._make(_FORM.unpack(data))

    @staticmethod
    def wire_type() -> type[msgspec.Struct]:
        """The struct type this travels as (its fields and limits come from this class)."""
        return _FORM.struct

    @classmethod
    def _make(cls, d: dict[str, Any]) -> HandResult:
        """A result from its fields, checked against each other (one entry per seat)."""
        n = len(d["seen"])
        if not 2 <= n <= 5:
            raise ValueError(f"a result for {n} players")
        wire.seat(d["dealer"], "the dealer", n)
        wire.seat(d["winner"], "the winner", n)
        for name, what in (
            ("points", "the maal points"),
            ("breakdowns", "the maal counts"),
            ("nets", "the hand's nets"),
            ("hands", "the hands"),
            ("shown", "the shown melds"),
            ("totals", "the totals"),
        ):
            wire.per_seat(d[name], what, n)
        return cls(**d)

    def arrangement(
        self, seat: int, rules: RuleSet
    ) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        """(melds, loose cards) of ``seat``'s hand as card ids: the winner's finish as laid
        down, else the best melds the solver finds (wild only for a seat that saw)."""
        hand = self.hands[seat]
        if seat == self.winner and self.finish:
            used = {i for m in self.finish for i in m}
            seen = Wilds(self.tiplu, rules) if self.tiplu is not None else None
            laid = tuple(run_of_ids(m, seen, rules) for m in self.finish)
            return laid, tuple(i for i in hand if i not in used)
        wilds = Wilds(self.tiplu, rules) if self.tiplu is not None and self.seen[seat] else None
        best = deadwood([CARDS[code_of(i)] for i in hand], wilds, rules)
        # The solver names kinds of card; give each the ids of this hand, in hand order.
        left = list(hand)

        def take(card: Card) -> int:
            i = next(i for i in left if code_of(i) == card.code)
            left.remove(i)
            return i

        melds = tuple(tuple(take(c) for c in in_run_order(m, wilds, rules)) for m in best.melds)
        return melds, tuple(take(c) for c in best.loose)


_FORM = wire.form(HandResult, "ResultData")
