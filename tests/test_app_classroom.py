"""The app's classroom pieces without a server: class codes, the kept settings, the address gate."""

from __future__ import annotations

import json
import re
from html import escape
from pathlib import Path
from unittest.mock import Mock

import pytest
import tornado.web
from tornado.httputil import HTTPHeaders, HTTPServerRequest, RequestStartLine

from batak_core.i18n import _, use_locale
from batak_core.teaching.progress import Progress
from lessons.app import pages
from lessons.app.classroom import CODE_ALPHABET, Classroom, check_code, new_code, normalise_code
from lessons.app.gate import Gate, handler_language, host_name


def test_new_codes_use_only_unambiguous_characters() -> None:
    codes = {new_code() for _ in range(200)}
    assert len(codes) > 190
    assert all(len(code) == 6 and set(code) <= set(CODE_ALPHABET) for code in codes)
    assert not set("0O1IL") & set(CODE_ALPHABET)


def test_a_typed_code_ignores_case_spaces_and_dashes() -> None:
    assert normalise_code(" kq7-m2p ") == "KQ7M2P"
    assert check_code("kq7 m2p") == "KQ7M2P"
    for bad in ("", "AB", "ABCDEFGHJKMNP", "KQ0M2P", "<script>"):
        with pytest.raises(ValueError, match="4 to 12 of the characters"):
            check_code(bad)


def test_a_class_keeps_its_codes_and_secret_across_restarts(tmp_path: Path) -> None:
    first = Classroom.open(tmp_path / "class")
    again = Classroom.open(tmp_path / "class")
    assert (again.class_code, again.teacher_code, again.secret) == (first.class_code, first.teacher_code,
                                                                    first.secret)
    assert (tmp_path / "class" / "classroom.json").stat().st_mode & 0o077 == 0, "the secret is private"
    renamed = Classroom.open(tmp_path / "class", class_code="ABCD")
    assert renamed.class_code == "ABCD" and renamed.secret == first.secret
    assert renamed.session != first.session, "a new class code ends the old class's cookies"
    assert renamed.is_class_code("abcd") and not renamed.is_class_code(first.teacher_code)
    assert list((tmp_path / "class").glob("*.tmp")) == []


def test_a_damaged_settings_file_gives_new_codes_instead_of_failing(tmp_path: Path) -> None:
    folder = tmp_path / "class"
    folder.mkdir()
    for text in ("{oops", "[]", json.dumps({"class_code": "0000", "secret": "zz"}), "\xff"):
        (folder / "classroom.json").write_text(text, encoding="latin-1")
        room = Classroom.open(folder)
        assert check_code(room.class_code) == room.class_code and len(room.secret) == 32
    with pytest.raises(ValueError, match="must differ"):
        Classroom.open(folder, class_code="ABCD", teacher_code="abcd")


def request(host: str, origin: str | None = None) -> HTTPServerRequest:
    headers = HTTPHeaders({"Host": host})
    if origin is not None:
        headers["Origin"] = origin
    return HTTPServerRequest(method="GET", uri="/voila/render/05_trump.ipynb", headers=headers)


@pytest.mark.parametrize(("host", "origin", "admitted"), [
    ("127.0.0.1:8866", None, True),
    ("localhost:8866", "http://localhost:8866", True),
    ("[::1]:8866", None, True),
    ("127.0.0.2:8866", None, True),  # all of 127/8 is this machine
    ("192.168.1.20:8866", "http://192.168.1.20:8866", True),  # this machine on the class network
    ("evil.example:8866", None, False),  # DNS rebinding: a foreign name for this machine
    ("127.0.0.1:8866", "http://evil.example", False),  # another site's page asking
    ("127.0.0.1:8866", "http://127.0.0.1:9999", False),  # another port is another site
    ("127.0.0.1:8866", "null", False),
    ("10.0.0.9:8866", None, False),  # an address that is not this machine's
])
def test_the_gate_admits_this_machine_and_refuses_other_sites(host: str, origin: str | None, admitted: bool) -> None:
    gate = Gate(hosts=frozenset({"localhost", "127.0.0.1", "::1", "192.168.1.20", "teacher-pc"}))
    assert gate.admits_address(request(host, origin)) is admitted


def test_host_names_lose_their_port_and_brackets() -> None:
    assert host_name("Teacher-PC:8866") == "teacher-pc"
    assert host_name("[fe80::1]:8866") == "fe80::1"
    assert host_name("::1") == "::1"


def handler(uri: str, accept_language: str | None = None) -> tornado.web.RequestHandler:
    """A request handler for ``uri`` without a server, as the gate's pages see a request."""
    headers = HTTPHeaders({"Host": "127.0.0.1:8866"})
    if accept_language is not None:
        headers["Accept-Language"] = accept_language
    return tornado.web.RequestHandler(tornado.web.Application(), HTTPServerRequest(
        headers=headers, connection=Mock(), start_line=RequestStartLine("GET", uri, "HTTP/1.1")))


@pytest.mark.parametrize(("uri", "accept", "language"), [
    ("/join", "tr-TR,tr;q=0.9,en;q=0.8", "tr"),  # the browser's language
    ("/join", None, "en"),
    ("/join?lang=de", "tr", "de"),  # ?lang= first
    ("/join?lang=klingon", "tr", "tr"),  # a language the course does not speak is passed over
    ("/teacher?lang=TR", "de", "tr"),
])
def test_the_apps_own_pages_speak_the_requests_language(uri: str, accept: str | None, language: str) -> None:
    assert handler_language(handler(uri, accept)) == language


def test_the_apps_own_pages_take_the_learners_remembered_language(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BATAK_PROGRESS", str(tmp_path / "progress.json"))
    gate = Gate(hosts=frozenset({"127.0.0.1"}))
    assert handler_language(handler("/", "tr"), gate) == "tr"
    Progress.load().choose_language("de")
    assert handler_language(handler("/", "tr"), gate) == "de"  # the learner's choice before the browser's
    assert handler_language(handler("/?lang=en", "tr"), gate) == "en"
    assert handler_language(handler("/", None), None, edition="tr") == "tr"  # a Turkish page's join stays Turkish


@pytest.mark.parametrize("language", ["en", "tr", "de"])
def test_the_servers_pages_declare_their_language(language: str) -> None:
    with use_locale(language):
        join = pages.join_page("", "/voila/render/05_trump.ipynb", query={"next": "/voila/render/05_trump.ipynb"})
        full = pages.class_full_page(12, 60)
        teacher = pages.teacher_login_page("")
        wrong = pages.wrong_address_page()
        title = _("Join the Batak class")
    for html in (join, full, teacher, wrong):
        assert html.startswith(f'<!DOCTYPE html><html lang="{language}">')
    assert f"<title>{escape(title)}</title>" in join
    menu = re.findall(r'<a href="\?([^"]*)" lang="(\w+)"', join)
    assert sorted(code for _query, code in menu) == sorted({"en", "tr", "de"} - {language})
    assert all("next=%2Fvoila%2Frender%2F05_trump.ipynb" in query for query, _code in menu)


def test_the_class_full_page_counts_its_pages_in_english() -> None:
    assert "as many course pages as it can hold (1 is open)" in pages.class_full_page(1, 60)
    assert "(12 are open). Please try again in about 60 seconds" in pages.class_full_page(12, 60)


def test_an_unknown_language_page_names_what_was_asked_and_offers_every_language() -> None:
    html = pages.unknown_language_page("klingon<b>", "/voila/render", "05_trump.ipynb")
    assert "klingon&lt;b&gt;" in html and "<b>" not in html.split("<main", 1)[1].replace("<b>English", "")
    assert re.findall(r'href="([^"]*)"', html) == ["/voila/render/05_trump.ipynb", "/voila/render/tr/05_trump.ipynb",
                                                  "/voila/render/de/05_trump.ipynb"]
