"""The card table: one hand after another, people by mouse and keyboard, bots behind the match.

The flow is one way: input becomes an engine action, the action goes to the ``Match``, and the
match's updates (events filtered for a seat, and that seat's new view) become words, sounds and
sprite moves. The table never holds a ``Game`` and never decides a rule; it draws only what the
seats played at this screen may know.

Parts, each owning its own state: ``SeatViews`` (views, logs, who looks), ``Board`` (sprites),
``Commands`` (buttons and what they offer), ``TableInput`` (mouse and keys), ``Curtain``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from engine.actions import Action, NextHand
from engine.events import Event
from engine.match import BotWorker, LocalMatch, Match
from engine.view import PlayerView
from marriage_gui.art.cards import CardArt
from marriage_gui.scene import Scene, polling
from marriage_gui.ui.button import Button
from marriage_gui.ui.card_names import said
from marriage_gui.ui.theme import TABLE_BUTTON
from marriage_gui.ui.toast import Toasts

from . import animation
from .board import Board
from .commands import Commands
from .controls import is_help_key
from .curtain import Curtain
from .hand import HandFan
from .input import TableInput
from .layout import Layout
from .log import Log
from .overlays import Dialog
from .seats import SeatViews
from .tips import PileTips
from .tween import BASE

if TYPE_CHECKING:
    from marriage_gui.app import App
    from marriage_gui.setup import MatchSetup

_SOUNDS = {
    "deal": "shuffle",
    "draw_stock": "draw",
    "take_discard": "draw",
    "discard": "discard",
    "see": "see",
    "expose": "see",
    "go_out": "win",
    "reshuffle": "shuffle",
    "turn_over": "shuffle",
}

#: Events whose cards come out of the acting seat's hidden hand.
_FROM_HAND = ("discard", "see", "expose", "go_out")

#: The fewest seconds between two saves of a changed arrangement (a drag saves once, on drop).
ARRANGEMENT_SAVE_GAP = 1.0


class TableScene(Scene):
    """A match at the card table; ``match`` given: play it (else a new one from ``setup``).

    ``seats`` are the seats played by people at this screen (default: the set-up's humans).
    """

    name = "table"

    def __init__(
        self,
        app: App,
        setup: MatchSetup,
        match: Match | None = None,
        seats: Sequence[int] | None = None,
    ) -> None:
        super().__init__(app)
        self.setup = setup
        fresh = match is None or match.version == 0
        if match is None:
            match = setup.start()
        self.match: Match = match
        if isinstance(match, LocalMatch) and match.on_change is None:
            match.on_change = self._autosave
        local = tuple(setup.humans if seats is None else seats)
        self.seats = SeatViews(match, local)
        self.art = getattr(app, "art", None) or CardArt()
        self.board = Board(self.art)
        self.fans: dict[int, HandFan] = {}
        saved = getattr(match, "arrangements", {})
        for s in local:
            self.fans[s] = HandFan(self.seats.views[s].hand)
            self.fans[s].sort("suit")
            if s in saved:
                mode = saved[s].get("sort") if isinstance(saved[s], dict) else None
                if mode == "rank":
                    self.fans[s].sort("rank")
                self.fans[s].restore(saved[s], self.seats.views[s].hand_no)
        self.curtain: Curtain | None = None
        self._own_worker: BotWorker | None = None
        self.think = 0.0
        self.toast = Toasts(seconds=3.2)
        self.tips = PileTips()
        self.dialog: Dialog | None = None
        self.expose_declined: tuple[int, int] | None = None
        self.result_wait = 0.0
        self.next_requested = False
        self.frozen = False  # demo pictures: nothing plays by itself
        self.layout: Layout | None = None
        self.commands = Commands(self)
        self.input = TableInput(self)
        self.time = 0.0
        self.insert_at: dict[int, int] = {}
        self.static_layer: tuple[Any, pygame.Surface] | None = None
        self._deal_in = fresh
        self.show_controls = False
        #: The arrangements as last saved, and the seconds since then: an arrangement made
        #: after the last move is saved too, so killing the program does not lose it.
        self.kept = self.arrangements()
        self.since_kept = ARRANGEMENT_SAVE_GAP

    # ------------------------------------------------------------------ what the table knows
    @property
    def state(self) -> PlayerView:
        """The bottom seat's view: everything the table draws comes from it."""
        return self.seats.state

    def state_with_history(self) -> PlayerView:
        """The bottom seat's view with its whole history (for the hint advisor)."""
        return self.match.view(self.bottom)

    @property
    def bottom(self) -> int:
        """The seat drawn at the bottom of the screen."""
        return self.seats.bottom

    @property
    def viewer(self) -> int | None:
        """The seat whose person is looking at their cards now (None: nobody)."""
        return self.seats.viewer

    @property
    def looking(self) -> bool:
        """Whether a person looks at the bottom seat's cards now."""
        return self.viewer is not None and self.viewer == self.bottom and self.curtain is None

    @property
    def log(self) -> Log:
        """The bottom seat's own log."""
        return self.seats.log

    @property
    def buttons(self) -> dict[str, Button]:
        """The table's buttons."""
        return self.commands.buttons

    @property
    def worker(self) -> BotWorker:
        """Where hints are worked out: the match's bot worker, else one of the table's own."""
        shared = getattr(self.match, "worker", None)
        if isinstance(shared, BotWorker):
            return shared
        if self._own_worker is None:
            self._own_worker = BotWorker()
        return self._own_worker

    # ------------------------------------------------------------------ settings
    def setting(self, name: str, default: Any) -> Any:
        """A field of ``app.settings`` (defaults until the settings exist)."""
        return getattr(getattr(self.app, "settings", None), name, default)

    @property
    def anim(self) -> float:
        """Animation duration multiplier (0: instant)."""
        return float(self.setting("anim_scale", 1.0))

    def sound(self, name: str) -> None:
        """Play a named sound if the app has a sound board."""
        sounds = getattr(self.app, "sounds", None)
        if sounds is not None:
            sounds.play(name)

    # ------------------------------------------------------------------ scene hooks
    def on_resize(self, size: tuple[int, int]) -> None:
        """New window size: new layout, every card jumps to its new place."""
        self.layout = self._layout(size)
        self.relayout(0.0)
        if self._deal_in:
            self._deal_in = False
            animation.deal(self)

    def _layout(self, size: tuple[int, int]) -> Layout:
        v = self.state
        return Layout(
            size,
            v.players,
            self.bottom,
            v.rules.direction == "clockwise",
            float(self.setting("card_scale", 1.0)),
            self.log.open,
        )

    def toggle_log(self) -> None:
        """Open or close the log; the discard row makes room for it (or takes the room back)."""
        self.log.open = not self.log.open
        if self.layout is not None:
            self.layout = self._layout(self.layout.size)
            self.relayout()

    def on_exit(self) -> None:
        """Leaving the table for good stops the bot worker; a scene shown over it does not."""
        if self not in getattr(self.app, "stack", ()):
            self.close()

    def on_enter(self) -> None:
        """Start the bot worker early when bots sit at this table."""
        warm = getattr(self.match, "warm", None)
        if not self.frozen and callable(warm):
            warm()

    def close(self) -> None:
        """Stop background work (the scene is being thrown away)."""
        self.match.close()
        if self._own_worker is not None:
            self._own_worker.shutdown()
            self._own_worker = None

    # ------------------------------------------------------------------ seats
    def seat_kind(self, seat: int) -> str:
        """human / easy / medium / hard."""
        return self.setup.seats[seat].kind

    def is_bot(self, seat: int) -> bool:
        """Whether the computer plays ``seat``."""
        return self.setup.seats[seat].is_bot

    @property
    def fan(self) -> HandFan | None:
        """The fan of the seat at the bottom, when a person sits there."""
        return self.fans.get(self.bottom)

    def my_turn(self) -> bool:
        """Whether the person looking at the table may act now."""
        v = self.state
        return (
            self.looking and not v.hand_over and v.current_player == self.viewer and bool(v.legal)
        )

    # ------------------------------------------------------------------ layout and sprites
    def relayout(self, duration: float | None = None, gap_at: int | None = None) -> None:
        """Recompute where every card goes and start the moves."""
        if self.layout is None:
            return
        if duration is None:
            duration = BASE * self.anim
        fan = self.fan
        looking = self.looking
        if fan is not None and looking:
            fan.sync(self.state.hand, self.insert_at)
        self.insert_at = {}
        lifted = frozenset(fan.selected) if fan is not None and looking else frozenset()
        hinted = self.commands.hint_card
        if looking and hinted is not None:
            # The hinted card stands up from the hand until the next move.
            lifted = lifted | {hinted}
        viewer = self.viewer if self.curtain is None else None
        self.board.compute(self.state, self.layout, self.bottom, viewer, fan, gap_at, lifted)
        self.board.sync(self.layout, duration)

    # ------------------------------------------------------------------ acting
    def act(self, action: Action, insert_at: int | None = None) -> bool:
        """Submit ``action`` for the looking seat; show the engine's reason if it is refused."""
        seat = self.viewer
        if seat is None:
            if not isinstance(action, NextHand) or not self.seats.local:
                return False
            seat = self.seats.local[0]
        self.board.finish()
        self.match.submit(seat, action)
        self.commands.forget_hint()
        self.think = 0.0
        # A match on this computer answers at once; a remote one answers in a later frame,
        # and a refusal then is shown when it arrives.
        return self.take_news(insert_at)

    def take_news(self, insert_at: int | None = None) -> bool:
        """Take the match's updates in; False if the bottom seat's action was refused."""
        news = self.seats.poll()
        for reason in news.refusals:
            self.refuse(reason)
        if news.events:
            if insert_at is not None:
                for e in news.events:
                    if e.kind in ("draw_stock", "take_discard") and e.player == self.viewer:
                        for cid in e.card_ids:
                            self.insert_at[cid] = insert_at
            self.on_events(news.events)
        elif news.changed:
            self.relayout()
        return not news.refusals

    def refuse(self, reason: str) -> None:
        """Say why a move cannot be made, quietly, and put the cards back."""
        self.toast.show(said(reason, self.seats.names()), "error")
        self.sound("error")
        self.relayout()

    def on_events(self, events: list[Event]) -> None:
        """Sounds and animation for what the bottom seat just learnt (its log is already written)."""
        L = self.layout
        for e in events:
            if e.kind in _SOUNDS:
                self.sound(_SOUNDS[e.kind])
            if e.kind == "deal":
                self.next_requested = False
            if L is not None and e.player is not None and e.player != self.bottom:
                if e.kind in _FROM_HAND:
                    for cid in e.card_ids:
                        self.board.origins[cid] = self.board.seat_origin(L, e.player)
                elif e.kind == "take_discard":
                    for cid in e.card_ids:
                        self.board.destinations[cid] = e.player
            if e.kind == "hand_end":
                self.sound("win")
                self._record("record_hand")
            if e.kind == "match_end":
                self._record("record_match")
        if any(e.kind == "deal" for e in events):
            self.new_hand_fans()
            self.viewer_for_turn()
            self.on_resize(self.app.size if hasattr(self.app, "size") else L.size)  # type: ignore[union-attr]
            animation.deal(self)
            return
        self.viewer_for_turn()
        self.relayout()
        for e in events:
            if e.kind == "tiplu_chosen" and L is not None:
                animation.tiplu(self, e)

    def new_hand_fans(self) -> None:
        """A new deal: each person's hand comes sorted the way they sorted the last one."""
        for seat, fan in self.fans.items():
            fan.order = list(self.seats.views[seat].hand)
            fan.selected = []
            fan.history.clear()
            fan.future.clear()
            fan.sort(fan.sort_mode)

    def arrangements(self) -> dict[int, dict[str, object]]:
        """Each person's arrangement (order, groups, sort) as plain data."""
        return {s: fan.to_dict(self.seats.views[s].hand_no) for s, fan in self.fans.items()}

    def keep_arrangement(self) -> None:
        """Hand each person's arrangement to the match, so that the save keeps it."""
        kept = getattr(self.match, "arrangements", None)
        if not isinstance(kept, dict):
            return
        kept.update(self.arrangements())

    def arrangement_due(self) -> float | None:
        """Seconds until a changed arrangement is saved (None: nothing to save, or no save
        here: a match on another laptop, a demo); never while a drag is in the air."""
        if not isinstance(self.match, LocalMatch) or self.frozen or self.input.dragging:
            return None
        if getattr(self.app, "storage", None) is None or self.arrangements() == self.kept:
            return None
        return max(0.0, ARRANGEMENT_SAVE_GAP - self.since_kept)

    def _autosave(self, match: LocalMatch) -> None:
        """Save after every action so that closing the program loses nothing."""
        storage = getattr(self.app, "storage", None)
        if storage is None or self.frozen:
            return
        self.keep_arrangement()
        self.since_kept = 0.0
        try:
            if storage.save_game(self.setup, match):
                self.kept = self.arrangements()
        except Exception as exc:  # noqa: BLE001 - a full disk must not end the game
            self.toast.show(f"could not save the game ({exc})", "error")

    def _record(self, what: str) -> None:
        """Add the finished hand or match to the statistics."""
        storage = getattr(self.app, "storage", None)
        if storage is None or self.frozen:
            return
        try:
            getattr(storage, what)(self.setup, self.match, self.state)
        except Exception as exc:  # noqa: BLE001 - statistics must not stop the game
            self.toast.show(f"could not record the result ({exc})", "error")

    # ------------------------------------------------------------------ who looks
    def viewer_for_turn(self) -> None:
        """Hot-seat: hide every hand the moment the turn leaves the person who was looking."""
        v = self.state
        if not self.seats.hot_seat or self.viewer is None:
            return
        if v.hand_over or v.current_player != self.viewer:
            self.seats.viewer = None
            self.dialog = None

    def lift_curtain(self) -> None:
        """The person whose turn it is sits down: their hand turns face up at the bottom."""
        seat = self.state.current_player
        self.curtain = None
        moved = seat != self.bottom
        self.seats.sit(seat)
        if moved:
            self.board.sprites.clear()
            self.on_resize(self.layout.size if self.layout else self.app.size)
        else:
            self.relayout()

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> None:
        """Input goes to the curtain, a dialog, or the table."""
        if self.show_controls:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
                self.show_controls = False
            return
        if self.dialog is not None:
            self.dialog.handle_event(event)
            return
        if self.curtain is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                # Pause or quit without revealing the next hand.
                self.commands.menu()
                return
            self.curtain.handle_event(event)
            if not self.curtain.up:
                self.lift_curtain()
            return
        if is_help_key(event):
            self.show_controls = True
            return
        self.input.handle(event)

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        """Animations, then whatever the match waits for: a bot, a curtain, the result."""
        self.time += dt
        self.board.update(dt)
        self.toast.update(dt)
        self.tips.update(dt)
        self.log.update(dt)
        self.commands.poll_hint()
        self.since_kept += dt
        if self.arrangement_due() == 0.0 and isinstance(self.match, LocalMatch):
            self._autosave(self.match)
        if self.frozen or self.dialog is not None:
            return
        if self.board.busy or self.input.dragging:
            return
        # One action's news at a time: the next waits until its cards have landed.
        self.take_news()
        if self.board.busy:
            return
        v = self.state
        if v.hand_over:
            if self.next_requested:
                self._pump(dt)
                return
            self.result_wait += dt
            if self.result_wait >= 0.9 * self.anim + 0.05:
                self.result_wait = 0.0
                self.show_result()
            return
        seat = v.current_player
        if not self.seats.is_local(seat):
            self._pump(dt)
            return
        if self.seats.hot_seat and self.viewer != seat and self.curtain is None:
            self.curtain = Curtain(
                self.seats.name(seat),
                self.seats.since.get(seat),
                seat not in self.seats.played,
                self.seats.names(),
            )
            return
        if self.viewer is None and not self.seats.hot_seat:
            self.seats.sit(seat)
            self.relayout()
        expose = self.commands.expose_action()
        if self.my_turn() and expose is not None and self.dialog is None:
            key = (v.hand_no, seat)
            if self.expose_declined != key:
                self._expose_prompt(key, expose)

    # ------------------------------------------------------------------ frames
    def animating(self) -> bool:
        """Whether the next frame differs from this one (False lets the app sleep)."""
        if self.board.busy or self.input.dragging or self.board.dragging:
            return True
        if self.toast.queue or self.log.fresh > 0 or self.result_wait > 0:
            return True
        if self.commands.hint_job is not None:
            return True
        if self.frozen or self.dialog is not None or self.curtain is not None:
            return False
        if self.show_controls:
            return False
        v = self.state
        if v.hand_over:
            # Counting down to the result screen, or waiting for the next deal.
            return True
        if not self.seats.is_local(v.current_player):
            return True  # a bot or a remote seat is to move: its ring turns
        if self.seats.hot_seat and self.viewer != v.current_player:
            return True  # the curtain goes up in the next frame
        return self.viewer is None

    def wake_after(self) -> float | None:
        """Seconds until the table must look again by itself (None: only input wakes it)."""
        if self.animating():
            return 0.0
        wake = []
        due = self.arrangement_due()
        if due is not None:
            wake.append(due)  # a changed arrangement waits its turn to be saved
        tip = self.tips.due_in()
        if tip:
            wake.append(tip)  # the pointer rests on a pile: its tooltip is coming
        own = min(wake, default=None)
        # A match played elsewhere may send news at any time: look for it often.
        return own if isinstance(self.match, LocalMatch) else polling(own)

    def _pump(self, dt: float) -> None:
        """Let a bot move when it has thought for the table's bot delay (a match on this
        computer moves its bots only when asked; a remote one moves them by itself)."""
        self.think += dt
        pump = getattr(self.match, "pump", None)
        if callable(pump) and self.think >= float(self.setting("bot_delay", 0.6)):
            if pump():
                self.think = 0.0
                self.take_news()
        elif callable(pump) and getattr(self.match, "thinking", None) is None:
            # Start thinking now, so the decision is ready when the delay is over.
            pump()

    @property
    def thinking_seat(self) -> int | None:
        """The seat a bot is thinking for, if the match says so."""
        seat = getattr(self.match, "thinking", None)
        return seat if isinstance(seat, int) else None

    def _expose_prompt(self, key: tuple[int, int], action: Any) -> None:
        def expose() -> None:
            self.dialog = None
            self.act(action)

        def later() -> None:
            self.dialog = None
            self.expose_declined = key

        self.dialog = Dialog(
            "You were dealt a tunnela",
            "Expose it now (before your first draw) for tunnela points? It counts toward seeing.",
            [
                Button("Expose", expose, True, hotkey="Enter", look=TABLE_BUTTON),
                Button("Keep hidden", later, hotkey="Esc", look=TABLE_BUTTON),
            ],
            [action.cards],
        )

    def show_result(self) -> None:
        """The hand result screen over the table."""
        self.app.open("hand_result", table=self)

    def next_hand(self) -> None:
        """Deal the next hand (from the result screen)."""
        if self.state.phase != "hand_over":
            return
        self.next_requested = True
        if self.seats.local:
            self.act(NextHand())

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        """The whole table."""
        from .render import draw_table

        draw_table(self, surface)


def prompt_text(scene: TableScene) -> str:
    """The one line that tells the person at the bottom what to do now."""
    v = scene.state
    if scene.viewer is None or v.hand_over:
        return ""
    if v.current_player != scene.viewer:
        return f"{scene.seats.name(v.current_player)} is playing…"
    if v.phase == "draw":
        return "Your turn: draw a card"
    if v.must_go_out:
        return "Go out now"
    return "Discard a card"


__all__ = ["TableScene", "prompt_text"]
