"""PlayerView: exactly what one seat may know, and nothing more."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.actions import Action
from engine.cards import CARDS, DECKS, JOKER_CODE, Card, code_of
from engine.events import Event
from engine.rules import RuleSet
from engine.wilds import Wilds

if TYPE_CHECKING:
    from engine.result import HandResult

#: A shown meld: its kind ("tunnela" dealt, "see" melds, "dublee" pairs, "out") and card ids.
Shown = tuple[str, tuple[int, ...]]


@dataclass(frozen=True)
class PlayerView:
    """What ``seat`` may know of the game now: its own cards, everything public, no more."""

    seat: int
    names: tuple[str, ...]
    rules: RuleSet
    phase: str
    current_player: int
    dealer: int
    hand_no: int
    hands_total: int
    turn: int
    hand: tuple[int, ...]
    hand_counts: tuple[int, ...]
    shown: tuple[tuple[Shown, ...], ...]
    discards: tuple[int, ...]
    stock_count: int
    seen: tuple[bool, ...]
    seen_by_dublees: tuple[bool, ...]
    tiplu_id: int | None
    taken: int | None
    must_go_out: bool
    legal: tuple[Action, ...]
    history: tuple[Event, ...]
    totals: tuple[int, ...]
    result: HandResult | None = None
    revealed_hands: tuple[tuple[int, ...], ...] | None = None
    _wilds: list[Wilds | None] = field(default_factory=list, compare=False, repr=False)

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.names)

    @property
    def cards(self) -> list[Card]:
        """This seat's hand as cards."""
        return [CARDS[code_of(i)] for i in self.hand]

    @property
    def tiplu(self) -> Card | None:
        """The tiplu, if this seat has seen (or the hand is over)."""
        return None if self.tiplu_id is None else CARDS[code_of(self.tiplu_id)]

    @property
    def wilds(self) -> Wilds | None:
        """The wild cards as this seat knows them (None before seeing)."""
        if not self._wilds:
            tiplu = self.tiplu
            self._wilds.append(
                Wilds(tiplu, self.rules) if tiplu is not None and self.seen[self.seat] else None
            )
        return self._wilds[0]

    @property
    def is_my_turn(self) -> bool:
        """Whether this seat is to act."""
        return self.current_player == self.seat and bool(self.legal)

    @property
    def top_discard(self) -> Card | None:
        """The card on top of the discard pile."""
        return CARDS[code_of(self.discards[-1])] if self.discards else None

    def shown_cards(self, seat: int) -> list[Card]:
        """Every card ``seat`` has on the table."""
        return [CARDS[code_of(i)] for _kind, ids in self.shown[seat] for i in ids]

    def visible_ids(self) -> set[int]:
        """Every physical card this view names."""
        ids = set(self.hand) | set(self.discards)
        for melds in self.shown:
            for _kind, meld in melds:
                ids.update(meld)
        if self.tiplu_id is not None:
            ids.add(self.tiplu_id)
        for e in self.history:
            ids.update(e.card_ids)
        if self.revealed_hands:
            for h in self.revealed_hands:
                ids.update(h)
        return ids

    def unseen_counts(self) -> list[int]:
        """Copies of each card code this seat cannot account for (hand, table, discards, tiplu)."""
        counts = [DECKS] * (JOKER_CODE + 1)
        counts[JOKER_CODE] = self.rules.printed_jokers
        ids = list(self.hand) + list(self.discards)
        for melds in self.shown:
            for _kind, meld in melds:
                ids.extend(meld)
        if self.tiplu_id is not None:
            ids.append(self.tiplu_id)
        for i in ids:
            counts[code_of(i)] -= 1
        return counts

    def to_dict(self) -> dict[str, Any]:
        """Plain data: what a network client or a save of this seat's view would carry."""
        return {
            "seat": self.seat,
            "names": list(self.names),
            "rules": self.rules.to_dict(),
            "phase": self.phase,
            "current_player": self.current_player,
            "dealer": self.dealer,
            "hand_no": self.hand_no,
            "hands_total": self.hands_total,
            "turn": self.turn,
            "hand": list(self.hand),
            "hand_counts": list(self.hand_counts),
            "shown": [[[k, list(ids)] for k, ids in melds] for melds in self.shown],
            "discards": list(self.discards),
            "stock_count": self.stock_count,
            "seen": list(self.seen),
            "seen_by_dublees": list(self.seen_by_dublees),
            "tiplu_id": self.tiplu_id,
            "taken": self.taken,
            "must_go_out": self.must_go_out,
            "legal": [str(a) for a in self.legal],
            "history": [e.to_dict() for e in self.history],
            "totals": list(self.totals),
            "result": None if self.result is None else self.result.to_dict(),
            "revealed_hands": None
            if self.revealed_hands is None
            else [list(h) for h in self.revealed_hands],
        }
