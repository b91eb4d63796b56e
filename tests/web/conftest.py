"""The phone page's tests share one headless Chromium (the system's), started once."""

import pytest
from web.pagekit import CHROMIUM_ARGS, need_browser


@pytest.fixture(scope="session")
def browser():
    path = need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()
