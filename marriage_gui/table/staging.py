"""Where the table's cards and buttons go: the layout for the window, and the cards' moves.

``Staging`` is built with exactly what it places (the board's sprites, the seats' views and
fans, the hinted card, the settings and a way to play a sound). It holds the layout in use and the
button row last laid out, and starts the moves; it decides nothing about the game.
"""

from __future__ import annotations

from collections.abc import Callable

from marriage_gui.settings import Settings
from marriage_gui.ui.button import Button, lay_out_row

from . import animation
from .board import Board
from .hinting import HintAsk
from .layout import Layout
from .seats import SeatViews
from .tween import BASE


class Staging:
    """The layout in use, and every card's place in it."""

    def __init__(
        self,
        board: Board,
        seats: SeatViews,
        hint: HintAsk,
        settings: Settings,
        sound: Callable[[str], None],
    ) -> None:
        self.board, self.seats, self.hint = board, seats, hint
        self.settings, self.sound = settings, sound
        self.layout: Layout | None = None
        self._row: tuple[object, ...] | None = None

    def lay_out(self, size: tuple[int, int]) -> None:
        """A new layout for a window of ``size`` (the buttons are laid out again)."""
        seats = self.seats
        v = seats.state
        clockwise = v.rules.direction == "clockwise"
        scale = self.settings.card_scale
        self.layout = Layout(size, v.players, seats.bottom, clockwise, scale, seats.log.open)
        self._row = None

    def relayout(self, duration: float | None = None, gap_at: int | None = None) -> None:
        """Recompute where every card goes and start the moves."""
        if self.layout is None:
            return
        if duration is None:
            duration = BASE * self.settings.anim_scale
        seats = self.seats
        fan, looking = seats.fan, seats.looking
        if fan is not None and looking:
            fan.sync(seats.state.hand, {})
        lifted = frozenset(fan.selected) if fan is not None and looking else frozenset()
        if looking and self.hint.card is not None:
            lifted = lifted | {self.hint.card}  # the hinted card stands up until the next move
        b = self.board
        b.compute(seats.state, self.layout, seats.bottom, seats.viewer, fan, gap_at, lifted)
        b.sync(self.layout, duration)

    def deal(self) -> None:
        """The cards fly from the deck to the seats, with the shuffle's sound."""
        if self.layout is None:
            return
        self.sound("shuffle")
        s = self.seats
        fan, anim = s.fan, self.settings.anim_scale
        animation.deal(self.board, self.layout, s.state, s.bottom, s.viewer, fan, anim)

    def toggle_log(self) -> None:
        """Open or close the log; the discard row makes room for it (or takes the room back)."""
        log = self.seats.log
        log.open = not log.open
        if self.layout is not None:
            self.lay_out(self.layout.size)
            self.relayout()

    def lay_buttons(self, buttons: dict[str, Button]) -> None:
        """Lay the button row out again, only when it changes (measuring the labels costs)."""
        if self.layout is not None:
            row = (tuple(self.layout.buttons), tuple((x.visible, x.text) for x in buttons.values()))
            if row != self._row:
                self._row = row
                lay_out_row(list(buttons.values()), self.layout.buttons)


__all__ = ["Staging"]
