"""Fixtures of the network tests that drive real apps."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from net.tablekit import LOOPBACK, close_screens

from marriage_gui.app import App
from marriage_net import discovery


@pytest.fixture
def people(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], App]]:
    """Apps on data folders of their own (``people(name)``), each on its title, discovery on
    127.0.0.1 only; every screen and connection let go at the end."""
    monkeypatch.setenv(discovery.ENV, LOOPBACK)
    made: list[App] = []

    def app(name: str) -> App:
        a = App((1280, 800), headless=True, data_dir=tmp_path / name)
        a.settings.animation_speed = "instant"
        a.go_title()
        made.append(a)
        return a

    yield app
    close_screens(made)


@pytest.fixture
def apps(people: Callable[[str], App]) -> Callable[[str], App]:
    """The same as ``people`` (apps named by their data folder)."""
    return people
