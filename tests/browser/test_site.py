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
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from batak_core.teaching.lessons import GLOSSARY, LESSONS, LESSONS_BY_ID, PAGES, PUZZLES
from benchmarks.puzzle_clicks import TRAINER, answers, click_card, install, shown_puzzle
from tests.browser.conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    SITE_SUBFOLDER,
    answer_the_first_following_question_right,
    free_port,
)
from tests.browser.test_app import assert_clean, play_deal_through
from tests.browser.test_guided_deal import play_guided_deal

pytestmark = [pytest.mark.browser, pytest.mark.slow]

READY_TIMEOUT = 120_000  # ms: a cold page loads Pyodide and the wheels (about 12 s here)
FOLLOWING = LESSONS_BY_ID["following"]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def site_url(built_site: Path) -> Iterator[str]:
    """The site built from this checkout and served from a subfolder of a static file server."""
    mimetypes.add_type("application/wasm", ".wasm")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()),
                                             functools.partial(QuietHandler, directory=str(built_site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/{SITE_SUBFOLDER}"
    finally:
        server.shutdown()
        server.server_close()


class Watch:
    """Every request the learner's browser makes to another host and every console error."""

    def __init__(self, origin: str) -> None:
        self.origin, self.elsewhere, self.errors = origin, list[str](), list[str]()

    def request(self, request: Any) -> None:
        if not request.url.startswith((self.origin + "/", "data:", "blob:")):
            self.elsewhere.append(request.url[:120])

    def console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(f"{message.text[:300]} ({message.location.get('url', '')[-60:]})")


KEPT = ("02_first_deal.ipynb", FOLLOWING.file, "16_full_games.ipynb", PUZZLES.file)
"""The pages a later test uses, which ``test_every_page_shows_its_widgets`` leaves open for it (each
page view starts Python afresh, 7-10 s here). It only reads them, so a test gets its page as a
learner who just opened it. Pages opened then hold the progress saved until then, so every check
of what a page saved opens a new page after the save."""


class Learner:
    """One learner's browser for the module: its tabs, and the pages opened for a later test."""

    def __init__(self, context: Any, watch: Watch, site_url: str) -> None:
        self.context, self.watch, self.site_url = context, watch, site_url
        self.kept: dict[str, Any] = {}
        self.start_tab: Any = None
        self.opened: list[Any] = []  # the tabs the running test opened

    def tab(self) -> Any:
        tab = self.context.new_page()
        tab.on("console", self.watch.console)
        tab.on("pageerror", lambda error: self.watch.errors.append(f"page error: {str(error)[:300]}"))
        self.opened.append(tab)
        return tab

    def begin(self, notebook: str, language: str = "en") -> Any:
        """A new tab that has begun to open a page (its Python starts in a worker of its own)."""
        tab = self.tab()
        tab.goto(address(self.site_url, notebook, language), wait_until="commit")
        return tab

    def keep(self, notebook: str, tab: Any, language: str = "en") -> None:
        self.kept[f"{language}/{notebook}"] = tab

    def open(self, notebook: str, language: str = "en") -> Any:
        """A page, ready: the one kept for this test, untouched since it opened, or a new one."""
        tab = self.kept.pop(f"{language}/{notebook}", None) or self.begin(notebook, language)
        tab.bring_to_front()
        ready(tab)
        return tab

    def start_page(self, fresh: bool = False) -> Any:
        """The start page, opened through the site's root address, and kept open for the tests after
        this one (each leaves it as it found it); ``fresh``: opened again now, showing what was saved."""
        if fresh or self.start_tab is None:
            if self.start_tab is not None:
                self.start_tab.close()
            self.start_tab = self.tab()
            self.start_tab.goto(self.site_url + "/")
            self.start_tab.wait_for_selector(".batak-start-page .batak-lesson-link", timeout=READY_TIMEOUT)
            ready(self.start_tab)
        self.start_tab.bring_to_front()
        return self.start_tab

    def close_the_tests_tabs(self) -> None:
        """Close the tabs the test opened, but those kept for later tests."""
        for tab in self.opened:
            if tab is not self.start_tab and tab not in self.kept.values() and not tab.is_closed():
                tab.close()
        self.opened = []


@pytest.fixture(scope="module")
def learners_browser(playwright_driver: Any, site_url: str,
                     tmp_path_factory: pytest.TempPathFactory) -> Iterator[Learner]:
    """One learner's browser for the module, with a profile on disk as a learner's browser has: its
    HTTP cache and the code Chromium compiled from Pyodide and the site's scripts are kept (a fresh
    in-memory context compiled them again on every page view), and its stored progress. No other
    host can be reached (the proxy is a closed port, which loopback bypasses), and every request to
    one is counted."""
    origin = site_url.split("/" + SITE_SUBFOLDER)[0]
    watch = Watch(origin)
    context = playwright_driver.chromium.launch_persistent_context(
        str(tmp_path_factory.mktemp("profile")), executable_path=CHROMIUM, headless=True,
        args=[*CHROMIUM_ARGS, f"--proxy-server=http://127.0.0.1:{free_port()}"],
        viewport={"width": 1300, "height": 1000})
    context.on("request", watch.request)
    yield Learner(context, watch, site_url)
    context.close()


@pytest.fixture()
def learner(learners_browser: Learner) -> Iterator[Learner]:
    """The learner's browser for one test, which fails on any request elsewhere or console error."""
    yield learners_browser
    learners_browser.close_the_tests_tabs()
    watch = learners_browser.watch
    assert not watch.elsewhere, f"requests to other hosts: {watch.elsewhere[:5]}"
    assert not watch.errors, f"console errors: {watch.errors[:5]}"


def address(site_url: str, notebook: str, language: str = "en") -> str:
    folder = "" if language == "en" else f"{language}/"
    return f"{site_url}/voici/render/{folder}{notebook.removesuffix('.ipynb')}.html"


def ready(tab: Any) -> None:
    """Wait for the page's last cell (every widget above it is drawn)."""
    tab.wait_for_selector(".batak-page-ready", state="attached", timeout=READY_TIMEOUT)


STORED_PROGRESS = """async () => {
  const folder = "/home/pyodide/.local/share/batak-tutor";
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open(folder);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  try {
    if (!db.objectStoreNames.contains("FILE_DATA")) return null;
    const entry = await new Promise((resolve, reject) => {
      const request = db.transaction("FILE_DATA").objectStore("FILE_DATA").get(folder + "/progress.json");
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return entry ? JSON.parse(new TextDecoder().decode(entry.contents)) : null;
  } finally {
    db.close();
  }
}"""
"""The progress file as the browser's storage holds it (Emscripten's IDBFS: a database named after
the folder, a record per file), parsed; null before the page first copied it there."""


def wait_until_stored(tab: Any, condition: str) -> None:
    """Wait until the progress file in the browser's storage, where the next page reads it, has
    ``condition`` (JavaScript, of the parsed file ``p``): a page writes its copy and the browser
    copies it on its own."""
    tab.wait_for_function(f"async () => {{ const p = await ({STORED_PROGRESS})(); "
                          f"return p !== null && ({condition}); }}", timeout=15_000)


PAGES_IN_PAIRS = [[p.file for p in PAGES[i:i + 2]] for i in range(1, len(PAGES), 2)]
"""Every page but the start page (which tests of its own open), two at a time: each page's Python
runs in its own worker, so two tabs keep both cores busy."""


@pytest.mark.parametrize("notebooks", PAGES_IN_PAIRS, ids=lambda pair: "+".join(n[:2] for n in pair))
def test_every_page_shows_its_widgets(learner: Learner, notebooks: list[str]) -> None:
    tabs = [learner.begin(notebook) for notebook in notebooks]
    for tab, notebook in zip(tabs, notebooks, strict=True):
        ready(tab)
        if notebook != GLOSSARY.file:  # the glossary is text and links only
            assert tab.locator(".batak-root").count() >= 1, notebook
        assert tab.locator("a[href='00_start_here.html']").count() >= 1, notebook  # the way back to the menu
        assert_clean(tab)
        if notebook in KEPT:
            learner.keep(notebook, tab)


@pytest.fixture(scope="module")
def translated_trump_lessons(learners_browser: Learner) -> None:
    """Lesson 5 in Turkish and in German, opened side by side and kept for the two tests below."""
    for language in ("tr", "de"):
        learners_browser.keep("05_trump.ipynb", learners_browser.begin("05_trump.ipynb", language), language)


@pytest.mark.usefixtures("translated_trump_lessons")
@pytest.mark.parametrize("language", ["tr", "de"])
def test_the_turkish_and_german_editions_run_in_their_language(learner: Learner, language: str) -> None:
    page = learner.open("05_trump.ipynb", language)
    page.wait_for_selector(".batak-lesson-quiz .batak-prompt", state="visible", timeout=READY_TIMEOUT)
    prompt = page.inner_text(".batak-lesson-quiz .batak-prompt")
    assert {"tr": "Soru 1 / 5", "de": "Frage 1 von 5"}[language] in prompt, prompt
    assert page.get_attribute("html", "lang") == language
    page.click(".batak-languages a[lang='en']")
    page.wait_for_selector(".batak-page-ready", state="attached", timeout=READY_TIMEOUT)
    assert page.url.endswith("/voici/render/05_trump.html?lang=en")


def test_a_quiz_answer_counts_on_the_start_page_after_the_tab_is_closed(learner: Learner) -> None:
    page = learner.open(FOLLOWING.file)
    answer_the_first_following_question_right(page, READY_TIMEOUT)
    wait_until_stored(page, "(p.lessons.following || {}).answered === 1")
    page.close()

    again = learner.start_page(fresh=True)  # kept open for the tests below
    row = again.locator(".batak-lesson-row[data-lesson='following']")
    assert "1 of 1 right" in row.inner_text()


def test_the_root_address_opens_the_start_page_in_the_browsers_language(learner: Learner) -> None:
    page = learner.start_page()
    assert page.url.endswith("/voici/render/00_start_here.html")
    links = page.locator("a.batak-lesson-link")
    assert links.count() == len(LESSONS) + 3  # the lessons, the glossary, the puzzles, practice
    assert links.first.get_attribute("href") == LESSONS[0].file.replace(".ipynb", ".html")
    assert_clean(page)


def test_progress_is_downloaded_as_a_file_and_loaded_back(learner: Learner, tmp_path: Path) -> None:
    page = learner.start_page()
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


def test_the_rule_set_chosen_survives_a_reload(learner: Learner) -> None:
    page = learner.start_page()
    chooser = ".batak-preset-chooser select"
    page.select_option(chooser, label=page.locator(".batak-preset-chooser option", has_text="danish:").inner_text())
    wait_until_stored(page, "p.preset === 'danish'")
    page.reload()
    ready(page)
    assert page.locator(chooser).input_value().startswith("danish:")
    page.select_option(chooser, label=page.locator(".batak-preset-chooser option", has_text="miniokey:").inner_text())
    wait_until_stored(page, "p.preset === 'miniokey'")


def test_the_guided_first_deal_is_finished(learner: Learner) -> None:
    play_guided_deal(learner.open("02_first_deal.ipynb"))


def test_a_full_deal_against_the_bots_reaches_its_score(learner: Learner) -> None:
    page = learner.open("16_full_games.ipynb")
    page.set_viewport_size({"width": 1400, "height": 1000})
    table = page.locator(".batak-game-table")
    table.locator(".batak-seat").first.wait_for(timeout=READY_TIMEOUT)
    play_deal_through(page, table)
    table.get_by_text("Deal over:").wait_for(timeout=10_000)
    assert_clean(page)


def test_a_puzzle_is_solved_and_the_rating_kept(learner: Learner) -> None:
    page = learner.open(PUZZLES.file)
    page.locator(f"{TRAINER} button.batak-card:enabled").first.wait_for(timeout=READY_TIMEOUT)
    install(page)
    right, _wrong = answers(shown_puzzle(page))
    for card in right:
        click_card(page, card.code, "batak-correct")
    assert "Solved" in page.inner_text(f"{TRAINER} .batak-puzzle-feedback")
    rating = page.inner_text(f"{TRAINER} .batak-puzzle-rating")
    gained = int(rating.split("→")[1].split()[0])
    wait_until_stored(page, f"Math.abs(p.rating.rating - {gained}) <= 0.5")
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
