"""The browser edition's Python side (``make site``), checked under CPython: what changes when the
course runs in Pyodide, and the pieces the site build writes. The site itself is driven in
Chromium by tests/browser/test_site.py."""

from __future__ import annotations

import asyncio
import json
import zipfile
from pathlib import Path

import pytest

from batak_core.ai import analysis
from batak_core.i18n import active_locale, set_locale
from batak_core.teaching import lessons, progress
from batak_core.teaching.progress import Progress
from lessons.browser import build
from widgets.course import page


@pytest.fixture(autouse=True)
def english_afterwards() -> object:
    yield None
    set_locale("en")


def test_the_analysis_board_spends_a_smaller_budget_in_the_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    assert analysis.board_budget() in (analysis.NATIVE_NODES, analysis.COMPILED_NODES, analysis.PURE_PYTHON_NODES)
    monkeypatch.setattr(analysis, "IN_BROWSER", True)
    assert analysis.board_budget() == analysis.BROWSER_NODES < analysis.PURE_PYTHON_NODES
    assert not analysis.values_every_trick() or analysis.is_compiled(analysis.solver)


def test_links_between_pages_name_the_rendered_pages_in_the_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    assert lessons.START.address == "00_start_here.ipynb"
    monkeypatch.setattr(lessons, "IN_BROWSER", True)
    assert lessons.START.address == "00_start_here.html"
    assert lessons.GLOSSARY.address == "17_glossary.html"


def test_a_page_opened_beside_a_server_only_sets_its_language() -> None:
    assert asyncio.run(page.open_page("de")) is None
    assert active_locale() == "de"


def test_a_browser_that_keeps_nothing_gets_a_line_not_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    async def refused(folder: Path) -> None:
        raise OSError("QuotaExceededError: the quota has been exceeded")

    monkeypatch.setattr(page, "IN_BROWSER", True)
    monkeypatch.setattr(page, "open_storage", refused)
    note = asyncio.run(page.open_page("tr"))
    assert note is not None and "batak-storage-problem" in note._dom_classes
    assert "QuotaExceededError" in note.value and "Traceback" not in note.value
    assert active_locale() == "tr"


def test_each_progress_write_is_reported_for_the_browser_copy(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[Path] = []
    monkeypatch.setattr(progress, "AFTER_WRITE", [written.append])
    saved = Progress.load(tmp_path / "progress.json")
    saved.choose_preset("classic")
    assert written == [tmp_path / "progress.json"]
    assert json.loads(written[0].read_text())["preset"] == "classic"


def test_links_to_notebooks_in_html_go_to_the_rendered_pages() -> None:
    menu = ('<div class="batak-languages"><strong aria-current="page" lang="en">English</strong> · '
            '<a href="tr/05_trump.ipynb?lang=tr" lang="tr">Türkçe</a> · <a href="../17_glossary.ipynb#term-koz">koz</a>'
            ' · <a href="https://example.org/a.ipynb">elsewhere</a></div>')
    rewritten = build.NOTEBOOK_LINK.sub(r"\1.html", menu)
    assert 'href="tr/05_trump.html?lang=tr"' in rewritten
    assert 'href="../17_glossary.html#term-koz"' in rewritten
    assert 'href="https://example.org/a.ipynb"' in rewritten  # not a page of the course


def test_the_contents_hold_every_edition_with_page_links(tmp_path: Path) -> None:
    build.write_contents(tmp_path)
    names = {path.relative_to(tmp_path).as_posix() for path in tmp_path.rglob("*.ipynb")}
    for page_ in lessons.PAGES:
        assert {page_.file, f"tr/{page_.file}", f"de/{page_.file}"} <= names
    start = json.loads((tmp_path / "tr" / lessons.START.file).read_text(encoding="utf-8"))
    menu = next("".join(c["source"]) for c in start["cells"] if "batak-languages" in "".join(c["source"]))
    assert ".ipynb" not in menu and 'href="../00_start_here.html?lang=en"' in menu


def test_lock_entries_name_what_a_wheel_imports(tmp_path: Path) -> None:
    wheel = tmp_path / "demo_pkg-1.2.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("demo_pkg/__init__.py", "")
        archive.writestr("demo_module.py", "")
        archive.writestr("demo_pkg-1.2.0.dist-info/METADATA", "Name: demo-pkg\n")
    entry = build.lock_entry(wheel)
    assert entry["name"] == "demo-pkg" and entry["version"] == "1.2.0"
    assert entry["imports"] == ["demo_module", "demo_pkg"]
    assert entry["file_name"] == wheel.name and len(entry["sha256"]) == 64


def test_the_absent_sqlite_distribution_installs_nothing_importable(tmp_path: Path) -> None:
    wheel = build.absent_sqlite_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        assert archive.testzip() is None
    assert all(name.startswith("sqlite3-0.0.0.dist-info/") for name in names)
    assert build.lock_entry(wheel)["imports"] == []


def test_the_front_door_leads_to_each_editions_start_page(tmp_path: Path) -> None:
    build.write_front_door(tmp_path)
    text = (tmp_path / "index.html").read_text(encoding="utf-8")
    for address in ("voici/render/00_start_here.html", "voici/render/tr/00_start_here.html",
                    "voici/render/de/00_start_here.html"):
        assert f'href="{address}"' in text
    assert "http" not in text  # relative: the site may sit in any folder of a server


def test_the_trimmed_babel_still_formats_in_the_courses_languages(tmp_path: Path) -> None:
    import subprocess
    import sys

    import babel

    source = Path(babel.__file__).parent
    wheel = tmp_path / "babel-0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for path in source.rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                archive.write(path, "babel/" + path.relative_to(source).as_posix())
        archive.writestr("babel-0.dist-info/RECORD", "babel/locale-data/fr.dat,,\nbabel/core.py,,\n")
    (tmp_path / "out").mkdir()
    trimmed = build.trimmed_babel(wheel, tmp_path / "out")
    assert trimmed.stat().st_size < wheel.stat().st_size / 5
    with zipfile.ZipFile(trimmed) as archive:
        archive.extractall(tmp_path / "site-packages")
        assert "babel/locale-data/fr.dat" not in archive.read("babel-0.dist-info/RECORD").decode()
    check = ("from babel.numbers import format_decimal; from babel.dates import format_date; import datetime;"
             "d = datetime.date(2026, 12, 7);"
             "print(format_decimal(1234.5, locale='de'), format_decimal(1234.5, locale='tr'),"
             " format_decimal(1234.5, locale='en'), format_date(d, 'dd MMMM', locale='tr'));"
             "import babel.localedata; print(babel.localedata.exists('fr'))")
    path = str(tmp_path / "site-packages")
    shown = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {path!r}); {check}"],
                           capture_output=True, text=True, check=True).stdout.split()
    assert shown == ["1.234,5", "1.234,5", "1,234.5", "07", "Aralık", "False"]


def test_progress_is_saved_where_python_has_no_fcntl(tmp_path: Path) -> None:
    """Pyodide has no fcntl: a quiz answer's save raised ModuleNotFoundError and the page did nothing."""
    import subprocess
    import sys

    script = ("import sys; sys.modules['fcntl'] = None; sys.platform = 'emscripten'\n"  # as in Pyodide
              "from pathlib import Path\n"
              "from batak_core.teaching.progress import Progress\n"
              f"path = Path({str(tmp_path / 'progress.json')!r})\n"
              "saved = Progress.load(path); saved.choose_preset('danish')\n"
              "print(saved.problem, Progress.read(path).preset)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=build.ROOT,
                          env={"BATAK_PURE_PYTHON": "1", "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr[-600:]
    assert done.stdout.split() == ["None", "danish"]


def test_a_widget_shown_again_sends_a_value_the_browser_kernel_keeps() -> None:
    """Pyodide's kernel turns Python's None into JavaScript's undefined, which JSON leaves out: a
    panel shown again after display (``layout.display = None``) stayed hidden in the browser
    edition, and the guided deal's Pass button could not be pressed."""
    import ipywidgets as w

    from widgets.style import show

    button = w.Button()
    show(button, False)
    assert button.layout.get_state()["display"] == "none"
    show(button, True)
    assert button.layout.get_state()["display"] is not None
    assert button.layout.display != "none"


def _word_size_hash(bits: int, value: object) -> int:
    """``hash()`` of ints and nested tuples as CPython computes it on a ``bits``-bit machine."""
    mask, modulus = (1 << bits) - 1, (1 << (61 if bits == 64 else 31)) - 1
    if isinstance(value, int):
        h = (abs(value) % modulus) * (1 if value >= 0 else -1)
        return -2 if h == -1 else h
    assert isinstance(value, tuple)
    p1, p2, p5, rotate = ((11400714785074694791, 14029467366897019727, 2870177450012600261, 31) if bits == 64
                          else (2654435761, 2246822519, 374761393, 13))
    acc = p5
    for item in value:
        acc = (acc + (_word_size_hash(bits, item) & mask) * p2) & mask
        acc = ((acc << rotate) | (acc >> (bits - rotate))) & mask
        acc = (acc * p1) & mask
    acc = (acc + (len(value) ^ (p5 ^ 3527539))) & mask
    return acc - (1 << bits) if acc >> (bits - 1) else acc


def test_the_expert_samples_the_same_layouts_on_a_32_bit_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """The browser's Python (WebAssembly) has 32-bit hashes: the expert seeded its samples with
    ``hash()`` and played the same seeded deal differently in the browser than beside a server."""
    import batak_core as bc
    from batak_core.ai.bots import expert

    key = (7, 2, (1, 5, 9, 51), (3, 4), ())
    assert _word_size_hash(64, key) == hash(key)  # the model of CPython's hash is right here
    game = bc.Game(bc.preset("classic"), seed=11)
    view = game.deal.view(game.deal.to_move)
    on_this_machine = expert.public_seed(view, 5)
    monkeypatch.setattr(expert, "hash", lambda value: _word_size_hash(32, value), raising=False)
    assert expert.public_seed(view, 5) == on_this_machine
