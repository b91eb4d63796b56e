"""A memo of the searched part of the legal actions by position: a view, a bot and ``apply``
asking about one position pay for its searches once.

Only the ways to see or to go out cost a search (a glance at the hand rules them out for most
turns, and the rest of the list is a few lines); they are memoised here, listed by
``turns.options``. The key holds everything those read (the mover's hand, table and flags, the
top discard, the tiplu, and every seat's melds where cards may be laid off onto them), so a
position reached by another route, a clone, or a state edited by hand all find the right
entry; nothing needs invalidating.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import turns
from engine.actions import Action, GoOut, See

if TYPE_CHECKING:
    from engine.state import GameState
    from engine.words import Said

LIMIT = 4096
#: The kinds of action found by a search (a tuple: ``See | GoOut`` would be made every call).
_SEARCHED = (See, GoOut)

_MEMO: dict[tuple[Any, ...], tuple[Any, tuple[Action, ...]]] = {}


def position_key(g: GameState) -> tuple[Any, ...] | None:
    """What the searched legal actions of ``g`` depend on (None outside the play phase, where
    nothing is searched)."""
    if g.phase != "play":
        return None
    p = g.current_player
    discards = g.discards
    rules = g.rules
    return (
        id(rules),
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
        tuple(map(tuple, g.shown)) if rules.lay_off and rules.lay_off_onto == "anyone" else (),
    )


def options(g: GameState, p: int) -> list[Action]:
    """``turns.options(g, p)``, searched once per position."""
    key = position_key(g)
    try:
        hit = _MEMO.get(key) if key is not None else None
    except TypeError:  # a state edited by hand with lists inside: answer without the memo
        return turns.options(g, p)
    # The rules object is kept in the entry so that its id cannot be reused by another.
    if hit is not None and hit[0] is g.rules:
        return list(hit[1])
    acts = turns.options(g, p)
    if key is not None:
        if len(_MEMO) >= LIMIT:
            _MEMO.clear()
        _MEMO[key] = (g.rules, tuple(acts))
    return acts


def legal_actions(g: GameState) -> list[Action]:
    """``turns.legal_actions(g)``, each position's searches made once."""
    return turns.legal_actions(g, options)


def legal_tuple(g: GameState) -> tuple[Action, ...]:
    """``legal_actions(g)`` as the tuple a view holds."""
    return tuple(turns.legal_actions(g, options))


def check(g: GameState, action: Action) -> Said | None:
    """``turns.check(g, action)``; a way to see or go out found for this position skips the
    rules."""
    # Only showing melds is dear to check; the rest is checked directly (a discard naming its
    # physical card must be checked against the hand anyway: the id is not part of equality).
    if isinstance(action, _SEARCHED):
        key = position_key(g)
        try:
            hit = _MEMO.get(key) if key is not None else None
        except TypeError:
            hit = None
        if hit is not None and hit[0] is g.rules and action in hit[1]:
            return None
    return turns.check(g, action)


def clear() -> None:
    """Forget every position (for benchmarks and tests)."""
    _MEMO.clear()
