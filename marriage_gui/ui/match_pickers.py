"""The two match pickers the New game screen and the host's lobby share: rules and length."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.rules import PRESETS
from marriage_gui.language import _, ngettext
from marriage_gui.setup import MATCH_LENGTHS, PRESET_LABELS
from marriage_gui.ui.pickers import Stepper


def preset_label(preset: str) -> str:
    """A preset's name on screen, in the language in use (an unknown one as it is called)."""
    return _(PRESET_LABELS[preset]) if preset in PRESET_LABELS else preset


def hands_label(hands: int) -> str:
    """A match length on screen: "4 hands"."""
    return ngettext("{n} hand", "{n} hands", hands).format(n=hands)


def preset_stepper(preset: str, on_change: Callable[[str], Any], tooltip: str) -> Stepper:
    """The rule presets by their names on screen, ``preset`` showing (the first if unknown).
    The names are worded as drawn; the owner words the ``tooltip`` when it lays out."""
    presets = list(PRESETS)
    return Stepper(
        presets,
        presets.index(preset) if preset in presets else 0,
        on_change=on_change,
        fmt=preset_label,
        tooltip=tooltip,
        wrap=True,
    )


def length_stepper(hands: int, on_change: Callable[[int], Any], tooltip: str) -> Stepper:
    """The match lengths on offer, ``hands`` showing (the nearest one on offer); worded as
    drawn."""
    lengths = list(MATCH_LENGTHS)
    return Stepper(
        lengths,
        max(0, min(len(lengths) - 1, hands - lengths[0])),
        on_change=on_change,
        fmt=hands_label,
        tooltip=tooltip,
    )
