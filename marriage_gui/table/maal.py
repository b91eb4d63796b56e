"""The live maal panel: what the seat at the screen holds in maal once it has seen.

Counted by the engine from the seat's own view only (``PlayerView.maal``): its hand, its shown
melds (dealt tunnelas apart, as the score sheet counts them) and the wilds it has seen.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from engine.scoring import MaalBreakdown
from engine.view import PlayerView
from marriage_gui.language import _, ngettext
from marriage_gui.ui.card_names import card_text, cards_label, readable
from marriage_gui.ui.theme import GOLD_LIGHT, TABLE_MUTED, TABLE_TEXT, panel, text_width
from marriage_gui.ui.theme import text as label


def seat_maal(view: PlayerView) -> MaalBreakdown | None:
    """The seat's maal, item by item, as the score sheet would count it now (None: not seen, or
    the rules score no maal): the view's own count (``PlayerView.maal``)."""
    return view.maal


def maal_lines(view: PlayerView) -> list[tuple[str, str, int]]:
    """(item, its cards, points) for each maal item, cards named as a player reads them."""
    count = seat_maal(view)
    if count is None:
        return []
    return [(readable(i.label), cards_label(i.cards), i.points) for i in count.items]


@dataclass(frozen=True)
class MaalPanel:
    """Where the panel goes and how it is set: its box, text size and columns of items, the
    width of an item's words and of a whole column."""

    box: pygame.Rect
    size: int
    columns: int
    item_w: int
    column_w: int


def _row_widths(lines: list[tuple[str, str, int]], size: int) -> tuple[int, int, int]:
    """The widest item, cards and points of ``lines`` at text ``size``."""
    if not lines:
        return text_width(_("no maal yet"), size - 1), 0, 0
    return (
        max(text_width(item, size - 1) for item, _c, _p in lines),
        max(text_width(cards, size - 2) for _i, cards, _p in lines),
        max(text_width(str(pts), size - 1) for _i, _c, pts in lines),
    )


def plan_panel(
    lines: list[tuple[str, str, int]], total: int, area: pygame.Rect, size: int
) -> MaalPanel:
    """The panel in the bottom-left of ``area``: at ``size`` if it fits, else smaller type, else
    its items in two columns; at the last resort cut to the area (it never leaves it)."""
    tried = []
    for k in range(size, 9, -1):
        for columns in (1, 2):
            rows = -(-max(1, len(lines)) // columns)
            item_w, cards_w, pts_w = _row_widths(lines, k)
            column_w = item_w + cards_w + pts_w + k * 3
            width = max(text_width(_heading(total), k, True), columns * column_w) + k
            width += (columns - 1) * k
            height = round(k * 1.35) * (rows + 1) + k // 2
            box = pygame.Rect(area.x, area.bottom - height, width, height)
            plan = MaalPanel(box, k, columns, item_w, column_w)
            if width <= area.width and height <= area.height:
                return plan
            tried.append(plan)
    least = min(tried, key=lambda plan: _cut(plan.box, area))
    return MaalPanel(least.box.clip(area), least.size, least.columns, least.item_w, least.column_w)


def _heading(total: int) -> str:
    """The panel's first line: the maal counted so far."""
    # Translators: the heading of the maal panel; {total} is the seat's maal points so far.
    return _("Your maal  {total}").format(total=total)


def _cut(box: pygame.Rect, area: pygame.Rect) -> int:
    """How much of ``box`` lies outside ``area``, in pixels."""
    inside = box.clip(area)
    return box.width * box.height - inside.width * inside.height


def draw_maal(surface: pygame.Surface, view: PlayerView, area: pygame.Rect, size: int) -> None:
    """The panel in the bottom-left corner of ``area`` (the table's room for it)."""
    count = seat_maal(view)
    if count is not None:
        draw_panel(surface, maal_lines(view), count.total, area, size)


def draw_panel(
    surface: pygame.Surface,
    lines: list[tuple[str, str, int]],
    total: int,
    area: pygame.Rect,
    size: int,
) -> pygame.Rect:
    """The panel of ``lines`` as ``plan_panel`` places it; returns its box."""
    plan = plan_panel(lines, total, area, size)
    k, box, item_w, column_w = plan.size, plan.box, plan.item_w, plan.column_w
    row_h = round(k * 1.35)
    # Cut to its room (the last resort), the panel shows whole rows and says what it left out.
    words: list[tuple[str, str | None, int | None]] = [(i, c, p) for i, c, p in lines]
    words = words or [(_("no maal yet"), None, None)]
    per_column = min(-(-len(words) // plan.columns), (box.height - k // 2) // row_h - 1)
    if len(words) > per_column * plan.columns:
        words = words[: max(0, per_column * plan.columns - 1)]
        more = len(lines) - len(words)
        # Translators: the last line of a maal panel too small for every item.
        words.append((ngettext("and {n} more", "and {n} more", more).format(n=more), None, None))
    clip = surface.get_clip()
    surface.set_clip(box)
    panel(surface, box, 8, (6, 26, 18, 205), (90, 130, 110), edge_width=2)
    x, y = box.x + k // 2, box.y + k // 4
    surface.blit(label(_heading(total), k, GOLD_LIGHT, True), (x, y))
    for n, (item, cards, pts) in enumerate(words):
        col, row = divmod(n, per_column)
        left, top = x + col * (column_w + k), y + (row + 1) * row_h
        surface.blit(
            label(item, k - 1, TABLE_TEXT if pts is not None else TABLE_MUTED), (left, top)
        )
        if cards is not None:
            surface.blit(card_text(cards, k - 2, TABLE_MUTED), (left + item_w + k, top + 1))
        if pts is not None:
            img = label(str(pts), k - 1, GOLD_LIGHT)
            right = left + column_w - k if plan.columns > 1 else box.right - k // 2
            surface.blit(img, (right - img.get_width(), top))
    surface.set_clip(clip)
    return box
