"""The match a host serves: the engine's ``LocalMatch``, as the host makes and reopens it.

The host needs a little more than the ``Match`` port: bots moved along (``pump``), a seat's
driver switched when its player goes missing or comes back, and a save after every action.
Bots think in ``LocalMatch``'s worker process, never on the server's event loop.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.rules import RuleSet

if TYPE_CHECKING:
    from engine.match import LocalMatch as TableMatch


def new_match(
    names: Sequence[str], rules: RuleSet, hands: int, drivers: Sequence[str], seed: int
) -> TableMatch:
    """A new match; ``drivers`` per seat are "human" or a bot level."""
    from engine.match import LocalMatch

    return LocalMatch.new(rules, list(names), list(drivers), seed=seed, hands=hands)


def load_match(data: dict[str, Any], drivers: Sequence[str]) -> TableMatch:
    """The match saved as ``data`` (from ``save_dict``); ValueError when damaged."""
    from engine.match import LocalMatch

    return LocalMatch.from_save(data, list(drivers))
