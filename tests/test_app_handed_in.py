"""The teacher's page reads the progress files learners hand in (the browser edition keeps progress in
the learner's browser): each file's line of the class report, or why it could not be read; only for
the teacher, only with the form's ``_xsrf`` token, and nothing is written into the class folder.

The teacher's handler runs in a small tornado app of its own (no Voilà, no kernels)."""

from __future__ import annotations

import asyncio
import re
import uuid
from collections.abc import Iterator
from html import unescape
from http.cookies import SimpleCookie
from pathlib import Path

import pytest
import tornado.httpserver
import tornado.testing
import tornado.web
from jupyter_server.auth import AllowAllAuthorizer
from tornado.httpclient import AsyncHTTPClient, HTTPResponse
from voila.voila_identity_provider import VoilaIdentityProvider

from batak_core.i18n import use_locale
from batak_core.teaching.progress import Progress, export_bytes, learner_path
from lessons.app import pages
from lessons.app.classroom import HANDED_IN_LIMIT, Classroom, HandedIn, read_handed_in
from lessons.app.gate import Gate, TeacherHandler

TEACHER_CODE = "TR4CH8"


class Browser:
    """A teacher's browser: keeps cookies, reads the ``_xsrf`` token off the page's forms."""

    def __init__(self, port: int) -> None:
        self.base, self.cookies = f"http://127.0.0.1:{port}", SimpleCookie()

    async def fetch(self, path: str, body: bytes | None = None, content_type: str | None = None) -> HTTPResponse:
        headers = {"Cookie": "; ".join(f"{k}={m.value}" for k, m in self.cookies.items())}
        if content_type:
            headers["Content-Type"] = content_type
        response = await AsyncHTTPClient().fetch(self.base + path, method="GET" if body is None else "POST",
                                                 body=body, headers=headers, follow_redirects=False,
                                                 raise_error=False)
        for cookie in response.headers.get_list("Set-Cookie"):
            self.cookies.load(cookie)
        return response

    async def xsrf(self, path: str = "/teacher") -> str:
        page = (await self.fetch(path)).body.decode()
        token = re.search(r'name="_xsrf" value="([^"]*)"', page)
        assert token is not None, page
        return unescape(token.group(1))

    async def log_in(self) -> None:
        token = await self.xsrf()
        body = f"_xsrf={token}&code={TEACHER_CODE}".encode()
        response = await self.fetch("/teacher", body, "application/x-www-form-urlencoded")
        assert response.code == 302, response.body

    async def hand_in(self, files: list[tuple[str, bytes]], path: str = "/teacher",
                      token: str | None = "") -> HTTPResponse:
        """Send the teacher page's file form with ``files``; ``token`` None sends no ``_xsrf``."""
        if token == "":
            token = await self.xsrf(path)
        boundary = uuid.uuid4().hex
        fields = [b'Content-Disposition: form-data; name="action"\r\n\r\n' + pages.HANDED_IN_ACTION.encode()]
        if token is not None:
            fields.append(b'Content-Disposition: form-data; name="_xsrf"\r\n\r\n' + token.encode())
        fields += [f'Content-Disposition: form-data; name="{pages.HANDED_IN_FIELD}"; filename="{name}"\r\n'
                   "Content-Type: application/json\r\n\r\n".encode() + content for name, content in files]
        body = b"".join(f"--{boundary}\r\n".encode() + field + b"\r\n" for field in fields)
        body += f"--{boundary}--\r\n".encode()
        return await self.fetch(path, body, f"multipart/form-data; boundary={boundary}")


@pytest.fixture
def room(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Classroom:
    monkeypatch.setenv("BATAK_PROGRESS", str(tmp_path / "machine" / "progress.json"))
    return Classroom.open(tmp_path / "class", class_code="ABCD", teacher_code=TEACHER_CODE)


def run(room: Classroom, scenario: object) -> None:
    """Serve the teacher's page of ``room`` on a free port while ``scenario(browser)`` runs."""
    async def main() -> None:
        provider = VoilaIdentityProvider(token="")
        app = tornado.web.Application(
            [(r"/teacher", TeacherHandler)], batak_gate=Gate(hosts=frozenset({"127.0.0.1"}), classroom=room),
            cookie_secret=room.secret, identity_provider=provider,
            authorizer=AllowAllAuthorizer(identity_provider=provider), base_url="/")
        sock, port = tornado.testing.bind_unused_port()
        server = tornado.httpserver.HTTPServer(app)
        server.add_sockets([sock])
        try:
            await scenario(Browser(port))  # type: ignore[operator]
        finally:
            server.stop()
            await server.close_all_connections()

    asyncio.run(main())


def a_learners_file(tmp_path: Path, name: str | None, right: int, preset: str = "classic") -> bytes:
    path = tmp_path / f"{name or 'nobody'}.json"
    progress = Progress.load(path, learner=name)
    for number in range(3):
        progress.record("trump", number < right, "winner")
    progress.choose_preset(preset)
    return export_bytes(Progress.load(path))


def class_files(room: Classroom) -> list[str]:
    return sorted(str(p.relative_to(room.directory)) for p in room.directory.rglob("*"))


def test_the_teacher_page_has_the_form_for_handed_in_files(room: Classroom) -> None:
    async def scenario(browser: Browser) -> None:
        await browser.log_in()
        page = (await browser.fetch("/teacher")).body.decode()
        form = page.split('class="batak-teacher-files-form"')[1].split("</form>")[0]
        assert 'enctype="multipart/form-data"' in page and 'name="_xsrf"' in form
        assert f'name="{pages.HANDED_IN_FIELD}" multiple accept=".json,application/json"' in form
        assert "Progress files handed in" in page and "batak-teacher-show-files" in form
    run(room, scenario)


def test_handed_in_files_show_their_learners_and_bad_files_say_why(room: Classroom, tmp_path: Path) -> None:
    learner_path(room.directory, "Zeynep").parent.mkdir(parents=True)
    Progress.load(learner_path(room.directory, "Zeynep"), learner="Zeynep").record("trump", True)
    before = class_files(room)
    files = [("ayse.json", a_learners_file(tmp_path, "Ayşe", 2)),
             ("browser.json", a_learners_file(tmp_path, None, 3, "danish")),
             ("<script>x</script>.json", b"{not json"),
             ("huge.json", b" " * 5_000_001)]

    async def scenario(browser: Browser) -> None:
        await browser.log_in()
        response = await browser.hand_in(files)
        assert response.code == 200
        page = response.body.decode()
        table = page.split('<table class="batak-teacher-handed-in-files">')[1].split("</table>")[0]
        rows = table.split("<tr")[2:]
        assert "<th>File</th><th>Name</th><th>Rules</th><th class=number>Answers</th>" in table
        assert ("<td>ayse.json</td><td>Ayşe</td><td>classic</td><td class=number>3</td><td class=number>2</td>"
                in rows[0])
        assert "no name in the file" in rows[1] and "<td>danish</td><td class=number>3</td>" in rows[1]
        assert "&lt;script&gt;x&lt;/script&gt;.json" in rows[2] and "not valid JSON" in rows[2]
        assert "batak-app-error" in rows[2] and "<script>x" not in page
        assert "5,000,001 bytes long" in rows[3] and len(rows[3]) < 400
        assert "Zeynep" in page.split('id="batak-report"')[1], "the class report is still shown"
    run(room, scenario)
    assert class_files(room) == before, "files handed in are read, not put into the class"


def test_handed_in_files_are_shown_in_the_teachers_language(room: Classroom, tmp_path: Path) -> None:
    async def scenario(browser: Browser) -> None:
        await browser.log_in()
        page = (await browser.hand_in([("a.json", a_learners_file(tmp_path, "Ali", 1)), ("b.json", b"[]")],
                                      path="/teacher?lang=tr")).body.decode()
        assert '<html lang="tr">' in page and "<th>Dosya</th>" in page and "okunmadı" in page
    run(room, scenario)


def test_sending_the_form_without_files_says_to_choose_some(room: Classroom) -> None:
    async def scenario(browser: Browser) -> None:
        await browser.log_in()
        response = await browser.hand_in([])
        assert response.code == 400 and "Choose one or more progress files first." in response.body.decode()
    run(room, scenario)


def test_only_the_teacher_may_read_handed_in_files(room: Classroom, tmp_path: Path) -> None:
    async def scenario(browser: Browser) -> None:
        response = await browser.hand_in([("ayse.json", a_learners_file(tmp_path, "Ayşe", 2))])
        page = response.body.decode()
        assert response.code == 403 and "batak-teacher-login-page" in page
        assert "Type the teacher code first" in page and "Ayşe" not in page
    run(room, scenario)


def test_a_form_without_its_xsrf_token_is_refused(room: Classroom, tmp_path: Path) -> None:
    async def scenario(browser: Browser) -> None:
        await browser.log_in()
        response = await browser.hand_in([("ayse.json", a_learners_file(tmp_path, "Ayşe", 2))], token=None)
        assert response.code == 403 and "Ayşe" not in response.body.decode()
        forged = await browser.hand_in([("ayse.json", a_learners_file(tmp_path, "Ayşe", 2))], token="2|forged")
        assert forged.code == 403
    run(room, scenario)


def test_at_most_the_limit_of_files_is_read(tmp_path: Path) -> None:
    content = a_learners_file(tmp_path, "Ali", 1)
    read = read_handed_in([(f"{n}.json", content) for n in range(HANDED_IN_LIMIT + 5)])
    assert len(read) == HANDED_IN_LIMIT and all(item.summary is not None for item in read)
    html = pages.handed_in_fragment(read, HANDED_IN_LIMIT + 5)
    assert f"{HANDED_IN_LIMIT + 5} files were sent; the first {HANDED_IN_LIMIT} are shown." in html


def test_a_long_file_name_is_shown_short() -> None:
    (item,) = read_handed_in([("x" * 500 + ".json", b"{}")])
    assert isinstance(item, HandedIn) and item.summary is None and len(item.file) < 90
    assert "no 'format' field" in str(item.problem)


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    with use_locale("en"):
        yield
