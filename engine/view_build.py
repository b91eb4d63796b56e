"""Building a PlayerView without the frozen dataclass's field-by-field ``__init__``.

A frozen dataclass sets each field through ``object.__setattr__``; a view has two dozen fields
and is built on every step by bots, the table and a network host. ``build`` takes the fields in
the class's order and gives the instance its whole dict at once, so it builds exactly what
``PlayerView(*fields)`` builds (``tests/engine/test_speed_caches.py`` holds the two together).
"""

from __future__ import annotations

from typing import Any

from engine.view import PlayerView

_new = object.__new__
_set_dict = object.__setattr__


def build(
    seat: Any,
    names: Any,
    rules: Any,
    phase: Any,
    current_player: Any,
    dealer: Any,
    hand_no: Any,
    hands_total: Any,
    turn: Any,
    hand: Any,
    hand_counts: Any,
    shown: Any,
    discards: Any,
    stock_count: Any,
    seen: Any,
    seen_by_dublees: Any,
    tiplu_id: Any,
    taken: Any,
    must_go_out: Any,
    legal: Any,
    history: Any,
    totals: Any,
    result: Any,
    revealed_hands: Any,
) -> PlayerView:
    """``PlayerView(seat, names, …, revealed_hands)``, built in one step."""
    view = _new(PlayerView)
    _set_dict(
        view,
        "__dict__",
        {
            "seat": seat,
            "names": names,
            "rules": rules,
            "phase": phase,
            "current_player": current_player,
            "dealer": dealer,
            "hand_no": hand_no,
            "hands_total": hands_total,
            "turn": turn,
            "hand": hand,
            "hand_counts": hand_counts,
            "shown": shown,
            "discards": discards,
            "stock_count": stock_count,
            "seen": seen,
            "seen_by_dublees": seen_by_dublees,
            "tiplu_id": tiplu_id,
            "taken": taken,
            "must_go_out": must_go_out,
            "legal": legal,
            "history": history,
            "totals": totals,
            "result": result,
            "revealed_hands": revealed_hands,
            "_wilds": [],
        },
    )
    return view
