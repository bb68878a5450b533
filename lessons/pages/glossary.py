"""The course page "Glossary": one entry a Turkish word, drawn from ``batak_core.teaching.glossary``.

The entries are Markdown written when the notebook is built, each with its HTML anchor
(``page_parts.term_anchor``), so a lesson's ``term()`` link lands on the entry as soon as the page
opens, before any kernel has run.
"""

from __future__ import annotations

from html import escape

from batak_core.teaching.glossary import TERMS, Term
from batak_core.teaching.lessons import LESSONS_BY_ID

from .page_parts import Page, md, term_anchor


def entry(item: Term) -> str:
    """One word: its anchor, the word and its English, the plain meaning, the lessons where it comes up
    and the rule book's own sentence."""
    where = ", ".join(f"[{LESSONS_BY_ID[lesson].title}]({LESSONS_BY_ID[lesson].file})" for lesson in item.lessons)
    lines = [f'<a id="{term_anchor(item.word)}"></a>', "",
             f"**{item.word}**: *{item.english}*. {item.meaning}", "", f"Comes up in: {where}."]
    if item.quote:
        lines += ["", f"> The {item.source} rule book: “{escape(item.quote)}” ({escape(item.translation)})"]
    return "\n".join(lines)


PAGE: Page = [
    md("""
# Glossary

The Turkish words of the game, each with its plain meaning, the lessons where it comes up, and the
sentence of a rule book that uses it. Lessons link a word here: follow the link, then use your
browser's *Back* button to return.

A few sounds of Turkish: **ç** is said like *ch*, **ş** like *sh*, **ğ** lengthens the vowel
before it, **ı** (no dot) is a short *uh*, and **ö** and **ü** are said as in German.
"""),
    *(md(entry(item)) for item in TERMS),
]
