"""Drawing the table scene: felt, piles, seats, the band over the hand, the hand, the words."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine.cards import CARDS, code_of
from engine.melds import classify_meld, is_dublee
from marriage_gui.ui.form import above, draw_tooltip
from marriage_gui.ui.theme import GOLD_LIGHT, TABLE_MUTED, TABLE_TEXT, panel, ui_scale
from marriage_gui.ui.theme import text as label
from marriage_gui.ui.words import match_total

from . import board as bd
from . import pieces
from .controls import draw_controls
from .maal import draw_maal
from .tips import STOCK, discard_tip, stock_tip

#: The mark over a complete meld in the hand: gold, half-seen.
MELD_MARK = (214, 178, 90)

if TYPE_CHECKING:
    from .scene import TableScene


def draw_table(s: TableScene, surface: pygame.Surface) -> None:
    """Everything, back to front."""
    L = s.layout
    if L is None or L.size != surface.get_size():
        s.on_resize(surface.get_size())
        L = s.layout
    assert L is not None
    v = s.state
    if s.curtain is not None:
        # Opaque: nothing of the table (no hand, no animation) is drawn behind it.
        s.curtain.draw(surface)
        if s.dialog is not None:
            s.dialog.draw(surface, s.art, bool(s.setting("four_colour", False)))
        return
    s.commands.refresh()
    four = bool(s.setting("four_colour", False))
    marks: dict[int, frozenset[str]] = {}
    fan = s.fan
    looking = s.looking
    for cid in s.board.sprites:
        if cid < 0:
            continue
        m = bd.card_marks(v, cid) if looking else set()
        if looking and fan is not None and cid in fan.selected:
            m.add("selected")
        if cid == s.commands.hint_card:
            m.add("selected")
        if m:
            marks[cid] = frozenset(m)
    my_draw = s.my_turn() and v.phase == "draw"
    key = _static_key(s, four, my_draw)
    if key is None:
        _draw_static(s, surface, marks, four, my_draw)
    else:
        if (
            s.static_layer is None
            or s.static_layer[0] != key
            or s.static_layer[1].get_size() != surface.get_size()
        ):
            layer = (
                pygame.Surface(surface.get_size()).convert(surface)
                if pygame.display.get_surface()
                else pygame.Surface(surface.get_size())
            )
            _draw_static(s, layer, marks, four, my_draw)
            s.static_layer = (key, layer)
        surface.blit(s.static_layer[1], (0, 0))
    if s.is_bot(v.current_player) and not v.hand_over and v.current_player in L.seats:
        delay = max(0.3, float(s.setting("bot_delay", 0.6)))
        pieces.draw_ring(surface, L, v.current_player, min(1.0, s.think / delay))
    if s.input.dragging and s.input.drag_ids and s.input.drag_ids[0] in (fan.order if fan else []):
        pygame.draw.rect(surface, GOLD_LIGHT, L.discard_zone, 2, border_radius=12)
    for b in s.buttons.values():
        b.draw(surface)
    # The hand.
    s.board.draw_cards(surface, marks, four, (3,))
    if looking and fan is not None:
        _draw_meld_marks(s, surface)
    hinted = s.board.sprites.get(s.commands.hint_card or -1) if looking else None
    if hinted is not None:
        pygame.draw.rect(surface, GOLD_LIGHT, hinted.rect.inflate(6, 6), 3, border_radius=9)
    if looking and fan is not None and s.input.keyboard and fan.order:
        cid = fan.order[min(fan.focus, len(fan.order) - 1)]
        sp = s.board.sprites.get(cid)
        if sp is not None:
            pygame.draw.rect(surface, (120, 200, 255), sp.rect.inflate(4, 4), 3, border_radius=8)
    # Words.
    size = max(14, L.size[1] // 48)
    if looking and not v.hand_over and v.seen[v.seat]:
        draw_maal(surface, v, L.maal_area, L.maal_size)
    if not s.log.open:
        # The open log ends with the same line.
        s.log.draw_banner(surface, L.banner, size)
    prompt = _prompt(s)
    if prompt:
        img = label(prompt, size, GOLD_LIGHT if s.my_turn() else TABLE_MUTED, s.my_turn())
        shown = [b.rect.x for b in s.buttons.values() if b.visible]
        right = (min(shown) if shown else L.size[0] - L.margin) - 18
        r = img.get_rect(midright=(right, L.buttons.centery))
        surface.blit(img, r)
    s.log.draw_panel(surface, L.log_rect, max(12, size - 3))
    s.toast.draw(surface, L.banner[1] + round(size * 1.6), size)
    # Cards in flight and in the hand of the player go over everything but dialogs.
    s.board.draw_moving(surface, marks, four)
    _draw_menu_button(s, surface)
    _draw_pile_tip(s, surface)
    if s.dialog is not None:
        s.dialog.draw(surface, s.art, four)
    if s.show_controls:
        draw_controls(surface)


def _static_key(s: TableScene, four: bool, my_draw: bool) -> tuple | None:
    """What the still part of the table depends on; None while any of it is moving."""
    board = s.board
    for cid, t in board.targets.items():
        if t.layer < 3:
            sp = board.sprites.get(cid)
            if sp is None or sp.moving or cid in board.dragging:
                return None
    if board.sequences:
        return None
    v = s.state
    assert s.layout is not None
    return (
        s.layout.size,
        s.seats.version,
        v.hand_no,
        v.phase,
        s.viewer,
        s.bottom,
        four,
        my_draw,
        len(board.sprites),
        s.log.open,
    )


def _draw_static(
    s: TableScene, surface: pygame.Surface, marks: dict, four: bool, my_draw: bool
) -> None:
    """Felt, stock, discards, seats and shown melds: redrawn only when they change."""
    L, v = s.layout, s.state
    assert L is not None
    pieces.draw_felt(surface, L)
    # The tiplu lies under the stock once chosen: at the deal, or when the first player sees.
    tiplu_out = (v.rules.tiplu_timing == "deal" or any(v.seen)) and not v.hand_over
    pieces.draw_stock(surface, s.board, L, v.stock_count, tiplu_out, my_draw)
    if not v.discards:
        empty = pygame.Rect(L.discard_row.topleft, (L.tw, L.th))
        pygame.draw.rect(surface, (200, 220, 200), empty, 2, border_radius=8)
    s.board.draw_cards(surface, marks, four, (0,))
    if my_draw and v.discards:
        top = s.board.sprites.get(v.discards[-1])
        if top is not None and not top.moving:
            pygame.draw.rect(surface, GOLD_LIGHT, top.rect.inflate(6, 6), 3, border_radius=10)
    for seat in L.seats:
        pieces.draw_plate(
            surface,
            s.board,
            L,
            seat,
            s.seats.name(seat),
            s.seat_kind(seat),
            v.hand_counts[seat],
            v.seen[seat],
            match_total(v.totals[seat], v.rules.lowest_wins) if v.totals[seat] else "",
            v.current_player == seat and not v.hand_over,
            v.dealer == seat,
        )
    s.board.draw_cards(surface, marks, four, (1, 2))
    _draw_my_plate(s, surface)


def _prompt(s: TableScene) -> str:
    from .scene import prompt_text

    return prompt_text(s)


def _draw_my_plate(s: TableScene, surface: pygame.Surface) -> None:
    """The bottom seat's name, seen mark and total, above its shown melds."""
    L, v = s.layout, s.state
    assert L is not None
    seat = s.bottom
    size = max(12, L.size[1] // 56)
    bits = [s.seats.name(seat)]
    if s.viewer == seat and v.seen[seat]:
        bits.append("seen")
    bits.append(match_total(v.totals[seat], v.rules.lowest_wins))
    text = "  ·  ".join(bits)
    active = v.current_player == seat and not v.hand_over
    img = label(text, size, GOLD_LIGHT if active else TABLE_TEXT, True)
    box = L.my_plate.copy()
    box.width = max(box.width, img.get_width() + 20)
    panel(
        surface,
        box,
        box.height // 3,
        (8, 30, 22, 215),
        GOLD_LIGHT if active else (80, 120, 100),
        edge_width=2,
    )
    surface.blit(img, img.get_rect(center=box.center))
    if s.viewer == seat and v.seen[seat] and v.tiplu_id is not None:
        lbl = label("tiplu", max(10, size - 2), GOLD_LIGHT, True)
        surface.blit(lbl, lbl.get_rect(midtop=(L.my_melds.x + L.mw // 2, L.my_melds.y + L.mh + 2)))


def _draw_menu_button(s: TableScene, surface: pygame.Surface) -> None:
    L = s.layout
    assert L is not None
    r = L.menu_button
    panel(surface, r, 8, (0, 0, 0, 120), None)
    for k in range(3):
        y = r.y + 11 + k * 7
        pygame.draw.line(surface, TABLE_TEXT, (r.x + 11, y), (r.right - 11, y), 3)
    info = f"Hand {s.state.hand_no + 1} of {s.state.hands_total}   ·   L: log   ·   F1: controls"
    img = label(info, max(12, L.size[1] // 60), TABLE_MUTED)
    surface.blit(img, (r.right + 10, r.centery - img.get_height() // 2))


def _draw_pile_tip(s: TableScene, surface: pygame.Surface) -> None:
    """The tooltip of the pile the pointer rests on."""
    pile, L, v = s.tips.showing(), s.layout, s.state
    if pile is None or L is None or s.dialog is not None or s.show_controls or s.input.dragging:
        return
    if pile == STOCK:
        tip, anchor = stock_tip(v, s.my_turn()), L.stock
    else:
        top = s.board.sprites.get(v.discards[-1]) if v.discards else None
        anchor = top.rect if top is not None else pygame.Rect(L.discard_row.topleft, (L.tw, L.th))
        tip = discard_tip(v, s.my_turn())
    draw_tooltip(surface, tip, anchor, ui_scale(L.size), above)


def marked_runs(s: TableScene) -> list[list[int]]:
    """The groups of the hand that are complete now: melds, and dublees where they count."""
    fan, v = s.fan, s.state
    if fan is None:
        return []
    wilds = v.wilds
    me = v.seat
    dublees = v.rules.dublees_allowed(v.players) and (not v.seen[me] or v.seen_by_dublees[me])
    out = []
    for run in fan.runs():
        cards = [CARDS[code_of(i)] for i in run]
        if len(run) == 2:
            # A pair reads as a pair only with its mark: in a squeezed hand its gap is small.
            if dublees and is_dublee(cards[0], cards[1], wilds, v.rules):
                out.append(run)
        elif len(run) >= 3 and classify_meld(cards, wilds, v.rules) is not None:
            out.append(run)
    return out


def _draw_meld_marks(s: TableScene, surface: pygame.Surface) -> None:
    """A quiet gold line over each group of the hand that is complete now."""
    fan, L = s.fan, s.layout
    if fan is None or L is None or s.input.dragging:
        return
    for run in marked_runs(s):
        first, last = s.board.sprites.get(run[0]), s.board.sprites.get(run[-1])
        if first is None or last is None:
            continue
        # The line ends where the next card covers the last one, so neighbours stay apart.
        at = fan.order.index(run[-1])
        after = s.board.sprites.get(fan.order[at + 1]) if at + 1 < len(fan.order) else None
        right = min(last.rect.right, after.rect.x if after is not None else last.rect.right) - 8
        y = min(first.rect.y, last.rect.y) - 5
        pygame.draw.line(surface, MELD_MARK, (first.rect.x + 6, y), (right, y), 3)
