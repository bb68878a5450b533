"""The analysis board's numbers: every legal card of every decision in a deal, valued double-dummy.

A deal (finished or still being played) is replayed; at each card a seat played, every card it
could have played gets its double-dummy result, everyone playing perfectly afterwards, relative to
the best for the seat's side: 0 keeps the best result, -1 is a trick less, and so on. In İhaleli,
Gömmeli and Eşli the tricks that count are the declarer side's (a defender's best is the fewest
for the declarer); in Koz Maça, which has no declarer, each player plays for their own tricks.
Where the score follows from the solved tricks alone, the same cards are also valued in the
deciding seat's points (the declarer side and Eşli defenders against the contract, a Koz Maça
player against their announcement); a defender without a partner scores by how the defence shares
its tricks, which a double-dummy count does not say, so there it is None.

The decisions are solved from the last trick backwards with one search per counting side, the
native solver's (``native.Context``, every rule set, where the C library is built) or else
``Search``: its transposition table holds values from the start of the current trick on, so
what a later position taught stays right for the earlier ones (the table is per rules, trump and
side). Both give the same values. A node budget stops the search; the tricks solved by then
(from the end) are ``covered`` and ``note`` says what was left out. With the native or the
compiled solver the board also values the whole deal in a process of its own
(``BackgroundCardValues``, started with the budget's search and stopped if that covers the
deal), so every trick from the first gets its values. The auction and the
trump choice are judged by the bots' review (``bidding.auction_review``), per seat.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Final

from ..actions import ActionKind
from ..cards import CARDS, Card
from ..deal import Deal, Phase
from ..i18n import N_, _, gettext, ngettext
from ..runtime import IN_BROWSER
from ..scoring import announcement_points, declarer_points, defender_points
from . import native, solver
from .bots.bidding import AuctionReview, auction_review
from .bots.review import AUCTION_NODES
from .compiled import is_compiled
from .solver import Position, Search, SearchLimit

NATIVE_NODES: Final = 10_000_000
"""The board's first budget with the native solver (``native.Context``), in its nodes: at most
a few seconds. It values most club-bot deals whole at once (17 to 20 of 20 a form, danish 11);
a hard deal's earliest tricks are valued in the background (``BackgroundCardValues``): danish
deals, without an overtake duty, most often (up to about a minute)."""
COMPILED_NODES: Final = 2_000_000
"""The board's first budget with the compiled solver alone (no native library): what it values
before it opens. A whole deal, all four hands' decisions, takes 0.3 to 2 million nodes in most
club-bot deals (a second or two) and far more in some (up to about 100 million: minutes; danish
deals, without an overtake duty, most often). The board opens after this much, the usual deal
complete, and values the rest in the background (``BackgroundCardValues``). The count, not the
clock, decides, so a deal is always covered the same way (as with ``NATIVE_NODES``)."""
BACKGROUND_NODES: Final = 300_000_000
"""The bound of the board's background search of the earliest tricks (``BackgroundCardValues``):
a minute or two with the native solver, minutes with the compiled one. Club-bot deals need less
(the hardest measured with ``Search``, about 100 million); it is there so that no deal keeps a core busy for
good, and a deal it stops says which tricks it covered, as the first budget does."""
BROWSER_NODES: Final = 100_000
"""In the browser edition (``make site``: pure Python in WebAssembly, one thread, no background
process) a wait of seconds, not a minute: the board values the last tricks this covers and says
which it left out, as every budget does."""
PURE_PYTHON_NODES: Final = 1_000_000
"""The same where the solver runs as pure Python (about 20 times slower): it keeps the wait
under a minute and covers the later tricks of most deals."""

PROGRESS_EVERY: Final = 1.0
"""Seconds between the background search's reports of the tricks it has valued so far: often
enough that a learner watching a hard deal sees the board fill in trick by trick, seldom enough
that an easy deal redraws the board once."""

_COUNT_WORDS: Final = ("no", "one", N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"),
                       N_("eight"), N_("nine"), N_("ten"), N_("eleven"), N_("twelve"), N_("thirteen"))
"""How many of the first tricks are not valued yet, in words, in English ("the first four")."""


def values_every_trick() -> bool:
    """Whether the board and ``batak analyse`` value every trick from the first: with the native
    or the compiled solver, yes (the board after its budget in the background,
    ``BackgroundCardValues``, within ``BACKGROUND_NODES``); in pure Python the budget's coverage
    is final (the first tricks of a hard deal would take hours)."""
    return native.built() or is_compiled(solver)


def board_budget() -> int | None:
    """The node budget the board and ``batak analyse`` use: ``NATIVE_NODES`` with the native
    solver, ``COMPILED_NODES`` with the compiled one alone, ``PURE_PYTHON_NODES`` without either,
    ``BROWSER_NODES`` in the browser."""
    if IN_BROWSER:
        return BROWSER_NODES
    if native.built():
        return NATIVE_NODES
    return COMPILED_NODES if is_compiled(solver) else PURE_PYTHON_NODES


@dataclass(frozen=True)
class CardChoice:
    """One card played, with the position it was played from.

    ``number`` counts the cards played in the deal from 0; ``trick`` is the trick number (1 up).
    ``values``: each legal card's tricks for the deciding side relative to the best (0 best, -1 a
    trick less ...); empty when the search budget did not reach this decision. ``points``: the same
    in the deciding seat's points, where the solved tricks decide them (else None). A forced card
    is valued 0 without a search.
    """

    seat: int
    number: int
    played: Card
    values: dict[Card, int]
    points: dict[Card, int] | None
    trick: int
    legal: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]  # the four hands before the card
    leader: int  # who led the current trick
    in_trick: tuple[Card, ...]  # the trick's cards before this one, lead first
    tricks_won: tuple[int, ...]  # tricks each seat had won before this trick

    @property
    def valued(self) -> bool:
        return bool(self.values)

    @property
    def loss(self) -> int:
        """Tricks the card played gave away (0 when it was a best card, or not valued)."""
        return -self.values.get(self.played, 0)


@dataclass(frozen=True)
class DealAnalysis:
    """A deal's card decisions in play order, the auction findings per seat (None for a seat whose
    calls were not asked for) and which tricks the search covered (``covered``, trick numbers in
    order; ``complete`` when every card played was valued; ``note`` says in words what was not)."""

    deal: Deal
    choices: tuple[CardChoice, ...]
    auction: tuple[AuctionReview | None, ...]
    covered: tuple[int, ...]
    complete: bool
    note: str

    def trick_choices(self, trick: int) -> tuple[CardChoice, ...]:
        """The cards of trick ``trick`` (1 up), in play order."""
        return tuple(c for c in self.choices if c.trick == trick)


def analyse(deal: Deal, node_budget: int | None = None, *, auction_seats: tuple[int, ...] = (0, 1, 2, 3),
            auction_nodes: int = AUCTION_NODES) -> DealAnalysis:
    """Value every card decision of the deal (see the module docstring). ``node_budget`` bounds the
    card search (None: no bound); ``auction_seats`` are the seats whose calls are judged, with up
    to ``auction_nodes`` search nodes each (0 judges none)."""
    if not isinstance(deal, Deal):
        raise ValueError(f"analyse needs a Deal (batak_core.Deal), not {type(deal).__name__}")
    if node_budget is not None and (isinstance(node_budget, bool) or not isinstance(node_budget, int)
                                    or node_budget < 0):
        raise ValueError(f"node_budget must be a whole number of search nodes, 0 or more, or None; "
                         f"not {node_budget!r}")
    if any(s not in (0, 1, 2, 3) for s in auction_seats):
        raise ValueError(f"auction_seats must be seats 0..3, not {auction_seats!r}")
    auction = tuple(auction_review(deal, seat, node_budget=auction_nodes)
                    if seat in auction_seats and auction_nodes > 0 and _auction_over(deal) else None
                    for seat in range(4))
    return _assemble(deal, auction, solve_cards(deal, node_budget))


CardValues = tuple[dict[int, dict[int, int]], int | None]
"""The solver's raw values per card decision number (the counting side's tricks from the current
trick on, per legal card index), and the trick the node budget ran out in (None: it did not).
Plain ints, so another process can send them back."""


def solve_cards(deal: Deal, node_budget: int | None = None) -> CardValues:
    """The card search of ``analyse`` alone (no auction findings)."""
    return _solve(deal, _replay(deal), node_budget)


def with_card_values(analysis: DealAnalysis, values: CardValues) -> DealAnalysis:
    """``analysis`` with the card values of another search of the same deal (a longer one: see
    ``BackgroundCardValues``); the auction findings stay."""
    return _assemble(analysis.deal, analysis.auction, values)


def _assemble(deal: Deal, auction: tuple[AuctionReview | None, ...], card_values: CardValues) -> DealAnalysis:
    values, stopped_at = card_values
    choices = tuple(_choice(deal, n, p, values.get(n)) for n, p in enumerate(_replay(deal)))
    tricks = sorted({c.trick for c in choices})
    covered = tuple(t for t in tricks if stopped_at is None or t > stopped_at)
    return DealAnalysis(deal, choices, auction, covered, stopped_at is None, _note(deal, tricks, covered))


class BackgroundCardValues:
    """``solve_cards(deal, BACKGROUND_NODES)`` in a process of its own, so the analysis board
    can show what its budget covered at once and fill in the earliest tricks as they are done
    (a rare deal takes a minute for its first tricks) while the page stays responsive.

    The process sends what it has valued so far each time it finishes a trick, at most once every
    ``progress_every`` seconds (an easy deal sends only its final values), then the final values.
    ``fileno()`` becomes readable when a message is ready (an event loop can wait on it);
    ``receive()`` takes the next one, ``result()`` the final values; ``cancel()`` stops the
    process (a new deal started: its values are of no use any more) and is also how a caller of
    ``receive`` lets it go once it has the final values."""

    def __init__(self, deal: Deal, progress_every: float = PROGRESS_EVERY) -> None:
        context = multiprocessing.get_context("spawn")  # a fresh interpreter: nothing of the kernel's state
        self._receive, send = context.Pipe(duplex=False)
        self._process = context.Process(target=_send_card_values, args=(deal, send, progress_every), daemon=True,
                                        name="batak-analysis")
        self._process.start()
        send.close()

    def fileno(self) -> int:
        return self._receive.fileno()

    def receive(self) -> tuple[CardValues, bool]:
        """The next message (waits for it): the values so far, and whether they are the final ones
        (then the process is done). ValueError if the process ended without them (it was
        cancelled or failed)."""
        try:
            values, final = self._receive.recv()
        except (EOFError, OSError) as error:
            raise ValueError("the background analysis ended without a result") from error
        return values, final

    def result(self) -> CardValues:
        """The final values (waits for them, passing over the progress), the process then ended;
        ValueError as ``receive``."""
        try:
            while True:
                values, final = self.receive()
                if final:
                    return values
        finally:
            self._close()

    def cancel(self) -> None:
        if self._process.is_alive():
            self._process.terminate()
        self._close()

    def _close(self) -> None:
        self._receive.close()
        self._process.join(timeout=5)


def _send_card_values(deal: Deal, send: Connection, progress_every: float) -> None:
    last = time.monotonic()

    def trick_done(values: CardValues) -> None:
        nonlocal last
        if time.monotonic() - last >= progress_every:
            send.send((values, False))
            last = time.monotonic()

    send.send((_solve(deal, _replay(deal), BACKGROUND_NODES, trick_done), True))
    send.close()


@dataclass(frozen=True)
class _Played:
    """A card played and everything about its position the board shows."""

    pos: Position
    card: Card
    legal: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    trick: int
    leader: int
    in_trick: tuple[Card, ...]
    won: tuple[int, ...]
    announced: int | None


def _replay(deal: Deal) -> list[_Played]:
    rules = deal.rules
    replay = Deal(rules, [deal.initial_hand(s) for s in range(4)], deal.dealer, kitty=deal.kitty)
    out = []
    for action in deal.history:
        if replay.phase is Phase.PLAY and action.kind is ActionKind.PLAY:
            seat = replay.to_move
            leader = replay.trick_leader
            assert seat is not None and leader is not None
            side = 1 << seat if rules.announcements else None  # Koz Maça: the player's own tricks
            out.append(_Played(Position.of_deal(replay, side), action.card, tuple(replay.legal_plays()),
                               tuple(tuple(replay.hand(s)) for s in range(4)), len(replay.tricks) + 1, leader,
                               tuple(replay.current_trick), tuple(replay.tricks_won),
                               replay.announcements[seat] if rules.announcements else None))
        replay.act(action)
    return out


def _solve(deal: Deal, played: list[_Played], budget: int | None,
           trick_done: Callable[[CardValues], None] | None = None) -> CardValues:
    """Raw solver values (the counting side's tricks from the current trick on) per decision
    number, from the last decision backwards; and the trick the budget ran out in (None: it did not).
    The native solver where it is built (the same values as ``Search``, far sooner). ``trick_done``
    is told the values so far each time the search moves on to an earlier trick."""
    values: dict[int, dict[int, int]] = {}
    in_native = native.supports(deal.rules)
    contexts: dict[int, native.Context] = {}
    searches: dict[int, Search] = {}
    left = budget
    try:
        for number in range(len(played) - 1, -1, -1):
            p = played[number]
            if trick_done is not None and number + 1 < len(played) and played[number + 1].trick != p.trick:
                trick_done((dict(values), p.trick))
            if len(p.legal) == 1:
                continue  # forced: nothing to compare
            if left is not None and left <= 0:
                return values, p.trick
            pos = p.pos
            try:
                if in_native:
                    values[number], spent = _native_values(contexts, pos, -1 if left is None else left)
                else:
                    values[number], spent = _search_values(searches, pos, left)
            except SearchLimit:
                return values, p.trick
            if left is not None:
                left -= spent
    finally:
        for context in contexts.values():
            context.close()
    return values, None


def _native_values(contexts: dict[int, native.Context], pos: Position, limit: int) -> tuple[dict[int, int], int]:
    """The position's card values and the nodes spent, in the native context of its side."""
    context = contexts.get(pos.side)
    if context is None:
        context = contexts[pos.side] = native.Context(pos.rules, pos.trump, pos.side)
    return context.card_values(pos.hands, pos.leader, pos.trick, pos.trump_broken, limit)


def _search_values(searches: dict[int, Search], pos: Position, left: int | None) -> tuple[dict[int, int], int]:
    """The same with ``Search`` (SearchLimit past ``left`` nodes, None: no bound)."""
    search = searches.get(pos.side)
    if search is None:
        search = searches[pos.side] = Search(pos.rules, pos.trump, pos.side)
    search.limit = -1 if left is None else search.nodes + left
    before = search.nodes
    return search.card_values(pos), search.nodes - before


def _choice(deal: Deal, number: int, p: _Played, raw: dict[int, int] | None) -> CardChoice:
    seat = p.pos.to_move
    values: dict[Card, int] = {}
    points: dict[Card, int] | None = None
    if len(p.legal) == 1:
        values, points = {p.card: 0}, {p.card: 0}
    elif raw is not None:
        counting = bool(p.pos.side >> seat & 1)
        best = max(raw.values()) if counting else min(raw.values())
        values = {CARDS[i]: (v - best if counting else best - v) for i, v in sorted(raw.items())}
        scores = {CARDS[i]: _score(deal, seat, counting, p.pos.side_tricks + v, p.announced)
                  for i, v in sorted(raw.items())}
        known = {c: s for c, s in scores.items() if s is not None}
        if len(known) == len(scores):
            top = max(known.values())
            points = {c: s - top for c, s in known.items()}
    return CardChoice(seat, number, p.card, values, points, p.trick, p.legal, p.hands, p.leader, p.in_trick, p.won)


def _score(deal: Deal, seat: int, counting: bool, side_tricks: int, announced: int | None) -> int | None:
    """The deciding seat's points when the counting side ends with ``side_tricks``; None where
    they do not follow from that count (a defender without a partner)."""
    rules = deal.rules
    if announced is not None:
        return announcement_points(rules, announced, side_tricks)
    contract = deal.contract
    assert contract is not None
    if counting:
        return declarer_points(rules, contract, side_tricks)
    if rules.partnership:
        return defender_points(rules, contract, rules.tricks_per_deal - side_tricks)
    return None


def _auction_over(deal: Deal) -> bool:
    return deal.phase in (Phase.PLAY, Phase.OVER, Phase.BURY)


def pending_note(analysis: DealAnalysis) -> str:
    """What a board still waiting for ``BackgroundCardValues`` says it has not valued yet."""
    return _note(analysis.deal, sorted({c.trick for c in analysis.choices}), analysis.covered, pending=True)


def _note(deal: Deal, tricks: list[int], covered: tuple[int, ...], pending: bool = False) -> str:
    """What the board did not value, in plain words ("" when it valued every card); ``pending``:
    the rest is still being worked out."""
    if not tricks:
        if deal.phase is Phase.REDEAL:
            return _("The cards were thrown in: there is no play to value.")
        return _("No card has been played yet: there is nothing to value.")
    if len(covered) == len(tricks):
        return ""
    if not covered:
        if pending:
            return _("The cards are still being valued: they appear here when done.")
        return _("No trick is valued: even the last one would take longer than this machine allows here.")
    first, last = covered[0], tricks[-1]
    missing = first - tricks[0]
    # Translators (the four notes): {first} and {last} are trick numbers; {count} says in words how many
    # of the first tricks are not valued ("four"); the singular is for one.
    if first == last and pending:
        text = ngettext("Trick {first} is valued; the first trick is still being worked out and appear here when "
                        "done (a hard deal can take a few minutes).",
                        "Trick {first} is valued; the first {count} are still being worked out and appear here "
                        "when done (a hard deal can take a few minutes).", missing)
    elif pending:
        text = ngettext("Tricks {first} to {last} are valued; the first trick is still being worked out and "
                        "appear here when done (a hard deal can take a few minutes).",
                        "Tricks {first} to {last} are valued; the first {count} are still being worked out and "
                        "appear here when done (a hard deal can take a few minutes).", missing)
    elif first == last:
        text = ngettext("Trick {first} is valued; the first trick would take longer than this machine allows here.",
                        "Trick {first} is valued; the first {count} would take longer than this machine allows "
                        "here.", missing)
    else:
        text = ngettext("Tricks {first} to {last} are valued; the first trick would take longer than this machine "
                        "allows here.",
                        "Tricks {first} to {last} are valued; the first {count} would take longer than this "
                        "machine allows here.", missing)
    return text.format(first=first, last=last, count=gettext(_COUNT_WORDS[missing]) if missing > 1 else missing)
