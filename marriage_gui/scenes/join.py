"""Join a table: the tables found nearby, the code, a free seat and a name.

Finding tables asks only the addresses ``marriage_net.discovery`` allows (set
``MARRIAGE_DISCOVERY=127.0.0.1`` to keep it on this machine); after a few seconds with nothing
found, the player may type the host's address instead.
"""

from __future__ import annotations

import threading
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from engine.digits import latin_digits
from marriage_gui.language import N_, _, ngettext, word
from marriage_gui.scene import polling
from marriage_gui.scenes.base import MenuScene, Words, sentence, worded
from marriage_gui.table.hosting import (
    TOKENS,
    back_at_standings,
    read_table_rules,
    spaced_code,
    table_words,
)
from marriage_gui.table.net import NetTableScene
from marriage_gui.ui import theme
from marriage_gui.ui.button import Button
from marriage_gui.ui.match_pickers import hands_label, preset_label
from marriage_gui.ui.text_input import TextInput
from marriage_gui.ui.widget import Verbatim, Widget
from marriage_gui.ui.words import gather_line
from marriage_net import protocol as p
from marriage_net.client import GONE, RECONNECTING, RemoteMatch
from marriage_net.discovery import DISCOVERY_PORT, TableFound, discovery_targets, find_tables
from marriage_net.news import describe_clock
from marriage_net.serve import DEFAULT_PORT
from marriage_net.tokens import TableMemo, TokenStore, table_key

if TYPE_CHECKING:
    from marriage_gui.scene import AppServices

ASK_ADDRESS_AFTER = 4.0  # seconds with no table found before offering to type an address
_LOOK_EVERY = 2.0


def parse_address(text: str) -> tuple[str, int]:
    """``192.168.1.5`` or ``192.168.1.5:47470`` as (address, port); ValueError with a reason
    (a sentence in English, marked with ``N_``: word it with ``_`` where it is shown). Digits
    typed in Devanagari (१९२.१६८.१.५) are read as 0-9."""
    text = latin_digits(text).strip()
    if not text:
        raise ValueError(N_("Type the address the host's screen shows."))
    host, sep, port_text = text.rpartition(":")
    if not sep or "]" in port_text or host.count(":") > 0 and not host.startswith("["):
        host, port_text = text, ""
    host = host.strip("[]")
    if not host or any(c.isspace() for c in host):
        raise ValueError(N_("That does not look like an address."))
    if not port_text:
        return host, DEFAULT_PORT
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise ValueError(N_("The port after ':' must be a number up to 65535."))
    return host, int(port_text)


def table_note(table: TableFound) -> str:
    """Under a table found nearby: where it is, its open seats, whether it is playing."""
    n = table.open_seats
    if table.started:
        # Translators: under a table found nearby: its address, how many seats are open, and
        # that its match has started.
        words = ngettext(
            "{address} · {n} open seat · playing", "{address} · {n} open seats · playing", n
        )
    else:
        # Translators: under a table found nearby: its address and how many seats are open.
        words = ngettext("{address} · {n} open seat", "{address} · {n} open seats", n)
    return words.format(address=table.address, n=n)


def seat_words(seat: int, free: bool, name: str) -> str:
    """A seat of the table joined, as its button says it."""
    if free:
        return _("Seat {number}: Sit here").format(number=seat + 1)
    # Translators: a seat taken at the table joined; {name} is its player ("—" for none).
    return _("Seat {number}: {name}").format(number=seat + 1, name=name or "—")


class JoinScene(MenuScene):
    """Find a table, type its code, pick a free seat, type a name."""

    name = "join"
    heading = N_("Join a table")

    def __init__(
        self,
        app: AppServices,
        player_name: str = "",
        discovery_port: int = DISCOVERY_PORT,
        rejoin: TableMemo | None = None,
        again: RemoteMatch | None = None,
    ) -> None:
        """``rejoin``: a table this laptop held a seat at (straight back to it); ``again``: the
        connection of a match just finished, waiting here for the host's new match."""
        self.discovery_port = discovery_port
        self.found: list[TableFound] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self.waited = 0.0
        self.chosen: tuple[str, int] | None = None
        self.remote: RemoteMatch | None = None
        self.message = ""
        self.problem = False
        self.table_buttons: list[Button] = []
        self.seat_buttons: list[Button] = []
        #: What each button stands for, to word it again when the language changes.
        self._tables_shown: list[TableFound] = []
        self._seats_shown: list[tuple[int, bool, str]] = []
        self._seen_tables: tuple[Any, ...] = ()
        self._seen_seats: tuple[Any, ...] = ()
        super().__init__(app)
        self.tokens = TokenStore(app.storage.path(TOKENS))
        # What was typed last time comes back: the name, the code, the address.
        typed = self.tokens.profile()
        code, address = typed.get("code", ""), typed.get("address", "")
        if rejoin is not None:
            code, address = rejoin.code, f"{rejoin.address}:{rejoin.port}"
        if again is not None:
            code, address = again.code, f"{again.address}:{again.port}"
            player_name = player_name or again.name
        self.remembered_address = bool(address)
        # The words of the boxes and buttons are given when the screen lays out (``_word``).
        self.name_input = TextInput(player_name or typed.get("name", ""), max_len=p.MAX_NAME)
        self.code_input = TextInput(
            code, max_len=7, on_submit=lambda _t: self.connect(), digits=True
        )
        self.address_input = TextInput(
            address, max_len=60, on_submit=lambda _t: self.connect(), digits=True
        )
        self.connect_button = Button("", self.connect, primary=True, size=22)
        self.rules_button = Button("", self.read_rules, size=16)
        self.rules_button.visible = False
        try:
            self.targets = discovery_targets()
        except ValueError as exc:  # a typo in MARRIAGE_DISCOVERY: ask nobody, say why
            self.targets = []
            why = word(str(exc))
            self.message = lambda: _("Finding tables is switched off: {why}").format(why=why)
            self.problem = True
        threading.Thread(target=self._look, daemon=True).start()
        self.layout()
        if rejoin is not None:  # straight back to the seat this laptop held: nothing to type
            self.connect()
        self.again = again is not None
        if again is not None:  # seated already, at the table of the match just finished
            self.remote = again
            self.message = N_("Waiting for the host to start a new match at this table…")

    # ------------------------------------------------------------------ finding tables
    def _look(self) -> None:
        while not self._stop.is_set() and self.targets:
            found = find_tables(self.targets, self.discovery_port, wait=0.8)
            with self._lock:
                self.found = found
            self._stop.wait(_LOOK_EVERY)

    @property
    def ask_address(self) -> bool:
        """Whether to offer typing the host's address (nothing found for a while)."""
        return self.waited >= ASK_ADDRESS_AFTER or not self.targets or self.remembered_address

    # ------------------------------------------------------------------ the message
    @property
    def message(self) -> str:
        """The line at the foot of the screen, in the language in use ("" for none)."""
        return worded(self._message) if self._message else ""

    @message.setter
    def message(self, text: Words) -> None:
        self._message = text

    def read_rules(self) -> None:
        """The rules of the table joined, explained as the Rules screen explains any."""
        problem = read_table_rules(self.app, self.remote.lobby if self.remote else None)
        if problem is not None:  # already in the language in use
            self.message, self.problem = partial(str, problem), True

    def choose(self, table: TableFound) -> None:
        """Pick a table from the list."""
        self.app.sounds.play("click")
        self.chosen = (table.address, table.port)
        self.address_input.set_text(f"{table.address}:{table.port}")
        self.form.focus(self.code_input, keyboard=False)

    # ------------------------------------------------------------------ joining
    def connect(self) -> None:
        """Reach the chosen table with the code; seats are picked once it answers."""
        code = "".join(latin_digits(self.code_input.text).split())
        try:
            if not (len(code) == 6 and code.isascii() and code.isdigit()):
                raise ValueError(N_("The table code is six digits, like 482 913."))
            where = (
                parse_address(self.address_input.text)
                if self.address_input.text.strip()
                else self.chosen
            )
            if where is None:
                raise ValueError(N_("Choose a table from the list, or type the host's address."))
        except ValueError as exc:
            self.message, self.problem = str(exc), True
            return
        self.app.sounds.play("click")
        self.tokens.keep_profile(
            name=self.name_input.text.strip(), code=code, address=self.address_input.text.strip()
        )
        if self.remote is not None:
            self.remote.close()
        address, port = where
        saved = self.tokens.tokens(table_key(address, port, code))
        seat = min(saved) if saved else None
        # A seat held before (the app was closed, or the table saved and reopened) comes back.
        self.remote = RemoteMatch(
            address,
            port,
            code,
            self.name_input.text.strip() if seat is not None else "",
            seat=seat,
            tokens=self.tokens,
            give_up=15.0,
        )
        self.message, self.problem = N_("Connecting…"), False

    def sit(self, seat: int) -> None:
        """Take ``seat`` under the typed name."""
        name = self.name_input.text.strip()
        if not name:
            self.message, self.problem = N_("Type your name first."), True
            self.form.focus(self.name_input, keyboard=False)
            return
        if self.remote is not None:
            self.app.sounds.play("click")
            self.tokens.keep_profile(name=name)
            self.remote.sit(name, seat)

    def shutdown(self) -> None:
        """Gone for good (Back, the window closed): the search and the connection stop."""
        super().shutdown()
        self._stop.set()
        if self.remote is not None:
            self.remote.close()
            self.remote = None

    # ------------------------------------------------------------------ time
    def wake_after(self) -> float | None:
        """Look again soon while the search runs or a table is being joined (the tables
        found, the offer to type an address and the seats come in the background)."""
        own = super().wake_after()
        return own if not self.targets and self.remote is None else polling(own)

    def update(self, dt: float) -> None:
        super().update(dt)
        with self._lock:
            found = list(self.found)
        if found:
            self.waited = 0.0
        else:
            self.waited += dt
        if self.ask_address != self.address_input.visible:
            self.layout()  # the box for the host's address comes (or goes)
        tables = tuple(found)
        if tables != self._seen_tables:
            self._seen_tables = tables
            self._tables_shown = found[:5]
            self.table_buttons = [
                Button("", partial(self.choose, t), size=18) for t in self._tables_shown
            ]
            self.layout()
        remote = self.remote
        if remote is None:
            return
        status = remote.refresh()
        if status.state == GONE:
            self.message, self.problem = status.message, True
            self.remote = None
            remote.close()
            return
        lobby = remote.lobby
        seats = tuple((s.seat, s.kind, s.connected, s.name) for s in lobby.seats) if lobby else ()
        if seats != self._seen_seats:
            self._seen_seats = seats
            self.seat_buttons = []
            self._seats_shown = []
            for s in lobby.seats if lobby else []:
                free = s.kind == "open" and not s.connected and not s.name
                self._seats_shown.append((s.seat, free, s.name))
                self.seat_buttons.append(
                    Button(
                        "",
                        partial(self.sit, s.seat),
                        size=17,
                        enabled=free and not remote.seats,
                        primary=free,
                    )
                )
            self.rules_button.visible = lobby is not None
            self.layout()
        if remote.refusals:
            refusal = remote.refusals[-1]
            self.message, self.problem = partial(sentence, refusal), True
            remote.refusals.clear()
        elif remote.finished:  # the match just finished: the host has not called a new one yet
            self.message = N_("Waiting for the host to start a new match at this table…")
            self.problem = False
        elif (self.again or remote.seats) and gather_line(lobby) is not None:
            # Seated at a table with no host screen that gathers for a new match.
            self.message, self.problem = (lambda: gather_line(lobby) or ""), False
        elif status.state == RECONNECTING:  # a seat kept for us: the connection says how it goes
            self.message, self.problem = status.message, False
        elif remote.seats and lobby is not None and not lobby.started:
            self.message, self.problem = N_("Seated. Waiting for the host to start…"), False
        elif lobby is not None and not remote.seats:
            self.message, self.problem = N_("Choose a free seat."), False
        if not self.again and back_at_standings(remote, lobby):
            # Back at a table whose match ended while this laptop was away: its standings,
            # with Play again, as the others see them.
            self._stop.set()
            self.remote = None  # the table owns the connection now
            table = NetTableScene(self.app, remote)
            self.app.replace(table)
            table.show_standings()
        elif remote.dealt and not remote.finished:
            self._stop.set()
            self.remote = None  # the table owns the connection now
            self.app.replace(NetTableScene(self.app, remote))

    # ------------------------------------------------------------------ layout and drawing
    def _word(self) -> None:
        """Give every box and button its words in the language in use (each time the screen
        lays out, so a change of language reaches an open screen)."""
        self.name_input.placeholder = _("Your name")
        # Translators: shown in the empty box for the table's code (six digits).
        self.code_input.placeholder = _("6-digit code")
        # Translators: shown in the empty box for the host's address: an example address.
        self.address_input.placeholder = _("e.g. 192.168.1.23")
        # Translators: the button that joins the table whose code was typed.
        self.connect_button.text = _("Join")
        self.rules_button.text = _("Read the table's rules")
        self.rules_button.tooltip = _("The rules, with cards")
        for button, table in zip(self.table_buttons, self._tables_shown, strict=False):
            # The table's own name, as its host's game called it: shown as it is.
            button.text, button.sub = Verbatim(table_words(table.table)), table_note(table)
        for button, (seat, free, name) in zip(self.seat_buttons, self._seats_shown, strict=False):
            button.text = seat_words(seat, free, name)

    def layout(self) -> None:
        if not hasattr(self, "connect_button"):
            return
        self._word()
        k = self.k
        w = self.size[0]
        x, y = round(60 * k), self.content_top + round(44 * k)
        col = round(w * 0.42)
        for b in self.table_buttons:
            b.place(pygame.Rect(x, y, col - x, round(60 * k)), k)
            y += round(70 * k)
        rx = col + round(40 * k)
        fw = w - rx - round(60 * k)
        ry = self.content_top + round(44 * k)
        # Top to bottom as they are filled in: the name, the host's address (when asked for),
        # then the code with the Join button beside it. The address keeps its room even before
        # it is asked for, so the boxes never move under a person typing in them.
        self.name_input.place(pygame.Rect(rx, ry, fw, round(46 * k)), k)
        y = ry + round(84 * k)
        self.address_input.visible = self.ask_address
        self.address_input.place(pygame.Rect(rx, y, fw, round(46 * k)), k)
        y += round(84 * k)
        self.code_input.place(pygame.Rect(rx, y, round(220 * k), round(54 * k)), k)
        join_w = max(round(160 * k), self.connect_button.width_for(round(54 * k)))
        join_w = min(join_w, fw - round(240 * k))
        self.connect_button.place(pygame.Rect(rx + round(240 * k), y, join_w, round(54 * k)), k)
        sy = y + round(120 * k)
        for b in self.seat_buttons:
            b.place(pygame.Rect(rx, sy, fw, round(44 * k)), k)
            sy += round(52 * k)
        rules_w = min(max(round(240 * k), self.rules_button.width_for(round(40 * k))), fw)
        self.rules_button.place(pygame.Rect(rx, sy + round(6 * k), rules_w, round(40 * k)), k)
        widgets: list[Widget] = [self.back_button, *self.table_buttons, self.name_input]
        if self.ask_address:
            widgets.append(self.address_input)
        widgets += [self.code_input, self.connect_button]
        widgets += self.seat_buttons
        if self.rules_button.visible:
            widgets.append(self.rules_button)
        self.form.set_widgets(widgets)

    def draw_content(self, surface: pygame.Surface) -> None:
        k = self.k
        w, h = self.size
        x = round(60 * k)
        small = round(16 * k)
        col = round(w * 0.42) - x
        nearby = _("Tables nearby")
        size = theme.fitting_size(nearby, round(20 * k), col, round(14 * k))
        surface.blit(
            theme.text(nearby, size, theme.TEXT_DIM), (x, self.content_top + round(10 * k))
        )
        if not self.table_buttons:
            dots = "." * (1 + int(self.waited * 2) % 3)
            if self.targets:
                # Translators: while the game looks for tables; {dots} are one to three dots.
                note = _("Looking for tables{dots}").format(dots=dots)
            else:
                note = _("Not looking (switched off)")
            note, size = theme.shrunk(note, small, col, round(11 * k))
            surface.blit(theme.text(note, size, theme.TEXT), (x, self.content_top + round(50 * k)))
            if self.ask_address:
                tip = _(
                    "Nothing yet? Type the host's address on the right (their screen shows it)."
                )
                for i, part in enumerate(theme.wrap(tip, small, col)):
                    surface.blit(
                        theme.text(part, small, theme.TEXT_DIM),
                        (x, self.content_top + round((84 + 22 * i) * k)),
                    )
        labels = [
            (self.name_input, _("Your name")),
            (self.code_input, _("Table code")),
        ]
        if self.ask_address:
            labels.append((self.address_input, _("The host's address")))
        room = self.name_input.rect.w
        for widget, label in labels:
            label, size = theme.shrunk(label, round(15 * k), room, round(11 * k))
            text = theme.text(label, size, theme.TEXT_DIM)
            surface.blit(text, (widget.rect.x, widget.rect.y - text.get_height() - round(2 * k)))
        if self.remote is not None and self.remote.lobby is not None:
            lobby = self.remote.lobby
            # Translators: the table joined: its name, its code, its rules, how many hands
            # ("4 hands") and its turn clock ("60 s a turn").
            title = _("{table} · code {code} · {rules} · {hands} · {clock}").format(
                table=table_words(lobby.table),
                code=spaced_code(self.remote.code),
                rules=preset_label(lobby.rules),
                hands=hands_label(lobby.hands),
                clock=word(describe_clock(lobby.clock)),
            )
            size = round(17 * k)
            for i, part in enumerate(theme.wrap(title, size, self.name_input.rect.w)):
                surface.blit(
                    theme.text(part, size, theme.GOLD, True),
                    (
                        self.code_input.rect.x,
                        self.code_input.rect.bottom + round((22 + 22 * i) * k),
                    ),
                )
        if self.message:
            colour = theme.ERROR if self.problem else theme.TEXT
            for i, part in enumerate(theme.wrap(self.message, round(18 * k), w - round(120 * k))):
                surface.blit(
                    theme.text(part, round(18 * k), colour),
                    (x, h - round(70 * k) + i * round(24 * k)),
                )
