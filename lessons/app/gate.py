"""Who may open a course page, and as whom.

Every request that could start a kernel passes the gate first:
- its ``Host`` must be one this machine answers to and its ``Origin`` (when the browser sends one)
  the same site, so another web site cannot make a visitor's browser start kernels here (DNS
  rebinding, cross-site requests);
- in classroom mode it must carry the signed cookie a learner gets by joining with the class
  code; the learner's name then travels to the page's kernel in the ``X-Batak-Learner`` request
  header, which the gate always overwrites (a browser cannot pick someone else's progress), and
  which Voilà copies into the kernel's environment as ``HTTP_X_BATAK_LEARNER``;
- the machine must have room for one more kernel, or the page says the class is full.
"""

from __future__ import annotations

import ipaddress
import json
import socket
import time
from dataclasses import dataclass, field
from typing import Final, cast
from urllib.parse import urlsplit

import psutil
import tornado.web
from jupyter_server.base.handlers import JupyterHandler
from tornado.httputil import HTTPServerRequest

from batak_core.i18n import N_, _, use_locale
from batak_core.teaching.class_report import class_report
from batak_core.teaching.progress import Progress, check_learner_name, default_path, learner_path

from . import pages
from .classroom import Classroom, read_handed_in
from .languages import LANGUAGE_PARAMETER, UnknownLanguage, asked_language, chosen_language, split_page
from .lifecycle import Capacity, CourseKernelManager

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
        """The name in a valid learner cookie of this class, else None."""
        if self.classroom is None:
            return None
        raw = handler.get_signed_cookie(LEARNER_COOKIE, max_age_days=COOKIE_DAYS)
        try:
            data = json.loads(raw or b"")
            if isinstance(data, dict) and data.get("class") == self.classroom.session:
                return check_learner_name(str(data.get("name")))
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


class JoinHandler(GatedHandler):
    """The class-code page: a learner types the code and their name and gets their cookie."""

    def get(self) -> None:
        with use_locale(self.language()):
            self.finish(pages.join_page(self.xsrf_form_html(), self.get_argument("next", ""), query=self.query()))

    def post(self) -> None:
        with use_locale(self.language()):
            self._join()

    def query(self) -> dict[str, str]:
        """What the language menu's links keep of this page's address."""
        return {"next": self.get_argument("next", "")} if self.get_argument("next", "") else {}

    def _join(self) -> None:
        room = self.gate.classroom
        assert room is not None, "the join page exists in classroom mode only"
        typed_name = self.get_argument("name", "")[:200]
        next_page = self.local_next(self.settings["batak_start_page"])
        if not room.is_class_code(self.get_argument("code", "")[:40]):
            self.set_status(403)
            self.finish(pages.join_page(self.xsrf_form_html(), next_page, typed_name,
                                        _("That is not this class's code. Check it with your teacher."),
                                        query=self.query()))
            return
        try:
            name = check_learner_name(typed_name)
        except ValueError as error:
            self.set_status(400)
            self.finish(pages.join_page(self.xsrf_form_html(), next_page, typed_name, str(error), query=self.query()))
            return
        self.set_signed_cookie(LEARNER_COOKIE, json.dumps({"class": room.session, "name": name}),
                               expires_days=COOKIE_DAYS, httponly=True, samesite="Lax")
        asked = asked_by(self)
        if asked is not None:  # chosen on the join page: the learner's pages open in it from now on
            progress = Progress.load(learner_path(room.directory, name), learner=name)
            if progress.language != asked:
                progress.choose_language(asked)
        self.redirect(next_page)


class TeacherHandler(GatedHandler):
    """The teacher's page: the class's progress, once the teacher code was typed, and what the
    progress files learners hand in hold. Its two forms post here: the teacher code, and the files
    (``action`` tells them apart); both carry the ``_xsrf`` token that every post must."""

    def get(self) -> None:
        with use_locale(self.language()):
            if not self.gate.is_teacher(self):
                self.finish(pages.teacher_login_page(self.xsrf_form_html()))
                return
            self.finish(pages.teacher_page(self._report(), REPORT_REFRESH_SECONDS, self.xsrf_form_html()))

    def post(self) -> None:
        if self.get_body_argument("action", "") == pages.HANDED_IN_ACTION:
            with use_locale(self.language()):
                self._handed_in()
            return
        room = self.gate.classroom
        assert room is not None, "the teacher page exists in classroom mode only"
        if not room.is_teacher_code(self.get_argument("code", "")[:40]):
            self.set_status(403)
            with use_locale(self.language()):
                self.finish(pages.teacher_login_page(self.xsrf_form_html(), _("That is not the teacher code.")))
            return
        self.set_signed_cookie(TEACHER_COOKIE, room.session, expires_days=1, httponly=True, samesite="Strict")
        self.redirect(self.request.path + (f"?{self.request.query}" if self.request.query else ""))

    def _handed_in(self) -> None:
        """Show what the progress files sent with the form hold (only to the teacher); nothing is kept."""
        if not self.gate.is_teacher(self):
            self.set_status(403)
            self.finish(pages.teacher_login_page(self.xsrf_form_html(), _(
                "Type the teacher code first: only the teacher may read the progress files learners hand in.")))
            return
        sent = [(upload.filename, upload.body) for upload in self.request.files.get(pages.HANDED_IN_FIELD, [])
                if upload.filename or upload.body]  # an empty file field sends a nameless, empty part
        if not sent:
            self.set_status(400)
        results = pages.handed_in_fragment(read_handed_in(sent), len(sent))
        self.finish(pages.teacher_page(self._report(), REPORT_REFRESH_SECONDS, self.xsrf_form_html(), results))

    def _report(self) -> str:
        room = self.gate.classroom
        assert room is not None
        return pages.report_fragment(class_report(room.directory), time.strftime("%H:%M:%S"))


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
