"""The table's actions: what the person's intents do.

``TableActions`` is built with exactly what it acts on: the match, the seats' views (and the fans
in them), the board, the toasts, the hint, the question asked, the sounds, the settings and the
piles' tooltips. ``dispatch`` is the one place that hands an intent to the part that acts on it:
the ``Turn`` (draw, throw, the match's answer), ``Showing`` (See, Go out, a dealt tunnela),
``Arranging`` (the hand's order), the pointer's things here, or a command of ``commands.py``,
each declared once with its button. Nothing here calls back into the scene: ``dispatch``
returns what the scene must do next (``effects.py``), and a question's buttons answer with
intents the scene's loop brings back.
"""

from __future__ import annotations

from typing import assert_never

import pygame

from engine.actions import NextHand
from engine.match import Match
from marriage_gui.art.sounds import SoundBoard
from marriage_gui.language import _
from marriage_gui.settings import Settings
from marriage_gui.ui.button import Button
from marriage_gui.ui.theme import TABLE_BUTTON
from marriage_gui.ui.toast import Toasts

from . import intents as i
from .arranging import Arranging
from .asking import Ask
from .board import Board
from .commands import COMMANDS, Doers
from .effects import Effects, Relayout
from .hinting import HintAsk
from .seats import SeatViews
from .showing import Showing
from .tips import PileTips
from .turn import Turn

#: Intents of the pointer's things: the drag's cards, the tooltips, the log, the buttons' light.
Pointing = i.Lift | i.Carry | i.Release | i.Hover | i.Press | i.Scroll | i.ButtonHover


class TableActions:
    """What the person's intents do at the table; ``dispatch`` says what the scene does next."""

    def __init__(
        self,
        match: Match,
        seats: SeatViews,
        board: Board,
        toast: Toasts,
        hint: HintAsk,
        ask: Ask,
        sounds: SoundBoard,
        settings: Settings,
        tips: PileTips,
    ) -> None:
        self.seats, self.board, self.toast, self.ask, self.tips = seats, board, toast, ask, tips
        self.sounds, self.settings = sounds, settings
        self.turn = Turn(match, seats, board, toast, hint, sounds)
        self.showing = Showing(self.turn, seats, ask)
        self.arranging = Arranging(seats, toast, sounds, settings)
        self.doers = Doers(self.turn, self.showing, self.arranging)
        #: The buttons over the hand, one for each command that has one (labels in English,
        #: shown in the language in use).
        self.buttons = {
            c.key: Button(c.button, None, c.primary, hotkey=c.hotkey, look=TABLE_BUTTON)
            for c in COMMANDS.values()
            if c.button
        }

    # ------------------------------------------------------------------ where each intent goes
    def dispatch(self, intent: i.Intent) -> Effects:
        """Act on what the person means: every intent reaches the part that acts on it here."""
        match intent:
            case i.Discard():
                return self.turn.discard(intent)
            case i.DiscardSelected(take=take):
                return self.turn.discard_selected(take)
            case i.Draw():
                return self.turn.draw(intent)
            case i.Play(action=action):
                self.ask.close()
                return self.turn.act(action)[1]
            case i.DealNext():
                return self.turn.act(NextHand())[1] if self.seats.local else []
            case i.KeepHidden(hand_no=hand_no, seat=seat):
                return self.showing.keep_hidden(hand_no, seat)
            case i.Command() | i.Explain():
                return self.command(intent)
            case i.Back(ids=ids, why=why):
                return self.turn.back(ids, why)
            case i.Reorder() | i.ToggleCard() | i.ClearSelection() | i.Focus() | i.Pick():
                return self.arranging.arrange(intent)
            case i.Undo():
                return self.arranging.arrange(intent)
            case i.Lift() | i.Carry() | i.Release() | i.Hover() | i.Press() | i.Scroll():
                return self.point(intent)
            case i.ButtonHover():
                return self.point(intent)
            case _:
                assert_never(intent)

    def command(self, intent: i.Command | i.Explain) -> Effects:
        """A command by its key (a click on its button sounds); a greyed button says why it
        does nothing."""
        command = COMMANDS.get(intent.key)
        if isinstance(intent, i.Explain):
            self.toast.show(command.why_not(self.seats.state) if command else _("not now"))
            return []
        if intent.click:
            self.sounds.play("click")
        return command.run(self.doers) if command is not None else []

    def point(self, intent: Pointing) -> Effects:
        """What the pointer's intents do to its things (nothing here reaches the match)."""
        match intent:
            case i.Lift(ids=ids, stock=stock):
                self.board.lift(ids, stock)
            case i.Carry(positions=positions, gap_at=gap_at, reflow=reflow):
                self.board.carry(positions)
                if gap_at is not None or reflow:
                    return [Relayout(0.12 * max(0.3, self.settings.anim_scale), gap_at)]
            case i.Release():
                self.board.release()
            case i.Hover(pile=pile):
                self.tips.point(pile)
            case i.Press():
                self.board.finish()  # moving cards land at once: what is clicked is where it shows
            case i.Scroll(lines=lines):
                self.seats.log.wheel(lines)
            case i.ButtonHover(pos=pos):
                moved = pygame.event.Event(
                    pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)
                )
                for b in self.buttons.values():
                    b.handle_event(moved)
        return []

    def refresh(self) -> None:
        """Which buttons show and which are enabled, by each command's rules."""
        now = self.turn.moment()
        for key, b in self.buttons.items():
            b.visible = COMMANDS[key].shown(now)
            b.enabled = COMMANDS[key].enabled(now)


__all__ = ["TableActions"]
