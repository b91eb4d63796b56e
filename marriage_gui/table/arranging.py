"""The person's hand as they arrange it: its order, the cards picked, the keyboard ring, undo,
Sort and Group.

The match never hears of any of it (a saved match keeps the order): these intents change only
the fan at the bottom of the screen, and say what the scene must do next (lay the cards out
again) like every other action.
"""

from __future__ import annotations

from engine.cards import CARDS, code_of
from marriage_gui.art.sounds import SoundBoard
from marriage_gui.language import _, ngettext
from marriage_gui.settings import Settings
from marriage_gui.ui.toast import Toasts

from . import intents as i
from .effects import Effects, Relayout
from .hand import HandFan
from .seats import SeatViews

#: The intents that arrange the hand.
Arrange = i.Reorder | i.ToggleCard | i.ClearSelection | i.Focus | i.Pick | i.Undo


class Arranging:
    """What arranging the hand does to the fan at the bottom."""

    def __init__(
        self,
        seats: SeatViews,
        toast: Toasts,
        sounds: SoundBoard,
        settings: Settings,
    ) -> None:
        self.seats = seats
        self.toast = toast
        self.sounds = sounds
        self.settings = settings

    def _quick(self, seconds: float) -> Relayout:
        """A small move of the hand's cards: ``seconds`` at the table's pace, never quite
        instant (the eye follows a card that changes place)."""
        return Relayout(seconds * max(0.3, self.settings.anim_scale))

    def arrange(self, intent: Arrange) -> Effects:
        """What an intent that arranges the hand does."""
        fan = self.seats.fan
        if fan is None:
            return []
        match intent:
            case i.Reorder(ids=ids, index=index):
                fan.remember()
                fan.place(list(ids), index)
                return [self._quick(0.14)]
            case i.ToggleCard(cid=cid):
                fan.toggle(cid)
                fan.focus = fan.order.index(cid)
                self.sounds.play("click")
                return [self._quick(0.12)]
            case i.ClearSelection():
                fan.clear()
                return [Relayout()]
            case i.Focus(step=step, carry=carry):
                return self._focus(fan, step, carry)
            case i.Pick(up=up):
                if not fan.order:
                    return []
                cid = fan.order[fan.focus]
                if up is None or up != (cid in fan.selected):
                    fan.toggle(cid)
                return [Relayout(0.12)]
            case i.Undo(redo=redo):
                return self._undo(fan, redo)

    def _focus(self, fan: HandFan, step: int, carry: bool) -> Effects:
        """The keyboard ring moves; ``carry``: Shift+arrow takes the focused card along."""
        if not fan.order:
            return []
        at = max(0, min(len(fan.order) - 1, fan.focus + step))
        if not carry:
            fan.focus = at
            return []
        cid = fan.order[fan.focus]
        fan.focus = at
        fan.remember()
        fan.move([cid], at + (1 if step > 0 else 0))
        return [Relayout(0.12)]

    def _undo(self, fan: HandFan, redo: bool) -> Effects:
        if not self.seats.looking:
            return []
        if not (fan.redo() if redo else fan.undo()):
            self.toast.show(_("nothing to redo") if redo else _("nothing to undo"))
            return []
        self.sounds.play("click")
        return [self._quick(0.14)]

    def sort(self) -> Effects:
        """Sort the hand by suit, or (again) by rank."""
        fan = self.seats.fan
        if fan is None or not self.seats.looking:
            return []
        fan.remember()
        fan.sort()
        self.sounds.play("click")
        if fan.sort_mode == "rank":
            self.toast.show(_("sorted by rank"))
        else:
            self.toast.show(_("sorted by suit"))
        return [Relayout()]

    def group(self) -> Effects:
        """Put the melds found in the hand together, at its left."""
        fan, v = self.seats.fan, self.seats.state
        if fan is None or not self.seats.looking:
            return []
        shown = [tuple(CARDS[code_of(c)] for c in ids) for _k, ids in v.shown[v.seat]]
        fan.remember()
        found = fan.group(v.rules, v.wilds, shown, v.players)
        self.sounds.play("click")
        if found:
            self.toast.show(ngettext("{n} group found", "{n} groups found", found).format(n=found))
        else:
            self.toast.show(_("no melds yet"))
        return [Relayout()]


__all__ = ["Arrange", "Arranging"]
