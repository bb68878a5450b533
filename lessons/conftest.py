"""nbval runs of the lesson notebooks: the kernels get a throwaway progress file, never the learner's."""

from __future__ import annotations

import os
import tempfile

import pytest


def pytest_configure(config: pytest.Config) -> None:
    # set before any kernel starts; the kernels inherit it
    if "BATAK_PROGRESS" not in os.environ:
        os.environ["BATAK_PROGRESS"] = os.path.join(tempfile.mkdtemp(prefix="batak-nbval-"), "progress.json")
