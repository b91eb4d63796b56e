"""What happened: events returned by ``Game.apply``, in words and with the physical cards moved."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any

import msgspec

from engine import wire
from engine.cards import card_of, format_cards
from engine.wire import travels
from engine.words import Said, say

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
    text: str = field(default="", metadata=travels(wire.text(4000), wire.said, wire.heard))

    def __init__(
        self,
        kind: str,
        player: int | None,
        card_ids: tuple[int, ...] = (),
        groups: tuple[int, ...] = (),
        private_to: int | None = None,
        text: str = "",
    ) -> None:
        # The dataclass's own __init__ sets the fields one by one through object.__setattr__;
        # an event is made on almost every action, so the whole dict is given at once.
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
        return Event(self.kind, self.player, (), (), None, self.public_text)

    @property
    def public_text(self) -> str:
        """Words for everybody (hidden card not named)."""
        text = self.text
        if isinstance(text, Said):
            public = _PUBLIC.get(text.template)
            if public is not None:
                return public(text.fields)
        return text.split(" — ")[0]

    def to_dict(self) -> dict[str, object]:
        """Plain data (ids only; cards are derived)."""
        return _FORM.to_dict(self)

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

_FORM = wire.form(Event, "EventData")
