"""Double-dummy solver: the declarer side's tricks under best play by everyone, all hands open.

Used by the expert bot (on sampled hands), by hints and by the post-deal review. The search is
a zero-window alpha-beta ("can the side still take t tricks?") driven to the exact value (the
trick total walks down from the top: tests above the value fail fast), with equivalent-card
pruning (cards with no live card between them, the current trick's cards counting as live),
sure-trick bounds at every trick boundary (each player's trumps the other side cannot all
beat, and the side-suit winners the leader can cash), the same lower bound in the middle of a
trick whose winning card the side's opponents still to play cannot beat (``_won_ahead``), and
cheap move ordering on plain int masks (a follower of the side plays a card nobody behind can
beat first).
What a trick-boundary position alone tells (its sure tricks, the table entry that last answered
for it) is kept per exact position, since the search meets the same position many times over.

The transposition table works as in partition search (Ginsberg; Haglund's DDS): every test
also reports the cards whose ranks decided it (a trick won against a card of its own suit, the
top card a follower had to beat, the top cards behind a sure-trick bound). At a trick boundary
the result is stored for the whole family of positions with the same suit lengths in every
hand and the same holders of each suit's cards from the top down to its lowest deciding card;
positions that differ only below that line share the entry. Cards an equivalent card stood in
for count as deciding when the one searched did.

Early in a deal the expert bot's search stops a few tricks ahead and estimates the rest
(``_guess``): a linear model of a few counts (``LEAF_FEATURES``) fitted on exact values by
``benchmarks/calibrate_leaf.py`` (``leaf_weights``), kept within the sure-trick bounds.

Speed (the module is also compiled with mypyc, see ``compiled``): the hot path works on plain
ints that fit a machine word (the four hands as four attributes, table keys, entries packed into
one int, the exact-position key kept card by card as a Zobrist number), so compiled code makes
no new objects for them; it keeps a position's suit shapes and table bucket with its
exact-position record so a revisit looks up nothing twice, and pauses the cycle collector while
a search runs (it makes no cycles, only many small containers the collector would walk again
and again).

Legality comes only from ``legality.narrowing`` (the steps ``legality.duties`` reports), with
``trick.partner_winning`` for the turkish Eşli exemption and ``breaks_trump``; the trick's state
is tracked card by card with ``trick.advance``, the engine's own trick rule, which the
brute-force tests check.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from ..cards import ABOVE, CARDS, SUIT_MASKS, Card, card_count
from ..deal import Deal, Phase
from ..legality import FOLLOW_SUIT_STEP, breaks_trump, legal_mask, narrowing
from ..rules import RuleSet
from ..seats import side_mask
from ..trick import advance, partner_winning, winning_index
from .leaf_weights import LEAF_INTERCEPT, LEAF_WEIGHTS

_SUIT: Final = tuple(i // 13 for i in range(52))
LEAF_FEATURES: Final = ("cards a hand", "the side's top cards", "the others' top cards", "the side's trumps",
                        "the others' trumps", "the side's sure tricks", "the others' sure tricks",
                        "the side's cards in side suits the others lack", "the side leads")
"""What ``Search._guess`` counts, in the order of ``leaf_weights.LEAF_WEIGHTS``. Top cards: each
suit's top run over the other side's highest card, where both sides hold the suit."""
TABLE_LIMIT: Final = 2_000_000
"""At most this many transposition-table entries (about 200 MB) before the table starts again;
full-deal searches store about one entry for every 16 nodes, so only searches of tens of millions
of nodes reach it."""
KNOWN_LIMIT: Final = 1 << 20
"""At most this many exact-position records (about 250 MB): past it a new position replaces the
record in its slot. A search of tens of millions of nodes (the analysis board's earliest tricks
of a hard deal) would otherwise hold gigabytes; a bot's or a hint's search never gets near it."""
TRUMP_SLOTS: Final = 1021
"""Slots for the trump bounds of the trump suit's patterns (``Search._trumps_now``); a prime, so
that the pattern modulo it spreads them."""
KNOWN_START: Final = 256
"""The exact-position slots a search starts with (a bot makes a search for every sampled layout:
most stay small)."""
_ZOBRIST: Final[tuple[int, ...]] = tuple(map(random.Random(52).getrandbits, [30] * (4 << 6)))
"""A random 30-bit number for each (seat, card), at ``seat << 6 | card``: a position's key for
the exact-position records is the XOR of its cards' numbers, kept up to date card by card (one
machine word, where a tuple of the four hands would be five new objects at every lookup). 30
bits, because compiled code reads a stored int of up to 30 bits on its fast path; the records
check their own hands, so a shared key costs only a slot."""


@dataclass(frozen=True)
class Solution:
    """The double-dummy result of one position.

    ``tricks``: tricks the declarer side ends the deal with (already won + best play from here).
    ``card_values``: for each legal card of the player to move, the declarer side's final tricks
    if that card is played and everyone plays perfectly afterwards.
    """

    tricks: int
    card_values: dict[Card, int]
    to_move: int
    side: int

    def best_cards(self) -> list[Card]:
        """The cards that keep the best result for the player to move."""
        return [c for c, v in self.card_values.items() if v == self.tricks]


@dataclass(frozen=True)
class Position:
    """A play-phase position with every hand known (the solver's input)."""

    rules: RuleSet
    hands: tuple[int, int, int, int]
    trump: int
    trump_broken: bool
    leader: int
    trick: tuple[int, ...]  # card indices already in the current trick, lead first
    side: int  # mask of the declarer side's seats
    side_tricks: int  # tricks the declarer side has already won

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 4

    @classmethod
    def of_deal(cls, deal: Deal, side: int | None = None) -> Position:
        """The deal's current play position (it must be in the play phase). ``side``: the seats
        whose tricks count, as a mask; by default the declarer side (Koz Maça has no declarer)."""
        if deal.phase is not Phase.PLAY or deal.trump is None:
            raise ValueError(f"the solver needs a deal in the play phase, not {deal.phase.value}")
        if side is None:
            if deal.declarer is None:
                raise ValueError("without a declarer (Koz Maça) say whose tricks count: side=1 << seat")
            side = side_mask(deal.rules, deal.declarer)
        won = deal.tricks_won
        leader = deal.trick_leader
        assert leader is not None
        return cls(deal.rules, (deal.hand_mask(0), deal.hand_mask(1), deal.hand_mask(2), deal.hand_mask(3)),
                   int(deal.trump), deal.trump_broken, leader, tuple(c.index for c in deal.current_trick),
                   side, sum(won[s] for s in range(4) if side >> s & 1))


def solve(deal: Deal) -> Solution:
    """Double-dummy value of the deal as it stands, and of each legal card of the player to move."""
    return solve_position(Position.of_deal(deal))


def solve_position(pos: Position, cards: Iterable[Card] | None = None) -> Solution:
    """Like ``solve`` for a ``Position``; ``cards`` limits which legal cards get a value."""
    search = Search(pos.rules, pos.trump, pos.side)
    values = search.card_values(pos, None if cards is None else {c.index for c in cards})
    maximizing = pos.side >> pos.to_move & 1
    best = max(values.values()) if maximizing else min(values.values())
    return Solution(best + pos.side_tricks, {CARDS[i]: v + pos.side_tricks for i, v in sorted(values.items())},
                    pos.to_move, pos.side)


def _pause_gc() -> bool:
    """Switch the cycle collector off for a search; returns whether it was on. The search makes
    no reference cycles, only a great many small containers, and with the collector on, a fifth
    of its time went to collections walking the transposition table over and over."""
    paused = gc.isenabled()
    gc.disable()
    return paused


class SearchLimit(Exception):
    """Raised when a search spends its node limit (bots use it to bound their thinking time)."""


class Search:
    """One search context: rules, trump, the declarer side and a transposition table.

    Values are tricks the declarer side takes from the start of the current trick on.
    """

    def __init__(self, rules: RuleSet, trump: int, side: int, horizon: int = 0, share: bool = True) -> None:
        """``horizon`` > 0 stops the search when hands are down to that many cards and guesses
        the rest (``_guess``: the expert bot's early-deal mode); 0 means exact.
        ``share=False`` stores each result for its own position only (no partition search): the
        reference the tests and the benchmark compare with."""
        self.rules = rules
        self.horizon = horizon
        self.trump = trump
        self.side = side
        # The four hands as masks, one attribute each: compiled, they stay machine words (a list
        # would box every new mask into an object).
        self.h0 = self.h1 = self.h2 = self.h3 = 0
        # Suit lengths of every hand (and who leads) -> a ``TableBucket``: how deep each suit's
        # deciding cards go (4 bits a suit) -> the holders of those cards (``_top_holders``) -> the
        # entry: lower bound | upper bound << 4 | (best lead + 1) << 8. Plain ints keep the table
        # small and out of the cycle collector's way.
        self.tt: dict[int, TableBucket] = {}
        # Exact trick-boundary positions (hands, leader, broken flag) -> their ``_bounds`` record,
        # in slots indexed by the low bits of ``zobrist`` with the flags XORed in (no hashing and
        # no boxed key, unlike a dict); a record checks its own hands on a hit, and a newer
        # position in a taken slot replaces the record there. The slots double (see
        # ``_grow_known``) while half are taken, up to ``known_limit``.
        self._known: list[Known | None] = [None] * KNOWN_START
        self._known_mask = KNOWN_START - 1
        self._known_used = 0  # slots taken
        self.known_limit = KNOWN_LIMIT
        self.table_limit = TABLE_LIMIT
        self._entries = 0  # entries stored in ``tt``
        self.zobrist = 0
        self.left = 0  # cards each hand holds at the start of the current trick (its own cards counted)
        self.nodes = 0
        self.limit = -1  # nodes allowed; negative means no limit
        self.rel = 0  # the cards whose ranks decided the last test (see the module docstring)
        self._suits: dict[int, SuitShape] = {}  # (pattern << 2 | suit) -> its shape
        self._tmask = SUIT_MASKS[trump] if trump >= 0 else 0
        self._tshift = 13 * trump
        # The trump suit's pattern over the hands -> ``_trump_bounds`` of it, in slots picked by
        # the pattern's bits (a newer pattern replaces the one in its slot): cheaper than a dict,
        # whose every lookup would box the 52-bit pattern into a new object.
        self._trump_keys: list[int] = [-1] * TRUMP_SLOTS
        self._trump_values: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)] * TRUMP_SLOTS
        # Whether "trump is broken" can still change what may be led (else it is left out of keys).
        self._broken_matters = trump >= 0 and rules.trump_lead_restricted
        # The A-K-Q lead exception looks at absolute ranks: keep the trump suit uncompressed.
        self._raw_trump = rules.akq_trump_lead
        self._exempt = rules.partner_winning_exempt
        # Whether following or ruffing compares ranks (danish has neither duty: any card of the
        # suit, any trump); only then do those ranks decide a result.
        self._overtake_ranks = rules.must_overtake
        self._overtrump_ranks = rules.must_ruff and (rules.must_overtrump or rules.any_card_when_cannot_overtrump)
        self._best = -1  # the lead that decided the last trick-boundary test (move ordering)
        # The lead that last won a test, by cards left and leader (left * 4 + leader; -1: none),
        # tried first where the table knows no best lead: a lead that wins after one line of the
        # opponents' play most often wins after the next. Without it the analysis board's hardest
        # danish deals (no duty to overtake, so the opponents' cards are free) took ten times the
        # nodes.
        self._killers: list[int] = [-1] * (4 * 14)
        self._share = share

    # --- drivers -------------------------------------------------------------------------------

    def _root(self, pos: Position) -> tuple[int, int, int, int, int, int]:
        """(depth, led, top_led, top_trump, winning seat, trick cards mask) of the position."""
        self.h0, self.h1, self.h2, self.h3 = pos.hands
        self.zobrist = zobrist_of(pos.hands)
        trick = pos.trick
        self.left = card_count(self._hand(pos.leader)) + (1 if trick else 0)
        trump = self.trump
        led = top_led = top_trump = win_seat = -1
        in_trick = 0
        for depth, card in enumerate(trick):
            led, top_led, top_trump, win_seat = advance(depth, led, top_led, top_trump, win_seat,
                                                         (pos.leader + depth) & 3, card, trump)
            in_trick |= 1 << card
        return len(trick), led, top_led, top_trump, win_seat, in_trick

    def _root_legal(self, pos: Position, led: int, top_led: int, top_trump: int, win_seat: int) -> int:
        seat = pos.to_move
        return legal_mask(self.rules, self._hand(seat), self.trump, pos.trump_broken,
                          led, top_led, top_trump, partner_winning(win_seat, seat))

    def card_values(self, pos: Position, only: set[int] | None = None) -> dict[int, int]:
        """Exact value (declarer-side tricks from the current trick on) after each legal card."""
        paused = _pause_gc()
        try:
            return self._card_values(pos, only)
        finally:
            if paused:
                gc.enable()

    def value(self, pos: Position) -> int:
        """Exact value of a position (declarer-side tricks from the current trick on)."""
        paused = _pause_gc()
        try:
            return self._value(pos)
        finally:
            if paused:
                gc.enable()

    def reaches(self, pos: Position, card: int, target: int) -> bool:
        """Whether the declarer side takes at least ``target`` tricks (from the current trick on)
        after the player to move plays ``card``: a single zero-window test."""
        paused = _pause_gc()
        try:
            depth, led, top_led, top_trump, win_seat, in_trick = self._root(pos)
            return self._after(pos.leader, depth, led, top_led, top_trump, win_seat, in_trick,
                               pos.trump_broken, card, target)
        finally:
            if paused:
                gc.enable()

    def _card_values(self, pos: Position, only: set[int] | None) -> dict[int, int]:
        depth, led, top_led, top_trump, win_seat, in_trick = self._root(pos)
        legal = self._root_legal(pos, led, top_led, top_trump, win_seat)
        reps = self._representatives(legal, in_trick)
        n = card_count(self._hand(pos.leader)) + (1 if depth else 0)
        values: dict[int, int] = {}
        # Each card's walk starts at the highest value so far: a test the side passes must answer
        # every card of its opponents, one it fails needs a single refutation a node, so a walk
        # coming down from above wastes the cheap tests.
        guess = -1
        for rep, members in reps:
            if only is not None and not only & set(members):
                continue
            lo, hi = 0, n
            target = guess if 0 < guess <= n else (n + 1) // 2
            while lo < hi:
                target = min(max(target, lo + 1), hi)
                if self._after(pos.leader, depth, led, top_led, top_trump, win_seat, in_trick,
                               pos.trump_broken, rep, target):
                    lo = target
                    target += 1
                else:
                    hi = target - 1
                    target -= 1
            guess = max(guess, lo)
            for card in members:
                if only is None or card in only:
                    values[card] = lo
        return values

    def _value(self, pos: Position) -> int:
        depth, led, top_led, top_trump, win_seat, in_trick = self._root(pos)
        n = card_count(self._hand(pos.leader)) + (1 if depth else 0)
        lo, hi = 0, n
        # Tests above the value fail fast (the other side needs one refutation per node, and
        # the sure-trick caps cut most lines) while tests below it are the expensive ones:
        # walk down from the top.
        target = n
        while lo < hi:
            target = min(max(target, lo + 1), hi)
            if depth:
                ok = self._ply(pos.leader, depth, led, top_led, top_trump, win_seat, in_trick,
                               pos.trump_broken, target)
            else:
                ok = self._boundary(pos.leader, pos.trump_broken, target)
            if ok:
                lo = target
                target += 1
            else:
                hi = target - 1
                target -= 1
        return lo

    # --- the search ------------------------------------------------------------------------------

    def _after(self, leader: int, depth: int, led: int, top_led: int, top_trump: int, win_seat: int,
               in_trick: int, broken: bool, card: int, target: int) -> bool:
        """Zero-window test after the player to move plays ``card``."""
        seat = (leader + depth) & 3
        hand = self._hand(seat)
        self._put(seat, hand ^ (1 << card))
        zobrist = self.zobrist
        self.zobrist = zobrist ^ _ZOBRIST[seat << 6 | card]
        trump = self.trump
        if _SUIT[card] == trump and not broken and breaks_trump(self.rules, card, trump, led if depth else -1):
            broken = True
        led, top_led, top_trump, win_seat = advance(depth, led, top_led, top_trump, win_seat, seat, card, trump)
        if depth == 3:
            self.left -= 1
            result = self._boundary(win_seat, broken, target - (self.side >> win_seat & 1))
            self.left += 1
        else:
            result = self._ply(leader, depth + 1, led, top_led, top_trump, win_seat, in_trick | 1 << card,
                               broken, target)
        self._put(seat, hand)  # not restored when SearchLimit ends the search: the next drive resets it
        self.zobrist = zobrist
        return result

    def _boundary(self, leader: int, broken: bool, target: int) -> bool:
        """Zero-window test at the start of a trick: can the side take ``target`` more tricks?"""
        if target <= 0:
            self.rel = 0
            return True
        n = self.left
        if target > n:
            self.rel = 0
            return False
        if n == 1:
            return self._last_trick(leader) >= target
        if n <= self.horizon:
            self.rel = self.h0 | self.h1 | self.h2 | self.h3  # the guess looks at every rank
            return self._guess(leader) >= target
        flags = leader | (4 if broken and self._broken_matters else 0)
        key = self.zobrist ^ flags
        slot = key & self._known_mask
        known = self._known[slot]
        if known is None or (known.key != key or known.h0 != self.h0 or known.h1 != self.h1
                             or known.h2 != self.h2 or known.h3 != self.h3 or known.flags != flags):
            if known is None:
                self._known_used += 1
                if self._known_used * 2 > len(self._known) and len(self._known) * 2 <= self.known_limit:
                    self._grow_known()
                    slot = key & self._known_mask
            # A replaced record lives on in the frames still holding it: it is only a cache.
            known = self._known[slot] = self._bounds(leader)
            known.h0, known.h1, known.h2, known.h3, known.flags, known.key = (
                self.h0, self.h1, self.h2, self.h3, flags, key)
        if target <= known.sure:
            self.rel = known.sure_rel
            return True
        if target > n - known.lost:
            self.rel = known.lost_rel
            return False
        entry = known.entry
        if entry >= 0 and (entry & 15 >= target or entry >> 4 & 15 < target):
            self.rel = known.entry_rel
            return entry & 15 >= target
        return self._tt_search(leader, broken, target, known)

    def _bounds(self, leader: int) -> Known:
        """The sure tricks of both sides in a trick-boundary position: each player's trumps
        that the other side cannot all beat (see ``_trump_tricks``), plus the side-suit winners
        the leader can cash one after another."""
        side = self.side
        if self._tmask:
            sure, sure_rel, lost, lost_rel = self._trumps_now()
        else:
            sure = lost = sure_rel = lost_rel = 0
        cash, cash_rel = self._cashable(leader)
        if side >> leader & 1:
            sure += cash
            sure_rel |= cash_rel
        else:
            lost += cash
            lost_rel |= cash_rel
        return Known(sure, sure_rel, lost, lost_rel)

    def _tt_search(self, leader: int, broken: bool, target: int, known: Known) -> bool:
        """The trick-boundary test through the transposition table; ``known`` keeps the entry
        that answers (or stores) it for this exact position."""
        s0 = known.s0
        if s0 is None:
            self._shape(leader, broken, known)
            s0 = known.s0
            assert s0 is not None
        s1, s2, s3 = known.s1, known.s2, known.s3
        assert s1 is not None and s2 is not None and s3 is not None
        bucket = known.bucket
        patterns, families = bucket.patterns, bucket.families
        best = -1
        for i in range(len(patterns)):
            depths = patterns[i]
            entry = families[i].get(_top_holders(s0, s1, s2, s3, depths), -1)
            if entry >= 0:
                if entry & 15 >= target or entry >> 4 & 15 < target:
                    self.rel = known.entry_rel = (s0.tops[depths & 15] | s1.tops[depths >> 4 & 15]
                                                  | s2.tops[depths >> 8 & 15] | s3.tops[depths >> 12])
                    known.entry = entry
                    if i:
                        bucket.to_front(i)
                    return entry & 15 >= target
                if best < 0:
                    best = (entry >> 8) - 1
        self._best = best
        result = self._ply(leader, 0, -1, -1, -1, -1, 0, broken, target)
        rel = self.rel if self._share else self.h0 | self.h1 | self.h2 | self.h3
        d0, d1, d2, d3 = s0.depth(rel), s1.depth(rel), s2.depth(rel), s3.depth(rel)
        depths = d0 | d1 << 4 | d2 << 8 | d3 << 12
        stored = bucket.family(depths)
        holders = _top_holders(s0, s1, s2, s3, depths)
        entry = stored.get(holders, -1)
        if entry < 0:
            self._entries += 1
            if self._entries > self.table_limit:
                self._forget()  # the result below goes to the dropped table: only time is lost
        lower, upper = (0, 13) if entry < 0 else (entry & 15, entry >> 4 & 15)
        if result:
            lower = max(lower, target)
        else:
            upper = min(upper, target - 1)
        known.entry = stored[holders] = lower | upper << 4 | (self._best + 1) << 8
        known.entry_rel = s0.tops[d0] | s1.tops[d1] | s2.tops[d2] | s3.tops[d3]
        return result

    def _forget(self) -> None:
        """Drop the table and the exact-position records (both only caches: every value stays the
        same) once the table holds ``table_limit`` entries."""
        self.tt = {}
        self._known = [None] * KNOWN_START
        self._known_mask = KNOWN_START - 1
        self._known_used = 0
        self._entries = 0

    def _grow_known(self) -> None:
        """Twice the exact-position slots: every record moves to the slot its key picks now (one
        old slot splits into two new ones, so none is lost)."""
        size = 2 * len(self._known)
        slots: list[Known | None] = [None] * size
        mask = size - 1
        for known in self._known:
            if known is not None:
                slots[known.key & mask] = known
        self._known, self._known_mask = slots, mask

    def known_records(self) -> int:
        """How many exact-position records the search holds now (its memory's main part)."""
        return sum(1 for known in self._known if known is not None)

    def _shape(self, leader: int, broken: bool, known: Known) -> None:
        """Fill in the suit shapes of a trick-boundary position and its table bucket."""
        h0, h1, h2, h3 = self.h0, self.h1, self.h2, self.h3
        suits = self._suits  # keyed by the pattern and the suit: two suits may lie alike
        raw = (h0 & 0x1FFF) | (h1 & 0x1FFF) << 13 | (h2 & 0x1FFF) << 26 | (h3 & 0x1FFF) << 39
        s0 = suits.get(raw << 2) or suits.setdefault(raw << 2, SuitShape(raw, 0))
        raw = (h0 >> 13 & 0x1FFF) | (h1 >> 13 & 0x1FFF) << 13 | (h2 >> 13 & 0x1FFF) << 26 | (
            h3 >> 13 & 0x1FFF) << 39
        s1 = suits.get(raw << 2 | 1) or suits.setdefault(raw << 2 | 1, SuitShape(raw, 13))
        raw = (h0 >> 26 & 0x1FFF) | (h1 >> 26 & 0x1FFF) << 13 | (h2 >> 26 & 0x1FFF) << 26 | (
            h3 >> 26 & 0x1FFF) << 39
        s2 = suits.get(raw << 2 | 2) or suits.setdefault(raw << 2 | 2, SuitShape(raw, 26))
        raw = (h0 >> 39) | (h1 >> 39) << 13 | (h2 >> 39) << 26 | (h3 >> 39) << 39
        s3 = suits.get(raw << 2 | 3) or suits.setdefault(raw << 2 | 3, SuitShape(raw, 39))
        # Every hand holds the same number of cards here, so the last suit's lengths follow from
        # the others' and the hand size: the key stays a small int.
        key = ((s0.lengths | s1.lengths << 16 | s2.lengths << 32) << 4 | card_count(h0)) << 3 | leader | (
            4 if broken and self._broken_matters else 0)
        if self._raw_trump:  # the A-K-Q lead exception reads absolute trump ranks
            key |= (s0, s1, s2, s3)[self.trump].raw << 55
        bucket = self.tt.get(key)
        if bucket is None:
            bucket = self.tt[key] = TableBucket()
        known.s0, known.s1, known.s2, known.s3, known.bucket = s0, s1, s2, s3, bucket

    def _ply(self, leader: int, depth: int, led: int, top_led: int, top_trump: int, win_seat: int,
             in_trick: int, broken: bool, target: int) -> bool:
        """Zero-window test with the trick in progress (possibly empty) and someone to play."""
        self.nodes += 1
        if self.nodes == self.limit:
            raise SearchLimit
        if depth and self.side >> win_seat & 1 and not self.horizon and self._won_ahead(
                leader, depth, led, top_led, top_trump, broken, win_seat, target):
            return True
        seat = (leader + depth) & 3
        hand = self._hand(seat)
        trump = self.trump
        legal = legal_mask(self.rules, hand, trump, broken, led, top_led, top_trump,
                           self._exempt and partner_winning(win_seat, seat))
        maximizing = self.side >> seat & 1 == 1
        # The ranks the legal set may hang on: the top card of the led suit (overtake duty), the
        # top trump (overtrump duty) and, with the partner-winning exemption, the winning card.
        rel = 0
        if depth:
            follow = hand & SUIT_MASKS[led]
            if follow:
                if self._overtake_ranks:
                    # Which follow cards beat the top card hangs on the lowest of them when all
                    # do, else on the top card itself.
                    rel = follow & -follow if follow & ABOVE[top_led] == follow else 1 << top_led
            elif top_trump >= 0 and self._overtrump_ranks:
                trumps = hand & self._tmask
                if trumps:
                    rel = trumps & -trumps if trumps & ABOVE[top_trump] == trumps else 1 << top_trump
            if self._exempt:
                rel |= 1 << (top_trump if top_trump >= 0 else top_led)
        tt_best = self._best
        live = 0  # every card still in play, the trick's included: set when there is a choice
        if legal & (legal - 1):
            live = self.h0 | self.h1 | self.h2 | self.h3 | in_trick
            moves = self._ordered(legal, live, depth, seat, top_led, top_trump, win_seat, maximizing)
            if not depth:  # the lead that last won a test, then the table's best lead, first
                _to_front(moves, self._killers[self.left << 2 | leader])
                _to_front(moves, tt_best)
        else:
            moves = [legal.bit_length() - 1]
        side = self.side
        zobrist = self.zobrist
        for card in moves:
            self._put(seat, hand ^ (1 << card))
            self.zobrist = zobrist ^ _ZOBRIST[seat << 6 | card]
            suit = _SUIT[card]
            n_broken = broken
            if suit == trump and not broken and breaks_trump(self.rules, card, trump, led):
                n_broken = True
            n_led, n_top_led, n_top_trump, n_win = advance(depth, led, top_led, top_trump, win_seat, seat,
                                                            card, trump)
            if depth == 3:
                self.left -= 1
                result = self._boundary(n_win, n_broken, target - (side >> n_win & 1))
                self.left += 1
                child_rel = self.rel
                # The trick went to its winner by rank if another card of the winner's suit is in it.
                top = n_top_trump if n_top_trump >= 0 else n_top_led
                if (in_trick | 1 << card) & SUIT_MASKS[_SUIT[top]] & ~(1 << top):
                    child_rel |= 1 << top
            else:
                result = self._ply(leader, depth + 1, n_led, n_top_led, n_top_trump, n_win,
                                   in_trick | 1 << card, n_broken, target)
                child_rel = self.rel
            self._put(seat, hand)
            self.zobrist = zobrist
            if live and child_rel >> card & 1:
                # The card searched stood for its equivalent cards: their ranks decided too.
                child_rel |= _class_bottom(card, legal, live)
            if result is maximizing:
                if not depth:
                    self._best = card
                    self._killers[self.left << 2 | leader] = card
                self.rel = rel | child_rel
                return result
            rel |= child_rel
        if not depth:
            self._best = tt_best
        self.rel = rel
        return not maximizing

    # --- helpers of the search -------------------------------------------------------------------

    def _trumps_now(self) -> tuple[int, int, int, int]:
        """``_trump_bounds`` of the hands as they are (kept per trump pattern)."""
        shift = self._tshift
        raw = (self.h0 >> shift & 0x1FFF | (self.h1 >> shift & 0x1FFF) << 13
               | (self.h2 >> shift & 0x1FFF) << 26 | (self.h3 >> shift & 0x1FFF) << 39)
        slot = raw % TRUMP_SLOTS
        if self._trump_keys[slot] == raw:
            return self._trump_values[slot]
        trumps = self._trump_values[slot] = _trump_bounds(raw, shift, self.side)
        self._trump_keys[slot] = raw
        return trumps

    def _hand(self, seat: int) -> int:
        if seat == 0:
            return self.h0
        if seat == 1:
            return self.h1
        return self.h2 if seat == 2 else self.h3

    def _put(self, seat: int, hand: int) -> None:
        if seat == 0:
            self.h0 = hand
        elif seat == 1:
            self.h1 = hand
        elif seat == 2:
            self.h2 = hand
        else:
            self.h3 = hand

    def _won_ahead(self, leader: int, depth: int, led: int, top_led: int, top_trump: int, broken: bool,
                   win_seat: int, target: int) -> bool:
        """Mid-trick lower bound. With only the side's opponents left to play and the side's card
        winning: whether no card they may play can beat it and the tricks the side is then sure
        of (its trumps the others cannot all beat, the winner's cashable side-suit winners, each
        opponent still to play counted one card shorter in every suit) reach ``target``."""
        side = self.side
        trump = self.trump
        pending = 0
        for d in range(depth, 4):
            s = (leader + d) & 3
            if side >> s & 1:
                return False
            pending |= 1 << s
        # What can beat the winning card: a higher trump, or without a trump in the trick a
        # higher card of the led suit or any trump.
        beaters = ABOVE[top_trump] if top_trump >= 0 else ABOVE[top_led] | self._tmask
        for d in range(depth, 4):
            h = self._hand((leader + d) & 3)
            first, allowed, _second, _left = narrowing(self.rules, h, trump, broken, led, top_led, top_trump)
            possible = allowed if first == FOLLOW_SUIT_STEP else h  # following narrows to the suit
            if possible & beaters:
                return False
        top = top_trump if top_trump >= 0 else top_led
        if target <= 1:
            self.rel = 1 << top
            return True
        sure = sure_rel = 0
        if self._tmask:
            sure, sure_rel, _lost, _lost_rel = self._trumps_now()
        if target - 1 > sure:
            cash, cash_rel = self._cashable(win_seat, pending)
            if target - 1 > sure + cash:
                return False
            sure_rel |= cash_rel
        self.rel = 1 << top | sure_rel
        return True

    def leaf_features(self, pos: Position) -> tuple[int, int, int, int, int, int, int, int, int]:
        """The counts ``_guess`` weighs (named in ``LEAF_FEATURES``) at a trick boundary: what
        ``benchmarks/calibrate_leaf.py`` fits the weights on."""
        if pos.trick:
            raise ValueError("leaf features are counted at the start of a trick, not in the middle of one")
        self._root(pos)
        return self._leaf_counts(pos.leader)

    def _leaf_counts(self, leader: int) -> tuple[int, int, int, int, int, int, int, int, int]:
        side = self.side
        hands = [self.h0, self.h1, self.h2, self.h3]
        ours = theirs = 0
        for s in range(4):
            if side >> s & 1:
                ours |= hands[s]
            else:
                theirs |= hands[s]
        ours_top = theirs_top = ours_alone = 0
        tshift = self._tshift if self._tmask else -1
        for shift in (0, 13, 26, 39):
            o = ours >> shift & 0x1FFF
            t = theirs >> shift & 0x1FFF
            if o and t:
                ours_top += card_count(o >> t.bit_length())
                theirs_top += card_count(t >> o.bit_length())
            elif o and shift != tshift:
                ours_alone += card_count(o)
        tmask = self._tmask
        known = self._bounds(leader)
        return (card_count(self._hand(leader)), ours_top, theirs_top, card_count(ours & tmask),
                card_count(theirs & tmask), known.sure, known.lost, ours_alone, side >> leader & 1)

    def _guess(self, leader: int) -> int:
        """The side's share of the tricks left, estimated where the search stops looking (the
        expert's early-deal mode): a linear model of a few counts (``LEAF_FEATURES``) fitted on
        double-dummy values (``leaf_weights``), kept within the sure-trick bounds."""
        self.nodes += 1
        if self.nodes == self.limit:
            raise SearchLimit
        cards, ours_top, theirs_top, ours_trumps, theirs_trumps, sure, lost, ours_alone, leading = (
            self._leaf_counts(leader))
        w = LEAF_WEIGHTS
        estimate = (LEAF_INTERCEPT + w[0] * cards + w[1] * ours_top + w[2] * theirs_top + w[3] * ours_trumps
                    + w[4] * theirs_trumps + w[5] * sure + w[6] * lost + w[7] * ours_alone + w[8] * leading)
        return min(cards - lost, max(sure, round(estimate)))

    def _cashable(self, leader: int, pending: int = 0) -> tuple[int, int]:
        """Side-suit winners the leader can cash one after another: the top run of each suit,
        stopped by the first other player with trumps who runs out of the suit (a ruff).
        Also returns the deciding cards: the top card of the others in each suit counted.
        ``pending``: seats still to play a card of the current trick (counted one card short in
        every suit, whichever they play)."""
        tmask = self._tmask
        mine = self._hand(leader)
        rest_all = (self.h0 | self.h1 | self.h2 | self.h3) & ~mine
        ruffers = 0  # the other seats holding trumps, as a seat mask
        if tmask:
            for s in range(4):
                if s != leader and self._hand(s) & tmask:
                    ruffers |= 1 << s
        total = rel = 0
        for smask in SUIT_MASKS:
            if smask == tmask:
                continue
            own = mine & smask
            if not own:
                continue
            rest = rest_all & smask
            run = card_count(own >> rest.bit_length())
            if run:
                if ruffers:
                    for s in range(4):
                        if ruffers >> s & 1:
                            k = card_count(self._hand(s) & smask) - (pending >> s & 1)
                            if k < run:
                                run = max(k, 0)
                total += run
                if rest:
                    rel |= 1 << rest.bit_length() - 1
        return total, rel

    def _last_trick(self, leader: int) -> int:
        """One card each: nothing left to choose."""
        cards = [self._hand((leader + i) & 3).bit_length() - 1 for i in range(4)]
        index = winning_index(cards, self.trump)
        top = cards[index]
        same_suit = sum(1 for c in cards if _SUIT[c] == _SUIT[top])
        self.rel = 1 << top if same_suit > 1 else 0
        return self.side >> (leader + index & 3) & 1

    # --- move generation -------------------------------------------------------------------------

    def _representatives(self, legal: int, in_trick: int) -> list[tuple[int, list[int]]]:
        """Legal cards grouped into equivalence classes (no live card between them, counting the
        cards of the current trick); each class is represented by its highest card."""
        live = self.h0 | self.h1 | self.h2 | self.h3 | in_trick
        groups: list[tuple[int, list[int]]] = []
        members: list[int] = []
        m = legal
        while m:
            low = m & -m
            card = low.bit_length() - 1
            m ^= low
            members.append(card)
            above = live & ABOVE[card]
            if not above & -above & legal:
                groups.append((card, members))
                members = []
        return groups

    def _ordered(self, legal: int, live: int, depth: int, seat: int, top_led: int, top_trump: int,
                 win_seat: int, maximizing: bool) -> list[int]:
        """One card per equivalence class, the likeliest best first."""
        reps = 0
        m = legal
        while m:
            low = m & -m
            m ^= low
            above = live & ABOVE[low.bit_length() - 1]
            if not above & -above & legal:
                reps |= low
        if not reps & (reps - 1):
            return [reps.bit_length() - 1]
        tmask = self._tmask
        if not depth:
            # Leads: winners of safe suits, top trumps, small cards of safe suits, other trumps,
            # then suits an opponent would ruff.
            tops = 0
            for smask in SUIT_MASKS:
                x = live & smask
                if x:
                    tops |= 1 << (x.bit_length() - 1)
            ruff = 0
            if tmask:
                side = self.side
                mine = side >> seat & 1
                for s in range(4):
                    h = self._hand(s)
                    if side >> s & 1 != mine and h & tmask:
                        for smask in SUIT_MASKS:
                            if not h & smask:
                                ruff |= smask
                ruff &= ~tmask
            safe = reps & ~ruff & ~tmask
            out: list[int] = []
            _add(out, safe & tops)
            _add(out, reps & tops & tmask)
            _add_ranked(out, safe & ~tops)
            _add(out, reps & tmask & ~tops)
            _add_ranked(out, reps & ruff)
            return out
        out = []
        if (self.side >> win_seat & 1 == 1) == maximizing:
            _add_ranked(out, reps)  # the side already wins it: play low
            return out
        beat = ABOVE[top_trump] if top_trump >= 0 else ABOVE[top_led] | tmask
        beating = reps & beat
        if maximizing and depth < 3 and beating & (beating - 1):
            # The side following: the cards of the led suit no opponent still to play can beat
            # (by following higher or, in a side suit, by trumping) first, the cheapest of them
            # first. (Sure overtrumps first, or the highest beating card first, measured worse.)
            side = self.side
            led_mask = SUIT_MASKS[_SUIT[top_led]]
            theirs = 0  # the opponents' cards of the led suit still to come
            for i in range(1, 4 - depth):
                s = (seat + i) & 3
                if not side >> s & 1:
                    follow = self._hand(s) & led_mask
                    if follow:
                        theirs |= follow
                    elif self._hand(s) & tmask and led_mask != tmask:
                        theirs = -1  # a ruff can beat any card of the suit
                        break
            if theirs >= 0:
                sure = beating & led_mask
                if theirs:
                    sure &= ABOVE[theirs.bit_length() - 1]
                if sure and sure != beating:
                    _add(out, sure)
                    beating &= ~sure
        _add(out, beating)
        _add_ranked(out, reps & ~beat)
        return out



def zobrist_of(hands: tuple[int, int, int, int]) -> int:
    """The key of the hands for the exact-position records (``Search`` keeps it card by card)."""
    key = 0
    for seat in range(4):
        hand = hands[seat]
        while hand:
            low = hand & -hand
            hand ^= low
            key ^= _ZOBRIST[seat << 6 | low.bit_length() - 1]
    return key


def _add(out: list[int], mask: int) -> None:
    """Append the card indices of a mask to ``out``, lowest index first (one list for a whole
    move order: a list per part and their sums cost more than the search at a node)."""
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low


def _add_ranked(out: list[int], mask: int) -> None:
    """Append the card indices of a mask to ``out``, lowest rank first (across suits)."""
    if not mask:
        return
    if not mask & ~SUIT_MASKS[_SUIT[(mask & -mask).bit_length() - 1]]:
        _add(out, mask)  # one suit is in order already
        return
    # Sort plain ints (rank, then suit) rather than by a key function.
    by_rank = []
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        by_rank.append(card % 13 << 2 | card // 13)
        mask ^= low
    by_rank.sort()
    for code in by_rank:
        out.append((code & 3) * 13 + (code >> 2))


def _trump_bounds(raw: int, shift: int, side: int) -> tuple[int, int, int, int]:
    """Trump tricks each side takes whatever anyone plays, with their deciding cards: (the
    side's, its bit, the others', theirs). ``raw``: the trump suit's 13-bit pattern of each hand,
    hand 0 lowest, as ``SuitShape`` reads it; ``shift``: 13 * trump."""
    held = [(raw >> 13 * s & 0x1FFF) << shift for s in range(4)]
    ours = sum(held[s] for s in range(4) if side >> s & 1)
    theirs = sum(held[s] for s in range(4) if not side >> s & 1)
    sure = lost = sure_rel = lost_rel = 0
    for s in range(4):
        if side >> s & 1:
            k, bit = _trump_tricks(held[s], theirs)
            if k > sure:
                sure, sure_rel = k, bit
        else:
            k, bit = _trump_tricks(held[s], ours)
            if k > lost:
                lost, lost_rel = k, bit
    return sure, sure_rel, lost, lost_rel


def _trump_tricks(trumps: int, beaters: int) -> tuple[int, int]:
    """Tricks one player's trumps win for the side whatever anyone plays, and the deciding card
    (as a bit).

    Every trump of the player falls in a different trick, and that trick is lost to the side
    only through a higher trump of the other side in it, which beats no other: of the player's
    k highest trumps at least k minus the other side's trumps above the k-th win. The best k
    counts."""
    best = best_bit = k = 0
    while trumps:
        card = trumps.bit_length() - 1
        k += 1
        won = k - card_count(beaters >> card)
        if won > best:
            best, best_bit = won, (1 << card if beaters else 0)
        trumps ^= 1 << card
    return best, best_bit


def _top_holders(s0: SuitShape, s1: SuitShape, s2: SuitShape, s3: SuitShape, depths: int) -> int:
    """The holders of each suit's top cards down to its depth in ``depths`` (4 bits a suit), packed
    (2 bits a card): the key of a position's family among those with its suit lengths."""
    d0, d1, d2 = depths & 15, depths >> 4 & 15, depths >> 8 & 15
    return ((s0.prefix[d0] << 2 * d1 | s1.prefix[d1]) << 2 * d2 | s2.prefix[d2]) << 2 * (depths >> 12) | s3.prefix[
        depths >> 12]


def _to_front(moves: list[int], card: int) -> None:
    """Move ``card`` to the front of ``moves`` if it is there (-1: no card)."""
    if card >= 0 and card in moves:
        moves.remove(card)
        moves.insert(0, card)


def _class_bottom(card: int, legal: int, live: int) -> int:
    """The lowest card equivalent to ``card`` (a run of legal cards with no other live card
    between them), as a bit."""
    bit = 1 << card
    below = live & SUIT_MASKS[_SUIT[card]] & (bit - 1)
    while below:
        lower = 1 << below.bit_length() - 1
        if not lower & legal:
            break
        bit = lower
        below ^= lower
    return bit


class Known:
    """What the search knows of one exact trick-boundary position (hands, leader, broken flag):
    the sure tricks of the side and of the others with the cards they hang on, the table entry
    last used for it (``entry_rel``: the cards that entry's result hangs on here), and once the
    table was asked, the position's suit shapes and table bucket."""

    __slots__ = ("bucket", "entry", "entry_rel", "flags", "h0", "h1", "h2", "h3", "key", "lost", "lost_rel", "s0",
                 "s1", "s2", "s3", "sure", "sure_rel")

    def __init__(self, sure: int, sure_rel: int, lost: int, lost_rel: int) -> None:
        self.sure = sure
        self.sure_rel = sure_rel
        self.lost = lost
        self.lost_rel = lost_rel
        self.entry = -1  # a table entry (see ``Search.tt``) or -1
        self.entry_rel = 0
        self.s0: SuitShape | None = None
        self.s1: SuitShape | None = None
        self.s2: SuitShape | None = None
        self.s3: SuitShape | None = None
        self.bucket = _NO_BUCKET
        # The position it describes and its key (set by the search).
        self.h0 = self.h1 = self.h2 = self.h3 = self.flags = self.key = 0


class TableBucket:
    """The table's entries for one set of suit lengths and leader: for each depth pattern (how
    deep each suit's deciding cards go, 4 bits a suit) its family of entries by holders. A
    lookup tries the patterns in turn; the pattern that answers moves to the front, and a new
    one starts there. Few patterns answer most lookups, so they are met first (this took a
    lookup's tries from 7.4 to 4.6 on average)."""

    __slots__ = ("families", "patterns")

    def __init__(self) -> None:
        self.patterns: list[int] = []
        self.families: list[dict[int, int]] = []

    def to_front(self, i: int) -> None:
        """Move the ``i``-th pattern (and its family) to the front."""
        self.patterns.insert(0, self.patterns.pop(i))
        self.families.insert(0, self.families.pop(i))

    def family(self, depths: int) -> dict[int, int]:
        """The family of the pattern ``depths``, made at the front if it is new."""
        patterns = self.patterns
        for i in range(len(patterns)):
            if patterns[i] == depths:
                return self.families[i]
        family: dict[int, int] = {}
        patterns.insert(0, depths)
        self.families.insert(0, family)
        return family


_NO_BUCKET: Final = TableBucket()


class SuitShape:
    """One suit's cards among the four hands, as the transposition table reads them."""

    __slots__ = ("length", "lengths", "live", "prefix", "raw", "shift", "tops")

    def __init__(self, raw: int, shift: int) -> None:
        """``raw``: the suit's 13-bit pattern of each hand, hand 0 lowest; ``shift``: 13 * suit."""
        self.raw = raw
        self.shift = shift
        slices = [raw >> 13 * h & 0x1FFF for h in range(4)]
        self.live = live = slices[0] | slices[1] | slices[2] | slices[3]
        self.length = card_count(live)
        self.lengths = sum(card_count(slices[h]) << 4 * h for h in range(4))
        holders = 0
        tops = [0]
        for rank in range(12, -1, -1):
            if live >> rank & 1:
                holders = holders << 2 | next(h for h in range(4) if slices[h] >> rank & 1)
                tops.append(tops[-1] | 1 << rank + shift)
        self.tops = tuple(tops)  # tops[k]: the k highest live cards, as card bits
        length = self.length
        # prefix[k]: the holders of the k highest live cards, 2 bits each, the highest in the top bits.
        self.prefix = tuple(holders >> 2 * (length - k) for k in range(length + 1))

    def depth(self, rel: int) -> int:
        """How many of the suit's live cards, from the top, reach down to its lowest deciding card."""
        deciding = rel >> self.shift & self.live
        if not deciding:
            return 0
        return card_count(self.live & ~((deciding & -deciding) - 1))
