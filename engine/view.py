"""PlayerView: exactly what one seat may know, and nothing more."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

import msgspec

from engine import offers, turns, wire
from engine.actions import Action, GoOut, See, parse_action
from engine.arrange import arranged
from engine.cards import CARDS, DECKS, JOKER_CODE, Card, code_of, format_cards, parse_cards
from engine.events import Event
from engine.melds import classify_meld, is_dublee
from engine.offers import WhyNot
from engine.result import BreakdownData, HandResult
from engine.rules import RuleSet
from engine.scoring import MaalBreakdown, MaalItem, maal_breakdown
from engine.speed import seat_history
from engine.wilds import Wilds
from engine.wire import travels
from engine.words import Said

PHASES = ("draw", "play", "hand_over", "match_over")

#: A shown meld: its kind ("tunnela" dealt, "see" melds, "dublee" pairs, "out") and card ids.
Shown = tuple[str, tuple[int, ...]]


def _actions(texts: tuple[str, ...]) -> tuple[Action, ...]:
    return tuple(map(parse_action, texts))


def _texts(actions: tuple[Action, ...]) -> list[str]:
    """The legal actions as text (the common ones, made once by the engine, know theirs)."""
    if not actions:  # every seat but the one to act
        return []
    known = turns.ACTION_TEXTS
    return [known.get(id(a)) or str(a) for a in actions]


def _rules_out(rules: RuleSet) -> dict[str, Any]:
    """``rules.to_dict()``, worked out once per rule set (a view of every update carries it)
    and shared: read or encode it, never change it."""
    hit = _RULES.get(id(rules))
    if hit is None or hit[0] is not rules:
        if len(_RULES) >= _LIMIT:
            _RULES.clear()
        hit = _RULES[id(rules)] = (rules, rules.to_dict())
    return hit[1]


def _shown_out(shown: tuple[tuple[Shown, ...], ...]) -> list[Any]:
    """``wire.lists(shown)``, made once per table of melds (every view of every update carries
    it, and it changes a few times a hand): each seat's list is shared, read or encode it,
    never change it."""
    try:
        hit = _SHOWN.get(shown)
    except TypeError:  # lists inside (a state edited by hand)
        return [[[kind, list(ids)] for kind, ids in seat] for seat in shown]
    if hit is None:
        if len(_SHOWN) >= _LIMIT:
            _SHOWN.clear()
        hit = _SHOWN[shown] = [[[kind, list(ids)] for kind, ids in seat] for seat in shown]
    return hit.copy()


def _history_out(history: Any) -> list[dict[str, Any]]:
    """A view's history as plain data: each event's made once (an unread history takes the
    seat's log of them, which grows with the hand) and shared."""
    if history.__class__ is seat_history.History:
        return history.wire()
    if not history:  # a view built without its history
        return []
    return [e.wire() for e in history]


_RULES: dict[int, tuple[RuleSet, dict[str, Any]]] = {}
_SHOWN: dict[tuple[tuple[Shown, ...], ...], list[Any]] = {}
_LIMIT = 4096


def _advice(kind: type[Action]) -> Any:
    def back(text: str | None) -> Action | None:
        if text is None:
            return None
        action = parse_action(text)
        if not isinstance(action, kind):
            raise ValueError(f"the advised {kind.__name__} is another kind of action")
        return action

    return travels(wire.text(400) | None, _advice_out, back, optional=True)


def _advice_out(action: Action | None) -> str | None:
    return None if action is None else str(action)


def _field(
    kind: Any, out: Any = wire.lists, back: Any = wire.same, own: bool = False, **more: Any
) -> Any:
    return field(metadata=travels(kind, out, back, own=own), **more)


def _worked(kind: Any, out: Any = wire.lists, back: Any = wire.same) -> Any:
    return travels(kind, out, back, optional=True)


def _maal_out(count: MaalBreakdown | None) -> dict[str, Any] | None:
    if count is None:
        return None
    items = [[wire.said(i.label), format_cards(i.cards), i.points] for i in count.items]
    return {"total": count.total, "items": items}


def _maal_back(data: BreakdownData | None) -> MaalBreakdown | None:
    if data is None:
        return None
    try:
        items = tuple(
            MaalItem(wire.heard(label), tuple(parse_cards(cards)), points)
            for label, cards, points in data.items
        )
    except ValueError as exc:
        raise ValueError(f"the maal count is damaged: {exc}") from None
    return MaalBreakdown(data.total, items)


#: A wild card kind and its role.
_ROLE: Any = tuple[Annotated[int, msgspec.Meta(ge=0, le=JOKER_CODE)], wire.text(20)]  # type: ignore[misc]
_EVENT = wire.form(Event).struct
_RESULT = wire.form(HandResult).struct
_WHY_NOT = wire.form(WhyNot)


@dataclass(frozen=True)
class PlayerView:
    """What ``seat`` may know of the game now: its own cards, everything public, no more.

    Declared once: each field says how it travels (``engine.wire``), and the view's dict, its
    reader and the network's struct type all come from these lines.
    """

    seat: int = _field(wire.Seat, wire.same)
    names: tuple[str, ...] = _field(wire.many(wire.Name, 5), list)
    rules: RuleSet = _field(dict[str, wire.RuleValue], _rules_out, RuleSet.from_dict)
    phase: str = _field(wire.Phase, wire.same)
    current_player: int = _field(wire.Seat, wire.same)
    dealer: int = _field(wire.Seat, wire.same)
    hand_no: int = _field(wire.Count, wire.same)
    hands_total: int = _field(Annotated[int, msgspec.Meta(ge=1)], wire.same)
    turn: int = _field(wire.Count, wire.same)
    hand: tuple[int, ...] = _field(wire.CardIds, list)
    hand_counts: tuple[int, ...] = _field(wire.many(wire.Count), list)
    shown: tuple[tuple[Shown, ...], ...] = _field(wire.many(wire.SeatShown), _shown_out)
    discards: tuple[int, ...] = _field(wire.CardIds, list)
    stock_count: int = _field(Annotated[int, msgspec.Meta(ge=0, le=wire.MAX_CARD_ID)], wire.same)
    seen: tuple[bool, ...] = _field(wire.Flags, list)
    seen_by_dublees: tuple[bool, ...] = _field(wire.Flags, list)
    tiplu_id: int | None = _field(wire.CardId | None, wire.same)
    taken: int | None = _field(wire.CardId | None, wire.same)
    must_go_out: bool = _field(bool, wire.same)
    legal: tuple[Action, ...] = _field(wire.many(wire.text(400), 100_000), _texts, _actions)
    history: tuple[Event, ...] = _field(
        wire.many(_EVENT, 1_000_000),
        _history_out,
        lambda data: tuple(map(Event.from_wire, data)),
        own=True,
    )
    totals: tuple[int, ...] = _field(wire.Numbers, list)
    result: HandResult | None = _field(
        _RESULT | None,
        lambda r: None if r is None else r.to_dict(),
        lambda d: None if d is None else HandResult.from_wire(d),
        default=None,
    )
    revealed_hands: tuple[tuple[int, ...], ...] | None = _field(
        wire.many(wire.CardIds) | None, default=None
    )
    #: Why each kind of action is not offered now (only the seat to act hears it).
    why_not: WhyNot = field(
        default=offers.NOTHING,
        metadata=travels(_WHY_NOT.struct, WhyNot.wire, _WHY_NOT.make, optional=True),
    )
    #: The See the engine would choose among those offered (None when none is). Worked out
    #: from the other fields, so equality leaves it (and ``best_go_out``) out.
    best_see: See | None = field(default=None, compare=False, metadata=_advice(See))
    #: The Go out the engine would choose among those offered (None when none is).
    best_go_out: GoOut | None = field(default=None, compare=False, metadata=_advice(GoOut))
    #: What a screen that cannot run the engine itself (the phone page) asks of this seat's
    #: cards, worked out from the view when first read: the hand as Group arranges it (its
    #: melds first, the loose cards last; empty between hands), the seat's maal so far once it
    #: has seen (None before, or where the rules count no maal), and the wild cards it knows
    #: as (card code, role) pairs.
    groups: tuple[tuple[int, ...], ...] = field(
        default=(), compare=False, repr=False, metadata=_worked(wire.many(wire.CardIds, 60))
    )
    maal: MaalBreakdown | None = field(
        default=None,
        compare=False,
        repr=False,
        metadata=_worked(BreakdownData | None, _maal_out, _maal_back),
    )
    wild_roles: tuple[tuple[int, str], ...] = field(
        default=(), compare=False, repr=False, metadata=_worked(wire.many(_ROLE, JOKER_CODE + 1))
    )
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

    def seeing_requirement(self) -> Said:
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
        """Plain data: what a network client or a save of this seat's view would carry.

        Made for every seat on every update, so the nested parts that change seldom (the
        rules, each seat's shown melds, the why-nots, the history's events) are made once and
        shared between views: read or encode them, never change them. What a screen that
        cannot run the engine asks (the advice, ``groups``, ``maal``, ``wild_roles``) is
        carried once read (``worked_out``); until then their defaults travel, and
        ``from_dict`` / ``from_wire`` work them out again from the view when read."""
        return _FORM.to_dict(self)

    def worked_out(self) -> PlayerView:
        """This view, with what a screen that cannot run the engine itself (the phone page)
        asks of it worked out (the advised See and Go out, the hand grouped, the maal, the
        wild cards), so that its plain data carries it."""
        for name in _WORKED:
            getattr(self, name)  # each read works one out, and keeps it
        return self

    @classmethod
    def from_dict(cls, data: Any) -> PlayerView:
        """Inverse of ``to_dict``; damaged data raises ValueError with a reason."""
        return cls._make(_FORM.read(data, "a player view"))

    @classmethod
    def from_wire(cls, data: Any) -> PlayerView:
        """A view from its wire struct (``wire_type()``), already checked field by field as it
        was decoded: only what ties the fields together is checked here."""
        return cls._make(_FORM.unpack(data))

    @staticmethod
    def wire_type() -> type[msgspec.Struct]:
        """The struct type a view travels as (its fields and limits come from this class)."""
        return _FORM.struct

    def with_history(self, history: tuple[Event, ...]) -> PlayerView:
        """This view telling ``history`` as its story (a client joins a snapshot's history
        and the events since)."""
        d = dict(self.__dict__)
        d["history"] = history
        d["_wilds"] = []
        view = _new(PlayerView)
        _set(view, "__dict__", d)
        return view

    @classmethod
    def _make(cls, d: dict[str, Any]) -> PlayerView:
        """A view from its fields, checked against each other (seats, one entry per seat)."""
        n = len(d["names"])
        if not 2 <= n <= 5:
            raise ValueError(f"a match of {n} players")
        for name, what in (
            ("seat", "the seat"),
            ("current_player", "the player to act"),
            ("dealer", "the dealer"),
        ):
            wire.seat(d[name], what, n)
        for name, what in (
            ("hand_counts", "the hand sizes"),
            ("shown", "the shown melds"),
            ("seen", "who has seen"),
            ("seen_by_dublees", "who saw by dublees"),
            ("totals", "the totals"),
        ):
            wire.per_seat(d[name], what, n)
        if d["revealed_hands"] is not None:
            wire.per_seat(d["revealed_hands"], "the revealed hands", n)
        for name in _WORKED:
            if not d[name]:  # not sent (or nothing to send): worked out here when read
                d[name] = offers.ASK
        return cls(**d)


_FORM = wire.form(PlayerView, "ViewData")
#: The fields worked out from the view itself, when read (``_Advised``, ``_Worked``).
_WORKED = ("best_see", "best_go_out", "groups", "maal", "wild_roles")
_new = object.__new__
_set = object.__setattr__


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
    first read if the view was built with ``offers.ASK`` there (and kept). Like ``_Worked``,
    its plain data carries it only once read (``PlayerView.worked_out``)."""

    #: What stands in the view's dict until the advice is worked out.
    pending = type(offers.ASK)
    #: What travels until then (a reader works the advice out itself).
    unasked = None

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


class _Answered:
    """``PlayerView.why_not``: the answers, worked out from the view when first read if it was
    built with an ``offers.Pending`` there (and kept)."""

    #: What stands in the view's dict until the answers are worked out.
    pending = offers.Pending

    def __get__(self, view: PlayerView | None, owner: type | None = None) -> Any:
        if view is None:
            return offers.NOTHING  # the dataclass's default
        value = view.__dict__["why_not"]
        if type(value) is offers.Pending:
            value = view.__dict__["why_not"] = offers.why_not(view, value.drawn)
        return value

    def __set__(self, view: PlayerView, value: Any) -> None:
        view.__dict__["why_not"] = value


class _Worked:
    """``PlayerView.groups`` / ``maal`` / ``wild_roles``: worked out from the view when first
    read, if the view was built with ``offers.ASK`` there (as ``Game.view`` builds it), and
    kept. Its plain data carries them only once read (``PlayerView.worked_out``): until then
    the default (``unasked``) travels, and a reader works them out itself."""

    #: What stands in the view's dict until the value is worked out.
    pending = type(offers.ASK)

    def __init__(self, name: str, work: Any, unasked: Any) -> None:
        self.name, self.work, self.unasked = name, work, unasked

    def __get__(self, view: PlayerView | None, owner: type | None = None) -> Any:
        if view is None:
            return None  # the dataclass's default
        value = view.__dict__[self.name]
        if value is offers.ASK:
            value = view.__dict__[self.name] = self.work(view)
        return value

    def __set__(self, view: PlayerView, value: Any) -> None:
        view.__dict__[self.name] = value


def _seat_groups(view: PlayerView) -> tuple[tuple[int, ...], ...]:
    if view.phase not in ("draw", "play") or not view.hand:
        return ()
    shown = [tuple(CARDS[code_of(i)] for i in ids) for _kind, ids in view.shown[view.seat]]
    return arranged(view.hand, view.rules, view.wilds, shown, view.players)


def _seat_maal(view: PlayerView) -> MaalBreakdown | None:
    """The seat's maal as the score sheet would count it now: its hand and its shown melds
    (dealt tunnelas apart), with the wilds it has seen."""
    wilds = view.wilds
    if wilds is None or not view.seen[view.seat] or not view.rules.scores_maal:
        return None
    shown = [(kind, [CARDS[code_of(i)] for i in ids]) for kind, ids in view.shown[view.seat]]
    tunnelas = [m for kind, m in shown if kind == "tunnela"]
    melds = [m for kind, m in shown if kind != "tunnela"]
    cards = [CARDS[code_of(i)] for i in view.hand] + [c for _k, m in shown for c in m]
    return maal_breakdown(
        cards, wilds, view.rules, exposed_tunnelas=tunnelas, seen=True, shown=melds
    )


def _seat_wild_roles(view: PlayerView) -> tuple[tuple[int, str], ...]:
    wilds = view.wilds
    if wilds is None:
        return ()
    return tuple((code, role.value) for code, role in enumerate(wilds.roles) if role is not None)


# Set after the dataclass is made, so that the fields keep their defaults and types for checkers.
setattr(PlayerView, "history", _History())  # noqa: B010
setattr(PlayerView, "why_not", _Answered())  # noqa: B010
setattr(PlayerView, "best_see", _Advised("best_see", offers.best_see))  # noqa: B010
setattr(PlayerView, "best_go_out", _Advised("best_go_out", offers.best_go_out))  # noqa: B010
setattr(PlayerView, "groups", _Worked("groups", _seat_groups, []))  # noqa: B010
setattr(PlayerView, "maal", _Worked("maal", _seat_maal, None))  # noqa: B010
setattr(PlayerView, "wild_roles", _Worked("wild_roles", _seat_wild_roles, []))  # noqa: B010
