"""The App services and the command line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from marriage_gui.__main__ import main
from marriage_gui.app import App
from marriage_gui.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


def test_app_services(tmp_path):
    app = App((1024, 640), headless=True, data_dir=tmp_path)
    assert isinstance(app.settings, Settings)
    app.settings.volume = 0.3
    app.save_settings()
    assert App((1024, 640), headless=True, data_dir=tmp_path).settings.volume == 0.3
    app.toast("Hello")
    app.go_title()
    app.step([], 0.1)
    assert app.toasts.current == "Hello"
    for _ in range(40):
        app.step([], 0.1)
    assert app.toasts.current is None


def test_damaged_settings_file_toasts(tmp_path):
    (tmp_path / "settings.json").write_text("[1, 2", encoding="utf-8")
    app = App((1024, 640), headless=True, data_dir=tmp_path)
    assert app.settings == Settings()
    assert "defaults" in (app.toasts.current or "")


def test_fullscreen_is_recorded_headless(tmp_path):
    app = App((1024, 640), headless=True, data_dir=tmp_path)
    app.go_title()
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0)], 0.1)
    assert app.settings.fullscreen
    assert '"fullscreen": true' in (tmp_path / "settings.json").read_text()


@pytest.mark.parametrize("scene", ["title", "new_game", "settings", "stats", "rules"])
def test_screenshot_cli(tmp_path, scene, capsys):
    out = tmp_path / f"{scene}.png"
    assert main(["--screenshot", str(out), "--scene", scene, "--data-dir", str(tmp_path)]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 800)


def test_self_test_exits_zero(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "marriage_gui", "--self-test", "--data-dir", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": ""},
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "self-test ok: 1 hand" in proc.stdout
