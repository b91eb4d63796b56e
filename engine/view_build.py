"""Building a PlayerView without the frozen dataclass's field-by-field ``__init__``.

A frozen dataclass sets each field through ``object.__setattr__``; a view has two dozen fields
and is built on every step by bots, the table and a network host. ``make`` fills the instance
dict at once, with every default (and default factory) the class declares, so it builds exactly
what ``PlayerView(**fields)`` builds.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from engine.view import PlayerView

_NAMES = frozenset(f.name for f in dataclasses.fields(PlayerView))
_DEFAULTS: dict[str, Any] = {}
_FACTORIES: dict[str, Callable[[], Any]] = {}
for _f in dataclasses.fields(PlayerView):
    if _f.default is not dataclasses.MISSING:
        _DEFAULTS[_f.name] = _f.default
    elif _f.default_factory is not dataclasses.MISSING:
        _FACTORIES[_f.name] = _f.default_factory
_FAST = not hasattr(PlayerView, "__post_init__") and not hasattr(PlayerView, "__slots__")


def make(**fields: Any) -> PlayerView:
    """``PlayerView(**fields)``, built in one step."""
    if not _FAST or not fields.keys() <= _NAMES:
        return PlayerView(**fields)
    view = object.__new__(PlayerView)
    d = view.__dict__
    d.update(_DEFAULTS)
    for name, factory in _FACTORIES.items():
        d[name] = factory()
    d.update(fields)
    if len(d) != len(_NAMES):  # a required field is missing: let the class say which
        return PlayerView(**fields)
    return view
