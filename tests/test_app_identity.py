"""Classroom identity and codes without a server: names that are the same name, recovery codes,
the roster of names taken, the back-off on wrong codes, and what the teacher's page lists."""

from __future__ import annotations

import asyncio
import json
import re
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
import tornado.httpserver
import tornado.testing
import tornado.web

from batak_core.i18n import use_locale
from batak_core.teaching.class_report import class_report
from batak_core.teaching.progress import Progress, learner_path
from lessons.app import pages
from lessons.app.classroom import CODE_ALPHABET, CODE_LENGTH, TEACHER_CODE_LENGTH, Classroom, new_code
from lessons.app.gate import class_members, locked_message
from lessons.app.identity import (
    ROSTER_FILE,
    NameTaken,
    Roster,
    code_matches,
    hash_code,
    name_key,
    new_recovery_code,
)
from lessons.app.throttle import Backoff, client_key, guessing_years


@pytest.mark.parametrize(("one", "other"), [
    ("Ayşe", "ayse"),  # accents count as the same name
    ("Ayşe", "AYŞE"),
    ("Ayşe", "Ays\u0327e"),  # NFD: s + combining cedilla
    ("Çağla", "cagla"),
    ("ALİ", "ali"),  # Turkish dotted capital I
    ("Ali", "ALI"),
    ("Zoë  Smith", " zoe smith "),  # spaces tidied
    ("Ｍｅｈｍｅｔ", "mehmet"),  # NFKC: full-width letters
    ("Müller", "MULLER"),
])
def test_names_differing_in_case_accents_or_composition_are_one_name(one: str, other: str) -> None:
    assert name_key(one) == name_key(other)


@pytest.mark.parametrize(("one", "other"), [("Ali", "Ala"), ("Ayşe", "Ayşen"), ("Ece", "Ece 2")])
def test_different_names_stay_different(one: str, other: str) -> None:
    assert name_key(one) != name_key(other)


def test_a_bad_name_has_no_key() -> None:
    with pytest.raises(ValueError):
        name_key("   ")


def test_recovery_codes_are_unambiguous_and_only_their_hash_is_kept() -> None:
    codes = {new_recovery_code() for _ in range(100)}
    assert len(codes) == 100
    assert all(re.fullmatch(f"[{CODE_ALPHABET}]{{4}}-[{CODE_ALPHABET}]{{4}}", code) for code in codes)
    code = new_recovery_code()
    stored = hash_code(code)
    assert code.replace("-", "") not in stored and stored.startswith("scrypt$")
    assert hash_code(code) != stored, "each hash has its own salt"
    assert code_matches(code, stored)
    assert code_matches(code.lower().replace("-", " "), stored), "typed as codes are: case, spaces, dashes"
    assert not code_matches(new_recovery_code(), stored)
    for damaged in ("", "scrypt$zz$00", "md5$00$00", stored.replace("scrypt", "bcrypt")):
        assert not code_matches(code, damaged)


def test_the_first_browser_keeps_a_name_and_the_recovery_code_brings_it_back(tmp_path: Path) -> None:
    roster = Roster.of_class(tmp_path)
    holder, token, code = roster.claim("Ayşe")
    assert holder.name == "Ayşe" and roster.owns("ayse", token) and roster.owns("AYŞE", token)
    with pytest.raises(NameTaken) as taken:
        roster.claim("AYSE")
    assert taken.value.name == "Ayşe"
    assert not roster.owns("Ayşe", "someone else's token")
    assert roster.recover("Ayşe", "ABCD-EFGH") is None
    recovered = roster.recover("ayse", code)
    assert recovered is not None and recovered[0] is holder
    assert roster.owns("Ayşe", recovered[1]) and not roster.owns("Ayşe", token), "the old browser is out"
    kept = json.loads((tmp_path / ROSTER_FILE).read_text(encoding="utf-8"))
    assert code not in json.dumps(kept) and recovered[1] not in json.dumps(kept), "only hashes are kept"
    assert (tmp_path / ROSTER_FILE).stat().st_mode & 0o077 == 0
    again = Roster.of_class(tmp_path)
    assert again.owns("Ayşe", recovered[1]), "names stay taken when the server restarts"
    assert again.free(name_key("Ayşe")) is not None and again.holder("Ayşe") is None
    assert Roster.of_class(tmp_path).holder("Ayşe") is None
    assert Roster.of_class(tmp_path).claim("Ayse")[0].name == "Ayse"


def test_a_damaged_roster_frees_every_name_instead_of_failing(tmp_path: Path) -> None:
    for text in ("{oops", "[]", '{"names": {"x": {"name": "Ali"}}}', '{"names": {"bob": {"name": "Ali", '
                 '"token": "", "recovery": "", "joined": 0, "seen": 0}}}'):
        (tmp_path / ROSTER_FILE).write_text(text, encoding="utf-8")
        assert Roster.of_class(tmp_path).holders == {}


def test_seen_is_written_at_most_once_a_minute(tmp_path: Path) -> None:
    now = [1000.0]
    roster = Roster(tmp_path / ROSTER_FILE, clock=lambda: now[0])
    roster.claim("Deniz")
    now[0] += 30
    roster.seen("deniz")
    assert roster.holder("Deniz").seen == 1000.0  # type: ignore[union-attr]
    now[0] += 31
    roster.seen("deniz")
    assert Roster.of_class(tmp_path).holder("Deniz").seen == 1061.0  # type: ignore[union-attr]


def test_default_codes_are_long_enough_that_guessing_takes_years() -> None:
    assert len(new_code()) == CODE_LENGTH == 6 and len(new_code(TEACHER_CODE_LENGTH)) == TEACHER_CODE_LENGTH == 8
    assert guessing_years(CODE_LENGTH, clients=1024) > 10, "a class code, by a whole subnet"
    assert guessing_years(CODE_LENGTH) > 10_000, "a class code, from one machine"
    assert guessing_years(TEACHER_CODE_LENGTH, clients=1024) > 10_000


def test_a_new_class_gets_a_longer_teacher_code(tmp_path: Path) -> None:
    room = Classroom.open(tmp_path / "class")
    assert len(room.class_code) == 6 and len(room.teacher_code) == 8
    assert room.roster.holders == {} and room.roster is room.roster


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_each_wrong_code_doubles_the_wait_up_to_16_times_the_base_then_locks_out() -> None:
    clock = Clock()
    backoff = Backoff(base=1.0, lockout_after=10, clock=clock)
    assert [backoff.delay(k) for k in range(12)] == [0, 1, 2, 4, 8, 16, 16, 16, 16, 16, 900, 900]
    key = ("10.0.0.5", "teacher")
    verdicts = [backoff.failed(key) for _ in range(9)]
    assert [v.outcome for v in verdicts] == ["wrong"] * 9 and verdicts[-1].retry_after == 16
    assert backoff.wait(key) == 16 and not backoff.locked(key)
    locked = backoff.failed(key)
    assert (locked.outcome, locked.retry_after, locked.failures) == ("locked", 900, 10)
    assert backoff.locked(key) and backoff.wait(("10.0.0.6", "teacher")) == 0, "per client"
    assert backoff.wait(("10.0.0.5", "class")) == 0, "per kind of code"
    clock.now += 901
    assert not backoff.locked(key)
    assert backoff.failed(key).outcome == "locked", "a wrong code after a lockout locks again"
    backoff.succeeded(key)
    assert backoff.wait(key) == 0
    backoff.failed(key)
    clock.now += 24 * 3600 + 1
    assert backoff.failed(key).failures == 1, "a quiet day forgets the wrong codes"


def test_tries_wait_their_turn_and_a_locked_client_is_refused_unchecked() -> None:
    backoff = Backoff(base=0.01, lockout_after=5)
    key = ("127.0.0.1", "class")
    checked: list[int] = []

    async def tries() -> tuple[list[str], float]:
        started = time.monotonic()
        outcomes = []
        for _ in range(8):
            verdict = await backoff.check(key, lambda: checked.append(1) is not None)
            outcomes.append(verdict.outcome)
        return outcomes, time.monotonic() - started

    outcomes, took = asyncio.run(tries())
    assert outcomes == ["wrong"] * 4 + ["locked"] * 4
    assert len(checked) == 5, "tries while locked out are not checked, the right code neither"
    assert took >= 0.01 * (1 + 2 + 4 + 8)
    assert asyncio.run(backoff.check(key, lambda: True)).outcome == "locked"

    async def at_once() -> list[str]:
        fresh = Backoff(base=0.05)
        fresh.failed(key)
        verdicts = await asyncio.gather(*(fresh.check(key, lambda: False) for _ in range(8)))
        return [v.outcome for v in verdicts]

    many = asyncio.run(at_once())
    assert many.count("locked") == 4, "only a few tries of one client may wait at once"


def test_clients_are_addresses_and_ipv6_networks() -> None:
    assert client_key("192.168.1.20") == "192.168.1.20"
    assert client_key("2001:db8::1") == client_key("2001:db8::ffff:1") == "2001:db8::/64"
    assert client_key("::ffff:10.0.0.1") == "10.0.0.1"
    assert client_key("fe80::1%eth0") == "fe80::/64"


@pytest.mark.parametrize("language", ["en", "tr", "de"])
def test_a_locked_out_client_is_told_when_to_try_again_in_its_language(language: str) -> None:
    at = time.mktime((2026, 3, 2, 10, 0, 0, 0, 0, -1))
    with use_locale(language):
        message = locked_message(900, now=at)
    assert "15" in message and "10:15" in message
    if language != "en":
        assert "Too many" not in message


def test_the_teacher_sees_who_joined_before_their_first_answer(tmp_path: Path) -> None:
    room = Classroom.open(tmp_path / "class", "ABCD", "EFGH2345")
    room.roster.claim("Çağla")
    Progress.load(learner_path(room.directory, "Zeynep"), learner="Zeynep").choose_language("tr")
    room.roster.claim("ZEYNEP")  # another spelling of a learner with a file: one line
    members = class_members(room, class_report(room.directory))
    assert [(m.name, m.answered) for m in members] == [("Çağla", 0), ("Zeynep", 0)]
    assert all(m.joined is not None and m.active is not None and m.key is not None for m in members)
    html = pages.report_fragment(class_report(room.directory), "10:00", members, '<input name="_xsrf">')
    assert "Nobody has joined" not in html and "Learners (2)" in html
    assert html.count('class="batak-free-name"') == 2 and html.count('name="_xsrf"') == 2
    assert 'name="name" value="cagla"' in html
    assert "Nobody has joined" in pages.report_fragment(class_report(tmp_path / "empty"), "10:00", [])


def test_the_join_page_asks_for_the_recovery_code_only_for_a_taken_name() -> None:
    assert 'name="recovery"' not in pages.join_page("", "/next")
    assert 'name="recovery"' in pages.join_page("", "/next", "Ayşe", "taken", recovery=True)
    joined = pages.joined_page("Ayşe <b>", "ABCD-EFGH", "/voila/render/00_start_here.ipynb")
    assert "ABCD-EFGH" in joined and "Ayşe &lt;b&gt;" in joined
    assert 'href="/voila/render/00_start_here.ipynb" class="batak-continue"' in joined


def test_times_on_the_teacher_page() -> None:
    now = time.mktime((2026, 3, 2, 10, 0, 0, 0, 0, -1))
    assert pages.clock_time(None) == ""
    assert pages.clock_time(now - 600, now) == "09:50"
    assert pages.clock_time(now - 2 * 86400, now) == "2026-02-28 10:00"


def serve(room: Classroom, scenario: object, backoff: Backoff | None = None) -> None:
    """The join and teacher pages of ``room`` in a small tornado app while ``scenario(browsers)`` runs
    (``browsers()`` makes a new browser, with no cookies)."""
    from jupyter_server.auth import AllowAllAuthorizer
    from voila.voila_identity_provider import VoilaIdentityProvider

    from lessons.app.gate import Gate, JoinHandler, TeacherHandler
    from tests.test_app_handed_in import Browser

    async def main() -> None:
        provider = VoilaIdentityProvider(token="")
        app = tornado.web.Application(
            [(r"/join", JoinHandler), (r"/teacher", TeacherHandler)],
            batak_gate=Gate(hosts=frozenset({"127.0.0.1"}), classroom=room, backoff=backoff or Backoff(base=0.005)),
            batak_start_page="/voila/render/00_start_here.ipynb", cookie_secret=room.secret,
            identity_provider=provider, authorizer=AllowAllAuthorizer(identity_provider=provider), base_url="/")
        sock, port = tornado.testing.bind_unused_port()
        server = tornado.httpserver.HTTPServer(app)
        server.add_sockets([sock])
        try:
            await scenario(lambda: Browser(port))  # type: ignore[operator]
        finally:
            server.stop()
            await server.close_all_connections()

    asyncio.run(main())


async def post(browser: Any, path: str, **fields: str) -> tuple[int, str]:
    token = await browser.xsrf(path)
    response = await browser.fetch(path, urlencode({"_xsrf": token, **fields}).encode(),
                                   "application/x-www-form-urlencoded")
    return response.code, response.body.decode()


def test_the_join_and_teacher_pages_hold_names_recover_them_and_free_them(tmp_path: Path) -> None:
    room = Classroom.open(tmp_path / "class", "ABCD", "EFGH2345")

    async def scenario(browsers: Any) -> None:
        first, second, teacher = browsers(), browsers(), browsers()
        status, page = await post(first, "/join", code="abcd", name="Ayşe")
        recovery = re.search(r'class="batak-recovery-code">([^<]*)<', page)
        assert status == 200 and recovery is not None
        assert (await post(first, "/join", code="ABCD", name="ayse"))[0] == 302, "its own browser comes back"
        status, page = await post(second, "/join", code="ABCD", name="AYSE")
        assert status == 409 and "already taken" in page and 'name="recovery"' in page
        assert (await post(second, "/join", code="ABCD", name="AYSE", recovery="ABCD-EFGH"))[0] == 403
        assert (await post(second, "/join", code="ABCD", name="AYSE", recovery=recovery.group(1)))[0] == 302
        assert (await post(first, "/join", code="ABCD", name="Ayşe"))[0] == 409, "the old browser is out"

        assert (await post(teacher, "/teacher", code="EFGH2345"))[0] == 302
        page = (await teacher.fetch("/teacher")).body.decode()
        assert "Ayşe" in page and 'value="ayse"' in page
        status, page = await post(second, "/teacher", action=pages.FREE_NAME_ACTION, name="ayse")
        assert status == 403 and room.roster.holder("Ayşe") is not None, "only the teacher frees a name"
        assert (await post(teacher, "/teacher", action=pages.FREE_NAME_ACTION, name="ayse"))[0] == 302
        assert "Nobody has joined" in (await teacher.fetch("/teacher")).body.decode()
        assert (await post(first, "/join", code="ABCD", name="Ayşe"))[0] == 200, "a freed name is free to take"

        guesser = browsers()
        answers = [await post(guesser, "/teacher", code=f"WRONG{n}") for n in range(11)]
        assert [status for status, _ in answers] == [403] * 9 + [429] * 2
        assert "Too many wrong codes" in answers[-1][1]
        assert (await post(guesser, "/teacher", code="EFGH2345"))[0] == 429, "the right code waits out the lockout"
        assert (await post(first, "/join", code="ABCD", name="Mehmet"))[0] == 200, "the class code is counted apart"

    serve(room, scenario)
