"""What the command line accepts: the parser, the checks of each flag's value, and ``--set``.

Two kinds of bad input, told apart on purpose:

- a usage error (an unknown flag or command, a missing argument, too few values): argparse
  prints the usage block and ``prog: error: ...``; exit status 2;
- a bad value (``--seed -1``, ``--trump Z``, a rule option the engine refuses): exactly one
  line, ``batak COMMAND: what was wrong and what is allowed``; exit status 2. The value checks
  raise ``BadArgument``, which argparse lets through (it catches only ValueError, TypeError and
  its own errors), so no usage block is printed for them.

Every message quotes bad input through ``errors.shorten``: at most about 80 characters of it.
"""

from __future__ import annotations

import argparse
import difflib
import re
from collections.abc import Callable, Sequence
from typing import Any, Final, NoReturn

from ..errors import shorten
from ..i18n import N_, _, gettext
from ..options import OPTIONS_BY_NAME, parse_value
from ..rules import NOT_SPECIFIED, Variant
from ..shuffle import MAX_SEED

ARGPARSE_WORDS: Final = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"), N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"), N_("expected one argument"),
    N_("argument %(argument_name)s: %(message)s"), N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("one of the arguments %s is required"), N_("ambiguous option: %(option)s could match %(matches)s"),
)
"""argparse's own words that a user of the commands reads (the usage block, a usage error), kept in the
course's catalogs so that ``--help`` and a usage error read in the command's language."""


def argparse_in_active_language() -> None:
    """Make argparse look its own words up in the course's catalogs, in the active language (it looks
    them up through its module's ``_``). For a command's entry point: it changes argparse for the process."""
    setattr(argparse, "_", gettext)  # noqa: B010 - argparse offers no other hook


class BadArgument(Exception):
    """A bad value on the command line: printed as one line, exit status 2.

    Deliberately not a ValueError: argparse turns a ValueError from a ``type`` function into a
    usage error, but lets this one through to ``main``."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.prog: str | None = None  # the (sub)command whose parser met it, set on the way out


_MAX_USAGE_MESSAGE = 200


class Parser(argparse.ArgumentParser):
    """argparse with the two kinds of error kept apart (see the module docstring)."""

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None) -> tuple[argparse.Namespace, list[str]]:
        try:
            return super().parse_known_args(args, namespace)
        except BadArgument as error:
            if error.prog is None:  # the innermost parser (the subcommand's) names it
                error.prog = self.prog
            raise

    def error(self, message: str) -> NoReturn:
        """A usage error: the usage block and one line, with long input cut short and undecodable
        bytes of the command line (lone surrogates) written as escapes."""
        message = re.sub(r"\S{81,}", lambda m: shorten(m.group()), message)
        message = message.encode("utf-8", "backslashreplace").decode("utf-8")
        if len(message) > _MAX_USAGE_MESSAGE:
            message = message[:_MAX_USAGE_MESSAGE] + f"… ({len(message):,} characters)"
        super().error(message)


def whole(flag: str, low: int, high: int, *, high_text: str | None = None) -> Callable[[str], int]:
    """A ``type`` for a flag taking a whole number from ``low`` to ``high``."""
    def check(text: str) -> int:
        word = text.strip()
        digits = word[1:] if word[:1] in "+-" else word
        value: int | None = None
        if digits.isascii() and digits.isdigit() and len(digits) <= len(str(high)) + 1:
            value = int(word)
        if value is None or not low <= value <= high:
            raise BadArgument(_("{flag} must be a whole number from {low} to {high}, not {value}").format(
                flag=flag, low=low, high=high_text or high, value=shorten(text)))
        return value

    return check


def seed(flag: str = "--seed") -> Callable[[str], int]:
    """A ``type`` for a seed: a whole number from 0 to 2**64 - 1 (see ``shuffle.check_seed``)."""
    return whole(flag, 0, MAX_SEED, high_text="2**64 - 1")


def one_of(flag: str, choices: Sequence[str]) -> Callable[[str], str]:
    """A ``type`` for a flag taking one of ``choices`` (case and surrounding spaces ignored)."""

    def check(text: str) -> str:
        word = text.strip().lower()
        if word not in choices:
            raise BadArgument(_("{flag} must be one of {choices}, not {value}").format(
                flag=flag, choices=", ".join(choices), value=shorten(text)))
        return word

    return check


def rule_setting(text: str) -> tuple[str, Any]:
    """A ``type`` for ``--set OPTION=VALUE``: the option's name and its value, parsed by the
    options table (``options.parse_value``: true/false, whole numbers, lists like 3,5,7 or
    [3, 5, 7], and the option's words)."""
    name, sep, raw = text.partition("=")
    name = name.strip()
    if not sep or not name:
        raise BadArgument(_("--set takes OPTION=VALUE, e.g. --set min_bid=4, not {value}").format(value=shorten(text)))
    if name == "name":
        raise BadArgument(_("--set changes a rule option; choose the preset with --rules, e.g. --rules classic"))
    if name in NOT_SPECIFIED:
        raise BadArgument(_(NOT_SPECIFIED[name]))
    if name not in OPTIONS_BY_NAME:
        close = difflib.get_close_matches(name, list(OPTIONS_BY_NAME), n=1) if len(name) < 40 else []
        if close:
            raise BadArgument(_("unknown rule option {name} (did you mean {option}?); `batak rules --help` lists the "
                                "options").format(name=shorten(name), option=close[0]))
        raise BadArgument(_("unknown rule option {name}; `batak rules --help` lists the options").format(
            name=shorten(name)))
    option = OPTIONS_BY_NAME[name]
    if name == "variant":
        example = raw.strip() if raw.strip() in [v.value for v in Variant] else "esli"
        raise BadArgument(_("--set changes a house rule; choose the variant with --variant, e.g. --variant "
                            "{example}").format(example=example))
    if option.form:
        raise BadArgument(_("{name} is set by the variant, not a house rule: choose the variant with --variant, "
                            "e.g. --variant esli").format(name=name))
    try:
        return name, parse_value(name, raw)
    except ValueError as error:
        raise BadArgument(str(error)) from None


def house_rule_names() -> str:
    """The options ``--set`` can change, for the help text."""
    return ", ".join(o.name for o in OPTIONS_BY_NAME.values() if not o.form)
