"""nbval runs of the lesson notebooks: the kernels get a throwaway progress file, never the learner's,
and talk to pytest over Unix sockets, not TCP ports.

``make test`` runs the notebooks on both cores (``-n 2``). Over TCP each worker's kernel manager
picks free ports by asking the system and letting them go before its kernel binds them, so two
workers could pick the same port (CI once lost a kernel that way: "Kernel didn't respond in 60
seconds"). Each kernel's Unix sockets are in a folder of its own: no two kernels share one.
"""

from __future__ import annotations

import os
import shutil
import tempfile

import nbval.kernel
import pytest
from jupyter_client.manager import KernelManager
from traitlets import default

SOCKETS = tempfile.mkdtemp(prefix="batak-nbval-sockets-")
"""This process's kernels' socket folders, removed when the run ends."""


class SocketFileKernelManager(KernelManager):
    """nbval's kernel manager, with the ``ipc`` transport (Unix sockets) by default."""

    @default("transport")
    def _default_transport(self) -> str:
        return "ipc"

    @default("ip")
    def _default_ip(self) -> str:
        # an absolute path of the kernel's own: the kernel runs in the notebook's folder
        return os.path.join(tempfile.mkdtemp(prefix="kernel-", dir=SOCKETS), "socket")


def pytest_configure(config: pytest.Config) -> None:
    # set before any kernel starts; the kernels inherit it
    if "BATAK_PROGRESS" not in os.environ:
        os.environ["BATAK_PROGRESS"] = os.path.join(tempfile.mkdtemp(prefix="batak-nbval-"), "progress.json")
    nbval.kernel.KernelManager = SocketFileKernelManager


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(SOCKETS, ignore_errors=True)
