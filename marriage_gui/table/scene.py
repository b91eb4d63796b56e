"""The card table: one hand after another, humans by mouse and keyboard, bots on a worker.

Input becomes an engine action; the engine's events become words, sounds and sprite moves.
The table never decides a rule: whatever it offers is checked by ``Game.is_legal`` or refused
by ``Game.apply`` with the engine's reason.
"""

from __future__ import annotations

import random
import zlib
from typing import TYPE_CHECKING, Any

import pygame

from engine.actions import (
    Action,
    Discard,
    NextHand,
)
from engine.cards import code_of
from engine.events import Event
from engine.game import Game, IllegalAction
from marriage_gui.art.cards import CardArt
from marriage_gui.scene import Scene

from . import animation
from .board import Board
from .bots import BotRunner
from .commands import Commands
from .curtain import Curtain
from .hand import HandFan
from .hud import Button, Log, Toast
from .input import TableInput
from .layout import Layout
from .overlays import Dialog
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


class TableScene(Commands, Scene):
    """A match at the card table (``game`` given: resume it)."""

    name = "table"

    def __init__(self, app: App, setup: MatchSetup, game: Game | None = None) -> None:
        super().__init__(app)
        self.setup = setup
        resumed = game is not None
        if game is None:
            seed = setup.seed if setup.seed is not None else random.randrange(1 << 30)
            game = Game.new(setup.rules, [s.name for s in setup.seats], seed, setup.hands)
        self.game = game
        self.art = getattr(app, "art", None) or CardArt()
        self.board = Board(self.art)
        self.fans: dict[int, HandFan] = {}
        for s in setup.humans:
            self.fans[s] = HandFan(game.hands[s])
            self.fans[s].sort("suit")
        humans = setup.humans
        self.bottom = humans[0] if humans else 0
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.curtain: Curtain | None = None
        self.bots = BotRunner()
        self.think = 0.0
        self.toast = Toast()
        self.log = Log()
        self.dialog: Dialog | None = None
        self.expose_declined: tuple[int, int] | None = None
        self.hint_job: Any = None
        self.hint_card: int | None = None
        self.result_wait = 0.0
        self.results_done = len(game.results)
        self.frozen = False  # demo pictures: nothing plays by itself
        self.layout: Layout | None = None
        self.input = TableInput(self)
        self.time = 0.0
        self.insert_at: dict[int, int] = {}
        self.buttons = self._make_buttons()
        self.static_layer: tuple[Any, pygame.Surface] | None = None
        self._offer: tuple[Any, Any] | None = None
        for e in game.events:
            self.log.add(e.for_seat(self.viewer).text)
        if not resumed:
            self._deal_in = True
        else:
            self._deal_in = False

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
        self.layout = Layout(
            size,
            self.game.players,
            self.bottom,
            self.game.rules.direction == "clockwise",
            float(self.setting("card_scale", 1.0)),
        )
        self.relayout(0.0)
        if self._deal_in:
            self._deal_in = False
            animation.deal(self)

    def on_exit(self) -> None:
        """Leaving the table for good stops the bot worker; a scene shown over it does not."""
        if self not in getattr(self.app, "stack", ()):
            self.close()

    def on_enter(self) -> None:
        """Start the bot worker early when bots sit at this table."""
        if not self.frozen and any(s.is_bot for s in self.setup.seats):
            self.bots.warm()

    def close(self) -> None:
        """Stop background work (the scene is being thrown away)."""
        self.bots.shutdown()

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
        g = self.game
        return (
            self.viewer is not None
            and not g.hand_over
            and g.current_player == self.viewer
            and self.curtain is None
        )

    # ------------------------------------------------------------------ layout and sprites
    def relayout(
        self, duration: float | None = None, gap_at: int | None = None, gap: int = 0
    ) -> None:
        """Recompute where every card goes and start the moves."""
        if self.layout is None:
            return
        if duration is None:
            duration = BASE * self.anim
        fan = self.fan
        if fan is not None and self.viewer == self.bottom:
            fan.sync(self.game.hands[self.bottom], self.insert_at)
        self.insert_at = {}
        lifted = (
            frozenset(fan.selected)
            if fan is not None and self.viewer == self.bottom
            else frozenset()
        )
        self.board.compute(
            self.game, self.layout, self.bottom, self.viewer, fan, gap_at, gap, lifted
        )
        self.board.sync(self.game, self.layout, self.bottom, duration)

    # ------------------------------------------------------------------ acting
    def act(self, action: Action, insert_at: int | None = None) -> bool:
        """Play ``action`` for the seat to move; show the engine's reason if it is refused."""
        g = self.game
        self.board.finish()
        owner = {cid: s for s, hand in enumerate(g.hands) for cid in hand}
        try:
            events = g.apply(action)
        except IllegalAction as exc:
            self.refuse(exc.reason)
            return False
        self.bots.cancel()
        self.hint_card = None
        self.think = 0.0
        if insert_at is not None:
            for e in events:
                if e.kind in ("draw_stock", "take_discard") and e.player == self.viewer:
                    for cid in e.card_ids:
                        self.insert_at[cid] = insert_at
        self.on_events(events, owner)
        self.autosave()
        return True

    def refuse(self, reason: str) -> None:
        """Say why a move cannot be made, quietly, and put the cards back."""
        self.toast.show(reason, "error")
        self.sound("error")
        self.relayout()

    def on_events(self, events: list[Event], owner: dict[int, int]) -> None:
        """Words, sounds and animation for what just happened."""
        L = self.layout
        for e in events:
            seen_as = e.for_seat(self.viewer)
            self.log.add(seen_as.text)
            if e.kind in _SOUNDS:
                self.sound(_SOUNDS[e.kind])
            if L is None:
                continue
            if e.kind in ("discard", "see", "expose", "go_out") and e.player != self.bottom:
                for cid in e.card_ids:
                    self.board.origins[cid] = self.board.seat_origin(L, owner.get(cid))
            if e.kind == "hand_end":
                self.sound("win")
                self.record_hand()
            if e.kind == "match_end":
                self.record_match()
        if any(e.kind == "deal" for e in events):
            self.viewer_for_turn()
            self.on_resize(self.app.size if hasattr(self.app, "size") else L.size)
            animation.deal(self)
            return
        self.viewer_for_turn()
        self.relayout()
        for e in events:
            if e.kind == "tiplu_chosen" and L is not None:
                animation.tiplu(self, e)

    def autosave(self) -> None:
        """Save after every action so that closing the program loses nothing."""
        storage = getattr(self.app, "storage", None)
        if storage is None or self.frozen:
            return
        try:
            storage.save_game(self.setup, self.game)
        except Exception as exc:  # noqa: BLE001 - a full disk must not end the game
            self.toast.show(f"could not save the game ({exc})", "error")

    def record_hand(self) -> None:
        """Add the finished hand to the statistics (once)."""
        g = self.game
        if len(g.results) <= self.results_done or self.frozen:
            return
        self.results_done = len(g.results)
        storage = getattr(self.app, "storage", None)
        if storage is not None and g.results:
            try:
                storage.record_hand(self.setup, g, g.results[-1])
            except Exception as exc:  # noqa: BLE001
                self.toast.show(f"could not record the hand ({exc})", "error")

    def record_match(self) -> None:
        """Add the finished match to the statistics."""
        storage = getattr(self.app, "storage", None)
        if storage is not None and not self.frozen:
            try:
                storage.record_match(self.setup, self.game)
            except Exception as exc:  # noqa: BLE001
                self.toast.show(f"could not record the match ({exc})", "error")

    # ------------------------------------------------------------------ who looks
    def viewer_for_turn(self) -> None:
        """Hot-seat: hide every hand the moment the turn leaves the person who was looking."""
        humans = self.setup.humans
        leaving = self.game.hand_over or self.game.current_player != self.viewer
        if len(humans) != 1 and self.viewer is not None and leaving:
            self.viewer = None
            self.dialog = None

    def lift_curtain(self) -> None:
        """The person whose turn it is sits down: their hand turns face up at the bottom."""
        seat = self.game.current_player
        self.curtain = None
        self.viewer = seat
        if seat != self.bottom:
            self.bottom = seat
            self.board.sprites.clear()
            self.on_resize(self.layout.size if self.layout else self.app.size)
        else:
            self.relayout()

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> None:
        """Input goes to the curtain, a dialog, or the table."""
        if self.curtain is not None:
            self.curtain.handle_event(event)
            if not self.curtain.up:
                self.lift_curtain()
            return
        if self.dialog is not None:
            self.dialog.handle_event(event)
            return
        self.input.handle(event)

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        """Animations, then whatever the game waits for: a bot, a curtain, the result."""
        self.time += dt
        self.board.update(dt)
        self.toast.update(dt)
        self.log.update(dt)
        self._poll_hint()
        if self.frozen or self.dialog is not None:
            return
        g = self.game
        if self.board.busy or self.input.dragging:
            return
        if g.hand_over:
            self.result_wait += dt
            if self.result_wait >= 0.9 * self.anim + 0.05:
                self.result_wait = 0.0
                self.show_result()
            return
        seat = g.current_player
        if self.is_bot(seat):
            self._bot_step(seat, dt)
            return
        if self.setup.hot_seat and self.viewer != seat and self.curtain is None:
            self.curtain = Curtain(g.names[seat])
            return
        if self.viewer is None and not self.setup.hot_seat:
            self.viewer = seat
            self.relayout()
        if self.my_turn() and self.expose_action() is not None and self.dialog is None:
            key = (g.hand_no, seat)
            if self.expose_declined != key:
                self._expose_prompt(key)

    def _bot_step(self, seat: int, dt: float) -> None:
        g = self.game
        key = (g.hand_no, len(g.log))
        if self.bots.job_key != key:
            self.bots.start(
                key,
                seat,
                self.seat_kind(seat),
                zlib.crc32(str(g.seed).encode()) & 0xFFFF,
                g.view(seat),
            )
            self.think = 0.0
        self.think += dt
        job = self.bots.job
        if job is None or not job.done() or self.think < float(self.setting("bot_delay", 0.6)):
            return
        try:
            action = job.result()
        except Exception as exc:  # noqa: BLE001 - a broken bot must not freeze the table
            self.toast.show(f"{g.names[seat]}'s bot failed ({exc}); playing a simple move", "error")
            action = g.legal_actions()[0]
        self.bots.cancel()
        if not self.act(action):
            self.act(g.legal_actions()[0])

    def _poll_hint(self) -> None:
        job = self.hint_job
        if job is None or not job.done():
            return
        self.hint_job = None
        if getattr(self, "hint_key", None) != len(self.game.log) or not self.my_turn():
            return
        try:
            result = job.result()
        except Exception as exc:  # noqa: BLE001
            self.toast.show(f"no hint now ({exc})", "error")
            return
        if not result or result[0] is None:
            self.toast.show("no hint now")
            return
        action, reason = result
        if isinstance(action, Discard) and self.fan is not None:
            for cid in reversed(self.fan.order):
                if code_of(cid) == action.card.code:
                    self.hint_card = cid
                    break
        # The reason starts with the action in words ("discard AH: ..."), so it stands alone.
        self.toast.show(f"Hint: {reason or action}", seconds=7)

    def _expose_prompt(self, key: tuple[int, int]) -> None:
        action = self.expose_action()
        if action is None:
            return

        def expose() -> None:
            self.dialog = None
            self.act(action)

        def later() -> None:
            self.dialog = None
            self.expose_declined = key

        self.dialog = Dialog(
            "You were dealt a tunnela",
            "Expose it now (before your first draw) for tunnela points? It counts toward seeing.",
            [Button("Expose", expose, "Enter", primary=True), Button("Keep hidden", later, "Esc")],
            [action.cards],
        )

    def show_result(self) -> None:
        """The hand result screen over the table."""
        from marriage_gui.scenes.hand_result import HandResultScene

        self.app.push(HandResultScene(self.app, self))

    def next_hand(self) -> None:
        """Deal the next hand (from the result screen)."""
        if self.game.phase == "hand_over":
            self.act(NextHand())

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        """The whole table."""
        from .render import draw_table

        draw_table(self, surface)


def prompt_text(scene: TableScene) -> str:
    """The one line that tells the person at the bottom what to do now."""
    g = scene.game
    if scene.viewer is None or g.hand_over:
        return ""
    if g.current_player != scene.viewer:
        return f"{g.names[g.current_player]} is playing…"
    if g.phase == "draw":
        return "Your turn: draw a card"
    if g.must_go_out:
        return "Go out now"
    return "Discard a card"


__all__ = ["TableScene", "prompt_text"]
