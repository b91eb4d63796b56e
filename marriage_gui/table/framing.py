"""Building the frame's ``TablePicture`` from the table's parts.

``Framing`` is built with exactly what a frame shows (the setup's seats, the seats' views and
fans, the board, the pointer, the buttons, the hint, the toasts, the piles' tips, the question
up, the pacing and the settings); the scene hands it what only the scene knows each frame.
"""

from __future__ import annotations

from collections.abc import Sequence

from marriage_gui.settings import Settings
from marriage_gui.setup import SeatSetup
from marriage_gui.ui.button import Button
from marriage_gui.ui.toast import Toasts

from .asking import Ask
from .board import Board
from .curtain import Curtain
from .hinting import HintAsk
from .input import TableInput
from .layout import Layout
from .pacing import Pacing
from .picture import TablePicture, clocked_prompt, focused_card
from .seats import SeatViews
from .tips import PileTips


class Framing:
    """Builds each frame's picture (changes nothing)."""

    def __init__(
        self,
        setup_seats: Sequence[SeatSetup],
        seats: SeatViews,
        board: Board,
        pointer: TableInput,
        buttons: dict[str, Button],
        parts: tuple[HintAsk, Toasts, PileTips, Ask, Pacing],
        settings: Settings,
    ) -> None:
        self.setup_seats, self.seats, self.board = setup_seats, seats, board
        self.pointer, self.buttons, self.settings = pointer, buttons, settings
        self.hint, self.toast, self.tips, self.ask, self.pacing = parts

    def picture(
        self,
        layout: Layout | None,
        curtain: Curtain | None,
        show_controls: bool,
        notes: dict[int, str] | None = None,
        clock: tuple[int, float, int] | None = None,
    ) -> TablePicture:
        """This frame as drawing and hit tests see it; ``notes``: what a seat's plate says of
        how it is played now, where that is news; ``clock``: the turn clock (the acting seat,
        seconds left, seconds a turn), none at a table on this computer."""
        seats = self.seats
        v = seats.state
        names = tuple(seats.name(s) for s in range(v.players))
        fan, held = seats.fan, tuple(self.pointer.drag_ids)
        return TablePicture(
            view=v,
            layout=layout,
            board=self.board,
            fan=fan,
            bottom=seats.bottom,
            viewer=seats.viewer,
            looking=seats.looking,
            my_turn=seats.my_turn(),
            names=names,
            kinds=tuple(s.kind for s in self.setup_seats),
            version=seats.version,
            buttons=self.buttons,
            prompt=clocked_prompt(v, seats.viewer, names, clock),
            hint_card=self.hint.card,
            ring=self.pacing.ring(self.setup_seats[v.current_player].is_bot),
            held=held,
            holding_hand=bool(held) and fan is not None and held[0] in fan.order,
            focused=focused_card(fan, seats.looking, self.pointer.keyboard),
            log=seats.log,
            toast=self.toast,
            tip=self.tips.showing(),
            curtain=curtain,
            dialog=self.ask.dialog,
            show_controls=show_controls,
            four_colour=self.settings.four_colour,
            notes=notes or {},
            clock=clock,
        )


__all__ = ["Framing"]
