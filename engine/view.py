"""PlayerView: exactly what one seat may know, and nothing more."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine import offers, plain, seat_history
from engine.actions import Action, GoOut, See, parse_action
from engine.cards import CARDS, DECKS, JOKER_CODE, Card, code_of
from engine.events import Event
from engine.melds import classify_meld, is_dublee
from engine.offers import WhyNot
from engine.result import HandResult
from engine.rules import RuleSet
from engine.wilds import Wilds

PHASES = ("draw", "play", "hand_over", "match_over")
_FIELDS = (
    "seat",
    "names",
    "rules",
    "phase",
    "current_player",
    "dealer",
    "hand_no",
    "hands_total",
    "turn",
    "hand",
    "hand_counts",
    "shown",
    "discards",
    "stock_count",
    "seen",
    "seen_by_dublees",
    "tiplu_id",
    "taken",
    "must_go_out",
    "legal",
    "history",
    "totals",
    "result",
    "revealed_hands",
)
#: Fields a view written before they existed may lack (saves and older updates still read).
_LATER_FIELDS = ("why_not", "best_see", "best_go_out")

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
    #: Why each kind of action is not offered now (only the seat to act hears it).
    why_not: WhyNot = offers.NOTHING
    #: The See the engine would choose among those offered (None when none is). Worked out
    #: from the other fields, so equality leaves it (and ``best_go_out``) out.
    best_see: See | None = field(default=None, compare=False)
    #: The Go out the engine would choose among those offered (None when none is).
    best_go_out: GoOut | None = field(default=None, compare=False)
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

    @property
    def hand_over(self) -> bool:
        """The current hand is finished (the match may go on)."""
        return self.phase in ("hand_over", "match_over")

    @property
    def is_over(self) -> bool:
        """The match is finished."""
        return self.phase == "match_over"

    def next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in the direction of play (and of the deal)."""
        step = 1 if self.rules.direction == "clockwise" else -1
        return (seat + step) % self.players

    def deal_order(self) -> list[int]:
        """The seats in the order the dealer gives them cards: the next seat first."""
        order = [self.next_seat(self.dealer)]
        while len(order) < self.players:
            order.append(self.next_seat(order[-1]))
        return order

    def standings(self) -> list[int]:
        """Seats from first to last by match total (deadwood: lowest first)."""
        low_wins = self.rules.lowest_wins
        return sorted(
            range(self.players), key=lambda s: (self.totals[s] if low_wins else -self.totals[s], s)
        )

    def seeing_requirement(self) -> str:
        """What this seat must show to see, in words (its exposed tunnelas count; dublees only
        where the rules allow them at this table)."""
        tunnelas = sum(1 for kind, _ids in self.shown[self.seat] if kind == "tunnela")
        return offers.seeing_requirement(self.rules, self.players, tunnelas)

    @property
    def dublees_count(self) -> bool:
        """Whether a pair in this seat's hand counts as a dublee now: where the rules allow
        dublees at this table, before seeing or after seeing with dublees."""
        me = self.seat
        return self.rules.dublees_allowed(self.players) and (
            not self.seen[me] or self.seen_by_dublees[me]
        )

    def is_complete(self, ids: tuple[int, ...] | list[int]) -> bool:
        """Whether these cards of the hand make a group that counts now: a meld (with the wild
        cards this seat knows), or a dublee where dublees count."""
        cards = [CARDS[code_of(i)] for i in ids]
        if len(cards) == 2:
            return self.dublees_count and is_dublee(cards[0], cards[1], self.wilds, self.rules)
        return len(cards) >= 3 and classify_meld(cards, self.wilds, self.rules) is not None

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
            "why_not": self.why_not.to_dict(),
            "best_see": None if self.best_see is None else str(self.best_see),
            "best_go_out": None if self.best_go_out is None else str(self.best_go_out),
        }

    @classmethod
    def from_dict(cls, data: Any) -> PlayerView:
        """Inverse of ``to_dict``; damaged data raises ValueError with a reason."""
        d = plain.fields(data, "a player view", _FIELDS, _LATER_FIELDS)
        names = plain.names(d["names"])
        n = len(names)
        seat = plain.integer(d["seat"], "the seat", 0, n - 1)

        def per_seat(values: tuple[Any, ...], what: str) -> tuple[Any, ...]:
            return plain.per_seat(values, what, n)

        phase = plain.one_of(d["phase"], "the phase", PHASES)

        def action(value: Any, what: str) -> Action:
            return parse_action(plain.text(value, what, 400))

        revealed = d["revealed_hands"]
        result = d["result"]
        why = plain.fields(d.get("why_not", {}), "the reasons", (), offers.KINDS)
        see, out = d.get("best_see"), d.get("best_go_out")
        best_see = None if see is None else action(see, "the advised see")
        best_go_out = None if out is None else action(out, "the advised go out")
        if not isinstance(best_see, See | None) or not isinstance(best_go_out, GoOut | None):
            raise ValueError("the advised see or go out is another kind of action")
        return cls(
            seat=seat,
            names=names,
            rules=RuleSet.from_dict(d["rules"]),
            phase=phase,
            current_player=plain.integer(d["current_player"], "the player to act", 0, n - 1),
            dealer=plain.integer(d["dealer"], "the dealer", 0, n - 1),
            hand_no=plain.integer(d["hand_no"], "the hand number", 0),
            hands_total=plain.integer(d["hands_total"], "the match length", 1),
            turn=plain.integer(d["turn"], "the turn", 0),
            hand=plain.card_ids(d["hand"], "the hand"),
            hand_counts=per_seat(
                plain.items(
                    d["hand_counts"], "the hand sizes", lambda v, w: plain.integer(v, w, 0)
                ),
                "the hand sizes",
            ),
            shown=per_seat(plain.items(d["shown"], "the shown melds", plain.seat_shown), "shown"),
            discards=plain.card_ids(d["discards"], "the discards"),
            stock_count=plain.integer(d["stock_count"], "the stock size", 0, plain.MAX_CARD_ID),
            seen=per_seat(plain.booleans(d["seen"], "who has seen"), "who has seen"),
            seen_by_dublees=per_seat(
                plain.booleans(d["seen_by_dublees"], "who saw by dublees"), "who saw by dublees"
            ),
            tiplu_id=None if d["tiplu_id"] is None else plain.card_id(d["tiplu_id"], "the tiplu"),
            taken=None if d["taken"] is None else plain.card_id(d["taken"], "the taken card"),
            must_go_out=plain.boolean(d["must_go_out"], "must go out"),
            legal=plain.items(d["legal"], "the legal actions", action, 100_000),
            history=plain.items(
                d["history"], "the history", lambda v, w: Event.from_dict(v), 1_000_000
            ),
            totals=per_seat(plain.integers(d["totals"], "the totals"), "the totals"),
            result=None if result is None else HandResult.from_dict(result),
            revealed_hands=None
            if revealed is None
            else per_seat(plain.items(revealed, "the revealed hands", plain.card_ids), "revealed"),
            why_not=WhyNot(**{k: plain.text(v, f"why not {k}", 400) for k, v in why.items()}),
            best_see=best_see,
            best_go_out=best_go_out,
        )


class _History:
    """``PlayerView.history``: a tuple, or a seat's ``seat_history.History`` that becomes one
    (once) when first read. Equality, repr, hashing, copies and pickles all read the tuple."""

    def __get__(self, view: PlayerView | None, owner: type | None = None) -> Any:
        if view is None:
            return self
        history = view.__dict__["history"]
        if isinstance(history, seat_history.History):
            history = view.__dict__["history"] = history.events()
        return history

    def __set__(self, view: PlayerView, value: Any) -> None:
        view.__dict__["history"] = value


class _Advised:
    """``PlayerView.best_see`` / ``best_go_out``: the advice, worked out from the view when
    first read if the view was built with ``offers.ASK`` there (and kept)."""

    def __init__(self, name: str, advise: Any) -> None:
        self.name, self.advise = name, advise

    def __get__(self, view: PlayerView | None, owner: type | None = None) -> Any:
        if view is None:
            return None  # the dataclass's default
        value = view.__dict__[self.name]
        if value is offers.ASK:
            value = view.__dict__[self.name] = self.advise(view)
        return value

    def __set__(self, view: PlayerView, value: Any) -> None:
        view.__dict__[self.name] = value


# Set after the dataclass is made, so that the fields keep their defaults and types for checkers.
setattr(PlayerView, "history", _History())  # noqa: B010
setattr(PlayerView, "best_see", _Advised("best_see", offers.best_see))  # noqa: B010
setattr(PlayerView, "best_go_out", _Advised("best_go_out", offers.best_go_out))  # noqa: B010
