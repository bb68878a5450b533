"""Write the course notebooks: ``python lessons/build_notebooks.py [--language tr] [NOTEBOOK ...]``.

The page texts live in ``lessons/pages/`` (one module a page, in the order of
``batak_core.teaching.lessons.PAGES``), so every page has the same shape (what you learn, the rule, a worked
example on real cards, something to try, a five-question quiz, the way on) and can be rebuilt
after an edit. Each page is written once per language, from the same module and the message
catalogs: English in ``lessons/``, Turkish in ``lessons/tr/``, German in ``lessons/de/`` (no
``--language``: all three). A notebook's first cell sets its kernel's language, and its metadata
carries the words the page template shows. Cells marked ``# NBVAL_CHECK_OUTPUT`` print engine
results that nbval compares; the script runs each notebook once to store those outputs and keeps
no other output or widget state.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import tempfile
from pathlib import Path
from typing import Final

import nbformat
from nbclient import NotebookClient

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run as a script from anywhere: lessons.pages and batak_core import

from batak_core.i18n import LANGUAGE_NAMES, LANGUAGES, _, use_locale  # noqa: E402
from batak_core.teaching.lessons import LESSONS, PAGES, START, Lesson  # noqa: E402
from lessons.app.languages import LANGUAGE_PARAMETER, edition_folder, page_path  # noqa: E402
from lessons.pages.page_parts import CHECK, Page, code, md  # noqa: E402


def edition_dir(language: str) -> Path:
    """Where the notebooks of ``language`` are written."""
    return HERE / edition_folder(language)


def language_menu(language: str, notebook: str) -> str:
    """Links to this page in the other languages, each named in itself; ``?lang=`` makes the server
    remember the choice with the learner's progress."""
    up = "../" if edition_folder(language) else ""
    links = [f'<strong aria-current="page" lang="{code}">{name}</strong>' if code == language else
             f'<a href="{up}{page_path(code, notebook)}?{LANGUAGE_PARAMETER}={code}" lang="{code}">{name}</a>'
             for code, name in LANGUAGE_NAMES.items()]
    return f'<div class="batak-languages">{" · ".join(links)}</div>'


READY_CELL: Final = code("from IPython.display import HTML, display\n"
                         "display(HTML('<span class=\"batak-page-ready\"></span>'))")
"""The last cell: its mark shows once every cell above it has drawn (browser tests and benchmarks wait for it)."""


def page_cells(lesson: Lesson, language: str) -> Page:
    """In ``language``: a cell that sets the kernel's language, the language menu (start page), the
    page's own cells, then the way on: the menu, and the lessons before and after; last the mark
    that the page is ready."""
    module = importlib.import_module(f"lessons.pages.{lesson.id.replace('-', '_')}")
    with use_locale(language):
        cells: Page = [code(f"from widgets.course.page import open_page\nawait open_page({language!r})")]
        if lesson is START:
            return [*cells, md(language_menu(language, lesson.file)), *module.page(), READY_CELL]
        cells += module.page()
        parts = [_("[← Start page and menu]({file})").format(file=START.file)]
        if lesson in LESSONS:
            index = LESSONS.index(lesson)
            if index > 0:
                parts.append(_("[← Previous lesson]({file})").format(file=LESSONS[index - 1].file))
            if index + 1 < len(LESSONS):
                parts.append(_("**[Next lesson →]({file})**").format(file=LESSONS[index + 1].file))
        return [*cells, md(" · ".join(parts)), md(language_menu(language, lesson.file)), READY_CELL]


def template_texts(language: str) -> dict[str, str]:
    """The words the page template's script shows (``lessons/app/jupyter``), in ``language``."""
    with use_locale(language):
        return {"reload": _("Reload the page"),
                "unreachable": _("The course server cannot be reached. When it is running again, reload this page."),
                "cell_error": _("This part of the page could not be shown. Reload the page; if it stays broken, tell "
                                "your teacher.")}


def build(page: Page, language: str) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    with use_locale(language):
        title = _("Batak course")
    nb.metadata = {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
                   "language_info": {"name": "python"}, "title": title,
                   "batak": {"language": language, "texts": template_texts(language)}}
    nb.cells = [nbformat.v4.new_markdown_cell(src) if kind == "md" else nbformat.v4.new_code_cell(src)
                for kind, src in page]
    return nb


def keep_checked_outputs(nb: nbformat.NotebookNode) -> None:
    """Outputs stay only where nbval compares them; no widget state."""
    checked = 0
    for cell in nb.cells:
        cell.pop("id", None)
        if cell.cell_type != "code":
            continue
        cell.execution_count = None
        cell.metadata = {}
        if CHECK in cell.source:  # nbval wants a checked cell to look run
            checked += 1
            cell.execution_count = checked
            for output in cell.outputs:
                if output.output_type == "execute_result":
                    output.execution_count = checked
                output.metadata = {}
        else:
            cell.outputs = []
    nb.metadata.pop("widgets", None)
    nb.nbformat_minor = 4


def main(names: list[str], languages: tuple[str, ...] = LANGUAGES) -> None:
    """Write every page's notebook in ``languages``, or only those named (by file, e.g.
    ``02_first_deal.ipynb``)."""
    chosen = [page for page in PAGES if not names or page.file in names]
    unknown = sorted(set(names) - {page.file for page in PAGES})
    if unknown:
        raise SystemExit(f"no such page: {', '.join(unknown)}; the pages are: {', '.join(p.file for p in PAGES)}")
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["BATAK_PROGRESS"] = str(Path(tmp) / "progress.json")  # never the learner's file
        for language in languages:
            folder = edition_dir(language)
            folder.mkdir(exist_ok=True)
            for page in chosen:
                nb = build(page_cells(page, language), language)
                NotebookClient(nb, timeout=300, resources={"metadata": {"path": str(folder)}}).execute()
                keep_checked_outputs(nb)
                nbformat.write(nb, folder / page.file)
                print(f"wrote {folder.relative_to(HERE.parent) / page.file}", file=sys.stderr)
            if not names:
                stale = {p.name for p in folder.glob("*.ipynb")} - {page.file for page in PAGES}
                for name in sorted(stale):
                    (folder / name).unlink()
                    print(f"removed {name}: no page of the course", file=sys.stderr)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Write the course notebooks from lessons/pages.")
    parser.add_argument("notebooks", nargs="*", help="only these pages, e.g. 05_trump.ipynb (default: all)")
    parser.add_argument("--language", choices=LANGUAGES, action="append",
                        help="only this language's edition (repeatable; default: all)")
    arguments = parser.parse_args()
    main(arguments.notebooks, tuple(arguments.language or LANGUAGES))
