"""The controls sheet (F1 or ?): every mouse and key control of the table, on one page."""

from __future__ import annotations

import pygame

from marriage_gui.language import N_, _
from marriage_gui.ui.theme import (
    GOLD_LIGHT,
    TABLE_MUTED,
    TABLE_TEXT,
    Colour,
    fitting_size,
    panel,
)
from marriage_gui.ui.theme import text as label

#: (control, what it does): the mouse first, then the keys, as ``TableInput`` reads them.
MOUSE: tuple[tuple[str, str], ...] = (
    (N_("Click the stock"), N_("draw a card")),
    (N_("Click the discard pile"), N_("take the top discard")),
    (N_("Drag the stock or discard into your hand"), N_("draw it to that place")),
    (N_("Click a card"), N_("select it (click again: unselect)")),
    (N_("Double-click a card"), N_("discard it")),
    (N_("Select a card, click the discard pile"), N_("discard it (after drawing)")),
    (N_("Drag a card onto the discard pile"), N_("discard it")),
    (N_("Drag cards along your hand"), N_("move them (selected: together)")),
    (N_("Right-click, or click the felt"), N_("clear the selection")),
    (N_("Mouse wheel"), N_("scroll the log")),
    (N_("Hint, Sort, Group, See, Go out"), N_("the buttons above your hand")),
    (N_("Menu button (top left)"), N_("pause: controls, log, quit")),
)
#: The keys by their names on the keyboard (a key's letter is not translated, its words are).
KEYS: tuple[tuple[str, str], ...] = (
    ("1  /  2", N_("draw from the stock  /  take the discard")),
    (N_("Left  /  Right"), N_("move the focus along your hand")),
    (N_("Shift + Left  /  Right"), N_("carry the focused card along")),
    (N_("Space"), N_("select or unselect the focused card")),
    (N_("Up  /  Down"), N_("select  /  unselect the focused card")),
    ("D", N_("discard the selected, hinted or focused card")),
    ("Enter", N_("See, or Go out")),
    ("S", N_("sort (again: the other way)")),
    ("G", N_("group the melds found")),
    ("Ctrl+Z  /  Ctrl+Y", N_("undo  /  redo a change of arrangement")),
    ("H", N_("hint (on your turn)")),
    ("E", N_("offer again to expose a dealt tunnela")),
    ("L", N_("open or close the log")),
    ("Esc", N_("pause menu (Esc again: resume)")),
    ("F11", N_("full screen")),
    (N_("F1  or  ?"), N_("this sheet (any key or click closes it)")),
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
TABLE_SHEET: Sheet = ((N_("Mouse"), MOUSE), (N_("Keys"), KEYS))


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
    # Translators: the title of the sheet of every mouse and key control.
    title = label(_("Controls"), round(size * 1.4), GOLD_LIGHT, True)
    surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + size)))
    top = rect.y + size * 2 + title.get_height()
    for k, (heading, items) in enumerate(sheet):
        x = rect.x + size * 2 + k * (col_w + size)
        surface.blit(label(_(heading), size, GOLD_LIGHT, True), (x, top))
        key_w = round(col_w * (0.58 if k == 0 else 0.4))
        for n, (control, does) in enumerate(items):
            y = top + (n + 1) * row + size // 2
            _fit(surface, _key_words(control), size, TABLE_TEXT, True, (x, y), key_w - 8)
            _fit(surface, _(does), size, TABLE_MUTED, False, (x + key_w, y), col_w - key_w - 4)
    foot = _("Any key or click closes this sheet")
    foot_size = fitting_size(foot, max(10, size - 2), rect.width - size * 2, 8)
    img = label(foot, foot_size, TABLE_MUTED)
    surface.blit(img, img.get_rect(midbottom=(rect.centerx, rect.bottom - size // 2)))
    return rect


#: Keys named as on the keyboard: never looked up (a letter could be another word's msgid).
_CAPS = frozenset({"Esc", "Enter", "Home", "End", "Tab", "F1", "F11"})


def _key_words(control: str) -> str:
    """A control in the language in use; a single key's letter or name stays as it is."""
    if len(control) <= 1 or control in _CAPS:
        return control
    return _(control)


def _fit(
    surface: pygame.Surface,
    words: str,
    size: int,
    colour: Colour,
    bold: bool,
    pos: tuple[int, int],
    width: int,
) -> None:
    """Draw ``words`` at ``pos``, in smaller type when they are wider than ``width`` (a long
    phrase never runs into the next column), cut only past the smallest size."""
    small = fitting_size(words, size, width, max(8, size * 2 // 3), bold)
    img = label(words, small, colour, bold)
    if img.get_width() > width > 0:
        img = img.subsurface((0, 0, width, img.get_height()))
    surface.blit(img, (pos[0], pos[1] + (size - small) // 2))
