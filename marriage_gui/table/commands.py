"""The table's commands: Sort, Group, See, Go out, Hint, the pause menu, and what Enter means.

``TableCommands`` is part of ``TableScene`` (its commands, kept apart from the loop): its
methods see the table only through ``TableLike``, the members they need of it, so this module
does not import the scene.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.cards import CARDS, code_of
from marriage_gui.language import _, ngettext, word

from . import dialogs, offers
from . import intents as i
from .hinting import THINKING
from .overlays import Dialog
from .table_like import TableLike


class TableCommands:
    """The commands of the table (a part of ``TableScene``)."""

    #: A dealt tunnela the person chose to keep hidden, by (hand, seat): not asked again.
    expose_declined: tuple[int, int] | None
    #: The controls sheet is up.
    show_controls: bool

    def run_command(self: TableLike, intent: i.Command) -> None:
        """A table command by its key (a click on its button sounds)."""
        if intent.click:
            self.sound("click")
        run = COMMANDS.get(intent.key)
        if run is not None:
            run(self)

    def _sort(self: TableLike) -> None:
        if self.fan is not None and self.looking:
            self.fan.remember()
            self.fan.sort()
            self.sound("click")
            if self.fan.sort_mode == "rank":
                self.toast.show(_("sorted by rank"))
            else:
                self.toast.show(_("sorted by suit"))
            self.relayout()

    def _group(self: TableLike) -> None:
        fan, v = self.fan, self.state
        if fan is None or not self.looking:
            return
        shown = [tuple(CARDS[code_of(c)] for c in ids) for _k, ids in v.shown[v.seat]]
        fan.remember()
        found = fan.group(v.rules, v.wilds, shown, v.players)
        self.sound("click")
        if found:
            self.toast.show(ngettext("{n} group found", "{n} groups found", found).format(n=found))
        else:
            self.toast.show(_("no melds yet"))
        self.relayout()

    def _selected(self: TableLike) -> list[int]:
        return list(self.fan.selected) if self.fan is not None else []

    def _see(self: TableLike) -> None:
        if self.fan is None:
            return
        see = offers.see_action(
            self.state, self.legal_now(), self._selected(), self.commands.hint_action
        )
        if see is None:
            # Translators: {need} is what must be shown, e.g. "3 pure sequences".
            need = word(self.state.seeing_requirement())
            self.refuse(_("select {need} to see").format(need=need))
            return
        if self.act(see):
            self.fan.clear()
            self.relayout()

    def _go_out(self: TableLike) -> None:
        out = offers.go_out_action(
            self.state, self.legal_now(), self._selected(), self.commands.hint_action
        )
        if out is None:
            self.refuse(_("you cannot go out with these cards yet"))
            return
        wilds = self.state.wilds

        def preview() -> Dialog:
            return dialogs.go_out_preview(
                out, wilds, lambda: self.dispatch(i.Play(out)), self._close_dialog
            )

        self._ask("out", preview(), preview)

    def _enter(self: TableLike) -> None:
        if self.buttons["out"].visible and self.buttons["out"].enabled:
            self._go_out()
        elif self.buttons["see"].visible:
            self._see()

    def _hint(self: TableLike) -> None:
        if not self.my_turn():
            self.refuse(self._whose_turn())
            return
        self.toast.show(THINKING, seconds=10)
        self.commands.ask(self.worker, self.match.view(self.bottom), self.seats.version)

    def _take_hint(self: TableLike) -> None:
        """Show a finished hint, if it is still about the position on the table."""
        fan = self.fan
        advice = self.commands.answer(
            self.seats.version, self.my_turn(), list(fan.order) if fan is not None else []
        )
        if advice is None:
            return
        if isinstance(advice, Exception):
            # Translators: {error} is what went wrong, in the computer's words.
            self.toast.show(_("no hint now ({error})").format(error=advice), "error")
            return
        if advice.action is None:
            self.toast.show(_("no hint now"))
            return
        if advice.card is not None:
            self.relayout()
        self.toast.show(self.commands.words(advice.reason, self.seats.names()), seconds=7)

    def _menu(self: TableLike) -> None:
        def fullscreen() -> None:
            self.app.set_fullscreen(not self.app.settings.fullscreen)
            self._close_dialog()

        def controls() -> None:
            self._close_dialog()
            self.show_controls = True

        def log() -> None:
            self._close_dialog()
            self.toggle_log()

        def settings() -> None:
            # Settings over the table (the language, the cards' size…); Back comes here.
            self._close_dialog()
            self.app.open("settings")

        def menu() -> Dialog:
            note, label = self.leaving_words()
            return dialogs.pause_menu(
                self._close_dialog,
                controls,
                log,
                fullscreen,
                settings,
                self._quit,
                note,
                label,
                self.menu_extras(),
            )

        self._ask("menu", menu(), menu)

    def leaving_words(self: TableLike) -> tuple[str, str]:
        """What the pause menu says of saving, and its way out."""
        return _("The game is saved after every move."), _("Save and quit to menu")

    def menu_extras(self: TableLike) -> list[tuple[str, Callable[[], None]]]:
        """This table's own commands in the pause menu (none here)."""
        return []

    def _quit(self: TableLike) -> None:
        self._close_dialog()
        self.close()
        self.app.go_title()

    def _allow_expose(self: TableLike) -> None:
        self.expose_declined = None


#: Each command by its key (a button's, or the key's that means it).
COMMANDS: dict[str, Callable[[TableLike], None]] = {
    "hint": TableCommands._hint,
    "sort": TableCommands._sort,
    "group": TableCommands._group,
    "see": TableCommands._see,
    "out": TableCommands._go_out,
    "enter": TableCommands._enter,
    "menu": TableCommands._menu,
    "log": lambda table: table.toggle_log(),
    "expose_again": TableCommands._allow_expose,
}

__all__ = ["COMMANDS", "TableCommands"]
