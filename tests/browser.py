"""Headless Chromium for the tests that drive a real page (pytest -m browser).

They need Debian's chromium and chromium-driver; without them they are skipped,
except under CI (where `.ci/run` installs both), where a missing browser is a
failure. A test module imports :func:`driver` to use it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
DRIVER = Path("/usr/bin/chromedriver")


@pytest.fixture(scope="module")
def driver() -> Iterator[object]:
    if not (CHROMIUM.exists() and DRIVER.exists()):
        message = (f"the browser tests need {CHROMIUM} and {DRIVER} "
                   "(apt-get install chromium chromium-driver)")
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--window-size=1400,1000"):
        options.add_argument(argument)
    browser = webdriver.Chrome(service=Service(str(DRIVER)), options=options)
    try:
        yield browser
    finally:
        browser.quit()
