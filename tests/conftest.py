"""Shared test set-up: headless SDL for every test, and a data folder of the tests' own.

Tests never read or write the player's real saves, settings, statistics or log: the per-user
data folder is pointed at a fresh temporary one (``XDG_DATA_HOME`` reaches child processes too,
and ``default_root`` covers platforms that ignore it).
"""

import gc
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings
from memory_folders import memory_root

# No example is timed: a busy machine may take a second over what takes a tenth on a quiet one,
# and speed is measured by the benches (bench/), never by a test that fails when it is slow.
settings.register_profile("untimed", deadline=None)
settings.load_profile("untimed")

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
_DATA = tempfile.mkdtemp(prefix="marriage-tests-", dir=memory_root())
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


#: The tests that take longest, longest first: a long computation in chunks, then the ones that
#: wait on a browser, a clock or another process. They start first, so the test workers fill in
#: around them with the short ones and no long test starts last with the other worker idle.
LONG_FIRST = (
    "tests/engine/test_properties.py::test_thousands_of_random_hands",
    "tests/engine/test_properties.py::test_random_hands_keep_every_invariant",
    "tests/web/test_phone_clock.py",
    "tests/web/",
    "tests/net/test_slow_clock.py",
    "tests/net/test_seat_news.py",
    "tests/net/test_asleep_app.py",
    "tests/net/test_clock.py",
    "tests/gui/test_hand_drop.py",
    "tests/gui/test_damage_properties.py",
    "tests/engine/test_properties.py",
    "tests/net/",
)


def pytest_collection_modifyitems(session, config, items):
    def rank(item: pytest.Item) -> int:
        path = item.nodeid
        return next((n for n, long in enumerate(LONG_FIRST) if path.startswith(long)), 99)

    items.sort(key=rank)  # stable: each file keeps its own order


def pytest_collection_finish(session):
    """What is loaded by now (the modules, the tests collected) lives to the end of the run:
    the cycle collector stops walking it on each full pass, and walks what the tests make."""
    gc.freeze()


def pytest_sessionfinish(session, exitstatus):
    shutil.rmtree(_DATA, ignore_errors=True)
