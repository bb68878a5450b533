"""The referee: duplicate matches between engines over the engine protocol
(docs/engine-protocol.md), or between an engine and one of our bots, refereed by the rules engine.

Every deal is played at two tables with the seats swapped, exactly as ``match.match`` plays it:
the same deals (``derive_seed``), the same dealers, and each seat's bot or engine seeded with
``deal_seed * 4 + seat``, so our bots through the protocol play the same cards as in one process.
Each seat an engine plays is a process of its own, so no process sees two hands.

What an engine gets wrong never stops the match (the table's rule, documented in the protocol
page): the seat's timeout action (``Deal.timeout_action``) is played instead and the fault is
recorded with its position. A well-formed answer that is illegal, or an error answer, leaves the
engine playing; a malformed line, a missed deadline or a dead process ends the process, and a new
one is started (handshake, then the deal's ``new_deal`` again) before the seat's next decision.
Only an engine that fails its handshake ``START_TRIES`` times in a row stops the match
(``EngineFailed``).
"""

from __future__ import annotations

import collections
import contextlib
import os
import selectors
import shlex
import subprocess
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from multiprocessing import util as multiprocessing_util
from typing import Any, Final, Protocol

from ..actions import Action
from ..deal import Deal, DealView, Phase
from ..errors import clip, shorten
from ..protocol import (
    MAX_LINE,
    ProtocolError,
    UnreadableAction,
    answered_action,
    deal_over,
    decide,
    decode,
    encode,
    engine_name,
    hello,
    new_deal,
    quit_message,
)
from ..rules import RuleSet
from ..shuffle import derive_seed
from .bots import Bot, get
from .match import mean_interval

START_TRIES: Final = 3
"""Handshakes an engine may fail in a row before the match stops."""
QUIT_WAIT: Final = 2.0
"""Seconds an engine has to exit after ``quit`` before it is ended."""
STDERR_LINES: Final = 5
"""The last lines of an engine's standard error kept to quote when it fails."""


@dataclass(frozen=True)
class Limits:
    """The referee's clocks, in milliseconds (``start_ms``: for a process's handshake)."""

    move_ms: int = 5_000
    grace_ms: int = 1_000
    start_ms: int = 30_000


@dataclass(frozen=True)
class Player:
    """One side of a match: an engine's command line, or one of our bot levels played in process."""

    command: str = ""
    level: str = ""

    @property
    def label(self) -> str:
        return self.level or clip(self.command, 60)


class EngineFailed(Exception):
    """An engine could not be started (its handshake failed ``START_TRIES`` times in a row)."""


class _Fault(Exception):
    """A decision the engine did not answer with a legal action; ``restart``: its process ends."""

    def __init__(self, kind: str, detail: str, answer: str = "", restart: bool = False) -> None:
        super().__init__(detail)
        self.kind, self.detail, self.answer, self.restart = kind, detail, answer, restart


# --- one engine process ------------------------------------------------------------------------

class EngineProcess:
    """A running engine: its handshake done, its lines read against a deadline, the last lines of
    its standard error kept (by a thread that drains it, so a chatty engine never blocks)."""

    def __init__(self, command: str, limits: Limits) -> None:
        argv = engine_argv(command)
        try:
            self._process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                             stderr=subprocess.PIPE, bufsize=0, start_new_session=True)
        except OSError as error:
            raise EngineFailed(f"cannot start {shorten(command)}: {error.strerror or error}") from None
        assert self._process.stdin is not None and self._process.stdout is not None
        self._stdin, self._stdout = self._process.stdin, self._process.stdout
        self._buffer = b""
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._stdout, selectors.EVENT_READ)
        self._stderr: collections.deque[str] = collections.deque(maxlen=STDERR_LINES)
        threading.Thread(target=self._drain_stderr, daemon=True).start()
        try:
            self.send(hello())
            self.name = engine_name(self.read(time.monotonic() + limits.start_ms / 1000))
        except _Fault as fault:
            self.close()
            raise EngineFailed(f"{shorten(command)} did not complete the handshake: {fault.detail}"
                               f"{self.last_words()}") from None
        except ProtocolError as error:
            self.close()
            raise EngineFailed(f"{shorten(command)}: {error}{self.last_words()}") from None

    def _drain_stderr(self) -> None:
        stream = self._process.stderr
        assert stream is not None
        for raw in iter(lambda: stream.readline(4096), b""):
            self._stderr.append(clip(raw.decode("utf-8", "replace").rstrip(), 200))

    def last_words(self) -> str:
        """The end of the engine's standard error, for a message (empty if it wrote none)."""
        time.sleep(0.05)  # what a dying engine printed last is still on its way
        lines = [line for line in self._stderr if line.strip()]
        return f" (its standard error ended: {' | '.join(lines)})" if lines else ""

    def send(self, message: dict[str, Any]) -> None:
        try:
            self._stdin.write(encode(message))
            self._stdin.flush()
        except (BrokenPipeError, OSError):
            raise _Fault("died", "the engine's input is closed: it has exited", restart=True) from None

    def read(self, deadline: float) -> dict[str, Any]:
        """The next message other than a log line, by ``deadline`` (monotonic seconds)."""
        while True:
            line = self._line(deadline)
            try:
                message = decode(line)
            except ProtocolError as error:
                raise _Fault("malformed", str(error), clip(line.decode("utf-8", "replace"), 80),
                             restart=True) from None
            if message["type"] != "log":
                return message

    def _line(self, deadline: float) -> bytes:
        while b"\n" not in self._buffer:
            if len(self._buffer) > MAX_LINE:
                raise _Fault("malformed", f"a line is at most {MAX_LINE:,} bytes", restart=True)
            left = deadline - time.monotonic()
            if left <= 0 or not self._selector.select(left):
                raise _Fault("timeout", "no answer in time", restart=True)
            chunk = os.read(self._stdout.fileno(), 65_536)
            if not chunk:
                try:
                    code: int | None = self._process.wait(0.5)  # its output closes as it exits
                except subprocess.TimeoutExpired:
                    code = None
                how = f"exited with status {code}" if code is not None else "closed its output"
                raise _Fault("died", f"the engine {how}", restart=True)
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.rstrip(b"\r")

    def close(self) -> None:
        """Ask the engine to quit; end it if it has not within ``QUIT_WAIT`` seconds."""
        if self._process.poll() is None:
            with contextlib.suppress(OSError):
                self._stdin.write(encode(quit_message()))
                self._stdin.flush()
        with contextlib.suppress(OSError):
            self._stdin.close()
        try:
            self._process.wait(QUIT_WAIT)
        except subprocess.TimeoutExpired:
            self.kill()
        self._selector.close()
        self._stdout.close()

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self._process.pid, 9)  # its own session: children it started end too
        self._process.wait()


def engine_argv(command: str) -> list[str]:
    """The command line split as a POSIX shell would; ValueError for an empty or unbalanced one."""
    try:
        argv = shlex.split(command)
    except ValueError as error:
        raise ValueError(f"cannot read the engine command {shorten(command)}: {error}") from None
    if not argv:
        raise ValueError("an engine command names a program to run, not an empty text")
    return argv


# --- the seats ---------------------------------------------------------------------------------

class Seat(Protocol):
    """Who decides for one seat of a table: an engine process or one of our bots."""

    name: str

    def new_deal(self, rules: RuleSet, deal: int, table: int, seat: int, dealer: int, seed: int) -> None: ...

    def decide(self, view: DealView) -> Action: ...

    def deal_over(self, deal: int, table: int, scores: Sequence[int], tricks_won: Sequence[int]) -> None: ...

    def close(self) -> None: ...


class BotSeat:
    """One of our bots, in process, made for each deal as ``match.play_out`` makes it."""

    def __init__(self, level: str, make: Callable[[str, int], Bot] = get) -> None:
        self.name = level
        self._level, self._make = level, make
        self._bot: Bot | None = None

    def new_deal(self, rules: RuleSet, deal: int, table: int, seat: int, dealer: int, seed: int) -> None:
        self._bot = self._make(self._level, seed)

    def decide(self, view: DealView) -> Action:
        assert self._bot is not None
        return self._bot.choose(view)

    def deal_over(self, deal: int, table: int, scores: Sequence[int], tricks_won: Sequence[int]) -> None:
        pass

    def close(self) -> None:
        pass


class EngineSeat:
    """An engine for one seat: its process started when first needed and again after a failure."""

    def __init__(self, command: str, limits: Limits) -> None:
        self.name = clip(command, 60)
        self._command, self._limits = command, limits
        self._process: EngineProcess | None = None
        self._deal: dict[str, Any] | None = None  # the new_deal a restarted process is told again
        self._request = 0

    def _running(self) -> EngineProcess:
        if self._process is None:
            for attempt in range(START_TRIES):
                try:
                    self._process = EngineProcess(self._command, self._limits)
                    break
                except EngineFailed:
                    if attempt == START_TRIES - 1:
                        raise
            assert self._process is not None
            self.name = self._process.name
            if self._deal is not None:
                self._process.send(self._deal)
        return self._process

    def new_deal(self, rules: RuleSet, deal: int, table: int, seat: int, dealer: int, seed: int) -> None:
        self._deal = new_deal(rules, deal, table, seat, dealer, seed)
        self._guarded(lambda process: process.send(self._deal or {}))

    def decide(self, view: DealView) -> Action:
        self._request += 1
        request = self._request
        process = self._running()
        deadline = time.monotonic() + (self._limits.move_ms + self._limits.grace_ms) / 1000
        try:
            process.send(decide(request, view, self._limits.move_ms))
            message = process.read(deadline)
        except _Fault as failed:
            raise self._restarting(failed, process) from None
        try:
            return answered_action(message, request)
        except ProtocolError as error:
            kind = ("error" if message["type"] == "error" else "illegal" if isinstance(error, UnreadableAction)
                    else "malformed")
            wrong = _Fault(kind, str(error), clip(str(message.get("action", "")), 80), restart=kind == "malformed")
            raise self._restarting(wrong, process) from None

    def deal_over(self, deal: int, table: int, scores: Sequence[int], tricks_won: Sequence[int]) -> None:
        self._guarded(lambda process: process.send(deal_over(deal, table, scores, tricks_won)))

    def _guarded(self, send: Callable[[EngineProcess], None]) -> None:
        """Send a message that wants no answer; a dead engine is restarted before its next decision."""
        if self._process is None:
            return  # started (and told the deal) when it first decides
        try:
            send(self._process)
        except _Fault:
            self._stop()

    def _restarting(self, fault: _Fault, process: EngineProcess) -> _Fault:
        if fault.restart:
            if fault.kind == "died":
                fault.detail += process.last_words()
            self._stop()
        return fault

    def _stop(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process.close()
            self._process = None

    def close(self) -> None:
        if self._process is not None:
            self._process.close()
            self._process = None


# --- the match ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Fault:
    """A decision an engine did not answer with a legal action, and what the table did instead."""

    side: str  # "A" or "B"
    engine: str
    kind: str  # illegal, error, malformed, timeout, died
    deal: int
    table: int
    seat: int
    position: str
    detail: str
    answer: str
    played: str


@dataclass(frozen=True)
class TableOutcome:
    """How one table's deal ended: the contract (None when thrown in) and the points."""

    declarer: int | None
    contract: int | None
    trump: str | None
    made: bool | None
    scores: tuple[int, int, int, int]

    @property
    def auction(self) -> tuple[int | None, int | None, str | None]:
        return (self.declarer, self.contract, self.trump)


@dataclass(frozen=True)
class DealOutcome:
    """One deal at both tables: A's points less B's, averaged over the two seatings."""

    index: int
    diff: float
    tables: tuple[TableOutcome, TableOutcome]
    faults: tuple[Fault, ...]

    @property
    def same_auction(self) -> bool:
        """Whether both tables ended in the same contract (or were both thrown in): the
        difference is then the card play's."""
        return self.tables[0].auction == self.tables[1].auction


@dataclass(frozen=True)
class SideStats:
    """A side's auctions over a match: tables it declared at, contracts made, their mean."""

    declared: int
    made: int
    mean_contract: float


@dataclass(frozen=True)
class EngineMatchResult:
    rules: str
    variant: str
    names: tuple[str, str]
    deals: tuple[DealOutcome, ...]

    @property
    def diffs(self) -> tuple[float, ...]:
        return tuple(d.diff for d in self.deals)

    def interval(self, same_auction: bool | None = None) -> tuple[float, float, float, int]:
        """(mean, low, high, deals) over all deals, or those whose auctions went alike or not."""
        diffs = [d.diff for d in self.deals if same_auction is None or d.same_auction == same_auction]
        return (*mean_interval(diffs), len(diffs)) if diffs else (0.0, 0.0, 0.0, 0)

    def side(self, index: int) -> SideStats:
        """Side A's (0) or B's (1) declaring: at table 1 side A holds seats 0 and 2."""
        contracts, made = [], 0
        for deal in self.deals:
            for table, outcome in enumerate(deal.tables):
                if outcome.declarer is None or outcome.contract is None:
                    continue
                holds_even_seats = (table == 0) == (index == 0)
                if (outcome.declarer % 2 == 0) == holds_even_seats:
                    contracts.append(outcome.contract)
                    made += bool(outcome.made)
        return SideStats(len(contracts), made, sum(contracts) / len(contracts) if contracts else 0.0)

    @property
    def thrown_in(self) -> int:
        return sum(outcome.declarer is None for deal in self.deals for outcome in deal.tables)

    @property
    def faults(self) -> tuple[Fault, ...]:
        return tuple(f for d in self.deals for f in d.faults)


class _Tables:
    """The seats of a match in one process: side A's and side B's player for each seat."""

    def __init__(self, players: tuple[Player, Player], limits: Limits) -> None:
        self.seats = tuple(tuple(_seat(player, limits) for _ in range(4)) for player in players)

    def close(self) -> None:
        for side in self.seats:
            for seat in side:
                seat.close()


def _seat(player: Player, limits: Limits) -> Seat:
    return BotSeat(player.level) if player.level else EngineSeat(player.command, limits)


def play_deal(tables: _Tables, rules: RuleSet, seed: int, index: int) -> DealOutcome:
    """Deal ``index`` of the match at both tables (see the module docstring)."""
    deal_seed = derive_seed(seed, index)
    outcomes: list[TableOutcome] = []
    faults: list[Fault] = []
    total = 0
    for table, sign in ((1, 1), (2, -1)):
        even, odd = (0, 1) if table == 1 else (1, 0)  # the sides holding seats 0, 2 and 1, 3
        seats = [tables.seats[even if s % 2 == 0 else odd][s] for s in range(4)]
        sides = ["AB"[even if s % 2 == 0 else odd] for s in range(4)]
        deal = Deal.random(rules, seed=deal_seed, dealer=index % 4)
        for s, player in enumerate(seats):
            player.new_deal(rules, index, table, s, deal.dealer, deal_seed * 4 + s)
        while not deal.is_finished:
            decider = deal.decider
            assert decider is not None
            view = deal.view(decider)
            try:
                deal.act(seats[decider].decide(view))
            except (_Fault, ValueError) as problem:
                fault = problem if isinstance(problem, _Fault) else _Fault("illegal", str(problem))
                played = deal.timeout_action()
                faults.append(Fault(sides[decider], seats[decider].name, fault.kind, index, table, decider,
                                    describe_position(view), clip(fault.detail, 300), fault.answer, str(played)))
                deal.act(played)
        scores = deal.scores()
        for player in seats:
            player.deal_over(index, table, scores, deal.tricks_won)
        trump = deal.trump
        outcomes.append(TableOutcome(deal.declarer, deal.contract, None if trump is None else trump.letter,
                                     deal.made, (scores[0], scores[1], scores[2], scores[3])))
        total += sign * (scores[0] + scores[2] - scores[1] - scores[3])
    return DealOutcome(index, total / 2, (outcomes[0], outcomes[1]), tuple(faults))


def describe_position(view: DealView) -> str:
    """Where a fault happened, in a line: the phase, the hand and what is on the table."""
    hand = " ".join(str(c) for c in view.mover_hand) or "-"
    if view.phase is Phase.AUCTION:
        calls = " ".join(f"{b.seat}:{'pass' if b.bid is None else b.bid}" for b in view.auction) or "none yet"
        return f"auction, hand {hand}, calls {calls}"
    if view.phase is not Phase.PLAY:
        return f"{view.phase.value}, hand {hand}"
    trick = " ".join(str(c) for c in view.current_trick) or "to lead"
    trump = view.trump.letter if view.trump is not None else "-"
    return (f"trick {len(view.tricks) + 1}, trump {trump}, contract {view.contract} by seat {view.declarer}, "
            f"hand {hand}, trick so far {trick}")


def engine_match(rules: RuleSet, a: Player, b: Player, deals: int, seed: int = 0, workers: int = 1,
                 limits: Limits = Limits(), progress: Callable[[DealOutcome, int], None] | None = None
                 ) -> EngineMatchResult:
    """A duplicate match of ``deals`` deals, side ``a`` against side ``b``; ``progress`` is told
    of each deal as it ends (and how many have). EngineFailed if an engine cannot be started."""
    names = (_probe(a, limits), _probe(b, limits))
    outcomes: dict[int, DealOutcome] = {}
    for outcome in _play_all((a, b), rules, seed, deals, workers, limits):
        outcomes[outcome.index] = outcome
        if progress is not None:
            progress(outcome, len(outcomes))
    return EngineMatchResult(rules.name, rules.variant.value, names,
                             tuple(outcomes[i] for i in range(deals)))


def _probe(player: Player, limits: Limits) -> str:
    """The player's name; an engine is started once first, so a bad command fails at once."""
    if player.level:
        get(player.level)  # an unknown level is refused here
        return player.level
    process = EngineProcess(player.command, limits)
    process.close()
    return process.name


def _play_all(players: tuple[Player, Player], rules: RuleSet, seed: int, deals: int, workers: int,
              limits: Limits) -> Iterator[DealOutcome]:
    if workers == 1:
        tables = _Tables(players, limits)
        try:
            for index in range(deals):
                yield play_deal(tables, rules, seed, index)
        finally:
            tables.close()
        return
    with ProcessPoolExecutor(workers, initializer=_start_worker, initargs=(players, limits)) as pool:
        pending = [pool.submit(_worker_deal, rules, seed, index) for index in range(deals)]
        try:
            for future in as_completed(pending):
                yield future.result()
        finally:
            for future in pending:
                future.cancel()


_WORKER: dict[str, _Tables] = {}


def _start_worker(players: tuple[Player, Player], limits: Limits) -> None:
    tables = _WORKER["tables"] = _Tables(players, limits)
    multiprocessing_util.Finalize(tables, tables.close, exitpriority=10)


def _worker_deal(rules: RuleSet, seed: int, index: int) -> DealOutcome:
    return play_deal(_WORKER["tables"], rules, seed, index)

