"""What the table offers a person: See, Go out, Expose, Sort, Group, Hint, Discard, the menu.

Every offer comes from the seat's ``PlayerView``: its legal actions (``view.legal``) and its
cards. The table only matches the person's selection to one of those actions; the match checks
whatever is submitted and a refusal comes back with the engine's reason.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

import pygame

from engine.actions import Action, Discard, DrawStock, ExposeTunnela, GoOut, See, TakeDiscard
from engine.ai import hint as advise
from engine.ai.base import Knowledge
from engine.ai.medium import Policy
from engine.cards import CARDS, code_of
from engine.match import LocalMatch
from marriage_gui.ui.button import Button, lay_out_row
from marriage_gui.ui.card_names import said
from marriage_gui.ui.theme import TABLE_BUTTON

from .board import badges
from .overlays import Dialog

if TYPE_CHECKING:
    from .scene import TableScene

#: What the table says while the hint is being worked out.
THINKING = "thinking about a hint…"
#: The answer to a discard before the draw.
DRAW_FIRST = "draw a card first: click the stock or the discard pile (keys 1 and 2)"


class Commands:
    """The table's buttons and commands, for the person looking at the bottom seat."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.buttons = {
            "hint": Button("Hint", self.hint, hotkey="H", look=TABLE_BUTTON),
            "sort": Button("Sort", self.sort, hotkey="S", look=TABLE_BUTTON),
            "group": Button("Group", self.group, hotkey="G", look=TABLE_BUTTON),
            "see": Button("See", self.see, True, hotkey="Enter", look=TABLE_BUTTON),
            "out": Button("Go out", self.go_out, True, hotkey="Enter", look=TABLE_BUTTON),
        }
        self._offer: tuple[Any, tuple[bool, bool]] | None = None
        self.hint_job: Future[Any] | None = None
        self.hint_version = -1
        self.hint_card: int | None = None
        #: The hint's words while they may be on screen (withdrawn once the player acts).
        self.hint_text: str | None = None
        #: What the hint advised, until the player acts (See and Go out follow it).
        self.hint_action: Action | None = None

    # ------------------------------------------------------------------ what may be offered
    def _legal(self) -> tuple[Action, ...]:
        s = self.scene
        return s.state.legal if s.my_turn() else ()

    def see_action(self) -> See | None:
        """The legal See that shows exactly the selection (nothing selected: the first one)."""
        fan = self.scene.fan
        sees = [a for a in self._legal() if isinstance(a, See)]
        if not sees or fan is None:
            return None
        if See(()) in sees:
            return See(())
        chosen = sorted(code_of(i) for i in fan.selected)
        if not chosen:
            # The way the hint named, else the one leaving the hand closest to going out.
            if self.hint_action in sees:
                return self.hint_action
            return Policy().best_see(Knowledge.of(self.scene.state), sees)
        for see in sees:
            if sorted(c.code for m in see.melds for c in m) == chosen:
                return see
        return None

    def go_out_action(self) -> GoOut | None:
        """A legal way out, preferring the selected card as the discard."""
        outs = [a for a in self._legal() if isinstance(a, GoOut)]
        if not outs:
            return None
        fan = self.scene.fan
        if fan is not None and len(fan.selected) == 1:
            code = code_of(fan.selected[0])
            for a in outs:
                if a.discard.code == code:
                    return a
        if self.hint_action in outs:
            return self.hint_action
        # The finish that keeps the most maal, as a careful player would lay it down.
        return Policy().best_go_out(Knowledge.of(self.scene.state), outs)

    def expose_action(self) -> ExposeTunnela | None:
        """A dealt tunnela that may be exposed now."""
        return next((a for a in self._legal() if isinstance(a, ExposeTunnela)), None)

    def whose_turn(self) -> str:
        """Why a person cannot act now."""
        v = self.scene.state
        if v.hand_over:
            return "the hand is over"
        return f"it is {self.scene.seats.name(v.current_player)}'s turn"

    # ------------------------------------------------------------------ commands
    def sort(self) -> None:
        """Sort the hand (by suit, again: by rank)."""
        s = self.scene
        if s.fan is not None and s.looking:
            s.fan.remember()
            s.fan.sort()
            s.sound("click")
            s.toast.show(f"sorted by {s.fan.sort_mode}")
            s.relayout()

    def group(self) -> None:
        """Put the melds the solver finds together."""
        s = self.scene
        fan, v = s.fan, s.state
        if fan is None or not s.looking:
            return
        shown = [tuple(CARDS[code_of(i)] for i in ids) for _k, ids in v.shown[v.seat]]
        fan.remember()
        found = fan.group(v.rules, v.wilds, shown, v.players)
        s.sound("click")
        s.toast.show(f"{found} group{'s' if found != 1 else ''} found" if found else "no melds yet")
        s.relayout()

    def see(self) -> None:
        """Show the melds and see the maal."""
        s = self.scene
        see = self.see_action()
        if see is None:
            s.refuse(f"select {s.state.seeing_requirement()} to see")
            return
        if s.act(see) and s.fan is not None:
            s.fan.clear()
            s.relayout()

    def go_out(self) -> None:
        """Preview the finish, then confirm."""
        s = self.scene
        out = self.go_out_action()
        if out is None:
            s.refuse("you cannot go out with these cards yet")
            return
        wilds = s.state.wilds

        def confirm() -> None:
            s.dialog = None
            s.act(out)

        def cancel() -> None:
            s.dialog = None

        s.dialog = Dialog(
            "Go out?",
            "You will lay down these melds and discard the last card.",
            [
                Button("Go out", confirm, True, hotkey="Enter", look=TABLE_BUTTON),
                Button("Not yet", cancel, hotkey="Esc", look=TABLE_BUTTON),
            ],
            out.melds,
            out.discard,
            lambda card: badges(wilds, card),
        )

    def discard(self, cid: int | None = None) -> None:
        """Discard ``cid`` (or the single selected card, the hinted one, or the focused one)."""
        s = self.scene
        fan = s.fan
        if not s.my_turn():
            s.refuse(self.whose_turn())
            return
        if s.state.phase == "draw":
            s.refuse(DRAW_FIRST)
            return
        if cid is None and fan is not None:
            if len(fan.selected) == 1:
                cid = fan.selected[0]
            elif self.hint_card in fan.order:
                cid = self.hint_card
            elif fan.order and s.input.keyboard:
                # The focus ring shows only once the arrows are used: never discard unseen.
                cid = fan.order[min(fan.focus, len(fan.order) - 1)]
            elif fan.order:
                s.toast.show(
                    "Pick the card to discard: click it, or move to it with the Left and Right keys"
                )
        if cid is None:
            return
        if s.act(Discard(CARDS[code_of(cid)], cid)) and fan is not None:
            fan.clear()

    def draw(self, from_discard: bool, insert_at: int | None = None) -> bool:
        """Draw from the stock or take the top discard."""
        s = self.scene
        if not s.my_turn():
            s.refuse(self.whose_turn())
            return False
        return s.act(TakeDiscard() if from_discard else DrawStock(), insert_at)

    def hint(self) -> None:
        """Ask the hard bot what it would do (only for the person whose turn it is)."""
        s = self.scene
        if not s.my_turn():
            s.refuse(self.whose_turn())
            return
        self.hint_text = THINKING
        s.toast.show(THINKING, seconds=10)
        self.hint_job = s.worker.submit(advise, s.state_with_history())
        self.hint_version = s.seats.version

    def poll_hint(self) -> None:
        """Show a finished hint, if it is still about the position on the table."""
        s = self.scene
        job = self.hint_job
        if job is None or not job.done():
            return
        self.hint_job = None
        if self.hint_version != s.seats.version or not s.my_turn():
            return
        try:
            result = job.result()
        except Exception as exc:  # noqa: BLE001 - a failed hint must not stop the game
            s.toast.show(f"no hint now ({exc})", "error")
            return
        action = getattr(result, "action", None)
        self.hint_action = action
        if action is None:
            s.toast.show("no hint now")
            return
        if isinstance(action, Discard) and s.fan is not None:
            for cid in reversed(s.fan.order):
                if code_of(cid) == action.card.code:
                    self.hint_card = cid
                    break
            s.relayout()
        # The reason starts with the action in words ("discard AH: ..."), so it stands alone.
        reason = str(getattr(result, "reason", "") or action)
        self.hint_text = f"Hint: {said(reason, s.seats.names())}"
        s.toast.show(self.hint_text, seconds=7)

    def forget_hint(self) -> None:
        """The player has acted: the hint (or the wait for one) no longer holds."""
        self.hint_card = None
        self.hint_action = None
        if self.hint_text is not None:
            self.scene.toast.withdraw(self.hint_text)
            self.hint_text = None

    def menu(self) -> None:
        """The pause menu."""
        s = self.scene

        def resume() -> None:
            s.dialog = None

        def fullscreen() -> None:
            setf = getattr(s.app, "set_fullscreen", None)
            if setf is not None:
                setf(not s.setting("fullscreen", False))
            else:
                pygame.display.toggle_fullscreen()
            s.dialog = None

        def quit_to_menu() -> None:
            s.dialog = None
            if isinstance(s.match, LocalMatch) and not s.state.hand_over:
                # Arranging is not a move: save once more so the hand comes back as it lies.
                s._autosave(s.match)
            s.close()
            go = getattr(s.app, "go_title", None)
            if go is not None:
                go()
            else:
                s.app.pop()

        def controls() -> None:
            s.dialog = None
            s.show_controls = True

        def log() -> None:
            s.dialog = None
            s.toggle_log()

        s.dialog = Dialog(
            "Paused",
            "The game is saved after every move.",
            [
                Button("Resume", resume, True, hotkey="Esc", look=TABLE_BUTTON),
                Button("Controls", controls, hotkey="F1", look=TABLE_BUTTON),
                Button("Log", log, hotkey="L", look=TABLE_BUTTON),
                Button("Full screen", fullscreen, hotkey="F11", look=TABLE_BUTTON),
                Button("Save and quit to menu", quit_to_menu, hotkey="Q", look=TABLE_BUTTON),
            ],
        )

    def why_disabled(self, key: str) -> str:
        """Why a greyed button does nothing now."""
        if key == "see":
            return f"after drawing, select {self.scene.state.seeing_requirement()} to see"
        return {
            "out": "you cannot go out with these cards yet",
            "hint": "hints are for your own turn",
        }.get(key, "not now")

    def refresh(self) -> None:
        """Which buttons show and which are enabled, from the view's legal actions."""
        s = self.scene
        b = self.buttons
        v = s.state
        person = s.looking and not v.hand_over
        seen = person and v.seen[v.seat]
        for key in ("sort", "group", "hint"):
            b[key].visible = person
        b["hint"].enabled = s.my_turn()
        fan = s.fan
        offer_key = (s.seats.version, s.bottom, s.viewer, tuple(fan.selected) if fan else ())
        if self._offer is None or self._offer[0] != offer_key:
            see = self.see_action() is not None if person and not seen else False
            out = self.go_out_action() is not None if seen else False
            self._offer = (offer_key, (see, out))
        see_ok, out_ok = self._offer[1]
        b["see"].visible = person and not seen
        b["see"].enabled = see_ok
        b["out"].visible = seen
        b["out"].enabled = out_ok
        if s.layout is not None:
            lay_out_row(list(b.values()), s.layout.buttons)
