"""The table's questions: the pause menu, the go-out preview and the tunnela prompt.

Each is built from callbacks the scene gives (the pause menu also reaches the app's full screen
and Settings); none of them acts on the table itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from engine.actions import ExposeTunnela, GoOut
from engine.cards import Card
from engine.wilds import Wilds
from marriage_gui.language import _
from marriage_gui.ui.button import Button
from marriage_gui.ui.theme import TABLE_BUTTON

from .board import badges
from .overlays import Dialog

if TYPE_CHECKING:
    from marriage_gui.scene import AppServices

Do = Callable[[], None]


def pause_menu(
    app: AppServices,
    resume: Do,
    controls: Do,
    log: Do,
    quit_to_menu: Do,
    note: str,
    quit_label: str,
    extra: Sequence[tuple[str, Do]] = (),
) -> Dialog:
    """The pause menu (``note``: what is true of saving here; ``extra``: this table's own
    commands, such as the host's seats); ``resume`` puts it away, and so does each of
    Controls, Log, Full screen and Settings before it acts (Settings opens over the table;
    its Back comes back here)."""

    def fullscreen() -> None:
        app.set_fullscreen(not app.settings.fullscreen)

    def settings() -> None:
        app.open("settings")

    def then(do: Do) -> Do:
        def run() -> None:
            resume()
            do()

        return run

    controls, log, fullscreen, settings = (
        then(controls),
        then(log),
        then(fullscreen),
        then(settings),
    )
    return Dialog(
        _("Paused"),
        note,
        [
            Button(_("Resume"), resume, True, hotkey="Esc", look=TABLE_BUTTON),
            # Translators: the sheet of every mouse and key control of the table.
            Button(_("Controls"), controls, hotkey="F1", look=TABLE_BUTTON),
            # Translators: the table's log of what happened.
            Button(_("Log"), log, hotkey="L", look=TABLE_BUTTON),
            Button(_("Full screen"), fullscreen, hotkey="F11", look=TABLE_BUTTON),
            # Translators: opens the Settings screen (language, speed, cards, sound) over the table.
            Button(_("Settings"), settings, look=TABLE_BUTTON),
            *(Button(label, do, look=TABLE_BUTTON) for label, do in extra),
            Button(quit_label, quit_to_menu, hotkey="Q", look=TABLE_BUTTON),
        ],
    )


def seats_menu(choices: Sequence[tuple[str, Do]], done: Do) -> Dialog:
    """The host's seats: hand a person's seat to a computer player, or give it back."""
    return Dialog(
        _("Seats"),
        _("A computer can play a seat whose person is away; give it back when they return."),
        [
            *(Button(label, do, look=TABLE_BUTTON) for label, do in choices),
            Button(_("Done"), done, True, hotkey="Esc", look=TABLE_BUTTON),
        ],
    )


def go_out_preview(out: GoOut, wilds: Wilds | None, confirm: Do, cancel: Do) -> Dialog:
    """The finish laid out, to confirm."""

    def marks(card: Card) -> set[str]:
        return badges(wilds, card)

    return Dialog(
        _("Go out?"),
        _("You will lay down these melds and discard the last card."),
        [
            # Translators: a button: finish the hand.
            Button(_("Go out"), confirm, True, hotkey="Enter", look=TABLE_BUTTON),
            Button(_("Not yet"), cancel, hotkey="Esc", look=TABLE_BUTTON),
        ],
        out.melds,
        out.discard,
        marks,
    )


def expose_prompt(action: ExposeTunnela, expose: Do, later: Do) -> Dialog:
    """A dealt tunnela may be exposed before the first draw."""
    return Dialog(
        _("You were dealt a tunnela"),
        _("Expose it now (before your first draw) for tunnela points? It counts toward seeing."),
        [
            # Translators: a button: lay the dealt tunnela face up on the table.
            Button(_("Expose"), expose, True, hotkey="Enter", look=TABLE_BUTTON),
            Button(_("Keep hidden"), later, hotkey="Esc", look=TABLE_BUTTON),
        ],
        [action.cards],
    )


__all__ = ["expose_prompt", "go_out_preview", "pause_menu", "seats_menu"]
