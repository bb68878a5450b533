"""How long a page's kernel lives, and how many the machine can hold.

Voilà starts one kernel per page view. The kernel manager here remembers why a kernel ended
(culled for being idle, or stopped on its own), so a page whose kernel is gone can tell the learner
what happened instead of going dead; and ``room_for_a_page`` is the cap that keeps a full class
from running the machine out of memory: a page that would not fit is refused with a "class is
full" page before its kernel starts.

Kernels started ahead (``CourseKernelManager.ready_kernels``, ``--ready-kernels``; 30 in classroom
mode): when a whole class opens a lesson at once, a third of the wait was starting 30 kernels. So
the manager keeps that many kernels started, for the folders (editions) pages were opened from, in
proportion to their recent pages; it starts them only once no page has started for
``READY_AFTER_QUIET`` seconds, one after the other, and only while memory allows. A page takes one
for its folder and first gives it the page's environment (which Voilà builds per request: the
learner's name ``HTTP_X_BATAK_LEARNER``, the request's address...), in a silent cell that runs
before any of the page's; nothing else in the kernel depends on them before that (the course reads
them when a page opens). Waiting kernels are not pages: they count for neither ``--max-pages`` nor
the pages open, and they are shut down when memory runs short for a page. The idle culler ends them
like any kernel, and they are started again.
"""

from __future__ import annotations

import asyncio
import collections
import hmac
import json
import os
import time
from dataclasses import dataclass
from typing import Any, Final, Literal, cast

import psutil
from jupyter_client.session import Session
from jupyter_core.utils import ensure_async
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import ApiPath
from traitlets import Integer

PageState = Literal["alive", "idle", "stopped"]

KERNEL_BYTES: Final = 110 * 2**20
"""What one more page costs at most here (a course kernel is about 60 MB; headroom for a game)."""
RESERVE_BYTES: Final = 512 * 2**20
"""Memory kept free for the server, the browser on a teacher's machine and the system."""
REMEMBERED_ENDINGS: Final = 10_000
HAND_OVER_TIMEOUT: Final = 60.0
"""Seconds a kernel started ahead may take to take a page's environment (a busy machine's)."""


READY_AFTER_QUIET: Final = 5.0
"""Seconds without a page starting before kernels are started ahead: never while a class arrives."""
RECENT_PAGES: Final = 200
"""The last page starts whose folders share the kernels started ahead."""
CLASSROOM_READY_KERNELS: Final = 30
"""Kernels started ahead in classroom mode: a class of 30 opening one lesson at once."""


class CourseKernelManager(AsyncMappingKernelManager):
    """The usual kernel manager, which also remembers which kernels it culled for idleness, and can
    keep kernels started ahead (``ready_kernels``) for the pages to come."""

    ready_kernels = Integer(0, config=True, help="Kernels kept started ahead (in all, shared by the folders "
                                                 "pages came from) while no page is starting.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self.endings: dict[str, PageState] = {}
        self._culling: dict[str, PageState] = {}  # kernels the culler is looking at, and what it would record
        self._ready: dict[tuple[str, str], list[str]] = {}
        self._ready_env: dict[str, dict[str, str]] = {}
        self._recent: collections.deque[tuple[str, str]] = collections.deque(maxlen=RECENT_PAGES)
        self._last_page = 0.0
        self._filling: asyncio.Task[None] | None = None

    async def release_waiting(self) -> int:
        """Shut the waiting kernels down (memory is short for a page); how many there were."""
        waiting = [kernel_id for kernels in self._ready.values() for kernel_id in kernels if kernel_id in self]
        for kernels in self._ready.values():
            kernels.clear()
        for kernel_id in waiting:
            self._ready_env.pop(kernel_id, None)
            await ensure_async(self.shutdown_kernel(kernel_id, now=True))  # type: ignore[no-untyped-call]
        return len(waiting)

    def waiting_kernels(self) -> int:
        """Kernels started ahead and not yet given to a page."""
        return sum(kernel_id in self for kernels in self._ready.values() for kernel_id in kernels)

    async def start_kernel(self, *, kernel_id: str | None = None,  # type: ignore[override]
                           path: ApiPath | None = None, **kwargs: Any) -> str:
        """A page's kernel: one started ahead for the page's folder if there is one, given the page's
        environment (its learner, its request) before any of its cells runs; else a new one."""
        if kernel_id is not None or self.ready_kernels <= 0:
            return str(await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs))
        self._last_page = time.monotonic()
        key = (str(kwargs.get("kernel_name") or self.default_kernel_name), str(path or ""))
        self._ready.setdefault(key, [])
        self._recent.append(key)
        if self._filling is None or self._filling.done():
            self._filling = asyncio.create_task(self._fill())
        waiting = self._ready[key]
        while waiting:
            ready = waiting.pop(0)
            base = self._ready_env.pop(ready, None)
            if ready not in self or base is None:
                continue
            if not await ensure_async(self.get_kernel(ready).is_alive()):  # died while it waited
                await ensure_async(self.shutdown_kernel(ready, now=True))  # type: ignore[no-untyped-call]
                continue
            try:
                await self._hand_over(ready, base, kwargs.get("env") or dict(os.environ))
            except Exception as error:
                self.log.warning("A kernel started ahead could not be handed over (%s): starting another", error)
                await ensure_async(self.shutdown_kernel(ready, now=True))  # type: ignore[no-untyped-call]
                continue
            return ready
        return str(await super().start_kernel(path=path, **kwargs))

    async def _hand_over(self, kernel_id: str, base: dict[str, str], env: dict[str, str]) -> None:
        """Give a kernel started ahead (with ``base``) the page's environment ``env``."""
        changed = {key: value for key, value in env.items() if base.get(key) != value}
        removed = sorted(base.keys() - env.keys())
        code = (f"import json as _json, os as _os\n_os.environ.update(_json.loads({json.dumps(changed)!r}))\n"
                f"for _key in {removed!r}:\n    _os.environ.pop(_key, None)\ndel _json, _os")
        client = self.get_kernel(kernel_id).client()
        client.start_channels()
        try:
            reply = await ensure_async(client.execute_interactive(code, silent=True, store_history=False,
                                                                  timeout=HAND_OVER_TIMEOUT))
        finally:
            client.stop_channels()
        if reply["content"].get("status") != "ok":
            raise RuntimeError(f"the kernel answered {reply['content'].get('status')!r}")

    async def _fill(self) -> None:
        """Start kernels ahead, one at a time, for the folders pages were opened from, while no page
        has started for a while and memory allows; a kernel culled for idleness is replaced too."""
        pause = 1.0
        while True:
            await asyncio.sleep(pause)
            pause = 1.0
            if time.monotonic() - self._last_page < READY_AFTER_QUIET:
                continue
            for key, kernels in self._ready.items():
                self._ready[key] = [k for k in kernels if k in self]
            if self.waiting_kernels() >= self.ready_kernels or not Capacity().room_for_a_page(0):
                continue
            demand = collections.Counter(self._recent)
            name, path = max(self._ready, key=lambda key: demand[key] / (1 + len(self._ready[key])))
            pause = 0.0  # the next one at once, should no page come meanwhile
            env = dict(os.environ)
            try:
                kernel_id = str(await super().start_kernel(kernel_name=name, path=ApiPath(path), env=env))
            except Exception as error:
                self.log.warning("Could not start a kernel ahead: %s", error)
                await asyncio.sleep(30)
                continue
            self._ready_env[kernel_id] = env
            self._ready[name, path] = [k for k in self._ready[name, path] if k in self] + [kernel_id]

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        was_dead = getattr(self._kernels.get(kernel_id), "execution_state", None) == "dead"
        ending: PageState = "stopped" if was_dead else "idle"
        self._culling[kernel_id] = ending
        try:
            await super().cull_kernel_if_idle(kernel_id)  # type: ignore[no-untyped-call]
        finally:
            self._culling.pop(kernel_id, None)
        if kernel_id not in self:
            self._remember(kernel_id, ending)

    def start_watching_activity(self, kernel_id: str) -> None:
        """jupyter_server's watch on a kernel's IOPub messages (its last activity, its execution state),
        reading only what it needs of each message: jupyter_server's own unpacks every message's
        header and parent header and parses their dates (dateutil), which was a tenth of the server's
        CPU when a class opened a lesson at once. The signature is checked as ``Session`` does."""
        kernel = self._kernels[kernel_id]
        kernel.reason = ""
        kernel.last_activity = utcnow()
        kernel._activity_stream = kernel.connect_iopub()
        session = Session(config=kernel.session.config, key=kernel.session.key)

        def record_activity(msg_list: list[bytes]) -> None:
            _idents, fed = session.feed_identities(msg_list)
            parts = cast(list[bytes], fed)  # on_recv copies: bytes, not zmq frames
            if len(parts) < 5:
                raise TypeError(f"malformed message, {len(parts)} parts")
            if session.auth is not None and not hmac.compare_digest(parts[0], session.sign(parts[1:5])):
                raise ValueError(f"Invalid Signature: {parts[0]!r}")
            msg_type = session.unpack(parts[1]).get("msg_type")
            parent_msg_type = session.unpack(parts[2]).get("msg_type")
            untracked = self.untracked_message_types
            if msg_type not in untracked or parent_msg_type not in untracked or kernel.execution_state == "busy":
                self.last_kernel_activity = kernel.last_activity = utcnow()
            if msg_type == "status":
                execution_state = session.unpack(parts[4])["execution_state"]
                if parent_msg_type not in untracked:
                    kernel.execution_state = execution_state
                elif kernel.execution_state == "starting" and execution_state != "starting":
                    kernel.execution_state = "idle"  # as jupyter_server normalises it

        kernel._activity_stream.on_recv(record_activity)

    def _remember(self, kernel_id: str, state: PageState) -> None:
        if len(self.endings) >= REMEMBERED_ENDINGS:
            self.endings.pop(next(iter(self.endings)))
        self.endings[kernel_id] = state

    async def page_state(self, kernel_id: str) -> PageState:
        """What became of the kernel behind a page: still there, culled, or stopped."""
        if kernel_id in self:
            if await ensure_async(self.get_kernel(kernel_id).is_alive()):
                return "alive"
            if kernel_id in self._culling:  # the culler is ending it: its process goes before its record
                return self._culling[kernel_id]
            # a dead process: free what is left of it
            await ensure_async(self.shutdown_kernel(kernel_id, now=True))  # type: ignore[no-untyped-call]
            self._remember(kernel_id, "stopped")
        return self.endings.get(kernel_id, "stopped")


@dataclass(frozen=True)
class Capacity:
    """The most pages at once: a fixed number if the teacher gave one, and always what memory allows."""

    max_pages: int | None = None

    def room_for_a_page(self, open_pages: int) -> bool:
        if self.max_pages is not None and open_pages >= self.max_pages:
            return False
        return bool(psutil.virtual_memory().available >= RESERVE_BYTES + KERNEL_BYTES)
