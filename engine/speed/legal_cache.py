"""A memo of legal actions by position: a view, a bot and ``apply`` asking about one position
pay for the rules once.

The key holds everything ``turns.legal_actions`` reads (the mover's hand, table and flags, the
top discard, the tiplu), so a position reached by another route, a clone, or a state edited by
hand all find the right entry; nothing needs invalidating.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import turns
from engine.actions import Action, GoOut, See

if TYPE_CHECKING:
    from engine.state import GameState

LIMIT = 4096

_MEMO: dict[tuple[Any, ...], tuple[Any, tuple[Action, ...]]] = {}


def position_key(g: GameState) -> tuple[Any, ...] | None:
    """What the legal actions of ``g`` depend on, or None when they are cheaper to work out
    than to look up (between hands, and before a draw: draw, take or a dealt tunnela)."""
    phase = g.phase
    if phase != "play":
        return None
    p = g.current_player
    discards = g.discards
    return (
        id(g.rules),
        len(g.names),
        tuple(g.hands[p]),
        tuple(g.shown[p]),
        discards[-1] if discards else None,
        bool(g.stock),
        g.drawn[p],
        g.seen[p],
        g.seen_by_dublees[p],
        g.must_go_out,
        g.taken,
        g.tiplu_id,
    )


def _entry(g: GameState) -> tuple[Action, ...] | None:
    key = position_key(g)
    if key is None:
        return None
    try:
        hit = _MEMO.get(key)
    except TypeError:  # a state edited by hand with lists inside: answer without the memo
        return tuple(turns.legal_actions(g))
    # The rules object is kept in the entry so that its id cannot be reused by another.
    if hit is not None and hit[0] is g.rules:
        return hit[1]
    acts = tuple(turns.legal_actions(g))
    if len(_MEMO) >= LIMIT:
        _MEMO.clear()
    _MEMO[key] = (g.rules, acts)
    return acts


def legal_actions(g: GameState) -> list[Action]:
    """``turns.legal_actions(g)``, computed once per position."""
    entry = _entry(g)
    if entry is None:
        return turns.legal_actions(g)
    return list(entry)


def legal_tuple(g: GameState) -> tuple[Action, ...]:
    """``legal_actions(g)`` as the tuple a view holds, without copying the memo's entry."""
    entry = _entry(g)
    return tuple(turns.legal_actions(g)) if entry is None else entry


def check(g: GameState, action: Action) -> str | None:
    """``turns.check(g, action)``; an action listed as legal skips the rules."""
    # Only showing melds is dear to check; the rest is checked directly (a discard naming its
    # physical card must be checked against the hand anyway: the id is not part of equality).
    if isinstance(action, See | GoOut):
        entry = _entry(g)
        if entry is not None and action in entry:
            return None
    return turns.check(g, action)


def clear() -> None:
    """Forget every position (for benchmarks and tests)."""
    _MEMO.clear()
