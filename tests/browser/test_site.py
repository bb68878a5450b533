"""The browser edition (``make site``) as a learner meets it: the site is built, served by a plain
static file server on loopback from a subfolder (as on a school's web server), and driven in
Debian's Chromium. Python runs in the page (Pyodide); no request may go to any other host, and no
console error may occur.
"""

from __future__ import annotations

import functools
import http.server
import json
import mimetypes
import re
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from batak_core.teaching.lessons import GLOSSARY, LESSONS, LESSONS_BY_ID, PAGES, PUZZLES, START
from benchmarks.puzzle_clicks import TRAINER, answers, click_card, install, shown_puzzle
from lessons.browser.build import build
from tests.browser.conftest import answer_the_first_following_question_right, free_port
from tests.browser.test_app import assert_clean, play_deal_through
from tests.browser.test_guided_deal import play_guided_deal

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SUBFOLDER = "courses/batak"
"""Where the site sits on the test's web server: not at its root."""
READY_TIMEOUT = 120_000  # ms: a cold page loads Pyodide and the wheels (about 12 s here)
FOLLOWING = LESSONS_BY_ID["following"]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site built from this checkout and served from a subfolder of a static file server."""
    if not (shutil.which("npm") and shutil.which("node")):
        pytest.skip("the browser edition's build needs Node.js and npm (Pyodide comes from the npm registry): "
                    "apt-get install npm")
    web_root = tmp_path_factory.mktemp("web")
    build(web_root / SUBFOLDER)
    mimetypes.add_type("application/wasm", ".wasm")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()),
                                             functools.partial(QuietHandler, directory=str(web_root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/{SUBFOLDER}"
    finally:
        server.shutdown()
        server.server_close()


class Watch:
    """Every request the browser makes and every console error, for one browser context."""

    def __init__(self, origin: str) -> None:
        self.origin, self.elsewhere, self.errors = origin, list[str](), list[str]()

    def request(self, route: Any) -> None:
        url = route.request.url
        if url.startswith((self.origin + "/", "data:", "blob:")):
            route.continue_()
        else:
            self.elsewhere.append(url[:120])
            route.abort()

    def console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(f"{message.text[:300]} ({message.location.get('url', '')[-60:]})")


@pytest.fixture(scope="module")
def learner(browser: Any, site_url: str) -> Iterator[tuple[Any, Watch]]:
    """One learner's browser (one context: its cache and its stored progress) for the module."""
    origin = re.match(r"http://[^/]+", site_url)
    assert origin
    watch = Watch(origin.group(0))
    context = browser.new_context(viewport={"width": 1300, "height": 1000})
    context.route("**/*", watch.request)
    context.on("request", lambda request: None if request.url.startswith(
        (watch.origin + "/", "data:", "blob:")) else watch.elsewhere.append(request.url[:120]))
    yield context, watch
    context.close()


@pytest.fixture()
def page(learner: tuple[Any, Watch]) -> Iterator[Any]:
    """A tab of the learner's browser; the test fails on any request elsewhere or console error."""
    context, watch = learner
    tab = context.new_page()
    tab.on("console", watch.console)
    tab.on("pageerror", lambda error: watch.errors.append(f"page error: {str(error)[:300]}"))
    yield tab
    tab.close()
    assert not watch.elsewhere, f"requests to other hosts: {watch.elsewhere[:5]}"
    assert not watch.errors, f"console errors: {watch.errors[:5]}"


def address(site_url: str, notebook: str, language: str = "en") -> str:
    folder = "" if language == "en" else f"{language}/"
    return f"{site_url}/voici/render/{folder}{notebook.removesuffix('.ipynb')}.html"


def open_page(page: Any, site_url: str, notebook: str, language: str = "en") -> None:
    page.goto(address(site_url, notebook, language))
    page.wait_for_selector(".batak-page-ready", state="attached", timeout=READY_TIMEOUT)


def test_the_root_address_opens_the_start_page_in_the_browsers_language(page: Any, site_url: str) -> None:
    page.goto(site_url + "/")
    page.wait_for_selector(".batak-start-page .batak-lesson-link", timeout=READY_TIMEOUT)
    assert page.url.endswith("/voici/render/00_start_here.html")
    links = page.locator("a.batak-lesson-link")
    assert links.count() == len(LESSONS) + 3  # the lessons, the glossary, the puzzles, practice
    assert links.first.get_attribute("href") == LESSONS[0].file.replace(".ipynb", ".html")
    assert_clean(page)


PAGES_IN_PAIRS = [[p.file for p in PAGES[i:i + 2]] for i in range(1, len(PAGES), 2)]
"""Every page but the start page (which a test of its own opens), two at a time: each page's Python
runs in its own worker, so two tabs keep both cores busy."""


@pytest.mark.parametrize("notebooks", PAGES_IN_PAIRS, ids=lambda pair: "+".join(n[:2] for n in pair))
def test_every_page_shows_its_widgets(learner: tuple[Any, Watch], page: Any, site_url: str,
                                      notebooks: list[str]) -> None:
    context, watch = learner
    tabs = [page, *(context.new_page() for _ in notebooks[1:])]
    for tab in tabs[1:]:
        tab.on("console", watch.console)
    for tab, notebook in zip(tabs, notebooks, strict=True):
        tab.goto(address(site_url, notebook), wait_until="commit")
    for tab, notebook in zip(tabs, notebooks, strict=True):
        tab.wait_for_selector(".batak-page-ready", state="attached", timeout=READY_TIMEOUT)
        if notebook != GLOSSARY.file:  # the glossary is text and links only
            assert tab.locator(".batak-root").count() >= 1, notebook
        assert tab.locator("a[href='00_start_here.html']").count() >= 1, notebook  # the way back to the menu
        assert_clean(tab)
    for tab in tabs[1:]:
        tab.close()


@pytest.mark.parametrize("language", ["tr", "de"])
def test_the_turkish_and_german_editions_run_in_their_language(page: Any, site_url: str, language: str) -> None:
    open_page(page, site_url, "05_trump.ipynb", language)
    page.wait_for_selector(".batak-lesson-quiz .batak-prompt", state="visible", timeout=READY_TIMEOUT)
    prompt = page.inner_text(".batak-lesson-quiz .batak-prompt")
    assert {"tr": "Soru 1 / 5", "de": "Frage 1 von 5"}[language] in prompt, prompt
    assert page.get_attribute("html", "lang") == language
    page.click(".batak-languages a[lang='en']")
    page.wait_for_selector(".batak-page-ready", state="attached", timeout=READY_TIMEOUT)
    assert page.url.endswith("/voici/render/05_trump.html?lang=en")


def test_a_quiz_answer_counts_on_the_start_page_after_the_tab_is_closed(
        learner: tuple[Any, Watch], page: Any, site_url: str) -> None:
    open_page(page, site_url, FOLLOWING.file)
    answer_the_first_following_question_right(page, READY_TIMEOUT)
    page.wait_for_timeout(500)  # the write reaches the browser's storage on its own
    page.close()

    context, watch = learner
    again = context.new_page()
    again.on("console", watch.console)
    open_page(again, site_url, START.file)
    row = again.locator(".batak-lesson-row[data-lesson='following']")
    assert "1 of 1 right" in row.inner_text()
    again.close()


def test_the_rule_set_chosen_survives_a_reload(page: Any, site_url: str) -> None:
    open_page(page, site_url, START.file)
    chooser = ".batak-preset-chooser select"
    page.select_option(chooser, label=page.locator(".batak-preset-chooser option", has_text="danish:").inner_text())
    page.wait_for_timeout(800)  # saved, then copied to the browser's storage
    page.reload()
    page.wait_for_selector(".batak-page-ready", state="attached", timeout=READY_TIMEOUT)
    assert page.locator(chooser).input_value().startswith("danish:")
    page.select_option(chooser, label=page.locator(".batak-preset-chooser option", has_text="miniokey:").inner_text())
    page.wait_for_timeout(800)


def test_progress_is_downloaded_as_a_file_and_loaded_back(page: Any, site_url: str, tmp_path: Path) -> None:
    open_page(page, site_url, START.file)
    chooser = ".batak-preset-chooser select"
    before = page.locator(chooser).input_value()
    with page.expect_download() as download:
        page.click("a.batak-progress-download")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name == "batak-progress.json"
    assert json.loads(saved.read_text(encoding="utf-8"))["preset"] == before.split(":")[0]

    page.select_option(chooser, label=page.locator(".batak-preset-chooser option", has_text="gamelake:").inner_text())
    page.wait_for_function("([sel]) => document.querySelector(sel).value.startsWith('gamelake:')", arg=[chooser])
    load_file(page, saved)
    page.locator(".batak-progress-file-message", has_text="Loaded batak-progress.json").wait_for(timeout=15_000)
    assert page.locator(chooser).input_value() == before
    bad = tmp_path / "notes.json"
    bad.write_text('{"format": "something else"}', encoding="utf-8")
    load_file(page, bad)
    page.locator(".batak-progress-file-message", has_text="notes.json was not loaded").wait_for(timeout=15_000)
    assert page.locator(chooser).input_value() == before


def load_file(page: Any, path: Path) -> None:
    """Pick ``path`` with the start page's "Load a progress file" button, as a learner does."""
    with page.expect_file_chooser() as chooser:
        page.click(".batak-progress-import")
    chooser.value.set_files(str(path))


def test_the_guided_first_deal_is_finished(page: Any, site_url: str) -> None:
    open_page(page, site_url, "02_first_deal.ipynb")
    play_guided_deal(page)


def test_a_full_deal_against_the_bots_reaches_its_score(page: Any, site_url: str) -> None:
    page.set_viewport_size({"width": 1400, "height": 1000})
    open_page(page, site_url, "16_full_games.ipynb")
    table = page.locator(".batak-game-table")
    table.locator(".batak-seat").first.wait_for(timeout=READY_TIMEOUT)
    play_deal_through(page, table)
    table.get_by_text("Deal over:").wait_for(timeout=10_000)
    assert_clean(page)


def test_a_puzzle_is_solved_and_the_rating_kept(page: Any, site_url: str) -> None:
    open_page(page, site_url, PUZZLES.file)
    page.locator(f"{TRAINER} button.batak-card:enabled").first.wait_for(timeout=READY_TIMEOUT)
    install(page)
    right, _wrong = answers(shown_puzzle(page))
    for card in right:
        click_card(page, card.code, "batak-correct")
    assert "Solved" in page.inner_text(f"{TRAINER} .batak-puzzle-feedback")
    rating = page.inner_text(f"{TRAINER} .batak-puzzle-rating")
    gained = int(rating.split("→")[1].split()[0])
    page.wait_for_timeout(800)
    page.reload()
    page.locator(f"{TRAINER} .batak-puzzle-rating").wait_for(timeout=READY_TIMEOUT)
    assert str(gained) in page.inner_text(f"{TRAINER} .batak-puzzle-rating")
    assert_clean(page)


def test_built_site_fetches_nothing_from_another_host_in_its_files(site_url: str) -> None:
    """Besides what the pages did: no file the pages load names a CDN (Pyodide's, jsDelivr, unpkg,
    Google's fonts, Font Awesome's)."""
    import urllib.request

    for path in ("/voici/render/05_trump.html", "/jupyter-lite.json", "/static/pyodide/pyodide-lock.json"):
        with urllib.request.urlopen(site_url + path) as response:
            text = response.read().decode("utf-8")
        for host in ("cdn.jsdelivr.net", "unpkg.com", "fonts.googleapis.com", "cdnjs.cloudflare.com"):
            assert host not in text, f"{path} names {host}"
