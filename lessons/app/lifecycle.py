"""How long a page's kernel lives, and how many the machine can hold.

Voilà starts one kernel per page view. The kernel manager here remembers why a kernel ended
(culled for being idle, or stopped on its own), so a page whose kernel is gone can tell the learner
what happened instead of going dead; and ``room_for_a_page`` is the cap that keeps a full class
from running the machine out of memory: a page that would not fit is refused with a "class is
full" page before its kernel starts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal

import psutil
from jupyter_core.utils import ensure_async
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

PageState = Literal["alive", "idle", "stopped"]

KERNEL_BYTES: Final = 110 * 2**20
"""What one more page costs at most here (a course kernel is about 60 MB; headroom for a game)."""
RESERVE_BYTES: Final = 512 * 2**20
"""Memory kept free for the server, the browser on a teacher's machine and the system."""
REMEMBERED_ENDINGS: Final = 10_000


class CourseKernelManager(AsyncMappingKernelManager):
    """The usual kernel manager, which also remembers which kernels it culled for idleness."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self.endings: dict[str, PageState] = {}

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        was_dead = getattr(self._kernels.get(kernel_id), "execution_state", None) == "dead"
        await super().cull_kernel_if_idle(kernel_id)  # type: ignore[no-untyped-call]
        if kernel_id not in self:
            self._remember(kernel_id, "stopped" if was_dead else "idle")

    def _remember(self, kernel_id: str, state: PageState) -> None:
        if len(self.endings) >= REMEMBERED_ENDINGS:
            self.endings.pop(next(iter(self.endings)))
        self.endings[kernel_id] = state

    async def page_state(self, kernel_id: str) -> PageState:
        """What became of the kernel behind a page: still there, culled, or stopped."""
        if kernel_id in self:
            if await ensure_async(self.get_kernel(kernel_id).is_alive()):
                return "alive"
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
