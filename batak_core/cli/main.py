"""The ``batak`` command: the parser of every subcommand, and ``main``.

The subcommands live in ``rules_lab`` (legal, score, rules, lab), ``play`` (play, match),
``engines`` (engine, and the match's engine flags) and
``analyse`` (a saved deal valued card by card) and ``puzzles`` (puzzle, puzzles build,
puzzles bidding);
what a flag accepts, and how bad input is reported, in ``arguments``.

The language of everything the command prints: ``--lang {en,tr,de}`` (anywhere on the command
line), else the user's environment (``$LANGUAGE``, ``$LC_ALL``, ``$LC_MESSAGES``, ``$LANG``),
else English. It is set once, before the parser is built, so the help texts are in it too.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Mapping, Sequence

from ..errors import shorten
from ..i18n import LANGUAGES, UnknownLanguage, _, language_from_environment, normalize_language, set_locale
from .analyse import add_commands as add_analyse_commands
from .arguments import BadArgument, Parser, argparse_in_active_language
from .engines import add_commands as add_engine_commands
from .play import add_commands as add_bot_commands
from .puzzles import add_commands as add_puzzle_commands
from .rules_lab import add_commands as add_lab_commands

LANG_FLAG = "--lang"


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="batak", description=_("Batak rules lab: settle rules questions for the five sources "
                                                "side by side; play against bots; run bot matches."),
                    epilog=_("A bad value gets one line on stderr saying what is allowed, exit status 2; "
                             "a usage error (unknown flag, missing argument) also prints the usage."))
    # Read (and taken off the command line) by ``main`` before parsing: listed here for --help.
    parser.add_argument(LANG_FLAG, choices=LANGUAGES, metavar="{" + ",".join(LANGUAGES) + "}",
                        help=_("the language of the output: en, tr or de (default: from $LANGUAGE, $LC_ALL, "
                               "$LC_MESSAGES or $LANG, else English); may stand anywhere on the command line"))
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    add_lab_commands(sub)
    add_bot_commands(sub)
    add_engine_commands(sub)
    add_analyse_commands(sub)
    add_puzzle_commands(sub)
    return parser


def choose_language(argv: Sequence[str], environ: Mapping[str, str]) -> tuple[str, list[str]]:
    """The language ``--lang`` names (``--lang tr`` or ``--lang=tr``, anywhere before a ``--``),
    else the one ``environ`` names, else English; and ``argv`` without the flag. BadArgument for
    a language the course does not have (said in the active language)."""
    rest: list[str] = []
    chosen: str | None = None
    words = list(argv)
    i = 0
    while i < len(words):
        word = words[i]
        if word == "--":
            rest.extend(words[i:])
            break
        if word == LANG_FLAG or word.startswith(LANG_FLAG + "="):
            if word == LANG_FLAG:
                if i + 1 >= len(words):
                    raise BadArgument(_("{flag} needs a language: one of {languages}").format(
                        flag=LANG_FLAG, languages=", ".join(LANGUAGES)))
                value = words[i + 1]
                i += 2
            else:
                value = word.partition("=")[2]
                i += 1
            try:
                chosen = normalize_language(value)
            except UnknownLanguage:
                raise BadArgument(_("{flag} must be one of {choices}, not {value}").format(
                    flag=LANG_FLAG, choices=", ".join(LANGUAGES), value=shorten(value))) from None
            continue
        rest.append(word)
        i += 1
    return (chosen or language_from_environment(environ)), rest


def main(argv: Sequence[str] | None = None, read: Callable[[str], str] = input) -> int:
    """Run one ``batak`` command; the exit status. ``read`` answers ``batak play``'s prompts."""
    set_locale(language_from_environment(os.environ))  # what a bad --lang is refused in
    try:
        language, words = choose_language(sys.argv[1:] if argv is None else argv, os.environ)
    except BadArgument as error:
        return _refuse("batak", error)
    set_locale(language)
    argparse_in_active_language()
    parser = build_parser()
    try:
        args = parser.parse_args(words, namespace=argparse.Namespace(read=read))
    except SystemExit as done:  # --help (0), or a usage error argparse has printed (2)
        return done.code if isinstance(done.code, int) else 2
    except BadArgument as error:
        return _refuse(error.prog or parser.prog, error)
    try:
        status: int = args.func(args)
    except BadArgument as error:
        return _refuse(f"{parser.prog} {args.command}", error)
    except BrokenPipeError:  # the reader went away (`batak lab | head`): stop quietly
        _silence_stdout()
        return 1
    return status


def _refuse(prog: str, error: BadArgument) -> int:
    print(f"{prog}: {error}", file=sys.stderr)
    return 2


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that flushing it at exit cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real file descriptor (stdout replaced in-process)
        pass
