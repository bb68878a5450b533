"""The engine protocol on the command line (docs/engine-protocol.md): `batak engine` serves one
of our bots over it, and `batak match --engine CMD` (its flags registered with the match in
``play``) referees duplicate matches between engines, printing a progress bar on stderr, each
fault with its position, and the results with the auction statistics.
"""

from __future__ import annotations

import argparse
import sys
from typing import IO

from ..ai.bots import LEVELS
from ..ai.engine import serve
from ..ai.match import MatchResult
from ..ai.referee import DealOutcome, EngineFailed, EngineMatchResult, Fault, Limits, Player, engine_argv, engine_match
from ..i18n import _, format_number, ngettext
from ..rules import RuleSet
from .arguments import BadArgument, Parser, one_of, whole

MAX_FAULT_LINES = 50
"""Faults printed in full; later ones are counted in the results only."""


def add_commands(subparsers: argparse._SubParsersAction[Parser]) -> None:
    """Register `engine`."""
    engine = subparsers.add_parser(
        "engine", help=_("serve a bot over the engine protocol on stdin and stdout"),
        description=_("Answer a referee over the Batak engine protocol (JSON lines on standard input and "
                      "output, docs/engine-protocol.md) as one of our bots."),
        epilog=_("Exit status: 0 when the referee says quit or closes the input; 2 for a bad argument."))
    engine.add_argument("--bot", default="expert", type=one_of("--bot", LEVELS),
                        help=_("the bot level: {levels}").format(levels=", ".join(LEVELS)))
    engine.set_defaults(func=run_engine)


def add_match_flags(duel: argparse.ArgumentParser) -> None:
    """The match's flags for engines (the match itself is registered in ``play``)."""
    duel.add_argument("--engine", action="append", default=[], type=_engine_command, metavar="CMD",
                      help=_("an engine's command line, speaking the engine protocol; the first takes side A's "
                             "place (--a), a second side B's (--b)"))
    duel.add_argument("--move-time", type=whole("--move-time", 10, 600_000), default=Limits.move_ms, metavar="MS",
                      help=_("milliseconds an engine has for a decision (default {ms})").format(ms=Limits.move_ms))
    duel.add_argument("--grace", type=whole("--grace", 0, 600_000), default=Limits.grace_ms, metavar="MS",
                      help=_("milliseconds past that before the table plays for it (default {ms})").format(
                          ms=Limits.grace_ms))


def _engine_command(text: str) -> str:
    try:
        engine_argv(text)
    except ValueError as error:
        raise BadArgument(f"--engine: {error}") from None
    return text


def run_engine(args: argparse.Namespace) -> int:
    return serve(args.bot, sys.stdin.buffer, sys.stdout.buffer)


def engine_players(args: argparse.Namespace) -> tuple[Player, Player]:
    """Side A and side B: the engines named, else the bot levels ``--a`` and ``--b``."""
    commands: list[str] = args.engine
    if len(commands) > 2:
        raise BadArgument(_("--engine may be given once or twice (sides A and B), not {count} times").format(
            count=len(commands)))
    a = Player(command=commands[0]) if commands else Player(level=args.a)
    b = Player(command=commands[1]) if len(commands) > 1 else Player(level=args.b)
    return a, b


def run_engine_match(args: argparse.Namespace, rule_sets: list[RuleSet]) -> int:
    """The matches of ``batak match`` with an engine at the table; 1 if an engine cannot start."""
    players = engine_players(args)
    limits = Limits(move_ms=args.move_time, grace_ms=args.grace)
    for rules in rule_sets:
        bar = ProgressBar(args.deals, sys.stderr)
        try:
            result = engine_match(rules, *players, args.deals, seed=args.seed, workers=args.workers, limits=limits,
                                  progress=bar.update)
        except EngineFailed as error:
            bar.finish()
            print(f"batak match: {error}", file=sys.stderr)
            return 1
        bar.finish()
        print(results_text(result), flush=True)
    return 0


class ProgressBar:
    """Deals done, on one line redrawn in place on a terminal; elsewhere (a CI log) a line at every
    tenth of the match. Faults are printed above it as they come."""

    WIDTH = 30

    def __init__(self, total: int, stream: IO[str]) -> None:
        self._total, self._stream = total, stream
        self._live = stream.isatty()
        self._diffs: list[float] = []
        self._faults = 0
        self._shown_tenth = 0

    def update(self, outcome: DealOutcome, done: int) -> None:
        self._diffs.append(outcome.diff)
        for fault in outcome.faults:
            self._faults += 1
            if self._faults <= MAX_FAULT_LINES:
                self._write(fault_text(fault), keep=True)
        tenth = 10 * done // self._total
        if self._live or tenth > self._shown_tenth:
            self._shown_tenth = tenth
            filled = self.WIDTH * done // self._total
            mean = format_number(sum(self._diffs) / len(self._diffs), 2, signed=True)
            # Translators: the progress line of a match: {bar} is drawn with # and -, then deals done of all, then
            # the mean difference in points so far (signed).
            self._write(_("[{bar}] {done}/{total} deals, mean so far {mean}").format(
                bar="#" * filled + "-" * (self.WIDTH - filled), done=done, total=self._total, mean=mean),
                keep=not self._live)

    def _write(self, text: str, keep: bool) -> None:
        if self._live:
            self._stream.write("\r\033[K" + text + ("\n" if keep else ""))
        else:
            self._stream.write(text + "\n")
        self._stream.flush()

    def finish(self) -> None:
        if self._live:
            self._stream.write("\r\033[K")
            self._stream.flush()


def fault_text(fault: Fault) -> str:
    """One fault, with its position and what the table played instead."""
    answer = f" {fault.answer!r}" if fault.answer else ""
    # Translators: a fault of an engine in a match. {side} is A or B, {engine} its name, {kind} one of illegal,
    # error, malformed, timeout, died (kept in English), {detail} the referee's English explanation, {answer} what the
    # engine answered (may be empty), {played} the action the table played for it, {position} where it happened.
    return _("fault: {side} ({engine}), deal {deal}, table {table}, seat {seat}: {kind}{answer}: {detail}; the "
             "table played {played} [{position}]").format(
        side=fault.side, engine=fault.engine, deal=fault.deal, table=fault.table, seat=fault.seat, kind=fault.kind,
        answer=answer, detail=fault.detail, played=f"'{fault.played}'", position=fault.position)


def results_text(result: EngineMatchResult) -> str:
    """The match's results: the mean and interval, split by the auction, each side's contracts
    and its faults."""
    a, b = result.names
    mean, low, high, deals = result.interval()
    headline = MatchResult(result.rules, a, b, deals, mean, low, high, result.diffs, result.variant).summary()
    lines = [headline]
    for same, label in ((True, _("same contract at both tables (the card play)")),
                        (False, _("different contracts (the auction and the play)"))):
        mean, low, high, count = result.interval(same)
        if not count:
            continue
        # Translators: {label} is one of the two lines above; {mean}, {low} and {high} come signed.
        lines.append("  " + ngettext("{label}: {count} deal, {mean} ({low} .. {high})",
                                     "{label}: {count} deals, {mean} ({low} .. {high})", count).format(
            label=label, count=count, mean=_signed(mean), low=_signed(low), high=_signed(high)))
    for index, name in enumerate((a, b)):
        stats = result.side(index)
        # Translators: a side's auctions over a match; {name} is an engine's or a bot's name.
        lines.append("  " + ngettext("{name} declared at {count} table, made {made}, mean contract {mean}",
                                     "{name} declared at {count} tables, made {made}, mean contract {mean}",
                                     stats.declared).format(name=name, count=stats.declared, made=stats.made,
                                                            mean=format_number(stats.mean_contract, 2)))
    if result.thrown_in:
        lines.append("  " + ngettext("thrown in at {count} table", "thrown in at {count} tables",
                                     result.thrown_in).format(count=result.thrown_in))
    for side, name in zip("AB", (a, b), strict=True):
        faults = [f for f in result.faults if f.side == side]
        if faults:
            kinds = sorted({f.kind for f in faults})
            counts = ", ".join(f"{sum(f.kind == k for f in faults)} {k}" for k in kinds)
            # Translators: {counts} lists the faults by kind ("2 illegal, 1 timeout"), kinds kept in English.
            lines.append("  " + ngettext("{name}: {count} fault ({counts})", "{name}: {count} faults ({counts})",
                                         len(faults)).format(name=name, count=len(faults), counts=counts))
    return "\n".join(lines)


def _signed(value: float) -> str:
    return format_number(value, 2, signed=True)

