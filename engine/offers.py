"""What the engine tells the seat to act besides its legal actions: why each kind of action is
not offered now, and which See and which Go out it would choose among those offered.

A table shows these words and defaults as they are; it never works out a rule for itself. Only
the seat to act gets answers (every other seat's are empty), and a view works them out from its
own facts when they are first read (most views, a bot's or a host's, never are); the advice is
worked out only where there is a choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Protocol

from engine import turns, wire
from engine.actions import Discard, DrawStock, ExposeTunnela, GoOut, See, TakeDiscard
from engine.cards import CARDS, Card, code_of
from engine.rules import RuleSet
from engine.scoring import maal_points
from engine.solver.distance import go_out_cost
from engine.wire import travels
from engine.words import UNSAID, Cards, Said, say, say_n, to_code

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.wilds import Wilds


class Sight(Protocol):
    """What the offers read of a seat's view: ``engine.view.PlayerView`` is one, and builds its
    why-nots and advice by handing itself here (so this module needs no view of its own)."""

    @property
    def seat(self) -> int: ...
    @property
    def rules(self) -> RuleSet: ...
    @property
    def phase(self) -> str: ...
    @property
    def current_player(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def hand(self) -> tuple[int, ...]: ...
    @property
    def cards(self) -> list[Card]: ...
    @property
    def shown(self) -> tuple[tuple[tuple[str, tuple[int, ...]], ...], ...]: ...
    @property
    def discards(self) -> tuple[int, ...]: ...
    @property
    def seen(self) -> tuple[bool, ...]: ...
    @property
    def seen_by_dublees(self) -> tuple[bool, ...]: ...
    @property
    def taken(self) -> int | None: ...
    @property
    def must_go_out(self) -> bool: ...
    @property
    def legal(self) -> tuple[Action, ...]: ...
    @property
    def wilds(self) -> Wilds | None: ...
    def unseen_counts(self) -> list[int]: ...


#: Small counts in words ("three pure melds"), as a player says them.
_NUMBERS = {
    1: say("one"),
    2: say("two"),
    3: say("three"),
    4: say("four"),
    5: say("five"),
    6: say("six"),
    7: say("seven"),
    8: say("eight"),
}

#: The words of the engine's own refusals that the answers reuse.
DRAW_FIRST = say("draw a card first (from the stock or the discard pile)")
DRAWN = say("you have already drawn this turn")
SEEN = say("you have already seen")
NOT_SEEN = say("you must see before you can go out")
NO_GO_OUT = say("you cannot go out with these cards yet")


#: How each reason travels: short words (a sentence as its code), and older data may leave any
#: out.
_WORDS = travels(wire.text(1000), wire.said, wire.heard, optional=True)


@dataclass(frozen=True)
class WhyNot:
    """Why each kind of action is not offered to the seat to act, in a player's words.

    A field is ``UNSAID`` (no words: "" on the wire) when that kind is offered, and every field
    is so for a seat that is not to act
    (or between hands). Card codes in the words (``5H``) are the engine's own, as in its refusals.
    """

    draw: Said = field(default=UNSAID, metadata=_WORDS)
    take_discard: Said = field(default=UNSAID, metadata=_WORDS)
    expose: Said = field(default=UNSAID, metadata=_WORDS)
    see: Said = field(default=UNSAID, metadata=_WORDS)
    go_out: Said = field(default=UNSAID, metadata=_WORDS)
    discard: Said = field(default=UNSAID, metadata=_WORDS)

    def to_dict(self) -> dict[str, str]:
        """Plain data: each kind's words (a sentence as its language-neutral code)."""
        return dict(self.wire())

    def wire(self) -> dict[str, str]:
        """``to_dict``, made once and shared: read it or encode it, never change it."""
        own = self.__dict__
        data = own.get("_wire")
        if data is None:  # made once: the answers never change
            data = own["_wire"] = {k: to_code(own[k]) for k in KINDS}
        return data


#: The kinds of action a ``WhyNot`` answers for, in its field order.
KINDS = tuple(f.name for f in fields(WhyNot))
#: The answers of a seat that is not to act.
NOTHING = WhyNot()


class _Ask:
    """Stands in a view's ``best_see`` / ``best_go_out`` until first read: the advice costs a
    search of the hand, and most views (a bot's, an onlooker's) never ask for it."""

    def __repr__(self) -> str:
        return "ASK"

    def __reduce__(self) -> str:
        # Copies and pickles (a view sent to the bot worker) stay the one ``ASK``.
        return "ASK"


#: The advice of a view not worked out yet.
ASK: Any = _Ask()


def seeing_requirement(rules: RuleSet, players: int, tunnelas: int) -> Said:
    """What a seat with ``tunnelas`` exposed must show to see, in words (dublees only where the
    rules allow them at this table)."""
    need = max(0, 3 - tunnelas)
    melds: Said
    if need == 0:
        melds = say("nothing more (your exposed tunnelas are enough)")
    else:
        # Translators: {count} is a small number in words ("three pure melds").
        melds = say_n("{count} pure meld", "{count} pure melds", need, count=_number(need))
    if rules.dublees_allowed(players):
        # Translators: {melds} is what else would do ("three pure melds"); {count} a number
        # in words.
        return say_n(
            "{melds} or {count} dublee",
            "{melds} or {count} dublees",
            rules.dublee_see,
            melds=melds,
            count=_number(rules.dublee_see),
        )
    return melds


def _number(n: int) -> Said | str:
    return _NUMBERS.get(n) or str(n)


class Pending:
    """Stands in a view's ``why_not`` until first read: the answers are worked out from the view
    itself then (most views, a bot's or a host's, are never asked). ``drawn`` is the one fact
    they need that a view does not hold: whether its seat has drawn yet this hand."""

    __slots__ = ("drawn",)

    def __init__(self, drawn: bool) -> None:
        self.drawn = drawn

    def __repr__(self) -> str:
        return f"Pending(drawn={self.drawn})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Pending, (self.drawn,))


def why_not(view: Sight, drawn: bool) -> WhyNot:
    """Why the seat of ``view``, to act, is not offered each kind of action its legal actions
    lack (``drawn``: whether it has drawn yet this hand)."""
    if view.seat != view.current_player:
        return NOTHING
    if view.phase == "draw":
        return _before_drawing(view, drawn)
    if view.phase == "play":
        return _after_drawing(view)
    return NOTHING


#: Why a dealt tunnela cannot be exposed now (said once: every view asks).
_NO_EXPOSING = say("these rules do not expose dealt tunnelas")
_EXPOSE_FIRST = say("tunnelas can be exposed only before your first draw")
_NO_STOCK = say("the stock is empty")
_NO_TUNNELA = say("you hold no tunnela (three identical cards) to expose")
_GO_OUT_NOW = say("go out now")


def _expose(rules: RuleSet) -> Said:
    return _EXPOSE_FIRST if rules.expose_dealt_tunnelas else _NO_EXPOSING


def _before_drawing(view: Sight, drawn: bool) -> WhyNot:
    p, rules = view.seat, view.rules
    draw = take = expose = False
    for a in view.legal:
        kind = type(a)
        if kind is DrawStock:
            draw = True
        elif kind is TakeDiscard:
            take = True
        elif kind is ExposeTunnela:
            expose = True
    seen = view.seen[p]
    take_why = UNSAID
    if not take:
        bar = turns.take_discard_bar(
            rules,
            view.discards,
            view.hand,
            view.shown[p],
            seen,
            view.seen_by_dublees[p],
            view.wilds,
        )
        take_why = turns.take_discard_refusal(bar, view.discards) or UNSAID
    return _answers(
        UNSAID if draw else _NO_STOCK,
        take_why,
        UNSAID
        if expose
        else _expose(rules)
        if drawn or not rules.expose_dealt_tunnelas
        else _NO_TUNNELA,
        SEEN if seen else DRAW_FIRST,
        DRAW_FIRST if seen else NOT_SEEN,
        DRAW_FIRST,
    )


def _after_drawing(view: Sight) -> WhyNot:
    p = view.seat
    see = go_out = discard = False
    for a in view.legal:
        kind = type(a)
        if kind is Discard:
            discard = True
        elif kind is See:
            see = True
        elif kind is GoOut:
            go_out = True
    seen = view.seen[p]
    if seen:
        see_why = SEEN
    elif view.must_go_out:
        see_why = _GO_OUT_NOW
    elif see:
        see_why = UNSAID
    else:
        tunnelas = sum(1 for kind, _ids in view.shown[p] if kind == "tunnela")
        see_why = _not_held(view.rules, view.players, tunnelas)
    if discard:
        discard_why = UNSAID
    elif view.must_go_out:
        discard_why = _LAST_DUBLEE
    elif view.taken is None:
        discard_why = _TAKEN
    else:
        discard_why = _taken_back(code_of(view.taken))
    return _answers(
        DRAWN,
        DRAWN,
        _expose(view.rules),
        see_why,
        UNSAID if go_out else NO_GO_OUT if seen else NOT_SEEN,
        discard_why,
    )


def _answers(*answers: Said) -> WhyNot:
    """``WhyNot(*answers)``, one shared by every view with the same answers, so that its plain
    data is made once: each answer is "" or a sentence said once and kept (the refusals above,
    ``_not_held``, ``_taken_back``, ``turns.take_discard_refusal``), so a seat meets few sets.
    Keyed on the answers' identities: the entry holds them, so no other object takes their
    ids while it stands."""
    key = tuple(map(id, answers))
    hit = _SHARED.get(key)
    if hit is None:
        if len(_SHARED) >= _LIMIT:
            _SHARED.clear()
        hit = _SHARED[key] = (answers, WhyNot(*answers))
    return hit[1]


def _not_held(rules: RuleSet, players: int, tunnelas: int) -> Said:
    """Why a seat may not see yet, said once per table (rules, players, tunnelas shown)."""
    key = (id(rules), players, tunnelas)
    hit = _NOT_HELD.get(key)
    # The rules are kept in the entry so that their id cannot be taken by another object.
    if hit is None or hit[0] is not rules:
        need = seeing_requirement(rules, players, tunnelas)
        # Translators: {need} is what must be shown ("three pure melds or seven dublees").
        said = say("you do not hold {need} to show", need=need)
        if len(_NOT_HELD) >= _LIMIT:
            _NOT_HELD.clear()
        hit = _NOT_HELD[key] = (rules, said)
    return hit[1]


_LAST_DUBLEE = say("you took the discard for your last dublee: go out now")
_TAKEN = say("you may not throw back the card you just took")


def _taken_back(code: int) -> Said:
    """Why the card just taken may not be thrown back, said once per card."""
    said = _TAKEN_BACK.get(code)
    if said is None:
        said = _TAKEN_BACK[code] = say(
            "you may not throw back the card you just took ({card})", card=Cards.one(CARDS[code])
        )
    return said


_NOT_HELD: dict[tuple[int, int, int], tuple[RuleSet, Said]] = {}
_TAKEN_BACK: dict[int, Said] = {}
_SHARED: dict[tuple[int, ...], tuple[tuple[Said, ...], WhyNot]] = {}
_LIMIT = 4096


# ---------------------------------------------------------------------- advice
def _without(cards: list[Card], gone: Sequence[Card]) -> list[Card]:
    """``cards`` with one copy of each of ``gone`` taken out."""
    rest = list(cards)
    for c in gone:
        for i, held in enumerate(rest):
            if held.code == c.code:
                del rest[i]
                break
    return rest


def _unseen_capped(view: Sight) -> tuple[int, ...]:
    return tuple(min(2, max(0, n)) for n in view.unseen_counts())


def best_see(view: Sight) -> See | None:
    """The See the engine would choose among those offered: showing nothing when that is
    enough, else the one leaving the hand closest to going out (the first of equals)."""
    sees = [a for a in view.legal if isinstance(a, See)]
    if len(sees) <= 1:
        return sees[0] if sees else None
    if See(()) in sees:
        return See(())
    seat = view.seat
    cards = view.cards
    shown = [[CARDS[code_of(i)] for i in ids] for _kind, ids in view.shown[seat]]
    capped = _unseen_capped(view)
    rules, players = view.rules, view.players
    best: tuple[int, See] | None = None
    for see in sees:
        rest = _without(cards, [c for m in see.melds for c in m])
        after = shown + [list(m) for m in see.melds]
        # Once seen, only the distance to going out counts; the tiplu is still unknown here.
        # After the first, a way is only asked whether it beats the best so far (which a
        # search answers sooner), and measured in full only when it does.
        if best is not None and (
            best[0] == 0
            or go_out_cost(rest, None, rules, after, True, capped, players, best[0]) >= best[0]
        ):
            continue
        cost = go_out_cost(rest, None, rules, after, True, capped, players)
        if best is None or cost < best[0]:
            best = (cost, see)
    assert best is not None
    return best[1]


def best_go_out(view: Sight) -> GoOut | None:
    """The Go out the engine would choose among those offered: the finish that keeps the most
    maal (the first of equals)."""
    outs = [a for a in view.legal if isinstance(a, GoOut)]
    if len(outs) <= 1:
        return outs[0] if outs else None
    seat = view.seat
    shown = [[CARDS[code_of(i)] for i in ids] for _kind, ids in view.shown[seat]]
    tunnelas = [
        [CARDS[code_of(i)] for i in ids] for kind, ids in view.shown[seat] if kind == "tunnela"
    ]
    others = [g for g in shown if g not in tunnelas]
    cards = view.cards
    wilds = view.wilds
    best: tuple[int, GoOut] | None = None
    for out in outs:
        rest = _without(cards, [out.discard])
        kept = maal_points(rest, wilds, view.rules, tunnelas, True, others)
        if best is None or kept > best[0]:
            best = (kept, out)
    assert best is not None
    return best[1]
