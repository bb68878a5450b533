"""The one reader of every JSON document the project reads: save files, positions, progress.

``read_document`` turns text or bytes into the document's top-level object, or raises
``SaveFileError`` with one sentence saying what is wrong and what is allowed. It checks, in
this order: the type of the input, its size, UTF-8, JSON syntax (no NaN or Infinity, no key
twice in one object, no number longer than MAX_DIGITS), the nesting depth, that no text holds a
lone surrogate (a ``\\ud800`` escape, which no UTF-8 file can hold), that the document is an
object, its ``format`` and its ``version``. What each kind of document holds is checked by its
own reader; every message quotes bad input through ``errors.shorten``. The messages are for the
person whose file it is, in the active language; ``what`` is one of ``DOCUMENT_NAMES``, in English.

The limits (also in docs/save-format.md) are far above anything the program writes: a game of
21 deals is about 35 KB, nested 5 deep, with numbers of at most 20 digits.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, Final, NoReturn

from .errors import shorten
from .i18n import N_, _, format_number, pgettext

MAX_SIZE: Final = 5_000_000
"""The most characters (or bytes, for bytes) of a document that are read."""
MAX_DEPTH: Final = 20
"""The deepest nesting of lists and objects in a document."""
MAX_DIGITS: Final = 40
"""The most digits of a number in a document (a seed, up to 2**64 - 1, has 20)."""


_LONE_SURROGATE: Final = re.compile("[\ud800-\udfff]")

DOCUMENT_NAMES: Final = (N_("save file"), N_("position file"), N_("progress file"))
"""The documents' names as the readers pass them (``what``), in English: translated in the messages."""


def _alternatives(formats: tuple[str, ...]) -> str:
    """"'a' or 'b'" in the active language."""
    names = [repr(f) for f in formats]
    text = names[0] if names else ""
    for name in names[1:]:
        # Translators: two alternatives, "'batak-deal' or 'batak-game'".
        text = pgettext("alternatives", "{first} or {last}").format(first=text, last=name)
    return text


class SaveFileError(ValueError):
    """A document (save file, position, progress) that is not valid JSON, not ours, from a
    newer version, or inconsistent; the message says what is wrong and what is allowed."""


class _Refused(Exception):
    """Raised inside the JSON parser's hooks; turned into a SaveFileError by the reader."""


def read_document(text: object, *, formats: tuple[str, ...], version: int, what: str) -> dict[str, Any]:
    """The top-level object of a JSON document whose ``format`` is one of ``formats`` and
    whose ``version`` is ``version``; ``what`` names the document in messages ("save file")."""
    data = _parse(text, what)
    name = _(what)
    if not isinstance(data, dict):
        # Translators: {what} is a document's name (save file); {found} what the file holds instead (a list).
        raise SaveFileError(_("not a {what}: expected a JSON object with a 'format' field, not {found}").format(
            what=name, found=json_kind(data)))
    expected = _alternatives(formats)
    if "format" not in data:
        raise SaveFileError(_("not a {what}: the object has no 'format' field (expected {expected})").format(
            what=name, expected=expected))
    if data["format"] not in formats:
        raise SaveFileError(_("not a batak-tutor {what}: format is {found}, expected {expected}").format(
            what=name, found=shorten(data["format"]), expected=expected))
    if "version" not in data:
        raise SaveFileError(_("unsupported {what}: the object has no 'version' field (expected {version})").format(
            what=name, version=version))
    found = data["version"]
    if type(found) is not int:
        raise SaveFileError(_("unsupported {what} version {found}: the version must be the number {version}").format(
            what=name, found=shorten(found), version=version))
    if found != version:
        message = (_("unsupported {what} version {found} (written by a newer batak-tutor): this program reads "
                     "version {version}") if found > version
                   else _("unsupported {what} version {found}: this program reads version {version}"))
        raise SaveFileError(message.format(what=name, found=found, version=version))
    return data


def _parse(text: object, what: str) -> Any:
    if not isinstance(text, (str, bytes, bytearray)):
        raise SaveFileError(f"a {what} must be text or bytes, not {type(text).__name__}")
    name = _(what)
    if len(text) > MAX_SIZE:
        message = (_("not a {what}: it is {size} characters long, and at most {most} are read")
                   if isinstance(text, str)
                   else _("not a {what}: it is {size} bytes long, and at most {most} are read"))
        raise SaveFileError(message.format(what=name, size=format_number(len(text)), most=format_number(MAX_SIZE)))
    if not isinstance(text, str):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            # Translators: {at} is the bad byte's place in the file, {byte} its value in hexadecimal (e.g. ff).
            raise SaveFileError(_("not a {what}: the bytes are not UTF-8 text (byte {at} is 0x{byte}); a {what} is "
                                  "UTF-8 JSON").format(what=name, at=format_number(error.start),
                                                       byte=f"{error.object[error.start]:02x}")) from None
    text = text.removeprefix("\ufeff")  # a byte order mark some editors write
    try:
        data = json.loads(text, parse_int=_integer, parse_float=_float, parse_constant=_constant,
                          object_pairs_hook=_object)
    except _Refused as error:
        # Translators: {what} is a document's name (save file), {problem} what is wrong with it.
        raise SaveFileError(_("not a {what}: {problem}").format(what=name, problem=error)) from None
    except json.JSONDecodeError as error:
        # Translators: {error} is Python's description of the syntax error, in English ("Expecting value").
        message = _("not a {what}: the text is not valid JSON ({error} at line {line} column {column})")
        raise SaveFileError(message.format(what=name, error=error.msg.removesuffix(" at"), line=error.lineno,
                                           column=error.colno)) from None
    except RecursionError:
        _too_deep(what)
    _check_tree(data, what)
    return data


def _too_deep(what: str) -> NoReturn:
    raise SaveFileError(_("not a {what}: its lists and objects are nested deeper than {depth} levels").format(
        what=_(what), depth=MAX_DEPTH))


def _check_tree(data: Any, what: str) -> None:
    """Refuse nesting deeper than MAX_DEPTH and texts with lone surrogates, without recursion."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if _LONE_SURROGATE.search(item):
                raise SaveFileError(_("not a {what}: the text {text} holds a lone surrogate (such as \\ud800), which "
                                      "is not Unicode").format(what=_(what), text=shorten(item)))
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
        raise _Refused(_("a number has {count} digits; at most {most} are allowed").format(
            count=format_number(count), most=MAX_DIGITS))
    return int(digits)


def _float(digits: str) -> float:
    value = float(digits)
    if not math.isfinite(value):
        raise _Refused(_("the number {number} is too large").format(number=shorten(digits)))
    return value


def _constant(name: str) -> NoReturn:
    raise _Refused(_("{name} is not a number JSON allows (NaN, Infinity and -Infinity are refused)").format(
        name=name))


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) < len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise _Refused(_("the key {key} appears twice in one object").format(key=shorten(key)))
            seen.add(key)
    return data


def json_kind(value: object) -> str:
    """The JSON name of a value's type, for messages: "a list", "text", "a number", "null" (in the
    active language)."""
    if value is None:
        return pgettext("JSON value", "null")
    if isinstance(value, bool):
        return pgettext("JSON value", "true or false")
    if isinstance(value, (int, float)):
        return pgettext("JSON value", "a number")
    if isinstance(value, str):
        return pgettext("JSON value", "text")
    return pgettext("JSON value", "a list") if isinstance(value, list) else pgettext("JSON value", "an object")
