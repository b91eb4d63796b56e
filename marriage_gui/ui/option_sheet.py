"""Every option of a rule set on one sheet, in two columns: each named and valued exactly as the
New game screen names and shows it (``rule_words``), a value changed from its preset in gold."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from engine.rules import PRESETS, RuleSet, rule_options
from marriage_gui.ui import theme
from marriage_gui.ui.rule_words import option_name, value_words
from marriage_gui.ui.words import wrapped

#: What paints a part of a scrolling panel.
Painter = Callable[[pygame.Surface, pygame.Rect], None]


def option_rows(rules: RuleSet) -> list[tuple[str, str, bool]]:
    """Each option a person picks: its name, its value in words, and whether the value differs
    from the preset the rules started from."""
    preset = PRESETS.get(rules.name)
    rows = []
    for option in rule_options(rules):
        if option.picked:
            value = getattr(rules, option.name)
            changed = preset is not None and value != getattr(preset, option.name)
            rows.append((option_name(option), value_words(option, value), changed))
    return rows


def option_sheet(rows: list[tuple[str, str, bool]], width: int, k: float) -> tuple[int, Painter]:
    """The sheet's height at ``width`` and what paints it: the options run down the left column,
    then the right, on faint bands; a name wraps beside its value, which keeps the room it needs
    (up to 60% of its column) at the column's right."""
    size, line, pad = round(15 * k), round(21 * k), round(6 * k)
    gap = round(28 * k)
    column = (width - gap) // 2
    cells = []
    for name, value, changed in rows:
        value_w = min(theme.text_width(value, size, True), round(column * 0.6))
        values = wrapped(value, size, value_w, True)
        names = wrapped(name, size, column - value_w - pad * 4)
        cells.append((names, values, changed))
    half = (len(cells) + 1) // 2
    pairs = [cells[i : i + 1] + cells[half + i : half + i + 1] for i in range(half)]
    heights = [max(max(len(n), len(v)) for n, v, _c in pair) * line + pad for pair in pairs]

    def paint(surf: pygame.Surface, r: pygame.Rect) -> None:
        y = r.y
        for row, (pair, h) in enumerate(zip(pairs, heights, strict=True)):
            for col, (names, values, changed) in enumerate(pair):
                x = r.x + col * (column + gap)
                if row % 2 == 0:
                    band = pygame.Surface((column, h), pygame.SRCALPHA)
                    band.fill((255, 255, 255, 9))
                    surf.blit(band, (x, y))
                middle = y + pad // 2 + line // 2
                dim = theme.GOLD_LIGHT if changed else theme.TEXT_DIM
                for i, words in enumerate(names):
                    s = theme.text(words, size, dim)
                    surf.blit(s, s.get_rect(midleft=(x + pad, middle + i * line)))
                colour = theme.GOLD_LIGHT if changed else theme.TEXT
                for i, words in enumerate(values):
                    s = theme.text(words, size, colour, True)
                    surf.blit(s, s.get_rect(midright=(x + column - pad, middle + i * line)))
            y += h

    return sum(heights), paint
