"""Counting a hand: top tricks, and when they are sure.

Top tricks are the cards of a suit that beat every card of it still out: before the play the
ace and the cards right below it that you also hold (A, A-K, A-K-Q ...). A top trump is a sure
trick: nothing beats it. A top card of a side suit is sure only while nobody who could ruff it
can be out of the suit: once the others' trumps are drawn, or while every other player must
still hold the suit. ``Seen`` is what one player knows (their hand, the cards gone, who showed
out of which suit); ``can_ruff`` asks whether the unseen cards can lie so that an opponent is out
of the suit with a trump left, an exact test (a small flow of the unseen cards to the hands
that may hold them), so a lesson never calls a card sure that could be ruffed, nor unsure one
that could not.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..cards import Card, Suit
from ..deal import Deal
from ..seats import side_seats


def top_tricks(cards: Iterable[Card], gone: Iterable[Card] = ()) -> dict[Suit, int]:
    """Per suit, your cards that beat every card of the suit still out (not yours, not ``gone``):
    with nothing gone, A, A-K, A-K-Q, ..."""
    mine = set(cards)
    out = set(gone) | mine
    tops = {}
    for suit in Suit:
        count = 0
        for rank in range(14, 1, -1):
            card = Card(suit, rank)
            if card in mine:
                count += 1
            elif card not in out:
                break
        tops[suit] = count
    return tops


@dataclass(frozen=True)
class Seen:
    """What player ``seat`` knows of the cards: their hand, the cards out of play they saw, the
    hands shown face up, how many cards each player holds, the suits each has shown out of, and
    how many cards lie face down out of play (a kitty they did not see)."""

    seat: int
    hand: tuple[Card, ...]
    opponents: tuple[int, ...]
    sizes: tuple[int, int, int, int]
    gone: frozenset[Card] = frozenset()
    shown: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    voids: dict[int, frozenset[Suit]] = field(default_factory=dict)
    hidden: int = 0

    def unseen(self, suit: Suit) -> int:
        """Cards of ``suit`` this player has not seen."""
        known = set(self.hand) | self.gone | {c for cards in self.shown.values() for c in cards}
        return 13 - sum(1 for c in known if c.suit == suit)


def seen_by(deal: Deal, seat: int) -> Seen:
    """What ``seat`` knows at this moment of ``deal`` (its ``view``: played cards, a dummy shown,
    the kitty it buried, who failed to follow suit)."""
    view = deal.view(seat)
    rules = deal.rules
    mine = (seat,) if rules.announcements else side_seats(rules, seat)
    opponents = tuple(s for s in range(4) if s not in mine)
    gone = set(view.played) | set(view.buried)
    voids: dict[int, set[Suit]] = {}
    for trick in (*view.tricks, None):
        leader, cards = (view.trick_leader, view.current_trick) if trick is None else (trick.leader, trick.cards)
        if not cards or leader is None:
            continue
        for i, card in enumerate(cards[1:], start=1):
            if card.suit != cards[0].suit:
                voids.setdefault((leader + i) % 4, set()).add(cards[0].suit)
    shown = {view.dummy: view.dummy_hand} if view.dummy is not None and view.dummy != seat and view.dummy_hand else {}
    hidden = rules.kitty if rules.kitty and not view.buried else 0
    return Seen(seat, tuple(view.hand), opponents, view.hand_sizes, frozenset(gone), shown,
                {s: frozenset(v) for s, v in voids.items()}, hidden)


def before_play(hand: Sequence[Card], opponents: Sequence[int], hand_size: int, kitty: int = 0) -> Seen:
    """What seat 0 knows before the first lead: its own hand, nothing else (a kitty face down)."""
    return Seen(0, tuple(hand), tuple(opponents), (hand_size,) * 4, hidden=kitty)


_MANY = 52


def _fits(supply: Sequence[int], capacity: Sequence[int], limits: dict[tuple[int, int], int]) -> bool:
    """Whether ``supply[s]`` cards of each suit fit into holders of ``capacity[h]`` cards, at most
    ``limits[(s, h)]`` of suit s with holder h (no limit where not given): a max-flow test."""
    if sum(supply) != sum(capacity):
        raise ValueError(f"{sum(supply)} unseen cards cannot fill hands of {sum(capacity)} cards: "
                         "the cards seen and the hand sizes do not agree")
    flow: dict[tuple[int, int], int] = {}
    left_supply, left_capacity = list(supply), list(capacity)

    def room(s: int, h: int) -> int:
        return limits.get((s, h), _MANY) - flow.get((s, h), 0)

    def augment(s: int, seen: set[int]) -> bool:
        """Place one card of suit s, moving cards already placed along the way if need be."""
        for h in range(len(capacity)):
            if room(s, h) <= 0 or h in seen:
                continue
            seen.add(h)
            if left_capacity[h] > 0:
                left_capacity[h] -= 1
                flow[(s, h)] = flow.get((s, h), 0) + 1
                return True
            for other in range(len(supply)):  # take a card of another suit out of h, place it elsewhere
                if other != s and flow.get((other, h), 0) > 0:
                    flow[(other, h)] -= 1
                    if augment(other, seen):
                        flow[(s, h)] = flow.get((s, h), 0) + 1
                        return True
                    flow[(other, h)] += 1
        return False

    for s in range(len(supply)):
        while left_supply[s] > 0:
            if not augment(s, set()):
                return False
            left_supply[s] -= 1
    return True


def can_ruff(seen: Seen, opponent: int, suit: Suit, trump: Suit, rounds: int = 1) -> bool:
    """Whether ``opponent`` can hold fewer than ``rounds`` cards of ``suit`` and a trump, as far
    as ``seen.seat`` knows: then leading ``suit`` ``rounds`` times may see a ruff."""
    if suit == trump:
        return False
    if opponent in seen.shown:
        cards = seen.shown[opponent]
        return sum(c.suit == suit for c in cards) < rounds and any(c.suit == trump for c in cards)
    holders = [s for s in range(4) if s != seen.seat and s not in seen.shown]
    capacity = [seen.sizes[s] for s in holders] + ([seen.hidden] if seen.hidden else [])
    supply = [seen.unseen(s) for s in Suit]
    limits = {(int(s), h): 0 for h, seat in enumerate(holders) for s in seen.voids.get(seat, ())}
    me = holders.index(opponent)
    if trump in seen.voids.get(opponent, ()) or supply[trump] == 0 or capacity[me] == 0:
        return False
    supply[trump] -= 1  # one trump placed with the opponent for sure
    capacity[me] -= 1
    limits[(int(suit), me)] = min(limits.get((int(suit), me), _MANY), rounds - 1)
    return _fits(supply, capacity, limits)


def can_be_out(seen: Seen, opponent: int, suit: Suit) -> bool:
    """Whether ``opponent`` can hold no card of ``suit``, as far as ``seen.seat`` knows."""
    if opponent in seen.shown:
        return not any(c.suit == suit for c in seen.shown[opponent])
    holders = [s for s in range(4) if s != seen.seat and s not in seen.shown]
    capacity = [seen.sizes[s] for s in holders] + ([seen.hidden] if seen.hidden else [])
    limits = {(int(s), h): 0 for h, seat in enumerate(holders) for s in seen.voids.get(seat, ())}
    limits[(int(suit), holders.index(opponent))] = 0
    return _fits([seen.unseen(s) for s in Suit], capacity, limits)


def can_hold_trump(seen: Seen, opponent: int, trump: Suit) -> bool:
    """Whether ``opponent`` can still hold a trump, as far as ``seen.seat`` knows."""
    if opponent in seen.shown:
        return any(c.suit == trump for c in seen.shown[opponent])
    holders = [s for s in range(4) if s != seen.seat and s not in seen.shown]
    capacity = [seen.sizes[s] for s in holders] + ([seen.hidden] if seen.hidden else [])
    supply = [seen.unseen(s) for s in Suit]
    me = holders.index(opponent)
    if trump in seen.voids.get(opponent, ()) or supply[trump] == 0 or capacity[me] == 0:
        return False
    limits = {(int(s), h): 0 for h, seat in enumerate(holders) for s in seen.voids.get(seat, ())}
    supply[trump] -= 1
    capacity[me] -= 1
    return _fits(supply, capacity, limits)


def sure_tricks(seen: Seen, trump: Suit) -> dict[Suit, int]:
    """Per suit, the top tricks that are sure as far as ``seen.seat`` knows: every top trump, and
    of a side suit's top tricks those no opponent can ruff (the first ``n`` rounds of the suit
    during which no opponent can be out of it with a trump left)."""
    tops = top_tricks(seen.hand, seen.gone)  # a hand shown face up still holds its cards: they count as out
    sure = {}
    for suit, count in tops.items():
        rounds = 0
        while rounds < count and not any(can_ruff(seen, p, suit, trump, rounds + 1) for p in seen.opponents):
            rounds += 1
        sure[suit] = rounds
    return sure
