"""The score sheet (हिसाब) of a match played with real cards: the players, the rules, and every
hand as the table said it.

Only what the table says is kept; every row's result, and the running totals, are worked out
again by ``tally`` each time the sheet is read, so a sheet never disagrees with the engine and
correcting an early hand moves every total after it. The plain form (``to_dict``) is what the
score keeper saves; ``from_dict`` reads it back strictly and raises ValueError with a reason
for a damaged one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from typing import Any

from engine.cards import Card, format_cards, parse_card, parse_cards
from engine.ledger import Payment, payments
from engine.options import MAX_POINTS
from engine.result import HandResult
from engine.rules import NEPALI, RuleSet
from engine.tally import MAX_TUNNELAS, MaalCards, SeatEntry, TableHand, tally
from engine.words import SaidError, say

__all__ = ["MAX_NAME", "MAX_SHEET_HANDS", "SHEET_VERSION", "ScoreSheet"]

SHEET_VERSION = 1
#: A name on the sheet, as the new-game screen allows it.
MAX_NAME = 40
#: Hands one sheet may hold (a long evening is some dozens): bounds the work a file can ask for.
MAX_SHEET_HANDS = 1000

_COUNTS = tuple(f.name for f in fields(MaalCards) if f.name != "tunnelas")


@dataclass(frozen=True)
class ScoreSheet:
    """A match of real hands. Changing it makes a new sheet (``put``, ``remove``, ``close``)."""

    names: tuple[str, ...]
    rules: RuleSet = NEPALI
    hands: tuple[TableHand, ...] = ()
    #: When the match began and (once closed) ended, in seconds since the epoch.
    started: float = 0.0
    closed: float | None = None
    #: The keeper's name for this sheet's file (not a rule; kept as it is).
    sheet_id: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        names = self.names
        if not 2 <= len(names) <= 5:
            raise SaidError(say("a score sheet is for 2 to 5 players"))
        if any(not isinstance(n, str) or not n.strip() or len(n) > MAX_NAME for n in names):
            raise SaidError(say("every player needs a name of 1 to {most} letters", most=MAX_NAME))
        if len({n.strip() for n in names}) != len(names):
            raise SaidError(say("two players have the same name"))
        if len(self.hands) > MAX_SHEET_HANDS:
            raise SaidError(say("a score sheet holds at most {most} hands", most=MAX_SHEET_HANDS))
        if any(len(h.seats) != len(names) for h in self.hands):
            raise SaidError(say("every hand needs one entry per player"))

    # ------------------------------------------------------------------ what the engine says
    @cached_property
    def results(self) -> tuple[HandResult, ...]:
        """Every hand tallied by the engine, with the match totals after it."""
        out: list[HandResult] = []
        before: Sequence[int] = (0,) * len(self.names)
        for i, hand in enumerate(self.hands):
            result = tally(hand, self.rules, i, before)
            out.append(result)
            before = result.totals
        return tuple(out)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's match total so far."""
        return self.results[-1].totals if self.hands else (0,) * len(self.names)

    def standings(self) -> list[int]:
        """Seats from first to last by match total (deadwood: lowest first), as the game
        ranks a match."""
        totals, low_wins = self.totals, self.rules.lowest_wins
        return sorted(
            range(len(self.names)), key=lambda s: (totals[s] if low_wins else -totals[s], s)
        )

    def settle_up(self) -> tuple[Payment, ...]:
        """Under settlement scoring, the fewest payments that settle the whole match."""
        if self.rules.scoring != "settlement":
            return ()
        return payments(self.totals)

    # ------------------------------------------------------------------ changes
    def put(self, hand: TableHand, at: int | None = None) -> ScoreSheet:
        """This sheet with ``hand`` added (``at`` None) or in place of hand ``at``; ValueError
        with the engine's reason if the table's words make no hand."""
        if self.closed is not None:
            raise SaidError(say("this match is closed"))
        hands = list(self.hands)
        if at is None:
            hands.append(hand)
        elif 0 <= at < len(hands):
            hands[at] = hand
        else:
            raise SaidError(say("there is no hand {number} on this sheet", number=(at or 0) + 1))
        tally(hand, self.rules, at if at is not None else len(self.hands))
        return replace(self, hands=tuple(hands))

    def remove(self, at: int) -> ScoreSheet:
        """This sheet without hand ``at``."""
        if self.closed is not None:
            raise SaidError(say("this match is closed"))
        if not 0 <= at < len(self.hands):
            raise SaidError(say("there is no hand {number} on this sheet", number=at + 1))
        return replace(self, hands=self.hands[:at] + self.hands[at + 1 :])

    def close(self, when: float) -> ScoreSheet:
        """The match ended at ``when``."""
        return replace(self, closed=when)

    # ------------------------------------------------------------------ plain data
    def to_dict(self) -> dict[str, Any]:
        """Plain data for a file: what the table said, never what it adds up to."""
        return {
            "version": SHEET_VERSION,
            "names": list(self.names),
            "rules": self.rules.to_dict(),
            "started": self.started,
            "closed": self.closed,
            "hands": [_hand_out(h) for h in self.hands],
        }

    @classmethod
    def from_dict(cls, data: Any, sheet_id: str = "") -> ScoreSheet:
        """Inverse of ``to_dict``; ValueError with a reason for anything damaged (every hand is
        tallied again, so a sheet that reads is a sheet that adds up)."""
        if not isinstance(data, dict):
            raise SaidError(say("it does not hold a score sheet"))
        if data.get("version") != SHEET_VERSION:
            raise SaidError(say("it was written by another version of the game"))
        names, hands = data.get("names"), data.get("hands")
        if not isinstance(names, list) or not isinstance(hands, list):
            raise SaidError(say("parts of it are missing"))
        started, closed, rules = data.get("started"), data.get("closed"), data.get("rules")
        if not isinstance(started, int | float) or not isinstance(rules, dict):
            raise SaidError(say("parts of it are missing"))
        if not _number(started) or not (closed is None or _number(closed)):
            raise SaidError(say("parts of it are missing"))
        sheet = cls(
            tuple(names),
            RuleSet.from_dict(rules),
            tuple(_hand_back(h) for h in hands[: MAX_SHEET_HANDS + 1]),
            float(started),
            None if closed is None else float(closed),
            sheet_id,
        )
        sheet.results  # noqa: B018 - a hand that does not add up is damage, found now
        return sheet


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and value >= 0


def _hand_out(hand: TableHand) -> dict[str, Any]:
    return {
        "tiplu": None if hand.tiplu is None else str(hand.tiplu),
        "winner": hand.winner,
        "seats": [_seat_out(e) for e in hand.seats],
    }


def _seat_out(entry: SeatEntry) -> dict[str, Any]:
    maal: Any = entry.maal
    if isinstance(maal, MaalCards):
        maal = {name: getattr(maal, name) for name in _COUNTS if getattr(maal, name)}
        maal["tunnelas"] = [str(c) for c in entry.maal.tunnelas]  # type: ignore[union-attr]
    left: Any = entry.left if isinstance(entry.left, int) else format_cards(entry.left)
    return {"seen": entry.seen, "dublees": entry.dublees, "maal": maal, "left": left}


def _hand_back(data: Any) -> TableHand:
    if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
        raise SaidError(say("parts of it are missing"))
    tiplu, winner = data.get("tiplu"), data.get("winner")
    if not (winner is None or _whole(winner)):
        raise SaidError(say("parts of it are missing"))
    return TableHand(
        tuple(_seat_back(e) for e in data["seats"][:6]),
        winner,
        None if tiplu is None else _card(tiplu),
    )


def _seat_back(data: Any) -> SeatEntry:
    if not isinstance(data, dict):
        raise SaidError(say("parts of it are missing"))
    seen, dublees, maal, left = (data.get(k) for k in ("seen", "dublees", "maal", "left"))
    if not isinstance(seen, bool) or not isinstance(dublees, bool):
        raise SaidError(say("parts of it are missing"))
    return SeatEntry(seen, dublees, _maal_back(maal), _left_back(left))


def _maal_back(data: Any) -> int | MaalCards:
    if _whole(data) and data <= MAX_POINTS:
        return int(data)
    if not isinstance(data, dict) or set(data) - {*_COUNTS, "tunnelas"}:
        raise SaidError(say("parts of it are missing"))
    counts = {k: data.get(k, 0) for k in _COUNTS}
    tunnelas = data.get("tunnelas", [])
    if not all(_whole(v) and v <= MAX_POINTS for v in counts.values()):
        raise SaidError(say("parts of it are missing"))
    if not isinstance(tunnelas, list) or len(tunnelas) > MAX_TUNNELAS:
        raise SaidError(say("parts of it are missing"))
    return MaalCards(**counts, tunnelas=tuple(_card(c) for c in tunnelas))


def _left_back(data: Any) -> int | tuple[Card, ...]:
    if _whole(data) and data <= MAX_POINTS:
        return int(data)
    if not isinstance(data, str) or len(data) > 200:
        raise SaidError(say("parts of it are missing"))
    return tuple(parse_cards(data))


def _card(text: Any) -> Card:
    if not isinstance(text, str) or len(text) > 4:
        raise SaidError(say("parts of it are missing"))
    return parse_card(text)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
