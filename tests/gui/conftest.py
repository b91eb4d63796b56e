"""The GUI tests' headless app, with its tables closed after each test, and their temporary
folders in memory."""

import memory_folders
import pytest

from .test_table import close_tables, headless_app

# Their temporary folders are in memory (tests/memory_folders.py).
tmp_path_factory = memory_folders.tmp_path_factory
tmp_path = memory_folders.tmp_path


@pytest.fixture
def app(tmp_path):
    a = headless_app(tmp_path)
    yield a
    close_tables(a)
