"""Classroom mode against a mischievous class, in real Chromium: a name belongs to the browser that
took it (and to its recovery code), the teacher sees who joined and can free a name, wrong codes
slow down and lock out their sender, and every page the server sends, error pages too, works
offline.

Each test starts its own app; none waits for a course page's widgets where the join pages suffice."""

from __future__ import annotations

import contextlib
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from lessons.app.classroom import CODE_ALPHABET
from tests.browser.test_classroom import CLASS_CODE, TEACHER_CODE, classroom_options, course_app, start_page_shown

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PAGE_TIMEOUT = 30_000
CODE_DELAY = 0.05
"""The app's base delay after a wrong code in these tests (1 s when served for a class)."""
EXTERNAL_URL = re.compile(r"""(?:https?:)?//(?!(?:127\.0\.0\.1|localhost)[:/"'])[\w.-]+\.[a-z]{2,}""", re.I)
"""An address on another host: an absolute or a scheme-relative link (this machine's are fine)."""


def join_form(page: Any, url: str, name: str, code: str = CLASS_CODE, recovery: str | None = None) -> int:
    """Fill the join page (at ``url``/join) and send it; the status of the page it leads to."""
    if not page.url.split("?")[0].endswith("/join") or page.locator("#code").count() == 0:
        page.goto(url + "/join")
    page.fill("#code", code)
    page.fill("#name", name)
    if recovery is not None:
        page.fill("#recovery", recovery)
    with page.expect_navigation(wait_until="commit") as navigation:
        page.click("button.batak-join")
    return int(navigation.value.status)


def teacher_login(page: Any, url: str, code: str = TEACHER_CODE) -> int:
    if page.locator(".batak-teacher-login-page #code").count() == 0:
        page.goto(url + "/teacher")
    page.fill("#code", code)
    with page.expect_navigation(wait_until="commit") as navigation:
        page.click("button.batak-teacher-login")
    return int(navigation.value.status)


def test_a_name_belongs_to_the_browser_that_took_it_and_to_its_recovery_code(browser: Any, tmp_path: Path) -> None:
    with course_app(tmp_path, *classroom_options(tmp_path)) as (url, _server):
        first = browser.new_context().new_page()
        assert join_form(first, url, "Ayşe") == 200
        first.wait_for_selector(".batak-joined-page", timeout=PAGE_TIMEOUT)
        recovery = first.inner_text(".batak-recovery-code").strip()
        assert re.fullmatch(f"[{CODE_ALPHABET}]{{4}}-[{CODE_ALPHABET}]{{4}}", recovery)
        assert join_form(first, url, "AYŞE") == 200, "the browser that took the name may join again"
        assert "/voila/render/" in first.url

        second = browser.new_context().new_page()
        for spelling in ("Ayşe", "ayse", "Ays\u0327e"):  # case, accents and NFD are one name
            assert join_form(second, url, spelling) == 409, spelling
            error = second.inner_text(".batak-app-error")
            assert "already taken" in error and "Ayşe" in error, error
        assert second.locator("#recovery").count() == 1, "a taken name asks for the recovery code"
        assert join_form(second, url, "Ayse", recovery="ABCD-EFGH") == 403
        assert "not the recovery code" in second.inner_text(".batak-app-error")
        assert join_form(second, url, "ayse", recovery=recovery.lower().replace("-", " ")) == 200
        start_page_shown(second)  # the learner is back on a new computer ...
        first.goto(url + "/voila/render/00_start_here.ipynb")
        first.wait_for_selector(".batak-join-page", timeout=PAGE_TIMEOUT)  # ... and the old browser is out
        assert join_form(first, url, "Mehmet") == 200, "another name is free to take"
        for context_page in (first, second):
            context_page.context.close()


def test_the_teacher_sees_a_learner_who_only_joined_and_can_free_their_name(browser: Any, tmp_path: Path) -> None:
    with course_app(tmp_path, *classroom_options(tmp_path)) as (url, _server):
        learner = browser.new_context().new_page()
        assert join_form(learner, url, "Çağla") == 200  # joined, no page opened, no answer yet
        teacher = browser.new_context().new_page()
        assert teacher_login(teacher, url) == 200
        row = teacher.locator(".batak-teacher-learners tr.batak-teacher-learner", has_text="Çağla")
        row.wait_for(timeout=PAGE_TIMEOUT)
        assert re.fullmatch(r"\d\d:\d\d", row.locator(".batak-joined").inner_text().strip())
        assert re.fullmatch(r"\d\d:\d\d", row.locator(".batak-active").inner_text().strip())
        assert "Nobody has joined" not in teacher.inner_text("#batak-report")

        # only the teacher may free a name: a learner's own post of the button's form is refused
        learner.goto(url + "/join")
        with learner.expect_navigation() as refused:
            learner.evaluate("""() => { const form = document.querySelector('form');
                form.querySelectorAll('input:not([name=_xsrf])').forEach(field => field.remove());
                for (const [name, value] of [['action', 'free-name'], ['name', 'cagla']]) {
                    const field = document.createElement('input');
                    field.type = 'hidden'; field.name = name; field.value = value; form.appendChild(field); }
                form.action = 'teacher'; setTimeout(() => form.submit()); }""")
        assert refused.value.status == 403 and "teacher code first" in learner.inner_text("main")

        with teacher.expect_navigation():
            row.locator(".batak-free-name button").click()
        teacher.wait_for_selector(".batak-teacher-empty", timeout=PAGE_TIMEOUT)
        learner.goto(url + "/voila/render/00_start_here.ipynb")
        learner.wait_for_selector(".batak-join-page", timeout=PAGE_TIMEOUT)  # the freed name's browser is out
        newcomer = browser.new_context().new_page()
        assert join_form(newcomer, url, "cagla") == 200 and newcomer.locator(".batak-recovery-code").count() == 1
        teacher.reload()
        teacher.locator(".batak-teacher-learners", has_text="cagla").wait_for(timeout=PAGE_TIMEOUT)
        for context_page in (learner, teacher, newcomer):
            context_page.context.close()


def test_wrong_codes_are_slowed_then_locked_out_and_the_log_keeps_no_typed_code(browser: Any, tmp_path: Path) -> None:
    options = classroom_options(tmp_path, "--code-delay-seconds", str(CODE_DELAY))
    with course_app(tmp_path, *options) as (url, _server):
        guesser = browser.new_context().new_page()
        guesser.goto(url + "/teacher")
        statuses, took = [], []
        started = time.monotonic()
        for guess in range(20):
            before = time.monotonic()
            statuses.append(teacher_login(guesser, url, f"GUESS{guess:03d}"))
            took.append(time.monotonic() - before)
        total = time.monotonic() - started
        print(f"20 wrong teacher codes took {total:.2f} s; each: {[round(t, 2) for t in took]}")
        assert statuses == [403] * 9 + [429] * 11, statuses
        waits = [min(CODE_DELAY * 2 ** (k - 1), CODE_DELAY * 16) for k in range(1, 10)]  # before tries 2 to 10
        assert sum(waits) == pytest.approx(95 * CODE_DELAY)
        assert sum(took[:10]) >= sum(waits), "each wrong code made the next try wait twice as long, up to 16 times"
        assert took[9] >= waits[-1] * 0.75 and took[4] >= waits[3] * 0.75, "the waits grew (and the client felt them)"
        message = guesser.inner_text(".batak-app-error")
        assert "Too many wrong codes" in message and re.search(r"Try again in 1 minute \(at \d\d:\d\d\)", message)
        assert teacher_login(guesser, url, TEACHER_CODE) == 429, "while locked out, the right code is refused too"
        assert guesser.locator(".batak-teacher-page").count() == 0

        learner = browser.new_context(locale="tr-TR").new_page()  # the class code: counted apart, in Turkish
        learner_statuses = [join_form(learner, url, "Deniz", f"WRNG{guess:02d}") for guess in range(10)]
        assert learner_statuses == [403] * 9 + [429]
        turkish = learner.inner_text(".batak-app-error")
        assert "Too many" not in turkish and "dakika" in turkish and re.search(r"\d\d:\d\d", turkish), turkish
        for context_page in (guesser, learner):
            context_page.context.close()
    log = (tmp_path / "voila.log").read_text()
    assert "a wrong teacher code from 127.0.0.1 (1 in a row)" in log
    assert "a wrong class code from 127.0.0.1" in log and "locked out of the teacher code" in log
    assert "GUESS" not in log and "WRNG" not in log, "the log never keeps what was typed"


def http(url: str, form: dict[str, str] | None = None, cookie: str = "") -> tuple[int, str]:
    data = urllib.parse.urlencode(form).encode() if form is not None else None
    request = urllib.request.Request(url, data=data, headers={"Cookie": cookie} if cookie else {})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.read().decode(errors="replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")


def test_every_page_the_server_sends_works_offline_error_pages_too(browser: Any, tmp_path: Path) -> None:
    outside: list[str] = []

    def only_loopback(route: Any) -> None:
        host = urllib.parse.urlsplit(route.request.url).hostname
        if host in ("127.0.0.1", "localhost") or route.request.url.startswith("data:"):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    context = browser.new_context()
    context.route("**/*", only_loopback)
    page = context.new_page()
    with course_app(tmp_path, *classroom_options(tmp_path)) as (url, _server):
        assert join_form(page, url, "Offline") == 200
        cookie = "; ".join(f"{c['name']}={c['value']}" for c in context.cookies())
        seen: dict[str, int] = {}
        for path in ("/join", "/teacher", "/nothing", "/voila/nothing", "/voila/render/missing.ipynb",
                     "/voila/render/tr/missing.ipynb", "/voila/render/00_start_here.ipynb?lang=xx",
                     "/voila/static/nothing.js", "/voila/files/serve.py", "/api/kernels/nothing", "/teacher/report",
                     "/logout", "/login"):
            status, body = http(url + path, cookie=cookie)
            visit = context.new_page()
            try:
                visit.goto(url + path)
                visit.wait_for_load_state("load")
            except PlaywrightError:  # Chromium shows its own page for an error whose body is short
                assert len(body) < 512, (path, status)
            visit.close()
            seen[path] = status
            assert not EXTERNAL_URL.search(body), (path, status, EXTERNAL_URL.findall(body)[:3])
        posts = {"/voila/render/00_start_here.ipynb": {}, "/teacher": {"code": "NOTIT"}, "/join": {"code": "NOTIT"}}
        for path, fields in posts.items():  # Voilà's own error page (403) among them, and the XSRF refusal
            page = context.new_page()
            page.goto(url + "/join")
            with page.expect_response(lambda r, target=url + path: r.url == target) as navigation:
                page.evaluate("""([action, fields]) => { const form = document.createElement('form');
                    form.method = 'post'; form.action = action;
                    for (const [name, value] of Object.entries(fields)) { const field = document.createElement('input');
                        field.name = name; field.value = value; form.appendChild(field); }
                    document.body.appendChild(form); setTimeout(() => form.submit()); }""", [url + path, fields])
            with contextlib.suppress(PlaywrightError):  # Chromium's own page for a short error answer
                page.wait_for_load_state("load")
            seen["POST " + path] = navigation.value.status
            for form in (fields, {**fields, "_xsrf": "x"}):
                status, body = http(url + path, form, cookie=cookie)
                assert not EXTERNAL_URL.search(body), (path, status, EXTERNAL_URL.findall(body)[:3])
        print(seen)
        assert {seen["/nothing"], seen["/voila/render/missing.ipynb"], seen["/voila/nothing"]} == {404}
        assert seen["POST /voila/render/00_start_here.ipynb"] == 403
        assert outside == [], f"requests left the machine: {outside[:3]}"
    context.close()
