"""Shared fixtures for Lectern's browser-level tests.

Run from the repository root:

    python3 -m pytest Tests/browser -q

Environment:
    LECTERN_BIN   path of the lectern binary (default: <repo>/.build/debug/lectern)
    LECTERN_SITE  site root to build (default: the repository root, two levels above this file)
"""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import time

import pytest

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]
DEFAULT_BIN = REPO_ROOT / ".build" / "debug" / "lectern"  # /work/main/.build/debug/lectern
BUILD_DATE = "2026-11-22"

CHROMEDRIVER = "/usr/bin/chromedriver"
CHROMIUM = "/usr/bin/chromium"
WINDOW_SIZE = (1280, 900)

# External links found by test_links_and_html are collected here and printed in the terminal
# summary (they are allowed, but worth a look).
EXTERNAL_LINKS_KEY = pytest.StashKey[dict]()
# Nu checker messages ignored as false positives of its outdated bundled version.
IGNORED_VNU_KEY = pytest.StashKey[list]()


def lectern_bin() -> pathlib.Path:
    return pathlib.Path(os.environ.get("LECTERN_BIN", str(DEFAULT_BIN)))


def site_root() -> pathlib.Path:
    return pathlib.Path(os.environ.get("LECTERN_SITE", str(REPO_ROOT))).resolve()


@pytest.fixture(scope="session")
def site_dir() -> pathlib.Path:
    """The site root being built."""
    return site_root()


@pytest.fixture(scope="session")
def output_dir(tmp_path_factory, site_dir) -> pathlib.Path:
    """Build the example site once per session into a temporary folder and return that folder."""
    binary = lectern_bin()
    if not (binary.is_file() and os.access(binary, os.X_OK)):
        pytest.fail(f"lectern binary not found or not executable: {binary} "
                    "(build it with `swift build`, or set LECTERN_BIN)", pytrace=False)
    out = tmp_path_factory.mktemp("lectern-output")
    cmd = [str(binary), "build", "--site", str(site_dir), "--output", str(out),
           "--date", BUILD_DATE, "--quiet"]
    started = time.monotonic()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"`{' '.join(cmd)}` did not finish within {exc.timeout}s", pytrace=False)
    elapsed = time.monotonic() - started
    assert proc.returncode == 0, (
        f"`{' '.join(cmd)}` exited with status {proc.returncode} after {elapsed:.1f}s\n"
        f"--- stdout ---\n{proc.stdout[-4000:]}\n--- stderr ---\n{proc.stderr[-8000:]}")
    return out


def build_variant(site_dir: pathlib.Path, folder: pathlib.Path, files: dict[str, str] | None = None) -> pathlib.Path:
    """A copy of the site's Content/ in `folder`, with `files` (path under Content/: text)
    written over it, built on the tests' build date; returns the copy's root."""
    shutil.copytree(site_dir / "Content", folder / "Content")
    for path, text in (files or {}).items():
        (folder / "Content" / path).write_text(text, encoding="utf-8")
    proc = subprocess.run([str(lectern_bin()), "build", "--site", str(folder), "--date", BUILD_DATE, "--quiet"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return folder


def open_file(driver, path: pathlib.Path):
    """Loads a page outside the example site's output (a variant's) and returns the driver."""
    from selenium.webdriver.support.ui import WebDriverWait
    driver.get(path.as_uri())
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
    return driver


@pytest.fixture(scope="session")
def browser():
    """A headless Chromium WebDriver, shared by the whole session."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu",
                "--allow-file-access-from-files", "--autoplay-policy=no-user-gesture-required"):
        options.add_argument(arg)
    options.binary_location = CHROMIUM
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        driver.set_window_size(*WINDOW_SIZE)
        driver.set_page_load_timeout(30)
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="session")
def open_page(browser, output_dir):
    """open_page('he/index.html') loads a page of the built site from file:// and returns the driver."""
    from selenium.webdriver.support.ui import WebDriverWait

    def _open(relpath: str):
        path = output_dir / relpath
        assert path.is_file(), f"{relpath} was not generated"
        browser.get(path.as_uri())
        WebDriverWait(browser, 10).until(
            lambda d: d.execute_script("return document.readyState") == "complete")
        # Let web fonts settle so that geometry is final.
        browser.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "if (document.fonts && document.fonts.ready) { document.fonts.ready.then(() => done(true)); }"
            "else { done(true); }")
        return browser

    return _open


@pytest.fixture(scope="session")
def external_links(request) -> dict:
    """page -> list of external URLs; printed at the end of the run."""
    return request.config.stash.setdefault(EXTERNAL_LINKS_KEY, {})


@pytest.fixture(scope="session")
def ignored_checker_messages(request) -> list:
    """Nu checker messages ignored as known false positives; printed at the end of the run."""
    return request.config.stash.setdefault(IGNORED_VNU_KEY, [])


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    ignored = config.stash.get(IGNORED_VNU_KEY, None)
    if ignored:
        # One line, not one per message: these are known false positives, and a page of
        # "error:" lines in a green CI log would only hide real ones.
        import re
        names = sorted({m.group(1) for line in ignored for m in [re.search(r"'([a-z-]+)': Property", line)] if m})
        terminalreporter.write_line(
            f"Nu checker: ignored {len(ignored)} messages about standard CSS unknown to its bundled "
            f"vnu.jar 20.6.30 ({', '.join(names) or 'see LECTERN_STRICT_VNU=1'})")
    links = config.stash.get(EXTERNAL_LINKS_KEY, None)
    if not links:
        return
    by_url: dict[str, list[str]] = {}
    for page, urls in links.items():
        for url in urls:
            by_url.setdefault(url, []).append(page)
    terminalreporter.section("external links in the generated site (allowed, for review)")
    for url in sorted(by_url):
        pages = sorted(set(by_url[url]))
        more = f" (+{len(pages) - 3} more)" if len(pages) > 3 else ""
        terminalreporter.write_line(f"{url}  <- {', '.join(pages[:3])}{more}")
