"""The card table for a match hosted over the network, and what hosting one needs.

Shared by the lobby (which hosts) and the join screen (which sits at another laptop's table),
so neither scene module imports the other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from engine.rules import PRESETS, RuleSet
from marriage_gui.setup import MatchSetup, SeatSetup
from marriage_gui.table.scene import TableScene
from marriage_gui.ui import theme
from marriage_net.client import GONE, RECONNECTING, RemoteMatch, Status
from marriage_net.discovery import DISCOVERY_PORT, listen_address
from marriage_net.hostproc import HostProcess, TableConfig
from marriage_net.serve import DEFAULT_PORT

if TYPE_CHECKING:
    from marriage_gui.app import App

TABLE_SAVE = "lan_table.json"
TOKENS = "lan_tokens.json"
DEFAULT_HOST_NAME = "Host"  # not "You": every other screen shows this name too


def spaced_code(code: str) -> str:
    """The table code as people read it out: ``482 913``."""
    return f"{code[:3]} {code[3:]}" if len(code) == 6 else code


def read_table_rules(app: Any, lobby: Any) -> str | None:
    """Open the Rules screen on the rules of the table ``lobby`` describes; a problem in words,
    or None when it opened."""
    if lobby is None:
        return "The table has not said its rules yet."
    try:
        rules = RuleSet.from_dict(lobby.rule_set)
    except ValueError as exc:
        return f"The table's rules cannot be read: {exc}"
    app.open("rules", rules=rules)
    return None


def open_table_process(
    app: Any, name: str, discovery_port: int = DISCOVERY_PORT, rules: RuleSet | None = None
) -> tuple[HostProcess, bool]:
    """Open (or reopen, if one was saved, with its own rules) this laptop's table, a new one
    with ``rules`` (Nepali if not given); (process, reopened)."""
    save = app.storage.path(TABLE_SAVE)
    reopen = save.is_file()
    config = TableConfig(
        seats=[("here", name), ("open", ""), ("open", ""), ("medium", "")],
        rules=(rules or PRESETS["nepali"]).to_dict(),
        table=f"{name}'s table" if name != DEFAULT_HOST_NAME else "Marriage table",
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
    raise ValueError("the table could not be opened")


def draw_connection_banner(surface: pygame.Surface, status: Status, k: float) -> None:
    """The band across the top of the table while the connection is away, or for good gone."""
    if status.state not in (RECONNECTING, GONE):
        return
    w = surface.get_width()
    gone = status.state == GONE
    text = (
        status.message
        if gone
        else "Reconnecting…  " + status.message.replace("Reconnecting to the table…", "").strip()
    )
    size = round(19 * k)
    lines = theme.wrap(text.strip(), size, w - round(80 * k), True)
    band = pygame.Rect(0, 0, w, round(16 * k) + len(lines) * round(26 * k))
    layer = pygame.Surface(band.size, pygame.SRCALPHA)
    layer.fill((120, 24, 20, 225) if gone else (20, 20, 20, 205))
    surface.blit(layer, band.topleft)
    for i, line in enumerate(lines):
        label = theme.text(line, size, theme.TEXT, True)
        surface.blit(label, label.get_rect(midtop=(w // 2, round(8 * k) + i * round(26 * k))))


class NetTableScene(TableScene):
    """The card table for a match hosted over the network (here or on another laptop).

    It plays through ``RemoteMatch`` like any other match; it adds the connection's banner,
    and on the host's laptop it owns the table's process: leaving the table saves and closes
    it, so that hosting again brings everyone back.
    """

    name = "table"

    def __init__(self, app: App, remote: RemoteMatch, proc: HostProcess | None = None) -> None:
        first = remote.view(remote.seats[0])
        lobby = remote.lobby
        kinds = {s.seat: s.kind for s in lobby.seats} if lobby is not None else {}
        seats = tuple(
            SeatSetup(
                name.strip() or f"Player {i + 1}",
                kinds[i] if kinds.get(i) in ("easy", "medium", "hard") else "human",
            )
            for i, name in enumerate(first.names)
        )
        setup = MatchSetup(seats, first.rules, max(1, first.hands_total))
        super().__init__(app, setup, remote, seats=remote.seats)
        self.remote = remote
        self.proc = proc

    def update(self, dt: float) -> None:
        self.remote.refresh()
        super().update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        draw_connection_banner(surface, self.remote.status, theme.ui_scale(surface.get_size()))

    def _record(self, what: str) -> None:
        # The statistics count this laptop's games against the computer and hot-seat friends;
        # a networked table's other seats are people elsewhere, not "you".
        return

    def close(self) -> None:
        super().close()
        if self.proc is not None:
            self.proc.stop(save=True)
            self.proc = None
