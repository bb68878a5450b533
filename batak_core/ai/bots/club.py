"""The club bot: the rules of thumb a decent club player follows, fast and deterministic.

Bids from counted tricks, names its strongest suit as trump, and plays soundly: cash winners,
draw trumps as declarer, lead the declarer's short suits as defender, win cheaply, discard
losers, and grab a trick when a trickless defender would be penalised.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...actions import Action
from ...cards import ABOVE, CARDS, SUIT_MASKS, SUIT_OF, Card, indices_of, mask_of
from ...deal import DealView, Phase
from ...rules import DefenderZero
from ...trick import winning_index
from .evaluate import best_trump, bid_choice, trick_estimate
from .knowledge import Knowledge, knowledge


class ClubBot:
    """Heuristic play; ``seed`` is accepted for a uniform interface (the bot never guesses)."""

    level = "club"

    def __init__(self, seed: int | None = None) -> None:
        del seed

    def choose(self, view: DealView) -> Action:
        if not view.my_turn:
            raise ValueError(f"seat {view.seat} is not to move")
        hand = mask_of(view.hand)
        if view.phase is Phase.AUCTION and view.rules.announcements:
            return Action.bid(announce_choice(view))
        if view.phase is Phase.AUCTION:
            return Action.call(bid_choice(view, best_trump(hand, view.rules)[1]))
        if view.phase is Phase.TRUMP:
            return Action.trump(best_trump(hand, view.rules)[0])
        if view.phase is Phase.BURY:
            return Action.bury(bury_choice(view))
        return Action.play(club_card(view, knowledge(view)))


def announce_choice(view: DealView) -> int:
    """Koz Maça: announce the tricks the hand should take with the fixed trump, within the
    legal range (rounded down: an overtrick costs less than a missed number)."""
    estimate = trick_estimate(mask_of(view.hand), view.rules.trump_suit, view.rules)
    return max(view.legal_bids[0], min(view.legal_bids[-1], int(estimate)))


def bury_choice(view: DealView) -> tuple[Card, ...]:
    """Gömmeli: bury the cheapest cards (no trumps or winners if avoidable, short suits first,
    so the hand can ruff them later)."""
    hand = mask_of(view.hand)
    trump = -1 if view.trump is None else int(view.trump)

    def cost(card: int) -> tuple[bool, int, int]:
        return (SUIT_OF[card] == trump, _rank(card), (hand & SUIT_MASKS[SUIT_OF[card]]).bit_count())

    return tuple(sorted(CARDS[c] for c in sorted(indices_of(hand), key=cost)[:view.rules.kitty]))


def playing_for(view: DealView) -> int | None:
    """Whose contract this player plays for: the declarer, or in Koz Maça the player's own."""
    return view.seat if view.rules.announcements else view.declarer


def same_side(view: DealView, a: int, b: int | None) -> bool:
    """Whether seats ``a`` and ``b`` play together (partners in Eşli, defenders in İhaleli)."""
    if b is None or view.rules.announcements:
        return a == b
    if view.rules.partnership:
        return a % 2 == b % 2
    declarer = view.declarer
    return a == b or (a != declarer and b != declarer)


def club_card(view: DealView, know: Knowledge) -> Card:
    """The card the club heuristics pick (also the expert's tie-breaker)."""
    legal = mask_of(view.legal_plays)
    if not legal & (legal - 1):
        return CARDS[legal.bit_length() - 1]
    if not view.current_trick:
        return CARDS[_lead(view, know, legal)]
    return CARDS[_follow(view, know, legal)]


def is_top(card: int, unseen: int) -> bool:
    """No card anyone else may still hold beats this one in its suit."""
    return not ABOVE[card] & unseen



def _rank(card: int) -> int:
    return card % 13


def lowest(view: DealView, know: Knowledge, legal: int) -> int:
    """The card that costs least: no trump or winner if avoidable, from a short side suit, low."""
    trump = -1 if view.trump is None else int(view.trump)
    hand = know.mine

    def cost(card: int) -> tuple[int, int, int, int]:
        suit = SUIT_OF[card]
        return (suit == trump, is_top(card, know.unseen), _rank(card),
                (hand & SUIT_MASKS[suit]).bit_count())

    return min(indices_of(legal), key=cost)


def _lead(view: DealView, know: Knowledge, legal: int) -> int:
    trump = int(view.trump) if view.trump is not None else -1
    tmask = SUIT_MASKS[trump] if trump >= 0 else 0
    declarer = playing_for(view)
    unseen = know.unseen
    me_declarer = declarer is not None and same_side(view, view.seat, declarer)
    opponents = [s for s in range(4) if not same_side(view, s, view.seat)]

    def ruffable(suit: int) -> bool:
        return any(know.is_void(s, suit) and know.possible(s) & tmask for s in opponents)

    my_trumps = legal & tmask
    if me_declarer and my_trumps and unseen & tmask:
        top = my_trumps.bit_length() - 1
        if is_top(top, unseen):
            return top  # draw trumps from the top
        if my_trumps.bit_count() > (unseen & tmask).bit_count():
            return (my_trumps & -my_trumps).bit_length() - 1
    winners = [c for c in indices_of(legal & ~tmask) if is_top(c, unseen) and unseen & SUIT_MASKS[SUIT_OF[c]]
               and not ruffable(SUIT_OF[c])]
    if winners:
        return max(winners, key=lambda c: (unseen & SUIT_MASKS[SUIT_OF[c]]).bit_count())
    side = legal & ~tmask or legal
    if me_declarer:
        suit = max({SUIT_OF[c] for c in indices_of(side)}, key=lambda s: (legal & SUIT_MASKS[s]).bit_count())
    else:
        assert declarer is not None
        # The declarer's short suits: void first (forcing a ruff shortens the trumps), then the
        # suit with the fewest cards still out.
        suit = min({SUIT_OF[c] for c in indices_of(side)},
                   key=lambda s: (not know.is_void(declarer, s), (unseen & SUIT_MASKS[s]).bit_count()))
    return lowest(view, know, side & SUIT_MASKS[suit])


def _announcement_reached(view: DealView) -> bool:
    announced = view.announcements[view.seat]
    return view.rules.announcements and announced is not None and view.tricks_won[view.seat] >= announced


def winner_so_far(trick: Sequence[Card], leader: int, trump: int) -> tuple[int, int]:
    """(seat, card index) currently winning a trick in progress."""
    cards = [c.index for c in trick]
    pos = winning_index(cards, trump)
    return (leader + pos) % 4, cards[pos]


def _follow(view: DealView, know: Knowledge, legal: int) -> int:
    trump = int(view.trump) if view.trump is not None else -1
    assert view.trick_leader is not None
    trick = list(view.current_trick)
    win_seat, win_card = winner_so_far(trick, view.trick_leader, trump)
    base = [c.index for c in trick]
    beating = [c for c in indices_of(legal) if winning_index([*base, c], trump) == len(base)]
    declarer = playing_for(view)
    later = [(view.seat + i) % 4 for i in range(1, 4 - len(trick))]
    friend_winning = win_seat != view.seat and same_side(view, win_seat, view.seat)
    trickless = (view.seat != declarer and view.tricks_won[view.seat] == 0
                 and view.rules.defender_zero is not DefenderZero.NOTHING)
    enemies_later = any(not same_side(view, s, view.seat) for s in later)
    if friend_winning and not trickless and (not enemies_later or is_top(win_card, know.unseen)):
        return lowest(view, know, legal)
    if _announcement_reached(view):
        return lowest(view, know, legal)  # Koz Maça: more tricks add nothing and may sink
    if not beating:
        return lowest(view, know, legal)
    if not later:
        return min(beating, key=_rank)
    safe = [c for c in beating if is_top(c, know.unseen)
            and not any(know.is_void(s, SUIT_OF[c]) and know.possible(s) & SUIT_MASKS[trump] for s in later
                        if SUIT_OF[c] != trump)]
    if safe:
        return min(safe, key=_rank)
    ruffs = [c for c in beating if SUIT_OF[c] == trump and SUIT_OF[win_card] != trump]
    if ruffs:
        return min(ruffs)
    strong = [c for c in beating if _rank(c) >= 9]  # jack or better forces out their honours
    if strong and (trickless or view.seat == declarer):
        return min(strong)
    return lowest(view, know, legal)
