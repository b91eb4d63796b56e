"""One frame of the table as drawing and hit-testing see it: read-only, built fresh each frame.

The scene builds a ``TablePicture`` from its parts; the renderer draws it and the input tests
hits against it. Neither changes anything through it (the parts it holds are read, never
written, by them).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.view import PlayerView
from marriage_gui.language import _
from marriage_gui.ui.button import Button
from marriage_gui.ui.toast import Toasts

from .board import Board
from .curtain import Curtain
from .hand import HandFan
from .layout import Layout
from .log import Log
from .overlays import Dialog


@dataclass(frozen=True)
class TablePicture:
    """What the table shows now."""

    view: PlayerView
    layout: Layout | None
    board: Board
    fan: HandFan | None
    #: The seat at the bottom, the seat whose person looks at their cards (None: nobody).
    bottom: int
    viewer: int | None
    #: A person looks at the bottom seat's cards now (no curtain between).
    looking: bool
    #: The person looking may act now.
    my_turn: bool
    #: The seats' names as this screen says them, and who plays each (human / a bot level).
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    #: The news this screen has taken in (changes with every applied action).
    version: int
    buttons: dict[str, Button]
    #: The line that tells the person what to do now ("" for none).
    prompt: str
    hint_card: int | None
    #: How far round the acting bot's ring has turned (None: no ring).
    ring: float | None
    #: The cards held by a drag, and whether they came from the hand.
    held: tuple[int, ...]
    holding_hand: bool
    #: The card the keyboard ring is on (None: the arrows were not used).
    focused: int | None
    log: Log
    toast: Toasts
    #: The pile whose tooltip shows.
    tip: str | None
    curtain: Curtain | None
    dialog: Dialog | None
    show_controls: bool
    four_colour: bool
    #: Per seat, what its plate says instead of who plays it (a networked seat's status).
    notes: dict[int, str]
    #: The turn clock: the acting seat, seconds left, seconds a turn (None: no clock runs).
    clock: tuple[int, float, int] | None

    @property
    def dragging(self) -> bool:
        """Cards are in the air under the pointer."""
        return bool(self.held)

    def name(self, seat: int) -> str:
        """``seat``'s name as this screen says it."""
        return self.names[seat]

    def is_bot(self, seat: int) -> bool:
        """Whether the computer plays ``seat``."""
        return self.kinds[seat] != "human"


def prompt_text(view: PlayerView, viewer: int | None, names: tuple[str, ...]) -> str:
    """The one line that tells the person at the bottom what to do now."""
    if viewer is None or view.hand_over:
        return ""
    if view.current_player != viewer:
        return _("{name} is playing…").format(name=names[view.current_player])
    if view.phase == "draw":
        return _("Your turn: draw a card")
    if view.must_go_out:
        return _("Go out now")
    return _("Discard a card")


def clocked_prompt(
    view: PlayerView,
    viewer: int | None,
    names: tuple[str, ...],
    clock: tuple[int, float, int] | None,
) -> str:
    """The prompt, with the seconds left when the turn clock runs for the person looking."""
    prompt = prompt_text(view, viewer, names)
    if prompt and clock is not None and clock[0] == viewer:
        # Translators: the prompt and the seconds left of the turn clock.
        prompt = _("{prompt}  ·  {seconds} s").format(
            prompt=prompt, seconds=max(0, round(clock[1]))
        )
    return prompt


def focused_card(fan: HandFan | None, looking: bool, keyboard: bool) -> int | None:
    """The card the keyboard's focus is on (None: the keyboard is not in use)."""
    if looking and fan is not None and keyboard and fan.order:
        return fan.order[min(fan.focus, len(fan.order) - 1)]
    return None


__all__ = ["TablePicture", "clocked_prompt", "focused_card", "prompt_text"]
