"""The card table for a match hosted over the network (what hosting one needs besides the
table is in ``hosting``).

Shared by the lobby (which hosts) and the join screen (which sits at another laptop's table),
so neither scene module imports the other.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from engine.events import Event
from engine.words import say
from marriage_gui.language import N_, _
from marriage_gui.setup import MatchSetup, SeatSetup
from marriage_gui.table import dialogs, seat_news
from marriage_gui.table.bands import (
    draw_clock_over,
    draw_connection_banner,
    draw_seat_news,
    draw_table_name,
)
from marriage_gui.table.controls import draw_controls
from marriage_gui.table.hosting import TABLE_SAVE, spaced_code, table_words
from marriage_gui.table.overlays import Note
from marriage_gui.table.picture import TablePicture, prompt_text
from marriage_gui.table.scene import TableScene
from marriage_gui.ui import theme
from marriage_gui.ui.button import Button
from marriage_gui.ui.card_names import readable
from marriage_gui.ui.theme import TABLE_BUTTON
from marriage_net import protocol as p
from marriage_net.client import PLAYING, RemoteMatch
from marriage_net.hostproc import HostProcess
from marriage_net.news import SeatState

if TYPE_CHECKING:
    from marriage_gui.scene import AppServices
    from marriage_gui.table.layout import Layout
    from marriage_gui.table.overlays import Dialog

#: The title of the note of what a computer played for the person, by why it played.
_WELCOME = N_("Welcome back")
_NOTE_TITLES = {
    p.WHY_AWAY: _WELCOME,
    # Translators: the title of the note of what a computer played when the turn clock ran out.
    p.WHY_CLOCK: N_("Your turn clock ran out"),
    # Translators: the title of the note of what a computer played while the host had handed
    # the person's seat to it.
    p.WHY_HOST: N_("Your seat is yours again"),
    # Translators: the title of the note of what a computer played when the new match was dealt
    # while the person still looked at the standings (they had not said Play again).
    p.WHY_LATE: N_("The match began without you"),
}
#: More actions than this waiting to be shown at once: the table jumps to where the match is
#: (a laptop back from sleep), without a sound or a flight for each move it missed.
CATCH_UP = 6


class NetTableScene(TableScene):
    """The card table for a match hosted over the network (here or on another laptop).

    It plays through ``RemoteMatch`` like any other match; it adds the connection's banner,
    the seats' news and the table's name, tells a person back at their seat what a computer
    played for them in a note that stops nothing, and on the host's laptop it owns the table's
    process: leaving the table saves and closes it, so that hosting again brings everyone back
    (a finished match is closed for good: hosting again opens a new lobby).
    """

    name = "table"

    def __init__(
        self, app: AppServices, remote: RemoteMatch, proc: HostProcess | None = None
    ) -> None:
        first = remote.view(remote.seats[0])
        lobby = remote.lobby
        kinds = {s.seat: s.kind for s in lobby.seats} if lobby is not None else {}
        seats = tuple(
            SeatSetup(
                name.strip() or _("Player {number}").format(number=i + 1),
                kinds[i] if kinds.get(i) in ("easy", "medium", "hard") else "human",
            )
            for i, name in enumerate(first.names)
        )
        setup = MatchSetup(seats, first.rules, max(1, first.hands_total))
        super().__init__(app, setup, remote, seats=remote.seats)
        self.remote = remote
        self.proc = proc
        #: The seats as last seen, to tell the log what changed.
        self.seen_seats: dict[int, SeatState] = remote.seat_states()
        #: What a computer played for the person here while they were away (None: nothing new).
        self.note: Note | None = None
        self._note_moves: list[Event] = []
        self._catching_up = False
        self._handed_on = False  # the connection (and the table's process) went to a lobby

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        self.remote.refresh()
        self._hear_seats()
        super().update(dt)
        self._tell_what_was_played()

    def _hear_seats(self) -> None:
        """Log lines for seats a computer took over, and for people back at their seats."""
        now = self.remote.seat_states()
        for line in seat_news.change_lines(self.seen_seats, now):
            for log in self.seats.logs.values():
                log.add(line)
        self.seen_seats = now

    def _tell_what_was_played(self) -> None:
        """A person back at their seat hears what the computer played for them: in the log,
        and in a note over the table that stops nothing (the table plays on under it)."""
        for seat in self.seats.local:
            events = self.remote.played_for.pop(seat, [])
            if not events:
                continue
            moves = self._moves_words(seat, events)
            for log in self.seats.logs.values():
                # Translators: {moves} are the moves a computer played for the person.
                log.add(say("While you were away: {moves}", moves=moves))
            self._note_moves = [*self._note_moves, *events] if self.note else list(events)
            self._note_seat = seat
            self._note_why = self.remote.played_why.pop(seat, p.WHY_AWAY)
            self.note = self._make_note()

    def _moves_words(self, seat: int, events: Sequence[Event]) -> str:
        names = self.seats.names()
        # Said to the person themselves: "drew from the stock", not "Bina drew…".
        own = names[seat] + " "
        worded = [readable(e.text, names) for e in events if e.text]
        lines: list[str] = [w.cut(len(own), len(w)) if w.startswith(own) else w for w in worded]
        return seat_news.played_words(lines)

    _note_seat = 0
    _note_why = p.WHY_AWAY

    def _make_note(self) -> Note:
        # Translators: {moves} are the moves a computer played for the person.
        text = _("The computer played for you: {moves}").format(
            moves=self._moves_words(self._note_seat, self._note_moves)
        )
        # Translators: the button that puts away the note of what was played for the person.
        button = Button(_("OK"), self._put_note_away, True, look=TABLE_BUTTON)
        return Note(_(_NOTE_TITLES.get(self._note_why, _WELCOME)), text, button)

    def _put_note_away(self) -> None:
        self.note, self._note_moves = None, []

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        if self.note is not None:  # its words, in the language in use
            self.note = self._make_note()

    # ------------------------------------------------------------------ news
    def on_events(self, events: list[Event], moves: int = 0) -> None:
        """As the table hears news, but many missed moves at once (a laptop back from sleep)
        are not played out one by one: the table goes straight to where the match is."""
        if moves <= CATCH_UP:
            super().on_events(events, moves)
            return
        self._catching_up = True
        try:
            for e in events:
                self._on_event(e)  # quiet: see ``sound``
        finally:
            self._catching_up = False
        if any(e.kind == "deal" for e in events):
            self.seats.new_hands()
            self._put_note_away()  # a note of a hand gone by
        self.viewer_for_turn()
        self.board.sprites.clear()
        self.on_resize(self.app.size)  # every card straight to where it is now

    def sound(self, name: str) -> None:
        if not self._catching_up:
            super().sound(name)

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> None:
        """A click on the note is the note's; B takes the seat back from a computer that plays
        it (after the clock ran out)."""
        note = self.note
        free = self.ask.dialog is None and self.curtain is None and not self.show_controls
        if note is not None and free and note.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_b and self.ask.dialog is None:
            for seat in self.seats.local:
                state = self.seen_seats.get(seat)
                if state is not None and state.state == p.COMPUTER:
                    self.remote.take_back(seat)
                    return
        super().handle_event(event)

    # ------------------------------------------------------------------ what every screen shows
    def seat_notes(self) -> dict[int, str]:
        """What each seat's plate says of how it is played now, where that is news (a seat
        whose person is away)."""
        if self.remote.status.state != PLAYING:
            return {}  # what the host last said of the seats no longer holds
        notes = {s: seat_news.plate_note(state) for s, state in self.seen_seats.items()}
        return {s: note for s, note in notes.items() if note is not None}

    def turn_clock(self) -> tuple[int, float, int] | None:
        """The turn clock now: the acting seat, seconds left, seconds a turn (None: none runs)."""
        clock = self.remote.turn_clock()
        return None if clock is None else (clock.seat, clock.seconds_left, clock.total)

    def animating(self) -> bool:
        # A countdown on screen (the turn clock, a seat reconnecting) moves every second.
        counting = self.remote.turn_clock() is not None or any(
            s.state == p.RECONNECTING for s in self.seen_seats.values()
        )
        return counting or super().animating()

    def picture(self) -> TablePicture:
        """As every table's, with the seats' news and the turn clock; a turn clock this screen
        does not hear run says it is paused."""
        L, notes, turn = self.staging.layout, self.seat_notes(), self.turn_clock()
        picture = self.framing.picture(L, self.curtain, self.show_controls, notes, turn)
        clock = self.remote.turn_clock()
        if clock is None or not clock.paused or clock.seat != self.seats.viewer:
            return picture
        prompt = prompt_text(picture.view, self.seats.viewer, picture.names)
        # Translators: the prompt and the seconds left of a turn clock that stands still on
        # this screen (the table cannot be heard now).
        paused = _("{prompt}  ·  {seconds} s, paused").format(
            prompt=prompt, seconds=max(0, round(clock.seconds_left))
        )
        return replace(picture, prompt=paused if prompt else "")

    def draw(self, surface: pygame.Surface) -> None:
        """The table, then what this table adds, then any box over all of it (the bands never
        cover a box's buttons)."""
        picture = self.picture()
        over = picture.dialog is not None or picture.show_controls
        under = replace(
            picture, dialog=None, show_controls=False, tip=None if over else picture.tip
        )
        self.renderer.draw(under, surface)
        L = self.staging.layout
        if L is not None and picture.curtain is None:
            self._draw_news(surface, picture)
        if picture.dialog is not None:
            picture.dialog.draw(surface, self.art, picture.four_colour)
            clock = self.remote.turn_clock()
            if clock is not None and clock.seat in self.seats.local and not clock.paused:
                k = theme.ui_scale(surface.get_size())
                draw_clock_over(surface, clock.seconds_left, picture.dialog.rect, k)
        if picture.show_controls:
            draw_controls(surface)

    def _draw_news(self, surface: pygame.Surface, picture: TablePicture) -> None:
        L = self.staging.layout
        assert L is not None
        k = theme.ui_scale(surface.get_size())
        lobby = self.remote.lobby
        if lobby is not None:
            # Translators: under the table's menu button: the table's name and its code.
            named = _("{table}  ·  code {code}").format(
                table=table_words(lobby.table), code=spaced_code(self.remote.code)
            )
            draw_table_name(surface, named, L.menu_button, k)
        bottom = draw_connection_banner(surface, self.remote.status, k)
        mine = set(self.seats.local)
        missing = [
            seat_news.banner_line(s, s.seat in mine) for _seat, s in sorted(self.seen_seats.items())
        ]
        # (Under a box, the plates say it: the box's words stay clear.)
        shown = self.remote.status.state == PLAYING and picture.dialog is None
        lines = [m for m in missing if m] if shown else []
        size = max(14, L.size[1] // 48)
        if lines:
            # Below the announcement and its toasts, above the hand.
            centre = (L.banner[0], max(bottom, L.banner[1] + round(size * 2.9)))
            draw_seat_news(surface, lines, centre, size)
        if self.note is not None and picture.dialog is None:
            self.note.draw(surface, _note_area(L, bottom, k))

    # ------------------------------------------------------------------ the pause menu
    def leaving_words(self) -> tuple[str, str]:
        if self.proc is not None:
            return (
                _(
                    "The table is saved after every move. Closing it pauses the game for "
                    "everyone until you host it again."
                ),
                _("Save and close the table"),
            )
        return (
            _(
                "Nothing is saved on this laptop: the host keeps the game. If you leave, a "
                "computer plays your seat, and Rejoin on the title sits you back down."
            ),
            _("Leave the table"),
        )

    def menu_extras(self) -> list[tuple[str, Callable[[], None]]]:
        if self.proc is None:
            return []
        # Translators: a pause-menu item: who plays each seat (opens a menu).
        return [(_("Seats…"), self._seats_menu)]

    def _seats_menu(self) -> None:
        """The host hands a person's seat to a computer player, or gives it back."""
        self.ask.put("seats", lambda _answer: self._seats_dialog())

    def _seats_dialog(self) -> Dialog:
        choices: list[tuple[str, Callable[[], None]]] = []
        for seat, s in sorted(self.remote.seat_states().items()):
            if seat in self.seats.local or s.computer_player:
                continue
            covered = s.state == p.COMPUTER
            if covered:
                label = _("Give {name} their seat back").format(name=s.name)
            else:
                label = _("A computer plays for {name}").format(name=s.name)
            choices.append((label, self._cover(seat, not covered)))
        return dialogs.seats_menu(choices, self.ask.close)

    def _cover(self, seat: int, computer: bool) -> Callable[[], None]:
        def do() -> None:
            self.remote.hand_to_computer(seat, computer=computer)
            self.ask.close()

        return do

    def _record(self, what: str) -> None:
        # The statistics count this laptop's games against the computer and hot-seat friends;
        # a networked table's other seats are people elsewhere, not "you".
        return

    # ------------------------------------------------------------------ the end of a match
    def show_standings(self) -> None:
        """The finished match's standings over this table, as its score sheet's Final
        standings opens them (for a person back at a table whose match ended meanwhile)."""
        state = self.seats.state
        names = tuple(self.seats.name(s) for s in range(state.players))
        self.app.open("match_over", setup=self.setup, game=state, names=names, table=self)

    def play_again(self) -> None:
        """A new match at this table with everyone invited: the host's screen asks for it and
        goes back to the lobby, the same seats and code; another laptop waits there for the
        host to start (at a table without a host screen, it asks for the new match itself)."""
        from marriage_gui.scenes.join import JoinScene
        from marriage_gui.scenes.lobby import LobbyScene

        remote, proc = self.remote, self.proc
        lobby = remote.lobby
        if proc is not None or (lobby is not None and not lobby.host_screen):
            remote.again()
        else:  # the host's screen starts it: it shows who is back
            remote.ready()
        self._handed_on = True  # the lobby (or the join screen) holds them from now on
        self.proc = None
        self.app.go_title()
        if proc is not None:
            self.app.push(LobbyScene(self.app, again=(proc, remote)))
        else:
            self.app.push(JoinScene(self.app, again=remote))

    def close(self) -> None:
        if self._closed:
            return
        if self._handed_on:
            self._closed = True
            self.hint.close()
            return
        finished = self.remote.finished
        super().close()
        if self.proc is not None:
            # A finished match is closed for good: hosting again opens a new lobby.
            self.proc.stop(save=not finished)
            self.proc = None
            if finished:
                with contextlib.suppress(OSError):
                    self.app.storage.path(TABLE_SAVE).unlink(missing_ok=True)


def _note_area(L: Layout, band: int, k: float) -> pygame.Rect:
    """Where a note goes over the table: under the top seats' plates (and this laptop's own
    band), over the piles, between the side seats' plates."""
    gap = round(8 * k)
    plates = [spot.plate for spot in L.seats.values()]
    top = max([band, L.margin, *(p.bottom for p in plates if p.y <= L.margin)]) + gap
    bottom = min(L.stock.y, L.discard_row.y) - gap
    sides = [p for p in plates if p.y > L.margin]
    w = L.size[0]
    left = max([L.margin, *(p.right for p in sides if p.centerx < w // 2)]) + gap
    right = min([w - L.margin, *(p.x for p in sides if p.centerx > w // 2)])
    return pygame.Rect(left, top, right - gap - left, max(bottom - top, round(60 * k)))
