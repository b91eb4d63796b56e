"""The table's waiting: what it waits for once the cards have landed, and for how long.

``Pacing`` is built with exactly what it looks at (the match, the seats' views, the board, the
pointer, the question up, the actions, the settings) and the few things it may ask the scene
to do (take the match's news in, show the result, lay the cards out again, lower the curtain).
It keeps the bot's thinking time (the ring on its plate) and the pause before the result.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.match import Match
from marriage_gui.settings import Settings

from .asking import Ask
from .board import Board
from .curtain import Curtain
from .input import TableInput
from .seats import SeatViews
from .showing import Showing

Do = Callable[[], None]


class Pacing:
    """Whatever the table waits for: a bot's move, the curtain, the result screen."""

    def __init__(
        self,
        match: Match,
        seats: SeatViews,
        board: Board,
        pointer: TableInput,
        ask: Ask,
        showing: Showing,
        settings: Settings,
    ) -> None:
        self.match, self.seats, self.board, self.pointer = match, seats, board, pointer
        self.ask, self.showing, self.settings = ask, showing, settings
        #: Seconds the bot to move has thought (the ring on its plate).
        self.think = 0.0
        #: Seconds the finished hand has waited for its result screen.
        self.result_wait = 0.0
        #: Whether the next hand was asked for from the result screen.
        self.next_requested = False
        #: Whether the bots must wait (a lesson's step waits for the player).
        self.held: Callable[[], bool] = lambda: False
        self.take_news: Do = lambda: None
        self.show_result: Do = lambda: None
        self.relayout: Do = lambda: None
        self.lower: Callable[[Curtain], None] = lambda _curtain: None

    def play_on(self, dt: float) -> None:
        """Whatever the table waits for, once the cards have landed."""
        if self.ask.dialog is not None:
            # The table under a box is always the current one (over the network the news comes
            # while it is up); a question about the position is withdrawn once the news says
            # it no longer holds.
            if not self.board.busy:
                self.take_news()
                if not self.showing.still_asked():
                    self.ask.close()
            return
        if self.board.busy or self.pointer.dragging:
            return
        self.take_news()  # one action's news at a time: the next waits until its cards land
        if self.board.busy:
            return
        seats = self.seats
        v = seats.state
        seat = v.current_player
        if v.hand_over:
            self.hand_over(dt)
        elif not seats.is_local(seat):
            self.pace(dt)
        elif seats.hot_seat and seats.viewer != seat and not seats.curtained:
            since, first = seats.since.get(seat), seat not in seats.played
            self.lower(Curtain(seats.name(seat), since, first, seats.names()))
        else:
            if seats.viewer is None and not seats.hot_seat:
                seats.sit(seat)
                self.relayout()
            self.showing.offer_expose()

    def hand_over(self, dt: float) -> None:
        """The hand is over: the result screen after a short pause (or the next deal)."""
        if self.next_requested:
            self.pace(dt)
            return
        self.result_wait += dt
        if self.result_wait >= 0.9 * self.settings.anim_scale + 0.05:
            self.result_wait = 0.0
            self.show_result()

    def pace(self, dt: float) -> None:
        """Let a bot move when it has thought for the table's bot delay (a match played
        elsewhere moves its bots by itself)."""
        if self.held():
            self.think = 0.0
            return
        self.think += dt
        if self.think >= self.settings.bot_delay and self.match.advance(0.0, True):
            self.think = 0.0
            self.take_news()

    def ring(self, bot_to_move: bool) -> float | None:
        """How far round the thinking bot's ring is (None: no bot thinks)."""
        if not bot_to_move or self.seats.state.hand_over:
            return None
        return min(1.0, self.think / max(0.3, self.settings.bot_delay))

    def waiting(self) -> bool:
        """Whether the table waits for something of its own accord in the next frame."""
        seats = self.seats
        v = seats.state
        if v.hand_over:
            return True  # counting down to the result screen, or waiting for the next deal
        if not seats.is_local(v.current_player):
            return True  # a bot or a remote seat is to move: its ring turns
        if seats.hot_seat and seats.viewer != v.current_player:
            return True  # the curtain goes up in the next frame
        return seats.viewer is None


__all__ = ["Pacing"]
