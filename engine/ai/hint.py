"""Hints: what the hard bot would do, and one line a player understands."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.actions import (
    Action,
    Discard,
    DrawStock,
    ExposeTunnela,
    GoOut,
    NextHand,
    See,
    TakeDiscard,
)
from engine.ai.hard import HardBot, Searched
from engine.cards import CARDS, Card, format_cards
from engine.view import PlayerView


@dataclass(frozen=True)
class Hint:
    """A suggested action and why."""

    action: Action
    reason: str


def _melds_text(melds: Sequence[Sequence[Card]]) -> str:
    return " | ".join(format_cards(m) for m in melds)


def partners(card: Card, hand: Sequence[Card]) -> list[Card]:
    """Cards of the hand that ``card`` pairs with or runs next to (its natural partners)."""
    out = []
    for c in sorted(set(hand)):
        if c.is_joker or card.is_joker:
            continue
        if c == card or (c.suit == card.suit and 0 < abs(c.rank - card.rank) <= 2):
            out.append(c)
    return out


def _discard_reason(view: PlayerView, card: Card, searched: Sequence[Searched]) -> str:
    rest = list(view.cards)
    rest.remove(card)
    friends = partners(card, rest)
    if not friends:
        return f"discard {card}: it goes with nothing in your hand"
    mine = next((s for s in searched if s.code == card.code), None)
    if mine is not None and len(searched) > 1:
        n = len(mine.helped_by)
        return (
            f"discard {card}: of your loosest cards it leaves the most useful draws "
            f"({n} {'kind of card brings' if n == 1 else 'kinds of card bring'} you closer)"
        )
    return f"discard {card}: it helps your hand least (it only goes with {format_cards(friends)})"


def explain(view: PlayerView, action: Action, searched: Sequence[Searched] = ()) -> str:
    """One line saying why ``action`` is good here."""
    top = view.top_discard
    if isinstance(action, NextHand):
        return "deal the next hand"
    if isinstance(action, ExposeTunnela):
        return (
            f"expose your dealt tunnela {format_cards(action.cards)}: "
            "it scores and counts toward seeing"
        )
    if isinstance(action, TakeDiscard):
        assert top is not None
        friends = partners(top, view.cards)
        joins = f": it goes with {format_cards(friends)}" if friends else ": it brings you closer"
        return f"take {top} from the discards{joins}"
    if isinstance(action, DrawStock):
        if top is None:
            return "draw from the stock: the discard pile is empty"
        if view.seen[view.seat] and view.wilds is not None and view.wilds.is_wild(top):
            return f"draw from the stock: having seen, you may not take the wild {top}"
        return f"draw from the stock: {top} does not help you"
    if isinstance(action, See):
        if not action.melds:
            return "see now: your exposed tunnelas are enough"
        how = "dublees " if action.dublees else ""
        return f"see now with {how}{_melds_text(action.melds)}"
    if isinstance(action, GoOut):
        return f"go out now: {_melds_text(action.melds)}, discarding {action.discard}"
    if isinstance(action, Discard):
        return _discard_reason(view, CARDS[action.card.code], searched)
    return str(action)


def hint(view: PlayerView, budget_ms: float = 250.0, iterations: int | None = None) -> Hint:
    """The action the hard bot would take for this view, with a one-line reason."""
    bot = HardBot(seed=0, budget_ms=budget_ms, iterations=iterations)
    action = bot.choose(view)
    return Hint(action, explain(view, action, bot.last_search))
