"""What the table's commands and moves need of the table: the members of ``TableScene`` they
use.

A protocol, so that ``commands.py`` and ``moves.py`` (parts of the scene) are checked against it
and never import the scene itself: the table's modules import one way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from engine.actions import Action
from engine.match import Match
from engine.view import PlayerView
from engine.worker import BotWorker
from marriage_gui.scene import AppServices
from marriage_gui.ui.button import Button
from marriage_gui.ui.toast import Toasts

from . import intents as i
from .board import Board
from .hand import HandFan
from .hinting import HintAsk
from .input import TableInput
from .layout import Layout
from .overlays import Dialog
from .seats import SeatViews


class TableLike(Protocol):
    """The table as its commands and moves see it."""

    app: AppServices
    board: Board
    input: TableInput
    layout: Layout | None
    asking: str | None
    dialog: Dialog | None
    match: Match
    seats: SeatViews
    toast: Toasts
    commands: HintAsk
    buttons: dict[str, Button]
    show_controls: bool
    expose_declined: tuple[int, int] | None

    @property
    def fan(self) -> HandFan | None: ...

    @property
    def looking(self) -> bool: ...

    @property
    def state(self) -> PlayerView: ...

    @property
    def bottom(self) -> int: ...

    @property
    def worker(self) -> BotWorker: ...

    @property
    def anim(self) -> float: ...

    def sound(self, name: str) -> None: ...

    def relayout(self, duration: float | None = None, gap_at: int | None = None) -> None: ...

    def legal_now(self) -> tuple[Action, ...]: ...

    def my_turn(self) -> bool: ...

    def act(self, action: Action, insert_at: int | None = None) -> bool: ...

    def refuse(self, reason: str) -> None: ...

    def dispatch(self, intent: i.Intent) -> None: ...

    def toggle_log(self) -> None: ...

    def close(self) -> None: ...

    def _whose_turn(self) -> str: ...

    def _say_no(self, reason: str) -> None: ...

    def _back(self, ids: Sequence[int], why: str) -> None: ...

    def _discard(self, intent: i.Discard) -> None: ...

    def _draw(self, intent: i.Draw) -> None: ...

    def _card_to_throw(self) -> int | None: ...

    def _ask(
        self, kind: str, dialog: Dialog, again: Callable[[], Dialog] | None = None
    ) -> None: ...

    def _close_dialog(self) -> None: ...

    def _selected(self) -> list[int]: ...

    def _see(self) -> None: ...

    def _go_out(self) -> None: ...

    def _quit(self) -> None: ...

    def leaving_words(self) -> tuple[str, str]: ...

    def menu_extras(self) -> list[tuple[str, Callable[[], None]]]: ...
