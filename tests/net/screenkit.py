"""Helpers for the network tests that drive real apps: the words a frame draws, and pictures
of the screens met on the way (for the docs). Apps on data folders of their own are the
``people`` fixture (``conftest.py``)."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pygame
from net.tablekit import step_apps

from engine.ai import make_bot
from marriage_gui.app import App

#: Where to keep pictures of the screens met on the way (for the docs), if anywhere.
PICTURES = os.environ.get("MARRIAGE_SCREENSHOTS")


def keep_picture(app: App, name: str) -> None:
    """A picture of ``app``'s next frame as ``name``.png, when pictures are asked for."""
    if PICTURES:
        app.step([], 1 / 30)
        pygame.image.save(app.screen, str(Path(PICTURES) / f"{name}.png"))


def drawn_words(app: App) -> str:
    """One frame of ``app``, and every word it drew in it (buttons painted afresh)."""
    from marriage_gui.art import fonts
    from marriage_gui.ui import theme

    seen: list[str] = []
    real_text, real_render = theme.text, fonts.render

    def spy_text(text: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append(text)
        return real_text(text, *args, **kwargs)

    def spy_render(text: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append(text)
        return real_render(text, *args, **kwargs)

    real_text.cache_clear()
    for button in getattr(app.scene, "buttons", []):
        button._picture = None
    theme.text, fonts.render = spy_text, spy_render  # type: ignore[assignment]
    try:
        app.step([], 1 / 30)
    finally:
        theme.text, fonts.render = real_text, real_render  # type: ignore[assignment]
    return "\n".join(seen)


def play_seat_until(apps: list[App], player: App, done: Any, timeout: float) -> None:
    """``player``'s app plays its seat as an easy computer would (every app taking its frames;
    ``tablekit.play_turns`` plays bare connections, whose updates no screen reads)
    until ``done()`` holds; each move is waited for until the host has taken it (a draw leaves
    the turn the player's)."""
    bot = make_bot("easy", 5)
    end = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < end, "it did not come while the player played on"
        step_apps(apps, lambda: True)
        remote = player.scene.remote
        seat = remote.seats[0]
        if remote.has_view(seat):
            view = remote.view(seat)
            if view.is_my_turn and view.phase in ("draw", "play"):
                before = remote.seat_version(seat)
                remote.submit(seat, bot.choose(view))
                step_apps(apps, lambda r=remote, s=seat, b=before: r.seat_version(s) > b, timeout=5)
        time.sleep(0.01)
