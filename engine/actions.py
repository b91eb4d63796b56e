"""Actions a player can take, as small immutable values with a text form that parses back.

``str(action)`` is what a player would say (``"discard QS"``) and ``parse_action(str(a)) == a``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.cards import JOKER_CODE, Card, format_cards, parse_cards

Melds = tuple[tuple[Card, ...], ...]


def _melds(melds: object) -> Melds:
    """Normalise melds given as lists of cards or card text to a tuple of tuples."""
    out = []
    for m in melds:  # type: ignore[attr-defined]
        if isinstance(m, str):
            out.append(tuple(parse_cards(m)))
        else:
            out.append(tuple(m))
    return tuple(out)


def _format_melds(melds: Melds) -> str:
    return " | ".join(format_cards(m) for m in melds)


def _parse_melds(text: str) -> Melds:
    text = text.strip()
    if not text:
        return ()
    return tuple(tuple(parse_cards(part)) for part in text.split("|"))


@dataclass(frozen=True)
class Action:
    """Base of every action."""

    def __str__(self) -> str:  # pragma: no cover - every subclass overrides
        raise NotImplementedError


@dataclass(frozen=True)
class DrawStock(Action):
    """Draw the top card of the stock."""

    def __str__(self) -> str:
        return "draw stock"


@dataclass(frozen=True)
class TakeDiscard(Action):
    """Take the top card of the discard pile."""

    def __str__(self) -> str:
        return "take discard"


@dataclass(frozen=True)
class Discard(Action):
    """Discard a card; ``card_id`` optionally names the physical copy (the one dragged)."""

    card: Card
    card_id: int | None = field(default=None, compare=False)

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True)
class ExposeTunnela(Action):
    """Expose a tunnela dealt to you, before your first draw."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(self.cards))

    def __str__(self) -> str:
        return f"expose tunnela {format_cards(self.cards)}"


@dataclass(frozen=True)
class See(Action):
    """Show pure melds (or dublees) to see the maal."""

    melds: Melds
    dublees: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "melds", _melds(self.melds))

    def __str__(self) -> str:
        head = "see dublees" if self.dublees else "see"
        return f"{head} {_format_melds(self.melds)}".rstrip()


@dataclass(frozen=True)
class GoOut(Action):
    """End the hand: the melds (or pairs) in hand and the final discard."""

    melds: Melds
    discard: Card

    def __post_init__(self) -> None:
        object.__setattr__(self, "melds", _melds(self.melds))

    def __str__(self) -> str:
        body = _format_melds(self.melds)
        return f"go out {body} discard {self.discard}" if body else f"go out discard {self.discard}"


@dataclass(frozen=True)
class NextHand(Action):
    """Deal the next hand of the match."""

    def __str__(self) -> str:
        return "next hand"


_KINDS = (DrawStock, TakeDiscard, Discard, ExposeTunnela, See, GoOut, NextHand)
#: Physical card identities: three decks and up to three printed jokers.
_MAX_CARD_ID = 156 + 3


def _is_card(c: object) -> bool:
    return isinstance(c, Card) and type(c.code) is int and 0 <= c.code <= JOKER_CODE


def _cards_ok(cards: object, limit: int = 60) -> bool:
    return isinstance(cards, tuple) and len(cards) <= limit and all(_is_card(c) for c in cards)


def _melds_ok(melds: object) -> bool:
    return isinstance(melds, tuple) and len(melds) <= 30 and all(_cards_ok(m, 30) for m in melds)


def malformed(action: object) -> str | None:
    """Why ``action`` is not a well-formed action object (None when it is).

    Checked at the door, before any rule: an action built by hand with wrong types must be
    refused with a reason, never half-applied.
    """
    if type(action) not in _KINDS:
        return "that is not an action of this game"
    if isinstance(action, Discard):
        if not _is_card(action.card):
            return "discard names no card"
        cid = action.card_id
        if cid is not None and (type(cid) is not int or not 0 <= cid < _MAX_CARD_ID):
            return "discard names no physical card"
    elif isinstance(action, ExposeTunnela):
        if not _cards_ok(action.cards, 3):
            return "a tunnela is three cards"
    elif isinstance(action, See):
        if not _melds_ok(action.melds):
            return "see names melds that are not cards"
        if type(action.dublees) is not bool:
            return "see must say whether it is by dublees"
    elif isinstance(action, GoOut):
        if not _melds_ok(action.melds):
            return "go out names melds that are not cards"
        if not _is_card(action.discard):
            return "go out names no final discard"
    return None


def _quote(text: str, limit: int = 40) -> str:
    """``text`` quoted for a message, cut short: a damaged save may hold any length of text."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


def parse_action(text: str) -> Action:
    """Parse the text form of an action; raise ValueError with a readable reason."""
    # Actions are immutable values, and a save or a replay reads the same few texts (draw
    # stock, discard QS...) thousands of times: each text is parsed once.
    if type(text) is str:
        hit = _PARSED.get(text)
        if hit is not None:
            return hit
    action = _parse(text)
    if len(_PARSED) >= _PARSED_LIMIT:
        _PARSED.clear()
    _PARSED[text] = action
    return action


_PARSED: dict[str, Action] = {}
_PARSED_LIMIT = 4096


def _parse(text: str) -> Action:
    if not isinstance(text, str):
        raise ValueError("that is not an action of this game")
    t = " ".join(text.strip().split())
    low = t.lower()
    if low == "draw stock":
        return DrawStock()
    if low == "take discard":
        return TakeDiscard()
    if low == "next hand":
        return NextHand()
    if low.startswith("discard "):
        cards = parse_cards(t[8:])
        if len(cards) != 1:
            raise ValueError("discard exactly one card, like 'discard QS'")
        return Discard(cards[0])
    if low.startswith("expose tunnela "):
        return ExposeTunnela(tuple(parse_cards(t[15:])))
    if low == "see dublees" or low.startswith("see dublees "):
        return See(_parse_melds(t[11:]), dublees=True)
    if low == "see" or low.startswith("see "):
        return See(_parse_melds(t[3:]))
    if low.startswith("go out"):
        body = t[6:]
        idx = body.lower().rfind("discard")
        if idx < 0:
            raise ValueError("say which card you discard: 'go out … discard 9C'")
        cards = parse_cards(body[idx + 7 :])
        if len(cards) != 1:
            raise ValueError("go out with exactly one discard, like '… discard 9C'")
        return GoOut(_parse_melds(body[:idx]), cards[0])
    raise ValueError(
        f"not an action: {_quote(text)} (try 'draw stock', 'take discard', 'discard QS', "
        "'expose tunnela 6H 6H 6H', 'see 3S 4S 5S | …', 'go out … discard 9C')"
    )
