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
from engine.words import say, say_n


@dataclass(frozen=True)
class Hint:
    """A suggested action and why."""

    action: Action
    reason: str


def _melds_text(melds: Sequence[Sequence[Card]]) -> str:
    # Melds apart as the engine writes them ("5H 6H 7H | 9C 9C 9C"): card text, not words.
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
        return say("discard {card}: it goes with nothing in your hand", card=str(card))
    mine = next((s for s in searched if s.code == card.code), None)
    if mine is not None and len(searched) > 1:
        return say_n(
            "discard {card}: of your loosest cards it leaves the most useful draws "
            "({n} kind of card brings you closer)",
            "discard {card}: of your loosest cards it leaves the most useful draws "
            "({n} kinds of card bring you closer)",
            len(mine.helped_by),
            card=str(card),
        )
    return say(
        "discard {card}: it helps your hand least (it only goes with {cards})",
        card=str(card),
        cards=format_cards(friends),
    )


def explain(view: PlayerView, action: Action, searched: Sequence[Searched] = ()) -> str:
    """One line saying why ``action`` is good here."""
    top = view.top_discard
    if isinstance(action, NextHand):
        return say("deal the next hand")
    if isinstance(action, ExposeTunnela):
        return say(
            "expose your dealt tunnela {cards}: it scores and counts toward seeing",
            cards=format_cards(action.cards),
        )
    if isinstance(action, TakeDiscard):
        assert top is not None
        friends = partners(top, view.cards)
        if friends:
            return say(
                "take {card} from the discards: it goes with {cards}",
                card=str(top),
                cards=format_cards(friends),
            )
        return say("take {card} from the discards: it brings you closer", card=str(top))
    if isinstance(action, DrawStock):
        if top is None:
            return say("draw from the stock: the discard pile is empty")
        if view.seen[view.seat] and view.wilds is not None and view.wilds.is_wild(top):
            return say(
                "draw from the stock: having seen, you may not take the wild {card}", card=str(top)
            )
        return say("draw from the stock: {card} does not help you", card=str(top))
    if isinstance(action, See):
        if not action.melds:
            return say("see now: your exposed tunnelas are enough")
        if action.dublees:
            return say("see now with dublees {melds}", melds=_melds_text(action.melds))
        return say("see now with {melds}", melds=_melds_text(action.melds))
    if isinstance(action, GoOut):
        return say(
            "go out now: {melds}, discarding {card}",
            melds=_melds_text(action.melds),
            card=str(action.discard),
        )
    if isinstance(action, Discard):
        return _discard_reason(view, CARDS[action.card.code], searched)
    return str(action)


def hint(view: PlayerView, budget_ms: float = 250.0, iterations: int | None = None) -> Hint | None:
    """The action the hard bot would take for this view with a one-line reason (None: no move)."""
    bot = HardBot(seed=0, budget_ms=budget_ms, iterations=iterations)
    action = bot.choose(view)
    if action is None:
        return None
    return Hint(action, explain(view, action, bot.last_search))
