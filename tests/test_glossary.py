"""The glossary: every word a lesson links resolves to an entry, every anchor is unique and survives
rendering, and every quote is the rule book's own words."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from nbconvert import HTMLExporter

from batak_core.options import SOURCES
from batak_core.teaching.glossary import TERMS, TERMS_BY_WORD
from batak_core.teaching.lessons import GLOSSARY, LESSONS_BY_ID
from lessons.pages import glossary as glossary_page
from lessons.pages.page_parts import GLOSSARY_FILE, term, term_anchor

ROOT = Path(__file__).resolve().parents[1]
PAGES = ROOT / "lessons" / "pages"
SEEDS = ROOT.parent / "shared" / "seeds"
SEED_FILES = {"miniokey": "000", "classic": "001", "danish": "002", "turkish": "003", "gamelake": "004"}
TERM_CALL = re.compile(r"""\bterm\(\s*(["'])(.+?)\1""")
GLOSSARY_LINK = re.compile(re.escape(GLOSSARY_FILE) + r"#([^)\s\"']+)")


def test_the_glossary_file_is_the_glossary_page() -> None:
    assert GLOSSARY.file == GLOSSARY_FILE


def test_every_term_link_in_the_page_modules_resolves_to_an_entry() -> None:
    used = {(path.name, match.group(2)) for path in PAGES.glob("*.py")
            for match in TERM_CALL.finditer(path.read_text(encoding="utf-8"))}
    used -= {("page_parts.py", "koz")}  # the docstring's example
    assert used, "no lesson links a term"
    missing = sorted((page, word) for page, word in used if word not in TERMS_BY_WORD)
    assert not missing, f"term() links without a glossary entry: {missing}"


def test_every_glossary_link_in_the_built_notebooks_lands_on_an_anchor() -> None:
    anchors = {term_anchor(t.word) for t in TERMS}
    for notebook in (ROOT / "lessons").glob("*.ipynb"):
        for cell in nbformat.read(notebook, as_version=4).cells:
            for anchor in GLOSSARY_LINK.findall(cell.source):
                assert anchor in anchors, f"{notebook.name} links {anchor}, which the glossary lacks"


def test_words_and_anchors_are_unique_and_lower_case() -> None:
    words = [t.word for t in TERMS]
    assert len(set(words)) == len(words)
    assert all(w == w.lower() for w in words)
    anchors = [term_anchor(w) for w in words]
    assert len(set(anchors)) == len(anchors)
    assert all(re.fullmatch(r"term-[^\s\"'<>#]+", a) for a in anchors)


def test_the_brief_words_are_all_there() -> None:
    for word in ("ihale", "ihaleli", "koz", "koz kırmak", "yükseltme", "çakmak", "batmak", "yandan batmak",
                 "eşli", "gömmek", "gömmeli", "koz maça", "el", "pas", "dağıtmak"):
        assert word in TERMS_BY_WORD, word


def test_every_entry_names_real_lessons_and_a_source_with_its_quote_and_translation() -> None:
    for t in TERMS:
        assert t.english and t.meaning and t.lessons, t.word
        assert all(lesson in LESSONS_BY_ID for lesson in t.lessons), (t.word, t.lessons)
        assert bool(t.quote) == bool(t.source) == bool(t.translation), t.word
        assert not t.source or t.source in SOURCES, t.word


def test_every_quote_is_the_rule_book_word_for_word_and_uses_the_word() -> None:
    if not SEEDS.is_dir():
        pytest.skip("the original source texts are not beside this clone")
    texts = {name: re.sub(r"\s+", " ", next(SEEDS.glob(f"{number}_*.txt")).read_text(encoding="utf-8"))
             for name, number in SEED_FILES.items()}
    for t in TERMS:
        if t.quote:
            assert t.quote in texts[t.source], (t.word, t.quote)


def test_the_page_has_one_entry_per_word_in_order() -> None:
    sources = [src for kind, src in glossary_page.page() if kind == "md"]
    ids = [re.search(r'<a id="([^"]+)"></a>', src) for src in sources[1:]]
    assert [m.group(1) if m else None for m in ids] == [term_anchor(t.word) for t in TERMS]


def test_the_anchors_survive_rendering_and_a_link_finds_them() -> None:
    """The ids must reach the browser: the built notebook rendered to HTML as Voilà renders Markdown."""
    notebook = nbformat.read(ROOT / "lessons" / GLOSSARY_FILE, as_version=4)
    html, _ = HTMLExporter().from_notebook_node(notebook)
    for t in TERMS:
        assert f'id="{term_anchor(t.word)}"' in html, t.word
    link = term("koz kırmak", "breaking trump")
    assert link == f"[breaking trump]({GLOSSARY_FILE}#term-koz-kırmak)"
