"""What happened: events returned by ``Game.apply``, in words and with the physical cards moved."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import plain
from engine.cards import card_of, format_cards

_FIELDS = ("kind", "player", "card_ids", "groups", "private_to", "text")


_set = object.__setattr__


@dataclass(frozen=True, init=False)
class Event:
    """One thing that happened. ``card_ids`` are physical identities, for animation.

    ``private_to`` names the only seat that may see the cards (a draw from the stock, the tiplu);
    everybody else gets the hidden form ``for_seat`` gives.
    """

    kind: str
    player: int | None
    card_ids: tuple[int, ...] = ()
    groups: tuple[int, ...] = ()  # sizes of meld groups within card_ids, when melds moved
    private_to: int | None = None
    text: str = ""

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
        return self.text.split(" — ")[0]

    def to_dict(self) -> dict[str, object]:
        """Plain data (ids only; cards are derived)."""
        return {
            "kind": self.kind,
            "player": self.player,
            "card_ids": list(self.card_ids),
            "groups": list(self.groups),
            "private_to": self.private_to,
            "text": self.text,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Event:
        """Inverse of ``to_dict``; damaged data raises ValueError with a reason."""
        d = plain.fields(data, "an event", _FIELDS)
        kind = plain.text(d["kind"], "the event kind", 40)
        if not kind:
            raise ValueError("the event kind is empty")
        ids = plain.card_ids(d["card_ids"], "the event cards")
        groups = plain.items(d["groups"], "the event groups", lambda v, w: plain.integer(v, w, 1))
        if groups and sum(groups) != len(ids):
            raise ValueError("the event groups do not add up to its cards")
        return cls(
            kind=kind,
            player=plain.optional_integer(d["player"], "the event player", 0, 4),
            card_ids=ids,
            groups=groups,
            private_to=plain.optional_integer(d["private_to"], "the event's seat", 0, 4),
            text=plain.text(d["text"], "the event text"),
        )
