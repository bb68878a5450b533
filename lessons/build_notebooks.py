"""Write the course notebooks: ``python lessons/build_notebooks.py [NOTEBOOK ...]``.

The page texts live in ``lessons/pages/`` (one module a page, in the order of
``batak_core.teaching.lessons.PAGES``), so every page has the same shape (what you learn, the rule, a worked
example on real cards, something to try, a five-question quiz, the way on) and can be rebuilt
after an edit. Cells marked ``# NBVAL_CHECK_OUTPUT`` print engine results that nbval compares;
the script runs each notebook once to store those outputs and keeps no other output or widget
state.
"""

from __future__ import annotations

import importlib
import os
import sys
import tempfile
from pathlib import Path

import nbformat
from nbclient import NotebookClient

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run as a script from anywhere: lessons.pages and batak_core import

from batak_core.teaching.lessons import LESSONS, PAGES, START, Lesson  # noqa: E402
from lessons.pages.page_parts import CHECK, Page, md  # noqa: E402

HOME = f"[← Start page and menu]({START.file})"


def page_cells(lesson: Lesson) -> Page:
    """The page's own cells, then the way on: the menu, and the lessons before and after."""
    module = importlib.import_module(f"lessons.pages.{lesson.id.replace('-', '_')}")
    cells: Page = list(module.PAGE)
    if lesson is START:
        return cells
    parts = [HOME]
    if lesson in LESSONS:
        index = LESSONS.index(lesson)
        if index > 0:
            parts.append(f"[← Previous lesson]({LESSONS[index - 1].file})")
        if index + 1 < len(LESSONS):
            parts.append(f"**[Next lesson →]({LESSONS[index + 1].file})**")
    return [*cells, md(" · ".join(parts))]


def build(page: Page) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.metadata = {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
                   "language_info": {"name": "python"}, "title": "Batak course"}
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


def main(names: list[str]) -> None:
    """Write every page's notebook, or only those named (by file, e.g. ``02_first_deal.ipynb``)."""
    chosen = [page for page in PAGES if not names or page.file in names]
    unknown = sorted(set(names) - {page.file for page in PAGES})
    if unknown:
        raise SystemExit(f"no such page: {', '.join(unknown)}; the pages are: {', '.join(p.file for p in PAGES)}")
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["BATAK_PROGRESS"] = str(Path(tmp) / "progress.json")  # never the learner's file
        for page in chosen:
            nb = build(page_cells(page))
            NotebookClient(nb, timeout=300, resources={"metadata": {"path": str(HERE)}}).execute()
            keep_checked_outputs(nb)
            nbformat.write(nb, HERE / page.file)
            print(f"wrote {page.file}", file=sys.stderr)
    if not names:
        stale = {p.name for p in HERE.glob("*.ipynb")} - {page.file for page in PAGES}
        for name in sorted(stale):
            (HERE / name).unlink()
            print(f"removed {name}: no page of the course", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
