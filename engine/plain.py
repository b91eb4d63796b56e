"""Strict readers for plain data (dicts and lists from JSON): damaged data is a ValueError.

Views, events and results arrive from saves and, soon, from other laptops; every field is
checked for its exact type so that a damaged or hostile message never becomes a half-built
object or a traceback deep in the table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from engine.cards import SHOE_SIZE

T = TypeVar("T")

#: One more than the largest physical card id any rule set can use (three printed jokers).
MAX_CARD_ID = SHOE_SIZE + 3


def fields(
    data: Any, what: str, names: tuple[str, ...], optional: tuple[str, ...] = ()
) -> dict[str, Any]:
    """``data`` as a dict holding exactly ``names`` (plus any of ``optional``)."""
    if not isinstance(data, dict):
        raise ValueError(f"{what} must be an object, not {type(data).__name__}")
    missing = [n for n in names if n not in data]
    if missing:
        raise ValueError(f"{what} is missing {', '.join(missing)}")
    unknown = sorted(str(k) for k in data if k not in names and k not in optional)
    if unknown:
        raise ValueError(f"{what} has unknown fields: {', '.join(unknown)}")
    return data


def names(value: Any) -> tuple[str, ...]:
    """The players' names of a match: two to five, each a short text."""
    said = items(value, "the names", lambda v, w: text(v, w, 80), 5)
    if not 2 <= len(said) <= 5:
        raise ValueError(f"a match of {len(said)} players")
    return said


def per_seat(values: tuple[T, ...], what: str, players: int) -> tuple[T, ...]:
    """``values`` when it holds one entry per seat; ValueError otherwise."""
    if len(values) != players:
        raise ValueError(f"{what} has {len(values)} entries for {players} players")
    return values


def one_of(value: Any, what: str, choices: tuple[str, ...]) -> str:
    """``value`` when it is one of ``choices``; ValueError otherwise."""
    word = text(value, what, max(map(len, choices)))
    if word not in choices:
        raise ValueError(f"unknown {what.removeprefix('the ')} {word!r}")
    return word


def integer(value: Any, what: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number (never a bool) within ``low``..``high`` inclusive."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{what} must be a whole number, not {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"{what} is out of range: {value}")
    return value


def optional_integer(
    value: Any, what: str, low: int | None = None, high: int | None = None
) -> int | None:
    """None or a whole number within range."""
    return None if value is None else integer(value, what, low, high)


def boolean(value: Any, what: str) -> bool:
    """A true/false value."""
    if not isinstance(value, bool):
        raise ValueError(f"{what} must be true or false, not {value!r}")
    return value


def text(value: Any, what: str, limit: int = 4000) -> str:
    """A string of reasonable length."""
    if not isinstance(value, str):
        raise ValueError(f"{what} must be text, not {type(value).__name__}")
    if len(value) > limit:
        raise ValueError(f"{what} is too long ({len(value)} characters)")
    return value


def items(value: Any, what: str, read: Callable[[Any, str], T], limit: int = 1000) -> tuple[T, ...]:
    """A list read item by item with ``read``."""
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list, not {type(value).__name__}")
    if len(value) > limit:
        raise ValueError(f"{what} is too long ({len(value)} items)")
    return tuple(read(v, f"{what}[{i}]") for i, v in enumerate(value))


def card_id(value: Any, what: str) -> int:
    """A physical card identity."""
    return integer(value, what, 0, MAX_CARD_ID - 1)


def card_ids(value: Any, what: str) -> tuple[int, ...]:
    """A list of physical card identities."""
    return items(value, what, card_id, limit=MAX_CARD_ID)


def integers(value: Any, what: str) -> tuple[int, ...]:
    """A list of whole numbers."""
    return items(value, what, integer)


def booleans(value: Any, what: str) -> tuple[bool, ...]:
    """A list of true/false values."""
    return items(value, what, boolean)


def shown(value: Any, what: str) -> tuple[str, tuple[int, ...]]:
    """One shown meld: ``[kind, [card ids]]``."""
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError(f"{what} must be [kind, cards]")
    return text(value[0], f"{what} kind", 20), card_ids(value[1], f"{what} cards")


def seat_shown(value: Any, what: str) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Every meld one seat has shown."""
    return items(value, what, shown, limit=MAX_CARD_ID)
