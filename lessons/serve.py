"""Serve the course as a Voilà app: ``python lessons/serve.py [--port 8866] [--classroom]``.

Voilà serves the notebooks of this folder with their code hidden; the bare address opens the
start page, and only the course's pages exist (no file tree, no contents listing, no Jupyter
server, no terminals). Tracebacks stay hidden from learners, and nothing is fetched from outside
the machine: the ``batak`` templates (``lessons/app/jupyter``) drop the Font Awesome CDN link of
Voilà's course page and of its own pages, its error pages (404, 403, 500) among them.

One learner (the default): the app listens on 127.0.0.1 and progress goes to the learner's own
file. ``--classroom`` listens on every network interface and asks each learner for the class
code and their name before any page opens; each learner gets their own progress and rule-set
choice, and the teacher watches the class at ``/teacher`` (see ``lessons/app``).

Every page view starts a kernel. Leaving the page frees it: Voilà's page sends a shutdown
request when it unloads, with the ``_xsrf`` token it reads from a cookie that only Voilà's file
tree sets, and this app serves no tree, so ``CourseRenderHandler`` sets the cookie with the
page (XSRF checks stay on). Idle kernels are culled; in classroom mode even a page left open
is closed after the idle time, and tells its learner so when they come back.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: make ``lessons.app`` importable
    sys.path.insert(0, str(ROOT))

import tornado.web  # noqa: E402
from jupyter_server.utils import url_path_join  # noqa: E402
from tornado.web import RedirectHandler  # noqa: E402
from traitlets.config import Config  # noqa: E402
from voila.app import Voila  # noqa: E402
from voila.tornado.contentshandler import VoilaContentsHandler  # noqa: E402
from voila.tornado.handler import TornadoVoilaHandler  # noqa: E402
from voila.tornado.treehandler import TornadoVoilaTreeHandler  # noqa: E402

from batak_core.cli.arguments import argparse_in_active_language  # noqa: E402
from batak_core.i18n import _, active_locale, format_number, language_from_environment, set_locale, use_locale  # noqa: E402
from batak_core.teaching.progress import Progress, default_path, learner_path  # noqa: E402
from lessons.app import pages  # noqa: E402
from lessons.app.classroom import Classroom, default_class_dir  # noqa: E402
from lessons.app.gate import (  # noqa: E402
    LEARNER_HEADER,
    RETRY_SECONDS,
    Gate,
    JoinHandler,
    PageStateHandler,
    TeacherHandler,
    TeacherReportHandler,
    handler_language,
    machine_names,
    refused_address,
)
from lessons.app.kernels import kernel_manager_arguments  # noqa: E402
from lessons.app.languages import (  # noqa: E402
    LANGUAGE_PARAMETER,
    UnknownLanguage,
    asked_language,
    chosen_language,
    page_path,
    split_page,
)
from lessons.app.lifecycle import CLASSROOM_READY_KERNELS, Capacity, CourseKernelManager  # noqa: E402
from lessons.app.templates_cache import cache_compiled_templates  # noqa: E402
from lessons.app.throttle import BASE_DELAY, Backoff  # noqa: E402

LESSONS = Path(__file__).resolve().parent
TEMPLATES = LESSONS / "app" / "jupyter"
START_PAGE = "00_start_here.ipynb"
CULL_IDLE_SECONDS = 900
"""An idle kernel is shut down after this long (checked every ``cull_interval`` seconds)."""
CLASS_DIR_VARIABLE = "BATAK_CLASS_DIR"
IOPUB_TIMEOUT_SECONDS = 120
"""How long Voilà waits for a cell's outputs after the cell finished. Its default, 4 s, is what
dropped the widgets of pages opened by many learners at once ("Timeout waiting for IOPub output")."""


class CourseRenderHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voilà's page handler behind the gate: the address check, the learner (classroom mode) and
    the room left on the machine come first, and only then may a kernel start.

    It also hands the page tornado's ``_xsrf`` cookie: the page's shutdown request on leaving
    carries it, and without it the server refuses the request (403) and the kernel stays behind."""

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        gate: Gate = self.settings["batak_gate"]
        if refused_address(self, gate):
            return
        while LEARNER_HEADER in self.request.headers:  # never the browser's word for who this is
            del self.request.headers[LEARNER_HEADER]
        learner: str | None = None
        if gate.classroom is not None:
            learner = gate.learner(self)
            if learner is None:
                asked = self.get_query_argument(LANGUAGE_PARAMETER, None)  # the join page speaks it too
                query = {"next": self.request.path, **({LANGUAGE_PARAMETER: asked} if asked is not None else {})}
                self.redirect(url_path_join(self.base_url, "join") + "?" + urlencode(query))
                return
            self.request.headers[LEARNER_HEADER] = learner
            gate.classroom.roster.seen(learner)  # the teacher's page shows who is in the room
        if self.redirected_to_edition(path or "", gate, learner):
            return
        manager = self.kernel_manager
        course_manager = manager if isinstance(manager, CourseKernelManager) else None
        open_pages = len(manager.list_kernel_ids()) - (course_manager.waiting_kernels() if course_manager else 0)
        if not gate.capacity.room_for_a_page(open_pages) and course_manager and await course_manager.release_waiting():
            await asyncio.sleep(0.5)  # the kernels started ahead give their memory back
        if not gate.capacity.room_for_a_page(open_pages):
            self.set_status(503)
            self.set_header("Retry-After", str(RETRY_SECONDS))
            with use_locale(split_page(path or "")[0]):
                self.finish(pages.class_full_page(open_pages, RETRY_SECONDS))
            return
        self.xsrf_token  # noqa: B018 - reading the token sets its cookie, before the page is sent
        await self.send_page(path)

    async def send_page(self, path: str | None) -> None:
        """Voilà's page, sent as it is built (``TornadoVoilaHandler.get``), but only while the browser
        still waits for it: a page that has gone (closed, or ended by its script when its kernel
        died) is not built on, and Voilà, whose rendering waits for ever on a kernel that died as it
        started, would otherwise keep sending its heartbeat into the void."""
        pieces = self.get_generator(path=path)
        try:
            async for html in pieces:
                if self._left:
                    break
                self.write(html)
                self.flush()
        finally:
            await pieces.aclose()

    _left = False
    """Whether the browser closed the connection before the page was all sent."""

    def on_connection_close(self) -> None:
        self._left = True
        super().on_connection_close()

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """A page that does not exist gets the course's own page in the learner's language, with the
        way to the start page; other errors are Voilà's."""
        if status_code != 404:
            super().write_error(status_code, **kwargs)
            return
        edition, _notebook = split_page(self.request.path.partition("/voila/render/")[2])
        with use_locale(handler_language(self, self.settings["batak_gate"], edition)):
            start = url_path_join(self.base_url, "voila/render", page_path(active_locale(), START_PAGE))
            self.finish(pages.no_such_page(start))

    def redirected_to_edition(self, path: str, gate: Gate, learner: str | None) -> bool:
        """Send the request to the page in the learner's language (``lessons/app/languages.py``),
        remembering a ``?lang=`` choice in their progress; True if a response was sent."""
        language, notebook = split_page(path)
        value = self.get_query_argument(LANGUAGE_PARAMETER, None)
        where = default_path() if gate.classroom is None else learner_path(gate.classroom.directory, str(learner))
        progress = Progress.load(where, learner=learner)
        accept = self.request.headers.get("Accept-Language")
        try:
            asked = asked_language(value)
        except UnknownLanguage:
            self.set_status(400)
            with use_locale(chosen_language(None, progress.language, accept, language)):
                self.finish(pages.unknown_language_page(str(value), url_path_join(self.base_url, "voila/render"),
                                                        notebook))
            return True
        if asked is not None and progress.language != asked:
            progress.choose_language(asked)
        wanted = chosen_language(asked, progress.language, accept, language)
        if wanted == language and asked is None:
            return False
        self.redirect(url_path_join(self.base_url, "voila/render", page_path(wanted, notebook)))
        return True


class CourseApp(Voila):  # type: ignore[misc]
    """Voilà in directory mode, with the start page as the entry point instead of a file tree."""

    gate: Gate | None = None
    """Set by ``main`` before launch: the admission rules (one learner unless a classroom is given)."""

    def init_settings(self) -> dict[str, Any]:
        if CourseApp.gate is None:
            CourseApp.gate = Gate(hosts=machine_names())
        settings: dict[str, Any] = super().init_settings()
        settings["batak_gate"] = CourseApp.gate
        if CourseApp.gate.classroom is not None:  # learners stay joined when the teacher restarts the app
            settings["cookie_secret"] = CourseApp.gate.classroom.secret
        settings["batak_start_page"] = url_path_join(self.server_url, "voila/render", START_PAGE)
        return settings

    def init_handlers(self) -> list[Any]:
        start = url_path_join(self.server_url, "voila/render", START_PAGE)
        redirects: list[Any] = [
            (self.server_url, RedirectHandler, {"url": start, "permanent": False}),
            (url_path_join(self.server_url, r"/voila/tree(.*)"), RedirectHandler, {"url": start, "permanent": False}),
        ]
        own: list[Any] = [(url_path_join(self.server_url, r"/batak/page/(?P<kernel_id>[\w-]+)"), PageStateHandler)]
        assert CourseApp.gate is not None, "init_settings runs first"
        if CourseApp.gate.classroom is not None:
            own += [(url_path_join(self.server_url, "/join"), JoinHandler),
                    (url_path_join(self.server_url, "/teacher"), TeacherHandler),
                    (url_path_join(self.server_url, "/teacher/report"), TeacherReportHandler)]
        dropped = (TornadoVoilaTreeHandler, VoilaContentsHandler)  # no file tree, no notebook listing
        kept = [(h[0], CourseRenderHandler, *h[2:]) if h[1] is TornadoVoilaHandler else h
                for h in super().init_handlers() if h[1] not in dropped]
        return redirects + own + kept


def voila_arguments(port: int, classroom: bool, cull_idle_seconds: int = CULL_IDLE_SECONDS,
                    ip: str | None = None, ready_kernels: int = 0) -> list[str]:
    """Voilà's command line for the course (the list and dict settings are in ``voila_config``).
    It listens on 127.0.0.1 for one learner, everywhere for a class, or on ``ip`` if given."""
    cull_interval = max(1, min(60, cull_idle_seconds // 3))
    return [
        str(LESSONS),
        f"--port={port}",
        "--Voila.port_retries=0",  # fail loudly on a busy port instead of wandering off
        f"--Voila.ip={ip or ('0.0.0.0' if classroom else '127.0.0.1')}",
        "--no-browser",
        "--show_tracebacks=False",
        "--template=batak",
        "--VoilaConfiguration.multi_kernel_manager_class=lessons.app.lifecycle.CourseKernelManager",
        f"--CourseKernelManager.ready_kernels={ready_kernels}",
        f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT_SECONDS}",
        "--VoilaExecutor.cell_error_instruction=Reload the page; if this part stays broken, tell your teacher.",
        "--KernelManager.autorestart=False",  # a restarted kernel has lost the page's widgets
        # Unix sockets, not TCP ports: a port chosen for a kernel could be taken before the kernel
        # bound it ("Address already in use"), and the server then hung in a send to that kernel
        "--KernelManager.transport=ipc",
        f"--MappingKernelManager.cull_idle_timeout={cull_idle_seconds}",
        f"--MappingKernelManager.cull_interval={cull_interval}",
        f"--MappingKernelManager.cull_connected={classroom}",
        *kernel_manager_arguments(),  # kernels forked from a warm process: a third of the start-up CPU
    ]


def voila_config(page_check_ms: int = 10_000) -> Config:
    """The settings that are lists and dicts (traitlets warns when those come on the command line)."""
    config = Config()
    config.VoilaConfiguration.file_allowlist = []  # no file of the lessons folder is served
    config.VoilaConfiguration.http_header_envs = [LEARNER_HEADER]  # the learner, for the kernel's progress
    config.VoilaConfiguration.resources = {"batak_page_check_ms": page_check_ms}
    return config


def launch(arguments: list[str], config: Config, app: type[CourseApp] | None = None) -> None:
    """Start the app (``CourseApp`` or a subclass; blocks until it stops); the page template comes
    from ``lessons/app/jupyter``."""
    os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(TEMPLATES), os.environ.get("JUPYTER_PATH")]))
    cache_compiled_templates()
    (app or CourseApp).launch_instance(arguments, config=config)


def main(argv: list[str] | None = None) -> None:
    set_locale(language_from_environment(os.environ))
    argparse_in_active_language()
    parser = argparse.ArgumentParser(description=_("Serve the Batak course (Voilà)."))
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--classroom", action="store_true",
                        help=_("a class on the local network: each learner joins with the class code and their "
                               "name, and has their own progress; the teacher watches at /teacher"))
    parser.add_argument("--class-dir", type=Path, default=None,
                        help=_("where the class's progress is kept (default {folder})").format(
                            folder=default_class_dir()))
    parser.add_argument("--class-code", help=_("the code learners type to join (default: kept from the last run, "
                                               "or a new one)"))
    parser.add_argument("--teacher-code", help=_("the code for the teacher's page (default: kept, or new)"))
    parser.add_argument("--max-pages", type=int, default=None,
                        help=_("the most course pages open at once (default: as many as memory allows)"))
    parser.add_argument("--idle-minutes", type=float, default=CULL_IDLE_SECONDS / 60,
                        help=_("close a page's kernel after this many idle minutes (default {minutes})").format(
                            minutes=format_number(CULL_IDLE_SECONDS / 60, 1)))
    parser.add_argument("--ready-kernels", type=int, default=None,
                        help=_("kernels kept started for the pages to come, so that a class opening a lesson at "
                               "once waits less (default {classroom} with --classroom, else 0)").format(
                            classroom=CLASSROOM_READY_KERNELS))
    parser.add_argument("--page-check-seconds", type=float, default=10.0, help=argparse.SUPPRESS)
    parser.add_argument("--code-delay-seconds", type=float, default=BASE_DELAY, help=argparse.SUPPRESS)  # tests
    args = parser.parse_args(argv)
    if args.max_pages is not None and args.max_pages < 1:
        parser.error(_("--max-pages must be at least 1"))
    if args.ready_kernels is not None and args.ready_kernels < 0:
        parser.error(_("--ready-kernels must be 0 or more"))
    if args.idle_minutes <= 0:
        parser.error(_("--idle-minutes must be more than 0"))
    if args.code_delay_seconds <= 0:
        parser.error("--code-delay-seconds must be more than 0")
    gate = Gate(hosts=machine_names(), capacity=Capacity(args.max_pages), backoff=Backoff(args.code_delay_seconds))
    if args.classroom:
        try:
            gate.classroom = Classroom.open(args.class_dir or default_class_dir(), args.class_code,
                                            args.teacher_code)
        except (ValueError, OSError) as error:
            parser.error(str(error))
        os.environ[CLASS_DIR_VARIABLE] = str(gate.classroom.directory)  # the kernels' progress folder
        print(_("Classroom mode: learners open http://<this machine's address>:{port}/ and join with\n"
                "    class code: {class_code}\n"
                "The teacher's page: http://127.0.0.1:{port}/teacher with teacher code {teacher_code}\n"
                "Progress is kept in {folder}").format(port=args.port, class_code=gate.classroom.class_code,
                                                       teacher_code=gate.classroom.teacher_code,
                                                       folder=gate.classroom.directory), file=sys.stderr)
    elif args.class_dir or args.class_code or args.teacher_code:
        parser.error(_("--class-dir, --class-code and --teacher-code need --classroom"))
    CourseApp.gate = gate
    print(_("The Batak course: http://127.0.0.1:{port}/").format(port=args.port), file=sys.stderr)
    ready = args.ready_kernels if args.ready_kernels is not None else CLASSROOM_READY_KERNELS if args.classroom else 0
    launch(voila_arguments(args.port, args.classroom, round(args.idle_minutes * 60), ready_kernels=ready),
           voila_config(round(args.page_check_seconds * 1000)))


if __name__ == "__main__":
    main()
