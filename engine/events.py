"""What happened: events returned by ``Game.apply``, in words and with the physical cards moved."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any

import msgspec

from engine import wire
from engine.cards import card_of, format_cards
from engine.wire import travels
from engine.words import UNSAID, Later, Said, say, words

_set = object.__setattr__


@dataclass(frozen=True, init=False)
class Event:
    """One thing that happened. ``card_ids`` are physical identities, for animation.

    ``private_to`` names the only seat that may see the cards (a draw from the stock, the tiplu);
    everybody else gets the hidden form ``for_seat`` gives.
    """

    kind: str = field(
        metadata=travels(Annotated[str, msgspec.Meta(min_length=1, max_length=40)], wire.same)
    )
    player: int | None = field(metadata=travels(wire.Seat | None, wire.same))
    card_ids: tuple[int, ...] = field(default=(), metadata=travels(wire.CardIds, list))
    # sizes of meld groups within card_ids, when melds moved
    groups: tuple[int, ...] = field(
        default=(), metadata=travels(wire.many(Annotated[int, msgspec.Meta(ge=1)]), list)
    )
    private_to: int | None = field(default=None, metadata=travels(wire.Seat | None, wire.same))
    text: Said = field(default=UNSAID, metadata=travels(wire.text(4000), wire.said, wire.heard))

    def __init__(
        self,
        kind: str,
        player: int | None,
        card_ids: tuple[int, ...] = (),
        groups: tuple[int, ...] = (),
        private_to: int | None = None,
        text: Said | Later = UNSAID,
    ) -> None:
        # The dataclass's own __init__ sets the fields one by one through object.__setattr__;
        # an event is made on almost every action, so the whole dict is given at once. Its
        # words may come as a ``Later``: made when first read (most events never are).
        _set(
            self,
            "__dict__",
            {
                "kind": kind,
                "player": player,
                "card_ids": card_ids,
                "groups": groups,
                "private_to": private_to,
                "text": text,
            },
        )

    @property
    def cards(self) -> str:
        """The cards moved, as canonical text."""
        return format_cards(card_of(i) for i in self.card_ids)

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` may see this event's cards."""
        return self.private_to is None or self.private_to == seat

    def for_seat(self, seat: int | None) -> Event:
        """This event as ``seat`` may know it: hidden cards removed."""
        if self.visible_to(seat):
            return self
        return Event(self.kind, self.player, (), (), None, _public_text(self))

    @property
    def public_text(self) -> Said:
        """Words for everybody (hidden card not named)."""
        return _public_text(self)

    def to_dict(self) -> dict[str, object]:
        """Plain data (ids only; cards are derived)."""
        return dict(self.wire())

    def wire(self) -> dict[str, Any]:
        """``to_dict``, made once and shared: read it or encode it, never change it."""
        own = self.__dict__
        data = own.get("_wire")
        if data is None:
            data = own["_wire"] = _FORM.to_dict(self)
        return data

    def __getstate__(self) -> dict[str, Any]:
        # A copy or a pickle carries the fields, not the memo of the plain data.
        own = self.__dict__
        return own if "_wire" not in own else {k: v for k, v in own.items() if k != "_wire"}

    @classmethod
    def from_dict(cls, data: Any) -> Event:
        """Inverse of ``to_dict``; damaged data raises ValueError with a reason."""
        return cls._make(_FORM.read(data, "an event"))

    @classmethod
    def from_wire(cls, data: Any) -> Event:
        """An event from its wire struct, already checked field by field as it was decoded."""
        return cls._make(_FORM.unpack(data))

    @staticmethod
    def wire_type() -> type[msgspec.Struct]:
        """The struct type this travels as (its fields and limits come from this class)."""
        return _FORM.struct

    @classmethod
    def _make(cls, d: dict[str, Any]) -> Event:
        if d["groups"] and sum(d["groups"]) != len(d["card_ids"]):
            raise ValueError("the event groups do not add up to its cards")
        return cls(**d)


#: The words everybody else hears of an event whose card only one seat may see.
_PUBLIC: dict[str, Callable[[dict[str, Any]], Said]] = {
    "{name} drew from the stock — {card}": lambda f: say(
        "{name} drew from the stock", name=f.get("name", "")
    ),
    "{name} set aside a random card from the stock as the tiplu — {card}": lambda f: say(
        "{name} set aside a random card from the stock as the tiplu", name=f.get("name", "")
    ),
    "{name} set aside a random card from the discards as the tiplu — {card}": lambda f: say(
        "{name} set aside a random card from the discards as the tiplu", name=f.get("name", "")
    ),
    "{name} looked at the tiplu — {card}": lambda f: say(
        "{name} looked at the tiplu", name=f.get("name", "")
    ),
}


def _public_text(e: Event) -> Said:
    text = e.text
    if not isinstance(text, Said):  # plain words handed in by hand
        text = words(text)
    public = _PUBLIC.get(text.template)
    if public is not None and not text.verbatim:
        return public(text.fields)
    if text.verbatim and " — " in text.template:  # plain words of an older file
        return words(text.template.split(" — ")[0])
    return text


class _Text:
    """``Event.text``: the words, made from a ``Later`` when first read (and kept)."""

    def __get__(self, e: Event | None, owner: type | None = None) -> Any:
        if e is None:
            return UNSAID  # the dataclass's default
        text = e.__dict__["text"]
        if type(text) is Later:
            text = e.__dict__["text"] = text.made()
        return text

    def __set__(self, e: Event, value: Any) -> None:
        e.__dict__["text"] = value  # never reached: a frozen dataclass refuses first


# Set after the dataclass is made, so that the field keeps its default and type for checkers.
setattr(Event, "text", _Text())  # noqa: B010

_FORM = wire.form(Event, "EventData")
