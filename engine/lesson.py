"""A lesson deal: a match whose first hand is arranged so that a guide can teach with it.

The guide's first hand must let every lesson happen (taking a discard that makes a tunnela,
seeing with three pure melds, a tiplu that makes a card of the hand maal, going out on the next
draw). No seed deals that by chance in reasonable time, so the deal is stacked: the match is
dealt from its seed, then physical cards trade places (every card stays in the shoe) until the
seat holds the lesson's hand, the discard pile and the top of the stock show the lesson's
cards, and the card the first seer will set aside as the tiplu is the lesson's tiplu.

A stacked hand cannot be dealt again from the seed, so a ``LessonMatch`` says it cannot be
replayed or reviewed rather than replaying a different deal.

What a guide says of the lesson's position is read from that position (``lesson_facts``):
which pure melds the player sees with, which cards they may throw and why, what the top discard
would make, which melds going out lays down. Nothing is said from the deal's text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine import turns
from engine.actions import Discard, DrawStock, TakeDiscard
from engine.ai.hint import reason
from engine.ai.reasons import Told, alone, gain, still, worse
from engine.cards import Card, card_of, code_of, parse_cards
from engine.events import Event
from engine.facts import Position, Taking, Throwing, in_order
from engine.game import Game
from engine.match import LocalMatch
from engine.melds import MeldKind, classify_meld
from engine.replay import HandReplay
from engine.rules import RuleSet
from engine.view import PlayerView
from engine.wilds import Role
from engine.words import clauses


@dataclass(frozen=True)
class LessonDeal:
    """What the lesson needs of the first hand, in card text (``9C 9C 3H …``).

    ``hand``: the seat's cards; ``discard``: the card starting the discard pile; ``stock_top``:
    the next cards drawn from the stock, top first; ``tiplu``: the card the first player to see
    will set aside (it must be chosen before anyone draws from the stock).
    """

    seat: int
    hand: str
    discard: str
    stock_top: str = ""
    tiplu: str | None = None


def _take(g: Game, code: int, place: list[int], at: int, keep: set[int]) -> None:
    """Bring a free copy of ``code`` to ``place[at]``, trading places with what lay there."""
    if code_of(place[at]) == code and place[at] not in keep:
        keep.add(place[at])
        return
    spots = [g.stock, g.discards, *g.hands]
    for pile in spots:
        for j, cid in enumerate(pile):
            if code_of(cid) == code and cid not in keep:
                pile[j], place[at] = place[at], cid
                keep.add(cid)
                return
    raise ValueError(f"no free copy of a card the lesson needs (code {code})")


def stack(g: Game, deal: LessonDeal) -> Game:
    """Arrange ``g``'s current hand (just dealt, nothing played) as ``deal`` says."""
    if g.log or g.turn:
        raise ValueError("a lesson deal is arranged before anything is played")
    hand = g.hands[deal.seat]
    want = [c.code for c in parse_cards(deal.hand)]
    if len(want) != len(hand):
        raise ValueError(f"the lesson's hand has {len(want)} cards, not {len(hand)}")
    keep: set[int] = set()
    for k, code in enumerate(want):
        _take(g, code, hand, k, keep)
    _take(g, parse_cards(deal.discard)[0].code, g.discards, len(g.discards) - 1, keep)
    for k, card in enumerate(parse_cards(deal.stock_top)):
        _take(g, card.code, g.stock, len(g.stock) - 1 - k, keep)
    if deal.tiplu is not None:
        # The real draw of the tiplu, on a copy: which place of the stock it comes from.
        at = _tiplu_place(g.clone())
        if at >= len(g.stock) - len(parse_cards(deal.stock_top)):
            raise ValueError("the tiplu would come from the cards the lesson draws")
        _take(g, parse_cards(deal.tiplu)[0].code, g.stock, at, keep)
    g.events[0] = Event("deal", g.dealer, (g.discards[-1],), text=turns.dealt_text(g))
    return g


def _tiplu_place(probe: Game) -> int:
    """Where in the stock the first seer's tiplu will be taken from."""
    before = list(probe.stock)
    chosen = turns._choose_tiplu(probe)  # noqa: SLF001 - the engine's own draw, on a copy
    return before.index(chosen)


class LessonMatch(LocalMatch):
    """A match on a stacked deal: played like any other, but never replayed from its seed."""

    @property
    def can_replay(self) -> bool:
        """The deal was stacked: the seed would deal other cards."""
        return False

    def replay(self, hand_no: int) -> HandReplay | None:
        """No replay of a stacked deal."""
        return None

    def record(self) -> dict[str, Any] | None:
        """No record to review: replaying it from the seed would deal other cards."""
        return None


def lesson_match(
    rules: RuleSet,
    names: Sequence[str],
    drivers: Sequence[str],
    deal: LessonDeal,
    seed: int | str = 0,
    **options: Any,
) -> LessonMatch:
    """A one-hand match dealt from ``seed`` and stacked as ``deal`` says."""
    g = Game.new(rules, list(names), seed, 1)
    return LessonMatch(stack(g, deal), drivers, **options)


# ---------------------------------------------------------------------- what the position says
@dataclass(frozen=True)
class LessonFacts:
    """What a guide may say of a lesson's position, each read from the position itself.

    ``taking``: taking the top discard (None: it may not be taken now); ``take``: why to take
    it, and ``takes_out``: taking it lets the player go out this very turn; ``draw``: the
    hint's words for drawing from the stock instead. ``tunnela`` and ``runs``: the pure melds
    the player sees (or saw) with. ``maal``: the maal cards in the hand, with their roles.
    ``loose``: the cards the player may throw without going further from going out (the first
    is the one to name), ``throw``: why the first. ``joined`` and ``filled``: the meld going
    out would make with the card just drawn, and one a wild card fills (with that card).
    """

    taking: Taking | None = None
    take: Told | None = None
    takes_out: bool = False
    draw: Told | None = None
    tunnela: tuple[Card, ...] | None = None
    runs: tuple[tuple[Card, ...], ...] = ()
    maal: tuple[tuple[Card, Role], ...] = ()
    loose: tuple[Throwing, ...] = ()
    throw: Told | None = None
    joined: tuple[Card, ...] | None = None
    filled: tuple[Card, ...] | None = None
    wild: Card | None = None


def lesson_facts(view: PlayerView, drawn: Card | None = None) -> LessonFacts:
    """The facts of the player's position (``drawn``: the card their last draw brought)."""
    pos = Position(view)
    mine = view.current_player == view.seat
    taking = pos.taking() if mine and view.phase == "draw" else None
    take = None
    if taking is not None and TakeDiscard() in view.legal:
        take = Told(clauses(list(gain(taking))), (taking,)) if gain(taking) else None
    draw = reason(view, DrawStock()) if mine and DrawStock() in view.legal else None
    tunnela, runs = _pure(view)
    maal: list[tuple[Card, Role]] = []
    if view.wilds is not None:
        for c in view.cards:
            role = view.wilds.role(c)
            if role is not None and role.is_maal:
                maal.append((c, role))
    loose, throw = _loose(view, pos) if mine and view.phase == "play" else ((), None)
    joined, filled, wild = _going_out(view, drawn)
    return LessonFacts(
        taking=taking if take is not None else None,
        take=take,
        takes_out=taking is not None and take is not None and taking.goes_out,
        draw=draw,
        tunnela=tunnela,
        runs=runs,
        maal=tuple(maal),
        loose=loose,
        throw=throw,
        joined=joined,
        filled=filled,
        wild=wild,
    )


def _pure(view: PlayerView) -> tuple[tuple[Card, ...] | None, tuple[tuple[Card, ...], ...]]:
    """The tunnela and the pure sequences the player sees with (or saw with)."""
    see = view.best_see
    melds = [tuple(m) for m in see.melds] if see is not None else []
    if not melds:
        melds = [
            tuple(card_of(i) for i in ids) for kind, ids in view.shown[view.seat] if kind == "see"
        ]
    kinds = [(classify_meld(m), m) for m in melds]
    tunnelas = [m for k, m in kinds if k is MeldKind.TUNNELA]
    runs = tuple(in_order(m) for k, m in kinds if k is MeldKind.PURE_SEQUENCE)
    return (tunnelas[0] if tunnelas else None), runs


def _loose(view: PlayerView, pos: Position) -> tuple[tuple[Throwing, ...], Told | None]:
    """The cards whose throw keeps the count to go out (the ones going with least first)."""
    found: list[Throwing] = []
    legal = {a.card.code for a in view.legal if isinstance(a, Discard)}
    for card in sorted(set(view.cards)):
        if card.code not in legal:
            continue
        t = pos.throwing(card)
        kept = t.see if t.see is not None else t.out
        if kept.exact and kept.after <= kept.before:
            found.append(t)
    # The card going with least first; of equals, the one leaving most helpful draws, then
    # the higher (it would cost more left in the hand).
    found.sort(key=lambda t: (len(t.goes.cards), len(t.goes.wild), -t.outs.copies, -t.card.rank))
    if not found:
        return (), None
    first = found[0]
    kept = first.see if first.see is not None else first.out
    return tuple(found), Told(clauses([alone(first.goes), still(kept)]), (first,))


def keep(view: PlayerView, card: Card) -> Told | None:
    """Why to keep ``card`` rather than throw it: the count it would add (None: it adds none)."""
    t = Position(view).throwing(card)
    m = t.see if t.see is not None else t.out
    if not m.exact or m.after <= m.before:
        return None
    return Told(worse(m), (t,))


def _going_out(
    view: PlayerView, drawn: Card | None
) -> tuple[tuple[Card, ...] | None, tuple[Card, ...] | None, Card | None]:
    """The meld going out would make with ``drawn``, and one a wild card fills."""
    wilds, go = view.wilds, view.best_go_out
    if wilds is None or go is None:
        return None, None, None
    joined = filled = wild = None
    for meld in go.melds:
        cards = tuple(meld)
        kind = classify_meld(cards, wilds, view.rules)
        if drawn is not None and drawn in cards and joined is None:
            joined = in_order(cards)
        elif kind is not None and not kind.is_pure and filled is None:
            stand = [c for c in cards if wilds.is_wild(c)]
            if stand:
                wild = stand[-1]
                filled = (*in_order(c for c in cards if c != wild), wild)
    return joined, filled, wild


__all__ = [
    "LessonDeal",
    "LessonFacts",
    "LessonMatch",
    "keep",
    "lesson_facts",
    "lesson_match",
    "stack",
]
