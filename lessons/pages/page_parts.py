"""What every page module uses: a page is a list of ("md" | "code", source) cells."""

from __future__ import annotations

from typing import Final

CHECK: Final = "# NBVAL_CHECK_OUTPUT"
"""Marks a cell whose printed engine result nbval compares."""

Page = list[tuple[str, str]]


def md(text: str) -> tuple[str, str]:
    return ("md", text.strip())


def code(text: str) -> tuple[str, str]:
    return ("code", text.strip())


GLOSSARY_FILE: Final = "17_glossary.ipynb"


def term_anchor(word: str) -> str:
    """The glossary's anchor for a term: ``term-`` and the word in lower case, spaces as hyphens."""
    return "term-" + word.lower().replace(" ", "-")


def term(word: str, shown: str | None = None) -> str:
    """A Markdown link from a lesson to the glossary's entry for a Turkish term (``17_glossary``)."""
    return f"[{shown or word}]({GLOSSARY_FILE}#{term_anchor(word)})"


def paragraphs(*texts: str) -> tuple[str, str]:
    """One Markdown cell of several paragraphs, each its own catalog message (``_()`` at the call)."""
    return md("\n\n".join(text.strip() for text in texts))
