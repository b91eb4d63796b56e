"""Learn to play: the card table with a guide beside the cards, for one stacked first hand.

The guide is the table plus one thing: every intent passes its ``dispatch`` first. A move the
current step asks for goes through (and the step moves on when the view shows it done); any
other move is refused with the step's explanation; arranging and hints are always welcome. The
prompt box is worked out in ``update`` and drawn after the table. The computer players hold
while a step waits for the player (the table's own pace moves them otherwise). Nothing is saved
and nothing counts in the statistics; the pause menu leaves the guide, offering a normal game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from engine.actions import Action, Discard, DrawStock, GoOut, See, TakeDiscard
from engine.cards import CARDS, code_of
from engine.lesson import LessonFacts, lesson_facts, lesson_match
from marriage_gui import language
from marriage_gui.guide_steps import DEAL, SEED, STEP_KEYS, STEPS, Step, guide_setup, preset_note
from marriage_gui.guide_words import closing, keep_words, step_at, words
from marriage_gui.language import N_, _
from marriage_gui.setup import bot_seed
from marriage_gui.table import intents as i
from marriage_gui.table.guide_box import Prompt, draw_prompt, lay_out
from marriage_gui.table.log import Log
from marriage_gui.table.picture import TablePicture
from marriage_gui.table.scene import TableScene
from marriage_gui.ui.button import Button
from marriage_gui.ui.theme import (
    ERROR,
    TABLE_BUTTON,
    TABLE_MUTED,
    TABLE_TEXT,
)
from marriage_gui.ui.toast import Toasts
from marriage_gui.ui.widget import MOUSE_EVENTS

if TYPE_CHECKING:
    from marriage_gui.scene import AppServices

#: The table draws no toasts: the guide draws them where its box leaves room.
_NO_TOASTS = Toasts()
#: Under a tall box the announcement would show in part: the table then draws none.
_NO_NEWS = Log()
#: What the guide does for a player who skips a step that asks for a move.
_STAND_INS = ("take", "draw", "see", "throw", "out")


class GuideScene(TableScene):
    """The guided first hand: the player's seat against three easy computer players."""

    name = "table"

    def __init__(self, app: AppServices, step: str = "welcome") -> None:
        setup = guide_setup()
        names = [s.name for s in setup.seats]
        match = lesson_match(setup.rules, names, setup.drivers, DEAL, SEED, bot_seed=bot_seed(SEED))
        super().__init__(app, setup, match, seats=(DEAL.seat,))
        self.seat = DEAL.seat
        self.at = 0
        # The computer players wait while a step waits for the player.
        self.pacing.held = lambda: self.step.waits
        #: Why the last move waited, shown in the box until the step moves on.
        self.wrong: str | None = None
        #: How to say ``wrong`` again, and the language it was said in (a change of language
        #: while it shows says it again in the new one).
        self._wrong_again: tuple[Callable[[], str | None], str] | None = None
        #: The cards held when the step began (the card a draw brought is the one not among them).
        self.before = frozenset(self.seats.state.hand)
        self.drawn: int | None = None
        self.next_button = Button(
            _("Next"), self.next_step, True, hotkey="Enter", look=TABLE_BUTTON
        )
        self.skip_button = Button(_("Skip"), self.skip, hotkey="Tab", look=TABLE_BUTTON)
        self.box: Prompt | None = None
        self._laid: tuple[object, ...] | None = None
        #: The facts of the position the step's words are read from, and the news they are of.
        self._lesson: tuple[tuple[int, int | None], LessonFacts] | None = None
        while STEPS[self.at].key != step and self.at < len(STEPS) - 1:
            self.at += 1  # a later step straight away: only for pictures of one step

    # ------------------------------------------------------------------ the step
    def lesson(self) -> LessonFacts:
        """The facts of the player's position now (worked out once per change on the table)."""
        key = (self.seats.version, self.drawn)
        if self._lesson is None or self._lesson[0] != key:
            card = CARDS[code_of(self.drawn)] if self.drawn is not None else None
            self._lesson = (key, lesson_facts(self.seats.state, card))
        return self._lesson[1]

    @property
    def step(self) -> Step:
        """The step shown now, as the position asks for it."""
        return step_at(self.at, self.seats.state, self.lesson())

    def say(self, text: str) -> str:
        """A step's words (untranslated, as the steps keep them) in the language in use, with
        this table's cards and names."""
        return words(text, self.seats.state, self.drawn, self.lesson())

    def advance(self) -> None:
        """On to the next step."""
        if self.step.key == "draw":
            new = [c for c in self.seats.state.hand if c not in self.before]
            self.drawn = new[0] if new else None
        self.at = min(self.at + 1, len(STEPS) - 1)
        self.wrong = None
        self.before = frozenset(self.seats.state.hand)

    def finished(self) -> bool:
        """Whether the view shows the current step's move done."""
        v, me, key = self.seats.state, self.seat, self.step.key
        if key != "done" and v.hand_over:
            return True
        mine = v.current_player == me
        return {
            "take": mine and v.phase == "play",
            "draw": mine and v.phase == "play",
            "see": v.seen[me],
            "throw": not mine,
            "others": mine and v.phase == "draw",
            "out": v.hand_over,
        }.get(key, False)

    def _catch_up(self) -> None:
        while self.step.key != "done" and self.finished():
            if self.seats.state.hand_over:
                self.at = STEP_KEYS.index("done") - 1
            self.advance()

    def next_step(self) -> None:
        """Next: a step to read moves on; at the end, a normal game."""
        if self.step.key == "done":
            self.leave(new_game=True)
        elif self.step.reading:
            self.sound("click")
            self.advance()

    def skip(self) -> None:
        """Skip: the guide makes the step's move for the player (or just moves on)."""
        key = self.step.key
        if key == "done":
            self.leave(new_game=False)
            return
        if key == "others":
            return  # the others' turns cannot be skipped: they take a moment
        self.sound("click")
        action = self.stand_in(key)
        if action is not None and self.seats.my_turn():
            super().dispatch(i.Play(action))
            if self.seats.fan is not None:
                self.seats.fan.clear()
                self.staging.relayout()
        if not self.finished():
            self.advance()
        self._catch_up()

    def stand_in(self, key: str) -> Action | None:
        """The move the guide makes for a player who skips step ``key``."""
        v = self.seats.state
        if key not in _STAND_INS:
            return None
        if key == "take" or (key == "draw" and "take" in self.step.wants):
            return TakeDiscard()
        if key == "draw":
            return DrawStock()
        if key == "see":
            return v.best_see
        if key == "out":
            return v.best_go_out
        f = self.lesson()
        codes = [t.card.code for t in f.loose[:1]]
        loose = [c for c in v.hand if code_of(c) in codes] or list(v.hand[-1:])
        return Discard(CARDS[code_of(loose[0])], loose[0]) if loose else None

    # ------------------------------------------------------------------ every intent
    def dispatch(self, intent: i.Intent) -> None:
        """Let the intent through if the step allows it, else say why it waits."""
        move = self.move_of(intent)
        why = self.why_not(move, intent) if move is not None else None
        if move is not None and why is not None:
            self.wrong = why
            self._wrong_again = (self._again(move, intent), language.current())
            held = intent.held if isinstance(intent, i.Draw | i.Discard) else ()
            kept = [c for c in held if c >= 0]
            # Said in the box, beside the step it belongs to (a toast would say it twice).
            self.sound("error")
            self.staging.relayout(0.0 if kept else None)
            self.board.ease_back(kept, 0.35 * self.app.settings.anim_scale)
            self.refresh()
            return
        super().dispatch(intent)
        if move == "arrange" and self.step.key == "arrange":
            self.advance()
        self._catch_up()

    def _again(self, move: str, intent: i.Intent) -> Callable[[], str | None]:
        """How to say again why ``move`` waits (in a language chosen since)."""
        return lambda: self.why_not(move, intent)

    def move_of(self, intent: i.Intent) -> str | None:
        """The move an intent makes, in the guide's words (None: nothing the guide minds)."""
        if isinstance(intent, i.Draw):
            return "take" if intent.from_discard else "draw"
        if isinstance(intent, i.DiscardSelected):
            if self.seats.state.phase == "play" and self._chosen() is not None:
                return "throw"
            return "take" if intent.take else None
        if isinstance(intent, i.Discard):
            return "throw"
        if isinstance(intent, i.Reorder):
            return "arrange"
        if isinstance(intent, i.Command):
            if intent.key in ("sort", "group"):
                return "arrange"
            if intent.key == "enter":
                return "out" if self.actions.buttons["out"].visible else "see"
            return intent.key if intent.key in ("see", "out") else None
        if isinstance(intent, i.Play):
            if isinstance(intent.action, See):
                return "see"
            return "out" if isinstance(intent.action, GoOut) else "expose"
        return None

    def why_not(self, move: str, intent: i.Intent) -> str | None:
        """Why ``move`` waits at this step (None: it may be made)."""
        step = self.step
        if move == "arrange" or step.key == "done":
            return None
        if move in step.wants:
            return self._keep(intent) if move == "throw" else None
        wrong = step.wrong.get(move)
        if wrong:
            return self.say(wrong)
        how = self.say(step.how)
        # Translators: a move the guide's step does not ask for; {how} says what it asks.
        return _("Not yet. {how}.").format(how=how[:1].upper() + how[1:])

    def _chosen(self) -> int | None:
        fan = self.seats.fan
        return fan.selected[0] if fan is not None and len(fan.selected) == 1 else None

    def _keep(self, intent: i.Intent) -> str | None:
        """A throw of a card the hand will go out with waits, with the reason."""
        cid = intent.cid if isinstance(intent, i.Discard) else None
        cid = cid if cid is not None else self._chosen()
        if cid is None or self.seats.state.phase != "play":
            return None
        card = CARDS[code_of(cid)]
        if card in [t.card for t in self.lesson().loose]:
            return None
        return keep_words(self.seats.state, card)

    # ------------------------------------------------------------------ the table's hooks
    def show_result(self) -> None:
        """The score sheet, with one sentence on where the player's points came from; its
        button comes back to the guide's last step (a stacked deal is not replayed or
        reviewed)."""
        self._catch_up()
        said = closing(self.seats.state)
        self.app.open("hand_result", table=self, closing=said, then=self._catch_up)

    def _record(self, what: str) -> None:
        return  # a guided hand is not a game of the statistics

    def leaving_words(self) -> tuple[str, str]:
        """The pause menu's way out of the guide."""
        return _("This guided hand is not saved."), _("Leave the guide")

    def _quit(self) -> None:
        self.ask.close()
        self.leave(new_game=None)

    def leave(self, new_game: bool | None) -> None:
        """Back to the title; ``new_game``: open the New game screen (None: offer it)."""
        self.close()
        self.app.go_title()
        if new_game:
            self.app.open("new_game")
        elif new_game is None:
            self.app.open(
                "confirm",
                question=N_("Play a normal game?"),
                detail=N_(
                    "You left the guide. A normal game deals new cards against the computer "
                    "players you choose."
                ),
                yes=N_("New game"),
                on_yes=lambda: self.app.open("new_game"),
                no=N_("Not now"),
            )

    # ------------------------------------------------------------------ input and time
    def handle_event(self, event: pygame.event.Event) -> None:
        """The prompt box's buttons and keys first, then the table."""
        if self.ask.dialog is None and not self.show_controls and self._box_event(event):
            return
        super().handle_event(event)

    def _box_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if self.skip_button.visible and self.skip_button.answers(event.key):
                self.skip_button.click()
                return True
            if self.next_button.visible and self.next_button.answers(event.key):
                self.next_button.click()
                return True
            return False
        if event.type in MOUSE_EVENTS and self.box is not None:
            for b in (self.next_button, self.skip_button):
                if b.visible:
                    b.handle_event(event)
            inside = self.box.rect.collidepoint(event.pos)
            return inside and event.type != pygame.MOUSEMOTION
        return False

    def update(self, dt: float) -> None:
        """The table's time, then the step (a move may have finished it) and its box."""
        super().update(dt)
        self._catch_up()
        self._lay_out_box()

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        self._lay_out_box()

    def _lay_out_box(self) -> None:
        L, step = self.staging.layout, self.step
        if L is None:
            return
        done = step.key == "done"
        self.next_button.text = _("New game") if done else _("Next")
        # Translators: the guide's last step: back to the title screen.
        self.skip_button.text = _("Title") if done else _("Skip")
        self.next_button.visible = step.reading or done
        self.skip_button.visible = step.key != "others"
        again = self._wrong_again
        if self.wrong and again is not None and again[1] != language.current():
            self.wrong = again[0]() or self.wrong
            self._wrong_again = (again[0], language.current())
        key = (self.at, self.seats.version, self.wrong, L, self.seats.log.open, language.current())
        if key == self._laid:
            return  # nothing the box shows has changed
        self._laid = key
        body = [(self.say(step.text), TABLE_TEXT)]
        title = _(step.title)
        if self.wrong:
            body.append((self.wrong, ERROR))
        note = preset_note(step.key)
        if note:
            body.append((note, TABLE_MUTED))
        shown = [b for b in (self.next_button, self.skip_button) if b.visible]
        self.box = lay_out(L, title, body, shown, self.seats.log.open)

    def animating(self) -> bool:
        """The table's answer, except that a finished guided hand waits for no score sheet:
        once its cards have landed, only input wakes it."""
        if self.seats.state.hand_over and self.step.key == "done":
            return self.board.busy or bool(self.toast.queue)
        return super().animating()

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        """The table, then the prompt box beside the cards."""
        super().draw(surface)
        p = self.box
        if p is None or self.ask.dialog is not None or self.show_controls:
            self.toast.draw(surface, self.staging.layout.banner[1] if self.staging.layout else None)
            return
        draw_prompt(surface, p, [b for b in (self.next_button, self.skip_button) if b.visible])
        if self.staging.layout is not None:
            # The table's toasts would lie under the box: they show just above it.
            size = max(14, p.size)
            self.toast.draw(surface, p.rect.y - round(size * 2.2) - 6, size)

    def picture(self) -> TablePicture:
        """The table's frame; its toasts are the guide's to draw (they would lie under the box),
        and so is the announcement when the box would cover it."""
        picture = replace(super().picture(), toast=_NO_TOASTS)
        if self.box is not None and self.box.hides_banner and not self.seats.log.open:
            picture = replace(picture, log=_NO_NEWS)
        return picture


__all__ = ["GuideScene"]
