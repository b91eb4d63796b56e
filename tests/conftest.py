"""Shared test set-up: headless SDL for every test, and a data folder of the tests' own.

Tests never read or write the player's real saves, settings, statistics or log: the per-user
data folder is pointed at a fresh temporary one (``XDG_DATA_HOME`` reaches child processes too,
and ``default_root`` covers platforms that ignore it).
"""

import os
import shutil
import tempfile
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
_DATA = tempfile.mkdtemp(prefix="marriage-tests-")
os.environ["XDG_DATA_HOME"] = _DATA
# A first start picks the language from the system's: the tests' apps start in English.
os.environ["LANGUAGE"] = "en"


@pytest.fixture(autouse=True)
def _own_data_folder(monkeypatch):
    from marriage_gui import storage

    monkeypatch.setattr(storage, "default_root", lambda: Path(_DATA) / "Marriage")


@pytest.fixture(autouse=True)
def _english_first():
    """Every test starts in English with 0-9 digits, whatever the test before chose."""
    from marriage_gui import language
    from marriage_gui.ui import theme

    def fresh() -> None:
        language._reset_for_tests()
        theme.text.cache_clear()
        theme.text_width.cache_clear()

    fresh()
    yield
    fresh()


def pytest_sessionfinish(session, exitstatus):
    shutil.rmtree(_DATA, ignore_errors=True)
