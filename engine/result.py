"""The outcome of a hand: who went out, everyone's maal, and what it was worth."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine import plain
from engine.cards import CARDS, Card, code_of, format_cards, parse_card, parse_cards
from engine.deadwood import DeadwoodResult, deadwood
from engine.scoring import MaalBreakdown, MaalItem
from engine.wilds import Wilds

if TYPE_CHECKING:
    from engine.rules import RuleSet

_FIELDS = (
    "hand_no",
    "dealer",
    "winner",
    "reason",
    "dublee_win",
    "tiplu",
    "seen",
    "points",
    "breakdowns",
    "nets",
    "hands",
    "shown",
    "finish",
    "final_discard",
    "totals",
    "deadwood",
)
REASONS = ("went out", "stock exhausted", "turn cap", "void")


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
                {
                    "total": b.total,
                    "items": [[it.label, format_cards(it.cards), it.points] for it in b.items],
                }
                for b in self.breakdowns
            ],
            "nets": list(self.nets),
            "hands": [list(h) for h in self.hands],
            "shown": [[[k, list(ids)] for k, ids in s] for s in self.shown],
            "finish": [list(m) for m in self.finish],
            "final_discard": self.final_discard,
            "totals": list(self.totals),
            "deadwood": [
                {
                    "points": d.points,
                    "melds": [format_cards(m) for m in d.melds],
                    "loose": format_cards(d.loose),
                }
                for d in self.deadwood
            ],
        }

    @classmethod
    def from_dict(cls, data: Any) -> HandResult:
        """Inverse of ``to_dict``; damaged data raises ValueError with a reason."""
        d = plain.fields(data, "a hand result", _FIELDS)
        reason = plain.text(d["reason"], "the result's reason", 40)
        if reason not in REASONS:
            raise ValueError(f"unknown way for a hand to end: {reason!r}")
        tiplu = d["tiplu"]
        seen = plain.booleans(d["seen"], "who had seen")
        n = len(seen)
        if not 2 <= n <= 5:
            raise ValueError(f"a result for {n} players")

        def per_seat(values: tuple[Any, ...], what: str) -> tuple[Any, ...]:
            if len(values) != n:
                raise ValueError(f"{what} has {len(values)} entries for {n} players")
            return values

        return cls(
            hand_no=plain.integer(d["hand_no"], "the hand number", 0),
            dealer=plain.integer(d["dealer"], "the dealer", 0, n - 1),
            winner=plain.optional_integer(d["winner"], "the winner", 0, n - 1),
            reason=reason,
            dublee_win=plain.boolean(d["dublee_win"], "the dublee win"),
            tiplu=None if tiplu is None else parse_card(plain.text(tiplu, "the tiplu", 4)),
            seen=seen,
            points=per_seat(plain.integers(d["points"], "the maal points"), "the maal points"),
            breakdowns=per_seat(
                plain.items(d["breakdowns"], "the maal counts", _breakdown), "the maal counts"
            ),
            nets=per_seat(plain.integers(d["nets"], "the hand's nets"), "the hand's nets"),
            hands=per_seat(plain.items(d["hands"], "the hands", plain.card_ids), "the hands"),
            shown=per_seat(plain.items(d["shown"], "the shown melds", plain.seat_shown), "shown"),
            finish=plain.items(d["finish"], "the finishing melds", plain.card_ids),
            final_discard=None
            if d["final_discard"] is None
            else plain.card_id(d["final_discard"], "the final discard"),
            totals=per_seat(plain.integers(d["totals"], "the totals"), "the totals"),
            deadwood=plain.items(d["deadwood"], "the deadwood", _deadwood),
        )

    def final_cards(self, seat: int) -> list[Card]:
        """Everything ``seat`` ended with: hand and table."""
        ids = list(self.hands[seat]) + [i for _k, m in self.shown[seat] for i in m]
        return [CARDS[code_of(i)] for i in ids]

    def arrangement(
        self, seat: int, rules: RuleSet
    ) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        """(melds, loose cards) of ``seat``'s hand as card ids: the winner's finish as laid
        down, else the best melds the solver finds (wild only for a seat that saw)."""
        hand = self.hands[seat]
        if seat == self.winner and self.finish:
            used = {i for m in self.finish for i in m}
            return self.finish, tuple(i for i in hand if i not in used)
        wilds = Wilds(self.tiplu, rules) if self.tiplu is not None and self.seen[seat] else None
        best = deadwood([CARDS[code_of(i)] for i in hand], wilds, rules)
        # The solver names kinds of card; give each the ids of this hand, in hand order.
        left = list(hand)

        def take(card: Card) -> int:
            i = next(i for i in left if code_of(i) == card.code)
            left.remove(i)
            return i

        melds = tuple(tuple(take(c) for c in m) for m in best.melds)
        return melds, tuple(take(c) for c in best.loose)


def _cards(value: Any, what: str) -> tuple[Card, ...]:
    return tuple(parse_cards(plain.text(value, what)))


def _item(value: Any, what: str) -> MaalItem:
    if not isinstance(value, list) or len(value) != 3:
        raise ValueError(f"{what} must be [label, cards, points]")
    return MaalItem(
        plain.text(value[0], f"{what} label", 80),
        _cards(value[1], f"{what} cards"),
        plain.integer(value[2], f"{what} points"),
    )


def _breakdown(value: Any, what: str) -> MaalBreakdown:
    d = plain.fields(value, what, ("total", "items"))
    return MaalBreakdown(
        plain.integer(d["total"], f"{what} total"), plain.items(d["items"], what, _item)
    )


def _deadwood(value: Any, what: str) -> DeadwoodResult:
    d = plain.fields(value, what, ("points", "melds", "loose"))
    melds = plain.items(d["melds"], f"{what} melds", _cards)
    return DeadwoodResult(
        plain.integer(d["points"], f"{what} points"),
        [list(m) for m in melds],
        list(_cards(d["loose"], f"{what} loose cards")),
    )
