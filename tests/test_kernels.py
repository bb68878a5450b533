"""Kernels forked from the zygote (lessons/app/kernels.py), started through jupyter_server's real
kernel manager as Voilà starts them: they run code, see the environment and directory they were
given exactly as a normally started kernel would, can be interrupted, shut down, killed and
restarted, and a missing zygote only means kernels start the normal way."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
import warnings
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import psutil
import pytest
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets.config import Config

from batak_core.ai.compiled import PURE_ENV
from lessons.app import kernels
from lessons.app.kernels import ZYGOTE, kernel_manager_arguments

ROOT = Path(__file__).resolve().parents[1]
ZYGOTE_MANAGER = "lessons.app.kernels.ZygoteKernelManager"
NORMAL_MANAGER = "jupyter_server.services.kernels.kernelmanager.ServerKernelManager"

VIEW = """
import json, os, signal, sys
import comm, ipywidgets
print(json.dumps({
    "argv0": sys.argv[0], "options": sys.argv[1:-1], "orig_argv": sys.orig_argv[:-1],
    "cwd": os.getcwd(), "env": dict(os.environ), "path": sys.path, "executable": sys.executable,
    "flags": repr(sys.flags), "session_leader": os.getsid(0) == os.getpid() == os.getpgid(0),
    "stdin": os.readlink("/proc/self/fd/0").split(":")[0], "sigint": repr(signal.getsignal(signal.SIGINT)),
    "comm_targets": sorted(comm.get_comm_manager().targets),
}))
"""
"""What a kernel sees of how it was started (the connection file, last on its command line, differs)."""


def run(test: Callable[[AsyncMappingKernelManager], Coroutine[Any, Any, None]],
        manager: str = ZYGOTE_MANAGER, **settings: Any) -> None:
    """Run ``test`` with a kernel manager as Voilà makes one, and shut its kernels down after."""

    async def main() -> None:
        km = AsyncMappingKernelManager(kernel_manager_class=manager, root_dir=str(ROOT),
                                       connection_dir=tempfile.mkdtemp(prefix="batak-kernels-"), **settings)
        try:
            await test(km)
        finally:
            await km.shutdown_all(now=True)

    asyncio.run(main())


async def start(km: AsyncMappingKernelManager, **env: str) -> str:
    return str(await km.start_kernel(kernel_name="python3", path="lessons", env={**os.environ, **env}))


async def execute(km: AsyncMappingKernelManager, kernel_id: str, code: str,
                  timeout: float = 20) -> tuple[dict[str, Any], str]:
    """The execute reply's content and what the code printed."""
    client = km.get_kernel(kernel_id).client()
    client.start_channels()
    try:
        await client.wait_for_ready(timeout=timeout)
        printed: list[str] = []

        def output(message: dict[str, Any]) -> None:
            if message["msg_type"] == "stream":
                printed.append(message["content"]["text"])

        reply = await client.execute_interactive(code, output_hook=output, timeout=timeout)
        return reply["content"], "".join(printed)
    finally:
        client.stop_channels()


def pid_of(km: AsyncMappingKernelManager, kernel_id: str) -> int:
    pid = km.get_kernel(kernel_id).provisioner.pid
    assert isinstance(pid, int)
    return pid


def is_forked(pid: int) -> bool:
    return ZYGOTE.pid is not None and psutil.Process(pid).ppid() == ZYGOTE.pid


def running(pid: int) -> bool:
    """Whether the process is there and not a zombie (one its parent has not reaped)."""
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def gone(pid: int) -> bool:
    """Whether the process is neither running nor left as a zombie."""
    return not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_DEAD


async def until(condition: Callable[[], bool], timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.05)


def test_forked_kernel_runs_code() -> None:
    async def test(km: AsyncMappingKernelManager) -> None:
        kernel_id = await start(km)
        reply, printed = await execute(km, kernel_id, "print(6 * 7)")
        assert (reply["status"], printed) == ("ok", "42\n")
        assert is_forked(pid_of(km, kernel_id))

    run(test)


def test_forked_kernel_sees_what_a_normal_kernel_sees() -> None:
    views: dict[str, dict[str, Any]] = {}

    def test_with(manager: str) -> Callable[[AsyncMappingKernelManager], Coroutine[Any, Any, None]]:
        async def test(km: AsyncMappingKernelManager) -> None:
            kernel_id = await start(km, HTTP_X_BATAK_LEARNER="ada")
            _, printed = await execute(km, kernel_id, VIEW)
            views[manager] = json.loads(printed)

        return test

    run(test_with(ZYGOTE_MANAGER), ZYGOTE_MANAGER)
    run(test_with(NORMAL_MANAGER), NORMAL_MANAGER)
    forked, normal = views[ZYGOTE_MANAGER], views[NORMAL_MANAGER]
    assert forked == normal
    assert forked["cwd"] == str(ROOT / "lessons")
    assert forked["env"]["HTTP_X_BATAK_LEARNER"] == "ada"
    assert forked["env"]["JPY_PARENT_PID"] == str(os.getpid())
    assert forked["orig_argv"] == [sys.executable, "-m", "ipykernel_launcher", "-f"]
    assert "jupyter.widget" in forked["comm_targets"]


def test_each_kernel_has_its_own_environment() -> None:
    async def test(km: AsyncMappingKernelManager) -> None:
        ada, bob = await start(km, HTTP_X_BATAK_LEARNER="ada"), await start(km, HTTP_X_BATAK_LEARNER="bob")
        code = "import os; print(os.environ['HTTP_X_BATAK_LEARNER'], os.getcwd())"
        assert (await execute(km, ada, code))[1] == f"ada {ROOT / 'lessons'}\n"
        assert (await execute(km, bob, code))[1] == f"bob {ROOT / 'lessons'}\n"
        draw = "import random; print(random.random())"  # Python reseeds random in a forked child
        assert (await execute(km, ada, draw))[1] != (await execute(km, bob, draw))[1]
        assert is_forked(pid_of(km, ada)) and is_forked(pid_of(km, bob))

    run(test)


def test_interrupt_stops_a_running_cell() -> None:
    async def test(km: AsyncMappingKernelManager) -> None:
        kernel_id = await start(km)
        await execute(km, kernel_id, "import time")
        client = km.get_kernel(kernel_id).client()
        client.start_channels()
        try:
            msg_id = client.execute("time.sleep(30)")
            await asyncio.sleep(0.5)
            started = time.monotonic()
            await km.interrupt_kernel(kernel_id)
            reply = await client.get_shell_msg(timeout=10)
        finally:
            client.stop_channels()
        assert reply["parent_header"]["msg_id"] == msg_id
        assert (reply["content"]["status"], reply["content"]["ename"]) == ("error", "KeyboardInterrupt")
        assert time.monotonic() - started < 5
        assert (await execute(km, kernel_id, "print('still here')"))[1] == "still here\n"

    run(test)


@pytest.mark.parametrize("now", [False, True], ids=["shutdown request", "kill"])
def test_shutdown_leaves_no_process_and_no_connection_file(now: bool) -> None:
    async def test(km: AsyncMappingKernelManager) -> None:
        kernel_id = await start(km)
        await execute(km, kernel_id, "1")
        pid, connection_file = pid_of(km, kernel_id), km.get_kernel(kernel_id).connection_file
        assert is_forked(pid) and os.path.exists(connection_file)
        await km.shutdown_kernel(kernel_id, now=now)
        assert gone(pid)
        assert not os.path.exists(connection_file)

    run(test)


def test_a_killed_kernel_is_seen_as_dead() -> None:
    async def test(km: AsyncMappingKernelManager) -> None:
        kernel_id = await start(km)
        await execute(km, kernel_id, "1")
        kernel, pid = km.get_kernel(kernel_id), pid_of(km, kernel_id)
        assert await kernel.is_alive()
        os.kill(pid, signal.SIGKILL)
        await until(lambda: kernel.provisioner.process.poll() is not None)
        assert not await kernel.is_alive()
        assert kernel.provisioner.process.poll() == -signal.SIGKILL  # the status the zygote reaped
        assert gone(pid)  # reaped: no zombie
        await km.shutdown_kernel(kernel_id)

    run(test)


def test_restart_gives_a_new_forked_kernel() -> None:
    async def test(km: AsyncMappingKernelManager) -> None:
        kernel_id = await start(km, HTTP_X_BATAK_LEARNER="ada")
        await execute(km, kernel_id, "x = 1")
        old = pid_of(km, kernel_id)
        await km.restart_kernel(kernel_id)
        new = pid_of(km, kernel_id)
        assert new != old and gone(old) and is_forked(new)
        _, printed = await execute(km, kernel_id, "import os; print('x' in dir(), os.environ['HTTP_X_BATAK_LEARNER'])")
        assert printed == "False ada\n"

    run(test)


def test_an_idle_kernel_is_culled() -> None:
    async def test(km: AsyncMappingKernelManager) -> None:
        kernel_id = await start(km)
        await execute(km, kernel_id, "1")
        pid = pid_of(km, kernel_id)
        await until(lambda: kernel_id not in km, timeout=10)
        assert gone(pid)

    run(test, cull_idle_timeout=1, cull_interval=1)


def test_without_the_zygote_kernels_start_the_normal_way(caplog: pytest.LogCaptureFixture) -> None:
    async def test(km: AsyncMappingKernelManager) -> None:
        before = await start(km)
        await execute(km, before, "1")
        zygote = ZYGOTE.pid
        assert zygote is not None and is_forked(pid_of(km, before))
        os.kill(zygote, signal.SIGKILL)
        await until(lambda: not running(zygote))

        with caplog.at_level(logging.WARNING):
            normal = await start(km)
        assert "the normal way: the kernel zygote exited" in caplog.text
        assert (await execute(km, normal, "print('normal')"))[1] == "normal\n"
        process = psutil.Process(pid_of(km, normal))
        assert process.ppid() == os.getpid() and "ipykernel_launcher" in process.cmdline()
        assert gone(zygote)  # the server reaped its dead zygote

        assert (await execute(km, before, "print('survived')"))[1] == "survived\n"  # its kernels live on
        again = await start(km)  # and the next start has a new zygote
        assert ZYGOTE.pid not in (None, zygote) and is_forked(pid_of(km, again))

    run(test)


def test_a_launch_the_zygote_cannot_copy_starts_the_normal_way() -> None:
    async def test(km: AsyncMappingKernelManager) -> None:
        for env in ({"PYTHONPATH": "/nowhere"}, {PURE_ENV: "1"}):
            kernel_id = await start(km, **env)
            code = f"import os; print(os.environ[{next(iter(env))!r}])"
            assert (await execute(km, kernel_id, code))[1] == f"{next(iter(env.values()))}\n"
            assert psutil.Process(pid_of(km, kernel_id)).ppid() == os.getpid()

    run(test)


def test_unforkable_says_why() -> None:
    argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "kernel.json"]
    env = dict(os.environ)
    assert ZYGOTE.unforkable(argv, {"env": env, "cwd": "/"}) is None
    per_request = {"JPY_SESSION_NAME": "x", "VOILA_BASE_URL": "/", "HTTP_X_BATAK_LEARNER": "ada", "HOME": "/"}
    assert ZYGOTE.unforkable(argv, {"env": {**env, **per_request}}) is None
    assert "stdout" in str(ZYGOTE.unforkable(argv, {"env": env, "stdout": subprocess.PIPE}))
    assert "command" in str(ZYGOTE.unforkable(["python3", *argv[1:]], {"env": env}))
    assert "PYTHONSAFEPATH" in str(ZYGOTE.unforkable(argv, {"env": {**env, "PYTHONSAFEPATH": "1"}}))
    assert "PYTHONPATH" in str(ZYGOTE.unforkable(argv, {"env": {**env, "PYTHONPATH": "/x"}}))


SCAN = """
import ast, importlib, json, sys
from lessons.app.kernels import PRELOAD

for name in PRELOAD:
    importlib.import_module(name)
read = set()
for module in list(sys.modules.values()):
    path = getattr(module, "__file__", None) or ""
    if not path.endswith(".py"):
        continue
    top_level = [node for node in ast.parse(open(path, "rb").read()).body
                 if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    for statement in top_level:
        for node in ast.walk(statement):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                break
            key = None
            if isinstance(node, ast.Subscript) and "environ" in ast.unparse(node.value):
                key = node.slice
            elif isinstance(node, ast.Call) and node.args and any(
                    word in ast.unparse(node.func) for word in ("environ", "getenv")):
                key = node.args[0]
            if isinstance(key, ast.Call) and ast.unparse(key.func) == "str" and key.args:
                key = key.args[0]  # debugpy's os.environ[str("...")]
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                read.add(key.value)
print(json.dumps(sorted(read)))
"""
"""Which environment variables the modules that the zygote imports read as they are imported."""


@pytest.mark.slow
def test_consumed_variables_cover_what_the_preloaded_modules_read() -> None:
    found = json.loads(subprocess.run([sys.executable, "-c", SCAN], cwd=ROOT, capture_output=True, text=True,
                                      check=True).stdout)
    assert found, "the scan found nothing: it is broken"
    missing = {name for name in found if not name.startswith(kernels.CONSUMED_VARIABLES)}
    assert missing <= {"JPY_PARENT_PID", "JPY_INTERRUPT_EVENT"}  # the child passes the first, the other is Windows'
    assert PURE_ENV.startswith(kernels.CONSUMED_VARIABLES)  # read when batak_core is imported, via a function


def test_the_voila_argument_names_the_kernel_manager() -> None:
    [argument] = kernel_manager_arguments()
    name, value = argument.split("=")
    assert name == "--MappingKernelManager.kernel_manager_class"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # jupyter_server warns about a class it cannot fully use
        km = AsyncMappingKernelManager(kernel_manager_class=value)
    assert isinstance(km.kernel_manager_factory(kernel_name="python3"), kernels.ZygoteKernelManager)


@pytest.mark.slow
def test_zygote_and_kernels_end_with_the_server() -> None:
    server = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        import asyncio, os, sys, tempfile
        from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
        from lessons.app.kernels import ZYGOTE

        async def main():
            km = AsyncMappingKernelManager(kernel_manager_class={ZYGOTE_MANAGER!r}, root_dir={str(ROOT)!r},
                                           connection_dir=tempfile.mkdtemp())  # a killed server leaves it
            kernel_id = await km.start_kernel(kernel_name="python3", path="lessons")
            print(km.get_kernel(kernel_id).provisioner.pid, ZYGOTE.pid, flush=True)
            await asyncio.sleep(60)

        asyncio.run(main())
        """)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        kernel, zygote = map(int, server.stdout.readline().split())
        assert running(kernel) and running(zygote)
    finally:
        server.kill()
        server.wait()
    deadline = time.monotonic() + 5
    while running(kernel) or running(zygote):
        assert time.monotonic() < deadline, "the kernel or the zygote outlived the server"
        time.sleep(0.1)


def test_the_course_kernel_manager_watches_activity_as_jupyter_server_does() -> None:
    """``CourseKernelManager`` reads less of each IOPub message than jupyter_server's watch, and
    comes to the same execution states and activity times."""
    from lessons.app.lifecycle import CourseKernelManager

    async def watched(manager: type[AsyncMappingKernelManager]) -> tuple[str, bool, str, bool]:
        km = manager(kernel_manager_class=ZYGOTE_MANAGER, root_dir=str(ROOT),
                     connection_dir=tempfile.mkdtemp(prefix="batak-kernels-"))
        try:
            kernel_id = await start(km)
            kernel = km.get_kernel(kernel_id)
            await execute(km, kernel_id, "1")
            await until(lambda: kernel.execution_state == "idle", timeout=20)
            idle, before = kernel.execution_state, kernel.last_activity
            states: list[str] = []
            running_cell = asyncio.create_task(execute(km, kernel_id, "import time; time.sleep(1)"))
            while not running_cell.done():
                states.append(kernel.execution_state)
                await asyncio.sleep(0.02)
            await running_cell
            await until(lambda: kernel.execution_state == "idle")
            return idle, "busy" in states, kernel.execution_state, kernel.last_activity > before
        finally:
            await km.shutdown_all(now=True)

    async def main() -> None:
        assert await watched(CourseKernelManager) == await watched(AsyncMappingKernelManager) == (
            "idle", True, "idle", True)

    asyncio.run(main())


def test_a_kernel_started_ahead_takes_the_pages_environment_and_is_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    """``CourseKernelManager.ready_kernels``: kernels started ahead, while no page starts, for the
    folders pages came from; a page gets one with its own environment (its learner) set before its
    first cell, as a kernel started for it would have it, and the count of waiting kernels stays
    right as pages come and go. Between two pages the manager may start one more ahead (here it
    is given the time to): what is checked holds either way. It once checked an exact count there,
    which failed in a loaded run when the kernel came sooner than the test's next page."""
    from lessons.app import lifecycle

    monkeypatch.setattr(lifecycle, "READY_AFTER_QUIET", 0.5)

    def page_env(learner: str) -> dict[str, str]:
        return {**os.environ, "HTTP_X_BATAK_LEARNER": learner, "SCRIPT_NAME": f"/voila/render/{learner}.ipynb"}

    async def seen(km: AsyncMappingKernelManager, kernel_id: str) -> dict[str, Any]:
        reply, printed = await execute(km, kernel_id, VIEW)
        assert reply["status"] == "ok"
        view: dict[str, Any] = json.loads(printed)
        return view

    async def main() -> None:
        km = lifecycle.CourseKernelManager(kernel_manager_class=ZYGOTE_MANAGER, root_dir=str(ROOT),
                                           connection_dir=tempfile.mkdtemp(prefix="batak-kernels-"),
                                           ready_kernels=2)
        try:
            assert km.waiting_kernels() == 0
            started = await km.start_kernel(kernel_name="python3", path="lessons", env=page_env("Ayşe"))
            await until(lambda: km.waiting_kernels() == 2, timeout=60)
            assert len(km.list_kernel_ids()) == 3
            waiting = set(km.list_kernel_ids()) - {started}
            handed = await km.start_kernel(kernel_name="python3", path="lessons", env=page_env("Mehmet"))
            assert handed in waiting and km.waiting_kernels() == 1
            ayse, mehmet = await seen(km, started), await seen(km, handed)
            assert ayse["env"].pop("HTTP_X_BATAK_LEARNER") == "Ayşe"
            assert mehmet["env"].pop("HTTP_X_BATAK_LEARNER") == "Mehmet"
            assert mehmet["env"].pop("SCRIPT_NAME") == "/voila/render/Mehmet.ipynb"
            ayse["env"].pop("SCRIPT_NAME")
            for view in (ayse, mehmet):
                del view["orig_argv"]  # the connection file's name differs
            assert ayse == mehmet, "a kernel started ahead is what a kernel started for the page would be"
            await until(lambda: km.waiting_kernels() == 2, timeout=60)  # the quiet spell refills it
            other = await km.start_kernel(kernel_name="python3", path="lessons/tr", env=page_env("Elif"))
            assert other not in waiting, "a folder's kernels are for its own pages"
            spare = (waiting - {handed}).pop()
            next_page = await km.start_kernel(kernel_name="python3", path="lessons", env=page_env("Can"))
            assert next_page == spare, "the folder's kernel that waited longest goes to its next page"
            for kernel_id in (started, handed, other, next_page):
                await km.shutdown_kernel(kernel_id, now=True)
            # two in all, shared by the folders
            await until(lambda: km.waiting_kernels() == 2 and len(km.list_kernel_ids()) == 2, timeout=60)
            culled = next(iter(km.list_kernel_ids()))
            await km.shutdown_kernel(culled, now=True)  # as the idle culler would
            assert km.waiting_kernels() == 1
            await until(lambda: km.waiting_kernels() == 2 and culled not in km, timeout=60)
            await asyncio.sleep(2)
            assert len(km.list_kernel_ids()) == 2, "no more than asked for"
            assert await km.release_waiting() == 2 and km.list_kernel_ids() == []
        finally:
            await km.shutdown_all(now=True)

    asyncio.run(main())


def test_a_kernel_started_ahead_that_died_while_waiting_is_not_handed_to_a_page(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A waiting kernel killed (out of memory, say) before a page came: the page gets another at
    once, not a minute's wait on a kernel that cannot answer its hand-over."""
    from lessons.app import lifecycle

    monkeypatch.setattr(lifecycle, "READY_AFTER_QUIET", 0.5)

    async def main() -> None:
        km = lifecycle.CourseKernelManager(kernel_manager_class=ZYGOTE_MANAGER, root_dir=str(ROOT),
                                           connection_dir=tempfile.mkdtemp(prefix="batak-kernels-"),
                                           ready_kernels=1,
                                           config=Config({"KernelManager": {"autorestart": False}}))  # as the app
        try:
            first = await km.start_kernel(kernel_name="python3", path="lessons", env=dict(os.environ))
            await until(lambda: km.waiting_kernels() == 1, timeout=60)
            [waiting] = set(km.list_kernel_ids()) - {first}
            pid = pid_of(km, waiting)
            os.kill(pid, signal.SIGKILL)
            await until(lambda: gone(pid), timeout=10)
            began = time.monotonic()
            page = await km.start_kernel(kernel_name="python3", path="lessons", env=dict(os.environ))
            assert time.monotonic() - began < 20, "the page waited on the dead kernel"
            assert page != waiting and waiting not in km
            reply, printed = await execute(km, page, "print(6 * 7)")
            assert reply["status"] == "ok" and printed.strip() == "42"
        finally:
            await km.shutdown_all(now=True)

    asyncio.run(main())


def test_a_page_asking_while_its_kernel_is_culled_is_told_idle_not_stopped() -> None:
    """The culler shuts an idle kernel down, which takes a moment: a page asking meanwhile (its
    process gone, the kernel not yet forgotten) learns it was idle, as it will once culling ends."""
    from lessons.app import lifecycle

    async def main() -> None:
        km = lifecycle.CourseKernelManager(kernel_manager_class=ZYGOTE_MANAGER, root_dir=str(ROOT),
                                           connection_dir=tempfile.mkdtemp(prefix="batak-kernels-"),
                                           cull_idle_timeout=1,
                                           config=Config({"KernelManager": {"autorestart": False}}))
        try:
            kernel_id = await start(km)
            await execute(km, kernel_id, "1")
            pid = pid_of(km, kernel_id)
            shutdown = km.shutdown_kernel

            async def slow_shutdown(kernel: str, now: bool = False, restart: bool = False) -> None:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)  # the process goes first, the bookkeeping after
                await asyncio.sleep(1)
                await shutdown(kernel, now=now, restart=restart)

            km.shutdown_kernel = slow_shutdown  # type: ignore[method-assign]
            await asyncio.sleep(1.5)  # idle past the timeout
            culling = asyncio.create_task(km.cull_kernel_if_idle(kernel_id))
            answers = []
            while not culling.done():
                answers.append(await km.page_state(kernel_id))
                await asyncio.sleep(0.05)
            await culling
            answers.append(await km.page_state(kernel_id))
            assert set(answers) <= {"alive", "idle"} and answers[-1] == "idle", answers
        finally:
            await km.shutdown_all(now=True)

    asyncio.run(main())
