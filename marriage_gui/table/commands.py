"""What the table offers a person: See, Go out, Expose, Sort, Group, Hint, Discard, the menu.

Every offer is checked against the engine (``Game.is_legal`` / the legal moves); the table
only arranges the person's selection into the shape of an engine action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from engine.actions import Discard, DrawStock, ExposeTunnela, GoOut, See, TakeDiscard
from engine.cards import CARDS, Card, code_of
from engine.solver import seeing_options

from .hud import Button, lay_out_row
from .overlays import Dialog

if TYPE_CHECKING:
    pass


class Commands:
    """The table's commands, mixed into TableScene."""

    # ------------------------------------------------------------------ what the buttons offer
    def view(self) -> Any:
        """The viewing seat's PlayerView (None if nobody looks)."""
        return None if self.viewer is None else self.game.view(self.viewer)

    def see_action(self) -> See | None:
        """The See the selection (or, with nothing selected, the hand) allows, if legal."""
        g, fan = self.game, self.fan
        if not self.my_turn() or g.phase != "play" or g.seen[self.viewer] or fan is None:
            return None
        p = self.viewer
        shown = [tuple(CARDS[code_of(i)] for i in ids) for _k, ids in g.shown[p]]
        if See(()) in g.legal_actions():
            return See(())
        chosen = fan.selected_in_order()
        cards = [CARDS[code_of(i)] for i in (chosen or g.hands[p])]
        for option in seeing_options(cards, g.rules, shown, g.players):
            used = sorted(c.code for m in option for c in m)
            if chosen and used != sorted(c.code for c in cards):
                continue
            see = See(tuple(tuple(m) for m in option), dublees=bool(option) and len(option[0]) == 2)
            if g.is_legal(see):
                return see
        return None

    def go_out_action(self) -> GoOut | None:
        """A legal way out, preferring the selected card as the discard."""
        if not self.my_turn() or self.game.phase != "play":
            return None
        outs = [a for a in self.game.legal_actions() if isinstance(a, GoOut)]
        if not outs:
            return None
        fan = self.fan
        if fan is not None and len(fan.selected) == 1:
            code = code_of(fan.selected[0])
            for a in outs:
                if a.discard.code == code:
                    return a
        return outs[0]

    def expose_action(self) -> ExposeTunnela | None:
        """A dealt tunnela that may be exposed now."""
        if not self.my_turn() or self.game.phase != "draw":
            return None
        for a in self.game.legal_actions():
            if isinstance(a, ExposeTunnela):
                return a
        return None

    # ------------------------------------------------------------------ commands
    def cmd_sort(self) -> None:
        """Sort the hand (by suit, again: by rank)."""
        if self.fan is not None and self.viewer == self.bottom:
            self.fan.sort()
            self.sound("click")
            self.toast.show(f"sorted by {self.fan.sort_mode}")
            self.relayout()

    def cmd_group(self) -> None:
        """Put the melds the solver finds together."""
        fan, g = self.fan, self.game
        if fan is None or self.viewer != self.bottom:
            return
        p = self.viewer
        shown = [tuple(CARDS[code_of(i)] for i in ids) for _k, ids in g.shown[p]]
        found = fan.group(g.rules, g.wilds_for(p), shown, g.players)
        self.sound("click")
        self.toast.show(
            f"{found} group{'s' if found != 1 else ''} found" if found else "no melds yet"
        )
        self.relayout()

    def cmd_see(self) -> None:
        """Show the melds and see the maal."""
        see = self.see_action()
        if see is None:
            self.refuse("select three pure melds (or seven dublees) to see")
            return
        if self.act(see) and self.fan is not None:
            self.fan.clear()
            self.relayout()

    def cmd_go_out(self) -> None:
        """Preview the finish, then confirm."""
        out = self.go_out_action()
        if out is None:
            self.refuse("you cannot go out with these cards yet")
            return
        wilds = self.game.wilds_for(self.viewer)

        def marks(c: Card) -> set[str]:
            if wilds is None or wilds.role(c) is None:
                return set()
            return {"tiplu"} if wilds.role(c).value == "tiplu" else {"wild"}

        def confirm() -> None:
            self.dialog = None
            self.act(out)

        def cancel() -> None:
            self.dialog = None

        self.dialog = Dialog(
            "Go out?",
            "You will lay down these melds and discard the last card.",
            [Button("Go out", confirm, "Enter", primary=True), Button("Not yet", cancel, "Esc")],
            out.melds,
            out.discard,
            marks,
        )

    def cmd_discard(self, cid: int | None = None) -> None:
        """Discard ``cid`` (or the single selected / focused card)."""
        fan = self.fan
        if cid is None and fan is not None:
            if len(fan.selected) == 1:
                cid = fan.selected[0]
            elif fan.order:
                cid = fan.order[min(fan.focus, len(fan.order) - 1)]
        if cid is None:
            return
        if not self.my_turn():
            self.refuse(self.whose_turn())
            return
        if self.act(Discard(CARDS[code_of(cid)], cid)) and fan is not None:
            fan.clear()

    def cmd_draw(self, from_discard: bool, insert_at: int | None = None) -> None:
        """Draw from the stock or take the top discard."""
        if not self.my_turn():
            self.refuse(self.whose_turn())
            return
        self.act(TakeDiscard() if from_discard else DrawStock(), insert_at)

    def cmd_hint(self) -> None:
        """Ask the hard bot what it would do (only for the person whose turn it is)."""
        if not self.my_turn():
            self.refuse(self.whose_turn())
            return
        from .bots import hint

        view = self.view()
        self.toast.show("thinking about a hint…", seconds=10)
        self.hint_job = self.bots.submit(hint, view)
        self.hint_key = len(self.game.log)

    def whose_turn(self) -> str:
        """Why a person cannot act now."""
        g = self.game
        if g.hand_over:
            return "the hand is over"
        return f"it is {g.names[g.current_player]}'s turn"

    def cmd_menu(self) -> None:
        """The pause menu."""

        def resume() -> None:
            self.dialog = None

        def fullscreen() -> None:
            setf = getattr(self.app, "set_fullscreen", None)
            if setf is not None:
                setf(not self.setting("fullscreen", False))
            else:
                pygame.display.toggle_fullscreen()
            self.dialog = None

        def quit_to_menu() -> None:
            self.dialog = None
            self.autosave()
            self.close()
            go = getattr(self.app, "go_title", None)
            if go is not None:
                go()
            else:
                self.app.pop()

        self.dialog = Dialog(
            "Paused",
            "The game is saved after every move.",
            [
                Button("Resume", resume, "Esc", primary=True),
                Button("Full screen", fullscreen, "F11"),
                Button("Save and quit to menu", quit_to_menu, "Q"),
            ],
        )

    def _make_buttons(self) -> dict[str, Button]:
        return {
            "hint": Button("Hint", self.cmd_hint, "H"),
            "sort": Button("Sort", self.cmd_sort, "S"),
            "group": Button("Group", self.cmd_group, "G"),
            "see": Button("See", self.cmd_see, "Enter", primary=True),
            "out": Button("Go out", self.cmd_go_out, "Enter", primary=True),
        }

    def refresh_buttons(self) -> None:
        """Which buttons show and which are enabled, from the engine's legal moves."""
        b = self.buttons
        person = self.viewer is not None and self.viewer == self.bottom and not self.game.hand_over
        mine = self.my_turn()
        seen = self.viewer is not None and self.game.seen[self.viewer]
        for key in ("sort", "group", "hint"):
            b[key].visible = person
        b["hint"].enabled = mine
        fan = self.fan
        key = (
            len(self.game.log),
            self.game.hand_no,
            self.viewer,
            tuple(fan.selected) if fan else (),
        )
        if self._offer is None or self._offer[0] != key:
            see = self.see_action() is not None if person and not seen else False
            out = self.go_out_action() is not None if person and seen else False
            self._offer = (key, (see, out))
        see_ok, out_ok = self._offer[1]
        b["see"].visible = person and not seen
        b["see"].enabled = see_ok
        b["out"].visible = person and seen
        b["out"].enabled = out_ok
        if self.layout is not None:
            lay_out_row(list(b.values()), self.layout.buttons)
