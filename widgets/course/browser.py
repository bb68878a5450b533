"""The course's pages in the browser edition (``make site``): Python runs in the learner's browser
(Pyodide), where files live in memory and go with the page. The learner's progress file (progress,
rule set, puzzle rating) is kept in the browser's IndexedDB instead: its folder is mounted from
IndexedDB when a page opens, and each write is copied back, so it survives a reload, a closed tab
and the next page. Nothing here runs under the app's server (``batak_core.runtime.IN_BROWSER`` is False there).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from batak_core.teaching import progress as progress_files

_mounted: set[str] = set()
_copy: asyncio.Task[None] | None = None
"""The copy to IndexedDB under way, if any (kept: asyncio holds tasks weakly)."""
_copy_again = False
"""Whether a file was written while the copy ran: one more copy follows it."""


async def open_storage(folder: Path) -> None:
    """Mount ``folder`` from IndexedDB (once per page) and read what earlier pages saved there."""
    key = str(folder)
    if key in _mounted:
        return
    fs = _file_system()
    folder.mkdir(parents=True, exist_ok=True)
    fs.mount(fs.filesystems.IDBFS, _js_object({}), key)
    _mounted.add(key)
    await _sync(fs, populate=True)
    progress_files.AFTER_WRITE.append(_persist)


def _persist(path: Path) -> None:
    """Copy a written progress file to IndexedDB: the write is done, the copy finishes on its own.
    One copy at a time (Emscripten warns of two at once); writes during a copy get one more."""
    global _copy, _copy_again
    if not any(str(path).startswith(folder) for folder in _mounted):
        return
    if _copy is not None and not _copy.done():
        _copy_again = True
        return
    _copy = asyncio.ensure_future(_copy_until_current())


async def _copy_until_current() -> None:
    global _copy_again
    while True:
        _copy_again = False
        await _sync(_file_system(), populate=False)
        if not _copy_again:
            return


async def _sync(fs: Any, populate: bool) -> None:
    """Emscripten's ``syncfs``: IndexedDB into the page's files (``populate``) or back."""
    done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def finished(error: Any = None) -> None:
        if not done.done():
            if error:
                done.set_exception(OSError(f"the browser's storage answered: {error}"))
            else:
                done.set_result(None)

    from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

    fs.syncfs(populate, create_once_callable(finished))
    await done


def _file_system() -> Any:
    import pyodide_js  # type: ignore[import-not-found]

    return pyodide_js.FS


def _js_object(value: dict[str, Any]) -> Any:
    import js  # type: ignore[import-not-found]
    from pyodide.ffi import to_js

    return to_js(value, dict_converter=js.Object.fromEntries)
