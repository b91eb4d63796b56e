"""The card table: one hand after another, people by mouse and keyboard, bots behind the match.

The scene keeps the loop, one way: ``TableInput`` turns events into intents;
``TableActions.dispatch`` acts on them and returns what the scene must do next
(``effects.py``); ``update`` takes the match's news in (sounds, flights, a new deal); ``draw``
renders the frame's read-only ``TablePicture``. The table never holds a ``Game`` and never
decides a rule. The rest are parts with their own state, reached by their own names
(``scene.seats.state``, ``scene.staging.layout``, ``scene.actions.buttons``): ``SeatViews``
(views, logs, fans, who looks), ``Board`` (sprites), ``Staging`` (the layout, the cards'
moves), ``Pacing`` (what the table waits for), ``Framing`` (the picture), ``HintAsk``, ``Ask``
(the question up), ``TableActions``, ``TableInput`` and the ``Curtain``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from engine.events import Event
from engine.match import Match
from marriage_gui.language import _, word
from marriage_gui.saved_match import saved
from marriage_gui.scene import Scene
from marriage_gui.ui.toast import Toasts

from . import animation, dialogs
from . import intents as i
from .actions import TableActions
from .asking import Ask
from .board import Board
from .commands import COMMAND_KEYS, COMMANDS
from .controls import is_help_key
from .curtain import Curtain
from .effects import EaseBack, Effects, Hear, Pause, Relayout, Sent, ToggleLog
from .framing import Framing
from .hearing import SOUNDS, flights
from .hinting import HintAsk
from .input import TableInput
from .overlays import Dialog
from .pacing import Pacing
from .picture import TablePicture
from .render import TableRenderer
from .seats import SeatViews
from .staging import Staging
from .tips import PileTips

if TYPE_CHECKING:
    from marriage_gui.scene import AppServices
    from marriage_gui.setup import MatchSetup

#: Intents that only move the pointer's things: nothing they do changes what is offered.
_MOVES_ONLY = (i.Carry, i.Hover, i.ButtonHover, i.Scroll, i.Press, i.Lift)


class TableScene(Scene):
    """A match at the card table; ``match`` given: play it (else a new one from ``setup``,
    saved as it is played).

    ``seats`` are the seats played by people at this screen (default: the set-up's humans).
    """

    name = "table"

    def __init__(
        self,
        app: AppServices,
        setup: MatchSetup,
        match: Match | None = None,
        seats: Sequence[int] | None = None,
    ) -> None:
        super().__init__(app)
        self.setup = setup
        fresh = match is None or match.version == 0
        self.match: Match = match if match is not None else saved(app, setup)
        local = tuple(setup.humans if seats is None else seats)
        self.seats = SeatViews(self.match, local, [s.proposed for s in setup.seats])
        self.art = app.art
        self.board = Board(self.art)
        #: The curtain between two people's turns (None: none is down).
        self.curtain: Curtain | None = None
        self.toast = Toasts(seconds=3.2)
        self.tips = PileTips()
        self.hint = HintAsk(self.match, self.toast)
        self.ask = Ask()
        acted_on = (self.match, self.seats, self.board, self.toast, self.hint)
        self.actions = TableActions(*acted_on, self.ask, app.sounds, app.settings, self.tips)
        self.frozen = False  # demo pictures: nothing plays by itself
        self.input = TableInput(COMMAND_KEYS)
        self.staging = Staging(self.board, self.seats, self.hint, app.settings, self.sound)
        watched = (self.match, self.seats, self.board, self.input, self.ask)
        self.pacing = p = Pacing(*watched, self.actions.showing, app.settings)
        p.take_news, p.show_result, p.lower = self.take_news, self.show_result, self._lower
        p.relayout = self.staging.relayout
        parts = (self.hint, self.toast, self.tips, self.ask, self.pacing)
        shown = (setup.seats, self.seats, self.board, self.input, self.actions.buttons)
        self.framing = Framing(*shown, parts, app.settings)
        self.renderer = TableRenderer()
        self.time = 0.0
        self._deal_in = fresh
        self.show_controls = False
        self._closed = False

    def sound(self, name: str) -> None:
        """Play a named sound."""
        self.app.sounds.play(name)

    # ------------------------------------------------------------------ scene hooks
    def on_resize(self, size: tuple[int, int]) -> None:
        """New window size (or new words): new layout, every card jumps to its new place, the
        buttons, the still layer and an open dialog in the language in use."""
        self.staging.lay_out(size)
        for key, button in self.actions.buttons.items():
            button.text = _(COMMANDS[key].button)
        self.renderer.static_layer = None
        self.ask.again()
        self.staging.relayout(0.0)
        if self._deal_in:
            self._deal_in = False
            self.staging.deal()
        self.refresh()

    def resume(self) -> None:
        """On top again (or for the first time): start the bot worker early; back from the
        Settings screen with another card size, the cards take it at once."""
        if not self.frozen:
            self.match.advance(0.0, False)
        L = self.staging.layout
        if L is not None and L.card_scale != self.app.settings.card_scale:
            self.on_resize(self.app.size)

    def shutdown(self) -> None:
        """Leaving the table for good stops its background work."""
        self.close()

    def close(self) -> None:
        """Hand the last arrangement over, and stop background work (a saved match writes
        what it has not yet)."""
        if self._closed:
            return
        self._closed = True
        self._keep_arrangements()
        self.match.close()
        self.hint.close()

    # ------------------------------------------------------------------ the loop's steps
    def dispatch(self, intent: i.Intent) -> None:
        """Hand an intent to the actions, and do what they say comes next."""
        self.apply(self.actions.dispatch(intent))
        if not isinstance(intent, _MOVES_ONLY):
            self.refresh()  # what is offered may have changed (the frame refreshes it anyway)

    def apply(self, effects: Effects) -> None:
        """Do what the actions left for the scene, in order."""
        for effect in effects:
            match effect:
                case Relayout(duration=duration, gap_at=gap_at):
                    self.staging.relayout(duration, gap_at)
                case EaseBack(ids=ids):
                    self.board.ease_back(list(ids), 0.35 * self.app.settings.anim_scale)
                case Hear(events=events, moves=moves):
                    self.on_events(list(events), moves)
                case Sent():
                    self.pacing.think = 0.0
                case Pause():
                    self.ask.put("menu", lambda _answer: self._menu())
                case ToggleLog():
                    self.staging.toggle_log()

    def answers(self) -> None:
        """The intents a question's buttons gave, acted on like any other."""
        for intent in self.ask.answers():
            self.dispatch(intent)

    def take_news(self) -> None:
        """Take the match's updates in."""
        self.apply(self.actions.turn.take_news()[1])

    def on_events(self, events: list[Event], moves: int = 0) -> None:
        """Sounds and animation for what the bottom seat just learnt (its log is already
        written); ``moves``: how many of the match's actions the news moved on."""
        for e in events:
            self._on_event(e)
        if any(e.kind == "deal" for e in events):
            self.seats.new_hands()
            self.viewer_for_turn()
            self.on_resize(self.app.size)
            self.staging.deal()
            return
        self.viewer_for_turn()
        self.staging.relayout()
        L, anim = self.staging.layout, self.app.settings.anim_scale
        for e in events:
            if e.kind == "tiplu_chosen" and L is not None:
                animation.tiplu(self.board, L, e, self.seats.viewer, anim)

    def _on_event(self, e: Event) -> None:
        if e.kind in SOUNDS:
            self.sound(SOUNDS[e.kind])
        if e.kind == "deal":
            self.pacing.next_requested = False
        flights(self.board, self.staging.layout, self.seats.bottom, e)
        if e.kind == "hand_end":
            self.sound("win")
            self._record("record_hand")
        if e.kind == "match_end":
            self._record("record_match")

    def _keep_arrangements(self) -> None:
        """Hand each changed arrangement to the match (never while a drag is in the air)."""
        if not (self.frozen or self.input.dragging):
            self.seats.keep_arrangements()

    def _record(self, what: str) -> None:
        """Add the finished hand or match to the statistics."""
        if self.frozen:
            return
        storage = self.app.storage
        record = storage.record_match if what == "record_match" else storage.record_hand
        try:
            record(self.setup, self.match, self.seats.state)
        except Exception as exc:  # noqa: BLE001 - statistics must not stop the game
            # Translators: {error} is what went wrong, in the computer's words.
            self.toast.show(_("could not record the result ({error})").format(error=exc), "error")

    # ------------------------------------------------------------------ the pause menu
    def _menu(self) -> Dialog:
        """The pause menu; each choice puts it away first."""
        (note, label), extras = self.leaving_words(), self.menu_extras()
        show, log, quit_ = self._show_controls, self.staging.toggle_log, self._quit
        return dialogs.pause_menu(self.app, self.ask.close, show, log, quit_, note, label, extras)

    def _show_controls(self) -> None:
        self.show_controls = True

    def leaving_words(self) -> tuple[str, str]:
        """What the pause menu says of saving, and its way out."""
        return _("The game is saved after every move."), _("Save and quit to menu")

    def menu_extras(self) -> list[tuple[str, Callable[[], None]]]:
        """This table's own commands in the pause menu (none here)."""
        return []

    def _quit(self) -> None:
        self.ask.close()
        self.close()
        self.app.go_title()

    # ------------------------------------------------------------------ who looks
    def _lower(self, curtain: Curtain) -> None:
        self.curtain, self.seats.curtained = curtain, True

    def viewer_for_turn(self) -> None:
        """Hot-seat: hide every hand (and the question up) the moment the turn leaves the
        person who was looking."""
        if self.seats.look_away():
            self.ask.close()

    def lift_curtain(self) -> None:
        """The person whose turn it is sits down: their hand turns face up at the bottom."""
        seat = self.seats.state.current_player
        self.curtain, self.seats.curtained = None, False
        moved = seat != self.seats.bottom
        self.seats.sit(seat)
        if moved:
            self.board.sprites.clear()
            self.on_resize(self.staging.layout.size if self.staging.layout else self.app.size)
        else:
            self.staging.relayout()

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> None:
        """Input goes to the controls sheet, a dialog, the curtain, or the table."""
        if self.show_controls:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
                self.show_controls = False
        elif self.ask.dialog is not None:
            self.ask.dialog.handle_event(event)
            self.answers()
        elif self.curtain is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.dispatch(i.Command("menu"))  # pause or quit without showing the next hand
                return
            self.curtain.handle_event(event)
            if not self.curtain.up:
                self.lift_curtain()
        elif is_help_key(event):
            self.show_controls = True
        else:
            for intent in self.input.handle(event, self.picture(), self.time):
                self.dispatch(intent)

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        """Animations, then whatever the match waits for: a bot, a curtain, the result."""
        self.time += dt
        self.board.update(dt)
        self.toast.update(dt)
        self.tips.update(dt)
        self.seats.log.update(dt)
        self.apply(self.actions.turn.watch())
        if not self.frozen:
            self.match.advance(dt, False)
            self._keep_arrangements()
            for note in self.match.notices():
                self.toast.show(word(note), "error")
            self.pacing.play_on(dt)
        self.refresh()

    def refresh(self) -> None:
        """Which buttons show and which are enabled (each command's rules), laid out again
        only when the row changes (measuring the labels costs)."""
        self.actions.refresh()
        self.staging.lay_buttons(self.actions.buttons)

    # ------------------------------------------------------------------ frames
    def animating(self) -> bool:
        """Whether the next frame differs from this one (False lets the app sleep)."""
        if self.board.busy or self.input.dragging or self.board.dragging:
            return True
        if self.toast.queue or self.seats.log.fresh > 0 or self.pacing.result_wait > 0:
            return True
        if self.hint.job is not None:
            return True
        if self.frozen or self.ask.dialog is not None or self.curtain is not None:
            return False
        return not self.show_controls and self.pacing.waiting()

    def wake_after(self) -> float | None:
        """Seconds until the table must look again by itself (None: only input wakes it)."""
        if self.animating():
            return 0.0
        # A save waits its turn, or news may come from the host; the pointer rests on a pile.
        due, tip = self.match.due(), self.tips.due_in()
        wake = ([] if due is None else [due]) + ([tip] if tip else [])
        return min(wake, default=None)

    def show_result(self) -> None:
        """The hand result screen over the table."""
        self.app.open("hand_result", table=self)

    def next_hand(self) -> None:
        """Deal the next hand (from the result screen)."""
        if self.seats.state.phase != "hand_over":
            return
        self.pacing.next_requested = True
        self.dispatch(i.DealNext())

    # ------------------------------------------------------------------ drawing
    def picture(self) -> TablePicture:
        """This frame as drawing and hit tests see it (built fresh; changes nothing)."""
        return self.framing.picture(self.staging.layout, self.curtain, self.show_controls)

    def draw(self, surface: pygame.Surface) -> None:
        """The whole table."""
        self.renderer.draw(self.picture(), surface)


__all__ = ["TableScene"]
