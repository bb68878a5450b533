"""The compiled engine: the rules engine and the solver built from their own source with mypyc.

``make app`` and ``make test`` run ``python batak_core/ai/compiled.py ensure`` first: where a C
compiler and the Python headers exist it compiles ``MODULES`` (the same ``.py`` files, nothing
else to keep in step) into extension modules next to the sources, about twice as fast for a
deal and three times for the solver, and skips the build while it is current. Without a
compiler everything runs as pure Python, with the same results.

Python imports an extension before a source file of the same name, which is only safe while the
extension was built from the source that is there now: an old build would silently run old
rules. So the build stamps the digest of every source it compiled (``STAMP_NAME``), and
``choose_engine`` (the first thing ``import batak_core`` runs) keeps the build only when every
digest matches. Otherwise, or when ``BATAK_PURE_PYTHON=1`` asks for it (benchmarks and tests
compare the two), a finder on ``sys.meta_path`` imports all of ``MODULES`` from their sources:
compiled and pure modules are never mixed.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import platform
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Final

PACKAGE_DIR: Final = Path(__file__).resolve().parent.parent  # the batak_core folder
PACKAGE: Final = "batak_core"
MODULES: Final = ("errors", "frozen", "cards", "options", "rules", "seats", "trick", "actions", "shuffle",
                  "legality", "scoring", "deal", "ai.leaf_weights", "ai.solver")
"""The compiled modules, relative to ``batak_core``: the engine a deal runs on, and the solver."""
NATIVE_SOURCES: Final = ("ai/exact.c", "ai/sampling.c")
"""The native library's C files (see ``native.py``: the exact solver and the stand-in's playouts,
the drawing of hidden hands), relative to ``batak_core``: built with the modules."""
NATIVE_LIBRARY: Final = "ai/libexact.so"
STAMP_NAME: Final = "compiled-from.json"  # {module or native source: sha256 of the source it was built from}
SHARED_LIBRARY: Final = "engine__mypyc"  # mypyc's one library behind all the modules' small extensions
PURE_ENV: Final = "BATAK_PURE_PYTHON"


def source_of(module: str, package_dir: Path = PACKAGE_DIR) -> Path:
    return package_dir.joinpath(*module.split(".")).with_suffix(".py")


def digest(source: Path) -> str:
    return hashlib.sha256(source.read_bytes()).hexdigest()


def extension_of(name: str, package_dir: Path = PACKAGE_DIR) -> Path | None:
    """The extension a build made for module ``name`` (relative to ``batak_core``), if any."""
    source = source_of(name, package_dir)
    return next((path for suffix in importlib.machinery.EXTENSION_SUFFIXES
                 if (path := source.with_suffix(suffix)).exists()), None)


def built_extensions(package_dir: Path = PACKAGE_DIR) -> list[Path]:
    """Every extension file a build left in ``package_dir`` (none unless one ran), the native
    solver's library included."""
    native = package_dir / NATIVE_LIBRARY
    return [path for name in (*MODULES, SHARED_LIBRARY) if (path := extension_of(name, package_dir))] + (
        [native] if native.exists() else [])


def _stamped(package_dir: Path) -> dict[str, str]:
    stamp = package_dir / STAMP_NAME
    return json.loads(stamp.read_text()) if stamp.exists() else {}


def native_stale(package_dir: Path = PACKAGE_DIR) -> bool:
    """Whether the native library is missing or was built from other C files."""
    stamped = _stamped(package_dir)
    return not (package_dir / NATIVE_LIBRARY).exists() or any(
        stamped.get(source) != digest(package_dir / source) for source in NATIVE_SOURCES)


def native_library(package_dir: Path = PACKAGE_DIR) -> Path | None:
    """The native library when it may be used: built from the C files that are there
    now, and pure Python not asked for (``BATAK_PURE_PYTHON=1`` turns it off with the rest)."""
    if os.environ.get(PURE_ENV) == "1" or native_stale(package_dir):
        return None
    return package_dir / NATIVE_LIBRARY


def stale_modules(package_dir: Path = PACKAGE_DIR) -> list[str]:
    """The modules whose extension is missing or was built from another source (all of them
    without a stamp or the shared library); an empty list means the build is current."""
    stamped = _stamped(package_dir)
    library = extension_of(SHARED_LIBRARY, package_dir) is not None
    return [module for module in MODULES
            if not library or extension_of(module, package_dir) is None
            or stamped.get(module) != digest(source_of(module, package_dir))]


def is_compiled(module: ModuleType) -> bool:
    """Whether an imported module is the compiled build (for benchmarks and reports)."""
    return str(module.__file__).endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


class SourceFinder(importlib.abc.MetaPathFinder):
    """Imports the compiled modules from their ``.py`` sources, ahead of the extensions."""

    def __init__(self, package_dir: Path) -> None:
        self.sources = {f"{PACKAGE}.{module}": source_of(module, package_dir) for module in MODULES}

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        source = self.sources.get(fullname)
        return None if source is None else importlib.util.spec_from_file_location(fullname, source)


def choose_engine(package_dir: Path = PACKAGE_DIR) -> None:
    """Use the build only when it is current and pure Python is not asked for (run before any
    of ``MODULES`` is imported)."""
    if not built_extensions(package_dir):
        return  # no build: Python finds the sources anyway
    if os.environ.get(PURE_ENV) != "1":
        stale = stale_modules(package_dir)
        if not stale:
            return
        warnings.warn(f"the compiled engine is older than {', '.join(f'{m}.py' for m in stale)}; using pure "
                      "Python for all of it (make app or make test rebuilds it)", stacklevel=2)
    sys.meta_path.insert(0, SourceFinder(package_dir))


def missing_toolchain() -> str | None:
    """Why this machine cannot build the extensions (no C compiler, no Python headers, no mypyc),
    or None when it can."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "no Python headers (Python.h; on Debian: apt-get install python3-dev)"
    if importlib.util.find_spec("mypyc") is None:
        return "no mypyc (pip install mypy)"
    return None


def remove_build(package_dir: Path = PACKAGE_DIR) -> None:
    """Delete the extensions and the stamp. Unlinked, never overwritten: a running process may
    have the old build mapped."""
    for path in built_extensions(package_dir):
        path.unlink()
    (package_dir / STAMP_NAME).unlink(missing_ok=True)


_SETUP: Final = """
import sys
from setuptools import setup
from mypyc.build import mypycify
temp, *paths = sys.argv[1:]
setup(name="batak-engine", script_args=["build_ext", "--inplace", "--build-temp", temp, "--build-lib", temp],
      ext_modules=mypycify([f"--cache-dir={temp}/mypy", *paths], group_name="batak_core.engine", target_dir=temp))
"""


def build(package_dir: Path = PACKAGE_DIR) -> list[Path]:
    """Compile ``MODULES`` of ``package_dir`` (a ``batak_core`` folder) with mypyc, in place, and
    ``NATIVE_SOURCES`` into ``NATIVE_LIBRARY``; stamp the sources they were built from.
    Intermediate files go to a temporary folder; only the extensions, the library and the stamp
    stay. Returns the extensions and the library."""
    remove_build(package_dir)
    top = package_dir.parent
    paths = [str(source_of(module, package_dir).relative_to(top)) for module in MODULES]
    digests = {module: digest(source_of(module, package_dir)) for module in MODULES}
    with tempfile.TemporaryDirectory(prefix="batak-build-") as temp:
        done = subprocess.run([sys.executable, "-c", _SETUP, temp, *paths], cwd=top, capture_output=True, text=True)
    if done.returncode:
        remove_build(package_dir)
        raise RuntimeError(f"the mypyc build failed:\n{done.stdout[-4000:]}{done.stderr[-4000:]}")
    compiler = (sysconfig.get_config_var("CC") or "cc").split()
    # Every x86-64 processor of the last fifteen years counts bits in one instruction; without
    # the flag each count is a library call (a tenth of the solver's time).
    popcount = ["-mpopcnt"] if platform.machine().lower() in ("x86_64", "amd64") else []
    # No fused multiply-adds: the sampler's sums must round as Python's do.
    native = subprocess.run([*compiler, "-O2", *popcount, "-ffp-contract=off", "-shared", "-fPIC", "-o",
                             str(package_dir / NATIVE_LIBRARY),
                             *(str(package_dir / source) for source in NATIVE_SOURCES), "-lm"],
                            capture_output=True, text=True)
    if native.returncode:
        remove_build(package_dir)
        raise RuntimeError(f"the native library's build failed:\n{native.stderr[-4000:]}")
    digests.update({source: digest(package_dir / source) for source in NATIVE_SOURCES})
    (package_dir / STAMP_NAME).write_text(json.dumps(digests, indent=1) + "\n")
    return built_extensions(package_dir)


def ensure() -> int:
    """``make app`` / ``make test``: build unless the build is current or cannot be made here;
    one line says which engine runs. Returns the exit status (1 when a build failed)."""
    stale = stale_modules()
    if not stale and not native_stale():
        print("batak_core: the compiled engine is current")
        return 0
    why_not = missing_toolchain()
    if why_not is not None:
        remove_build()
        print(f"batak_core: {why_not}, so the pure Python engine is used (same results, about half the speed)")
        return 0
    start = time.perf_counter()
    try:
        build()
    except RuntimeError as error:
        print(f"batak_core: {error}\nbatak_core: the pure Python engine is used", file=sys.stderr)
        return 1
    print(f"batak_core: compiled the engine with mypyc and the native solver in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(ensure() if sys.argv[1:] == ["ensure"] else "usage: python batak_core/ai/compiled.py ensure")
