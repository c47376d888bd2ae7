"""A real headless Chromium for the tests that check pages (the HTML replay page, the match
report).

Chromium comes from the distribution (`apt-get install chromium`, done by `.ci/run`) and is
driven by Playwright's Python API with ``executable_path``; Playwright never downloads a
browser of its own. Where no Chromium is found the fixture FAILS under CI (``CI`` set) and
skips with the reason elsewhere, so a missing component is never a silent pass.

Use::

    def test_page(browser_page, tmp_path):
        browser_page.open(tmp_path / "game.html")
        assert browser_page.page.text_content("h1") == "Game 1"
        assert browser_page.errors == []          # console errors and page errors
        browser_page.screenshot("position-12")    # kept under tests/artifacts/

Registered for every test through ``pytest_plugins`` in tests/conftest.py.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ARTIFACTS = Path(__file__).parent / "artifacts"
CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
# what the machine's closed network needs: no background connections, no sandbox as root
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def find_chromium() -> str | None:
    """The Chromium executable: ``$TABLELOG_CHROMIUM``, a distribution path, or the PATH."""
    given = os.environ.get("TABLELOG_CHROMIUM")
    if given:
        return given if Path(given).exists() else None
    for path in CANDIDATES:
        if Path(path).exists():
            return path
    return shutil.which("chromium") or shutil.which("chromium-browser")


def missing(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI must install it: see .ci/run)", pytrace=False)
    pytest.skip(reason)


class BrowserPage:
    """One page of the shared browser, with the console errors it has printed."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.errors: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda exc: self.errors.append(f"page error: {exc}"))

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(f"console error: {message.text}")

    def open(self, path: str | Path) -> Any:
        """Load a local file (or a URL) and wait until it has loaded."""
        target = str(path)
        url = target if "://" in target else Path(target).resolve().as_uri()
        self.page.goto(url, wait_until="load")
        return self.page

    def screenshot(self, name: str) -> Path:
        """Save a PNG of the page as a test artefact and return its path."""
        ARTIFACTS.mkdir(exist_ok=True)
        out = ARTIFACTS / f"{name}.png"
        self.page.screenshot(path=str(out), full_page=True)
        return out


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """A headless Chromium for the whole session."""
    executable = find_chromium()
    if executable is None:
        missing("no Chromium found (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("Playwright's Python package is not installed (pip install '.[test]')")
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=executable, args=FLAGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def browser_page(chromium: Any) -> Iterator[BrowserPage]:
    """A fresh page in its own context (no state shared between tests)."""
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    try:
        yield BrowserPage(context.new_page())
    finally:
        context.close()
