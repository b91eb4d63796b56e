"""Ready-made tables for screenshots and benchmarks: mid-hand, a hand result, a match over."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.ai import make_bot
from engine.match import LocalMatch
from engine.view import PlayerView
from marriage_gui.language import _
from marriage_gui.setup import MatchSetup, SeatSetup

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


def seats() -> tuple[SeatSetup, ...]:
    """The demo's seats, the person at the screen named as a new game names them: "You" in the
    language in use (a name a person gives is never translated; this default is a word)."""
    return (SeatSetup(_("You"), "human"), *SEATS[1:])


def _staged(setup: MatchSetup, seed: int) -> LocalMatch:
    """A match whose every seat is moved by this module (nothing plays by itself); its worker,
    started only if asked, is a process as in play (the frame benchmark thinks on it)."""
    return LocalMatch.new(setup.rules, [s.name for s in setup.seats], seed=seed, hands=setup.hands)


def _play(match: LocalMatch, seed: int, stop: Callable[[PlayerView], bool], limit: int) -> None:
    """Easy bots play every seat until ``stop`` says so (judged on the public part of a view)."""
    bots = [make_bot("easy", seed + s) for s in range(match.players)]
    for _step in range(limit):
        seat = match.view(0).current_player
        view = match.view(seat)
        if view.is_over or stop(view):
            return
        action = bots[seat].choose(view)
        if action is None:
            return
        match.submit(seat, action)
        for s in range(match.players):
            match.poll(s)


def mid_hand(seed: int = 7, players: int = 5) -> tuple[MatchSetup, LocalMatch]:
    """A hand some way in: you have drawn and may see (or have seen)."""
    setup = MatchSetup(seats()[:players], hands=4, seed=seed)
    match = _staged(setup, seed)

    def stop(v: PlayerView) -> bool:
        at_you = v.turn >= 24 and v.current_player == 0 and v.phase == "play" and any(v.seen)
        return at_you or v.turn >= 60 or v.hand_over

    _play(match, seed, stop, 2000)
    return setup, match


#: The guide's steps the screenshot tool shows by name: ``guide-throw`` (throw the A♠: only a
#: wild card goes with it), ``guide-draw`` (the last draw: the A♣ on the pile lets you go out).
GUIDE_STEPS = {"guide-throw": "throw", "guide-draw": "draw"}


def guided(app: App, step: str | None = None) -> Scene:
    """Learn to play, at its first prompt or played (as Skip plays it) to ``step``."""
    from marriage_gui.table.guide import GuideScene

    app.settings.animation_speed = "instant"  # a still picture: the cards lie dealt
    app.settings.bot_delay = 0.0
    guide = GuideScene(app)
    if step is not None:
        app.push(guide)
        for _ in range(3000):  # the computer players think in their worker, a moment each
            app.step([], 1 / 30)
            if guide.step.key == step:
                break
            if guide.step.key == "others":
                time.sleep(0.01)
            else:
                guide.skip()
    guide.frozen = True
    return guide


def reviewed(app: App, seed: int) -> Scene:
    """The replay of a finished hand at the coach's costliest mark on the first seat's play."""
    from engine.ai.coach import review_seat
    from marriage_gui.table.scene import TableScene

    setup = MatchSetup(seats()[:4], hands=1, seed=seed)
    match = _staged(setup, seed)
    _play(match, seed, lambda v: v.hand_over, 40000)
    table = TableScene(app, setup, match)
    table.frozen = True
    app.push(table)
    app.push(app.make("hand_result", table=table))
    data = match.record()
    review = review_seat(data, 0, 0) if data is not None else None
    return app.make("replay", replay=match.hand_replay(0), review=review)


def build_scene(app: App, name: str, seed: int = 7) -> Scene:
    """``table``, ``hand_result``, ``match_over``, ``replay``, ``review`` or ``guide`` (and the
    guide's steps of ``GUIDE_STEPS``) for the screenshot tool (the replay stands at the first
    move that set the tiplu aside, over its score sheet; the review at the coach's costliest
    mark; the guide at its first prompt)."""
    from marriage_gui.table.scene import TableScene

    if name == "guide" or name in GUIDE_STEPS:
        return guided(app, GUIDE_STEPS.get(name))
    if name == "review":
        return reviewed(app, seed)
    if name == "table":
        setup, match = mid_hand(seed)
        scene = TableScene(app, setup, match)
        scene.frozen = True
        return scene
    setup = MatchSetup(seats()[:4], hands=2 if name == "match_over" else 1, seed=seed)
    match = _staged(setup, seed)
    last = name != "match_over"
    _play(match, seed, lambda v: v.hand_over and (last or v.is_over), 40000)
    table = TableScene(app, setup, match)
    table.frozen = True
    if name == "hand_result":
        app.push(table)
        return app.make("hand_result", table=table)
    if name == "replay":
        app.push(table)
        app.push(app.make("hand_result", table=table))
        replay = match.hand_replay(0)
        shown = app.make("replay", replay=replay)
        chosen = [k for k, f in enumerate(replay.frames) if f.tiplu_id is not None]
        shown.go(chosen[0] if chosen else replay.moves // 2)  # type: ignore[attr-defined]
        return shown
    return app.make("match_over", setup=setup, game=table.seats.state)


__all__ = ["GUIDE_STEPS", "build_scene", "guided", "mid_hand", "reviewed"]
