"""Build the course as a static web app: ``python lessons/browser/build.py [--output site]`` (``make site``).

The same notebooks as the app (``lessons/``, ``lessons/tr/``, ``lessons/de/``) are rendered by Voici,
the static form of Voilà, with the course's page template; they run in the learner's browser on
JupyterLite's Pyodide kernel. Everything the pages load is copied into the output folder, so any
plain web server (or a subfolder of one) serves the course and nothing is fetched from elsewhere:

- Pyodide's core from the npm registry's ``pyodide`` package, at the version the kernel expects;
- a Pyodide lock file of our own listing only the wheels we ship (the kernel's runtime from
  ``requirements.txt``, the kernel's own wheels, the course's wheel), all loaded when the kernel
  starts, so nothing is looked up on PyPI or a CDN;
- the course's wheel: ``batak_core`` and ``widgets`` as pure Python, with the compiled catalogs.

Downloads (npm, pip) are cached under ``build/site-cache``.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path
from typing import Any, Final

HERE: Final = Path(__file__).resolve().parent
ROOT: Final = HERE.parent.parent
CACHE: Final = ROOT / "build" / "site-cache"
PYODIDE_VERSION: Final = "0.29.0"
"""The Pyodide that jupyterlite-pyodide-kernel 0.7.0 is built for (its ``constants.PYODIDE_VERSION``)."""
PYODIDE_CORE: Final = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
PYODIDE_PLATFORM_TAGS: Final = ("--python-version", "3.13", "--implementation", "py", "--abi", "none",
                                "--platform", "any")
TEMPLATE: Final = "batak"
"""The page template (``lessons/app/jupyter/voila/templates/batak``): the app's, which knows Voici."""
KERNEL_PLUGIN: Final = "@jupyterlite/pyodide-kernel-extension:kernel"
UNUSED_EXTENSIONS: Final = ("@voila-dashboards/jupyterlab-preview",)
"""A lab extension Voilà brings along that the course never uses (a preview button in JupyterLab)."""
sys.path.insert(0, str(ROOT))  # run as a script from anywhere: batak_core and lessons import

from batak_core.i18n import LANGUAGE_NAMES, LANGUAGES  # noqa: E402
from batak_core.teaching.lessons import START  # noqa: E402
from lessons.app.languages import edition_folder  # noqa: E402

NOTEBOOK_LINK: Final = re.compile(r'(href="[^"#?:]+)\.ipynb(?=[#?"])')


def run(*command: str | Path, **kwargs: Any) -> None:
    print("$", " ".join(str(part) for part in command), file=sys.stderr)
    subprocess.run([str(part) for part in command], check=True, **kwargs)


def pyodide_core() -> Path:
    """Pyodide's core files (the npm package holds no packages; we ship our own)."""
    folder = CACHE / f"pyodide-{PYODIDE_VERSION}"
    if not (folder / "package" / "pyodide.asm.wasm").exists():
        folder.mkdir(parents=True, exist_ok=True)
        run("npm", "pack", "--silent", f"pyodide@{PYODIDE_VERSION}", cwd=folder, stdout=subprocess.DEVNULL)
        with tarfile.open(folder / f"pyodide-{PYODIDE_VERSION}.tgz") as archive:
            archive.extractall(folder, filter="data")
    return folder / "package"


def runtime_wheels() -> list[Path]:
    """The kernel's runtime (``requirements.txt``), pure Python wheels, downloaded once."""
    folder = CACHE / "wheels"
    pinned = [line.split("#")[0].strip() for line in (HERE / "requirements.txt").read_text().splitlines()]
    pinned = [line for line in pinned if line]
    wanted = {_normalize(line.split("==")[0]): line.split("==")[1] for line in pinned}
    have = {_wheel_name(path): path for path in folder.glob("*.whl")}
    if any(name not in have or _wheel_version(have[name]) != version for name, version in wanted.items()):
        run(sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
            "--only-binary=:all:", *PYODIDE_PLATFORM_TAGS, "--dest", folder, *pinned)
        have = {_wheel_name(path): path for path in folder.glob("*.whl")}
    return [have[name] for name in wanted]


BABEL_LOCALES: Final = ("root", "en", "tr", "de")
"""The Unicode locale data the course formats with (numbers, dates): English, Turkish, German and
what they inherit from. Babel ships data for about 1,100 locales, 30 MB unpacked."""


def trimmed_babel(wheel: Path, into: Path) -> Path:
    """Babel's wheel with only ``BABEL_LOCALES``' data: a tenth of its size, loaded by every page."""
    trimmed = into / wheel.name
    dropped: set[str] = set()
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(trimmed, "w", zipfile.ZIP_DEFLATED) as target:
        record_name = next(name for name in source.namelist() if name.endswith(".dist-info/RECORD"))
        for info in source.infolist():
            locale = info.filename.removeprefix("babel/locale-data/").removesuffix(".dat")
            if info.filename.startswith("babel/locale-data/") and locale not in BABEL_LOCALES:
                dropped.add(info.filename)
            elif info.filename != record_name:
                target.writestr(info, source.read(info))
        record = [line for line in source.read(record_name).decode().splitlines()
                  if line.split(",")[0] not in dropped]
        target.writestr(record_name, "\n".join(record) + "\n")
    return trimmed


def kernel_wheels() -> list[Path]:
    """The wheels jupyterlite-pyodide-kernel ships for its kernel (pyodide_kernel, piplite, and the
    stand-ins for ipykernel and widgetsnbextension, which need no server)."""
    folder = Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    wheels = sorted(folder.glob("*.whl"))
    if not wheels:
        raise SystemExit(f"no kernel wheels in {folder}: install the site extra (pip install -e '.[site]')")
    # two widgetsnbextension stand-ins, for ipywidgets 7 and 8: keep the one for ipywidgets 8
    return [w for w in wheels if not w.name.startswith("widgetsnbextension-3.")]


def course_wheel(into: Path) -> Path:
    """``batak_core`` and ``widgets`` as one pure Python wheel: from a copy of the sources without the
    compiled engine (CPython only) and with the catalogs compiled (``.mo`` only: the browser never
    compiles a catalog)."""
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "src"
        source.mkdir()
        ignore = shutil.ignore_patterns("*.so", "__pycache__", "compiled-from.json", "*.c")
        for package in ("batak_core", "widgets"):
            shutil.copytree(ROOT / package, source / package, ignore=ignore)
        for name in ("pyproject.toml", "README.md"):
            shutil.copy(ROOT / name, source / name)
        run(sys.executable, "-m", "babel.messages.frontend", "compile", "--domain", "batak",
            "--directory", source / "batak_core/locale", stderr=subprocess.DEVNULL)
        for po in (source / "batak_core/locale").rglob("*.po"):
            po.unlink()
        run(sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check", "--no-deps",
            "--wheel-dir", into, source)
    wheel = next(into.glob("batak_tutor-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        native = [name for name in archive.namelist() if name.endswith((".so", ".c"))]
    if native:
        raise SystemExit(f"the course wheel must be pure Python; it holds {native[:3]}")
    return wheel


def absent_sqlite_wheel(into: Path) -> Path:
    """The kernel installs ``sqlite3`` at start unless it is preloaded, and Pyodide's build of it is
    not on any registry we reach. IPython keeps its history in memory without it, so we ship an empty
    distribution of that name: the kernel starts, and ``import sqlite3`` still fails as it should."""
    wheel = into / "sqlite3-0.0.0-py3-none-any.whl"
    info = "sqlite3-0.0.0.dist-info"
    files = {
        f"{info}/METADATA": "Metadata-Version: 2.1\nName: sqlite3\nVersion: 0.0.0\nSummary: Marks SQLite as "
                            "absent from the course's browser edition (IPython then keeps history in memory)\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: batak-tutor\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = [f"{name},sha256={_record_hash(text.encode())},{len(text.encode())}" for name, text in files.items()]
    files[f"{info}/RECORD"] = "\n".join([*record, f"{info}/RECORD,,"]) + "\n"
    with zipfile.ZipFile(wheel, "w") as archive:
        for name, text in files.items():
            archive.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), text)
    return wheel


def with_bytecode(wheels: list[Path], folder: Path) -> list[Path]:
    """The wheels with Python bytecode added, compiled by Pyodide itself under Node.js
    (``bytecode.py``): a page then imports IPython and the course without compiling them first."""
    inbox, outbox = folder / "in", folder / "out"
    inbox.mkdir(parents=True)
    outbox.mkdir()
    for wheel in wheels:
        shutil.copy(wheel, inbox / wheel.name)
    run("node", HERE / "in_pyodide.mjs", pyodide_core(), folder, HERE / "bytecode.py")
    return [outbox / wheel.name for wheel in wheels]


def lock_entry(wheel: Path) -> dict[str, Any]:
    """A Pyodide lock file entry for a pure Python wheel we ship next to Pyodide."""
    with zipfile.ZipFile(wheel) as archive:
        top = {name.split("/")[0] for name in archive.namelist()}
    imports = sorted(name.removesuffix(".py") for name in top
                     if not name.endswith((".dist-info", ".data")) and (name.endswith(".py") or "." not in name))
    return {"name": _wheel_name(wheel), "version": _wheel_version(wheel), "file_name": wheel.name,
            "install_dir": "site", "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package", "imports": imports, "depends": [], "unvendored_tests": False}


def write_pyodide(lite_dir: Path, wheels: list[Path]) -> list[str]:
    """Pyodide's core and our wheels in ``static/pyodide`` of the lite folder (where the kernel
    addon looks), with a lock file that lists only those wheels; the names to preload."""
    core = pyodide_core()
    folder = lite_dir / "static" / "pyodide"
    folder.mkdir(parents=True)
    for name in PYODIDE_CORE:
        shutil.copy(core / name, folder / name)
    info = json.loads((core / "pyodide-lock.json").read_text())["info"]
    packages = {}
    for wheel in wheels:
        shutil.copy(wheel, folder / wheel.name)
        entry = lock_entry(wheel)
        packages[entry["name"]] = entry
    (folder / "pyodide-lock.json").write_text(json.dumps({"info": info, "packages": packages}, indent=1))
    return sorted(packages)


def write_contents(contents: Path) -> None:
    """The course's notebooks, every edition, as Voici renders them: a link to another page's
    notebook in HTML (the language menu) goes to its page (Voici rewrites Markdown links itself)."""
    for notebook in sorted(HERE.parent.glob("*.ipynb")) + sorted(HERE.parent.glob("*/*.ipynb")):
        relative = notebook.relative_to(HERE.parent)
        if relative.parts[0] in ("browser", "app", "pages"):
            continue
        data = json.loads(notebook.read_text(encoding="utf-8"))
        for cell in data["cells"]:
            if cell["cell_type"] == "markdown":
                source = "".join(cell["source"])
                cell["source"] = NOTEBOOK_LINK.sub(r"\1.html", source)
        target = contents / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(data, indent=1, ensure_ascii=False), encoding="utf-8")


def write_lite_config(lite_dir: Path, preload: list[str]) -> None:
    """``jupyter-lite.json``: the kernel loads every shipped wheel at start and never asks PyPI."""
    settings = {"loadPyodideOptions": {"packages": preload}, "disablePyPIFallback": True}
    config = {"jupyter-lite-schema-version": 0,
              "jupyter-config-data": {"appName": "Batak course",
                                      "disabledExtensions": list(UNUSED_EXTENSIONS),
                                      "litePluginSettings": {KERNEL_PLUGIN: settings}}}
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=1))


FRONT_DOOR: Final = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Batak course</title>
<script>
// The start page in the first of the browser's languages the course is written in (English otherwise).
(function () {
  var editions = %(editions)s, languages = navigator.languages || [navigator.language || "en"];
  for (var i = 0; i < languages.length; i++) {
    var code = String(languages[i]).slice(0, 2).toLowerCase();
    if (code in editions) { window.location.replace(editions[code]); return; }
  }
  window.location.replace(editions.en);
})();
</script>
</head>
<body>
<p>%(links)s</p>
</body>
</html>
"""
"""The site's own front page: where its address leads (JupyterLite's would open a file list)."""


def write_front_door(output: Path) -> None:
    editions = {language: f"voici/render/{edition_folder(language) + '/' if edition_folder(language) else ''}"
                          f"{START.file.removesuffix('.ipynb')}.html" for language in LANGUAGES}
    links = " · ".join(f'<a href="{address}" lang="{language}">{LANGUAGE_NAMES[language]}</a>'
                       for language, address in editions.items())
    (output / "index.html").write_text(FRONT_DOOR % {"editions": json.dumps(editions), "links": links},
                                       encoding="utf-8")


def build(output: Path) -> None:
    output = output.resolve()
    with tempfile.TemporaryDirectory() as tmp:
        lite_dir, contents, wheels_dir = Path(tmp) / "lite", Path(tmp) / "contents", Path(tmp) / "wheels"
        for folder in (lite_dir, contents, wheels_dir):
            folder.mkdir()
        wheels = [trimmed_babel(wheel, wheels_dir) if _wheel_name(wheel) == "babel" else wheel
                  for wheel in runtime_wheels()]
        wheels += [*kernel_wheels(), course_wheel(wheels_dir), absent_sqlite_wheel(wheels_dir)]
        wheels = with_bytecode(wheels, Path(tmp) / "bytecode")
        preload = write_pyodide(lite_dir, wheels)
        write_lite_config(lite_dir, preload)
        write_contents(contents)
        if output.exists():
            shutil.rmtree(output)
        environment = {**os.environ, "JUPYTER_PATH": str(HERE.parent / "app" / "jupyter")}
        run(Path(sys.executable).parent / "voici", "build", "--lite-dir", lite_dir, "--contents", contents,
            "--output-dir", output, "--template", TEMPLATE, "--no-sourcemaps", "--no-unused-shared-packages",
            cwd=tmp, env=environment)
    write_front_door(output)
    print(f"built {output}", file=sys.stderr)


def _normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _wheel_name(wheel: Path) -> str:
    return _normalize(wheel.name.split("-")[0])


def _wheel_version(wheel: Path) -> str:
    return wheel.name.split("-")[1]


def _record_hash(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Build the course as a static web app (Voici and Pyodide).")
    parser.add_argument("--output", type=Path, default=ROOT / "site", help="the folder to write (default: site/)")
    build(parser.parse_args().output)
