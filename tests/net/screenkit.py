"""Helpers for the network tests that drive real apps: the words a frame draws, and pictures
of the screens met on the way (for the docs). Apps on data folders of their own are the
``people`` fixture (``conftest.py``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pygame

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
