"""What a networked table draws over the cards: the band of this laptop's own connection, the
missing seats' pills, the table's name, and the turn clock over a box.

Drawn by ``NetTableScene`` under any dialog (a box's buttons are never covered) and worked out
from what the connection says (``marriage_net.client.Status``, ``news.TurnClock``).
"""

from __future__ import annotations

import pygame

from marriage_gui.language import _, word
from marriage_gui.ui import theme
from marriage_net.client import AWAY, CLOSED, GONE, RECONNECTING, Status

#: The band's colours: this laptop's own connection away, gone for good, or a seat missing.
AWAY_BAND, GONE_BAND, SEAT_BAND = (20, 20, 20, 205), (120, 24, 20, 225), (92, 58, 12, 225)


def draw_band(
    surface: pygame.Surface, texts: list[str], k: float, colour: tuple[int, ...], top: int = 0
) -> int:
    """A band of ``texts`` across the table from ``top``; where it ends."""
    w = surface.get_width()
    size = round(19 * k)
    lines = [
        line for text in texts for line in theme.wrap(text.strip(), size, w - round(80 * k), True)
    ]
    if not lines:
        return top
    band = pygame.Rect(0, top, w, round(16 * k) + len(lines) * round(26 * k))
    layer = pygame.Surface(band.size, pygame.SRCALPHA)
    layer.fill(colour)
    surface.blit(layer, band.topleft)
    for i, line in enumerate(lines):
        label = theme.text(line, size, theme.TEXT, True)
        y = top + round(8 * k) + i * round(26 * k)
        surface.blit(label, label.get_rect(midtop=(w // 2, y)))
    return band.bottom


def draw_seat_news(
    surface: pygame.Surface, lines: list[str], centre: tuple[int, int], size: int
) -> None:
    """Missing seats, one amber pill a line, under the table's announcement (the plates above
    stay readable)."""
    y = centre[1]
    room = surface.get_width() - round(size * 1.4) - 40
    for line in lines:
        # Long words take smaller type first, then go on in a second pill.
        points = theme.fitting_size(line, size, room, max(11, size * 3 // 4), True)
        for part in theme.wrap(line, points, room, True):
            img = theme.text(part, points, theme.TEXT, True)
            r = img.get_rect(midtop=(centre[0], y))
            pill = r.inflate(size * 1.4, size * 0.6)
            theme.panel(surface, pill, pill.height // 2, SEAT_BAND, None)
            surface.blit(img, r)
            y = pill.bottom + size // 3


def connection_words(status: Status) -> str | None:
    """What the band says of this laptop's own connection (None: all is well)."""
    if status.state in (GONE, CLOSED):
        return word(status.message)
    if status.state == RECONNECTING:
        if status.message == AWAY or not status.message:
            return _("Reconnecting…")
        # Translators: {why} says why the connection is not back yet.
        return _("Reconnecting…  {why}").format(why=word(status.message))
    return None


def draw_connection_banner(surface: pygame.Surface, status: Status, k: float) -> int:
    """The band across the top of the table while the connection is away, closed by the host,
    or gone for good; where it ends (0: no band)."""
    words = connection_words(status)
    if words is None:
        return 0
    colour = GONE_BAND if status.state == GONE else AWAY_BAND
    return draw_band(surface, [words], k, colour)


def draw_table_name(surface: pygame.Surface, words: str, where: pygame.Rect, k: float) -> None:
    """The table's name (and its code) in small type under the menu button at ``where``."""
    size = max(11, round(14 * k))
    room = surface.get_width() // 4
    text, size = theme.shrunk(words, size, room, 9)
    surface.blit(theme.text(text, size, theme.TEXT_DIM), (where.x, where.bottom + round(8 * k)))


def draw_clock_over(surface: pygame.Surface, seconds: float, box: pygame.Rect, k: float) -> None:
    """The turn clock of the person at this screen, above a box that is up over the table (the
    clock runs while they read it)."""
    # Translators: over a box on the table while the player's turn clock runs; {seconds}: left.
    words = _("Your turn: {seconds} s left").format(seconds=max(0, round(seconds)))
    size = max(14, round(20 * k))
    img = theme.text(words, size, theme.TEXT, True)
    pill = img.get_rect(midbottom=(box.centerx, box.y - round(12 * k))).inflate(
        size * 1.4, size * 0.6
    )
    colour = (150, 40, 30, 235) if seconds <= 10 else (20, 60, 90, 235)
    theme.panel(surface, pill, pill.height // 2, colour, None)
    surface.blit(img, img.get_rect(center=pill.center))
