"""Every screen of the game, built for the language tests: the menus, the LAN screens, and the
table's own (a hand in play, its log, its menu, a score sheet, the replay, the podium, the
guide). Each builder leaves the app with the screen on top and returns the players' names
(names are never translated)."""

from __future__ import annotations

import dataclasses
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


def _sheets(count: int) -> Builder:
    """Kept score sheets of real games (the demo's players), then ``then`` on top."""

    def build(app: App) -> tuple[str, ...]:
        from marriage_gui import score_demo
        from marriage_gui.sheets import SheetStore

        store = SheetStore(app.storage)
        for i, preset in enumerate(["nepali", "house", "contract", "indian"][:count]):
            sheet = score_demo.demo_sheet(preset)
            sheet = dataclasses.replace(sheet, sheet_id=f"20261012-19300{i}-000{i}")
            store.save(sheet.close(score_demo.STARTED + 9000) if i else sheet)
        return (*score_demo.NAMES, *NAMES)

    return build


def _stats_sheets(app: App) -> tuple[str, ...]:
    """Statistics with hands played and score sheets of real games kept."""
    names = _stats_played(app)
    app.pop()
    more = _sheets(4)(app)
    app.open("stats")
    return (*names, *more)


def _stats_only_sheets(app: App) -> tuple[str, ...]:
    """Statistics with no hand played at this computer, only score sheets of real games."""
    names = _sheets(4)(app)
    app.open("stats")
    return names


def _score(name: str) -> Builder:
    """The score keeper's screens, with the demo sheet of four hands."""

    def build(app: App) -> tuple[str, ...]:
        from marriage_gui import score_demo

        scene = score_demo.sheet_scene(app, name)
        if app.scene is not scene:
            app.push(scene)
        return (*score_demo.NAMES, *NAMES)

    return build


def _score_then(name: str, *keys: int) -> Builder:
    """A score keeper's screen, then ``keys`` pressed (a box over it, pair by pair)."""

    def build(app: App) -> tuple[str, ...]:
        names = _score(name)(app)
        for key in keys:
            app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")], 0.05)
        return names

    return build


def _score_leave(app: App) -> tuple[str, ...]:
    """A hand half typed, and Esc: the question before what was typed is forgotten."""
    names = _score("score_hand")(app)
    app.scene.changed = True  # type: ignore[attr-defined]
    app.scene.back()  # type: ignore[attr-defined]
    return names


def _score_setup(app: App) -> tuple[str, ...]:
    names = _sheets(1)(app)
    app.open("score_setup")
    return names


def _maal_cards(app: App) -> tuple[str, ...]:
    """The maal cards of a player, over the hand being entered."""
    from engine.tally import MaalCards

    names = _score("score_hand")(app)
    entry = app.scene
    entry.open_cards(1)  # type: ignore[attr-defined]
    box = app.scene
    box.cards = MaalCards(tiplus=1, jhiplus=1, shown_marriages=1)  # type: ignore[attr-defined]
    return names


def _card_pick(app: App) -> tuple[str, ...]:
    names = _score("score_hand")(app)
    app.scene.pick_tiplu()  # type: ignore[attr-defined]
    return names


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
    "stats_sheets": _stats_sheets,
    "stats_only_sheets": _stats_only_sheets,
    "scorekeeper": _score("scorekeeper"),
    "scorekeeper_pairs": _score_then("scorekeeper", pygame.K_p),
    "scorekeeper_keys": _score_then("score_hand", pygame.K_F1),
    "score_hand": _score("score_hand"),
    "score_setup": _score_setup,
    "scorekeeper_remove": _score_then("scorekeeper", pygame.K_DELETE),
    "score_hand_leave": _score_leave,
    "maal_cards": _maal_cards,
    "card_pick": _card_pick,
}
