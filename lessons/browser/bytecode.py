"""Add Python 3.13 bytecode to pure Python wheels; run inside Pyodide by ``in_pyodide.mjs``.

A browser page imports IPython, ipywidgets and the course when its kernel starts. Without bytecode
every module is compiled from source first, in WebAssembly: seconds a page (IPython alone took
5 s in Node here). Each ``.py`` keeps its source (tracebacks stay readable) and gains an
unchecked-hash ``__pycache__`` file, which the import system uses without comparing timestamps
(a wheel's unpacked files carry the time they were unpacked). Compiled here, by the Pyodide that
runs the pages, so the bytecode always matches its Python.

Reads every ``*.whl`` in /work/in and writes the same wheel with bytecode to /work/out.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import sys
import zipfile
from pathlib import Path

SITE_PACKAGES = f"/lib/python{sys.version_info.major}.{sys.version_info.minor}/site-packages"
TAG = sys.implementation.cache_tag


def pyc_name(member: str) -> str:
    folder, _, name = member.rpartition("/")
    return f"{folder}/__pycache__/{name[:-3]}.{TAG}.pyc" if folder else f"__pycache__/{name[:-3]}.{TAG}.pyc"


def bytecode(source: bytes, member: str) -> bytes:
    code = compile(source, f"{SITE_PACKAGES}/{member}", "exec", dont_inherit=True, optimize=0)
    return bytes(importlib._bootstrap_external._code_to_hash_pyc(  # type: ignore[attr-defined]
        code, importlib.util.source_hash(source), checked=False))


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def with_bytecode(wheel: Path, target: Path) -> int:
    """Write ``wheel`` with bytecode to ``target``; how many modules were compiled."""
    compiled = 0
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        record_name = next(name for name in source.namelist() if name.endswith(".dist-info/RECORD"))
        added: list[str] = []
        for info in source.infolist():
            if info.filename == record_name:
                continue
            data = source.read(info)
            out.writestr(info, data)
            if info.filename.endswith(".py") and ".dist-info/" not in info.filename:
                try:
                    pyc = bytecode(data, info.filename)
                except SyntaxError:  # a file the package never imports (templates, tests for older Pythons)
                    continue
                out.writestr(zipfile.ZipInfo(pyc_name(info.filename), date_time=info.date_time), pyc)
                added.append(record_line(pyc_name(info.filename), pyc))
                compiled += 1
        record = source.read(record_name).decode().splitlines()
        out.writestr(record_name, "\n".join([*record[:-1], *added, *record[-1:]]) + "\n")
    return compiled


def main() -> None:
    inbox, outbox = Path("/work/in"), Path("/work/out")
    for wheel in sorted(inbox.glob("*.whl")):
        count = with_bytecode(wheel, outbox / wheel.name)
        print(f"{wheel.name}: {count} modules compiled", file=sys.stderr)


main()
