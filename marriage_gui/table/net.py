"""The card table for a match hosted over the network, and what hosting one needs.

Shared by the lobby (which hosts) and the join screen (which sits at another laptop's table),
so neither scene module imports the other.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from engine.rules import PRESETS, RuleSet
from engine.words import say
from marriage_gui.language import N_, _, word
from marriage_gui.setup import MatchSetup, SeatSetup
from marriage_gui.table import dialogs, seat_news
from marriage_gui.table.scene import TableScene
from marriage_gui.ui import theme
from marriage_gui.ui.card_names import said
from marriage_net import protocol as p
from marriage_net.client import AWAY, CLOSED, GONE, PLAYING, RECONNECTING, RemoteMatch, Status
from marriage_net.discovery import DISCOVERY_PORT, listen_address
from marriage_net.hostproc import HostProcess, TableConfig
from marriage_net.news import SeatState
from marriage_net.serve import DEFAULT_PORT

if TYPE_CHECKING:
    from marriage_gui.scene import AppServices
    from marriage_gui.table.overlays import Dialog

TABLE_SAVE = "lan_table.json"
TOKENS = "lan_tokens.json"
DEFAULT_HOST_NAME = "Host"  # not "You": every other screen shows this name too


def spaced_code(code: str) -> str:
    """The table code as people read it out: ``482 913``."""
    return f"{code[:3]} {code[3:]}" if len(code) == 6 else code


def read_table_rules(app: AppServices, lobby: Any) -> str | None:
    """Open the Rules screen on the rules of the table ``lobby`` describes; a problem in words,
    or None when it opened."""
    if lobby is None:
        return _("The table has not said its rules yet.")
    try:
        rules = RuleSet.from_dict(lobby.rule_set)
    except ValueError as exc:
        said = exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
        # Translators: {error} is what is wrong with the rules (naming the rule by its label).
        return _("The table's rules cannot be read: {error}").format(error=word(said))
    app.open("rules", rules=rules)
    return None


#: How a hosted table is named on the network, and worded on each laptop (``table_words``).
_TABLE_OF = N_("{name}'s table")
_ANY_TABLE = N_("Marriage table")


def table_words(table: str) -> str:
    """A table's name as this laptop says it: a table named after its host ("Asha's table",
    as every host sends it) in the language in use; any other name as it was given."""
    if table == _ANY_TABLE:
        return _(_ANY_TABLE)
    suffix = _TABLE_OF.removeprefix("{name}")
    if table.endswith(suffix) and len(table) > len(suffix):
        # Translators: the name of a table hosted on the network; {name} is the host's name.
        return _("{name}'s table").format(name=table.removesuffix(suffix))
    return table


def open_table_process(
    app: AppServices, name: str, discovery_port: int = DISCOVERY_PORT, rules: RuleSet | None = None
) -> tuple[HostProcess, bool]:
    """Open (or reopen, if one was saved, with its own rules) this laptop's table, a new one
    with ``rules`` (Nepali if not given); (process, reopened)."""
    save = app.storage.path(TABLE_SAVE)
    reopen = save.is_file()
    config = TableConfig(
        seats=[("here", name), ("open", ""), ("open", ""), ("medium", "")],
        rules=(rules or PRESETS["nepali"]).to_dict(),
        # The name travels in one form, English, whatever this laptop speaks: each laptop that
        # shows it words it in its own language (``table_words``).
        table=_TABLE_OF.format(name=name) if name != DEFAULT_HOST_NAME else _ANY_TABLE,
        save_path=str(save),
        reopen=reopen,
        discovery=True,
        discovery_bind=listen_address(),
        discovery_port=discovery_port,
    )
    address = listen_address()
    proc = None
    for port in (DEFAULT_PORT, 0):  # the usual port, else any free one
        proc = HostProcess(config, address, None if reopen and port else port)
        try:
            proc.wait_ready()
            return proc, reopen
        except ValueError:
            if port == 0:
                raise
    raise ValueError(_("the table could not be opened"))


#: The band's colours: this laptop's own connection away, gone for good, or a seat missing.
AWAY_BAND, GONE_BAND, SEAT_BAND = (20, 20, 20, 205), (120, 24, 20, 225), (92, 58, 12, 225)


def draw_band(
    surface: pygame.Surface, texts: list[str], k: float, colour: tuple[int, ...], top: int = 0
) -> int:
    """A band of ``texts`` across the table from ``top``; where it ends."""
    w = surface.get_width()
    size = round(19 * k)
    lines = [
        line for text in texts for line in theme.wrap(text.strip(), size, w - round(80 * k), True)
    ]
    if not lines:
        return top
    band = pygame.Rect(0, top, w, round(16 * k) + len(lines) * round(26 * k))
    layer = pygame.Surface(band.size, pygame.SRCALPHA)
    layer.fill(colour)
    surface.blit(layer, band.topleft)
    for i, line in enumerate(lines):
        label = theme.text(line, size, theme.TEXT, True)
        y = top + round(8 * k) + i * round(26 * k)
        surface.blit(label, label.get_rect(midtop=(w // 2, y)))
    return band.bottom


def draw_seat_news(
    surface: pygame.Surface, lines: list[str], centre: tuple[int, int], size: int
) -> None:
    """Missing seats, one amber pill a line, under the table's announcement (the plates above
    stay readable)."""
    y = centre[1]
    room = surface.get_width() - round(size * 1.4) - 40
    for line in lines:
        # Long words take smaller type first, then go on in a second pill.
        points = theme.fitting_size(line, size, room, max(11, size * 3 // 4), True)
        for part in theme.wrap(line, points, room, True):
            img = theme.text(part, points, theme.TEXT, True)
            r = img.get_rect(midtop=(centre[0], y))
            pill = r.inflate(size * 1.4, size * 0.6)
            theme.panel(surface, pill, pill.height // 2, SEAT_BAND, None)
            surface.blit(img, r)
            y = pill.bottom + size // 3


def connection_words(status: Status) -> str | None:
    """What the band says of this laptop's own connection (None: all is well)."""
    if status.state in (GONE, CLOSED):
        return word(status.message)
    if status.state == RECONNECTING:
        if not status.message.replace(AWAY, "").strip():
            return _("Reconnecting…")
        # Translators: {why} says why the connection is not back yet.
        return _("Reconnecting…  {why}").format(why=word(status.message))
    return None


def draw_connection_banner(surface: pygame.Surface, status: Status, k: float) -> int:
    """The band across the top of the table while the connection is away, closed by the host,
    or gone for good; where it ends (0: no band)."""
    words = connection_words(status)
    if words is None:
        return 0
    colour = GONE_BAND if status.state == GONE else AWAY_BAND
    return draw_band(surface, [words], k, colour)


class NetTableScene(TableScene):
    """The card table for a match hosted over the network (here or on another laptop).

    It plays through ``RemoteMatch`` like any other match; it adds the connection's banner,
    and on the host's laptop it owns the table's process: leaving the table saves and closes
    it, so that hosting again brings everyone back.
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
        """A person back at their seat hears what the computer played for them."""
        for seat in self.seats.local:
            events = self.remote.played_for.pop(seat, [])
            if not events:
                continue
            names = self.seats.names()
            # Said to the person themselves: "drew from the stock", not "Bina drew…".
            own = names[seat] + " "
            worded = [word(e.text) for e in events if e.text]
            lines = [said(w[len(own) :] if w.startswith(own) else w, names) for w in worded]
            moves = seat_news.played_words(lines)
            for log in self.seats.logs.values():
                # Translators: {moves} are the moves a computer played for the person.
                log.add(say("While you were away: {moves}", moves=moves))

            def news(moves: str = moves) -> Dialog:
                # Translators: {moves} are the moves a computer played for the person.
                text = _("The computer played for you: {moves}").format(moves=moves)
                return dialogs.news_dialog(_("Welcome back"), text, self._close_dialog)

            self._ask("news", news(), news)

    def handle_event(self, event: pygame.event.Event) -> None:
        """B takes the seat back from a computer that plays it (after the clock ran out)."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_b and self.dialog is None:
            for seat in self.seats.local:
                state = self.seen_seats.get(seat)
                if state is not None and state.state == p.COMPUTER:
                    self.remote.take_back(seat)
                    return
        super().handle_event(event)

    # ------------------------------------------------------------------ what every screen shows
    def seat_notes(self) -> dict[int, str]:
        if self.remote.status.state != PLAYING:
            return {}  # what the host last said of the seats no longer holds
        notes = {s: seat_news.plate_note(state) for s, state in self.seen_seats.items()}
        return {s: note for s, note in notes.items() if note is not None}

    def turn_clock(self) -> tuple[int, float, int] | None:
        clock = self.remote.turn_clock()
        return None if clock is None else (clock.seat, clock.seconds_left, clock.total)

    def animating(self) -> bool:
        # A countdown on screen (the turn clock, a seat reconnecting) moves every second.
        counting = self.remote.turn_clock() is not None or any(
            s.state == p.RECONNECTING for s in self.seen_seats.values()
        )
        return counting or super().animating()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        k = theme.ui_scale(surface.get_size())
        bottom = draw_connection_banner(surface, self.remote.status, k)
        mine = set(self.seats.local)
        missing = [
            seat_news.banner_line(s, s.seat in mine) for _seat, s in sorted(self.seen_seats.items())
        ]
        lines = [m for m in missing if m] if self.remote.status.state == PLAYING else []
        L = self.layout
        if not lines or L is None:
            return
        size = max(14, L.size[1] // 48)
        # Below the announcement and its toasts, above the hand.
        draw_seat_news(
            surface, lines, (L.banner[0], max(bottom, L.banner[1] + round(size * 2.9))), size
        )

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
        self._ask("seats", self._seats_dialog(), self._seats_dialog)

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
        return dialogs.seats_menu(choices, self._close_dialog)

    def _cover(self, seat: int, computer: bool) -> Callable[[], None]:
        def do() -> None:
            self.remote.hand_to_computer(seat, computer=computer)
            self._close_dialog()

        return do

    def _record(self, what: str) -> None:
        # The statistics count this laptop's games against the computer and hot-seat friends;
        # a networked table's other seats are people elsewhere, not "you".
        return

    def close(self) -> None:
        super().close()
        if self.proc is not None:
            self.proc.stop(save=True)
            self.proc = None
