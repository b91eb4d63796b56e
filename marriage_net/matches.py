"""The match a host serves: the engine's ``LocalMatch`` as the host uses it.

The host needs a little more than the ``Match`` port: bots moved along (``pump``), a seat's
driver switched when its player goes missing or comes back, and a save after every action.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from engine.rules import RuleSet

if TYPE_CHECKING:
    from engine.match import Update
    from engine.view import PlayerView


class TableMatch(Protocol):
    """What the host asks of its match."""

    on_change: Callable[[], None] | None

    @property
    def version(self) -> int: ...

    @property
    def rules(self) -> RuleSet: ...

    @property
    def hands_total(self) -> int: ...

    def view(self, seat: int) -> PlayerView: ...

    def submit(self, seat: int, action: Any) -> None: ...

    def poll(self, seat: int) -> list[Update]: ...

    def pump(self) -> None: ...

    def set_driver(self, seat: int, kind: str) -> None: ...

    def save_dict(self) -> dict[str, Any]: ...

    def close(self) -> None: ...


def new_match(
    names: Sequence[str], rules: RuleSet, hands: int, drivers: Sequence[str], seed: int
) -> TableMatch:
    """A new match; ``drivers`` per seat are "human" or a bot level."""
    raise NotImplementedError("waiting for engine.match")


def load_match(data: dict[str, Any]) -> TableMatch:
    """The match saved as ``data`` (from ``save_dict``); ValueError when damaged."""
    raise NotImplementedError("waiting for engine.match")
