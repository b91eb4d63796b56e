"""Every screen of the game, built for the language tests: the menus, the LAN screens, and the
table's own (a hand in play, its log, its menu, a score sheet, the replay, the podium, the
guide). Each builder leaves the app with the screen on top and returns the players' names
(names are never translated)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from marriage_gui import language
from marriage_gui.app import App
from marriage_gui.setup import MatchSetup
from marriage_gui.table import demo

Builder = Callable[[App], tuple[str, ...]]


#: Words shown as they are in every language: the players' names (the seats of a new game and
#: of the demo tables) and each language's own name.
NAMES = (
    *(seat.name for seat in MatchSetup().seats),
    *(seat.name for seat in demo.SEATS),
    *language.LANGUAGES.values(),
)


def _menu(name: str) -> Builder:
    def build(app: App) -> tuple[str, ...]:
        if name != "title":
            app.open(name)
        return NAMES

    return build


def _table(name: str) -> Builder:
    def build(app: App) -> tuple[str, ...]:
        scene = demo.build_scene(app, name, 7)
        if app.scene is not scene:
            app.push(scene)
        table = next((s for s in app.stack if hasattr(s, "match")), None)
        names = getattr(getattr(table, "match", None), "names", ())
        return (*names, *NAMES)

    return build


def _table_then(*keys: int) -> Builder:
    """The table in play, then ``keys`` pressed (the log, the menu, the controls)."""

    def build(app: App) -> tuple[str, ...]:
        names = _table("table")(app)
        for key in keys:
            app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")], 0.05)
        return names

    return build


def _rules_preset(index: int) -> Builder:
    def build(app: App) -> tuple[str, ...]:
        scene = app.open("rules")
        choose = getattr(scene, "show_preset", None)
        if callable(choose):
            choose(index)
        return NAMES

    return build


def _curtain(app: App) -> tuple[str, ...]:
    """A hot-seat table: the curtain that asks to pass the laptop."""
    from marriage_gui.setup import SeatSetup
    from marriage_gui.table.scene import TableScene

    seats = (SeatSetup("Asha", "human"), SeatSetup("Bina", "human"), SeatSetup("Sita", "easy"))
    app.push(TableScene(app, MatchSetup(seats, hands=1, seed=11)))
    return ("Asha", "Bina", "Sita", *NAMES)


def _stats_played(app: App) -> tuple[str, ...]:
    """Statistics after three hands were played and counted: tiles, rows and the chart."""
    import random

    from engine.match import LocalMatch

    setup = MatchSetup()
    names = [s.name for s in setup.seats]
    for seed in range(3):
        match = LocalMatch.new(setup.rules, names, seed=seed, hands=setup.hands)
        rng = random.Random(seed)
        while not (view := match.view(match.view(0).current_player)).hand_over:
            match.submit(view.seat, rng.choice(view.legal))
        app.storage.record_hand(setup, match, match.view(0))
    app.storage.flush()
    app.open("stats")
    return (*names, *NAMES)


SCREENS: dict[str, Builder] = {
    "title": _menu("title"),
    "new_game": _menu("new_game"),
    "settings": _menu("settings"),
    "stats": _menu("stats"),
    "rules": _menu("rules"),
    "join": _menu("join"),
    "table": _table("table"),
    "table_log": _table_then(pygame.K_l),
    "table_menu": _table_then(pygame.K_ESCAPE),
    "table_controls": _table_then(pygame.K_F1),
    "hand_result": _table("hand_result"),
    "match_over": _table("match_over"),
    "replay": _table("replay"),
    "guide": _table("guide"),
    "curtain": _curtain,
    "stats_played": _stats_played,
}
