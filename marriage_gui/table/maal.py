"""The live maal panel: what the seat at the screen holds in maal once it has seen.

Counted by the engine's ``maal_breakdown`` from the seat's own view only: its hand, its shown
melds (dealt tunnelas apart, as the score sheet counts them) and the wilds it has seen.
"""

from __future__ import annotations

import pygame

from engine.cards import CARDS, code_of
from engine.scoring import MaalBreakdown, maal_breakdown
from engine.view import PlayerView
from marriage_gui.ui.card_names import card_text, cards_label, said
from marriage_gui.ui.theme import GOLD_LIGHT, TABLE_MUTED, TABLE_TEXT, panel
from marriage_gui.ui.theme import text as label


def seat_maal(view: PlayerView) -> MaalBreakdown | None:
    """The seat's maal, item by item, as the score sheet would count it now (None: not seen)."""
    wilds = view.wilds
    if wilds is None or not view.seen[view.seat]:
        return None
    shown = [(kind, [CARDS[code_of(i)] for i in ids]) for kind, ids in view.shown[view.seat]]
    tunnelas = [m for kind, m in shown if kind == "tunnela"]
    melds = [m for kind, m in shown if kind != "tunnela"]
    cards = [CARDS[code_of(i)] for i in view.hand] + [c for _k, m in shown for c in m]
    return maal_breakdown(
        cards, wilds, view.rules, exposed_tunnelas=tunnelas, seen=True, shown=melds
    )


def maal_lines(view: PlayerView) -> list[tuple[str, str, int]]:
    """(item, its cards, points) for each maal item, cards named as a player reads them."""
    count = seat_maal(view)
    if count is None:
        return []
    return [(said(i.label), cards_label(i.cards), i.points) for i in count.items]


def draw_maal(surface: pygame.Surface, view: PlayerView, bottom: int, left: int, size: int) -> None:
    """The panel, its bottom-left corner at (``left``, ``bottom``)."""
    count = seat_maal(view)
    if count is None:
        return
    lines = maal_lines(view)
    head = label(f"Your maal  {count.total}", size, GOLD_LIGHT, True)
    rows: list[tuple[pygame.Surface, pygame.Surface | None, pygame.Surface | None]] = [
        (
            label(item, size - 1, TABLE_TEXT),
            card_text(cards, size - 2, TABLE_MUTED),
            label(str(pts), size - 1, GOLD_LIGHT),
        )
        for item, cards, pts in lines
    ] or [(label("no maal yet", size - 1, TABLE_MUTED), None, None)]
    row_h = round(size * 1.35)
    item_w = max(r[0].get_width() for r in rows)
    cards_w = max((r[1].get_width() for r in rows if r[1] is not None), default=0)
    pts_w = max((r[2].get_width() for r in rows if r[2] is not None), default=0)
    width = max(head.get_width(), item_w + cards_w + pts_w + size * 2) + size
    height = row_h * (len(rows) + 1) + size // 2
    box = pygame.Rect(left, bottom - height, width, height)
    panel(surface, box, 8, (6, 26, 18, 205), (90, 130, 110), edge_width=2)
    x, y = box.x + size // 2, box.y + size // 4
    surface.blit(head, (x, y))
    for item, cards, pts in rows:
        y += row_h
        surface.blit(item, (x, y))
        if cards is not None:
            surface.blit(cards, (x + item_w + size, y + 1))
        if pts is not None:
            surface.blit(pts, (box.right - size // 2 - pts.get_width(), y))
