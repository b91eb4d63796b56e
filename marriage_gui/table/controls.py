"""The controls sheet (F1 or ?): every mouse and key control of the table, on one page."""

from __future__ import annotations

import pygame

from marriage_gui.ui.theme import GOLD_LIGHT, TABLE_MUTED, TABLE_TEXT, panel
from marriage_gui.ui.theme import text as label

#: (control, what it does): the mouse first, then the keys, as ``TableInput`` reads them.
MOUSE: tuple[tuple[str, str], ...] = (
    ("Click the stock", "draw a card"),
    ("Click the discard pile", "take the top discard"),
    ("Drag the stock or discard into your hand", "draw it to that place"),
    ("Click a card", "select it (click again: unselect)"),
    ("Double-click a card", "discard it"),
    ("Select a card, click the discard pile", "discard it (after drawing)"),
    ("Drag a card onto the discard pile", "discard it"),
    ("Drag cards along your hand", "move them (selected: together)"),
    ("Right-click, or click the felt", "clear the selection"),
    ("Mouse wheel", "scroll the log"),
    ("Hint, Sort, Group, See, Go out", "the buttons above your hand"),
    ("Menu button (top left)", "pause: controls, log, quit"),
)
KEYS: tuple[tuple[str, str], ...] = (
    ("1  /  2", "draw from the stock  /  take the discard"),
    ("Left  /  Right", "move the focus along your hand"),
    ("Shift + Left  /  Right", "carry the focused card along"),
    ("Space", "select or unselect the focused card"),
    ("Up  /  Down", "select  /  unselect the focused card"),
    ("D", "discard the selected, hinted or focused card"),
    ("Enter", "See, or Go out"),
    ("S", "sort (again: the other way)"),
    ("G", "group the melds found"),
    ("Ctrl+Z  /  Ctrl+Y", "undo  /  redo a change of arrangement"),
    ("H", "hint (on your turn)"),
    ("E", "offer again to expose a dealt tunnela"),
    ("L", "open or close the log"),
    ("Esc", "pause menu (Esc again: resume)"),
    ("F11", "full screen"),
    ("F1  or  ?", "this sheet (any key or click closes it)"),
)


def is_help_key(event: pygame.event.Event) -> bool:
    """Whether a key press asks for the controls sheet."""
    if event.type != pygame.KEYDOWN:
        return False
    return event.key == pygame.K_F1 or getattr(event, "unicode", "") == "?"


def sheet_event(shown: bool, event: pygame.event.Event) -> bool | None:
    """The controls sheet's answer to an event: whether the sheet is up after it, or None when
    the event is not the sheet's (a key or a click puts the sheet away; F1 or ? brings it)."""
    if shown:
        return event.type not in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP)
    return True if is_help_key(event) else None


Sheet = tuple[tuple[str, tuple[tuple[str, str], ...]], ...]
#: The table's sheet: the mouse beside the keys.
TABLE_SHEET: Sheet = (("Mouse", MOUSE), ("Keys", KEYS))


def draw_controls(surface: pygame.Surface, sheet: Sheet = TABLE_SHEET) -> pygame.Rect:
    """Draw the sheet (two columns of controls) centred over the screen; returns its rectangle."""
    w, h = surface.get_size()
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 140))
    surface.blit(shade, (0, 0))
    size = max(12, min(h // 52, w // 90))
    row = round(size * 1.5)
    rows = max(len(items) for _heading, items in sheet) + 2
    col_w = min((w - 80) // 2, size * 40)
    rect = pygame.Rect(0, 0, col_w * 2 + size * 4, rows * row + size * 5)
    rect.center = (w // 2, h // 2)
    panel(surface, rect, 16, (8, 30, 22, 242), GOLD_LIGHT, edge_width=2)
    title = label("Controls", round(size * 1.4), GOLD_LIGHT, True)
    surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + size)))
    top = rect.y + size * 2 + title.get_height()
    for k, (heading, items) in enumerate(sheet):
        x = rect.x + size * 2 + k * (col_w + size)
        surface.blit(label(heading, size, GOLD_LIGHT, True), (x, top))
        key_w = round(col_w * (0.58 if k == 0 else 0.4))
        for n, (control, does) in enumerate(items):
            y = top + (n + 1) * row + size // 2
            _fit(surface, label(control, size, TABLE_TEXT, True), (x, y), key_w - 8)
            _fit(surface, label(does, size, TABLE_MUTED), (x + key_w, y), col_w - key_w - 4)
    foot = label("Any key or click closes this sheet", max(10, size - 2), TABLE_MUTED)
    surface.blit(foot, foot.get_rect(midbottom=(rect.centerx, rect.bottom - size // 2)))
    return rect


def _fit(surface: pygame.Surface, img: pygame.Surface, pos: tuple[int, int], width: int) -> None:
    """Blit ``img`` cut to ``width`` so a long phrase never runs into the next column."""
    if img.get_width() > width > 0:
        img = img.subsurface((0, 0, width, img.get_height()))
    surface.blit(img, pos)
