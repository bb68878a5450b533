"""The ``batak`` command: the parser of every subcommand, and ``main``.

The subcommands live in ``rules_lab`` (legal, score, rules, lab), ``play`` (play, match) and
``analyse`` (a saved deal valued card by card) and ``puzzles`` (puzzle, puzzles build,
puzzles bidding);
what a flag accepts, and how bad input is reported, in ``arguments``.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from .analyse import add_commands as add_analyse_commands
from .arguments import BadArgument, Parser
from .play import add_commands as add_bot_commands
from .puzzles import add_commands as add_puzzle_commands
from .rules_lab import add_commands as add_lab_commands


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="batak", description="Batak rules lab: settle rules questions for the five sources "
                    "side by side; play against bots; run bot matches.",
                    epilog="A bad value gets one line on stderr saying what is allowed, exit status 2; "
                           "a usage error (unknown flag, missing argument) also prints the usage.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    add_lab_commands(sub)
    add_bot_commands(sub)
    add_analyse_commands(sub)
    add_puzzle_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None, read: Callable[[str], str] = input) -> int:
    """Run one ``batak`` command; the exit status. ``read`` answers ``batak play``'s prompts."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv, namespace=argparse.Namespace(read=read))
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
