"""The phone page's tests share one headless Chromium (the system's), started once. Waits for
what a page shows are generous (a busy machine runs several browsers at once) but bounded."""

import memory_folders
import pytest
from net.tablekit import own_usual_port
from web.pagekit import CHROMIUM_ARGS, need_browser

# Their temporary folders are in memory (tests/memory_folders.py).
tmp_path_factory = memory_folders.tmp_path_factory
tmp_path = memory_folders.tmp_path


@pytest.fixture(autouse=True)
def usual_port(monkeypatch: pytest.MonkeyPatch) -> int:
    """Each test hosts on a usual port of its own (``own_usual_port``)."""
    return own_usual_port(monkeypatch)


@pytest.fixture(scope="session")
def browser():
    path = need_browser()
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=15_000)
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()
