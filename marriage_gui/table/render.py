"""Drawing the table scene: felt, piles, seats, the band over the hand, the hand, the words."""

from __future__ import annotations

from typing import Any

import pygame

from marriage_gui.language import _
from marriage_gui.ui.form import above, draw_tooltip
from marriage_gui.ui.theme import (
    GOLD_LIGHT,
    TABLE_MUTED,
    TABLE_TEXT,
    fitting_size,
    panel,
    shrunk,
    text_width,
    ui_scale,
    wrap,
)
from marriage_gui.ui.theme import text as label
from marriage_gui.ui.words import match_total

from . import board as bd
from . import pieces
from .controls import draw_controls
from .maal import draw_maal
from .picture import TablePicture
from .tips import STOCK, discard_tip, stock_tip

#: The mark over a complete meld in the hand: gold, half-seen.
MELD_MARK = (214, 178, 90)

Marks = dict[int, frozenset[str]]


class TableRenderer:
    """Draws pictures of the table; keeps the still part of the last one as a layer, redrawn
    only when what it shows changes (the renderer's own cache: no state of the game)."""

    def __init__(self) -> None:
        self.static_layer: tuple[tuple[Any, ...], pygame.Surface] | None = None

    def draw(self, p: TablePicture, surface: pygame.Surface) -> None:
        """Everything, back to front."""
        L = p.layout
        if L is None:
            return
        if p.curtain is not None:
            # Opaque: nothing of the table (no hand, no animation) is drawn behind it.
            p.curtain.draw(surface)
            if p.dialog is not None:
                p.dialog.draw(surface, p.board.art, p.four_colour)
            return
        marks = marks_of(p)
        my_draw = p.my_turn and p.view.phase == "draw"
        self._draw_still(p, surface, marks, my_draw)
        _draw_live(p, surface, marks)

    def _draw_still(
        self, p: TablePicture, surface: pygame.Surface, marks: Marks, my_draw: bool
    ) -> None:
        key = _static_key(p, my_draw)
        if key is None:
            _draw_static(p, surface, marks, my_draw)
            return
        kept = self.static_layer
        if kept is None or kept[0] != key or kept[1].get_size() != surface.get_size():
            layer = (
                pygame.Surface(surface.get_size()).convert(surface)
                if pygame.display.get_surface()
                else pygame.Surface(surface.get_size())
            )
            _draw_static(p, layer, marks, my_draw)
            kept = self.static_layer = (key, layer)
        surface.blit(kept[1], (0, 0))


def marks_of(p: TablePicture) -> Marks:
    """The badges and selection marks of every card on the table."""
    marks: Marks = {}
    fan = p.fan
    for cid in p.board.sprites:
        if cid < 0:
            continue
        m = bd.card_marks(p.view, cid) if p.looking else set()
        if p.looking and fan is not None and cid in fan.selected:
            m.add("selected")
        if cid == p.hint_card:
            m.add("selected")
        if m:
            marks[cid] = frozenset(m)
    return marks


def _draw_live(p: TablePicture, surface: pygame.Surface, marks: Marks) -> None:
    """What moves or changes from frame to frame, over the still layer."""
    L, v, fan = p.layout, p.view, p.fan
    assert L is not None
    if p.ring is not None and v.current_player in L.seats:
        pieces.draw_ring(surface, L, v.current_player, p.ring)
    if p.clock is not None and p.clock[0] in L.seats:
        seat, left, total = p.clock
        pieces.draw_clock(surface, L, seat, left, total)
    if p.holding_hand:
        pygame.draw.rect(surface, GOLD_LIGHT, L.discard_zone, 2, border_radius=12)
    for b in p.buttons.values():
        b.draw(surface)
    # The hand.
    p.board.draw_cards(surface, marks, p.four_colour, (3,))
    if p.looking and fan is not None:
        _draw_meld_marks(p, surface)
    _draw_hand_rings(p, surface)
    _draw_words(p, surface)
    # Cards in flight and in the hand of the player go over everything but dialogs.
    p.board.draw_moving(surface, marks, p.four_colour)
    _draw_menu_button(p, surface)
    _draw_pile_tip(p, surface)
    if p.dialog is not None:
        p.dialog.draw(surface, p.board.art, p.four_colour)
    if p.show_controls:
        draw_controls(surface)


def _draw_hand_rings(p: TablePicture, surface: pygame.Surface) -> None:
    """The hint's gold ring, and the keyboard's blue ring."""
    hinted = p.board.sprites.get(p.hint_card or -1) if p.looking else None
    if hinted is not None:
        pygame.draw.rect(surface, GOLD_LIGHT, hinted.rect.inflate(6, 6), 3, border_radius=9)
    sp = p.board.sprites.get(p.focused) if p.looking and p.focused is not None else None
    if sp is not None:
        pygame.draw.rect(surface, (120, 200, 255), sp.rect.inflate(4, 4), 3, border_radius=8)


def _draw_words(p: TablePicture, surface: pygame.Surface) -> None:
    """The maal panel, the announcement, the prompt, the log and the toasts."""
    L, v = p.layout, p.view
    assert L is not None
    size = max(14, L.size[1] // 48)
    if p.looking and not v.hand_over and v.seen[v.seat]:
        draw_maal(surface, v, L.maal_area, L.maal_size)
    if not p.log.open:
        # The open log ends with the same line.
        p.log.draw_banner(surface, L.banner, size)
    if p.prompt:
        _draw_prompt(p, surface, size)
    p.log.draw_panel(surface, L.log_rect, max(12, size - 3))
    p.toast.draw(surface, L.banner[1] + round(size * 1.6), size, L.banner[0])


def _draw_prompt(p: TablePicture, surface: pygame.Surface, size: int) -> None:
    """The prompt left of the buttons, clear of the plate and the shown melds; where long
    words have no room there, over the buttons' right end."""
    L = p.layout
    assert L is not None
    shown = [b.rect for b in p.buttons.values() if b.visible]
    right = (min(b.x for b in shown) if shown else L.size[0] - L.margin) - 18
    melds = [
        t.x + t.w
        for t in p.board.targets.values()
        if t.layer in (1, 2) and t.y >= L.band.y - 2 and t.x >= L.my_melds.x
    ]
    left = max([L.my_plate.right, *melds]) + 18
    colour = GOLD_LIGHT if p.my_turn else TABLE_MUTED
    if text_width(p.prompt, size, p.my_turn) <= right - left:
        img = label(p.prompt, size, colour, p.my_turn)
        surface.blit(img, img.get_rect(midright=(right, L.buttons.centery)))
        return
    end = max(b.right for b in shown) if shown else L.size[0] - L.margin
    room = end - max(L.my_plate.right + 18, L.size[0] // 3)
    img = label(*shrunk(p.prompt, size, room, 10, p.my_turn), colour, p.my_turn)
    surface.blit(img, img.get_rect(bottomright=(end, L.buttons.y - 6)))


def _static_key(p: TablePicture, my_draw: bool) -> tuple[Any, ...] | None:
    """What the still part of the table depends on; None while any of it is moving."""
    board = p.board
    for cid, t in board.targets.items():
        if t.layer < 3:
            sp = board.sprites.get(cid)
            if sp is None or sp.moving or cid in board.dragging:
                return None
    if board.sequences:
        return None
    v = p.view
    assert p.layout is not None
    return (
        p.layout.size,
        p.version,
        v.hand_no,
        v.phase,
        p.viewer,
        p.bottom,
        p.four_colour,
        my_draw,
        len(board.sprites),
        p.log.open,
        tuple(sorted(p.notes.items())),
    )


def _draw_static(p: TablePicture, surface: pygame.Surface, marks: Marks, my_draw: bool) -> None:
    """Felt, stock, discards, seats and shown melds: redrawn only when they change."""
    L, v = p.layout, p.view
    four = p.four_colour
    assert L is not None
    pieces.draw_felt(surface, L)
    # The tiplu lies under the stock once chosen: at the deal, or when the first player sees.
    tiplu_out = (v.rules.tiplu_timing == "deal" or any(v.seen)) and not v.hand_over
    pieces.draw_stock(surface, p.board, L, v.stock_count, tiplu_out, my_draw)
    if not v.discards:
        empty = pygame.Rect(L.discard_row.topleft, (L.tw, L.th))
        pygame.draw.rect(surface, (200, 220, 200), empty, 2, border_radius=8)
    p.board.draw_cards(surface, marks, four, (0,))
    if my_draw and v.discards:
        top = p.board.sprites.get(v.discards[-1])
        if top is not None and not top.moving:
            pygame.draw.rect(surface, GOLD_LIGHT, top.rect.inflate(6, 6), 3, border_radius=10)
    for seat in L.seats:
        pieces.draw_plate(
            surface,
            p.board,
            L,
            seat,
            p.name(seat),
            p.kinds[seat],
            v.hand_counts[seat],
            v.seen[seat],
            match_total(v.totals[seat], v.rules.lowest_wins) if v.totals[seat] else "",
            v.current_player == seat and not v.hand_over,
            v.dealer == seat,
            p.notes.get(seat),
        )
    p.board.draw_cards(surface, marks, four, (1, 2))
    _draw_my_plate(p, surface)


def _draw_my_plate(p: TablePicture, surface: pygame.Surface) -> None:
    """The bottom seat's name, seen mark and total, above its shown melds."""
    L, v = p.layout, p.view
    assert L is not None
    seat = p.bottom
    size = max(12, L.size[1] // 56)
    bits = [p.name(seat)]
    if p.viewer == seat and v.seen[seat]:
        # Translators: on the player's own plate: they have seen the maal.
        bits.append(_("seen"))
    bits.append(match_total(v.totals[seat], v.rules.lowest_wins))
    text = "  ·  ".join(bits)
    active = v.current_player == seat and not v.hand_over
    box = L.my_plate.copy()
    # The plate grows for long words, never over the tiplu lying right of it.
    room = max(box.width, L.my_melds.x - 6 - box.x)
    img = label(*shrunk(text, size, room - 20, 9, True), GOLD_LIGHT if active else TABLE_TEXT, True)
    box.width = min(room, max(box.width, img.get_width() + 20))
    panel(
        surface,
        box,
        box.height // 3,
        (8, 30, 22, 215),
        GOLD_LIGHT if active else (80, 120, 100),
        edge_width=2,
    )
    surface.blit(img, img.get_rect(center=box.center))
    if p.viewer == seat and v.seen[seat] and v.tiplu_id is not None:
        # Translators: under the tiplu card lying face up beside the player's melds.
        lbl = label(_("tiplu"), max(10, size - 2), GOLD_LIGHT, True)
        surface.blit(lbl, lbl.get_rect(midtop=(L.my_melds.x + L.mw // 2, L.my_melds.y + L.mh + 2)))


def _draw_menu_button(p: TablePicture, surface: pygame.Surface) -> None:
    L = p.layout
    assert L is not None
    r = L.menu_button
    panel(surface, r, 8, (0, 0, 0, 120), None)
    for k in range(3):
        y = r.y + 11 + k * 7
        pygame.draw.line(surface, TABLE_TEXT, (r.x + 11, y), (r.right - 11, y), 3)
    # Translators: top left of the table; {number}: this hand, {total}: the hands in the match;
    # L and F1 are keys.
    info = _("Hand {number} of {total}   ·   L: log   ·   F1: controls").format(
        number=p.view.hand_no + 1, total=p.view.hands_total
    )
    # The line keeps to the room left of the plates beside it: smaller type before it is cut.
    right = min(
        (
            spot.plate.x
            for spot in L.seats.values()
            if spot.plate.x > r.right and spot.plate.top <= r.centery <= spot.plate.bottom
        ),
        default=L.size[0] - L.margin,
    )
    room = right - 8 - (r.right + 10)
    size = max(12, L.size[1] // 60)
    lines = [info]
    if fitting_size(info, size, room, 10) == 10 and text_width(info, 10) > room:
        # Too long for one line even in small type: two lines beside the menu button.
        size = max(9, min(size, r.height // 3))
        lines = wrap(info, size, room)[:2]
    imgs = [label(*shrunk(line, size, room, 9), TABLE_MUTED) for line in lines]
    y = r.centery - sum(img.get_height() for img in imgs) // 2
    for img in imgs:
        surface.blit(img, (r.right + 10, y))
        y += img.get_height()


def _draw_pile_tip(p: TablePicture, surface: pygame.Surface) -> None:
    """The tooltip of the pile the pointer rests on."""
    pile, L, v = p.tip, p.layout, p.view
    if pile is None or L is None or p.dialog is not None or p.show_controls or p.dragging:
        return
    if pile == STOCK:
        tip, anchor = stock_tip(v, p.my_turn), L.stock
    else:
        top = p.board.sprites.get(v.discards[-1]) if v.discards else None
        anchor = top.rect if top is not None else pygame.Rect(L.discard_row.topleft, (L.tw, L.th))
        tip = discard_tip(v, p.my_turn)
    draw_tooltip(surface, tip, anchor, ui_scale(L.size), above)


def marked_runs(p: TablePicture) -> list[list[int]]:
    """The groups of the hand that are complete now: melds, and dublees where they count (the
    view says which)."""
    if p.fan is None:
        return []
    return [run for run in p.fan.runs() if p.view.is_complete(run)]


def _draw_meld_marks(p: TablePicture, surface: pygame.Surface) -> None:
    """A quiet gold line over each group of the hand that is complete now."""
    fan, L = p.fan, p.layout
    if fan is None or L is None or p.dragging:
        return
    for run in marked_runs(p):
        first, last = p.board.sprites.get(run[0]), p.board.sprites.get(run[-1])
        if first is None or last is None:
            continue
        # The line ends where the next card covers the last one, so neighbours stay apart.
        at = fan.order.index(run[-1])
        after = p.board.sprites.get(fan.order[at + 1]) if at + 1 < len(fan.order) else None
        right = min(last.rect.right, after.rect.x if after is not None else last.rect.right) - 8
        y = min(first.rect.y, last.rect.y) - 5
        pygame.draw.line(surface, MELD_MARK, (first.rect.x + 6, y), (right, y), 3)
