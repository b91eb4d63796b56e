"""Building a PlayerView without the frozen dataclass's field-by-field ``__init__``.

A frozen dataclass sets each field through ``object.__setattr__``; a view has two dozen fields
and is built on every step by bots, the table and a network host. ``build`` takes the fields by
name and gives the instance its whole dict at once, so it builds exactly what
``PlayerView(**fields)`` builds (``tests/engine/test_speed_caches.py`` holds the two together).
"""

from __future__ import annotations

from typing import Any

from engine.view import PlayerView

_new = object.__new__
_set_dict = object.__setattr__


def build(fields: dict[str, Any]) -> PlayerView:
    """``PlayerView(**fields)``, built in one step: ``fields`` names every field (and becomes
    the view's own dict)."""
    view = _new(PlayerView)
    fields["_wilds"] = []
    _set_dict(view, "__dict__", fields)
    return view
