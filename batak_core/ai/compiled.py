"""The optional compiled solver: ``make fast`` builds ``solver.py`` with mypyc, about 3x faster.

mypyc turns the same source into an extension module next to ``solver.py``, and Python imports
an extension before a source file of the same name. That is only safe while the extension was
built from the ``solver.py`` that is there now: an old build would silently run old rules. So
the build records the source's digest, and ``choose_solver`` (run when ``batak_core`` is
imported) loads the pure Python source instead when the digest no longer matches, or when
``BATAK_PURE_PYTHON=1`` asks for it (benchmarks compare the two). Nothing needs the compiled
solver: without a build everything runs, and starts, as pure Python.

    make fast       # builds it: compiled.build() (needs mypy, setuptools and a C compiler)
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import os
import subprocess
import sys
import warnings
from pathlib import Path
from types import ModuleType

SOURCE = Path(__file__).with_name("solver.py")
STAMP_NAME = "solver.compiled-from"  # the sha256 of the solver.py the extension was built from
PURE_ENV = "BATAK_PURE_PYTHON"
MODULE = "batak_core.ai.solver"


def digest(source: Path) -> str:
    return hashlib.sha256(source.read_bytes()).hexdigest()


def built_extensions(source: Path = SOURCE) -> list[Path]:
    """The compiled solver modules next to ``source`` (none unless ``make fast`` ran)."""
    return [p for suffix in importlib.machinery.EXTENSION_SUFFIXES
            if (p := source.with_name(source.stem + suffix)).exists()]


def is_current(source: Path = SOURCE) -> bool:
    """Whether a compiled solver exists and was built from ``source`` as it is now."""
    stamp = source.with_name(STAMP_NAME)
    return bool(built_extensions(source)) and stamp.exists() and stamp.read_text().strip() == digest(source)


def is_compiled(module: ModuleType) -> bool:
    """Whether an imported module is the compiled build (for benchmarks and reports)."""
    return str(module.__file__).endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def choose_solver() -> None:
    """Make ``batak_core.ai.solver`` the pure Python source unless a current build may be used."""
    if MODULE in sys.modules or not built_extensions():
        return
    if os.environ.get(PURE_ENV) != "1":
        if is_current():
            return
        warnings.warn("the compiled solver was built from an older solver.py; using the pure Python "
                      "solver (run `make fast` to rebuild it)", stacklevel=2)
    spec = importlib.util.spec_from_file_location(MODULE, SOURCE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[MODULE] = module
    spec.loader.exec_module(module)
    setattr(sys.modules[__package__], "solver", module)  # noqa: B010 - as an import would


def build(package_dir: Path = SOURCE.parent) -> Path:
    """Compile ``solver.py`` of ``package_dir`` (a ``batak_core/ai`` folder) with mypyc, in place, and record
    which source it was built from. Returns the extension's path."""
    source = package_dir / "solver.py"
    for old in package_dir.glob("solver*"):  # a running process may have the old build mapped:
        if old.name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):  # unlink, never overwrite
            old.unlink()
    top = package_dir.parent.parent  # the folder that holds batak_core/
    subprocess.run([sys.executable, "-m", "mypyc", str(source.relative_to(top))],
                   cwd=top, check=True, stdout=subprocess.DEVNULL)
    (package_dir / STAMP_NAME).write_text(digest(source) + "\n")
    return built_extensions(source)[0]
