"""The title's Continue line names everyone at the saved table; with no display the game says
so and stops, instead of running unseen."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from engine.match import LocalMatch
from marriage_gui import __main__ as cli
from marriage_gui.app import App
from marriage_gui.setup import MatchSetup, SeatSetup

ROOT = Path(__file__).resolve().parents[2]


def test_continue_names_every_player_not_only_the_bots(tmp_path):
    seats = (SeatSetup("Asha", "human"), SeatSetup("Bina", "human"), SeatSetup("Ram", "easy"))
    setup = MatchSetup(seats, hands=3, seed=2)
    app = App((1280, 800), headless=True, data_dir=tmp_path)
    game = LocalMatch.new(setup.rules, [s.name for s in seats], seed=2, hands=3)
    assert app.storage.save_game(setup, game)
    app.go_title()
    title = app.scene
    assert title.continue_button.sub == "Hand 1 of 3 · Asha, Bina, Ram"


def test_a_driver_fallen_back_to_means_no_display(monkeypatch):
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    assert cli.no_display() == cli.NO_DISPLAY
    monkeypatch.setenv("SDL_VIDEODRIVER", "offscreen")  # asked for by name: meant
    assert cli.no_display() is None


@pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="DISPLAY is how Linux finds a screen"
)
def test_with_no_display_the_game_says_so_and_exits(tmp_path):
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    }
    proc = subprocess.run(
        [sys.executable, "-m", "marriage_gui", "--data-dir", str(tmp_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 1
    assert "no display" in proc.stderr
    assert "Traceback" not in proc.stderr
