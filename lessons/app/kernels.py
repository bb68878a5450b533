"""Course kernels forked from a warm process (a "zygote") instead of started from scratch.

Every page view starts a kernel, and a fresh one spends most of its 0.84 s of CPU before the
notebook runs: starting Python and ipykernel (0.45 s) and importing ipywidgets, ``batak_core`` and
``widgets`` (0.3 s). With 30 learners opening a lesson at once, that queues up on two cores. So the
server keeps one zygote: a process that has imported everything a course kernel needs (``PRELOAD``),
but has started no thread, event loop or zmq context, which is what makes ``fork`` safe. A kernel
start asks it for a child; the child takes the environment, working directory and command line
the kernel manager was asked for and runs ipykernel as ``python -m ipykernel_launcher`` would.

Switch it on with the Voilà arguments of :func:`kernel_manager_arguments`. They name the class by
the name this module was imported under, ``lessons.app.kernels`` as ``lessons/serve.py`` imports it
(it puts the repository root on ``sys.path``); the zygote imports the module under the same name,
run from the folder where that name resolves.

How the pieces keep a forked kernel indistinguishable from a normal one, for the kernel manager:

- The server talks to the zygote over a socket pair that has no name, so no other process can ask
  it for a kernel. Each request brings its own socket pair, the server's stdout and stderr (the
  child writes where a ``Popen`` child would) and gets back the child's pid and a *pidfd*: a handle
  on that very process, so the server can signal it and see it exit although it is not the
  server's child, without the risk of a recycled pid.
- The zygote reaps its children (no zombies) and sends each exit status to the server.
- The child calls ``setsid`` as ``launch_kernel`` does, so interrupts reach its process group.
- ipykernel ends a kernel whose parent went away, and a forked kernel's parent is the zygote: the
  child watches the server instead, so kernels go with the server, not with a crashed zygote.
- The zygote exits with the server: when the server's end of the socket closes, once the kernels
  it forked (which end with the server) have exited and been reaped.
- A start that cannot be forked faithfully (another kernel command, other ``Popen`` arguments, a
  variable that the interpreter or the zygote's imports read, see ``CONSUMED_VARIABLES``, with
  another value) starts the kernel the normal way; so does, with a warning, a start that finds the
  zygote gone, failing or not answering in time. A zygote that died is replaced at the next start
  (which waits for it to be ready, as the first start does), at most ``MAX_ZYGOTE_STARTS`` times.

Differences that remain: a forked kernel has ``PRELOAD`` (and this module) imported from the
start; all forked kernels share the zygote's hash seed (``PYTHONHASHSEED``; ``random`` is reseeded
at each fork); a forked kernel is the zygote's child in the process tree (``psutil`` shows it under
the zygote, with the zygote's command line); and kernels whose zygote died are adopted by the
system's subreaper or init, which then reaps them.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import importlib
import importlib.util
import json
import math
import os
import pathlib
import select
import selectors
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from jupyter_client.provisioning.local_provisioner import LocalProvisioner
from traitlets.log import get_logger

if TYPE_CHECKING:
    from jupyter_client.connect import KernelConnectionInfo
    from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

PRELOAD: Final = (
    "ipykernel.kernelapp",  # IPython, zmq, tornado, jupyter_client: 0.28 s of CPU
    "ipykernel.debugger",  # debugpy and pydevd, which every kernel imports when it starts
    "ipywidgets",
    "batak_core",
    "batak_core.teaching.examples",
    "widgets",
    "widgets.course",
    "multiprocessing",  # what the full-game lesson imports besides
    "concurrent.futures",
    "statistics",
)
"""What the zygote imports once for all kernels: the kernel app and what the course's notebooks
import (measured with ``python -X importtime`` on a kernel that ran every lesson)."""

ZYGOTE_MARK: Final = "batak-kernel-zygote"
"""On the zygote's command line, and so on every kernel forked from it (they share it)."""

READY_TIMEOUT: Final = 60.0
"""Seconds a zygote may take to import ``PRELOAD``; about 1 s on an idle machine."""
FORK_TIMEOUT: Final = 20.0
"""Seconds from asking for a kernel to its child having taken its environment; milliseconds
normally, but the zygote competes for the CPU with every kernel starting in a burst."""
STATUS_WAIT: Final = 2.0
"""Seconds a dead kernel's exit status may take to come from the zygote, before it is lost."""
MAX_ZYGOTE_STARTS: Final = 3
"""Zygotes started per server at most: one that keeps dying points at a fault that a new one
would hit again."""
ORPHAN_WAIT: Final = 10.0
"""Seconds the zygote outlives its server while kernels it forked are still ending."""
LOST_EXIT_STATUS: Final = 255
"""The exit status reported for a kernel whose zygote died before telling it."""

_MESSAGE_LIMIT: Final = 1 << 20  # a request is a command line and an environment: a few kB
_LAUNCH_ARGUMENTS: Final = frozenset({"env", "cwd"})
"""The ``launch_kernel`` arguments a fork honours; any other (``stdout``, ``independent``, ...)
makes the start go the normal way."""
CONSUMED_VARIABLES: Final = (
    # read by the interpreter as it starts
    "PYTHON", "LD_", "MALLOC_", "LC_", "LANG", "TZ",
    # read by the modules of PRELOAD as they are imported (tests/test_kernels.py scans for more)
    "BATAK_PURE_PYTHON", "DEBUGPY_", "DEBUG_PYDEVD", "DISPLAY", "GEVENT_SUPPORT", "IN_SPHINX_RUN", "IPYTHON",
    "JUPYTER_", "PATHS_FROM_ECLIPSE", "PROGRAMDATA", "PYDEVD_", "PYZMQ_", "TERM", "TORNADO_", "TRAITLETS_",
    "USER", "_PYTHON_",
)
"""Prefixes of the variables that the zygote acted on before any fork: a kernel asked for with
other values of them starts the normal way. Every other variable may differ from the zygote's
(Voilà adds the request's), since the child takes the environment it is given."""


class ZygoteError(Exception):
    """The zygote could not give a kernel; the start goes the normal way."""


def kernel_manager_arguments() -> list[str]:
    """The Voilà command-line arguments that make kernels start from the zygote."""
    return [f"--MappingKernelManager.kernel_manager_class={__name__}.ZygoteKernelManager"]


# --- messages: one JSON object per datagram, with file descriptors attached ---------------------


def _send(sock: socket.socket, message: dict[str, Any], fds: list[int] | None = None) -> None:
    socket.send_fds(sock, [json.dumps(message).encode()], fds or [])


def _receive(sock: socket.socket) -> tuple[dict[str, Any], list[int]]:
    """The next message and the descriptors that came with it; ``EOFError`` once the peer is gone."""
    data, fds, flags, _ = socket.recv_fds(sock, _MESSAGE_LIMIT, 4)
    if flags & (socket.MSG_TRUNC | socket.MSG_CTRUNC):
        for fd in fds:
            os.close(fd)
        raise ZygoteError("a message was cut short")
    for fd in fds:
        os.set_inheritable(fd, False)  # as pidfd_open's own, should the receiver start a process
    if not data:
        raise EOFError
    message: dict[str, Any] = json.loads(data)
    return message, fds


def _has_exited(pidfd: int) -> bool:
    """Whether the process of ``pidfd`` has exited (a pidfd turns readable then)."""
    poller = select.poll()
    poller.register(pidfd, select.POLLIN)
    return bool(poller.poll(0))


# --- the zygote ----------------------------------------------------------------------------------


@dataclass
class _Request:
    """What a forked child is to become: the kernel command, environment and working directory."""

    argv: list[str]
    env: dict[str, str]
    cwd: str


def serve_zygote() -> None:
    """The zygote's program (``Zygote`` starts it): import ``PRELOAD``, then fork kernels on request
    until the server goes away. In a child, it returns from serving to run the kernel, so the
    kernel ends as any Python program does: atexit handlers, flushed streams, its own exit status."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl-C in the server's terminal is the server's
    control = socket.socket(fileno=int(sys.argv[2]))
    try:
        zygote = _ZygoteLoop(control)
    except Exception as error:
        _send(control, {"error": f"preloading failed: {error!r}"})
        raise
    if zygote.serve():
        _run_kernel()


def _load_languages() -> None:
    """Read the course's message catalogs and the languages' number formats once, for every kernel:
    a page's kernel speaks the language of its edition (its first cell sets it), and would otherwise
    read its catalog (compiled in memory if the .mo is older than the .po) and Babel's data itself."""
    from batak_core.i18n import LANGUAGES, format_number, translations, use_locale

    for language in LANGUAGES:
        translations(language)
        with use_locale(language):
            format_number(1.5, 1)


class _ZygoteLoop:
    """The zygote's state: its socket to the server and, per live child, a pidfd and the socket to
    send the child's exit status on."""

    def __init__(self, control: socket.socket) -> None:
        before = dict(os.environ)
        for name in PRELOAD:
            importlib.import_module(name)
        _load_languages()
        # what the imports put in os.environ (debugpy sets PYDEVD_USE_FRAME_EVAL), as a normal
        # kernel would have it: given to each child unless its environment sets the variable
        self.import_env = {key: value for key, value in os.environ.items() if key not in before}
        if threading.active_count() != 1:
            raise RuntimeError("the imports started threads, which a fork would not carry over")
        os.close(os.pidfd_open(os.getpid()))  # pidfds need Linux 5.3
        spec = importlib.util.find_spec("ipykernel_launcher")
        if spec is None or spec.origin is None:
            raise RuntimeError("ipykernel_launcher is not installed")
        self.launcher = spec.origin
        self.control = control
        self.selector = selectors.DefaultSelector()
        self.selector.register(control, selectors.EVENT_READ)
        self.children: dict[int, tuple[int, socket.socket]] = {}
        # every child would otherwise copy the pages the collector touches; what is imported now
        # stays for good anyway
        gc.collect()
        gc.freeze()
        _send(control, {"ready": True})

    def serve(self) -> bool:
        """Serve requests and reap children; True in a forked child, which has become what it was
        asked to be. In the zygote, False once the server has closed its end and the children
        have exited (they end with the server), or ``ORPHAN_WAIT`` seconds later: reaped here, they
        leave no zombies to an init that may be slow to reap them."""
        deadline = math.inf
        while self.children or deadline == math.inf:
            timeout = None if deadline == math.inf else deadline - time.monotonic()
            if timeout is not None and timeout <= 0:
                break
            for key, _ in self.selector.select(timeout):
                if key.fileobj is not self.control:
                    self._reap(key.data)
                    continue
                try:
                    message, fds = _receive(self.control)
                except EOFError:
                    self.selector.unregister(self.control)
                    deadline = time.monotonic() + ORPHAN_WAIT
                    continue
                if self._fork(message, fds):
                    return True
        return False

    def _fork(self, message: dict[str, Any], fds: list[int]) -> bool:
        """Fork a child for this request; True in the child."""
        channel_fd, out, err = fds
        channel = socket.socket(fileno=channel_fd)
        request = _Request(argv=message["argv"], env=message["env"], cwd=message["cwd"])
        sys.stdout.flush()  # or the child would write what is buffered once more
        sys.stderr.flush()
        try:
            pid = os.fork()
        except OSError as error:
            self._tell(channel, {"error": f"fork failed: {error}"})
            channel.close()
            os.close(out)
            os.close(err)
            return False
        if pid == 0:
            self._become_child(request, channel, out, err)
            return True
        os.close(out)
        os.close(err)
        pidfd = os.pidfd_open(pid)
        if not self._tell(channel, {"pid": pid}, [pidfd]):  # the server gave up on this start
            signal.pidfd_send_signal(pidfd, signal.SIGKILL)
        self.children[pid] = (pidfd, channel)
        self.selector.register(pidfd, selectors.EVENT_READ, pid)
        return False

    def _become_child(self, request: _Request, channel: socket.socket, out: int, err: int) -> None:
        """Leave nothing of the zygote in the child and give it the launch's environment, working
        directory, session and streams; any failure ends the child before it is a kernel."""
        try:
            self.selector.close()
            self.control.close()
            for pidfd, other in self.children.values():
                os.close(pidfd)
                other.close()
            os.setsid()  # as launch_kernel's start_new_session: interrupts go to the kernel's group
            signal.signal(signal.SIGINT, signal.default_int_handler)
            stdin, closed = os.pipe()  # launch_kernel's stdin: a pipe whose other end is closed
            os.close(closed)
            os.dup2(stdin, 0)
            os.close(stdin)
            os.dup2(out, 1)
            os.dup2(err, 2)
            os.close(out)
            os.close(err)
            os.chdir(request.cwd)
            os.environ.clear()
            os.environ.update(request.env)
            for key, value in self.import_env.items():
                os.environ.setdefault(key, value)
            sys.argv = [self.launcher, *request.argv[3:]]  # as `python -m ipykernel_launcher ...`
            sys.orig_argv = list(request.argv)
            sys.path[0] = os.getcwd()  # `python -m` puts the working directory first
            _send(channel, {"started": True})
            channel.close()
        except BaseException as error:
            self._tell(channel, {"error": f"the forked kernel could not start: {error!r}"})
            os._exit(1)  # not the zygote's exit path: nothing of it must run twice

    def _reap(self, pid: int) -> None:
        pidfd, channel = self.children.pop(pid)
        self.selector.unregister(pidfd)
        os.close(pidfd)
        _, status = os.waitpid(pid, 0)
        self._tell(channel, {"exit": os.waitstatus_to_exitcode(status)})
        channel.close()

    @staticmethod
    def _tell(channel: socket.socket, message: dict[str, Any], fds: list[int] | None = None) -> bool:
        """Send to the server; False if it no longer listens on this channel."""
        try:
            _send(channel, message, fds)
        except OSError:
            return False
        return True


def _run_kernel() -> None:
    """What ``python -m ipykernel_launcher`` runs (see ipykernel_launcher.py), with the changes a
    kernel forked from the zygote needs; sys.argv holds the kernel's arguments."""
    if sys.path[0] == "" or pathlib.Path(sys.path[0]) == pathlib.Path.cwd():
        del sys.path[0]
    from ipykernel.kernelapp import IPKernelApp
    from ipykernel.parentpoller import ParentPollerUnix

    # the trait's default was read from the zygote's environment when it imported ipykernel
    app = IPKernelApp.instance(parent_handle=int(os.environ.get("JPY_PARENT_PID") or 0))
    app.initialize()  # type: ignore[no-untyped-call]
    if isinstance(app.poller, ParentPollerUnix):
        app.poller = _ServerWatcher(app.poller.parent_pid)
    if app.shell is not None and "ipywidgets" in sys.modules:
        # ipywidgets registers its comm targets when first imported in a kernel; the zygote
        # imported it before there was one
        import ipywidgets

        ipywidgets.load_ipython_extension(app.shell)
    app.start()  # type: ignore[no-untyped-call]


class _ServerWatcher(threading.Thread):
    """Ends the kernel when the server that asked for it exits, as ipykernel's ParentPollerUnix
    does for a kernel the server started itself; that one watches the kernel's parent, which for a
    forked kernel is the zygote."""

    def __init__(self, server_pid: int) -> None:
        super().__init__(daemon=True, name="server-watcher")
        self.server_pid = server_pid

    def run(self) -> None:
        try:
            pidfd = os.pidfd_open(self.server_pid)
        except ProcessLookupError:
            pass
        else:
            poller = select.poll()
            poller.register(pidfd, select.POLLIN)
            poller.poll()
        get_logger().warning("Parent appears to have exited, shutting down.")
        os._exit(1)


# --- the server's side ---------------------------------------------------------------------------


class ForkedKernel:
    """A forked kernel process as the kernel provisioner sees it: the part of ``subprocess.Popen``
    that ``LocalProvisioner`` uses, on the pidfd and the exit status the zygote gave."""

    stdin = stdout = stderr = None  # LocalProvisioner.wait closes the ones a Popen has

    def __init__(self, pid: int, pidfd: int, channel: socket.socket) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._pidfd = pidfd
        self._channel = channel
        self._exited_at: float | None = None

    def poll(self) -> int | None:
        if self.returncode is None and _has_exited(self._pidfd):
            self.returncode = self._exit_status()
            if self.returncode is not None:
                os.close(self._pidfd)
                self._channel.close()
        return self.returncode

    def _exit_status(self) -> int | None:
        try:
            message, _ = _receive(self._channel)
        except BlockingIOError:  # the zygote has not reaped it yet
            self._exited_at = self._exited_at or time.monotonic()
            return LOST_EXIT_STATUS if time.monotonic() - self._exited_at > STATUS_WAIT else None
        except (EOFError, OSError, ZygoteError):  # the zygote is gone
            return LOST_EXIT_STATUS
        return int(message["exit"])

    def wait(self) -> int:
        """The exit status; LocalProvisioner calls this once ``poll`` has seen the exit."""
        while (status := self.poll()) is None:
            time.sleep(0.01)
        return status

    def send_signal(self, signum: int) -> None:
        if self.poll() is None:
            with contextlib.suppress(ProcessLookupError):  # exited since: as Popen.send_signal
                signal.pidfd_send_signal(self._pidfd, signum)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


async def _readable(sock: socket.socket, timeout: float) -> None:
    loop = asyncio.get_running_loop()
    ready = loop.create_future()

    def wake() -> None:
        if not ready.done():
            ready.set_result(None)

    loop.add_reader(sock.fileno(), wake)
    try:
        await asyncio.wait_for(ready, max(timeout, 0.0))
    finally:
        loop.remove_reader(sock.fileno())


def _abandon(pidfd: int) -> None:
    """Kill a child whose start failed and wait until it is gone, so that the normal start that
    follows finds the kernel's ports free."""
    with contextlib.suppress(ProcessLookupError):
        signal.pidfd_send_signal(pidfd, signal.SIGKILL)
    poller = select.poll()
    poller.register(pidfd, select.POLLIN)
    poller.poll(5000)
    os.close(pidfd)


class Zygote:
    """The server's zygote: started on the first kernel start, replaced when it died."""

    def __init__(self) -> None:
        self._process: subprocess.Popen[bytes] | None = None
        self._control: socket.socket | None = None
        self._env: dict[str, str] = {}
        self._ready = False
        self._starts = 0

    @property
    def pid(self) -> int | None:
        """The zygote's pid, if one runs."""
        return None if self._process is None else self._process.pid

    def unforkable(self, argv: list[str], kwargs: dict[str, Any]) -> str | None:
        """Why this launch would not be faithful if forked (None if it would)."""
        if not set(kwargs) <= _LAUNCH_ARGUMENTS:
            return f"launch arguments {sorted(set(kwargs) - _LAUNCH_ARGUMENTS)}"
        if argv[:3] != [sys.executable, "-m", "ipykernel_launcher"]:
            return f"kernel command {argv[:3]}"
        env: dict[str, str] = kwargs.get("env", os.environ)
        base = self._env or os.environ
        for key in sorted(base.keys() | env.keys()):
            if key.startswith(CONSUMED_VARIABLES) and base.get(key) != env.get(key):
                return f"environment variable {key} differs from the zygote's"
        return None

    async def fork(self, argv: list[str], env: dict[str, str], cwd: str) -> ForkedKernel:
        """A kernel forked from the zygote, with this command line, environment and directory."""
        control = await self._ready_control()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            with theirs:
                await self._request(control, {"argv": argv, "env": env, "cwd": cwd}, theirs.fileno())
            return await self._handshake(ours)
        except BaseException:
            ours.close()
            raise

    async def _ready_control(self) -> socket.socket:
        process = self._process
        if process is not None and (status := process.poll()) is not None:
            self._discard()
            raise ZygoteError(f"the kernel zygote exited with status {status}")
        if process is None:
            if self._starts >= MAX_ZYGOTE_STARTS:
                raise ZygoteError("the kernel zygote failed too often")
            process = self._start()
        deadline = time.monotonic() + READY_TIMEOUT
        while not self._ready:
            control = self._control
            if self._process is not process or control is None:
                raise ZygoteError("the kernel zygote failed while starting")
            try:
                message, _ = _receive(control)
            except BlockingIOError:
                if time.monotonic() > deadline:
                    self._discard()
                    raise ZygoteError("the kernel zygote did not get ready in time") from None
                await asyncio.sleep(0.02)  # polled: any number of starts may be waiting
                continue
            except EOFError:
                self._discard()
                raise ZygoteError("the kernel zygote exited while starting") from None
            if "error" in message:
                self._discard()
                self._starts = MAX_ZYGOTE_STARTS  # the same imports would fail again
                raise ZygoteError(message["error"])
            self._ready = True
        assert self._control is not None
        return self._control

    def _start(self) -> subprocess.Popen[bytes]:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        root = pathlib.Path(__file__).resolve().parents[__name__.count(".")]  # where __name__ imports
        self._env = dict(os.environ)
        with theirs:
            self._process = subprocess.Popen(
                [sys.executable, "-c", f"from {__name__} import serve_zygote; serve_zygote()",
                 ZYGOTE_MARK, str(theirs.fileno())],
                stdin=subprocess.DEVNULL, pass_fds=[theirs.fileno()], cwd=root, env=self._env)
        ours.setblocking(False)
        self._control = ours
        self._ready = False
        self._starts += 1
        return self._process

    def _discard(self) -> None:
        """Let go of the zygote: closing its socket ends it, as the server's exit would."""
        if self._control is not None:
            self._control.close()
        if self._process is not None and self._process.poll() is None:
            self._process.kill()
            self._process.wait(timeout=5)  # a killed process is gone at once; reaped, no zombie
        self._process = self._control = None
        self._ready = False

    async def _request(self, control: socket.socket, request: dict[str, Any], channel: int) -> None:
        deadline = time.monotonic() + FORK_TIMEOUT
        while True:
            try:
                _send(control, request, [channel, 1, 2])  # the streams a Popen child inherits
                return
            except BlockingIOError:  # the zygote's queue is full: it is busy forking
                if time.monotonic() > deadline:
                    self._discard()
                    raise ZygoteError("the kernel zygote stopped taking requests") from None
                await asyncio.sleep(0.01)
            except (BrokenPipeError, ConnectionResetError) as error:
                self._discard()
                raise ZygoteError(f"the kernel zygote is gone ({error})") from None
            except OSError as error:  # such as a closed stdout: the zygote is not at fault
                raise ZygoteError(f"could not ask the kernel zygote ({error})") from None

    async def _handshake(self, channel: socket.socket) -> ForkedKernel:
        """Wait for the child's pid and pidfd (from the zygote) and its word that it has taken its
        environment (from the child itself), in whichever order they come."""
        channel.setblocking(False)
        pid, pidfd, started = 0, None, False
        deadline = time.monotonic() + FORK_TIMEOUT
        try:
            while pidfd is None or not started:
                try:
                    message, fds = _receive(channel)
                except BlockingIOError:
                    try:
                        await _readable(channel, deadline - time.monotonic())
                    except TimeoutError:
                        self._discard()
                        raise ZygoteError("the kernel zygote did not answer in time") from None
                    continue
                except EOFError:
                    raise ZygoteError("the kernel zygote is gone") from None
                if "pid" in message:
                    pid, pidfd = int(message["pid"]), fds[0]
                elif message.get("started"):
                    started = True
                elif "exit" in message:
                    raise ZygoteError(f"the forked kernel exited with status {message['exit']} as it started")
                else:
                    raise ZygoteError(message.get("error", f"unexpected message {message}"))
        except BaseException:
            if pidfd is not None:
                _abandon(pidfd)
            raise
        return ForkedKernel(pid, pidfd, channel)


ZYGOTE: Final = Zygote()
"""The one zygote of this server process."""


class ZygoteProvisioner(LocalProvisioner):
    """The local provisioner, launching kernels by fork from the zygote when it can; everything
    else (ports, connection file, signals, shutdown, cleanup) is the local provisioner's own, on
    a ``ForkedKernel`` in place of the ``Popen``."""

    async def launch_kernel(self, cmd: list[str], **kwargs: Any) -> KernelConnectionInfo:
        launch = {key: value for key, value in kwargs.items() if key not in ("extra_arguments", "kernel_id")}
        argv = [os.path.expanduser(part) for part in cmd]
        reason = ZYGOTE.unforkable(argv, launch)
        if reason is not None:
            self.log.info("Starting the kernel the normal way: %s", reason)
            return await super().launch_kernel(cmd, **kwargs)
        # launch_kernel adds JPY_PARENT_PID, which makes a kernel end with its server
        env = {**launch.get("env", os.environ), "JPY_PARENT_PID": str(os.getpid())}
        cwd = str(launch.get("cwd") or os.getcwd())
        try:
            process = await ZYGOTE.fork(argv, env, cwd)
        except ZygoteError as error:
            self.log.warning("Starting the kernel the normal way: %s", error)
            return await super().launch_kernel(cmd, **kwargs)
        self.process = process  # type: ignore[assignment]  # duck-typed: the Popen API it uses
        self.pid = self.pgid = process.pid  # the child called setsid
        self.cwd = cwd
        connection_info: KernelConnectionInfo = self.connection_info
        return connection_info

    async def send_signal(self, signum: int) -> None:
        """The local provisioner's (to the kernel's process group), but only while the kernel runs:
        the zygote reaps a forked kernel at once, so its group's number may be another's by now."""
        if isinstance(self.process, ForkedKernel) and self.process.poll() is not None:
            return
        await super().send_signal(signum)


@functools.cache
def _kernel_manager_class() -> type[ServerKernelManager]:
    """``ZygoteKernelManager``, built on first use: it derives from jupyter_server's kernel manager,
    and the zygote, which imports this module, must not import jupyter_server (1.6 s of CPU and 200
    modules that every kernel would carry)."""
    from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

    class ZygoteKernelManager(ServerKernelManager):
        """jupyter_server's kernel manager with a ``ZygoteProvisioner``, unless the kernel spec
        names a provisioner of its own."""

        async def _async_pre_start_kernel(self, **kw: Any) -> tuple[list[str], dict[str, Any]]:
            spec = self.kernel_spec
            if self.provisioner is None and spec is not None and "kernel_provisioner" not in spec.metadata:
                self.provisioner = ZygoteProvisioner(kernel_spec=spec, parent=self)
            cmd, launch = await super()._async_pre_start_kernel(**kw)
            if isinstance(self.provisioner, ZygoteProvisioner):
                self.provisioner.kernel_id = self.kernel_id  # chosen by the call above
            return cmd, launch

    ZygoteKernelManager.__qualname__ = "ZygoteKernelManager"
    return ZygoteKernelManager


def __getattr__(name: str) -> type[ServerKernelManager]:
    if name == "ZygoteKernelManager":
        return _kernel_manager_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
