"""The course page "Glossary": one entry a Turkish word, drawn from ``batak_core.teaching.glossary``.

The entries are Markdown written when the notebook is built, each with its HTML anchor
(``page_parts.term_anchor``), so a lesson's ``term()`` link lands on the entry as soon as the page
opens, before any kernel has run. The anchors are the Turkish word's in every language.
"""

from __future__ import annotations

from html import escape
from typing import Final

from batak_core.i18n import _, active_locale
from batak_core.teaching.glossary import TERMS, Term
from batak_core.teaching.lessons import LESSONS_BY_ID

from .page_parts import Page, md, paragraphs, term_anchor

QUOTE_LANGUAGES: Final = {"turkish": "tr", "classic": "de", "danish": "da", "gamelake": "es"}
"""The language each rule book quoted in the glossary is written in: a quote already in the page's
language needs no translation after it."""


def entry(item: Term) -> str:
    """One word, in the active language: its anchor, the word and its English (translated), the plain
    meaning, the lessons where it comes up and the rule book's own sentence (untranslated, with its
    translation unless it is already in the page's language)."""
    where = ", ".join(f"[{_(LESSONS_BY_ID[lesson].title)}]({LESSONS_BY_ID[lesson].file})"
                      for lesson in item.lessons)
    lines = [f'<a id="{term_anchor(item.word)}"></a>', "",
             f"**{item.word}**: *{_(item.english)}*. {_(item.meaning)}", "",
             # Translators: {lessons} is a list of links to lessons, separated by commas.
             _("Comes up in: {lessons}.").format(lessons=where)]
    if item.quote:
        if QUOTE_LANGUAGES.get(item.source) == active_locale():
            # Translators: a rule book's own sentence, in its language; {book} is the rule book's name
            # (turkish, classic, danish...).
            quote = _("> The {book} rule book: “{quote}”").format(book=item.source, quote=escape(item.quote))
        else:
            # Translators: a rule book's own sentence, in its language, then its translation in
            # parentheses; {book} is the rule book's name (turkish, classic, danish...).
            quote = _("> The {book} rule book: “{quote}” ({translation})").format(
                book=item.source, quote=escape(item.quote), translation=escape(_(item.translation)))
        lines += ["", quote]
    return "\n".join(lines)


def page() -> Page:
    """The glossary's cells, in the active language (``lessons/build_notebooks.py`` writes one notebook
    per language); the note on Turkish sounds is left out of the Turkish page."""
    intro = [_("# Glossary"),
             _("The Turkish words of the game, each with its plain meaning, the lessons where it comes up, and "
               "the sentence of a rule book that uses it. Lessons link a word here: follow the link, then use "
               "your browser's *Back* button to return.")]
    if active_locale() != "tr":
        intro.append(_("A few sounds of Turkish: **ç** is said like *ch*, **ş** like *sh*, **ğ** lengthens the "
                       "vowel before it, **ı** (no dot) is a short *uh*, and **ö** and **ü** are said as in "
                       "German."))
    return [paragraphs(*intro), *(md(entry(item)) for item in TERMS)]
