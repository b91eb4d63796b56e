"""The two match pickers the New game screen and the host's lobby share: rules and length."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from engine.rules import PRESETS
from marriage_gui.setup import MATCH_LENGTHS, PRESET_LABELS
from marriage_gui.ui.pickers import Stepper
from marriage_gui.ui.words import count


def preset_stepper(preset: str, on_change: Callable[[str], Any], tooltip: str) -> Stepper:
    """The rule presets by their names on screen, ``preset`` showing (the first if unknown)."""
    presets = list(PRESETS)
    return Stepper(
        presets,
        presets.index(preset) if preset in presets else 0,
        on_change=on_change,
        fmt=lambda v: PRESET_LABELS.get(v, v),
        tooltip=tooltip,
        wrap=True,
    )


def length_stepper(hands: int, on_change: Callable[[int], Any], tooltip: str) -> Stepper:
    """The match lengths on offer, ``hands`` showing (the nearest one on offer)."""
    lengths = list(MATCH_LENGTHS)
    return Stepper(
        lengths,
        max(0, min(len(lengths) - 1, hands - lengths[0])),
        on_change=on_change,
        fmt=partial(count, word="hand"),
        tooltip=tooltip,
    )
