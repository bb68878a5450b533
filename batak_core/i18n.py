"""The course's languages: every sentence a person reads is looked up here, in a message catalog.

The catalogs are Babel's ``.po`` files under ``batak_core/locale/<code>/LC_MESSAGES/batak.po``,
compiled to ``.mo`` at build time (``make catalogs``; ``pybabel compile``). Code marks a
sentence with ``_()`` (``ngettext`` for a count, ``pgettext`` where one English word has two
meanings, ``N_`` for a constant translated where it is shown) and fills named placeholders with
``str.format`` afterwards, so a translation may put them in any order.

Which language: English unless told. A page or a command sets the process's language once
(``set_locale``); code that explains something in another language for a moment uses
``use_locale`` (a context variable, so threads and tasks do not see each other's choice). The
engine's explaining functions take ``locale=`` and default to English.
"""

from __future__ import annotations

import gettext as _gettext
import io
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Final

from .errors import shorten

DOMAIN: Final = "batak"
LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"
LANGUAGES: Final = ("en", "tr", "de")
"""The course's languages, English (the catalogs' source language) first."""
DEFAULT_LANGUAGE: Final = "en"
LANGUAGE_NAMES: Final = {"en": "English", "tr": "Türkçe", "de": "Deutsch"}
"""Each language named in itself, as a language menu shows it."""

_context_language: ContextVar[str | None] = ContextVar("batak_language", default=None)
_process_language = DEFAULT_LANGUAGE


class UnknownLanguage(ValueError):
    """A language code the course has no catalog for."""


def normalize_language(value: object) -> str:
    """A course language from a code as people and systems write it: "tr", "TR", "tr_TR.UTF-8",
    "de-AT". Anything else is refused with the list of what is allowed."""
    if not isinstance(value, str):
        raise UnknownLanguage(f"a language must be given as text like 'tr', not {shorten(value)}")
    code = re.split(r"[-_.@]", value.strip(), maxsplit=1)[0].lower()
    if code in LANGUAGES:
        return code
    raise UnknownLanguage(f"{shorten(value)} is not a language of the course: use one of {', '.join(LANGUAGES)}")


LANGUAGE_VARIABLES: Final = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where a command looks for its user's language, in gettext's order."""


def language_from_environment(environ: Mapping[str, str]) -> str:
    """The course language the first of ``LANGUAGE_VARIABLES`` in ``environ`` names (``$LANGUAGE``
    may list several, "fr:de"); English when none does ("C", "POSIX", an unknown language)."""
    for name in LANGUAGE_VARIABLES:
        for part in environ.get(name, "").split(":"):
            try:
                return normalize_language(part)
            except UnknownLanguage:
                continue
    return DEFAULT_LANGUAGE


def negotiate_language(accept_language: str | None) -> str:
    """The course language a browser asks for first in its ``Accept-Language`` header
    ("tr-TR,tr;q=0.9,en;q=0.8"), by its q-values; English when it asks for none of them."""
    ranked: list[tuple[float, int, str]] = []
    for position, item in enumerate((accept_language or "")[:1000].split(",")):
        tag, _, params = item.strip().partition(";")
        quality = 1.0
        match = re.fullmatch(r"\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*", params) if params else None
        if params and match is None:
            continue
        if match:
            quality = float(match.group(1))
        try:
            code = normalize_language(tag)
        except UnknownLanguage:
            continue
        if quality > 0:
            ranked.append((-quality, position, code))
    return min(ranked)[2] if ranked else DEFAULT_LANGUAGE


def set_locale(language: object) -> str:
    """Make ``language`` the process's language (a page's kernel, a command) and return its code."""
    global _process_language
    _process_language = normalize_language(language)
    return _process_language


def active_locale() -> str:
    """The language text is written in right now."""
    return _context_language.get() or _process_language


@contextmanager
def use_locale(language: object | None) -> Iterator[str]:
    """Write in ``language`` inside the block (``None``: keep the active one)."""
    code = active_locale() if language is None else normalize_language(language)
    token = _context_language.set(code)
    try:
        yield code
    finally:
        _context_language.reset(token)


def catalog_path(language: str, suffix: str = ".po") -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


@cache
def translations(language: str) -> _gettext.NullTranslations:
    """The compiled catalog of ``language``. A ``.mo`` older than its ``.po`` (a catalog edited
    since ``make catalogs``) is compiled again in memory, so an edit shows at once."""
    if language == DEFAULT_LANGUAGE:
        return _gettext.NullTranslations()
    source, compiled = catalog_path(language), catalog_path(language, ".mo")
    if compiled.exists() and (not source.exists() or compiled.stat().st_mtime >= source.stat().st_mtime):
        with compiled.open("rb") as handle:
            return _gettext.GNUTranslations(handle)
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with source.open("rb") as handle:
        catalog = read_po(handle, locale=language, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return _gettext.GNUTranslations(buffer)


def gettext(message: str) -> str:
    """``message`` in the active language."""
    return translations(active_locale()).gettext(message)


_ = gettext


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message that goes with ``count``, by the active language's plural rule."""
    return translations(active_locale()).ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the active language, where ``context`` tells apart two meanings of one
    English text (a "Pass" button, a card "pass")."""
    return translations(active_locale()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    return translations(active_locale()).npgettext(context, singular, plural, count)


def N_(message: str) -> str:
    """Mark a constant for the catalog without translating it: it is translated where shown."""
    return message


def format_number(value: float, decimals: int = 0, *, signed: bool = False) -> str:
    """A number as the active language writes it ("1,234.5", "1.234,5"), with "-" when negative and
    "+" when ``signed`` and not negative: the English text is what ``f"{x:+,.1f}"`` writes."""
    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    rounded = round(value, decimals)
    text = format_decimal(abs(rounded), format=pattern, locale=active_locale())
    if rounded < 0:
        return "-" + text
    return ("+" + text) if signed else text


def upper_first(text: str) -> str:
    """``text`` with its first letter capitalized as the active language writes it (Turkish i → İ)."""
    if text[:1] == "i" and active_locale() == "tr":
        return "İ" + text[1:]
    return text[:1].upper() + text[1:]


def format_percent(share: float) -> str:
    """A share as a whole percentage as the active language writes it: "25%", Turkish "%25"."""
    # Translators: a percentage; {n} is the number (Turkish puts the sign first: "%{n}").
    return _("{n}%").format(n=format_number(100 * share))


def format_list(items: list[str]) -> str:
    """Items joined as the active language joins a list: "A, B and C", "A, B ve C", "A, B und C"."""
    if len(items) <= 1:
        return "".join(items)
    # Translators: the end of a list, "Q♣, 4♣ and 2♦"; {first} is the items before the last, joined by commas.
    return pgettext("list", "{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])
