"""Double-dummy solver: the declarer side's tricks under best play by everyone, all hands open.

Used by the expert bot (on sampled hands), by hints and by the post-deal review. The search is
a zero-window alpha-beta ("can the declarer side still take t tricks?") driven to the exact value,
with a transposition table at trick boundaries keyed on relative ranks, equivalent-card pruning,
quick-trick bounds from the top trumps, and cheap move ordering. Legality and trick winners come
only from ``legality.duties`` / ``breaks_trump`` / ``winning_index``: the rules live there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from .cards import ABOVE, CARDS, SUIT_MASKS, Card
from .deal import Deal, Phase
from .legality import breaks_trump, duties, trick_state, winning_index
from .rules import RuleSet

_RANKS: Final = tuple(i % 13 for i in range(52))
_SUIT: Final = tuple(i // 13 for i in range(52))


def declarer_side(rules: RuleSet, declarer: int) -> int:
    """Seats whose tricks count for the declarer, as a 4-bit mask.

    The one place a partnership plugs in: the partner, ``(declarer + 2) % 4``, counts too.
    """
    partner = 1 << (declarer + 2) % 4 if rules.partnership else 0
    return 1 << declarer | partner


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
    def of_deal(cls, deal: Deal) -> Position:
        """The deal's current play position (it must be in the play phase)."""
        if deal.phase is not Phase.PLAY or deal.declarer is None or deal.trump is None:
            raise ValueError(f"the solver needs a deal in the play phase, not {deal.phase.value}")
        side = declarer_side(deal.rules, deal.declarer)
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


class SearchLimit(Exception):
    """Raised when a search spends its node limit (bots use it to bound their thinking time)."""


class Search:
    """One search context: rules, trump, the declarer side and a transposition table.

    Values are tricks the declarer side takes from the start of the current trick on.
    """

    def __init__(self, rules: RuleSet, trump: int, side: int, horizon: int = 0) -> None:
        """``horizon`` > 0 stops the search when hands are down to that many cards and guesses
        the rest from the top cards (the expert bot's early-deal mode); 0 means exact."""
        self.rules = rules
        self.horizon = horizon
        self.trump = trump
        self.side = side
        self.hands = [0, 0, 0, 0]
        self.tt: dict[tuple[int, ...], tuple[int, int]] = {}
        self.nodes = 0
        self.limit = -1  # nodes allowed; negative means no limit
        self._compress: dict[int, int] = {}

    # --- drivers -------------------------------------------------------------------------------

    def card_values(self, pos: Position, only: set[int] | None = None) -> dict[int, int]:
        """Exact value (declarer-side tricks from the current trick on) after each legal card."""
        self.hands = list(pos.hands)
        seat = pos.to_move
        trick = list(pos.trick)
        state = trick_state([CARDS[i] for i in trick], None if self.trump < 0 else CARDS[self.trump * 13].suit)
        legal = duties(self.rules, self.hands[seat], self.trump, pos.trump_broken,
                       state.led, state.top_led, state.top_trump)[-1][1]
        reps = self._representatives(legal, trick)
        n = self.hands[pos.leader].bit_count() + (1 if trick else 0)
        values: dict[int, int] = {}
        guess = -1
        for rep, members in reps:
            if only is not None and not only & set(members):
                continue
            value = self._exact_after(pos, trick, state.led, state.top_led, state.top_trump, rep, n, guess)
            guess = value
            for card in members:
                if only is None or card in only:
                    values[card] = value
        return values

    def _exact_after(self, pos: Position, trick: list[int], led: int, top_led: int, top_trump: int,
                     card: int, n: int, guess: int) -> int:
        """MTD-style: zero-window tests from a guess until the bounds meet."""
        lo, hi = 0, n
        target = guess if 0 < guess <= n else (n + 1) // 2
        while lo < hi:
            target = min(max(target, lo + 1), hi)
            if self._after(pos.leader, trick, led, top_led, top_trump, pos.trump_broken, card, target):
                lo = target
                target += 1
            else:
                hi = target - 1
        return lo

    def value(self, pos: Position) -> int:
        """Exact value of a position (declarer-side tricks from the current trick on)."""
        self.hands = list(pos.hands)
        trick = list(pos.trick)
        state = trick_state([CARDS[i] for i in trick], None if self.trump < 0 else CARDS[self.trump * 13].suit)
        n = self.hands[pos.leader].bit_count() + (1 if trick else 0)
        lo, hi = 0, n
        while lo < hi:
            target = (lo + hi + 1) // 2
            if trick:
                ok = self._inner(pos.leader, trick, state.led, state.top_led, state.top_trump,
                                 pos.trump_broken, target)
            else:
                ok = self._boundary(pos.leader, pos.trump_broken, target)
            if ok:
                lo = target
            else:
                hi = target - 1
        return lo

    def reaches(self, pos: Position, card: int, target: int) -> bool:
        """Whether the declarer side takes at least ``target`` tricks (from the current trick on)
        after the player to move plays ``card``: a single zero-window test."""
        self.hands = list(pos.hands)
        trick = list(pos.trick)
        state = trick_state([CARDS[i] for i in trick], None if self.trump < 0 else CARDS[self.trump * 13].suit)
        return self._after(pos.leader, trick, state.led, state.top_led, state.top_trump, pos.trump_broken,
                           card, target)

    # --- the search ------------------------------------------------------------------------------

    def _after(self, leader: int, trick: list[int], led: int, top_led: int, top_trump: int, broken: bool,
               card: int, target: int) -> bool:
        """Zero-window test after the player to move plays ``card``."""
        hands = self.hands
        seat = (leader + len(trick)) & 3
        hand = hands[seat]
        hands[seat] = hand ^ (1 << card)
        suit = _SUIT[card]
        if not trick:
            led, top_led = suit, card
        elif suit == led and card > top_led:
            top_led = card
        if suit == self.trump:
            if not broken and breaks_trump(self.rules, card, self.trump, led if trick else -1):
                broken = True
            if card > top_trump:
                top_trump = card
        trick.append(card)
        try:
            if len(trick) == 4:
                winner = (leader + winning_index(trick, self.trump)) & 3
                return self._boundary(winner, broken, target - (self.side >> winner & 1))
            return self._inner(leader, trick, led, top_led, top_trump, broken, target)
        finally:
            trick.pop()
            hands[seat] = hand

    def _boundary(self, leader: int, broken: bool, target: int) -> bool:
        """Zero-window test at the start of a trick: can the side take ``target`` more tricks?"""
        if target <= 0:
            return True
        hands = self.hands
        n = hands[leader].bit_count()
        if target > n:
            return False
        if n == 1:
            return self._last_trick(leader) >= target
        if n <= self.horizon:
            return self._guess(n) >= target
        trump = self.trump
        if trump >= 0:
            # A trump above every trump of the other side wins a trick for its side, whoever
            # else plays to that trick; one player's such trumps all fall in different tricks.
            tmask = SUIT_MASKS[trump]
            side = self.side
            mine = [hands[0] & tmask, hands[1] & tmask, hands[2] & tmask, hands[3] & tmask]
            ours = theirs = 0
            for s in range(4):
                if side >> s & 1:
                    ours |= mine[s]
                else:
                    theirs |= mine[s]
            if ours | theirs:
                above_theirs = ~((1 << theirs.bit_length()) - 1)
                above_ours = ~((1 << ours.bit_length()) - 1)
                sure = lost = 0
                for s in range(4):
                    if side >> s & 1:
                        k = (mine[s] & above_theirs).bit_count()
                        if k > sure:
                            sure = k
                    else:
                        k = (mine[s] & above_ours).bit_count()
                        if k > lost:
                            lost = k
                if self.side >> leader & 1:
                    sure += self._cashable(leader, mine)
                else:
                    lost += self._cashable(leader, mine)
                if target <= sure:
                    return True
                if target > n - lost:
                    return False
        key = self._key(leader, broken)
        bounds = self.tt.get(key)
        if bounds is not None:
            lo, hi = bounds
            if lo >= target:
                return True
            if hi < target:
                return False
        else:
            lo, hi = 0, n
        result = self._inner(leader, [], -1, -1, -1, broken, target)
        if result:
            self.tt[key] = (max(lo, target), hi)
        else:
            self.tt[key] = (lo, min(hi, target - 1))
        return result

    def _guess(self, n: int) -> int:
        """The side's share of the last ``n`` tricks, judged from the top cards of each suit:
        each suit's top run goes to its side, the tricks nobody controls are shared by the
        side's share of the trumps (its head count when nobody holds trumps)."""
        self.nodes += 1
        if self.nodes == self.limit:
            raise SearchLimit
        hands = self.hands
        side = self.side
        ours = theirs = 0
        for s in range(4):
            if side >> s & 1:
                ours |= hands[s]
            else:
                theirs |= hands[s]
        ours_top = theirs_top = 0
        for shift in (0, 13, 26, 39):
            o = ours >> shift & 0x1FFF
            t = theirs >> shift & 0x1FFF
            if o and t:
                ours_top += (o >> t.bit_length()).bit_count()
                theirs_top += (t >> o.bit_length()).bit_count()
        tmask = SUIT_MASKS[self.trump] if self.trump >= 0 else 0
        ours_trumps, theirs_trumps = (ours & tmask).bit_count(), (theirs & tmask).bit_count()
        open_tricks = max(0, n - ours_top - theirs_top)
        share = (ours_trumps / (ours_trumps + theirs_trumps) if ours_trumps + theirs_trumps
                 else side.bit_count() / 4)
        return min(n, round(ours_top + open_tricks * share))

    def _cashable(self, leader: int, trumps: list[int]) -> int:
        """Side-suit winners the leader can cash one after another: the top run of each suit,
        stopped by the first player with trumps who runs out of the suit (a ruff)."""
        hands = self.hands
        trump = self.trump
        total = 0
        for suit in range(4):
            if suit == trump:
                continue
            smask = SUIT_MASKS[suit]
            own = hands[leader] & smask
            if not own:
                continue
            rest = 0
            limit = 13
            for s in range(4):
                if s != leader:
                    h = hands[s] & smask
                    rest |= h
                    if trumps[s] and h.bit_count() < limit:
                        limit = h.bit_count()
            run = (own & ~((1 << rest.bit_length()) - 1)).bit_count()
            total += run if run < limit else limit
        return total

    def _last_trick(self, leader: int) -> int:
        """One card each: nothing left to choose."""
        hands = self.hands
        cards = [hands[(leader + i) & 3].bit_length() - 1 for i in range(4)]
        winner = (leader + winning_index(cards, self.trump)) & 3
        return self.side >> winner & 1

    def _key(self, leader: int, broken: bool) -> tuple[int, ...]:
        """Hands in relative ranks: positions that differ only in which small cards are gone match."""
        h0, h1, h2, h3 = self.hands
        compress = self._compress
        out = [leader, broken]
        for shift in (0, 13, 26, 39):
            raw = (h0 >> shift & 0x1FFF) | (h1 >> shift & 0x1FFF) << 13 | (h2 >> shift & 0x1FFF) << 26 | (
                h3 >> shift & 0x1FFF) << 39
            packed = compress.get(raw)
            if packed is None:
                packed = compress[raw] = _relative(raw)
            out.append(packed)
        return tuple(out)

    def _inner(self, leader: int, trick: list[int], led: int, top_led: int, top_trump: int,
               broken: bool, target: int) -> bool:
        """Zero-window test with the trick in progress (possibly empty) and someone to play."""
        self.nodes += 1
        if self.nodes == self.limit:
            raise SearchLimit
        hands = self.hands
        depth = len(trick)
        seat = (leader + depth) & 3
        hand = hands[seat]
        trump = self.trump
        legal = duties(self.rules, hand, trump, broken, led, top_led, top_trump)[-1][1]
        maximizing = self.side >> seat & 1 == 1
        if legal & (legal - 1):
            moves = self._ordered(legal, trick, seat, top_led, top_trump, maximizing)
        else:
            moves = [legal.bit_length() - 1]
        for card in moves:
            hands[seat] = hand ^ (1 << card)
            suit = _SUIT[card]
            n_led, n_top_led, n_top_trump, n_broken = led, top_led, top_trump, broken
            if not depth:
                n_led, n_top_led = suit, card
            elif suit == led and card > top_led:
                n_top_led = card
            if suit == trump:
                if not broken and breaks_trump(self.rules, card, trump, led):
                    n_broken = True
                if card > top_trump:
                    n_top_trump = card
            trick.append(card)
            if depth == 3:
                winner = (leader + winning_index(trick, trump)) & 3
                result = self._boundary(winner, n_broken, target - (self.side >> winner & 1))
            else:
                result = self._inner(leader, trick, n_led, n_top_led, n_top_trump, n_broken, target)
            trick.pop()
            hands[seat] = hand
            if result is maximizing:
                return result
        return not maximizing

    # --- move generation -------------------------------------------------------------------------

    def _representatives(self, legal: int, trick: Sequence[int]) -> list[tuple[int, list[int]]]:
        """Legal cards grouped into equivalence classes (no live card between them); each class
        is represented by its highest card."""
        live = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
        for c in trick:
            live |= 1 << c
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

    def _ordered(self, legal: int, trick: list[int], seat: int, top_led: int, top_trump: int,
                 maximizing: bool) -> list[int]:
        """One card per equivalence class, the likeliest best first."""
        hands = self.hands
        live = hands[0] | hands[1] | hands[2] | hands[3]
        for c in trick:
            live |= 1 << c
        reps: list[int] = []
        m = legal
        while m:
            low = m & -m
            card = low.bit_length() - 1
            m ^= low
            above = live & ABOVE[card]
            if not above & -above & legal:
                reps.append(card)
        if len(reps) <= 1:
            return reps
        trump = self.trump
        if not trick:
            return sorted(reps, key=self._lead_key(seat, live))
        win = top_trump if top_trump >= 0 else top_led
        winner_seat = (seat - len(trick) + trick.index(win)) & 3
        if (self.side >> winner_seat & 1 == 1) == maximizing:
            return sorted(reps, key=_RANKS.__getitem__)  # the side already wins it: play low
        win_suit = _SUIT[win]

        def beats(c: int) -> bool:
            return (_SUIT[c] == win_suit and c > win) or (_SUIT[c] == trump and win_suit != trump)

        return sorted(reps, key=lambda c: (not beats(c), _RANKS[c]))

    def _lead_key(self, seat: int, live: int) -> Callable[[int], tuple[int, int]]:
        """Leads in order: sure winners the other side cannot ruff, trumps while we hold the
        top trump, small cards of suits they cannot ruff, then suits they would ruff."""
        hands = self.hands
        trump = self.trump
        tmask = SUIT_MASKS[trump] if trump >= 0 else 0
        mine = self.side >> seat & 1
        ruffable = 0  # suits some opponent is void in while holding a trump
        for s in range(4):
            if self.side >> s & 1 != mine:
                h = hands[s]
                if h & tmask:
                    for suit in range(4):
                        if not h & SUIT_MASKS[suit]:
                            ruffable |= 1 << suit

        def key(c: int) -> tuple[int, int]:
            suit = _SUIT[c]
            top = not ABOVE[c] & live
            if suit == trump:
                return (1 if top else 3, _RANKS[c])
            if ruffable >> suit & 1:
                return (4, _RANKS[c])
            return (0, -_RANKS[c]) if top else (2, _RANKS[c])

        return key


def _relative(raw: int) -> int:
    """Four 13-bit hand patterns of one suit, each squeezed onto the suit's live cards."""
    live = (raw | raw >> 13 | raw >> 26 | raw >> 39) & 0x1FFF
    packed = 0
    for shift in (0, 13, 26, 39):
        packed = packed << 13 | _pext(raw >> shift & 0x1FFF, live)
    return packed


def _pext(bits: int, mask: int) -> int:
    """The bits of ``bits`` at the positions set in ``mask``, packed together (low first)."""
    out = 0
    j = 0
    while mask:
        low = mask & -mask
        if bits & low:
            out |= 1 << j
        j += 1
        mask ^= low
    return out
