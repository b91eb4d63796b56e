"""The card table: one hand after another, people by mouse and keyboard, bots behind the match.

The flow is one way. ``TableInput`` turns events into intents; ``dispatch`` is the one place
that acts on them (submits an action to the ``Match``, moves cards, says why not); ``update``
takes the match's news in (events filtered for a seat, and that seat's new view) and turns it
into words, sounds and sprite moves; ``draw`` renders a read-only ``TablePicture`` of the frame
and changes nothing. The table never holds a ``Game`` and never decides a rule.

Parts, each owning its own state: ``SeatViews`` (views, logs, who looks), ``Board`` (sprites),
``HintAsk`` (the hint), ``TableInput`` (press and drag), ``Curtain``, the dialogs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from engine.actions import Action, NextHand
from engine.events import Event
from engine.match import Match
from engine.view import PlayerView
from engine.worker import BotWorker
from marriage_gui.language import N_, _, word
from marriage_gui.saved_match import saved
from marriage_gui.scene import Scene
from marriage_gui.ui.button import Button, lay_out_row
from marriage_gui.ui.card_names import said
from marriage_gui.ui.theme import TABLE_BUTTON
from marriage_gui.ui.toast import Toasts

from . import animation, dialogs, offers
from . import intents as i
from .board import Board
from .commands import TableCommands
from .controls import is_help_key
from .curtain import Curtain
from .hand import HandFan
from .hinting import HintAsk
from .input import STOCK_STAND_IN, TableInput
from .layout import Layout
from .log import Log
from .moves import TableMoves
from .overlays import Dialog
from .picture import TablePicture, prompt_text
from .render import TableRenderer
from .seats import SeatViews
from .tips import PileTips
from .tween import BASE

if TYPE_CHECKING:
    from marriage_gui.scene import AppServices
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

#: The buttons over the hand: (key, label, hotkey, primary); labelled when the table lays out.
_BUTTONS = (
    # Translators: a button: ask the computer for advice on this turn.
    ("hint", N_("Hint"), "H", False),
    # Translators: a button: sort the cards of the hand.
    ("sort", N_("Sort"), "S", False),
    # Translators: a button: put the melds found in the hand together.
    ("group", N_("Group"), "G", False),
    # Translators: a button: show the melds needed to see the maal.
    ("see", N_("See"), "Enter", True),
    # Translators: a button: finish the hand.
    ("out", N_("Go out"), "Enter", True),
)

#: The dialogs that ask about the position on the table (withdrawn when it changes).
QUESTIONS = ("expose", "out")


class TableScene(TableMoves, TableCommands, Scene):
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
        self.fans: dict[int, HandFan] = {s: self._fan(s) for s in local}
        self.curtain: Curtain | None = None
        self._own_worker: BotWorker | None = None
        self.think = 0.0
        self.toast = Toasts(seconds=3.2)
        self.tips = PileTips()
        self.dialog: Dialog | None = None
        #: Which question the dialog asks ("expose", "out", "menu"), so news can withdraw it.
        self.asking: str | None = None
        self.expose_declined: tuple[int, int] | None = None
        #: The version at which this screen's last action left (None: nothing on its way).
        self.sent: int | None = None
        #: A "not your turn" said to the person, to take away when their turn comes.
        self.turn_note: str | None = None
        self.result_wait = 0.0
        self.next_requested = False
        self.frozen = False  # demo pictures: nothing plays by itself
        self.layout: Layout | None = None
        self.commands = HintAsk()
        self.input = TableInput()
        self.renderer = TableRenderer()
        self.buttons = {
            key: Button(_(text), self._command(key), primary, hotkey=hotkey, look=TABLE_BUTTON)
            for key, text, hotkey, primary in _BUTTONS
        }
        #: How to ask the open dialog again in the language in use (None: it cannot be).
        self.ask_again: Callable[[], Dialog] | None = None
        self.time = 0.0
        self.insert_at: dict[int, int] = {}
        self._deal_in = fresh
        self.show_controls = False
        self._closed = False
        self._row: tuple[Any, ...] | None = None
        #: The arrangements last handed to the match (a saved match writes them).
        self.kept = self.arrangements()

    def _fan(self, seat: int) -> HandFan:
        """``seat``'s hand, sorted, or arranged as the match kept it."""
        fan = HandFan(self.seats.views[seat].hand)
        fan.sort("suit")
        kept = self.match.arrangement(seat)
        if kept is not None:
            if kept.get("sort") == "rank":
                fan.sort("rank")
            fan.restore(kept, self.seats.views[seat].hand_no)
        return fan

    def _command(self, key: str) -> Callable[[], None]:
        return lambda: self.dispatch(i.Command(key))

    # ------------------------------------------------------------------ what the table knows
    @property
    def state(self) -> PlayerView:
        """The bottom seat's view: everything the table draws comes from it."""
        return self.seats.state

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
    def fan(self) -> HandFan | None:
        """The fan of the seat at the bottom, when a person sits there."""
        return self.fans.get(self.bottom)

    @property
    def worker(self) -> BotWorker:
        """Where hints are worked out: the match's worker, else one of the table's own."""
        shared = self.match.worker
        if shared is not None:
            return shared
        if self._own_worker is None:
            self._own_worker = BotWorker()
        return self._own_worker

    def my_turn(self) -> bool:
        """Whether the person looking at the table may act now."""
        v = self.state
        return (
            self.looking and not v.hand_over and v.current_player == self.viewer and bool(v.legal)
        )

    def legal_now(self) -> tuple[Action, ...]:
        """What the person looking may do now (nothing when it is not their turn)."""
        return self.state.legal if self.my_turn() else ()

    def seat_kind(self, seat: int) -> str:
        """human / easy / medium / hard."""
        return self.setup.seats[seat].kind

    def is_bot(self, seat: int) -> bool:
        """Whether the computer plays ``seat``."""
        return self.setup.seats[seat].is_bot

    def arrangements(self) -> dict[int, dict[str, object]]:
        """Each person's arrangement (order, groups, sort) as plain data."""
        return {s: fan.to_dict(self.seats.views[s].hand_no) for s, fan in self.fans.items()}

    # ------------------------------------------------------------------ settings
    @property
    def anim(self) -> float:
        """Animation duration multiplier (0: instant)."""
        return self.app.settings.anim_scale

    def sound(self, name: str) -> None:
        """Play a named sound."""
        self.app.sounds.play(name)

    # ------------------------------------------------------------------ scene hooks
    def on_resize(self, size: tuple[int, int]) -> None:
        """New window size (or new words): new layout, every card jumps to its new place, the
        buttons, the still layer and an open dialog in the language in use."""
        self.layout = self._layout(size)
        self._words_again()
        self.relayout(0.0)
        if self._deal_in:
            self._deal_in = False
            self._deal()
        self._refresh()

    def _words_again(self) -> None:
        """Every word the table keeps, said again (the language may have changed)."""
        labels = {key: text for key, text, _hotkey, _primary in _BUTTONS}
        for key, button in self.buttons.items():
            button.text = _(labels[key])
        self._row = None
        self.renderer.static_layer = None
        if self.dialog is not None and self.ask_again is not None:
            self.dialog = self.ask_again()

    def _layout(self, size: tuple[int, int]) -> Layout:
        v = self.state
        return Layout(
            size,
            v.players,
            self.bottom,
            v.rules.direction == "clockwise",
            self.app.settings.card_scale,
            self.log.open,
        )

    def resume(self) -> None:
        """On top again (or for the first time): start the bot worker early; back from the
        Settings screen with another card size, the cards take it at once."""
        if not self.frozen:
            self.match.advance(0.0, False)
        if self.layout is not None and self.layout.card_scale != self.app.settings.card_scale:
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
        if self._own_worker is not None:
            self._own_worker.shutdown()
            self._own_worker = None

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

    def _deal(self) -> None:
        if self.layout is None:
            return
        self.sound("shuffle")
        animation.deal(
            self.board, self.layout, self.state, self.bottom, self.viewer, self.fan, self.anim
        )

    def toggle_log(self) -> None:
        """Open or close the log; the discard row makes room for it (or takes the room back)."""
        self.log.open = not self.log.open
        if self.layout is not None:
            self.layout = self._layout(self.layout.size)
            self.relayout()

    # ------------------------------------------------------------------ the one place that acts
    def dispatch(self, intent: i.Intent) -> None:
        """Act on what the person means: the only place that submits, moves cards or refuses."""
        handler = _HANDLERS.get(type(intent))
        if handler is not None:
            handler(self, intent)
        if not isinstance(intent, _MOVES_ONLY):
            self._refresh()  # what is offered may have changed (the frame refreshes it anyway)

    def act(self, action: Action, insert_at: int | None = None) -> bool:
        """Submit ``action`` for the looking seat; show the engine's reason if it is refused."""
        seat = self.viewer
        if seat is None:
            if not isinstance(action, NextHand) or not self.seats.local:
                return False
            seat = self.seats.local[0]
        self.board.finish()
        self.sent = self.seats.version
        self.match.submit(seat, action)
        text = self.commands.forget()
        if text is not None:
            self.toast.withdraw(text)
        self.think = 0.0
        # A match on this computer answers at once; a remote one answers in a later frame,
        # and a refusal then is shown when it arrives.
        return self.take_news(insert_at)

    def refuse(self, reason: str) -> None:
        """Say why a move cannot be made, quietly, and put the cards back."""
        self._say_no(reason)
        self.relayout()

    def _say_no(self, reason: str) -> None:
        self.toast.show(said(word(reason), self.seats.names()), "error")
        self.sound("error")
        if reason == self._whose_turn():
            # "It is Hari's turn" stops being true when the turn comes: it goes then.
            self.turn_note = reason

    def _whose_turn(self) -> str:
        v = self.state
        if v.hand_over:
            return _("the hand is over")
        return _("it is {name}'s turn").format(name=self.seats.name(v.current_player))

    def _ask(self, kind: str, dialog: Dialog, again: Callable[[], Dialog] | None = None) -> None:
        """Put ``dialog`` up (``again``: how to make it anew when the words change)."""
        self.asking, self.dialog, self.ask_again = kind, dialog, again

    def _close_dialog(self) -> None:
        self.asking, self.dialog, self.ask_again = None, None, None

    # ------------------------------------------------------------------ news
    def take_news(self, insert_at: int | None = None) -> bool:
        """Take the match's updates in; False if the bottom seat's action was refused."""
        news = self.seats.poll()
        for reason in news.refusals:
            self.refuse(reason)
        if news.refusals or news.events or news.changed:
            self.sent = None
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

    def on_events(self, events: list[Event]) -> None:
        """Sounds and animation for what the bottom seat just learnt (its log is already written)."""
        for e in events:
            self._on_event(e)
        if any(e.kind == "deal" for e in events):
            self.new_hand_fans()
            self.viewer_for_turn()
            self.on_resize(self.app.size)
            self._deal()
            return
        self.viewer_for_turn()
        self.relayout()
        for e in events:
            if e.kind == "tiplu_chosen" and self.layout is not None:
                animation.tiplu(self.board, self.layout, e, self.viewer, self.anim)

    def _on_event(self, e: Event) -> None:
        L = self.layout
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

    def new_hand_fans(self) -> None:
        """A new deal: each person's hand comes sorted the way they sorted the last one."""
        for seat, fan in self.fans.items():
            fan.order = list(self.seats.views[seat].hand)
            fan.selected = []
            fan.history.clear()
            fan.future.clear()
            fan.sort(fan.sort_mode)

    def _keep_arrangements(self) -> None:
        """Hand each changed arrangement to the match (never while a drag is in the air)."""
        if self.frozen or self.input.dragging:
            return
        for seat, arranged in self.arrangements().items():
            if self.kept.get(seat) != arranged:
                self.kept[seat] = arranged
                self.match.keep_arrangement(seat, arranged)

    def _record(self, what: str) -> None:
        """Add the finished hand or match to the statistics."""
        if self.frozen:
            return
        storage = self.app.storage
        record = storage.record_match if what == "record_match" else storage.record_hand
        try:
            record(self.setup, self.match, self.state)
        except Exception as exc:  # noqa: BLE001 - statistics must not stop the game
            # Translators: {error} is what went wrong, in the computer's words.
            self.toast.show(_("could not record the result ({error})").format(error=exc), "error")

    # ------------------------------------------------------------------ who looks
    def viewer_for_turn(self) -> None:
        """Hot-seat: hide every hand the moment the turn leaves the person who was looking."""
        v = self.state
        if not self.seats.hot_seat or self.viewer is None:
            return
        if v.hand_over or v.current_player != self.viewer:
            self.seats.viewer = None
            self._close_dialog()

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
                self.dispatch(i.Command("menu"))
                return
            self.curtain.handle_event(event)
            if not self.curtain.up:
                self.lift_curtain()
            return
        if is_help_key(event):
            self.show_controls = True
            return
        for intent in self.input.handle(event, self.picture(), self.time):
            self.dispatch(intent)

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        """Animations, then whatever the match waits for: a bot, a curtain, the result."""
        self.time += dt
        self.board.update(dt)
        self.toast.update(dt)
        self.tips.update(dt)
        self.log.update(dt)
        self._take_hint()
        if self.turn_note is not None and self.my_turn():
            self.toast.withdraw(said(word(self.turn_note), self.seats.names()))
            self.turn_note = None
        if not self.frozen:
            self.match.advance(dt, False)
            self._keep_arrangements()
            for note in self.match.notices():
                self.toast.show(word(note), "error")
            self._play_on(dt)
        self._refresh()

    def _play_on(self, dt: float) -> None:
        """Whatever the table waits for, once the cards have landed."""
        if self.dialog is not None:
            # The table under a box is always the current one (over the network the news comes
            # while it is up); a question about the position is withdrawn once the news says
            # it no longer holds.
            if not self.board.busy:
                self.take_news()
                if self.asking in QUESTIONS and self._withdrawn():
                    self._close_dialog()
            return
        if self.board.busy or self.input.dragging:
            return
        # One action's news at a time: the next waits until its cards have landed.
        self.take_news()
        if self.board.busy:
            return
        v = self.state
        if v.hand_over:
            self._hand_over(dt)
            return
        seat = v.current_player
        if not self.seats.is_local(seat):
            self._pace(dt)
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
        self._offer_expose()

    def _withdrawn(self) -> bool:
        """The view no longer asks what the open dialog asks (its moment has passed)."""
        if self.asking == "expose":
            return offers.expose_action(self.legal_now()) is None
        if self.asking == "out":
            return not self.my_turn()
        return False

    def _offer_expose(self) -> None:
        """A dealt tunnela: ask once per hand (not while an action is on its way)."""
        expose = offers.expose_action(self.legal_now())
        if expose is None or self.dialog is not None or self.sent is not None:
            return
        key = (self.state.hand_no, self.state.current_player)
        if self.expose_declined == key:
            return

        def later() -> None:
            self._close_dialog()
            self.expose_declined = key

        def prompt() -> Dialog:
            return dialogs.expose_prompt(expose, lambda: self.dispatch(i.Play(expose)), later)

        self._ask("expose", prompt(), prompt)

    def _hand_over(self, dt: float) -> None:
        if self.next_requested:
            self._pace(dt)
            return
        self.result_wait += dt
        if self.result_wait >= 0.9 * self.anim + 0.05:
            self.result_wait = 0.0
            self.show_result()

    def _pace(self, dt: float) -> None:
        """Let a bot move when it has thought for the table's bot delay (a match played
        elsewhere moves its bots by itself)."""
        self.think += dt
        if self.think >= self.app.settings.bot_delay and self.match.advance(0.0, True):
            self.think = 0.0
            self.take_news()

    def _refresh(self) -> None:
        """Which buttons show and which are enabled, from the view's legal actions."""
        b = self.buttons
        v = self.state
        person = self.looking and not v.hand_over
        seen = person and v.seen[v.seat]
        for key in ("sort", "group", "hint"):
            b[key].visible = person
        b["hint"].enabled = self.my_turn()
        legal, chosen, hinted = self.legal_now(), self._selected(), self.commands.hint_action
        b["see"].visible = person and not seen
        b["see"].enabled = bool(
            person and not seen and self.fan and offers.see_action(v, legal, chosen, hinted)
        )
        b["out"].visible = seen
        b["out"].enabled = bool(seen and offers.go_out_action(v, legal, chosen, hinted))
        if self.layout is not None:
            # Laid out again only when the row changes (measuring the labels costs).
            row = (tuple(self.layout.buttons), tuple((x.visible, x.text) for x in b.values()))
            if row != self._row:
                self._row = row
                lay_out_row(list(b.values()), self.layout.buttons)

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
        due = self.match.due()
        if due is not None:
            wake.append(due)  # a save waits its turn, or news may come from the host
        tip = self.tips.due_in()
        if tip:
            wake.append(tip)  # the pointer rests on a pile: its tooltip is coming
        return min(wake, default=None)

    @property
    def thinking_seat(self) -> int | None:
        """The seat a bot is thinking for, if the match says so."""
        return self.match.thinking

    def seat_notes(self) -> dict[int, str]:
        """What each seat's plate says of how it is played now, where that is news (a seat at
        another laptop whose person is away); none at a table on this computer."""
        return {}

    def turn_clock(self) -> tuple[int, float, int] | None:
        """The turn clock now: the acting seat, seconds left, seconds a turn (None: none runs)."""
        return None

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
    def picture(self) -> TablePicture:
        """This frame as drawing and hit tests see it (built fresh; changes nothing)."""
        v = self.state
        names = tuple(self.seats.name(s) for s in range(v.players))
        fan = self.fan
        held = tuple(self.input.drag_ids)
        ring = None
        if self.is_bot(v.current_player) and not v.hand_over:
            ring = min(1.0, self.think / max(0.3, self.app.settings.bot_delay))
        focused = None
        if self.looking and fan is not None and self.input.keyboard and fan.order:
            focused = fan.order[min(fan.focus, len(fan.order) - 1)]
        clock = self.turn_clock()
        prompt = prompt_text(v, self.viewer, names)
        if prompt and clock is not None and clock[0] == self.viewer:
            # Translators: the prompt and the seconds left of the turn clock.
            prompt = _("{prompt}  ·  {seconds} s").format(
                prompt=prompt, seconds=max(0, round(clock[1]))
            )
        return TablePicture(
            view=v,
            layout=self.layout,
            board=self.board,
            fan=fan,
            bottom=self.bottom,
            viewer=self.viewer,
            looking=self.looking,
            my_turn=self.my_turn(),
            names=names,
            kinds=tuple(s.kind for s in self.setup.seats),
            version=self.seats.version,
            buttons=self.buttons,
            prompt=prompt,
            hint_card=self.commands.hint_card,
            ring=ring,
            held=held,
            holding_hand=bool(held) and fan is not None and held[0] in fan.order,
            focused=focused,
            log=self.log,
            toast=self.toast,
            tip=self.tips.showing(),
            curtain=self.curtain,
            dialog=self.dialog,
            show_controls=self.show_controls,
            four_colour=self.app.settings.four_colour,
            notes=self.seat_notes(),
            clock=clock,
        )

    def draw(self, surface: pygame.Surface) -> None:
        """The whole table."""
        self.renderer.draw(self.picture(), surface)


#: Intents that only move the pointer's things: nothing they do changes what is offered.
_MOVES_ONLY = (i.Carry, i.Hover, i.ButtonHover, i.Scroll, i.Press, i.Lift)

_HANDLERS: dict[type, Callable[[TableScene, Any], None]] = {
    i.Discard: TableScene._discard,
    i.DiscardSelected: TableScene._discard_selected,
    i.Draw: TableScene._draw,
    i.Play: TableScene._play,
    i.Reorder: TableScene._reorder,
    i.ToggleCard: TableScene._toggle,
    i.ClearSelection: TableScene._clear,
    i.Focus: TableScene._focus,
    i.Pick: TableScene._pick,
    i.Command: TableScene.run_command,
    i.Explain: TableScene._explain,
    i.Undo: TableScene._undo,
    i.Lift: TableScene._lift,
    i.Carry: TableScene._carry,
    i.Back: lambda s, intent: s._back(intent.ids, intent.why),
    i.Release: lambda s, _intent: s.board.release(STOCK_STAND_IN),
    i.Hover: lambda s, intent: s.tips.point(intent.pile),
    i.Press: lambda s, _intent: s.board.finish(),
    i.Scroll: lambda s, intent: s.log.wheel(intent.lines),
    i.ButtonHover: TableScene._button_hover,
}


__all__ = ["TableScene"]
