"""A whole class on one course server: ``python benchmarks/classroom.py [--learners 30] [--classroom]``.

The script starts the app (``lessons/serve.py`` on a free port, progress and class folder in a
temporary directory; ``--classroom`` adds a class code, and every learner joins with their own
name first) or uses a running one (``--url``). Each learner then opens the start page and two
lessons: in ``06_following_and_overtaking`` they answer the quiz's round of questions, in
``16_full_games`` they play a deal against the bots and answer that quiz too, with ``--think``
seconds between clicks. All learners arrive at once, or spread evenly over ``--spread`` seconds.

A learner is a lightweight client doing over HTTP and the kernel's websocket what Voilà's page
does in a browser (Voilà 0.5 with ipywidgets 8, JupyterLab's v1 websocket protocol):
- GET the page, which executes the notebook and streams the HTML; the page's script runs only once
  it is complete. The HTML holds the kernel id (``jupyter-config-data``) and a widget-view output
  (a model id) per widget shown;
- GET ``/api/kernels/<id>``, open ``/api/kernels/<id>/channels?session_id=...`` (the page's
  cookies, its Origin), send ``kernel_info_request``, open the ``jupyter.widget.control`` comm and
  ask it for ``request_states``; as ipywidgets' manager does, a control comm silent for 4 s makes
  the client fall back to ``comm_info_request`` and one ``request_state`` per widget;
- ask ``/batak/page/<id>`` for the kernel's state as often as the course template's script does;
- a click on a Button is the comm message ``{"method": "custom", "content": {"event": "click"}}``
  to its model; the kernel answers with ``update`` messages, applied to the client's copy of the
  models, from which it reads what is on screen (``_dom_classes``, ``disabled``, ``display:
  none`` layouts of the widget or any box around it);
- leaving the page closes the socket and POSTs ``/voila/api/shutdown/<id>`` with the ``_xsrf``
  cookie's token, as the page's ``beforeunload`` beacon does, without waiting for the answer.
The clients fetch none of the page's static files (scripts, styles), which a browser caches.

Measured:
- time to widgets: from a page's GET until every widget view in its HTML, and every widget inside
  it, has its state (the widgets are shown). The widget views a page should have are counted first
  by one lone learner; a page that shows fewer, fails or is refused counts its widgets as missing;
- click to update: a click until the kernel's first ``update`` answering it; the figures "while all
  are in class" count the clicks made after the last learner arrived and before the first one left;
- the server's process tree (the server and its kernels, RSS summed, sampled twice a second): its
  peak and the kernels alive then; after everyone left, the kernels still alive at once and after
  waiting up to ``--wait-after`` seconds for them to go, and the memory then;
- the CPU time the server's tree, the learners and every other process used meanwhile: on a shared
  machine, other processes' share says how far the figures can be trusted;
- then a real-browser check: ``--browser-learners`` pages at once in Debian's headless Chromium
  (Playwright), each opening the start page and both lessons and waiting for the CSS classes the
  course's widgets set, as a learner would see them.
- ``--burst LESSON`` (``11_a_whole_game`` with ``--burst 11``): after the class, every learner, joined
  and with no page open, opens that lesson at the same moment, as when a teacher says "all go to
  lesson 11" (once the server's kernels have settled: those it keeps started ahead are ready). Timed
  per page: until the page's kernel has started (its id, sent once the kernel answers, arrives in
  the HTML stream), until the HTML is complete (every cell executed) and until the widgets are
  shown; the differences say where the time goes. ``--burst-only`` skips the class and the real
  browsers (the learners still join first).
The exit status is 1 if any widgets are missing, in any part (so the script works as a check).
Last come the server log's warnings and errors, by kind (``--log`` keeps the whole log).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import json
import os
import random
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field, fields
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urljoin, urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import psutil  # noqa: E402
from jupyter_server.services.kernels.connection.base import (  # noqa: E402
    deserialize_msg_from_ws_v1,
    serialize_msg_to_ws_v1,
)
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest, HTTPResponse  # noqa: E402
from tornado.websocket import WebSocketClientConnection, websocket_connect  # noqa: E402

from lessons.app.classroom import new_code  # noqa: E402
from lessons.app.lifecycle import READY_AFTER_QUIET  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, free_port, kernel_processes, stop, wait_for  # noqa: E402

START_PAGE = "00_start_here.ipynb"
QUIZ_LESSON = "06_following_and_overtaking.ipynb"
GAME_LESSON = "16_full_games.ipynb"
WS_PROTOCOL = "v1.kernel.websocket.jupyter.org"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', re.S)
OUTPUT = re.compile(r'<script type="application/vnd\.voila\.cell-output\+json">(.*?)</script>', re.S)
PAGE_CHECK = re.compile(r"setInterval\(check, (\d+)\)")
XSRF_FIELD = re.compile(r'<input type="hidden" name="_xsrf" value="([^"]*)"')
CONTINUE_LINK = re.compile(r'<a href="([^"]*)" class="batak-continue"')
"""The way on from the page that shows a learner's recovery code after their first join."""
CONTROL_TIMEOUT = 4.0
"""Seconds ipywidgets' manager waits for the control comm's states before asking widget by widget."""
PAGE_TIMEOUT = 300.0
CLICK_TIMEOUT = 30.0
DEAL_TIMEOUT = 300.0
BROWSER_TIMEOUT = 120_000  # ms
SAMPLE_SECONDS = 0.5
SERVER_START_SECONDS = 120.0
READY_PATH = "/voila/static/voila.js"
"""Asked until the server answers: a course page would start a kernel that nobody shuts down."""

Reply = tuple[float, dict[str, Any]]
"""When a kernel message arrived (monotonic seconds) and its content."""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def spread(values: list[float], unit: str = "s", scale: float = 1.0) -> str:
    if not values:
        return "none"
    digits = 2 if unit == "s" else 0
    p50, p95, most = (scale * v for v in (statistics.median(values), percentile(values, 0.95), max(values)))
    return f"p50 {p50:.{digits}f} {unit}, p95 {p95:.{digits}f} {unit}, max {most:.{digits}f} {unit} (n={len(values)})"


def model_ref(value: object) -> str | None:
    """The model id in a widget reference ("IPY_MODEL_<id>")."""
    return value[len("IPY_MODEL_"):] if isinstance(value, str) and value.startswith("IPY_MODEL_") else None


@dataclass
class Visit:
    """One page opened by one learner."""

    learner: str
    started: float
    notebook: str = ""
    status: int = 0
    kernel_s: float | None = None
    html_s: float | None = None
    widgets_s: float | None = None
    views: int = 0
    shown: int = 0
    cell_errors: int = 0
    fallback: bool = False
    shutdown: int | None = None
    errors: list[str] = field(default_factory=list)


@dataclass
class Click:
    sent: float
    what: str
    latency: float | None  # None: the kernel sent no update for it


@dataclass
class Tally:
    """What the learners did, summed."""

    answers: int = 0
    judged: int = 0
    right: int = 0
    plays: int = 0
    deals: int = 0
    save_problems: int = 0


class Client:
    """One learner's browser as far as HTTP goes: its cookies, and requests sent as a browser sends them."""

    def __init__(self, http: AsyncHTTPClient, base: str) -> None:
        self.http, self.base = http, base
        self.cookies: dict[str, str] = {}

    def headers(self, origin: bool) -> dict[str, str]:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())} if self.cookies else {}
        if origin:  # scripts' requests, form posts and websockets carry it, plain navigation does not
            headers["Origin"] = self.base
        return headers

    def keep_cookies(self, response: HTTPResponse) -> None:
        """Keep the cookies a response sets, as a browser does."""
        for cookie in response.headers.get_list("Set-Cookie"):
            name, _, value = cookie.split(";", 1)[0].partition("=")
            self.cookies[name.strip()] = value.strip()

    async def fetch(self, path: str, form: dict[str, str] | None = None) -> tuple[str, HTTPResponse]:
        """GET ``path`` (or POST ``form`` to it), following redirects and keeping cookies; the final
        address and response (code 599 when the server did not answer in time or at all)."""
        url = urljoin(self.base, path)
        for _ in range(10):
            request = HTTPRequest(url, method="GET" if form is None else "POST",
                                  body=None if form is None else urlencode(form),
                                  headers=self.headers(origin=form is not None), follow_redirects=False,
                                  connect_timeout=PAGE_TIMEOUT, request_timeout=PAGE_TIMEOUT)
            try:
                response = await self.http.fetch(request, raise_error=False)
            except (HTTPClientError, OSError) as error:  # raise_error=False lets timeouts and resets through
                return url, HTTPResponse(request, 599, error=error)
            self.keep_cookies(response)
            if response.code not in (301, 302, 303, 307, 308):
                return url, response
            url, form = urljoin(url, response.headers["Location"]), None
        raise RuntimeError(f"{path}: too many redirects")

    async def stream(self, path: str, visit: Visit) -> tuple[str, HTTPResponse]:
        """GET a course page as a browser reads it, chunk by chunk, noting in ``visit`` when the
        page's kernel id came (its kernel has started); no redirects (the learner has joined)."""
        url = urljoin(self.base, path)
        chunks: list[bytes] = []
        seen = b""

        def take(chunk: bytes) -> None:
            nonlocal seen
            chunks.append(chunk)
            if visit.kernel_s is None:
                seen = seen[-64:] + chunk
                if b'id="jupyter-config-data"' in seen:
                    visit.kernel_s = time.monotonic() - visit.started

        request = HTTPRequest(url, headers=self.headers(origin=False), follow_redirects=False,
                              connect_timeout=PAGE_TIMEOUT, request_timeout=PAGE_TIMEOUT, streaming_callback=take)
        try:
            response = await self.http.fetch(request, raise_error=False)
        except (HTTPClientError, OSError) as error:
            return url, HTTPResponse(request, 599, error=error)
        self.keep_cookies(response)
        return url, HTTPResponse(request, response.code, headers=response.headers, buffer=io.BytesIO(b"".join(chunks)),
                                 effective_url=url, reason=response.reason)

    async def join(self, code: str, name: str) -> tuple[str, HTTPResponse]:
        """Join the class as the join page's form does; the page it leads to (the start page)."""
        _, page = await self.fetch("/join")
        token = XSRF_FIELD.search(page.body.decode(errors="replace")) if page.code == 200 else None
        if token is None:
            raise RuntimeError(f"the join page (HTTP {page.code}) has no _xsrf field")
        url, joined = await self.fetch("/join", {"_xsrf": token.group(1), "code": code, "name": name})
        way_on = CONTINUE_LINK.search(joined.body.decode(errors="replace")) if joined.code == 200 else None
        if way_on is None:
            return url, joined
        return await self.fetch(way_on.group(1).replace("&amp;", "&"))  # past the recovery code, as a learner


class Page:
    """A course page as its script sees it: the kernel's websocket and the page's widget models."""

    def __init__(self, client: Client, visit: Visit, clicks: list[Click]) -> None:
        self.client, self.visit, self.clicks = client, visit, clicks
        self.models: dict[str, dict[str, Any]] = {}
        self.views: list[str] = []
        self.kernel_id = ""
        self.session = str(uuid.uuid4())
        self.ws: WebSocketClientConnection | None = None
        self.closed = False
        self._waiting: dict[tuple[str, str], asyncio.Future[Reply]] = {}
        self._tick = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []

    # --- opening --------------------------------------------------------------------------------

    async def open(self, response: HTTPResponse, url: str) -> bool:
        """Take the page's HTML and bring its widgets up; False if the page cannot show them."""
        visit = self.visit
        visit.status = response.code
        if response.code != 200:
            visit.errors.append(f"HTTP {response.code}" + (f" ({response.error})" if response.code == 599 else ""))
            return False
        if not urlsplit(url).path.endswith(f"/{visit.notebook}"):
            visit.errors.append(f"ended up at {urlsplit(url).path} instead")
            return False
        visit.html_s = time.monotonic() - visit.started
        html = response.body.decode(errors="replace")
        config = CONFIG.search(html)
        if config is None:
            visit.errors.append("no page config (kernel id) in the page")
            return False
        self.kernel_id = json.loads(config.group(1))["kernelId"]
        outputs = [json.loads(found) for found in OUTPUT.findall(html)]
        self.views = [o["data"][WIDGET_VIEW]["model_id"] for o in outputs if WIDGET_VIEW in o.get("data", {})]
        visit.views = len(self.views)
        visit.cell_errors = sum(o.get("output_type") == "error" or o.get("name") == "stderr" for o in outputs)
        _, model = await self.client.fetch(f"/api/kernels/{self.kernel_id}")  # the page's KernelAPI.getKernelModel
        if model.code != 200:
            visit.errors.append(f"kernel model: HTTP {model.code}")
            return False
        ws_url = urljoin(self.client.base.replace("http", "ws", 1),
                         f"/api/kernels/{self.kernel_id}/channels?session_id={self.session}")
        self.ws = await websocket_connect(HTTPRequest(ws_url, headers=self.client.headers(origin=True),
                                                      connect_timeout=PAGE_TIMEOUT, request_timeout=PAGE_TIMEOUT),
                                          subprotocols=[WS_PROTOCOL], max_message_size=256 * 2**20)
        if self.ws.selected_subprotocol != WS_PROTOCOL:
            visit.errors.append(f"the server chose websocket protocol {self.ws.selected_subprotocol!r}")
            return False
        self._tasks.append(asyncio.create_task(self._read()))
        if check := PAGE_CHECK.search(html):
            self._tasks.append(asyncio.create_task(self._check_page(int(check.group(1)) / 1000)))
        [info] = self._send("kernel_info_request", {}, expect=("reply",))
        await self._reply(info, PAGE_TIMEOUT)
        await self._load_widgets()
        visit.shown = sum(self._complete(view) for view in self.views)
        if self.views and visit.shown == visit.views:
            visit.widgets_s = time.monotonic() - visit.started
        return visit.widgets_s is not None

    async def _load_widgets(self) -> None:
        """ipywidgets' manager: every state at once over the control comm, or widget by widget if it
        does not answer in time."""
        comm_id = str(uuid.uuid4())
        self._send("comm_open", {"comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}},
                   {"version": "1.0.0"})
        [states] = self._send("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}},
                              expect=("states",))
        if await self._reply(states, CONTROL_TIMEOUT) is not None:
            self._send("comm_close", {"comm_id": comm_id, "data": {}})
            return
        self.visit.fallback = True
        [request] = self._send("comm_info_request", {"target_name": "jupyter.widget"}, expect=("reply",))
        info = await self._reply(request, PAGE_TIMEOUT)
        comms = info[1].get("comms", {}) if info else {}
        requests = [future for comm, about in comms.items() if about.get("target_name") == "jupyter.widget"
                    for future in self._send("comm_msg", {"comm_id": comm, "data": {"method": "request_state"}},
                                             expect=("update",))]
        await asyncio.gather(*(self._reply(future, PAGE_TIMEOUT) for future in requests))

    def _complete(self, view: str) -> bool:
        """The view's model and every model it refers to (children, layouts, styles) have their state."""
        seen, stack = set(), [view]
        while stack:
            model_id = stack.pop()
            if model_id in seen:
                continue
            seen.add(model_id)
            state = self.models.get(model_id)
            if state is None:
                return False
            for value in state.values():
                stack.extend(ref for v in (value if isinstance(value, list) else [value]) if (ref := model_ref(v)))
        return True

    # --- the kernel's messages -------------------------------------------------------------------

    def _send(self, msg_type: str, content: dict[str, Any], metadata: dict[str, Any] | None = None,
              expect: tuple[str, ...] = ()) -> list[asyncio.Future[Reply]]:
        """Send a shell message; the futures of the answers it expects, of the kinds "reply",
        "states", "update" (the first update it causes) and "idle" (the kernel is done with it)."""
        assert self.ws is not None
        msg_id = str(uuid.uuid4())
        futures: list[asyncio.Future[Reply]] = []
        for kind in expect:
            futures.append(asyncio.get_running_loop().create_future())
            self._waiting[kind, msg_id] = futures[-1]
        header = {"msg_id": msg_id, "msg_type": msg_type, "session": self.session, "username": "", "version": "5.2",
                  "date": datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")}
        parts = [json.dumps(part).encode() for part in (header, {}, metadata or {}, content)]
        self.ws.write_message(serialize_msg_to_ws_v1(parts, "shell"), binary=True)  # type: ignore[no-untyped-call]
        return futures

    async def _reply(self, future: asyncio.Future[Reply], timeout: float) -> Reply | None:
        with contextlib.suppress(TimeoutError):
            return await asyncio.wait_for(future, timeout)
        return None  # wait_for cancelled the future: an answer arriving late is ignored

    async def _read(self) -> None:
        assert self.ws is not None
        while (raw := await self.ws.read_message()) is not None:
            try:
                self._receive(raw if isinstance(raw, bytes) else raw.encode())
            except (ValueError, KeyError, TypeError) as error:
                self.visit.errors.append(f"a kernel message not understood: {type(error).__name__}: {error}")
        self.closed = True
        self._wake()

    def _receive(self, raw: bytes) -> None:
        _channel, parts = deserialize_msg_from_ws_v1(raw)  # type: ignore[no-untyped-call]
        header, parent, _metadata, content = (json.loads(part) for part in parts[:4])
        kind, cause = header["msg_type"], parent.get("msg_id", "")
        if kind == "status" and content.get("execution_state") == "idle":
            self._resolve("idle", cause, content)
        elif kind in ("kernel_info_reply", "comm_info_reply"):
            self._resolve("reply", cause, content)
        elif kind == "comm_open" and content.get("target_name") == "jupyter.widget":
            self.models[content["comm_id"]] = dict(content["data"]["state"])
        elif kind == "comm_close":
            self.models.pop(content["comm_id"], None)
        elif kind == "comm_msg":
            data = content["data"]
            if data.get("method") == "update_states":
                if self._resolve("states", cause, content):
                    self.models.update({model_id: dict(s["state"]) for model_id, s in data["states"].items()})
            elif data.get("method") in ("update", "echo_update"):
                self.models.setdefault(content["comm_id"], {}).update(data["state"])
                self._resolve("update", cause, content)
        self._wake()

    def _resolve(self, kind: str, cause: str, content: dict[str, Any]) -> bool:
        future = self._waiting.pop((kind, cause), None)
        if future is None or future.done():
            return False
        future.set_result((time.monotonic(), content))
        return True

    def _wake(self) -> None:
        self._tick.set()
        self._tick = asyncio.Event()

    async def changed(self, timeout: float) -> None:
        """Wait for the kernel's next message (at most ``timeout`` seconds)."""
        tick = self._tick
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(tick.wait(), timeout)
        if self.closed:
            raise ConnectionError("the kernel's websocket closed")

    async def _check_page(self, interval: float) -> None:
        """The course template's watch on the page's kernel."""
        while True:
            await asyncio.sleep(interval)
            _, response = await self.client.fetch(f"/batak/page/{self.kernel_id}")
            try:
                state = json.loads(response.body)["state"] if response.code == 200 else f"HTTP {response.code}"
            except (ValueError, KeyError, TypeError):
                state = "an answer that is not the page's state"
            if state != "alive":
                self.visit.errors.append(f"page check: {state}")
                return

    # --- what is on screen, and clicks ----------------------------------------------------------------

    def _hidden(self, state: dict[str, Any]) -> bool:
        layout = self.models.get(model_ref(state.get("layout")) or "", {})
        return bool(layout.get("display") == "none")

    def shown_under(self, root: str) -> Iterator[tuple[str, dict[str, Any]]]:
        """The widgets in ``root`` that are on screen, in page order: neither they nor a box around
        them is ``display: none``."""
        stack = [root]
        while stack:
            model_id = stack.pop()
            state = self.models.get(model_id)
            if state is None or self._hidden(state):
                continue
            yield model_id, state
            stack.extend(ref for child in reversed(state.get("children", [])) if (ref := model_ref(child)))

    def root(self, css_class: str) -> str | None:
        """The shown widget with this class, searched from the page's widget views."""
        return next((model_id for view in self.views for model_id, state in self.shown_under(view)
                     if css_class in state.get("_dom_classes", ())), None)

    def has(self, root: str, *classes: str) -> bool:
        return any(all(c in state.get("_dom_classes", ()) for c in classes) for _, state in self.shown_under(root))

    def buttons(self, root: str, css_class: str) -> list[str]:
        """The shown, enabled buttons in ``root`` with this class."""
        return [model_id for model_id, state in self.shown_under(root)
                if state.get("_model_name") == "ButtonModel" and css_class in state.get("_dom_classes", ())
                and not state.get("disabled")]

    def state(self, model_id: str) -> dict[str, Any]:
        return self.models.get(model_id, {})

    async def click(self, model_id: str, what: str) -> None:
        """Click a button as its view does; timed until the kernel's first update answering it, then
        wait until the kernel is done with it (all its updates are in)."""
        sent = time.monotonic()
        update, idle = self._send("comm_msg", {"comm_id": model_id,
                                               "data": {"method": "custom", "content": {"event": "click"}}},
                                  expect=("update", "idle"))
        await asyncio.wait([update, idle], timeout=CLICK_TIMEOUT, return_when=asyncio.FIRST_COMPLETED)
        latency = update.result()[0] - sent if update.done() and not update.cancelled() else None
        self.clicks.append(Click(sent, what, latency))
        await self._reply(idle, CLICK_TIMEOUT)
        update.cancel()

    # --- leaving -----------------------------------------------------------------------------------

    def leave(self) -> asyncio.Task[None]:
        """Leave as the page's ``beforeunload`` handler does: the shutdown beacon, then close the
        socket; the request's task, not waited for (a browser goes on to the next page at once)."""
        for task in self._tasks:
            task.cancel()
        beacon = asyncio.create_task(self._shutdown())
        if self.ws is not None:
            self.ws.close()
        return beacon

    async def _shutdown(self) -> None:
        if not self.kernel_id:
            return
        _, response = await self.client.fetch(f"/voila/api/shutdown/{self.kernel_id}",
                                              {"_xsrf": self.client.cookies.get("_xsrf", "")})
        self.visit.shutdown = response.code


class Learner:
    """One learner's visit to the course, page by page."""

    def __init__(self, name: str, http: AsyncHTTPClient, base: str, think: float, seed: int) -> None:
        self.name = name
        self.client = Client(http, base)
        self.think = think
        self.rng = random.Random(seed)
        self.visits: list[Visit] = []
        self.clicks: list[Click] = []
        self.tally = Tally()
        self.arrived = self.left = 0.0
        self._beacons: list[asyncio.Task[None]] = []

    async def pause(self) -> None:
        await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))

    async def open(self, notebook: str, code: str | None = None, streamed: bool = False) -> Page:
        """Open a lesson's page; the start page as a learner does, at the bare address (or with ``code``
        through the class's join form, which leads there). ``streamed``: read the page as it comes,
        noting when its kernel has started."""
        visit = Visit(self.name, time.monotonic(), notebook)
        self.visits.append(visit)
        page = Page(self.client, visit, self.clicks)
        path = "/" if notebook == START_PAGE else f"/voila/render/{notebook}"
        try:
            url, response = await (self.client.join(code, self.name) if code
                                   else self.client.stream(path, visit) if streamed else self.client.fetch(path))
            await page.open(response, url)
        except Exception as error:  # a page that breaks is a finding, not the end of the run
            visit.errors.append(f"{type(error).__name__}: {error}")
        return page

    def leave(self, page: Page) -> None:
        self._beacons.append(page.leave())

    async def finish(self) -> None:
        await asyncio.gather(*self._beacons)
        self.left = time.monotonic()

    async def attend(self, code: str | None) -> None:
        """The whole visit: the start page, the quiz lesson, the game lesson."""
        self.arrived = time.monotonic()
        page = await self.open(START_PAGE, code)
        await self.pause()
        self.leave(page)
        page = await self.open(QUIZ_LESSON)
        await self.attempt(page, self.quiz)
        self.leave(page)
        page = await self.open(GAME_LESSON)
        await self.attempt(page, self.deal)
        await self.attempt(page, self.quiz)
        self.leave(page)
        await self.finish()

    async def attempt(self, page: Page, action: Callable[[Page], Awaitable[None]]) -> None:
        if page.visit.widgets_s is None:
            return
        try:
            await action(page)
        except Exception as error:
            page.visit.errors.append(f"{action.__name__}: {type(error).__name__}: {error}")

    async def press(self, page: Page, model_id: str, what: str) -> None:
        await self.pause()
        await page.click(model_id, what)

    async def quiz(self, page: Page) -> None:
        """Answer the lesson quiz's round: pick a card (or a choice) and check, then the next question."""
        quiz = page.root("batak-lesson-quiz")
        if quiz is None:
            raise LookupError("no lesson quiz on the page")
        for _ in range(20):
            choices, cards = page.buttons(quiz, "batak-choice"), page.buttons(quiz, "batak-card")
            if choices:
                await self.press(page, self.rng.choice(choices), "quiz choice")
            elif cards:
                await self.press(page, self.rng.choice(cards), "quiz card")
            if check := page.buttons(quiz, "batak-check"):
                await self.press(page, check[0], "quiz check")
            elif not (choices or cards):
                raise LookupError("a quiz question with nothing to answer it")
            self.tally.answers += 1
            feedback = next((s for _, s in page.shown_under(quiz) if "batak-feedback" in s.get("_dom_classes", ())),
                            {})
            verdict = {"batak-correct", "batak-wrong"} & set(feedback.get("_dom_classes", ()))
            self.tally.judged += bool(verdict)
            self.tally.right += "batak-correct" in verdict
            following = page.buttons(quiz, "batak-next-question")
            if not following:
                break
            await self.press(page, following[0], "next question")
        notes = [s for _, s in page.shown_under(quiz) if "batak-quiz-note" in s.get("_dom_classes", ())]
        self.tally.save_problems += any("batak-error" in str(note.get("value", "")) for note in notes)

    def game_moves(self, page: Page, table: str) -> list[tuple[str, str]]:
        """What the learner may do at the table now (a button and what it is): pass, else the lowest
        bid, else trump, else any legal card; the next deal once this one is over."""
        for css_class, what in (("batak-pass", "pass"), ("batak-bid", "bid"), ("batak-trump-S", "trump")):
            if found := page.buttons(table, css_class):
                return [(found[0], what)]
        # the seat's turn mark is updated before the hand, so stale card classes never fool us
        if page.has(table, "batak-seat-0", "batak-turn") and (legal := page.buttons(table, "batak-legal")):
            return [(card, "card") for card in legal]
        return [(found[0], "next deal")] if (found := page.buttons(table, "batak-next-deal")) else []

    async def deal(self, page: Page) -> None:
        """Play cards until a deal is over (after a thrown-in deal, the next one)."""
        table = page.root("batak-game-table")
        if table is None:
            raise LookupError("no game table on the page")
        plays, deadline = 0, time.monotonic() + DEAL_TIMEOUT
        while time.monotonic() < deadline:
            moves = self.game_moves(page, table)
            if not moves:
                await page.changed(deadline - time.monotonic())
                continue
            move = self.rng.choice(moves)
            if move[1] == "next deal" and plays:
                self.tally.deals += 1
                return
            await self.pause()
            if move not in self.game_moves(page, table):
                continue  # the table moved on while the learner was thinking
            await page.click(*move)
            plays += move[1] == "card"
            self.tally.plays += move[1] == "card"
        raise TimeoutError(f"the deal was not over after {DEAL_TIMEOUT:.0f} s ({plays} cards played)")


class ServerWatch:
    """The server's process tree, sampled: memory (RSS summed over the processes) and kernels alive."""

    def __init__(self, pid: int | None) -> None:
        self.server = psutil.Process(pid) if pid else None
        self.peak_rss, self.kernels_at_peak, self.most_kernels = 0, 0, 0
        self._stop = asyncio.Event()

    def sample(self) -> tuple[int, int]:
        if self.server is None:
            return 0, 0
        rss = kernels = 0
        processes = [self.server]
        with contextlib.suppress(psutil.Error):
            processes = [self.server, *self.server.children(recursive=True)]
            kernels = len(kernel_processes(self.server))
        for process in processes:
            with contextlib.suppress(psutil.Error):
                if process.status() != psutil.STATUS_ZOMBIE:
                    rss += process.memory_info().rss
        return rss, kernels

    def own_cpu_seconds(self) -> float:
        """CPU time the server's own process has used (one core at most: it is one event loop)."""
        if self.server is None:
            return 0.0
        with contextlib.suppress(psutil.Error):
            times = self.server.cpu_times()
            return float(times.user + times.system)
        return 0.0

    def cpu_seconds(self) -> float:
        """CPU time the server's tree has used (kernels that ended count in the server's children times)."""
        if self.server is None:
            return 0.0
        used = 0.0
        with contextlib.suppress(psutil.Error):
            times = self.server.cpu_times()
            used = times.user + times.system + times.children_user + times.children_system
            for child in self.server.children(recursive=True):
                with contextlib.suppress(psutil.Error):
                    times = child.cpu_times()
                    used += times.user + times.system
        return used

    async def run(self) -> None:
        while not self._stop.is_set():
            rss, kernels = await asyncio.to_thread(self.sample)
            if rss > self.peak_rss:
                self.peak_rss, self.kernels_at_peak = rss, kernels
            self.most_kernels = max(self.most_kernels, kernels)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), SAMPLE_SECONDS)

    def stop(self) -> None:
        self._stop.set()


def listening_pid(base: str) -> int | None:
    """The process listening on the port of ``base`` (a server started elsewhere), if it can be seen."""
    port = urlsplit(base).port
    with contextlib.suppress(psutil.Error):
        for connection in psutil.net_connections("tcp"):
            if connection.laddr and connection.laddr.port == port and connection.status == psutil.CONN_LISTEN:
                return int(connection.pid) if connection.pid else None
    return None


def machine_cpu_seconds() -> float:
    """CPU time the whole machine has been busy (all cores)."""
    times = psutil.cpu_times()
    return float(sum(getattr(times, name, 0.0) for name in ("user", "nice", "system", "irq", "softirq", "steal")))


def own_cpu_seconds() -> float:
    times = psutil.Process().cpu_times()
    return float(times.user + times.system)


def megabytes(rss: int) -> str:
    return f"{rss / 2**20:,.0f} MB"


def missing_widgets(visits: list[Visit], expected: dict[str, int]) -> int:
    return sum(max(0, expected.get(v.notebook, 0) - (v.shown if v.widgets_s is not None else 0)) for v in visits)


async def lone_visit(http: AsyncHTTPClient, base: str, code: str | None) -> dict[str, int]:
    """One learner alone opens each page: how many widget views each page should show."""
    learner = Learner("Lone Learner", http, base, 0.0, 0)
    for notebook in (START_PAGE, QUIZ_LESSON, GAME_LESSON):
        learner.leave(await learner.open(notebook, code if notebook == START_PAGE else None))
    await learner.finish()
    for visit in learner.visits:
        shown = f"{visit.widgets_s:.2f} s to widgets" if visit.widgets_s is not None else "widgets not shown"
        print(f"  alone: {visit.notebook}: {visit.views} widget views, {shown}"
              + (f" ({'; '.join(visit.errors)})" if visit.errors else ""))
    return {v.notebook: v.views for v in learner.visits if v.widgets_s is not None}


async def crowd(args: argparse.Namespace, http: AsyncHTTPClient, base: str, code: str | None,
                expected: dict[str, int], watch: ServerWatch) -> int:
    """All the learners at once; prints the figures and returns the missing widgets."""
    learners = [Learner(f"Learner {i + 1:02d}", http, base, args.think, i) for i in range(args.learners)]
    started = time.monotonic()
    cpu_before = (machine_cpu_seconds(), watch.cpu_seconds(), own_cpu_seconds())

    async def arrive(index: int, learner: Learner) -> None:
        await asyncio.sleep(args.spread * index / max(1, args.learners - 1) if args.learners > 1 else 0)
        await learner.attend(code)

    sampling = asyncio.create_task(watch.run())
    await asyncio.gather(*(arrive(i, learner) for i, learner in enumerate(learners)))
    watch.stop()
    await sampling
    ended = time.monotonic()
    machine, server, own = (after - before for after, before in zip(
        (machine_cpu_seconds(), watch.cpu_seconds(), own_cpu_seconds()), cpu_before, strict=True))
    kernels_after, rss_after = (await asyncio.to_thread(watch.sample))[::-1]

    visits = [v for learner in learners for v in learner.visits]
    clicks = [c for learner in learners for c in learner.clicks]
    all_in, first_out = max(learner.arrived for learner in learners), min(learner.left for learner in learners)
    together = [c.latency for c in clicks if c.latency is not None and all_in <= c.sent <= first_out]
    missing = missing_widgets(visits, expected)
    should = sum(expected.get(v.notebook, 0) for v in visits)
    tally = Tally(**{f.name: sum(getattr(learner.tally, f.name) for learner in learners) for f in fields(Tally)})
    print(f"{args.learners} learners, arriving over {args.spread:g} s, done in {ended - started:.0f} s")
    print(f"pages opened: {sum(v.widgets_s is not None for v in visits)} of {len(visits)} with their widgets"
          f" ({sum(v.status != 200 for v in visits)} not served: "
          f"{dict(Counter(v.status for v in visits if v.status != 200)) or 'none'})")
    print(f"widgets shown: {should - missing} / {should} expected ({missing} missing)")
    print(f"time to HTML complete: {spread([v.html_s for v in visits if v.html_s is not None])}")
    print(f"time to widgets: {spread([v.widgets_s for v in visits if v.widgets_s is not None])}")
    for notebook in expected:
        print(f"  {notebook}: {spread([v.widgets_s for v in visits if v.notebook == notebook and v.widgets_s])}")
    answered = [c.latency for c in clicks if c.latency is not None]
    print(f"click to update, all clicks: {spread(answered, 'ms', 1000)}"
          + (f"; {len(clicks) - len(answered)} clicks got no update" if len(clicks) > len(answered) else ""))
    print(f"click to update while all {args.learners} are in class: {spread(together, 'ms', 1000)}")
    for what in sorted({c.what for c in clicks}):
        kind = [c.latency for c in clicks if c.what == what and c.latency is not None]
        print(f"  {what}: {spread(kind, 'ms', 1000)}")
    print(f"quiz answers: {tally.answers} ({tally.judged} judged, {tally.right} right), cards played: "
          f"{tally.plays}, deals finished: {tally.deals} of {args.learners}, progress not saved: "
          f"{tally.save_problems} quiz rounds")
    fallbacks = sum(v.fallback for v in visits)
    print(f"control comm silent for {CONTROL_TIMEOUT:g} s (widgets fetched one by one): {fallbacks} pages; "
          f"pages with error outputs: {sum(v.cell_errors > 0 for v in visits)}; shutdown answers (HTTP): "
          f"{dict(Counter(v.shutdown for v in visits if v.shutdown is not None))}")
    if watch.server is not None:
        others, available = max(0.0, machine - server - own), (ended - started) * psutil.cpu_count()
        print(f"CPU while in class: the server and its kernels {server:.0f} s, these learners {own:.0f} s, other "
              f"processes {others:.0f} s, of {available:.0f} core-seconds"
              + (" (other processes took over a tenth: the figures are skewed)" if others > available / 10 else ""))
        print(f"server peak memory: {megabytes(watch.peak_rss)} (RSS of the server and its kernels), "
              f"{watch.kernels_at_peak} kernels alive then (at most {watch.most_kernels})")
        print(f"after all left: {kernels_after} kernels alive at once ({megabytes(rss_after)})")
        deadline = time.monotonic() + args.wait_after
        while kernels_after and time.monotonic() < deadline:
            await asyncio.sleep(1)
            rss_after, kernels_after = await asyncio.to_thread(watch.sample)
        print(f"after waiting {args.wait_after - max(0.0, deadline - time.monotonic()):.0f} s: "
              f"{kernels_after} kernels alive, memory {megabytes(rss_after)}")
    problems = Counter(error for v in visits for error in v.errors)
    for error, count in problems.most_common(8):
        print(f"  problem ×{count}: {error[:200]}")
    return missing


async def burst(args: argparse.Namespace, http: AsyncHTTPClient, base: str, code: str | None,
                watch: ServerWatch) -> int:
    """Every learner opens ``args.burst`` at the same moment (joined before, no page open then);
    prints the figures and returns the missing widgets."""
    lesson = args.burst
    alone = Learner("Lone Burst Learner", http, base, 0.0, 0)
    if code:
        alone.leave(await alone.open(START_PAGE, code))
    page = await alone.open(lesson, streamed=True)
    alone.leave(page)
    await alone.finish()
    [*_, lone] = alone.visits
    if lone.widgets_s is None:
        print(f"burst: a lone learner does not get the widgets of {lesson} ({'; '.join(lone.errors)})")
        return 1
    print(f"  alone: {lesson}: {lone.views} widget views, kernel {lone.kernel_s:.2f} s, HTML {lone.html_s:.2f} s, "
          f"widgets {lone.widgets_s:.2f} s")
    learners = [Learner(f"Burst Learner {i + 1:02d}", http, base, 0.0, i) for i in range(args.learners)]
    if code:
        for learner, joined in zip(learners, await asyncio.gather(*(learner.open(START_PAGE, code)
                                                                   for learner in learners)), strict=True):
            learner.leave(joined)
        await asyncio.gather(*(learner.finish() for learner in learners))
    # the joins' pages have gone when the kernel count has settled (at 0, or at the kernels the
    # server keeps started ahead): steady for longer than the quiet the server waits before it
    # starts them, or a count of 0 before they start would pass for settled
    deadline, counts = time.monotonic() + args.wait_after, [-1]
    steady = round((READY_AFTER_QUIET + 3) / 0.5)  # samples, one each 0.5 s
    while time.monotonic() < deadline and not (len(counts) > steady and len(set(counts[-steady:])) == 1):
        await asyncio.sleep(0.5)
        counts.append((await asyncio.to_thread(watch.sample))[1])
    await asyncio.sleep(args.burst_pause)
    waiting = counts[-1]
    started = time.monotonic()
    cpu_before = (machine_cpu_seconds(), watch.cpu_seconds(), watch.own_cpu_seconds())
    sampling = asyncio.create_task(watch.run())
    pages = await asyncio.gather(*(learner.open(lesson, streamed=True) for learner in learners))
    ended = time.monotonic()
    watch.stop()
    await sampling
    machine, tree, server = (after - before for after, before in zip(
        (machine_cpu_seconds(), watch.cpu_seconds(), watch.own_cpu_seconds()), cpu_before, strict=True))
    for opened, learner in zip(pages, learners, strict=True):
        learner.leave(opened)
    await asyncio.gather(*(learner.finish() for learner in learners))
    visits = [learner.visits[-1] for learner in learners]
    missing = missing_widgets(visits, {lesson: lone.views})
    print(f"burst: {args.learners} learners open {lesson} at once ({waiting} kernels started ahead), all shown "
          f"after {ended - started:.1f} s; "
          f"widgets shown on {sum(v.widgets_s is not None for v in visits)} of {len(visits)} pages "
          f"({missing} widgets missing)")
    print(f"  kernel started (its id in the page): {spread([v.kernel_s for v in visits if v.kernel_s is not None])}")
    print(f"  HTML complete (cells executed): {spread([v.html_s for v in visits if v.html_s is not None])}")
    print(f"  time to widgets: {spread([v.widgets_s for v in visits if v.widgets_s is not None])}")
    steps = [(v.kernel_s, v.html_s - v.kernel_s, v.widgets_s - v.html_s) for v in visits
             if v.kernel_s is not None and v.html_s is not None and v.widgets_s is not None]
    if steps:
        kernel, executing, widgets = (statistics.median(step[i] for step in steps) for i in range(3))
        print(f"  per page, median: to the kernel {kernel:.2f} s, executing {executing:.2f} s, "
              f"then widgets {widgets:.2f} s")
    if watch.server is not None:
        print(f"  CPU meanwhile: the server {server:.1f} s and its kernels {tree - server:.1f} s, the whole machine "
              f"{machine:.0f} s "
              f"of {(ended - started) * psutil.cpu_count():.0f} core-seconds; load average now "
              f"{', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for error, count in Counter(error for v in visits for error in v.errors).most_common(5):
        print(f"  problem ×{count}: {error[:200]}")
    return missing


async def browser_check(count: int, base: str, code: str | None) -> int:
    """``count`` Chromium pages at once open the start page and both lessons; returns the pages whose
    widgets did not appear."""
    from playwright.async_api import async_playwright

    steps = ("start page", QUIZ_LESSON, GAME_LESSON)
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)

        async def learner(index: int) -> tuple[dict[str, float], list[float], list[str]]:
            context = await browser.new_context(viewport={"width": 1280, "height": 900})
            page = await context.new_page()
            times: dict[str, float] = {}
            clicks: list[float] = []
            problems: list[str] = []

            async def step(name: str, selectors: tuple[str, ...], go: Any) -> bool:
                t0 = time.monotonic()
                try:
                    await go()
                    for selector in selectors:
                        await page.locator(selector).first.wait_for(state="visible", timeout=BROWSER_TIMEOUT)
                except Exception as error:
                    problems.append(f"{name}: {type(error).__name__}: {str(error).splitlines()[0]}")
                    return False
                times[name] = time.monotonic() - t0
                if await page.locator('[data-mime-type="application/vnd.jupyter.stderr"]').count():
                    problems.append(f"{name}: the page shows error output")
                return True

            async def join() -> None:
                await page.goto(base + "/")
                if code:
                    await page.fill("input[name=code]", code)
                    await page.fill("input[name=name]", f"Browser Learner {index + 1}")
                    await page.click("form [type=submit]")
                    await page.click(".batak-continue")  # past the learner's recovery code

            try:
                await step(steps[0], (".batak-start-page .batak-lesson-link",), join)
                quiz_card = ".batak-lesson-quiz button.batak-card:visible"
                if await step(steps[1], (quiz_card,), lambda: page.goto(f"{base}/voila/render/{QUIZ_LESSON}")):
                    card = page.locator(quiz_card).first
                    code_class = await card.evaluate("el => [...el.classList].find(c => /^batak-card-..$/.test(c))")
                    t0 = time.monotonic()
                    await card.click()
                    await page.locator(f".batak-lesson-quiz button.{code_class}.batak-selected").wait_for(
                        timeout=BROWSER_TIMEOUT)
                    clicks.append(time.monotonic() - t0)
                await step(steps[2], (".batak-game-table .batak-seat", ".batak-lesson-quiz .batak-prompt"),
                           lambda: page.goto(f"{base}/voila/render/{GAME_LESSON}"))
                await page.goto("about:blank")  # leaving sends the page's shutdown request
            finally:
                await context.close()
            return times, clicks, problems

        results = await asyncio.gather(*(learner(i) for i in range(count)))
        await browser.close()
    missing = sum(len(steps) - len(times) for times, _, _ in results)
    print(f"real browsers: {count} Chromium pages at once, widgets visible on {count * len(steps) - missing} of "
          f"{count * len(steps)} pages ({missing} missing)")
    for name in steps:
        print(f"  {name}: {spread([times[name] for times, _, _ in results if name in times])}")
    print(f"  quiz card click to selected: {spread([c for _, clicks, _ in results for c in clicks], 'ms', 1000)}"
          " (Playwright's click included)")
    for problem, n in Counter(p for _, _, problems in results for p in problems).most_common(5):
        print(f"  problem ×{n}: {problem[:200]}")
    return missing


def server_log_summary(log: Path) -> None:
    """The server's warnings and errors, by kind (ids and numbers blanked)."""
    kinds: Counter[str] = Counter()
    for line in log.read_text(errors="replace").splitlines():
        if any(word in line for word in ("WARNING", "ERROR", "CRITICAL", "Traceback", "Error")):
            kinds[re.sub(r"[0-9a-f]{8}-[0-9a-f-]{27}|\d+(\.\d+)?", "#", line.strip())[:160]] += 1
    print(f"server log: {sum(kinds.values())} warning or error lines" + (":" if kinds else ""))
    for line, count in kinds.most_common(10):
        print(f"  ×{count}: {line}")


async def benchmark(args: argparse.Namespace, base: str, code: str | None, pid: int | None) -> int:
    http = AsyncHTTPClient(force_instance=True, max_clients=4 * args.learners + 10)
    print(f"server {base} ({'classroom mode, class code ' + code if code else 'one-learner mode'})")
    expected = {} if args.burst_only else await lone_visit(http, base, code)
    if not args.burst_only and (len(expected) < 3 or not all(expected.values())):
        print("a lone learner does not get every page's widgets: no point in a class")
        return 1
    missing = 0
    if not args.burst_only:
        missing += await crowd(args, http, base, code, expected, ServerWatch(pid))
    if args.burst:
        missing += await burst(args, http, base, code, ServerWatch(pid))
    if args.browser_learners and not args.burst_only:
        missing += await browser_check(args.browser_learners, base, code)
    http.close()
    return 1 if missing else 0


def lesson_name(value: str) -> str:
    """A lesson's notebook from its number (``11``) or its name, with or without ``.ipynb``."""
    if value.isdigit():
        found = sorted((ROOT / "lessons").glob(f"{int(value):02d}_*.ipynb"))
        if not found:
            raise argparse.ArgumentTypeError(f"no lesson {value}")
        return found[0].name
    return value if value.endswith(".ipynb") else value + ".ipynb"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=30, help="lightweight learners at once (default 30)")
    parser.add_argument("--browser-learners", type=int, default=5, help="Chromium pages at once (0 skips them)")
    parser.add_argument("--spread", type=float, default=0.0, help="seconds over which the learners arrive")
    parser.add_argument("--think", type=float, default=1.0, help="a learner's mean pause before a click, s")
    parser.add_argument("--wait-after", type=float, default=60.0,
                        help="seconds to wait for kernels to go after everyone left (the app culls every 60 s)")
    parser.add_argument("--burst", type=lesson_name, default=None,
                        help="then all learners open this lesson at once (a number or a notebook's name)")
    parser.add_argument("--burst-only", action="store_true", help="only the burst (needs --burst)")
    parser.add_argument("--burst-pause", type=float, default=2.0,
                        help="seconds of quiet before the burst, once the class's pages are closed and the "
                             "server's kernels started ahead are ready")
    parser.add_argument("--server-args", default="", help="more arguments for lessons/serve.py, as one string")
    parser.add_argument("--url", help="use the course server at this address instead of starting one")
    parser.add_argument("--classroom", action="store_true",
                        help="classroom mode: the server gets a class code and every learner joins first")
    parser.add_argument("--class-code", help="the class code to join with (with --url: the server's; default random)")
    parser.add_argument("--log", type=Path, help="keep the started server's log in this file")
    args = parser.parse_args()
    if args.burst_only and not args.burst:
        parser.error("--burst-only needs --burst")
    code = (args.class_code or new_code()) if args.classroom else None
    if args.url:
        sys.exit(asyncio.run(benchmark(args, args.url.rstrip("/"), code, listening_pid(args.url))))
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        command = [sys.executable, str(ROOT / "lessons" / "serve.py"), "--port", str(port),
                   *shlex.split(args.server_args)]
        if code:
            command += ["--classroom", "--class-code", code, "--class-dir", str(Path(tmp) / "class")]
        env = {**os.environ, "BATAK_PROGRESS": str(Path(tmp) / "progress.json")}
        log_path = args.log or Path(tmp) / "server.log"
        with log_path.open("w") as log:
            server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=ROOT)
            try:
                wait_for(base + READY_PATH, SERVER_START_SECONDS)
                status = asyncio.run(benchmark(args, base, code, server.pid))
            finally:
                stop(server)
        server_log_summary(log_path)
    sys.exit(status)


if __name__ == "__main__":
    main()
