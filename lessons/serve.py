"""Serve the course as a Voilà app: ``python lessons/serve.py [--port 8866] [--classroom]``.

Voilà serves the notebooks of this folder with their code hidden; the bare address opens the
start page, the directory listing is not offered, tracebacks stay hidden from learners, and
only Voilà's own handlers exist (no Jupyter server, no file browser, no terminals).
By default the app listens on 127.0.0.1 only; ``--classroom`` serves it on every network
interface on purpose, so a teacher can let a class join from their own machines.

Every page view starts a kernel. Leaving the page frees it: Voilà's page sends a shutdown
request when it unloads, with the ``_xsrf`` token it reads from a cookie that only Voilà's file
tree sets, and this app serves no tree, so ``CourseRenderHandler`` sets the cookie with the
page (XSRF checks stay on). A kernel whose page went away without that request (a crashed tab)
is culled once nobody is connected and it has been idle for ``CULL_IDLE_SECONDS``; an open page,
however idle, keeps its kernel.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import tornado.web
from jupyter_server.utils import url_path_join
from tornado.web import RedirectHandler
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

LESSONS = Path(__file__).resolve().parent
START_PAGE = "00_start_here.ipynb"
CULL_IDLE_SECONDS = 900
"""An unconnected kernel idle this long is shut down (checked every CULL_INTERVAL_SECONDS)."""
CULL_INTERVAL_SECONDS = 60


class CourseRenderHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voilà's page handler, which also hands the page tornado's ``_xsrf`` cookie: the page's
    shutdown request on leaving carries it, and without it the server refuses the request (403)
    and the kernel stays behind."""

    @tornado.web.authenticated  # type: ignore[misc]
    async def get(self, path: str | None = None) -> None:
        self.xsrf_token  # noqa: B018 - reading the token sets its cookie, before the page is sent
        await super().get(path=path)


class CourseApp(Voila):  # type: ignore[misc]
    """Voilà in directory mode, with the start page as the entry point instead of a file tree."""

    def init_handlers(self) -> list[Any]:
        start = url_path_join(self.server_url, "voila/render", START_PAGE)
        redirects: list[Any] = [
            (self.server_url, RedirectHandler, {"url": start, "permanent": False}),
            (url_path_join(self.server_url, r"/voila/tree(.*)"), RedirectHandler, {"url": start, "permanent": False}),
        ]
        kept = [(h[0], CourseRenderHandler, *h[2:]) if h[1] is TornadoVoilaHandler else h
                for h in super().init_handlers() if h[1] is not TornadoVoilaTreeHandler]
        return redirects + kept


def voila_arguments(port: int, classroom: bool) -> list[str]:
    return [
        str(LESSONS),
        f"--port={port}",
        "--Voila.port_retries=0",  # fail loudly on a busy port instead of wandering off
        f"--Voila.ip={'0.0.0.0' if classroom else '127.0.0.1'}",
        "--no-browser",
        "--show_tracebacks=False",
        "--VoilaConfiguration.file_allowlist=[]",
        f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_SECONDS}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL_SECONDS}",
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve the Batak course (Voilà).")
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--classroom", action="store_true",
                        help="listen on all network interfaces so others on the local network can join")
    args = parser.parse_args(argv)
    if args.classroom:
        print("Classroom mode: the course is reachable from the local network on port "
              f"{args.port}. Anyone who can reach this machine can open it.", file=sys.stderr)
    print(f"The Batak course: http://127.0.0.1:{args.port}/", file=sys.stderr)
    CourseApp.launch_instance(voila_arguments(args.port, args.classroom))


if __name__ == "__main__":
    main()
