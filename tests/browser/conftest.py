"""Fixtures for the real-browser tests: the course served by Voilà on a free port, and a page
in Debian's headless Chromium driven by Playwright (never a downloaded browser)."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("BATAK_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
START_TIMEOUT = 90.0  # a cold Voilà start here takes 4-11 s; CI machines can be slower


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for(url: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise TimeoutError(f"the app did not answer at {url} within {timeout:.0f} s")
        time.sleep(0.3)


def stop(process: subprocess.Popen[Any], timeout: float = 30) -> None:
    """End a server the polite way (it shuts its kernels down), and for good if it hangs."""
    process.terminate()
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


SITE_SUBFOLDER = "courses/batak"
"""Where test_site puts the browser edition on its web server: not at its root."""


class SiteBuild:
    """The browser edition (``lessons/browser/build.py``) built in a process of its own, started as
    the session's tests are chosen, so the build (about 20 s) runs beside the Voilà tests that come
    before test_site instead of holding up the stage; test_site waits for it."""

    def __init__(self) -> None:
        self.web_root = Path(tempfile.mkdtemp(prefix="batak-site-"))
        self.log = self.web_root.parent / f"{self.web_root.name}.log"
        with self.log.open("w") as log:
            self.process = subprocess.Popen(
                [sys.executable, str(ROOT / "lessons" / "browser" / "build.py"),
                 "--output", str(self.web_root / SITE_SUBFOLDER)], stdout=log, stderr=subprocess.STDOUT, cwd=ROOT)

    def finished(self, timeout: float = 600) -> Path:
        """The web root holding the built site, once the build has ended; fails the test if it failed."""
        code = self.process.wait(timeout=timeout)
        if code:
            pytest.fail(f"the site build failed (exit {code}): {self.log.read_text()[-2000:]}")
        return self.web_root

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.web_root, ignore_errors=True)
        self.log.unlink(missing_ok=True)


SITE_BUILDS: list[SiteBuild] = []


def site_can_be_built() -> bool:
    """The browser edition's build needs npm and Node.js (Pyodide comes from the npm registry)."""
    return shutil.which("npm") is not None and shutil.which("node") is not None


@pytest.hookimpl(trylast=True)  # after -m and -k have deselected
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if any(item.path.name == "test_site.py" for item in items) and site_can_be_built() and not SITE_BUILDS:
        SITE_BUILDS.append(SiteBuild())


def pytest_sessionfinish() -> None:
    while SITE_BUILDS:
        SITE_BUILDS.pop().close()


@pytest.fixture(scope="session")
def built_site() -> Path:
    """The web root of the browser edition built from this checkout (see ``SiteBuild``)."""
    if not site_can_be_built():
        pytest.skip("the browser edition's build needs Node.js and npm (Pyodide comes from the npm registry): "
                    "apt-get install npm")
    if not SITE_BUILDS:
        SITE_BUILDS.append(SiteBuild())
    return SITE_BUILDS[0].finished()


@contextlib.contextmanager
def running_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """The course app with a throwaway progress file, while the block runs: its address and its
    process (whose kernels a test can count)."""
    port = free_port()
    env = {**os.environ, "BATAK_PROGRESS": str(tmp_path_factory.mktemp("progress") / "progress.json")}
    log = (tmp_path_factory.mktemp("voila") / "voila.log").open("w")
    process = subprocess.Popen([sys.executable, str(ROOT / "lessons" / "serve.py"), "--port", str(port)],
                               stdout=log, stderr=subprocess.STDOUT, env=env, cwd=ROOT)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for(url + "/voila/static/voila.js", START_TIMEOUT)  # "/" would start a kernel nobody closes
        yield url, process
    finally:
        stop(process)
        log.close()


@pytest.fixture(scope="session")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """The course app, started once for the browser tests (see ``running_app``)."""
    with running_app(tmp_path_factory) as app:
        yield app


@pytest.fixture(scope="session")
def app_url(app_server: tuple[str, subprocess.Popen[bytes]]) -> str:
    return app_server[0]


def kernel_processes(server: Any) -> list[Any]:
    """The kernels the app's process (a ``Popen`` or a ``psutil.Process``) is running now: those
    started as ``python -m ipykernel_launcher``, and those forked from the kernel zygote
    (lessons/app/kernels.py), which are the zygote's children and carry its command line."""
    import psutil

    from lessons.app.kernels import ZYGOTE_MARK

    def command_line(process: psutil.Process) -> list[str] | None:
        """A live process's command line; None for one that has exited."""
        try:
            return None if process.status() == psutil.STATUS_ZOMBIE else process.cmdline()
        except psutil.NoSuchProcess:
            return None

    processes = [(child, command_line(child)) for child in psutil.Process(server.pid).children(recursive=True)]
    zygotes = {child.pid for child, cmdline in processes
               if cmdline and ZYGOTE_MARK in cmdline and child.ppid() == server.pid}
    return [child for child, cmdline in processes
            if cmdline and ("ipykernel" in " ".join(cmdline) or child.ppid() in zygotes)]


def kernel_count(server: subprocess.Popen[bytes]) -> int:
    """How many kernels the app's process is running now."""
    return len(kernel_processes(server))


@pytest.fixture(scope="session")
def playwright_driver() -> Iterator[Any]:
    """Playwright, for the session: what launches Debian's Chromium (``browser``, and the browser
    edition's learner profile in test_site.py)."""
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        pytest.skip(f"no Chromium at {CHROMIUM}: install Debian's chromium (apt-get install chromium) "
                    "to run the browser tests")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_driver: Any) -> Iterator[object]:
    browser = playwright_driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    yield browser
    browser.close()


@pytest.fixture()
def page(browser: object) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    page = context.new_page()
    yield page
    context.close()


def check_cards(quiz: Any, cards: Iterable[Any]) -> None:
    """Pick ``cards`` in a quiz as a learner does, each seen selected before the next, then press Check."""
    for card in cards:
        quiz.locator(f"button.batak-card-{card.code}").click()
        quiz.locator(f"button.batak-card-{card.code}.batak-selected").wait_for(timeout=10_000)
    quiz.locator("button.batak-check").click()


def answer_the_first_following_question_right(page: Any, timeout: float) -> None:
    """On an open lesson 6 (following suit), answer its quiz's first question right, as a learner does:
    the page's round is seeded (``LessonQuiz('following', seed=14)``), so the engine knows the answer."""
    import batak_core as bc
    from batak_core.teaching import drills
    from batak_core.teaching.lessons import LESSONS_BY_ID
    from batak_core.teaching.rounds import QuizRound

    following = LESSONS_BY_ID["following"]
    quiz = page.locator(".batak-lesson-quiz")
    quiz.locator("button.batak-card").first.wait_for(timeout=timeout)
    question = QuizRound(following.topics, bc.preset("miniokey"), 14).question(0)
    assert isinstance(question, drills.LegalCardsQuestion)
    check_cards(quiz, question.answer)
    quiz.locator(".batak-feedback.batak-correct").wait_for(timeout=10_000)
