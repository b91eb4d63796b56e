"""Host a table: the big table code, this laptop's address, who sits where and the rules;
then Start.

The table itself runs in a child process (``marriage_net.hostproc``); this screen is one more
client of it, over 127.0.0.1, holding the seats of the people at this screen.
"""

from __future__ import annotations

import threading
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from engine.rules import PRESETS, RuleSet
from engine.words import Said
from marriage_gui.language import N_, _, word
from marriage_gui.scene import polling
from marriage_gui.scenes.base import MenuScene, Words, sentence, worded
from marriage_gui.setup import remembered_setup
from marriage_gui.table.hosting import (
    DEFAULT_HOST_NAME,
    TABLE_SAVE,
    TOKENS,
    back_at_standings,
    open_table_process,
    read_table_rules,
    saved_between_matches,
    spaced_code,
)
from marriage_gui.table.net import NetTableScene
from marriage_gui.ui import theme
from marriage_gui.ui.button import Button
from marriage_gui.ui.match_pickers import length_stepper, preset_stepper
from marriage_gui.ui.phone_invite import PhoneInvite, page_address
from marriage_gui.ui.pickers import Stepper
from marriage_gui.ui.text_input import TextInput
from marriage_gui.ui.words import PLAYER_N, proposed, proposed_name
from marriage_net import protocol as p
from marriage_net.client import GONE, RemoteMatch, Status
from marriage_net.discovery import DISCOVERY_PORT, host_addresses
from marriage_net.hostproc import HostProcess
from marriage_net.news import describe_clock
from marriage_net.seats import BOT_LEVELS
from marriage_net.serve import DEFAULT_PORT
from marriage_net.tokens import TokenStore

if TYPE_CHECKING:
    from marriage_gui.scene import AppServices

KIND_LABELS = {
    "open": N_("Open: another laptop"),
    "here": N_("A person at this screen"),
    "easy": N_("Computer: easy"),
    "medium": N_("Computer: medium"),
    "hard": N_("Computer: hard"),
}
CLOSE_TABLE = N_("‹  Close table")
_NAME_DELAY = 0.4  # seconds after the last key before a name goes to the table


def name_note() -> str:
    """Why the host is asked for a name before the table opens."""
    # Translators: “Asha's table” is an example of a table's name (as its host's game names
    # it: see "{name}'s table").
    return _(
        "Your table is called after you, so the others can tell it from any other table "
        "on the Wi-Fi: “Asha's table”."
    )


def clock_words(seconds: int) -> str:
    """A turn clock as the lobby's picker says it: "60 s a turn", "No turn clock"."""
    words = word(describe_clock(seconds))
    return words[:1].upper() + words[1:]


class LobbyScene(MenuScene):
    """The host's lobby: code, address, seats; Start deals."""

    name = "lobby"
    heading = N_("Host a table")

    def __init__(
        self,
        app: AppServices,
        player_name: str = DEFAULT_HOST_NAME,
        discovery_port: int = DISCOVERY_PORT,
        again: tuple[HostProcess, RemoteMatch] | None = None,
    ) -> None:
        """``again``: the table (its process and this screen's connection) of a match just
        finished, back in its lobby for a new match with the same seats."""
        # The table is called after its host ("Asha's table"), so two families on one Wi-Fi can
        # tell theirs apart: a host with no name of their own yet is asked for one first.
        typed = TokenStore(app.storage.path(TOKENS)).profile()
        if player_name == DEFAULT_HOST_NAME and typed.get("name"):
            player_name = typed["name"]
        if again is not None:
            player_name = again[1].name
        self.player_name = player_name
        self.asking = (
            again is None
            and player_name == DEFAULT_HOST_NAME
            and not app.storage.path(TABLE_SAVE).is_file()
        )
        self.discovery_port = discovery_port
        self.proc: HostProcess | None = None
        self.remote: RemoteMatch | None = None
        self.reopened = False
        self.again = again is not None
        self._problem: Words = ""
        self.seat_rows: list[tuple[Stepper, TextInput]] = []
        self._shape: tuple[Any, ...] = ()
        self._name_timers: dict[int, float] = {}
        # A new table starts with the rules last chosen on the New game screen, changes and all.
        remembered = remembered_setup(app.settings.last_setup, app.storage.log)
        self.first_rules: RuleSet = remembered.rules if remembered else PRESETS["nepali"]
        self.changed_rules = self.first_rules != PRESETS.get(self.first_rules.name)
        self._synced: p.Lobby | None = None
        self.rules_top = 0
        super().__init__(app)
        # The words of the widgets are given when the screen lays out (``_word``).
        self.rules_stepper = preset_stepper(self.first_rules.name, self.set_preset, "")
        self.hands_stepper = length_stepper(4, self.set_hands, "")
        self.start_button = Button("", self.start, primary=True, size=24, enabled=False)
        self.rules_button = Button("", self.read_rules, size=16)
        self.add_button = Button("", self.add_seat, size=17)
        self.remove_button = Button("", self.remove_seat, size=17)
        self.save_button = Button("", self.save_and_close, size=17)
        self.clock_stepper = Stepper(
            list(p.TURN_CLOCKS),
            p.TURN_CLOCKS.index(p.DEFAULT_CLOCK),
            on_change=self.set_clock,
            fmt=clock_words,
        )
        self.name_input = TextInput("", max_len=p.MAX_NAME, on_submit=lambda _t: self.open_named())
        self.open_button = Button("", self.open_named, primary=True, size=22)
        self.back_label = MenuScene.back_label if self.asking else CLOSE_TABLE
        self.back_button.text = _(self.back_label)
        self.addresses = host_addresses()
        self.invite = PhoneInvite()  # phones join through their browsers: the QR code
        self.layout()
        if self.asking:
            self.form.focus(self.name_input, keyboard=False)
        elif again is not None:
            self.proc, self.remote = again
        else:
            threading.Thread(target=self._open, daemon=True).start()

    def open_named(self) -> None:
        """Open the table under the name typed (and remember it for next time)."""
        try:
            name = p.check_name(self.name_input.text)
        except p.ProtocolError as exc:
            self.problem = partial(sentence, exc.reason)
            return
        if name == DEFAULT_HOST_NAME:
            self.problem = N_("Type your own name: the others find your table by it.")
            return
        self.app.sounds.play("click")
        TokenStore(self.app.storage.path(TOKENS)).keep_profile(name=name)
        self.player_name, self.asking, self.problem = name, False, ""
        self.back_label = CLOSE_TABLE
        self.on_resize(self.size)  # the back button grows to say it whole
        threading.Thread(target=self._open, daemon=True).start()

    # ------------------------------------------------------------------ the table process
    def _open(self) -> None:
        between = saved_between_matches(self.app)  # read before the table writes it again
        try:
            proc, reopened = open_table_process(
                self.app, self.player_name, self.discovery_port, self.first_rules
            )
        except (ValueError, OSError) as exc:
            why = (
                word(exc.args[0]) if exc.args and isinstance(exc.args[0], Said | str) else str(exc)
            )
            # Translators: {why} says what went wrong, often in the computer's own words.
            self.problem = lambda: _("The table could not be opened: {why}").format(why=why)
            return
        tokens = TokenStore(self.app.storage.path(TOKENS))
        self.remote = RemoteMatch(
            "127.0.0.1", proc.port, proc.code, self.player_name, owner=proc.owner, tokens=tokens
        )
        self.proc, self.reopened = proc, reopened
        self.again = self.again or (reopened and between)

    @property
    def problem(self) -> str:
        """What went wrong, in the language in use ("" when all is well)."""
        return worded(self._problem) if self._problem else ""

    @problem.setter
    def problem(self, text: Words) -> None:
        self._problem = text

    @property
    def lobby(self) -> p.Lobby | None:
        """The table as the host last described it."""
        return self.remote.lobby if self.remote is not None else None

    # ------------------------------------------------------------------ actions
    def start(self) -> None:
        """Deal: the table tells every seat."""
        if self.remote is not None:
            self.app.sounds.play("click")
            self.remote.send(p.Start())

    def set_preset(self, preset: str) -> None:
        """Play by one of the named rule sets."""
        self.changed_rules = False
        if self.remote is not None:
            self.remote.send(p.SetRules(rules=PRESETS[preset].to_dict()))

    def read_rules(self) -> None:
        """The table's rules, explained as the Rules screen explains any."""
        problem = read_table_rules(self.app, self.lobby)
        if problem is not None:  # already in the language in use
            self.problem = partial(str, problem)

    def set_clock(self, seconds: int) -> None:
        """Each turn lasts at most ``seconds`` (0: no clock); then a computer player moves."""
        if self.remote is not None:
            self.remote.set_clock(seconds)

    def set_hands(self, hands: int) -> None:
        """The match lasts ``hands`` hands, however many sit down."""
        if self.remote is not None:
            self.remote.send(p.SetRules(hands=hands))

    def add_seat(self) -> None:
        """One more seat, open for another laptop."""
        lobby = self.lobby
        if self.remote is not None and lobby is not None and len(lobby.seats) < 5:
            self.remote.send(p.SetSeat(len(lobby.seats), "open"))

    def remove_seat(self) -> None:
        """The last seat goes."""
        lobby = self.lobby
        if self.remote is not None and lobby is not None and len(lobby.seats) > 2:
            self.remote.send(p.SetSeat(len(lobby.seats) - 1, "none"))

    def _set_kind(self, seat: int, kind: str) -> None:
        if self.remote is None:
            return
        name = self.seat_rows[seat][1].text.strip() if seat < len(self.seat_rows) else ""
        # A computer player gets a name this laptop proposes (सीता on a Nepali one); a person
        # keeps what was typed, or is "Player N" in the language in use.
        if kind == "here":
            name = name or proposed((PLAYER_N, seat + 1))
        elif kind in BOT_LEVELS:
            name = proposed_name(seat)
        else:
            name = ""
        self.remote.send(p.SetSeat(seat, kind, name))

    def _rename(self, seat: int, _text: str = "") -> None:
        self._name_timers[seat] = _NAME_DELAY

    def save_and_close(self) -> None:
        """Close the table, keeping it: hosting again brings everyone back."""
        self._close(save=True)

    def back(self) -> None:
        self._close(save=False)

    def _close(self, save: bool) -> None:
        self.app.sounds.play("click")
        self._let_go(save)
        self.app.pop()

    def _let_go(self, save: bool) -> None:
        """Stop the connection and the table's process; a table not saved is forgotten."""
        if self.remote is not None:
            self.remote.close()
        if self.proc is not None:
            self.proc.stop(save=save)
        if not save:
            self.app.storage.path(TABLE_SAVE).unlink(missing_ok=True)
        self.remote = self.proc = None

    def shutdown(self) -> None:
        """Gone for good (the window closed): the table is saved and closed."""
        super().shutdown()
        if self.proc is not None:
            self._let_go(save=True)  # everyone rejoins when it is hosted again

    # ------------------------------------------------------------------ time
    def wake_after(self) -> float | None:
        """Look again soon while the table opens and while it is open (players join and the
        table answers in the background); only a table that failed to open is still."""
        own = super().wake_after()
        if self.asking or (self.remote is None and self.problem):
            return own
        return polling(own)

    def update(self, dt: float) -> None:
        super().update(dt)
        remote = self.remote
        if remote is None:
            return
        status: Status = remote.refresh()
        if status.state == GONE:
            self.problem = status.message
        for seat, left in list(self._name_timers.items()):
            left -= dt
            if left > 0:
                self._name_timers[seat] = left
                continue
            del self._name_timers[seat]
            lobby = self.lobby
            if lobby is not None and seat < len(lobby.seats) and seat < len(self.seat_rows):
                kind = lobby.seats[seat].kind
                text = self.seat_rows[seat][1].text.strip()
                if kind != "open" and text:
                    remote.send(p.SetSeat(seat, kind, text))
        lobby = self.lobby
        if lobby is not None:
            shape = tuple((s.kind, s.name if s.kind == "open" else "") for s in lobby.seats)
            if shape != self._shape:
                self._shape = shape
                self._build_rows(lobby)
            free = [s for s in lobby.seats if s.kind == "open" and not s.connected]
            self.start_button.enabled = not lobby.started and not free
            self.start_button.tooltip = (
                _("Waiting for players to take the open seats") if free else None
            )
            self.add_button.enabled = len(lobby.seats) < 5 and not lobby.started
            self.rules_stepper.enabled = self.hands_stepper.enabled = not lobby.started
            if lobby is not self._synced:  # what the table says now (a reopened one: its own)
                if self._synced is None and self.reopened:
                    self.changed_rules = False  # the saved table's rules, not the remembered ones
                self._synced = lobby
                self.rules_stepper.select(lobby.rules)
                self.hands_stepper.select(lobby.hands)
                self.clock_stepper.select(lobby.clock)
            self.remove_button.enabled = len(lobby.seats) > 2 and not lobby.started
        if remote.dealt and not remote.finished:
            self.open_table()  # (not the match just finished: the new one, once dealt)
        elif not self.again and back_at_standings(remote, lobby):
            self.open_table(standings=True)  # reopened on its standings: the host's app closed

    def open_table(self, standings: bool = False) -> None:
        """The match has been dealt: the card table takes over, playing through RemoteMatch
        (``standings``: the table's match is over, and its standings show over it)."""
        if self.remote is None:
            return
        table = NetTableScene(self.app, self.remote, self.proc)
        # The table owns the connection and the table's process from now on.
        self.remote = self.proc = None
        self.app.replace(table)
        if standings:
            table.show_standings()

    # ------------------------------------------------------------------ layout and drawing
    def _build_rows(self, lobby: p.Lobby) -> None:
        rows = []
        for info in lobby.seats:
            kinds = list(KIND_LABELS)
            stepper = Stepper(
                kinds,
                kinds.index(info.kind) if info.kind in kinds else 0,
                on_change=partial(self._set_kind, info.seat),
                fmt=lambda v: _(KIND_LABELS[v]),
                wrap=True,
            )
            name = TextInput(
                info.name, on_change=partial(self._rename, info.seat), max_len=p.MAX_NAME
            )
            name.enabled = info.kind != "open"
            rows.append((stepper, name))
        self.seat_rows = rows
        self.layout()

    def _word(self) -> None:
        """Give every widget its words in the language in use (each time the screen lays
        out, so a change of language reaches an open screen)."""
        self.rules_stepper.tooltip = _("The rules everyone at the table plays by")
        self.hands_stepper.tooltip = _(
            "How many hands the match lasts (one per player unless you choose)"
        )
        # Translators: the button that deals the first hand at the hosted table.
        self.start_button.text = _("Start")
        self.rules_button.text = _("Read these rules")
        self.rules_button.tooltip = _("The rules, with cards")
        self.add_button.text = _("+  Add a seat")
        self.remove_button.text = _("×  Remove the last seat")
        self.save_button.text = _("Save and close")
        self.save_button.tooltip = _("Everyone rejoins by themselves when you host again")
        self.clock_stepper.tooltip = _(
            "How long each player has for a turn before their computer player moves"
        )
        self.name_input.placeholder = _("Your name")
        self.open_button.text = _("Open my table")
        lobby = self.lobby
        for i, (stepper, name) in enumerate(self.seat_rows):
            stepper.tooltip = _("Who plays this seat")
            is_open = lobby is not None and i < len(lobby.seats) and lobby.seats[i].kind == "open"
            name.placeholder = _("waiting for a player…") if is_open else _("Name")

    def layout(self) -> None:
        if not hasattr(self, "open_button"):
            return
        self._word()
        k = self.k
        w, h = self.size
        if self.asking:
            # The box and the button come under the question's note, however long it runs.
            x = round(76 * k)
            lines = len(theme.wrap(name_note(), round(17 * k), w - 2 * x))
            y = self.content_top + round((40 + 48 + 24 * lines + 18) * k)
            y = max(y, self.content_top + round(150 * k))
            open_w = max(round(240 * k), self.open_button.width_for(round(54 * k)))
            open_w = min(open_w, w - 2 * x - round(400 * k))
            self.name_input.place(pygame.Rect(x, y, round(380 * k), round(50 * k)), k)
            self.open_button.place(
                pygame.Rect(x + round(400 * k), y - round(2 * k), open_w, round(54 * k)), k
            )
            self.form.set_widgets([self.back_button, self.name_input, self.open_button])
            return
        left = round(w * 0.46)
        y = self.content_top + round(30 * k)
        row_h, gap = round(46 * k), round(12 * k)
        widgets: list[Any] = []
        for stepper, name in self.seat_rows:
            stepper.place(pygame.Rect(left + round(40 * k), y, round(330 * k), row_h), k)
            name.place(pygame.Rect(left + round(384 * k), y, w - left - round(424 * k), row_h), k)
            widgets += [stepper, name]
            y += row_h + gap
        bw = round(250 * k)
        self.add_button.place(pygame.Rect(left + round(40 * k), y, bw, round(40 * k)), k)
        self.remove_button.place(
            pygame.Rect(left + round(54 * k) + bw, y, bw + round(40 * k), round(40 * k)), k
        )
        bottom = h - round(90 * k)
        self.start_button.place(
            pygame.Rect(w - round(300 * k), bottom, round(260 * k), round(60 * k)), k
        )
        self.save_button.place(
            pygame.Rect(w - round(540 * k), bottom + round(10 * k), round(220 * k), round(44 * k)),
            k,
        )
        self.rules_top = y + round(58 * k)
        ry = self.rules_top + round(26 * k)
        self.rules_stepper.place(pygame.Rect(left + round(40 * k), ry, round(330 * k), row_h), k)
        self.hands_stepper.place(
            pygame.Rect(left + round(384 * k), ry, w - left - round(424 * k), row_h), k
        )
        self.rules_button.place(
            pygame.Rect(
                left + round(384 * k), ry + row_h + round(12 * k), round(220 * k), round(38 * k)
            ),
            k,
        )
        # Below the rules, clear of the note on changed rules that may sit under them.
        self.clock_stepper.place(
            pygame.Rect(left + round(40 * k), ry + row_h + round(28 * k), round(330 * k), row_h), k
        )
        widgets += [self.add_button, self.remove_button, self.rules_stepper, self.hands_stepper]
        widgets += [self.clock_stepper, self.rules_button]
        widgets += [self.save_button, self.start_button]
        self.form.set_widgets([self.back_button, *widgets])

    def draw_content(self, surface: pygame.Surface) -> None:
        k = self.k
        w, h = self.size
        if self.asking:
            self._draw_name_question(surface)
            return
        left = round(48 * k)
        top = self.content_top + round(20 * k)
        panel = pygame.Rect(left, top, round(w * 0.46) - left - round(24 * k), round(470 * k))
        room = panel.w - round(56 * k)
        code = self.proc.code if self.proc is not None else "······"
        big = theme.text(spaced_code(code), round(84 * k), theme.GOLD_LIGHT, True)
        lines = [
            # Translators: "Join a table" is the title menu's item of that name.
            _("On the same Wi-Fi, the others choose “Join a table” and type this code."),
            _("If their game does not find yours, they type this laptop's address:"),
        ]
        size = round(17 * k)
        said = [part for line in lines for part in theme.wrap(line, size, room)]
        address = ", ".join(self.addresses) or _("no network found")
        if self.proc is not None and self.proc.port != DEFAULT_PORT:
            # Translators: the host's addresses, then the network port the table listens on.
            address = _("{address}  (port {port})").format(address=address, port=self.proc.port)
        address, address_size = theme.shrunk(address, round(26 * k), room, round(14 * k), True)
        notes = [
            # Translators: "Allow" is the button of Windows' own firewall question.
            _("Windows may ask about the firewall: choose Allow."),
            _(
                "Nobody finds the table? Switch on this laptop's mobile hotspot and have the "
                "others join it."
            ),
        ]
        if self.reopened:
            notes.insert(0, _("Your saved table is open again: everyone rejoins by themselves."))
        if self.again:
            notes[:0] = [
                _(
                    "A new match at the same table: everyone is invited back to their seat. "
                    "Start when they are here."
                ),
                *self._who_is_back(),
            ]
        if self.proc is not None and not self.proc.discoverable:
            notes.insert(
                0,
                _("Another table on this laptop answers the search: the others type the address."),
            )
        note_size = round(15 * k)
        noted = [part for note in notes for part in theme.wrap(note, note_size, room)]
        # The panel grows with its words (longer in some languages), down to the foot's line.
        needed = (
            round(22 * k)
            + round(26 * k)
            + big.get_height()
            + round(14 * k)
            + len(said) * round(24 * k)
            + round(48 * k)
            + len(noted) * round(21 * k)
            + round(18 * k)
        )
        panel.h = max(panel.h, min(needed, h - round(90 * k) - top))
        theme.panel(surface, panel, round(14 * k), shadow=round(8 * k))
        x = panel.x + round(28 * k)
        y = panel.y + round(22 * k)
        surface.blit(theme.text(_("Table code"), round(20 * k), theme.TEXT_DIM), (x, y))
        surface.blit(big, (x, y + round(26 * k)))
        y += round(26 * k) + big.get_height() + round(14 * k)
        for part in said:
            surface.blit(theme.text(part, size, theme.TEXT), (x, y))
            y += round(24 * k)
        surface.blit(theme.text(address, address_size, theme.GOLD, True), (x, y + round(4 * k)))
        y += round(48 * k)
        for part in noted:
            surface.blit(theme.text(part, note_size, theme.TEXT_DIM), (x, y))
            y += round(21 * k)
        if self.proc is not None and self.addresses:
            url = page_address(self.addresses[0], self.proc.port, self.proc.code)
            top = panel.bottom + round(16 * k)
            self.invite.draw(
                surface, pygame.Rect(panel.x, top, panel.w, h - round(20 * k) - top), url, k
            )
        # The seats, with who is connected.
        sx = round(w * 0.46)
        surface.blit(theme.text(_("Seats"), round(20 * k), theme.TEXT_DIM), (sx, self.content_top))
        lobby = self.lobby
        if lobby is not None:
            for (stepper, _name), info in zip(self.seat_rows, lobby.seats, strict=False):
                dot = theme.ON if info.connected else theme.TEXT_FAINT
                centre = (sx + round(16 * k), stepper.rect.centery)
                pygame.draw.circle(surface, dot, centre, round(8 * k))
                if info.bot_playing:
                    tag = theme.text(_("a computer plays for now"), round(13 * k), theme.ERROR)
                    surface.blit(tag, (stepper.rect.x, stepper.rect.bottom))
        # The rules and the length of the match.
        size = round(20 * k)
        # Translators: the label over the host's rule preset picker.
        surface.blit(theme.text(_("Rules"), size, theme.TEXT_DIM), (sx, self.rules_top))
        hands_x = self.hands_stepper.rect.x
        # Translators: the label over the match length picker (how many hands).
        surface.blit(theme.text(_("Length"), size, theme.TEXT_DIM), (hands_x, self.rules_top))
        if self.changed_rules:
            # Translators: under the host's rules: the rule changes made on the New game screen
            # come along.
            note = _("with your changes from New game")
            rect = self.rules_stepper.rect
            # One line between the rules and the clock: a long note is set smaller.
            note, size = theme.shrunk(note, round(14 * k), rect.w, round(10 * k))
            surface.blit(
                theme.text(note, size, theme.TEXT_DIM), (rect.x, rect.bottom + round(4 * k))
            )
        message = self.problem or (_("Opening the table…") if self.proc is None else "")
        if message:
            for i, part in enumerate(theme.wrap(message, round(18 * k), w - round(100 * k))):
                text = theme.text(part, round(18 * k), theme.ERROR if self.problem else theme.TEXT)
                surface.blit(text, (round(48 * k), h - round(80 * k) + i * round(24 * k)))

    def _who_is_back(self) -> list[str]:
        """After Play again: who is back from the standings, and who is not (the players on
        other laptops; a computer plays for those not back if the host starts now)."""
        lobby = self.lobby
        if lobby is None or lobby.started:
            return []
        people = [s for s in lobby.seats if s.kind == "open" and s.connected]
        back = ", ".join(s.name for s in people if s.ready)
        away = ", ".join(s.name for s in people if not s.ready)
        lines = []
        if back:
            # Translators: in the host's lobby after Play again; {names} lists players.
            lines.append(_("Back for the new match: {names}.").format(names=back))
        if away:
            # Translators: in the host's lobby after Play again; {names} lists players.
            lines.append(
                _(
                    "Still on the standings: {names}. Start now, and a computer plays for them "
                    "until they are back."
                ).format(names=away)
            )
        return lines

    def _draw_name_question(self, surface: pygame.Surface) -> None:
        """Before the table opens: the host's name, which the table is called by."""
        k = self.k
        w, h = self.size
        x, y = round(76 * k), self.content_top + round(40 * k)
        question = _("What is your name?")
        size = theme.fitting_size(question, round(30 * k), w - 2 * x, round(18 * k), True)
        surface.blit(theme.text(question, size, theme.GOLD_LIGHT, True), (x, y))
        note = name_note()
        size = round(17 * k)
        for i, part in enumerate(theme.wrap(note, size, w - 2 * x)):
            surface.blit(theme.text(part, size, theme.TEXT), (x, y + round((48 + 24 * i) * k)))
        if self.problem:
            for i, part in enumerate(theme.wrap(self.problem, round(18 * k), w - 2 * x)):
                text = theme.text(part, round(18 * k), theme.ERROR)
                surface.blit(text, (x, h - round(80 * k) + i * round(24 * k)))
