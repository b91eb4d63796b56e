"""Ready-made tables for screenshots and benchmarks: mid-hand, a hand result, a match over."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import DrawStock, GoOut, NextHand, See
from engine.game import Game
from marriage_gui.setup import MatchSetup, SeatSetup
from marriage_gui.table.bots import make_bot

if TYPE_CHECKING:
    from marriage_gui.app import App
    from marriage_gui.scene import Scene

SEATS = (
    SeatSetup("You", "human"),
    SeatSetup("Sita", "medium"),
    SeatSetup("Ram", "hard"),
    SeatSetup("सीता", "easy"),
    SeatSetup("Hari", "medium"),
)


def _play(game: Game, seed: int, stop, limit: int = 2000) -> None:  # noqa: ANN001
    bots = [make_bot("easy", seed + s) for s in range(game.players)]
    for _ in range(limit):
        if stop(game):
            return
        if game.is_over:
            return
        action = bots[game.current_player].choose(game.view(game.current_player))
        game.apply(action)


def mid_hand(seed: int = 7, players: int = 5) -> tuple[MatchSetup, Game]:
    """A hand some way in: you have drawn and may see (or have seen)."""
    setup = MatchSetup(SEATS[:players], hands=4, seed=seed)
    game = Game.new(setup.rules, [s.name for s in setup.seats], seed, setup.hands)

    def stop(g: Game) -> bool:
        return (
            g.turn >= 24 and g.current_player == 0 and g.phase == "play" and any(g.seen)
        ) or g.turn >= 60

    def prefer_no_out(g: Game) -> Game:
        return g

    _play(game, seed, lambda g: stop(g) or g.hand_over)
    return setup, game


def build_scene(app: App, name: str, seed: int = 7) -> Scene:
    """``table``, ``hand_result`` or ``match_over`` for the screenshot tool."""
    from marriage_gui.scenes.hand_result import HandResultScene
    from marriage_gui.scenes.match_over import MatchOverScene
    from marriage_gui.table.scene import TableScene

    if name == "table":
        setup, game = mid_hand(seed)
        scene = TableScene(app, setup, game)
        scene.frozen = True
        return scene
    setup = MatchSetup(SEATS[:4], hands=1 if name == "hand_result" else 2, seed=seed)
    game = Game.new(setup.rules, [s.name for s in setup.seats], seed, setup.hands)
    _play(game, seed, lambda g: g.hand_over and not (name == "match_over" and not g.is_over), 20000)
    while name == "match_over" and not game.is_over:
        if game.phase == "hand_over":
            game.apply(NextHand())
        _play(game, seed, lambda g: g.hand_over, 20000)
    table = TableScene(app, setup, game)
    table.frozen = True
    if name == "hand_result":
        app.push(table)
        return HandResultScene(app, table)
    return MatchOverScene(app, setup, game)


__all__ = ["DrawStock", "GoOut", "See", "build_scene", "mid_hand"]
