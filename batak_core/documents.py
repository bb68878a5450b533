"""The one reader of every JSON document the project reads: save files, positions, progress.

``read_document`` turns text or bytes into the document's top-level object, or raises
``SaveFileError`` with one sentence saying what is wrong and what is allowed. It checks, in
this order: the type of the input, its size, UTF-8, JSON syntax (no NaN or Infinity, no key
twice in one object, no number longer than MAX_DIGITS), the nesting depth, that no text holds a
lone surrogate (a ``\\ud800`` escape, which no UTF-8 file can hold), that the document is an
object, its ``format`` and its ``version``. What each kind of document holds is checked by its
own reader; every message quotes bad input through ``errors.shorten``.

The limits (also in docs/save-format.md) are far above anything the program writes: a game of
21 deals is about 35 KB, nested 5 deep, with numbers of at most 20 digits.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, Final, NoReturn

from .errors import shorten

MAX_SIZE: Final = 5_000_000
"""The most characters (or bytes, for bytes) of a document that are read."""
MAX_DEPTH: Final = 20
"""The deepest nesting of lists and objects in a document."""
MAX_DIGITS: Final = 40
"""The most digits of a number in a document (a seed, up to 2**64 - 1, has 20)."""


_LONE_SURROGATE: Final = re.compile("[\ud800-\udfff]")


class SaveFileError(ValueError):
    """A document (save file, position, progress) that is not valid JSON, not ours, from a
    newer version, or inconsistent; the message says what is wrong and what is allowed."""


class _Refused(Exception):
    """Raised inside the JSON parser's hooks; turned into a SaveFileError by the reader."""


def read_document(text: object, *, formats: tuple[str, ...], version: int, what: str) -> dict[str, Any]:
    """The top-level object of a JSON document whose ``format`` is one of ``formats`` and
    whose ``version`` is ``version``; ``what`` names the document in messages ("save file")."""
    data = _parse(text, what)
    if not isinstance(data, dict):
        raise SaveFileError(f"not a {what}: expected a JSON object with a 'format' field, not {json_kind(data)}")
    expected = " or ".join(repr(f) for f in formats)
    if "format" not in data:
        raise SaveFileError(f"not a {what}: the object has no 'format' field (expected {expected})")
    if data["format"] not in formats:
        raise SaveFileError(f"not a batak-tutor {what}: format is {shorten(data['format'])}, expected {expected}")
    if "version" not in data:
        raise SaveFileError(f"unsupported {what}: the object has no 'version' field (expected {version})")
    found = data["version"]
    if type(found) is not int:
        raise SaveFileError(f"unsupported {what} version {shorten(found)}: the version must be the number "
                            f"{version}")
    if found != version:
        newer = " (written by a newer batak-tutor)" if found > version else ""
        raise SaveFileError(f"unsupported {what} version {found}{newer}: this program reads version {version}")
    return data


def _parse(text: object, what: str) -> Any:
    if not isinstance(text, (str, bytes, bytearray)):
        raise SaveFileError(f"a {what} must be text or bytes, not {type(text).__name__}")
    if len(text) > MAX_SIZE:
        unit = "characters" if isinstance(text, str) else "bytes"
        raise SaveFileError(f"not a {what}: it is {len(text):,} {unit} long, and at most {MAX_SIZE:,} are read")
    if not isinstance(text, str):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise SaveFileError(f"not a {what}: the bytes are not UTF-8 text (byte {error.start:,} is "
                                f"0x{error.object[error.start]:02x}); a {what} is UTF-8 JSON") from None
    text = text.removeprefix("\ufeff")  # a byte order mark some editors write
    try:
        data = json.loads(text, parse_int=_integer, parse_float=_float, parse_constant=_constant,
                          object_pairs_hook=_object)
    except _Refused as error:
        raise SaveFileError(f"not a {what}: {error}") from None
    except json.JSONDecodeError as error:
        raise SaveFileError(f"not a {what}: the text is not valid JSON ({error.msg.removesuffix(' at')} at "
                            f"line {error.lineno} column {error.colno})") from None
    except RecursionError:
        _too_deep(what)
    _check_tree(data, what)
    return data


def _too_deep(what: str) -> NoReturn:
    raise SaveFileError(f"not a {what}: its lists and objects are nested deeper than {MAX_DEPTH} levels")


def _check_tree(data: Any, what: str) -> None:
    """Refuse nesting deeper than MAX_DEPTH and texts with lone surrogates, without recursion."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if _LONE_SURROGATE.search(item):
                raise SaveFileError(f"not a {what}: the text {shorten(item)} holds a lone surrogate "
                                    "(such as \\ud800), which is not Unicode")
            continue
        if isinstance(item, dict):
            stack.extend((key, depth) for key in item)
            item = list(item.values())
        elif not isinstance(item, list):
            continue
        depth += 1
        if depth > MAX_DEPTH:
            _too_deep(what)
        stack.extend((child, depth) for child in item if isinstance(child, (str, list, dict)))


def _integer(digits: str) -> int:
    count = len(digits.lstrip("-"))
    if count > MAX_DIGITS:
        raise _Refused(f"a number has {count:,} digits; at most {MAX_DIGITS} are allowed")
    return int(digits)


def _float(digits: str) -> float:
    value = float(digits)
    if not math.isfinite(value):
        raise _Refused(f"the number {shorten(digits)} is too large")
    return value


def _constant(name: str) -> NoReturn:
    raise _Refused(f"{name} is not a number JSON allows (NaN, Infinity and -Infinity are refused)")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(f"the key {shorten(key)} appears twice in one object")
            seen.add(key)
    return data


def json_kind(value: object) -> str:
    """The JSON name of a value's type, for messages: "a list", "text", "a number", "null"."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    return "a list" if isinstance(value, list) else "an object"
