"""The course page template: compiled once per server, and free of requests to the internet."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import nbformat
import pytest
from voila.paths import collect_template_paths

from lessons.app.templates_cache import TEMPLATE_CACHE, CachingExporter

TEMPLATES = Path(__file__).resolve().parents[1] / "lessons" / "app" / "jupyter"


def test_a_second_page_reuses_the_compiled_templates(monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: every page view compiled all of Voilà's templates again (a third of the
    server's CPU per page)."""
    monkeypatch.setenv("JUPYTER_PATH", str(TEMPLATES))
    TEMPLATE_CACHE.clear()
    paths = collect_template_paths(["voila", "nbconvert"], "batak")
    compiled: list[str] = []

    def load(exporter: CachingExporter) -> None:
        environment = exporter.environment
        original = environment.compile
        monkeypatch.setattr(environment, "compile", lambda *a, **k: compiled.append(str(a[1])) or original(*a, **k))
        for name in ("index.html.j2", "voila/templates/lab/index.html.j2", "nbconvert/templates/lab/index.html.j2"):
            environment.get_template(name)  # the page and the two it extends

    load(CachingExporter(template_paths=paths, template_name="batak"))
    first = len(compiled)
    assert first == 3, compiled
    load(CachingExporter(template_paths=paths, template_name="batak"))
    assert len(compiled) == first, f"compiled again: {compiled[first:]}"


def test_the_page_template_fetches_nothing_from_outside() -> None:
    text = (TEMPLATES / "voila" / "templates" / "batak" / "index.html.j2").read_text(encoding="utf-8")
    assert "http://" not in text and "https://" not in text and "<link" not in text


@pytest.mark.parametrize(("metadata", "language", "reload", "cell_error"), [
    ({"batak": {"language": "tr", "texts": {"reload": "Sayfayı yenile",
                                            "cell_error": "Sayfanın bu bölümü gösterilemedi."}}},
     "tr", '"Sayfay\\u0131 yenile"', "Sayfanın bu bölümü gösterilemedi."),
    ({}, "en", '"Reload the page"', "This part of the page could not be shown."),  # built before the editions
])
def test_the_page_declares_its_editions_language_and_words(monkeypatch: pytest.MonkeyPatch, metadata: dict[str, Any],
                                                           language: str, reload: str, cell_error: str) -> None:
    monkeypatch.setenv("JUPYTER_PATH", str(TEMPLATES))
    exporter = CachingExporter(template_paths=collect_template_paths(["voila", "nbconvert"], "batak"),
                               template_name="batak")
    exporter.register_filter("highlight_code", lambda source, **_kw: source)
    nb = nbformat.v4.new_notebook()  # type: ignore[no-untyped-call]
    nb.metadata = {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
                   "title": "Batak", **metadata}
    failed = nbformat.v4.new_code_cell("1/0")  # type: ignore[no-untyped-call]
    failed.outputs = [nbformat.v4.new_output(  # type: ignore[no-untyped-call]
        "error", ename="ExecutionError", evalue="Execution error",
        traceback=["There was an error when executing cell [2]. Reload the page."])]  # as Voilà strips it
    nb.cells = [nbformat.v4.new_markdown_cell("A page."), failed]  # type: ignore[no-untyped-call]
    resources = exporter._init_resources({"metadata": {"name": "05_trump"}})
    resources["global_content_filter"] = {"include_code": True, "include_markdown": True, "include_raw": True,
                                          "include_unknown": True, "include_input": False, "include_output": True}
    html = exporter.environment.get_template("index.html.j2").render(
        nb=nb, resources=resources, kernel_start=lambda _nb: "k1", page_config={}, frontend="voila",
        cell_generator=lambda notebook, _kernel: iter(notebook.cells), **exporter.environment.globals)
    assert f'<html lang="{language}">' in html
    assert f"const language = {json.dumps(language)};" in html
    assert f"reload.textContent = {reload};" in html
    assert cell_error in html and "There was an error when executing cell" not in html
