"""A rule option's words on screen: its name, its help and its value, worded in the language in
use from the engine's one declaration (``engine.options``). The New game screen and the Rules
screen both say options through these, so each names an option and its value alike."""

from __future__ import annotations

from typing import Any

from engine.options import Option
from marriage_gui.language import N_, _, word
from marriage_gui.ui.pickers import switch_words

# Translators: shown in an empty box of points, and as the value of a points rule that gives
# none: no points for this.
NO_POINTS = N_("none")


def option_name(option: Option) -> str:
    """The option's label ("Unseen maal")."""
    return word(option.label)


def option_help(option: Option) -> str:
    """The option's one-line explanation."""
    return word(option.help)


def value_words(option: Option, value: Any) -> str:
    """The option's value as the New game screen shows it: a switch's On or Off, a choice's
    label, a number (or its words: "no minimum"), a points table as it is typed (2/5/10)."""
    if option.kind == "flag":
        return switch_words(bool(value))
    if option.kind == "choice":
        return word(option.choice_label(value))
    if option.kind == "whole":
        said = option.said(value)
        return str(value) if said is None else word(said)
    if option.kind == "points":
        return format_table(value) or _(NO_POINTS)
    return str(value)


def format_table(table: tuple[int, ...]) -> str:
    """A point table as the player types it: ``2/5/10`` (empty: none)."""
    return "/".join(str(v) for v in table)


def parse_table(text: str) -> tuple[int, ...]:
    """``2/5/10`` (or commas or spaces) as a point table; ValueError with a reason."""
    text = text.strip()
    if not text or text == "-":
        return ()
    parts = [p for p in text.replace(",", "/").replace(" ", "/").split("/") if p]
    try:
        values = tuple(int(p) for p in parts)
    except ValueError:
        raise ValueError(N_("write whole numbers separated by /, like 2/5/10")) from None
    if any(v < 0 for v in values):
        raise ValueError(N_("points must not be negative"))
    return values
