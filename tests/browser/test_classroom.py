"""A class at once: classroom mode in real Chromium (several learners, the teacher's page, the
gate), and what every page does when its kernel is gone or the machine is full, and offline.

Each test starts its own app (a cold start is 4-11 s here) with the options it is about."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import ROOT, START_TIMEOUT, free_port, kernel_count, kernel_processes, stop, wait_for

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WIDGETS_TIMEOUT = 60_000
CLASS_CODE = "KQ7M2P"
TEACHER_CODE = "TR4CH8"


@contextlib.contextmanager
def course_app(tmp_path: Path, *options: str,
               env: dict[str, str] | None = None) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """The app with ``options`` (and more environment variables), its own progress and class
    folders, stopped afterwards."""
    port = free_port()
    env = {**os.environ, "BATAK_PROGRESS": str(tmp_path / "single" / "progress.json"), **(env or {})}
    log_path = tmp_path / "voila.log"
    with log_path.open("w") as log:
        process = subprocess.Popen([sys.executable, str(ROOT / "lessons" / "serve.py"), "--port", str(port),
                                    *options], stdout=log, stderr=subprocess.STDOUT, env=env, cwd=ROOT)
        url = f"http://127.0.0.1:{port}"
        try:
            wait_for(url + "/voila/static/voila.js", START_TIMEOUT)
            yield url, process
        finally:
            stop(process)


def classroom_options(tmp_path: Path, *more: str) -> tuple[str, ...]:
    return ("--classroom", "--class-dir", str(tmp_path / "class"), "--class-code", CLASS_CODE,
            "--teacher-code", TEACHER_CODE, *more)


def join(page: Any, url: str, name: str, code: str = CLASS_CODE) -> None:
    page.goto(url + "/")
    page.wait_for_selector(".batak-join-page", timeout=WIDGETS_TIMEOUT)
    page.fill("#code", code)
    page.fill("#name", name)
    page.click("button.batak-join")


def start_page_shown(page: Any) -> None:
    """Wait for the start page; past the learner's recovery code, which a first join shows first."""
    page.wait_for_selector(".batak-joined-page .batak-continue, .batak-start-page .batak-lesson-link",
                           timeout=WIDGETS_TIMEOUT)
    if page.locator(".batak-joined-page").count():
        page.click(".batak-joined-page .batak-continue")
        page.wait_for_selector(".batak-start-page .batak-lesson-link", timeout=WIDGETS_TIMEOUT)


def answer_one_question(page: Any, url: str) -> None:
    """Open lesson 4 and answer its first question (any answer counts as answered)."""
    page.goto(f"{url}/voila/render/06_following_and_overtaking.ipynb")
    quiz = page.locator(".batak-lesson-quiz")
    quiz.locator("button.batak-card").first.wait_for(timeout=WIDGETS_TIMEOUT)
    quiz.locator("button.batak-card").first.click()
    quiz.locator("button.batak-card.batak-selected").first.wait_for(timeout=10_000)
    quiz.locator("button.batak-check").click()
    quiz.locator(".batak-feedback.batak-correct, .batak-feedback.batak-wrong").wait_for(timeout=10_000)


def lesson_status(page: Any, lesson: str) -> str:
    return str(page.inner_text(f".batak-lesson-row[data-lesson='{lesson}'] .batak-lesson-status"))


def http_get(url: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_two_learners_in_classroom_mode_keep_separate_progress_and_the_teacher_sees_both(
        browser: Any, tmp_path: Path) -> None:
    with course_app(tmp_path, *classroom_options(tmp_path)) as (url, _server):
        ayse = browser.new_context().new_page()
        mehmet = browser.new_context().new_page()
        join(ayse, url, "Ayşe")
        start_page_shown(ayse)
        join(mehmet, url, "Mehmet")
        start_page_shown(mehmet)

        danish = ayse.locator(".batak-preset-chooser option", has_text="danish:").inner_text()
        ayse.select_option(".batak-preset-chooser select", label=danish)
        ayse.locator(".batak-rules-choice", has_text="follows the danish rules").wait_for(timeout=10_000)
        answer_one_question(ayse, url)

        ayse.goto(url + "/")
        start_page_shown(ayse)
        assert "of 1 right" in lesson_status(ayse, "following")
        assert ayse.locator(".batak-preset-chooser select").input_value().startswith("danish:")
        mehmet.reload()
        start_page_shown(mehmet)
        assert "not started" in lesson_status(mehmet, "following"), "Ayşe's answer must not be Mehmet's"
        assert mehmet.locator(".batak-preset-chooser select").input_value().startswith("miniokey:")

        teacher = browser.new_context().new_page()
        teacher.goto(url + "/teacher")
        teacher.fill("#code", TEACHER_CODE)
        teacher.click("button.batak-teacher-login")
        teacher.wait_for_selector(".batak-teacher-page .batak-teacher-learners", timeout=10_000)
        learners = teacher.inner_text(".batak-teacher-learners")
        assert "Ayşe" in learners and "danish" in learners
        answer_one_question(mehmet, url)
        teacher.locator(".batak-teacher-learners", has_text="Mehmet").wait_for(timeout=15_000)  # live
        assert "Following" in teacher.inner_text(".batak-teacher-lessons")
        for context_page in (ayse, mehmet, teacher):
            context_page.context.close()


def test_the_class_code_page_comes_before_any_page_and_refuses_a_wrong_code(browser: Any, tmp_path: Path) -> None:
    with course_app(tmp_path, *classroom_options(tmp_path)) as (url, server):
        page = browser.new_context().new_page()
        page.goto(f"{url}/voila/render/10_scoring.ipynb")
        page.wait_for_selector(".batak-join-page", timeout=10_000)
        assert kernel_count(server) == 0, "no kernel before the learner joined"
        join(page, url, "Deniz", code="WRONG2")
        page.wait_for_selector(".batak-join-page .batak-app-error", timeout=10_000)
        assert "not this class's code" in page.inner_text(".batak-app-error")
        assert kernel_count(server) == 0
        page.fill("#code", CLASS_CODE.lower())  # case does not matter
        page.fill("#name", "Deniz")
        page.click("button.batak-join")
        start_page_shown(page)
        page.context.close()


def test_foreign_hosts_and_origins_start_no_kernel_and_nothing_but_the_course_is_served(tmp_path: Path) -> None:
    with course_app(tmp_path) as (url, server):
        lesson = f"{url}/voila/render/05_trump.ipynb"
        for headers in ({"Host": "evil.example"}, {"Origin": "http://evil.example"},
                        {"Host": "evil.example:80", "Origin": "http://evil.example:80"}):
            status, body = http_get(lesson, headers)
            assert status == 403 and "batak-wrong-address" in body, headers
        assert kernel_count(server) == 0
        for path in ("/voila/api/contents", "/voila/api/contents/00_start_here.ipynb", "/voila/tree",
                     "/voila/files/serve.py", "/api/contents", "/tree"):
            status, body = http_get(url + path)
            body = re.sub(r'<div class="batak-languages">.*?</div>', "", body)  # the start page's own language menu
            assert "00_start_here" not in body and "serve.py" not in body, path
        status, body = http_get(lesson, {"Origin": url})  # the course's own origin is fine
        assert status == 200 and "application/vnd.jupyter.widget-view+json" in body


def test_a_page_culled_while_idle_tells_its_learner_to_reload(browser: Any, tmp_path: Path) -> None:
    with course_app(tmp_path, *classroom_options(tmp_path, "--idle-minutes", "0.1",
                                                 "--page-check-seconds", "1")) as (url, _server):
        page = browser.new_context().new_page()
        join(page, url, "Elif")
        start_page_shown(page)
        banner = page.locator(".batak-page-gone")
        banner.wait_for(timeout=60_000)
        assert "idle" in banner.inner_text() and "Reload" in banner.inner_text()
        page.click(".batak-page-gone button")
        start_page_shown(page)
        page.context.close()


def test_a_page_whose_kernel_died_says_so(page: Any, tmp_path: Path) -> None:
    with course_app(tmp_path, "--page-check-seconds", "1") as (url, server):
        page.goto(url + "/")
        start_page_shown(page)
        kernels = kernel_processes(server)
        assert len(kernels) == 1
        os.kill(kernels[0].pid, signal.SIGKILL)
        banner = page.locator(".batak-page-gone")
        banner.wait_for(timeout=30_000)
        assert "stopped working" in banner.inner_text()


SLOW_KERNEL = {
    # the kernel sleeps in IPython's start-up files, before it answers at all
    "start": "import time\ntime.sleep(60)\n",
    # the kernel sleeps before the page's first cell (the one that opens the learner's page)
    "cell": ("import time\n"
             "def _slow(info):\n"
             "    if 'open_page' in (info.raw_cell or ''):\n"
             "        time.sleep(60)\n"
             "get_ipython().events.register('pre_run_cell', _slow)\n"),
}
"""Test-only slowness, through IPython's start-up files (``$IPYTHONDIR``): time to kill the
kernel while Voilà still builds its page."""


@pytest.mark.parametrize("when", ["start", "cell"])
def test_a_page_whose_kernel_dies_while_it_is_built_ends_its_loading_with_the_message(
        page: Any, tmp_path: Path, when: str) -> None:
    startup = tmp_path / "ipython" / "profile_default" / "startup"
    startup.mkdir(parents=True)
    (startup / "00-slow.py").write_text(SLOW_KERNEL[when])
    with course_app(tmp_path, "--page-check-seconds", "1",
                    env={"IPYTHONDIR": str(tmp_path / "ipython")}) as (url, server):
        page.goto(f"{url}/voila/render/11_a_whole_game.ipynb", wait_until="commit")
        page.wait_for_selector("#loading", timeout=WIDGETS_TIMEOUT)
        if when == "cell":  # the page has its kernel's id and runs its cells
            page.wait_for_selector("#jupyter-config-data", state="attached", timeout=WIDGETS_TIMEOUT)
        deadline = time.monotonic() + 60
        while not (kernels := kernel_processes(server)):
            assert time.monotonic() < deadline, "no kernel started"
            time.sleep(0.1)
        time.sleep(0.5)
        assert page.locator("#loading").is_visible(), "the page is still being built"
        os.kill(kernels[0].pid, signal.SIGKILL)
        banner = page.locator(".batak-page-gone")
        banner.wait_for(timeout=30_000)
        assert "stopped working" in banner.inner_text() and "Reload" in banner.inner_text()
        # the loading ends with the message: no spinner behind it, the page no longer loading
        page.wait_for_selector("#loading", state="detached", timeout=3_000)
        page.wait_for_function("document.readyState !== 'loading'", timeout=3_000)
        time.sleep(2)  # and nothing of the dead page comes after it
        assert page.locator("#loading").count() == 0
        assert "An exception occurred" not in page.inner_text("body")
        page.click(".batak-page-gone button")  # reloading starts the page again (its kernel sleeps again)
        page.wait_for_selector("#loading", timeout=WIDGETS_TIMEOUT)


def test_a_full_machine_says_the_class_is_full_and_when_to_retry(page: Any, tmp_path: Path) -> None:
    with course_app(tmp_path, "--max-pages", "1") as (url, server):
        page.goto(url + "/")
        start_page_shown(page)
        status, body = http_get(f"{url}/voila/render/05_trump.ipynb")
        assert status == 503 and "The class is full right now" in body and "seconds" in body
        assert kernel_count(server) == 1
        page.goto("about:blank")  # leaving frees the kernel, and the next learner gets in
        deadline = time.monotonic() + 30
        while kernel_count(server):
            assert time.monotonic() < deadline
            time.sleep(0.3)
        status, body = http_get(f"{url}/voila/render/05_trump.ipynb")
        assert status == 200


def test_offline_no_request_leaves_the_machine_and_no_icon_is_missing(page: Any, tmp_path: Path) -> None:
    outside: list[str] = []
    failed: list[str] = []

    def only_loopback(route: Any) -> None:
        host = route.request.url.split("/")[2].split(":")[0]
        if host in ("127.0.0.1", "localhost") or route.request.url.startswith("data:"):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.route("**/*", only_loopback)
    page.on("requestfailed", lambda request: failed.append(f"{request.url} {request.failure}"))
    with course_app(tmp_path) as (url, _server):
        page.goto(url + "/")
        start_page_shown(page)
        page.goto(f"{url}/voila/render/16_full_games.ipynb")
        page.wait_for_selector(".batak-game-table", timeout=WIDGETS_TIMEOUT)
        page.wait_for_load_state("networkidle")
        assert outside == [], f"requests left the machine: {outside[:3]}"
        assert [f for f in failed if "net::ERR_ABORTED" not in f or "shutdown" not in f] == [], failed[:3]
        # an icon whose stylesheet or font did not load renders as nothing or as an empty box
        missing = page.evaluate("""() => [...document.querySelectorAll('.fa, [class*="fa-"]')]
            .filter(el => getComputedStyle(el, '::before').content === 'none'
                    || !document.fonts.check('16px ' + getComputedStyle(el).fontFamily.split(',')[0]))
            .map(el => el.className)""")
        assert missing == []
