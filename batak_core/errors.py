"""How error messages quote bad input: a short piece of it, never the whole.

A message that echoes a 10 MB field or a 5,000-digit number is no help and can itself fail
(``repr`` of such an int raises on Python 3.11), so every message quotes through ``shorten``.
"""

from __future__ import annotations

from typing import Final

QUOTE_LIMIT: Final = 80
"""The most characters of a bad input a message quotes."""


def clip(text: str, limit: int) -> str:
    """``text`` as a reader sees it (no quotes, nothing added in English), cut to at most ``limit``
    characters, the last an ellipsis: an engine message inside a save-file error, an uploaded file's name."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def shorten(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)``, cut to about ``limit`` characters with an ellipsis and the full length."""
    if isinstance(value, (str, bytes)) and len(value) > limit:
        return f"{value[:limit]!r}… ({len(value):,} characters)"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 3 * limit:
        return f"a {'negative ' if value < 0 else ''}whole number of about {int(value.bit_length() * 0.30103):,} digits"
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        return f"a {type(value).__name__} too large to show"
    return text if len(text) <= limit else f"{text[:limit]}… ({type(value).__name__})"
