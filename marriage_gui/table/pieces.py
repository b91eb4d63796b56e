"""The fixed pieces of the table: the felt, the stock, and each opponent's plate and fan."""

from __future__ import annotations

import math

import pygame

from marriage_gui.art import palette
from marriage_gui.art.cards import card_size
from marriage_gui.art.felt import felt
from marriage_gui.language import N_, _
from marriage_gui.ui.theme import GOLD_LIGHT, TABLE_MUTED, TABLE_TEXT, fit, panel, shrunk
from marriage_gui.ui.theme import text as label

from .board import Board
from .layout import Layout

#: The computer players' levels as a plate names them.
LEVELS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}


def draw_stock(
    surface: pygame.Surface, board: Board, L: Layout, count: int, tiplu_hidden: bool, hot: bool
) -> None:
    """The face-down stock: a short stack with its count (the hidden tiplu peeks out below)."""
    art = board.art
    r = L.stock
    if tiplu_hidden:
        rb = board.rotated_back(L.tw)
        surface.blit(
            rb, (r.centerx - rb.get_width() // 2, r.bottom - rb.get_height() + round(L.th * 0.1))
        )
    layers = min(4, max(1, count // 15 + 1)) if count else 0
    m = art.shadow_margin(L.tw)
    if count:
        surface.blit(art.shadow(L.tw), (r.x - m + 2, r.y - m + 4))
    for k in range(layers):
        surface.blit(art.back(L.tw), (r.x - k * 2, r.y - k * 2))
    if not count:
        pygame.draw.rect(surface, (200, 220, 200), r, 2, border_radius=8)
    if hot and count:
        pygame.draw.rect(
            surface,
            GOLD_LIGHT,
            r.move(-2 * (layers - 1), -2 * (layers - 1)).inflate(6, 6),
            3,
            border_radius=10,
        )
    size = max(12, L.th // 9)
    img = label(f"{count}", size, TABLE_TEXT, True)
    lr = img.get_rect(midtop=(r.centerx, r.bottom + 6))
    panel(surface, lr.inflate(14, 4), lr.height // 2 + 2, (0, 0, 0, 120), None)
    surface.blit(img, lr)


def draw_felt(surface: pygame.Surface, L: Layout) -> None:
    """The cloth, with a faint oval where the piles sit."""
    surface.blit(felt(L.size), (0, 0))


def draw_plate(
    surface: pygame.Surface,
    board: Board,
    L: Layout,
    seat: int,
    name: str,
    kind: str,
    count: int,
    seen: bool,
    total: str,
    active: bool,
    dealer: bool,
    note: str | None = None,
) -> None:
    """An opponent's corner: avatar, name, level (or ``note``: how a seat at another laptop is
    doing), match ``total`` (as words; "" for none), seen mark, card-back fan and count."""
    spot = L.seats[seat]
    r = spot.plate
    border = GOLD_LIGHT if active else (80, 120, 100)
    if active:
        glow = r.inflate(10, 10)
        panel(surface, glow, 16, (*palette.GOLD, 60), None)
    panel(surface, r, 12, (8, 30, 22, 215), border, edge_width=2)
    ar = r.height // 2 - 8
    centre = (r.x + ar + 10, r.centery)
    pygame.draw.circle(surface, (40, 86, 66) if not active else (120, 90, 30), centre, ar)
    initial = label(name[:1].upper(), round(ar * 1.1), TABLE_TEXT, True)
    surface.blit(initial, initial.get_rect(center=centre))
    x = centre[0] + ar + 10
    size = max(13, r.height // 4)
    right = r.right - 8
    if seen:
        # Translators: a small tag on a plate: this player has seen the maal.
        tag = label(_("SEEN"), max(10, round(size * 0.7)), (40, 26, 8), True)
        tr = tag.get_rect(topright=(right, r.y + 8)).inflate(10, 4)
        pygame.draw.rect(surface, GOLD_LIGHT, tr, border_radius=tr.height // 2)
        surface.blit(tag, tag.get_rect(center=tr.center))
        right = tr.left - 6
    # A long name or a big total is cut short rather than run under the SEEN tag or the edge.
    nm = label(fit(name, size, right - x, True), size, TABLE_TEXT, True)
    surface.blit(nm, (x, r.y + 8))
    if note:
        sub = note
    elif kind == "human":
        # Translators: on a plate: a person plays this seat.
        sub = _("Human")
    else:
        # Translators: on a plate: the computer plays this seat; {level}: easy, medium or hard.
        sub = _("Bot · {level}").format(level=_(LEVELS.get(kind, kind)))
    sub += f" · {total}" if total else ""
    # The money matters more than the type size: the line shrinks a little before it is cut.
    room = r.right - 6 - x
    si = label(*shrunk(sub, max(11, round(size * 0.78)), room, 9), NOTE if note else TABLE_MUTED)
    surface.blit(si, (x, r.y + 10 + nm.get_height()))
    if dealer:
        # Translators: the one letter on the dealer's chip (D for dealer).
        chip = label(_("D"), max(10, round(size * 0.7)), (40, 26, 8), True)
        cc = dealer_chip_centre(r)
        pygame.draw.circle(surface, (240, 236, 226), cc, chip.get_height() // 2 + 3)
        pygame.draw.circle(surface, (40, 26, 8), cc, chip.get_height() // 2 + 3, 1)
        surface.blit(chip, chip.get_rect(center=cc))
    # The card-back fan beside the plate, with the count on a red disc.
    shown = min(count, 10)
    fx, fy = spot.fan
    back = board.art.back(L.bw)
    step = L.bw * 0.16
    x0 = fx - (L.bw + step * (shown - 1)) / 2
    fan_y = fy - L.bh // 2
    for k in range(shown):
        surface.blit(back, (round(x0 + k * step), round(fan_y)))
    cnt = label(str(count), max(11, round(size * 0.8)), TABLE_TEXT, True)
    cr = cnt.get_rect(center=(round(fx + L.bw * 0.2), round(fan_y + L.bh - 2)))
    pygame.draw.circle(surface, (150, 22, 36), cr.center, max(cr.width, cr.height) // 2 + 4)
    pygame.draw.circle(surface, GOLD_LIGHT, cr.center, max(cr.width, cr.height) // 2 + 4, 1)
    surface.blit(cnt, cr)


def dealer_chip_centre(plate: pygame.Rect) -> tuple[int, int]:
    """Where the dealer's chip sits: on the avatar's lower right, clear of the words."""
    ar = plate.height // 2 - 8
    return (plate.x + 10 + round(ar * 1.75), plate.centery + round(ar * 0.7))


def draw_ring(surface: pygame.Surface, L: Layout, seat: int, frac: float) -> None:
    """A ring round the avatar that fills while a bot thinks."""
    r = L.seats[seat].plate
    ar = r.height // 2 - 8
    rect = pygame.Rect(0, 0, ar * 2 + 8, ar * 2 + 8)
    rect.center = (r.x + ar + 10, r.centery)
    pygame.draw.arc(surface, (60, 80, 70), rect, 0, 2 * math.pi, 3)
    if frac > 0:
        pygame.draw.arc(
            surface, GOLD_LIGHT, rect, math.pi / 2 - 2 * math.pi * min(1.0, frac), math.pi / 2, 4
        )


#: A seat's status on its plate (away, a computer playing for them): warm, to be noticed.
NOTE = (240, 178, 96)


def draw_clock(surface: pygame.Surface, L: Layout, seat: int, left: float, total: int) -> None:
    """The turn clock round the acting seat's avatar: the ring empties as the time runs out, and
    the seconds left stand beside it (red in the last ten)."""
    r = L.seats[seat].plate
    ar = r.height // 2 - 8
    rect = pygame.Rect(0, 0, ar * 2 + 14, ar * 2 + 14)
    rect.center = (r.x + ar + 10, r.centery)
    frac = max(0.0, min(1.0, left / total)) if total > 0 else 0.0
    colour = (226, 92, 72) if left <= 10 else (120, 200, 255)
    if frac > 0:
        pygame.draw.arc(surface, colour, rect, math.pi / 2, math.pi / 2 + 2 * math.pi * frac, 3)
    secs = label(f"{math.ceil(max(0.0, left))}", max(11, r.height // 5), colour, True)
    surface.blit(secs, secs.get_rect(midtop=(rect.centerx, rect.bottom - 2)))


def card_rect(x: float, y: float, w: int) -> pygame.Rect:
    """The rectangle of a card ``w`` wide at (x, y)."""
    cw, ch = card_size(w)
    return pygame.Rect(round(x), round(y), cw, ch)
