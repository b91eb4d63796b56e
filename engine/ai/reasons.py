"""The words of the facts (``engine.facts``): how the hint and the coach say them.

Each function here makes one sentence (an ``engine.words.Said``, so each laptop words it in its
own language) from facts alone; ``Told`` keeps the sentence beside the facts it says, so a test
can check every one of them by another route. Cards are a field of their own (``Cards``): the
English names them in the engine's notation (``8D``), the screen as ``8♦``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.cards import Card
from engine.facts import GoesWith, Makes, Missing, Taking
from engine.melds import MeldKind
from engine.run_order import in_run_order
from engine.words import Cards, Said, say, say_n

#: Most cards a list names (the rest are said as "…").
NAMED = 4


@dataclass(frozen=True)
class Told:
    """A sentence and the facts it says (each checked by a test, never by the code that chose
    the words)."""

    #: The sentence.
    said: Said
    facts: tuple[object, ...] = ()


def named_cards(cards: Iterable[Card]) -> Cards:
    """Cards as a sentence names them: at most ``NAMED``, then "…"."""
    return Cards.of(cards, NAMED)


def named_melds(melds: Sequence[Sequence[Card]]) -> Cards:
    """Melds apart ("5H 6H 7H | 9C 9C 9C"), each named like ``named_cards``. A pure run is named
    as it lies on the table (A 2 3, not 2 3 A), whatever order it came in."""
    return Cards.apart((in_run_order(m) for m in melds), NAMED)


def and_(parts: list[Said | Cards]) -> Said | Cards:
    """Parts of a list joined as a sentence joins its last two ("a, b and c")."""
    if len(parts) == 1:
        return parts[0]
    # Translators: the last two items of a list: "another 5D and 6D 7D".
    return say("{first} and {then}", first=and_(parts[:-1]), then=parts[-1])


def goes_with(goes: GoesWith) -> Said | Cards:
    """What a card goes with: "another 5D", "6D 7D", "the wild 9S", joined with "and"; "nothing"
    when it goes with nothing."""
    parts: list[Said | Cards] = []
    if goes.copy:
        parts.append(say("another {card}", card=Cards.one(goes.card)))
    if goes.others:
        parts.append(named_cards(goes.others))
    if goes.wild:
        # Translators: wild cards a card goes with ("the wild 7D 5C").
        parts.append(say("the wild {cards}", cards=named_cards(goes.wild)))
    return and_(parts) if parts else say("nothing")


def alone(goes: GoesWith) -> Said:
    """What a card goes with, said of "it" when it goes with little: "it goes with nothing in
    your hand", "…but the wild 7D", or "it only goes with …"."""
    if goes.alone:
        return say("it goes with nothing in your hand")
    if not goes.cards:
        return say(
            "it goes with nothing in your hand but the wild {cards}", cards=named_cards(goes.wild)
        )
    return say("it only goes with {cards}", cards=goes_with(goes))


def meld(made: Makes) -> Said:
    """The meld a card makes: "it makes the tunnela 9C 9C 9C"."""
    cards = Cards.of(made.meld)
    if made.kind is MeldKind.TUNNELA:
        return say("it makes the tunnela {meld}", meld=cards)
    if made.kind is MeldKind.PURE_SEQUENCE:
        return say("it makes the pure sequence {meld}", meld=cards)
    if made.kind is MeldKind.MARRIAGE:
        return say("it makes the marriage {meld}", meld=cards)
    if made.kind is MeldKind.TRIPLET:
        return say("it makes the triplet {meld}", meld=cards)
    # Translators: a meld that uses a wild card, named by its cards.
    return say("it makes the meld {meld}", meld=cards)


def missing_now(m: Missing) -> Said:
    """Cards missing after a move, against before: "2 cards missing to see, not 3"."""
    if m.goal == "see":
        # Translators: {before} is how many were missing before the move.
        return say_n(
            "{n} card missing to see, not {before}",
            "{n} cards missing to see, not {before}",
            m.after,
            before=m.before,
        )
    return say_n(
        "{n} card missing to go out, not {before}",
        "{n} cards missing to go out, not {before}",
        m.after,
        before=m.before,
    )


def still(m: Missing) -> Said:
    """A move that keeps the count: "without it you are still 2 cards from seeing"."""
    if m.goal == "see":
        return say_n(
            "without it you are still {n} card from seeing",
            "without it you are still {n} cards from seeing",
            m.after,
        )
    return say_n(
        "without it you are still {n} card from going out",
        "without it you are still {n} cards from going out",
        m.after,
    )


def worse(m: Missing) -> Said:
    """A move that adds to the count: "without it you would be 2 cards from going out, not 1"."""
    if m.goal == "see":
        return say_n(
            "without it you would be {n} card from seeing, not {before}",
            "without it you would be {n} cards from seeing, not {before}",
            m.after,
            before=m.before,
        )
    return say_n(
        "without it you would be {n} card from going out, not {before}",
        "without it you would be {n} cards from going out, not {before}",
        m.after,
        before=m.before,
    )


def closer_draws(kinds: int) -> Said:
    """How many kinds of card would bring the hand closer (never said for none)."""
    return say_n(
        "{n} kind of card would then bring you closer",
        "{n} kinds of card would then bring you closer",
        kinds,
    )


def gain(taking: Taking) -> list[Said]:
    """What taking the top discard would do: the meld it makes, then the go-out or the see it
    allows, else the cards it saves; [] when it would do none of these."""
    out: list[Said] = []
    if taking.makes is not None:
        out.append(meld(taking.makes))
    if taking.goes_out:
        out.append(say("you could then go out this turn"))
    elif taking.sees:
        out.append(say("you could then see this turn"))
    closer = next((m for m in (taking.see, taking.out) if m is not None and m.closer), None)
    if closer is not None and closer.exact and not (taking.goes_out or taking.sees):
        out.append(missing_now(closer))
    return out


__all__ = [
    "NAMED",
    "Told",
    "alone",
    "and_",
    "named_cards",
    "closer_draws",
    "gain",
    "goes_with",
    "meld",
    "named_melds",
    "missing_now",
    "still",
    "worse",
]
