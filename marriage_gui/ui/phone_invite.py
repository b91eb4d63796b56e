"""The lobby's invitation to phones: a QR code of the page's address, beside it in large type.

A phone on the same Wi-Fi opens ``http://<this laptop>:<port>/?code=<code>`` in its browser
(the table serves the page on its own port, ``marriage_net/page.py``); the code comes in the
address, so scanning is the whole of joining but the name. The QR matrix comes from ``segno``;
it is drawn here as squares, with the quiet zone a reader needs.
"""

from __future__ import annotations

import pygame
import segno

from marriage_gui.language import _
from marriage_gui.ui import theme

#: The modules of white a reader needs around a code.
QUIET = 4
#: The fewest pixels a module may have (smaller, and phones read it badly off a screen).
SMALLEST_MODULE = 2


def page_address(address: str, port: int, code: str) -> str:
    """The address a phone opens: this laptop's, the table's port, the code filled in."""
    host = f"[{address}]" if ":" in address else address
    return f"http://{host}:{port}/?code={code}"


def qr_modules(text: str) -> list[list[bool]]:
    """The code's modules, quiet zone included: True for dark."""
    code = segno.make(text, error="m", micro=False)
    return [[bool(m) for m in row] for row in code.matrix_iter(scale=1, border=QUIET)]


def qr_surface(text: str, side: int) -> pygame.Surface | None:
    """The QR code of ``text`` at most ``side`` pixels square, in whole pixels per module (None:
    too small to be read)."""
    rows = qr_modules(text)
    px = side // len(rows)
    if px < SMALLEST_MODULE:
        return None
    size = px * len(rows)
    surf = pygame.Surface((size, size))
    surf.fill((255, 255, 255))
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                surf.fill((0, 0, 0), pygame.Rect(x * px, y * px, px, px))
    return surf


class PhoneInvite:
    """The QR code and the address, drawn in a box the lobby gives (its QR cached per address)."""

    def __init__(self) -> None:
        self._made: tuple[str, int, pygame.Surface | None] | None = None

    def _qr(self, url: str, side: int) -> pygame.Surface | None:
        if self._made is None or self._made[:2] != (url, side):
            self._made = (url, side, qr_surface(url, side))
        return self._made[2]

    def draw(self, surface: pygame.Surface, box: pygame.Rect, url: str, k: float) -> bool:
        """Draw the invitation in ``box``; False when the box is too small for a readable code."""
        pad = round(14 * k)
        qr = self._qr(url, min(box.h - 2 * pad, round(220 * k), box.w // 2))
        if qr is None:
            return False
        theme.panel(surface, box, round(14 * k), shadow=round(8 * k))
        surface.blit(qr, (box.x + pad, box.y + (box.h - qr.get_height()) // 2))
        x = box.x + 2 * pad + qr.get_width()
        room = box.right - pad - x
        # Translators: beside the QR code in the host's lobby; a phone's camera opens the page.
        note = _("Phones: scan this, or open in the browser")
        size = round(16 * k)
        y = box.y + pad
        for part in theme.wrap(note, size, room):
            surface.blit(theme.text(part, size, theme.TEXT), (x, y))
            y += round(22 * k)
        # The address as a person types it (a browser adds the http:// itself).
        typed = url.split("://", 1)[-1].split("/", 1)[0]
        shown, big = theme.shrunk(typed, round(34 * k), room, round(13 * k), True)
        surface.blit(theme.text(shown, big, theme.GOLD_LIGHT, True), (x, y + round(6 * k)))
        return True


__all__ = ["PhoneInvite", "page_address", "qr_modules", "qr_surface"]
