"""Hints: what the hard bot would do, and one line a player understands.

The action is the hard bot's. The line is worded only from facts the engine computed for this
position (``engine.facts``): what a card goes with, how many cards are missing before and after,
what a card would make. ``reason(view, action)`` may be asked of any legal action, so a test
can check what the hint would say of every move without running the bot's search.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

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
from engine.ai.reasons import (
    Told,
    alone,
    closer_draws,
    gain,
    goes_with,
    named_cards,
    named_melds,
    still,
)
from engine.cards import CARDS, Card
from engine.facts import Position, Throwing
from engine.view import PlayerView
from engine.words import UNSAID, Cards, Said, clauses, say


@dataclass(frozen=True)
class Hint:
    """A suggested action, why (a sentence), and the facts the sentence says."""

    action: Action
    reason: Said
    facts: tuple[object, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class Shown:
    """Melds a move lays down, and how it lays them (``kind``: "see", "dublees", "go_out",
    "expose"); for going out, the card thrown."""

    kind: str
    melds: tuple[tuple[Card, ...], ...]
    discard: Card | None = None


@dataclass(frozen=True)
class Refused:
    """The engine's own reason (``why``) for not offering a kind of action (``kind``)."""

    kind: str
    why: Said


def _discard(pos: Position, card: Card) -> Told:
    t: Throwing = pos.throwing(card)
    parts: list[Said] = [alone(t.goes)]
    kept = next((m for m in (t.see, t.out) if m is not None), None)
    if kept is not None and kept.exact and kept.after == kept.before > 0:
        parts.append(still(kept))
    if t.outs.kinds > 0 and t.outs.exact:
        parts.append(closer_draws(t.outs.kinds))
    return Told(say("discard {card}: {why}", card=Cards.one(card), why=clauses(parts)), (t,))


def _take(pos: Position) -> Told:
    taking = pos.taking()
    assert taking is not None
    card = Cards.one(taking.card)
    parts: list[Said] = list(gain(taking))
    if not parts and taking.goes.cards:
        parts.append(say("it goes with {cards}", cards=goes_with(taking.goes)))
    if not parts:
        return Told(say("take {card} from the discards", card=card), (taking,))
    return Told(
        say("take {card} from the discards: {why}", card=card, why=clauses(parts)), (taking,)
    )


def _draw(view: PlayerView, pos: Position) -> Told:
    top = view.top_discard
    if top is None:
        return Told(
            say("draw from the stock: the discard pile is empty"), (Refused("take", UNSAID),)
        )
    if TakeDiscard() not in view.legal and view.why_not.take_discard:
        why = view.why_not.take_discard
        return Told(say("draw from the stock: {why}", why=why), (Refused("take", why),))
    taking = pos.taking()
    assert taking is not None
    card = Cards.one(top)
    gained = gain(taking)
    if gained:
        # The hard bot's choice stands; the words say what the other way would give.
        # Translators: {gain} says what taking {card} would give ("it makes the tunnela …").
        said = say(
            "draw from the stock, as the hard bot would; with {card} instead: {gain}",
            card=card,
            gain=clauses(list(gained)),
        )
        return Told(said, (taking,))
    if taking.goes.alone:
        said = say("draw from the stock: {card} goes with nothing in your hand", card=card)
    elif not taking.goes.cards:
        said = say(
            "draw from the stock: {card} goes with nothing in your hand but the wild {cards}",
            card=card,
            cards=named_cards(taking.goes.wild),
        )
    elif all(m is None or m.exact for m in (taking.see, taking.out)):
        said = say(
            "draw from the stock: {card} goes with {cards} but brings you no closer",
            card=card,
            cards=goes_with(taking.goes),
        )
    else:
        said = say("draw from the stock, as the hard bot would")
    return Told(said, (taking,))


def reason(view: PlayerView, action: Action) -> Told:
    """Why ``action`` (any legal action of ``view``), in one line, and the facts it says."""
    if isinstance(action, NextHand):
        return Told(say("deal the next hand"))
    if isinstance(action, ExposeTunnela):
        cards = tuple(action.cards)
        said = say(
            "expose your dealt tunnela {cards}: it counts toward seeing", cards=Cards.of(cards)
        )
        return Told(said, (Shown("expose", (cards,)),))
    if isinstance(action, See):
        melds = tuple(tuple(m) for m in action.melds)
        if not melds:
            return Told(say("see now: your exposed tunnelas are enough"), (Shown("see", ()),))
        if action.dublees:
            said = say("see now with dublees {melds}", melds=named_melds(melds))
            return Told(said, (Shown("dublees", melds),))
        return Told(say("see now with {melds}", melds=named_melds(melds)), (Shown("see", melds),))
    if isinstance(action, GoOut):
        melds = tuple(tuple(m) for m in action.melds)
        if melds and all(len(m) == 2 for m in melds):
            said = say(
                "go out now with dublees {melds}, discarding {card}",
                melds=named_melds(melds),
                card=Cards.one(action.discard),
            )
            return Told(said, (Shown("go_out", melds, action.discard),))
        said = say(
            "go out now: {melds}, discarding {card}",
            melds=named_melds(melds),
            card=Cards.one(action.discard),
        )
        return Told(said, (Shown("go_out", melds, action.discard),))
    pos = Position(view)
    if isinstance(action, TakeDiscard):
        return _take(pos)
    if isinstance(action, DrawStock):
        return _draw(view, pos)
    if isinstance(action, Discard):
        return _discard(pos, CARDS[action.card.code])
    raise ValueError(f"no words for {action}")


def explain(view: PlayerView, action: Action, searched: Sequence[Searched] = ()) -> Said:
    """One line saying why ``action`` is good here (``searched``: kept for callers that pass
    the bot's search; the words come from the position's facts)."""
    del searched
    return reason(view, action).said


def hint(view: PlayerView, budget_ms: float = 250.0, iterations: int | None = None) -> Hint | None:
    """The action the hard bot would take for this view with a one-line reason (None: no move)."""
    bot = HardBot(seed=0, budget_ms=budget_ms, iterations=iterations)
    action = bot.choose(view)
    if action is None:
        return None
    told = reason(view, action)
    return Hint(action, told.said, told.facts)
