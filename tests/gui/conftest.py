"""The table tests' headless app, with its tables closed after each test."""

import pytest

from .test_table import close_tables, headless_app


@pytest.fixture
def app(tmp_path):
    a = headless_app(tmp_path)
    yield a
    close_tables(a)
