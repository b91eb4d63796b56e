"""The table's moves: what each intent of the person's hand and the piles does (discard, draw,
reorder, select, focus, undo, and a drag's lift, carry and way back).

``TableMoves`` is part of ``TableScene`` (its moves, kept apart from the loop): its methods see
the table only through ``TableLike``, so this module does not import the scene.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from engine.actions import Discard, DrawStock, TakeDiscard
from engine.cards import CARDS, code_of
from marriage_gui.language import N_, _

from . import intents as i
from . import offers
from .input import STOCK_STAND_IN
from .table_like import TableLike

#: The answer to a discard before the draw.
DRAW_FIRST = N_("draw a card first: click the stock or the discard pile (keys 1 and 2)")


class TableMoves:
    """The moves of the table (a part of ``TableScene``)."""

    def _discard(self: TableLike, intent: i.Discard) -> None:
        held = [c for c in intent.held if c >= 0]
        if not self.my_turn():
            self._back(held, self._whose_turn()) if held else self.refuse(self._whose_turn())
            return
        if self.state.phase == "draw" and not held:
            self.refuse(_(DRAW_FIRST))
            return
        cid = intent.cid if intent.cid is not None else self._card_to_throw()
        if cid is None:
            return
        if self.act(Discard(CARDS[code_of(cid)], cid)):
            if self.fan is not None:
                self.fan.clear()
        elif held:
            self.board.ease_back(held, 0.35 * self.anim)

    def _card_to_throw(self: TableLike) -> int | None:
        """The single selected card, else the hinted one, else the focused one."""
        fan = self.fan
        if fan is None or not fan.order:
            return None
        if len(fan.selected) == 1:
            return fan.selected[0]
        if self.commands.hint_card in fan.order:
            return self.commands.hint_card
        if self.input.keyboard:
            # The focus ring shows only once the arrows are used: never discard unseen.
            return fan.order[min(fan.focus, len(fan.order) - 1)]
        self.toast.show(
            _("Pick the card to discard: click it, or move to it with the Left and Right keys")
        )
        return None

    def _discard_selected(self: TableLike, intent: i.DiscardSelected) -> None:
        fan = self.fan
        chosen = fan is not None and self.my_turn() and self.state.phase == "play"
        if chosen and fan is not None and fan.selected:
            if len(fan.selected) != 1:
                self.refuse(_("select one card to discard"))
            else:
                self._discard(i.Discard(fan.selected[0]))
        elif intent.take:
            self._draw(i.Draw(True))

    def _draw(self: TableLike, intent: i.Draw) -> None:
        held = [c for c in intent.held if c >= 0]
        if not self.my_turn():
            self.refuse(self._whose_turn())
            ok = False
        else:
            ok = self.act(TakeDiscard() if intent.from_discard else DrawStock(), intent.at)
        if not ok and intent.held:
            self.board.ease_back(held, 0.35 * self.anim)

    def _play(self: TableLike, intent: i.Play) -> None:
        self._close_dialog()
        self.act(intent.action)

    def _reorder(self: TableLike, intent: i.Reorder) -> None:
        if self.fan is not None:
            self.fan.remember()
            self.fan.place(list(intent.ids), intent.index)
            self.relayout(0.14 * max(0.3, self.anim))

    def _toggle(self: TableLike, intent: i.ToggleCard) -> None:
        fan = self.fan
        if fan is None:
            return
        fan.toggle(intent.cid)
        fan.focus = fan.order.index(intent.cid)
        self.sound("click")
        self.relayout(0.12 * max(0.3, self.anim))

    def _clear(self: TableLike, intent: i.ClearSelection) -> None:
        if self.fan is not None:
            self.fan.clear()
            self.relayout()

    def _focus(self: TableLike, intent: i.Focus) -> None:
        fan = self.fan
        if fan is None or not fan.order:
            return
        at = max(0, min(len(fan.order) - 1, fan.focus + intent.step))
        if intent.carry:
            # Shift+arrow carries the focused card along the hand.
            cid = fan.order[fan.focus]
            fan.focus = at
            fan.remember()
            fan.move([cid], at + (1 if intent.step > 0 else 0))
            self.relayout(0.12)
        else:
            fan.focus = at

    def _pick(self: TableLike, intent: i.Pick) -> None:
        fan = self.fan
        if fan is None or not fan.order:
            return
        cid = fan.order[fan.focus]
        if intent.up is None or intent.up != (cid in fan.selected):
            fan.toggle(cid)
        self.relayout(0.12)

    def _undo(self: TableLike, intent: i.Undo) -> None:
        fan = self.fan
        if fan is None or not self.looking:
            return
        if not (fan.redo() if intent.redo else fan.undo()):
            self.toast.show(_("nothing to redo") if intent.redo else _("nothing to undo"))
            return
        self.sound("click")
        self.relayout(0.14 * max(0.3, self.anim))

    def _lift(self: TableLike, intent: i.Lift) -> None:
        if self.layout is not None:
            stand_in = STOCK_STAND_IN if intent.from_stock else None
            self.board.lift(intent.ids, self.layout, stand_in)

    def _carry(self: TableLike, intent: i.Carry) -> None:
        self.board.carry(intent.positions)
        if intent.gap_at is not None:
            self.relayout(0.12 * max(0.3, self.anim), gap_at=intent.gap_at)
        elif intent.reflow:
            self.relayout(0.12 * max(0.3, self.anim))

    def _back(self: TableLike, ids: Sequence[int], why: str) -> None:
        self._say_no(why)
        self.relayout(0.0)
        self.board.ease_back([c for c in ids if c >= 0], 0.35 * self.anim)

    def _explain(self: TableLike, intent: i.Explain) -> None:
        self.toast.show(offers.why_disabled(intent.key, self.state))

    def _button_hover(self: TableLike, intent: i.ButtonHover) -> None:
        moved = pygame.event.Event(
            pygame.MOUSEMOTION, pos=intent.pos, rel=(1, 1), buttons=(0, 0, 0)
        )
        for b in self.buttons.values():
            b.handle_event(moved)


__all__ = ["DRAW_FIRST", "TableMoves"]
