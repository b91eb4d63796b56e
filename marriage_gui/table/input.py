"""Mouse and keyboard at the table: clicks, drags and keys become table commands.

Positions come only from ``event.pos`` so tests drive the table with synthetic events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine.actions import Discard
from engine.cards import CARDS, code_of

from .sprites import CardSprite
from .tips import DISCARDS, STOCK

if TYPE_CHECKING:
    from .scene import TableScene

DRAG_START = 6  # pixels before a press becomes a drag
DOUBLE_CLICK = 0.4  # seconds


class TableInput:
    """Turns raw events into the table's commands."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.press: tuple[str, int | None, tuple[int, int]] | None = None
        self.dragging = False
        self.drag_ids: list[int] = []
        self.grab: dict[int, tuple[float, float]] = {}
        self.last_click: tuple[int, float] | None = None
        self.keyboard = False

    # ------------------------------------------------------------------ hit tests
    def hand_card_at(self, pos: tuple[int, int]) -> int | None:
        """The top-most card of the bottom hand under ``pos``."""
        s = self.scene
        if not s.looking:
            return None
        board = s.board
        hits = [
            (t.order, cid)
            for cid, t in board.targets.items()
            if t.layer == 3 and cid in board.sprites and board.sprites[cid].rect.collidepoint(pos)
        ]
        return max(hits)[1] if hits else None

    def top_discard_at(self, pos: tuple[int, int]) -> int | None:
        """The top discard, if ``pos`` is on it."""
        v = self.scene.state
        if not v.discards:
            return None
        cid = v.discards[-1]
        sprite = self.scene.board.sprites.get(cid)
        return cid if sprite is not None and sprite.rect.collidepoint(pos) else None

    def on_stock(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is on the stock."""
        L = self.scene.layout
        return L is not None and L.stock.inflate(8, 8).collidepoint(pos)

    def pile_at(self, pos: tuple[int, int]) -> str | None:
        """The pile under ``pos`` (the top discard, or the empty pile's place), if any."""
        s = self.scene
        L = s.layout
        if L is None:
            return None
        empty = pygame.Rect(L.discard_row.topleft, (L.tw, L.th))
        if self.top_discard_at(pos) is not None:
            return DISCARDS
        if not s.state.discards and empty.collidepoint(pos):
            return DISCARDS
        return STOCK if self.on_stock(pos) else None

    def in_hand_area(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is over the bottom hand (where drops reorder or draw)."""
        L = self.scene.layout
        return L is not None and pos[1] >= L.hand_y - L.lift - L.ch * 0.35

    def landing(self, pos: tuple[int, int]) -> int:
        """Where the held cards go in the hand without them if let go at ``pos``: between the
        two cards the first held card's centre is between, as the gap opened while dragging
        shows it (the hand as it lies now decides between places that would both fit)."""
        s = self.scene
        L, fan, ids = s.layout, s.fan, self.drag_ids
        if L is None or fan is None or not ids:
            return 0
        rest = [i for i in fan.order if i not in ids]
        lead = s.board.sprites.get(ids[0])
        centre = pos[0] - self.grab[ids[0]][0] + (lead.w / 2 if lead is not None else 0.0)
        shown = [s.board.targets.get(i) for i in rest]
        near = sum(1 for t in shown if t is not None and t.x + t.w / 2 < centre)
        return L.hand_index_at(
            centre,
            len(rest),
            len(ids),
            lambda at: fan.breaks_in(rest[:at] + ids + rest[at:]),
            near,
        )

    # ------------------------------------------------------------------ events
    def handle(self, event: pygame.event.Event) -> None:
        """Dispatch one event."""
        s = self.scene
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
            # A pile's tooltip waits for the pointer to rest on it; a press puts it away.
            resting = event.type == pygame.MOUSEMOTION and self.press is None
            s.tips.point(self.pile_at(event.pos) if resting else None)
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self.keyboard = False
            s.board.finish()
            self.on_down(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            for b in s.buttons.values():
                b.handle_event(event)
            self.on_motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            self.on_up(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 3:
            if s.fan is not None:
                s.fan.clear()
                s.relayout()
        elif event.type == pygame.MOUSEWHEEL:
            s.log.wheel(getattr(event, "y", 0))
        elif event.type == pygame.KEYDOWN:
            s.board.finish()
            self.on_key(event)

    def on_down(self, pos: tuple[int, int]) -> None:
        s = self.scene
        L = s.layout
        if L is not None and L.menu_button.collidepoint(pos):
            self.press = ("menu", None, pos)
            return
        for key, b in s.buttons.items():
            if b.hit(pos):
                self.press = ("button:" + key, None, pos)
                return
        cid = self.hand_card_at(pos)
        if cid is not None:
            self.press = ("hand", cid, pos)
            return
        if self.top_discard_at(pos) is not None:
            self.press = ("discard", s.state.discards[-1], pos)
            return
        if self.on_stock(pos):
            self.press = ("stock", None, pos)
            return
        if L is not None and L.log_rect.collidepoint(pos) and s.log.open:
            return
        self.press = ("felt", None, pos)

    def on_motion(self, pos: tuple[int, int]) -> None:
        s = self.scene
        if self.press is None:
            return
        kind, cid, start = self.press
        if not self.dragging:
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) < DRAG_START:
                return
            if kind == "hand" and cid is not None and s.fan is not None:
                chosen = s.fan.selected_in_order()
                self.drag_ids = chosen if cid in chosen else [cid]
            elif kind == "discard" and cid is not None:
                self.drag_ids = [cid]
            elif kind == "stock" and s.layout is not None:
                # A stand-in back follows the mouse; the real card is drawn on the drop.
                stock = s.layout.stock
                s.board.sprites[-3] = CardSprite(-3, 0, stock.topleft, s.layout.tw, False)
                self.drag_ids = [-3]
            else:
                return
            self.dragging = True
            s.board.dragging = list(self.drag_ids)
            for d in self.drag_ids:
                sp = s.board.sprites[d]
                sp.tween = None
                self.grab[d] = (start[0] - sp.x, start[1] - sp.y)
            # Spread a multi-card drag like a small fan under the pointer.
            lead = s.board.sprites[self.drag_ids[0]]
            g0 = self.grab[self.drag_ids[0]]
            for k, d in enumerate(self.drag_ids):
                self.grab[d] = (g0[0] - k * lead.w * 0.35, g0[1])
        L = s.layout
        for d in self.drag_ids:
            held = s.board.sprites.get(d)
            if held is None:
                continue
            gx, gy = self.grab[d]
            held.x, held.y = pos[0] - gx, pos[1] - gy
        # The hand opens a gap where the cards would land.
        if L is not None and s.fan is not None and self.in_hand_area(pos):
            s.relayout(0.12 * max(0.3, s.anim), gap_at=self.landing(pos))
        elif s.fan is not None and kind == "hand":
            s.relayout(0.12 * max(0.3, s.anim))

    def on_up(self, pos: tuple[int, int]) -> None:
        s = self.scene
        press, self.press = self.press, None
        if press is None:
            return
        kind, cid, _start = press
        if self.dragging:
            self.drop(kind, pos)
            return
        if kind == "menu":
            s.commands.menu()
        elif kind.startswith("button:"):
            b = s.buttons[kind[7:]]
            if b.hit(pos) and b.enabled:
                s.sound("click")
                b.click()
            elif b.hit(pos):
                s.toast.show(s.commands.why_disabled(kind[7:]))
        elif kind == "hand" and cid is not None and s.fan is not None:
            if (
                self.last_click
                and self.last_click[0] == cid
                and s.time - self.last_click[1] < DOUBLE_CLICK
            ):
                self.last_click = None
                s.commands.discard(cid)
                return
            self.last_click = (cid, s.time)
            s.fan.toggle(cid)
            s.fan.focus = s.fan.order.index(cid)
            s.sound("click")
            s.relayout(0.12 * max(0.3, s.anim))
        elif kind == "discard":
            if self.discard_selected():
                return
            s.commands.draw(True)
        elif kind == "stock":
            s.commands.draw(False)
        elif kind == "felt" and s.layout is not None and s.layout.discard_zone.collidepoint(pos):
            self.discard_selected()
        elif kind == "felt" and s.fan is not None and s.fan.selected:
            s.fan.clear()
            s.relayout()

    def undo(self, redo: bool = False) -> None:
        """Ctrl+Z / Ctrl+Y: step back or forward through the person's arrangements."""
        s = self.scene
        fan = s.fan
        if fan is None or not s.looking:
            return
        done = fan.redo() if redo else fan.undo()
        if not done:
            s.toast.show("nothing to redo" if redo else "nothing to undo")
            return
        s.sound("click")
        s.relayout(0.14 * max(0.3, s.anim))

    def discard_selected(self) -> bool:
        """A click on the discard pile after drawing discards the one selected card."""
        s = self.scene
        fan = s.fan
        if fan is None or not s.my_turn() or s.state.phase != "play" or not fan.selected:
            return False
        if len(fan.selected) != 1:
            s.refuse("select one card to discard")
            return True
        s.commands.discard(fan.selected[0])
        return True

    def drop(self, kind: str, pos: tuple[int, int]) -> None:
        """Finish a drag: discard, reorder, draw, or ease back and say why."""
        s = self.scene
        ids = list(self.drag_ids)
        # ``index`` counts the hand without the held cards, as the gap did.
        index = self.landing(pos)
        self.dragging = False
        self.drag_ids = []
        s.board.dragging = []
        s.board.sprites.pop(-3, None)
        L = s.layout
        if L is None:
            return
        fan = s.fan
        if kind == "hand" and fan is not None:
            if L.discard_zone.collidepoint(pos):
                if len(ids) != 1:
                    self._back(ids, "discard one card at a time")
                    return
                if not s.my_turn():
                    self._back(ids, s.commands.whose_turn())
                    return
                if s.act(Discard(CARDS[code_of(ids[0])], ids[0])):
                    fan.clear()
                else:
                    s.board.ease_back(ids, 0.35 * s.anim)
                return
            if self.in_hand_area(pos):
                fan.remember()
                fan.place(ids, index)
                s.relayout(0.14 * max(0.3, s.anim))
                return
            self._back(
                ids, "drop a card on the discard pile to discard it, or in your hand to move it"
            )
            return
        if kind in ("stock", "discard"):
            if self.in_hand_area(pos) and fan is not None:
                if not s.commands.draw(kind == "discard", insert_at=index):
                    s.board.ease_back(ids, 0.35 * s.anim)
                return
            self._back(ids, "drop the card in your hand to draw it")

    def _back(self, ids: list[int], why: str) -> None:
        s = self.scene
        s.toast.show(why, "error")
        s.sound("error")
        s.relayout(0.0)
        s.board.ease_back([i for i in ids if i >= 0], 0.35 * s.anim)

    # ------------------------------------------------------------------ keyboard
    def on_key(self, event: pygame.event.Event) -> None:
        s = self.scene
        k = event.key
        fan = s.fan
        if k == pygame.K_ESCAPE:
            s.commands.menu()
            return
        if k in (pygame.K_z, pygame.K_y) and event.mod & pygame.KMOD_CTRL:
            redo = k == pygame.K_y or bool(event.mod & pygame.KMOD_SHIFT)
            self.undo(redo)
            return
        if k == pygame.K_l:
            s.toggle_log()
            return
        if fan is not None and s.looking and fan.order:
            if k in (pygame.K_LEFT, pygame.K_RIGHT):
                self.keyboard = True
                step = -1 if k == pygame.K_LEFT else 1
                if event.mod & pygame.KMOD_SHIFT:
                    # Shift+arrow carries the focused card along the hand.
                    cid = fan.order[fan.focus]
                    fan.focus = max(0, min(len(fan.order) - 1, fan.focus + step))
                    fan.remember()
                    fan.move([cid], fan.focus + (1 if step > 0 else 0))
                    s.relayout(0.12)
                else:
                    fan.focus = max(0, min(len(fan.order) - 1, fan.focus + step))
                return
            if k in (pygame.K_SPACE, pygame.K_UP, pygame.K_DOWN):
                self.keyboard = True
                cid = fan.order[fan.focus]
                if k == pygame.K_SPACE or (k == pygame.K_UP) != (cid in fan.selected):
                    fan.toggle(cid)
                s.relayout(0.12)
                return
        if k == pygame.K_d:
            s.commands.discard()
        elif k == pygame.K_s:
            s.commands.sort()
        elif k == pygame.K_g:
            s.commands.group()
        elif k == pygame.K_h:
            s.commands.hint()
        elif k in (pygame.K_1, pygame.K_KP1):
            s.commands.draw(False)
        elif k in (pygame.K_2, pygame.K_KP2):
            s.commands.draw(True)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if s.buttons["out"].visible and s.buttons["out"].enabled:
                s.commands.go_out()
            elif s.buttons["see"].visible:
                s.commands.see()
        elif k == pygame.K_e:
            s.expose_declined = None
