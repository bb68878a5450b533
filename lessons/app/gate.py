"""Who may open a course page, and as whom.

Every request that could start a kernel passes the gate first:
- its ``Host`` must be one this machine answers to and its ``Origin`` (when the browser sends one)
  the same site, so another web site cannot make a visitor's browser start kernels here (DNS
  rebinding, cross-site requests);
- in classroom mode it must carry the signed cookie a learner gets by joining with the class
  code, holding their name and the token of the browser that took the name (``identity``: the
  first browser to take a name keeps it); the learner's name then travels to the page's kernel
  in the ``X-Batak-Learner`` request header, which the gate always overwrites (a browser cannot
  pick someone else's progress), and which Voilà copies into the kernel's environment as ``HTTP_X_BATAK_LEARNER``;
- the machine must have room for one more kernel, or the page says the class is full.

Wrong class, teacher and recovery codes slow down, then lock out, the client that sends them
(``throttle``); the log names each failed try's address and kind of code, never what was typed.
"""

from __future__ import annotations

import ipaddress
import json
import math
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final, cast
from urllib.parse import urlsplit

import psutil
import tornado.web
from jupyter_server.base.handlers import JupyterHandler
from tornado.httputil import HTTPServerRequest

from batak_core.i18n import N_, _, ngettext, use_locale
from batak_core.teaching.class_report import ClassReport, class_report
from batak_core.teaching.progress import Progress, check_learner_name, default_path, learner_key, learner_path

from . import pages
from .classroom import Classroom, read_handed_in
from .identity import Holder, name_key
from .languages import LANGUAGE_PARAMETER, UnknownLanguage, asked_language, chosen_language, split_page
from .lifecycle import Capacity, CourseKernelManager
from .throttle import Backoff, Verdict, client_key

LEARNER_COOKIE: Final = "batak-learner"
TEACHER_COOKIE: Final = "batak-teacher"
LEARNER_HEADER: Final = "X-Batak-Learner"
COOKIE_DAYS: Final = 30
RETRY_SECONDS: Final = 60
REPORT_REFRESH_SECONDS: Final = 5
LOOPBACK_NAMES: Final = frozenset({"localhost", "127.0.0.1", "::1"})


def machine_names() -> frozenset[str]:
    """The names and addresses of this machine, for a class that joins over the local network."""
    names = {socket.gethostname().lower(), socket.getfqdn().lower()}
    for addresses in psutil.net_if_addrs().values():
        names.update(a.address.split("%")[0].lower() for a in addresses
                      if a.family in (socket.AF_INET, socket.AF_INET6))
    return frozenset(names | LOOPBACK_NAMES)


def host_name(host_header: str) -> str:
    """``Host`` without its port, IPv6 brackets removed, lower case."""
    host = host_header.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    if host.count(":") == 1:
        return host.split(":", 1)[0]
    return host


@dataclass
class Gate:
    """The app's admission rules, kept in the tornado settings under ``batak_gate``."""

    hosts: frozenset[str]
    classroom: Classroom | None = None
    capacity: Capacity = field(default_factory=Capacity)
    backoff: Backoff = field(default_factory=Backoff)

    def admits_address(self, request: HTTPServerRequest) -> bool:
        host = host_name(request.host)
        if host not in self.hosts:
            try:
                if not ipaddress.ip_address(host).is_loopback:
                    return False
            except ValueError:
                return False
        origin = request.headers.get("Origin")
        if origin is None:
            return True  # plain navigation and same-origin GETs send none
        return urlsplit(origin).netloc.lower() == request.host.lower()

    def learner(self, handler: tornado.web.RequestHandler) -> str | None:
        """The name in a valid learner cookie of this class whose browser still holds the name
        (a cookie of an earlier class, of a name the teacher freed or that its learner took back
        on another computer, or from before names were held, admits nobody), else None."""
        if self.classroom is None:
            return None
        raw = handler.get_signed_cookie(LEARNER_COOKIE, max_age_days=COOKIE_DAYS)
        try:
            data = json.loads(raw or b"")
            if isinstance(data, dict) and data.get("class") == self.classroom.session:
                name, token = check_learner_name(str(data.get("name"))), data.get("token")
                holder = self.classroom.roster.holder(name)
                if holder is not None and isinstance(token, str) and self.classroom.roster.owns(name, token):
                    return holder.name
        except ValueError:
            pass
        return None

    def is_teacher(self, handler: tornado.web.RequestHandler) -> bool:
        if self.classroom is None:
            return False
        raw = handler.get_signed_cookie(TEACHER_COOKIE, max_age_days=1)
        return raw is not None and raw.decode() == self.classroom.session


def asked_by(handler: tornado.web.RequestHandler) -> str | None:
    """The language ``?lang=`` names, None without one or for a language the course does not speak."""
    try:
        return asked_language(handler.get_query_argument(LANGUAGE_PARAMETER, None))
    except UnknownLanguage:
        return None


def remembered_language(handler: tornado.web.RequestHandler, gate: Gate) -> str | None:
    """The language the learner of this request chose before, kept with their progress: in
    classroom mode the joined learner's (None for someone who has not joined), else the one
    learner's of this machine."""
    if gate.classroom is None:
        where = default_path()
    else:
        learner = gate.learner(handler)
        if learner is None:
            return None
        where = learner_path(gate.classroom.directory, learner)
    return Progress.load(where).language


def handler_language(handler: tornado.web.RequestHandler, gate: Gate | None = None, edition: str = "en") -> str:
    """The language of one of the app's own pages, chosen as for a course page
    (``languages.chosen_language``): ``?lang=`` (a language the course does not speak is passed
    over here), else the learner's remembered choice (looked up when ``gate`` is given), else the
    ``edition`` of the page the request is about, else the browser's ``Accept-Language``."""
    asked = asked_by(handler)
    remembered = remembered_language(handler, gate) if asked is None and gate is not None else None
    return chosen_language(asked, remembered, handler.request.headers.get("Accept-Language"), edition)


def refused_address(handler: tornado.web.RequestHandler, gate: Gate) -> bool:
    """Answer a request from a foreign host or site with the "not this course's address" page
    (403); True if it was refused, so the caller stops there."""
    if gate.admits_address(handler.request):
        return False
    handler.set_status(403)
    with use_locale(handler_language(handler)):
        handler.finish(pages.wrong_address_page())
    return True


class GatedHandler(JupyterHandler):
    """A handler of this app's own pages: the address check first, then the page."""

    @property
    def gate(self) -> Gate:
        return cast(Gate, self.settings["batak_gate"])

    async def prepare(self, *, _redirect_to_login: bool = True) -> None:
        if refused_address(self, self.gate):
            return
        await super().prepare(_redirect_to_login=_redirect_to_login)

    def local_next(self, default: str) -> str:
        """Where to go after joining: only a page of this app, never another site."""
        target = self.get_argument("next", "")
        course = self.base_url + "voila/render/"
        return target if target.startswith(course) and "//" not in target[1:] else default

    def language(self) -> str:
        """This request's language (``handler_language``); a page asked for in ``next`` lends its edition."""
        course = self.base_url + "voila/render/"
        target = self.local_next("")
        edition = split_page(target.removeprefix(course))[0] if target else "en"
        return handler_language(self, self.gate, edition)

    async def code_try(self, kind: str, right: Callable[[], bool]) -> Verdict:
        """Check a typed code of ``kind`` ("class", "teacher" or "recovery") with ``right()``, at the
        pace the gate allows this client (``throttle``); failed tries are logged without the code."""
        address = self.request.remote_ip or "unknown"
        verdict = await self.gate.backoff.check((client_key(address), kind), right)
        if verdict.outcome == "wrong":
            self.log.warning("Classroom: a wrong %s code from %s (%d in a row); its next try waits %.0f s",
                             kind, address, verdict.failures, verdict.retry_after)
        elif verdict.outcome == "locked":
            self.log.warning("Classroom: %s is locked out of the %s code for %.0f s (%d wrong codes in a row)",
                             address, kind, verdict.retry_after, verdict.failures)
        if verdict.outcome == "locked":
            self.set_status(429)
            self.set_header("Retry-After", str(math.ceil(verdict.retry_after)))
        return verdict


def locked_message(retry_after: float, now: float | None = None) -> str:
    """What a client locked out of a code is told: when it may try again."""
    minutes = max(1, math.ceil(retry_after / 60))
    at = time.strftime("%H:%M", time.localtime((time.time() if now is None else now) + retry_after))
    return ngettext("Too many wrong codes were typed on this computer, so it may not try again for now. "
                    "Try again in {minutes} minute (at {time}).",
                    "Too many wrong codes were typed on this computer, so it may not try again for now. "
                    "Try again in {minutes} minutes (at {time}).", minutes).format(minutes=minutes, time=at)


class JoinHandler(GatedHandler):
    """The class-code page: a learner types the code and their name and gets their cookie. The
    first browser to take a name keeps it; another is told the name is taken, unless it gives the
    learner's recovery code (shown once, on the page that follows a first join)."""

    def get(self) -> None:
        with use_locale(self.language()):
            self.finish(pages.join_page(self.xsrf_form_html(), self.get_argument("next", ""), query=self.query()))

    async def post(self) -> None:
        with use_locale(self.language()):
            await self._join()

    def query(self) -> dict[str, str]:
        """What the language menu's links keep of this page's address."""
        return {"next": self.get_argument("next", "")} if self.get_argument("next", "") else {}

    def _refuse(self, status: int, next_page: str, name: str, error: str, recovery: bool = False) -> None:
        if self.get_status() != 429:  # a lockout's status is already set, with its Retry-After
            self.set_status(status)
        self.finish(pages.join_page(self.xsrf_form_html(), next_page, name, error, query=self.query(),
                                    recovery=recovery))

    async def _join(self) -> None:
        room = self.gate.classroom
        assert room is not None, "the join page exists in classroom mode only"
        typed_name = self.get_argument("name", "")[:200]
        typed_recovery = self.get_argument("recovery", "")[:40]
        next_page = self.local_next(self.settings["batak_start_page"])
        verdict = await self.code_try("class", lambda: room.is_class_code(self.get_argument("code", "")[:40]))
        if verdict.outcome == "locked":
            self._refuse(429, next_page, typed_name, locked_message(verdict.retry_after))
            return
        if verdict.outcome == "wrong":
            self._refuse(403, next_page, typed_name, _("That is not this class's code. Check it with your teacher."))
            return
        try:
            name = check_learner_name(typed_name)
        except ValueError as error:
            self._refuse(400, next_page, typed_name, str(error))
            return
        holder = room.roster.holder(name)
        if holder is None:
            holder, token, recovery_code = room.roster.claim(name)
            self.log.info("Classroom: %s joined from %s", holder.name, self.request.remote_ip)
            self._admit(holder, token)
            self.finish(pages.joined_page(holder.name, recovery_code, next_page))
            return
        current = self.gate.learner(self)
        if current is not None and name_key(current) == name_key(name):  # this browser holds the name
            self._admit(holder, None)
            self.redirect(next_page)
            return
        if not typed_recovery.strip():
            self._refuse(409, next_page, typed_name, _(
                "The name {name} is already taken in this class. Type another name; or, if it is yours, "
                "type the recovery code you were shown when you joined.").format(name=holder.name), recovery=True)
            return
        recovered: list[str] = []

        def right() -> bool:
            result = room.roster.recover(name, typed_recovery)
            if result is not None:
                recovered.append(result[1])
            return result is not None

        verdict = await self.code_try("recovery", right)
        if verdict.outcome == "locked":
            self._refuse(429, next_page, typed_name, locked_message(verdict.retry_after), recovery=True)
            return
        if not recovered:
            self._refuse(403, next_page, typed_name, _(
                "That is not the recovery code of {name}. Check it, or ask your teacher to free the "
                "name.").format(name=holder.name), recovery=True)
            return
        self.log.info("Classroom: %s came back with their recovery code from %s", holder.name,
                      self.request.remote_ip)
        self._admit(holder, recovered[0])
        self.redirect(next_page)

    def _admit(self, holder: Holder, token: str | None) -> None:
        """Give this browser the learner's cookie (a new ``token``, or the one it has), and keep a
        language chosen on the join page with their progress."""
        room = self.gate.classroom
        assert room is not None
        if token is not None:
            self.set_signed_cookie(LEARNER_COOKIE, json.dumps({"class": room.session, "name": holder.name,
                                                               "token": token}),
                                   expires_days=COOKIE_DAYS, httponly=True, samesite="Lax")
        asked = asked_by(self)
        if asked is not None:  # chosen on the join page: the learner's pages open in it from now on
            progress = Progress.load(learner_path(room.directory, holder.name), learner=holder.name)
            if progress.language != asked:
                progress.choose_language(asked)


class TeacherHandler(GatedHandler):
    """The teacher's page: the class's progress, once the teacher code was typed, and what the
    progress files learners hand in hold. Its forms post here: the teacher code, the files and
    freeing a learner's name (``action`` tells them apart); all carry the ``_xsrf`` token that
    every post must."""

    def get(self) -> None:
        with use_locale(self.language()):
            if not self.gate.is_teacher(self):
                self.finish(pages.teacher_login_page(self.xsrf_form_html()))
                return
            self.finish(pages.teacher_page(self._report(), REPORT_REFRESH_SECONDS, self.xsrf_form_html()))

    async def post(self) -> None:
        action = self.get_body_argument("action", "")
        if action in (pages.HANDED_IN_ACTION, pages.FREE_NAME_ACTION):
            with use_locale(self.language()):
                if not self.gate.is_teacher(self):
                    self.set_status(403)
                    self.finish(pages.teacher_login_page(self.xsrf_form_html(), _(
                        "Type the teacher code first: only the teacher may read the progress files learners "
                        "hand in or free a learner's name.")))
                elif action == pages.HANDED_IN_ACTION:
                    self._handed_in()
                else:
                    self._free_name()
            return
        room = self.gate.classroom
        assert room is not None, "the teacher page exists in classroom mode only"
        verdict = await self.code_try("teacher", lambda: room.is_teacher_code(self.get_argument("code", "")[:40]))
        if verdict.outcome != "right":
            with use_locale(self.language()):
                if verdict.outcome == "wrong":
                    self.set_status(403)
                error = (_("That is not the teacher code.") if verdict.outcome == "wrong"
                         else locked_message(verdict.retry_after))
                self.finish(pages.teacher_login_page(self.xsrf_form_html(), error))
            return
        self.set_signed_cookie(TEACHER_COOKIE, room.session, expires_days=1, httponly=True, samesite="Strict")
        self.redirect(self.request.path + (f"?{self.request.query}" if self.request.query else ""))

    def _free_name(self) -> None:
        """Let a learner's name go (the teacher's button beside it): its browser is out, and whoever
        joins under the name next takes it, with its progress."""
        room = self.gate.classroom
        assert room is not None
        freed = room.roster.free(self.get_body_argument("name", "")[:200])
        if freed is not None:
            self.log.info("Classroom: the teacher freed the name %s", freed.name)
        self.redirect(self.request.path + (f"?{self.request.query}" if self.request.query else ""))

    def _handed_in(self) -> None:
        """Show what the progress files sent with the form hold (only to the teacher); nothing is kept."""
        sent = [(upload.filename, upload.body) for upload in self.request.files.get(pages.HANDED_IN_FIELD, [])
                if upload.filename or upload.body]  # an empty file field sends a nameless, empty part
        if not sent:
            self.set_status(400)
        results = pages.handed_in_fragment(read_handed_in(sent), len(sent))
        self.finish(pages.teacher_page(self._report(), REPORT_REFRESH_SECONDS, self.xsrf_form_html(), results))

    def _report(self) -> str:
        room = self.gate.classroom
        assert room is not None
        report = class_report(room.directory)
        return pages.report_fragment(report, time.strftime("%H:%M:%S"), class_members(room, report),
                                     self.xsrf_form_html())


def class_members(room: Classroom, report: ClassReport) -> list[pages.Member]:
    """Every learner of the class for the teacher's page: those who joined (with when, and their last
    page or answer) whether they answered yet or not, and those with a progress file (answers)."""
    def active(name: str, holder: Holder | None) -> float | None:
        """The learner's last activity: the last page they opened or the last answer saved."""
        try:
            saved: float | None = learner_path(room.directory, name).stat().st_mtime
        except (OSError, ValueError):
            saved = None
        times = [t for t in (saved, holder.seen if holder else None) if t is not None]
        return max(times) if times else None

    holders = {learner_key(holder.name): (key, holder) for key, holder in room.roster.holders.items()}
    members = []
    for learner in report.learners:
        key, holder = holders.pop(learner_key(learner.name), (None, None))
        members.append(pages.Member(learner.name, learner.preset, learner.answered, learner.correct,
                                    holder.joined if holder else None, active(learner.name, holder), key))
    for key, holder in holders.values():  # joined, and no answer saved yet
        preset = Progress(learner_path(room.directory, holder.name)).preset
        members.append(pages.Member(holder.name, preset, 0, 0, holder.joined, active(holder.name, holder), key))
    return sorted(members, key=lambda member: (sort_key(member.name), member.name))


def sort_key(name: str) -> str:
    """A name's place in the teacher's list: "Çağla" with the c's (a name that is no valid name last)."""
    try:
        return name_key(name)
    except ValueError:
        return "\uffff" + name


class TeacherReportHandler(TeacherHandler):
    """The live part of the teacher's page, fetched by the page every few seconds."""

    def get(self) -> None:
        if not self.gate.is_teacher(self):
            raise tornado.web.HTTPError(403)
        self.set_header("Cache-Control", "no-store")
        with use_locale(self.language()):
            self.finish(self._report())


class PageStateHandler(GatedHandler):
    """What became of a page's kernel, asked by the page itself so it can explain a dead page."""

    MESSAGES: Final = {
        "alive": "",
        "idle": N_("This page was idle for a while and was closed to make room for others. Reload it to "
                   "carry on: your answers so far are saved."),
        "stopped": N_("This page has stopped working: the program behind it ended. Reload the page to carry on: "
                      "your answers so far are saved."),
    }
    """What the page says for each state, in English (the page asks with ``?lang=`` for its own)."""

    async def prepare(self, *, _redirect_to_login: bool = False) -> None:
        """A script asks, not a person: unknown visitors get 403, never a login page to follow."""
        await super().prepare(_redirect_to_login=False)

    async def get(self, kernel_id: str) -> None:
        manager = cast(CourseKernelManager, self.kernel_manager)
        state = await manager.page_state(kernel_id)
        self.set_header("Cache-Control", "no-store")
        message = ""
        if state != "alive":
            with use_locale(self.language()):
                message = _(self.MESSAGES[state])
        self.finish({"state": state, "message": message})
