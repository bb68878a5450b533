"""What one player knows about the hidden hands, read from a ``DealView`` alone.

Every card a player played was legal, so each hidden card that would have made it illegal
cannot be in that player's hand: that is how a failure to follow shows a void, a failure to
overtake shows "nothing higher", and a discard shows "no trump". The rule itself is not written
here: each candidate card is tested with ``legality.legal_mask`` on the hypothetical hand
{played card, candidate}, with the partner-winning exemption where the rules have it. A card is
forbidden by a single other card of the hand under every rule but one: the A-K-Q lead house rule,
where the king and queen permit the ace; they are assumed held whenever the leader may have held
them. So every inference is sound (no card the player may hold is ruled out). It is not complete:
facts that need several plays together, beyond what the sampling's card counts capture, are not
drawn.

The auction is read too, but as a likelihood, not a fact: a player who bid 7 probably holds a
hand worth about 7 tricks, and one who passed probably does not; the declarer's trump is
probably its strongest suit. ``sample_hands`` keeps a drawn layout with the probability those
calls had, given the hands it deals (``AuctionClue``), so layouts that fit the auction are
played out more often. People bid in their own styles, so the weights are soft and a layout
that fits the facts is always found.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Final

from ...cards import CARDS, FULL_DECK, SUIT_MASKS, mask_of
from ...deal import DealView
from ...legality import ACE_OF, TOP_THREE, breaks_trump, legal_mask
from ...trick import advance, partner_winning
from .. import native
from .evaluate import best_trump, trick_estimate

CLUE_SPREAD: Final = 1.0
"""How far (in tricks) a hand's counted strength may miss what its calls suggest before the
layout becomes unlikely: one trick changes the odds about e to 1."""
DRAWS_PER_SAMPLE: Final = 4
"""Layouts drawn at most for one sample before the likeliest of them is kept (a time bound)."""


@dataclass(frozen=True)
class AuctionClue:
    """What one other seat's calls suggest about the hand it was dealt.

    ``bid``: the highest number it bid of its own free will (0: none); ``declined``: the lowest
    bid it could have made when it passed (0: it never passed); ``trump``: the trump it chose as
    declarer (-1: it did not choose)."""

    seat: int
    bid: int
    declined: int
    trump: int

    def likelihood(self, dealt: int) -> float:
        """How likely these calls are from a player holding ``dealt`` (a mask), between 0 and 1."""
        if self.trump >= 0:
            strength = trick_estimate(dealt, self.trump)
        else:
            strength = best_trump(dealt)[1]
        odds = 1.0
        if self.bid:
            odds *= _logistic((strength - (self.bid - 1.0)) / CLUE_SPREAD)
        if self.declined:
            odds *= _logistic(((self.declined - 0.5) - strength) / CLUE_SPREAD)
        return odds


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


@dataclass(frozen=True)
class Knowledge:
    """Hidden-card facts for the viewer: which cards are unseen, how many each other seat still
    holds, and which unseen cards each seat cannot hold."""

    seat: int
    mine: int
    unseen: int
    counts: tuple[int, int, int, int]
    excluded: tuple[int, int, int, int]
    played_by: tuple[int, int, int, int] = (0, 0, 0, 0)  # the cards each seat has played
    clues: tuple[AuctionClue, ...] = ()

    def possible(self, seat: int) -> int:
        """Unseen cards that ``seat`` may still hold."""
        return self.unseen & ~self.excluded[seat]

    def is_void(self, seat: int, suit: int) -> bool:
        """Whether ``seat`` is known to hold no card of ``suit``."""
        if seat == self.seat:
            return not self.mine & SUIT_MASKS[suit]
        return not self.possible(seat) & SUIT_MASKS[suit]


KING_QUEEN: Final = tuple(TOP_THREE[s] & ~ACE_OF[s] for s in range(4))


def knowledge(view: DealView) -> Knowledge:
    """Everything the view reveals about the other hands."""
    mine = mask_of(view.hand)
    played = mask_of(view.played)
    unseen = FULL_DECK & ~mine & ~played
    counts = [len(view.hand)] * 4
    excluded = [0, 0, 0, 0]
    trump = -1 if view.trump is None else int(view.trump)
    broken = False
    rules = view.rules
    exempt = rules.partner_winning_exempt
    sequences = [(t.leader, [c.index for c in t.cards]) for t in view.tricks]
    if view.current_trick:
        assert view.trick_leader is not None
        sequences.append((view.trick_leader, [c.index for c in view.current_trick]))
    played_by = [0, 0, 0, 0]
    for leader, cards in sequences:
        for pos, card in enumerate(cards):
            played_by[(leader + pos) % 4] |= 1 << card
    played_before = 0
    for leader, cards in sequences:
        led = top_led = top_trump = win_seat = -1
        for pos, card in enumerate(cards):
            seat = (leader + pos) % 4
            if seat != view.seat:
                permitting = 0
                if rules.akq_trump_lead and trump >= 0 and not pos and not broken:
                    # A trump lead before trump is broken was legal through A-K-Q only if the
                    # leader may have held the king and queen then; if so, assume they did.
                    elsewhere = played_before | (played & ~played_by[seat]) | mine
                    permitting = KING_QUEEN[trump] if not KING_QUEEN[trump] & elsewhere else 0
                excluded[seat] |= _forbidding(view, card, unseen & ~excluded[seat], trump, broken, led, top_led,
                                              top_trump, exempt and partner_winning(win_seat, seat), permitting)
            if not broken and breaks_trump(rules, card, trump, led if pos else -1):
                broken = True
            led, top_led, top_trump, win_seat = advance(pos, led, top_led, top_trump, win_seat, seat, card, trump)
            played_before |= 1 << card
    if view.current_trick:
        assert view.trick_leader is not None
        for pos in range(len(view.current_trick)):
            counts[(view.trick_leader + pos) % 4] -= 1
    counts[view.seat] = len(view.hand)
    return Knowledge(view.seat, mine, unseen, (counts[0], counts[1], counts[2], counts[3]),
                     (excluded[0], excluded[1], excluded[2], excluded[3]),
                     (played_by[0], played_by[1], played_by[2], played_by[3]), auction_clues(view))


def auction_clues(view: DealView) -> tuple[AuctionClue, ...]:
    """The other seats' calls, read as clues (Koz Maça announcements and a kitty's exchange are
    not read: the calls there say less about the hand that is left)."""
    rules = view.rules
    if rules.announcements or rules.kitty:
        return ()
    bids = [0, 0, 0, 0]
    declined = [0, 0, 0, 0]
    high = 0
    passes = 0
    for call in view.auction:
        lowest = max(rules.min_bid, high + 1)
        if call.bid is None:
            passes += 1
            if not declined[call.seat] and lowest <= rules.max_bid:
                declined[call.seat] = lowest
            continue
        if not (passes == 3 and high == 0 and call.bid == lowest):  # a forced lowest bid says little
            bids[call.seat] = max(bids[call.seat], call.bid)
        high = max(high, call.bid)
    clues = []
    for seat in range(4):
        if seat == view.seat:
            continue
        trump = int(view.trump) if view.trump is not None and seat == view.declarer and not rules.fixed_trump else -1
        if bids[seat] or declined[seat] or trump >= 0:
            clues.append(AuctionClue(seat, bids[seat], declined[seat], trump))
    return tuple(clues)


def _forbidding(view: DealView, card: int, candidates: int, trump: int, broken: bool,
                led: int, top_led: int, top_trump: int, partner_winning: bool, permitting: int) -> int:
    """The candidate cards whose presence in the hand would have made ``card`` illegal, with the
    ``permitting`` cards (the K-Q of the A-K-Q lead rule) assumed held too."""
    out = 0
    bit = 1 << card | permitting
    rules = view.rules
    m = candidates
    while m:
        low = m & -m
        m ^= low
        if not legal_mask(rules, bit | low, trump, broken, led, top_led, top_trump, partner_winning) & 1 << card:
            out |= low
    return out


def sample_hands(know: Knowledge, rng: random.Random) -> tuple[int, int, int, int] | None:
    """One random layout of the unseen cards that fits every known fact, or None if none fits,
    drawn again (up to ``DRAWS_PER_SAMPLE`` times) with the odds of the auction's clues: each
    layout is kept with the probability the calls had with it, else the likeliest one drawn is."""
    best: tuple[int, int, int, int] | None = None
    best_odds = -1.0
    for _ in range(DRAWS_PER_SAMPLE if know.clues else 1):
        hands = _draw_layout(know, rng)
        if hands is None or not know.clues:
            return hands
        odds = 1.0
        for clue in know.clues:
            odds *= clue.likelihood(hands[clue.seat] | know.played_by[clue.seat])
        if rng.random() < odds:
            return hands
        if odds > best_odds:
            best, best_odds = hands, odds
    return best


def sample_layouts(know: Knowledge, rng: random.Random, samples: int) -> list[tuple[int, int, int, int]]:
    """``sample_hands`` up to ``samples`` times, stopping at the first draw that finds no layout:
    in C where the native library is built (the same layouts, far faster), else in Python."""
    return layouts_in_c(know, rng, samples) if native.sampler_built() else layouts_in_python(know, rng, samples)


def layouts_in_python(know: Knowledge, rng: random.Random, samples: int) -> list[tuple[int, int, int, int]]:
    """``sample_layouts`` here, draw by draw (the reference the C sampler is held to)."""
    out = []
    for _ in range(samples):
        hands = sample_hands(know, rng)
        if hands is None:
            break
        out.append(hands)
    return out


def layouts_in_c(know: Knowledge, rng: random.Random, samples: int) -> list[tuple[int, int, int, int]]:
    """``sample_layouts`` by the native sampler (only where ``native.sampler_built()``)."""
    clues = [(clue.seat, clue.bid, clue.declined, clue.trump) for clue in know.clues]
    return native.sample_layouts(rng, know.seat, know.mine, know.unseen, know.counts, know.excluded, know.played_by,
                                 clues, CLUE_SPREAD, DRAWS_PER_SAMPLE, samples)


def _draw_layout(know: Knowledge, rng: random.Random) -> tuple[int, int, int, int] | None:
    """One randomly drawn layout of the unseen cards that fits every known fact, or None.

    Cards are placed in random order onto random seats with room, moving earlier cards along
    augmenting paths when a card finds every allowed seat full (a bipartite matching), so a
    layout is found whenever one exists.
    """
    slots: list[int] = []  # one entry per free place: the seat it belongs to
    for seat in range(4):
        if seat != know.seat:
            slots.extend([seat] * know.counts[seat])
    cards = [c.index for c in CARDS if know.unseen >> c.index & 1]
    if len(cards) != len(slots):
        return None
    rng.shuffle(cards)
    order = list(range(len(slots)))
    rng.shuffle(order)
    holder: list[int] = [-1] * len(slots)  # slot -> card
    allowed = [0, 0, 0, 0]
    for seat in range(4):
        if seat != know.seat:
            allowed[seat] = know.possible(seat)

    def place(card: int, seen: set[int]) -> bool:
        """Put ``card`` on a free allowed slot, else move a placed card along (Kuhn's augmenting
        path; free slots first, so the deep search runs only when the facts crowd a seat)."""
        for slot in order:
            if holder[slot] < 0 and allowed[slots[slot]] >> card & 1:
                holder[slot] = card
                return True
        for slot in order:
            if slot in seen or not allowed[slots[slot]] >> card & 1:
                continue
            seen.add(slot)
            if place(holder[slot], seen):
                holder[slot] = card
                return True
        return False

    for card in cards:
        if not place(card, set()):
            return None
    hands = [0, 0, 0, 0]
    hands[know.seat] = know.mine
    for slot, card in enumerate(holder):
        hands[slots[slot]] |= 1 << card
    return (hands[0], hands[1], hands[2], hands[3])
