"""Which edition of the course a page request gets: the English pages sit in ``lessons/``, the
Turkish and German ones in ``lessons/tr/`` and ``lessons/de/`` (``build_notebooks.py`` writes all
three from the same page modules and catalogs).

The language is, in this order: ``?lang=`` in the address (and the learner's progress remembers
it), the learner's remembered choice, the edition the address names (a Turkish page's link stays
Turkish), the browser's ``Accept-Language`` (for the English addresses, which carry no language).
A page asked for in another edition is redirected to the same page in the learner's.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from batak_core.i18n import DEFAULT_LANGUAGE, LANGUAGES, UnknownLanguage, negotiate_language, normalize_language

LANGUAGE_PARAMETER = "lang"


def edition_folder(language: str) -> str:
    """The folder of ``lessons/`` that holds a language's notebooks ("" for English)."""
    return "" if language == DEFAULT_LANGUAGE else language


def split_page(path: str) -> tuple[str, str]:
    """(language, notebook file) of a page path under ``voila/render/``: "tr/05_trump.ipynb" is
    ("tr", "05_trump.ipynb"), "05_trump.ipynb" is ("en", "05_trump.ipynb")."""
    parts = PurePosixPath(path.strip("/")).parts
    if len(parts) == 2 and parts[0] in LANGUAGES and parts[0] != DEFAULT_LANGUAGE:
        return parts[0], parts[1]
    return DEFAULT_LANGUAGE, "/".join(parts)


def page_path(language: str, notebook: str) -> str:
    """The page path of ``notebook`` in the edition of ``language``."""
    folder = edition_folder(language)
    return f"{folder}/{notebook}" if folder else notebook


def asked_language(value: str | None) -> str | None:
    """The language a ``?lang=`` value names, None without one; UnknownLanguage for a value that
    names none of the course's languages."""
    if value is None:
        return None
    return normalize_language(value)


def chosen_language(asked: str | None, remembered: str | None, accept_language: str | None,
                    edition: str = DEFAULT_LANGUAGE) -> str:
    """The page's language: asked for, else remembered, else the edition of a Turkish or German
    address, else the browser's first choice that the course speaks."""
    if asked is not None:
        return asked
    if remembered in LANGUAGES:
        return str(remembered)
    if edition != DEFAULT_LANGUAGE:
        return edition
    return negotiate_language(accept_language)


__all__ = ["LANGUAGE_PARAMETER", "UnknownLanguage", "asked_language", "chosen_language", "edition_folder",
           "page_path", "split_page"]
