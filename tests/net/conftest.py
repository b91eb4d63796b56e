"""Fixtures of the network tests that drive real apps."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import memory_folders
import pytest
from net.tablekit import (
    LOOPBACK,
    HostThread,
    close_screens,
    free_udp_port,
    own_usual_port,
    steady_deal,
    step_apps,
)

from engine import PRESETS
from marriage_gui.app import App
from marriage_net import discovery
from marriage_net.host import HostSettings, TableHost
from marriage_net.seats import make_seats

# Their temporary folders are in memory (tests/memory_folders.py).
tmp_path_factory = memory_folders.tmp_path_factory
tmp_path = memory_folders.tmp_path


@pytest.fixture(autouse=True)
def usual_port(monkeypatch: pytest.MonkeyPatch) -> int:
    """Each test hosts on a usual port of its own (``own_usual_port``)."""
    return own_usual_port(monkeypatch)


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


def served_settings(grace: float = 60.0) -> HostSettings:
    """The host settings of a ``served`` table (a table without a host screen)."""
    return HostSettings(auto_start=True, grace=grace, tick=0.01, substitute="easy")


@pytest.fixture
def served(
    people: Callable[[str], App], monkeypatch: pytest.MonkeyPatch
) -> Iterator[Callable[..., tuple[HostThread, App, App]]]:
    """A served table (two seats for people on other laptops and an easy computer player, one
    hand) with Asha's and Bina's apps seated at it and dealt in; ``deal``: the seed it deals
    (``steady_deal``), else one chosen at random."""
    tables: list[HostThread] = []

    def make(
        clock: int = 60, grace: float = 60.0, save: Path | None = None, deal: int | None = None
    ) -> tuple[HostThread, App, App]:
        from marriage_gui.scenes.join import JoinScene

        if deal is not None:
            steady_deal(monkeypatch, deal)

        def host() -> TableHost:
            seats = make_seats([("open", ""), ("open", ""), ("easy", "")])
            return TableHost(
                seats,
                PRESETS["nepali"],
                1,
                settings=served_settings(grace),
                clock=clock,
                save_path=save,
            )

        table = HostThread(host)
        tables.append(table)
        apps = []
        for i, name in enumerate(("Asha", "Bina")):
            app = people(name)
            join = JoinScene(app, name, discovery_port=free_udp_port())
            app.push(join)
            join.code_input.set_text(table.code)
            join.address_input.set_text(f"{LOOPBACK}:{table.port}")
            join.connect()
            assert step_apps([app], lambda j=join: len(j.seat_buttons) == 3)
            join.sit(i)
            assert step_apps([app], lambda j=join, i=i: j.remote is None or j.remote.seats == [i])
            apps.append(app)
        assert step_apps(apps, lambda: all(a.scene.name == "table" for a in apps))
        return table, apps[0], apps[1]

    yield make
    for table in tables:
        table.stop()
