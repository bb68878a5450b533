"""The trick in progress: led suit, its top card, the top trump and the seat winning so far.

One function, ``advance``, says how a card changes that state (the highest trump wins, else the
highest card of the led suit; a card of another suit never wins). The deal, the legality rules,
the solver's search and the bots' inference all read the trick through it, on plain ints, so the
solver's hot loop stays fast and nothing else keeps its own copy of the rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from .cards import Card, Suit
from .errors import shorten
from .frozen import constructor_arguments

_SUIT: Final = tuple(i // 13 for i in range(52))


def advance(depth: int, led: int, top_led: int, top_trump: int, win_seat: int, seat: int, card: int,
            trump: int) -> tuple[int, int, int, int]:
    """The trick's (led suit, top card of it, top trump, winning seat) after ``seat`` plays ``card``
    as the trick's card number ``depth`` (0: the lead). -1 stands for "none"; ``trump`` is -1
    without trump."""
    suit = _SUIT[card]
    if not depth:
        return suit, card, (card if suit == trump else -1), seat
    if suit == trump:
        if card > top_trump:
            top_trump, win_seat = card, seat
        if suit == led and card > top_led:
            top_led = card
    elif suit == led and card > top_led:
        top_led = card
        if top_trump < 0:
            win_seat = seat
    return led, top_led, top_trump, win_seat


def partner_winning(win_seat: int, seat: int) -> bool:
    """Whether ``seat``'s partner holds the winning card of the trick so far (Eşli's exemption)."""
    return win_seat >= 0 and win_seat == seat ^ 2


@dataclass(frozen=True)
class TrickState:
    """A trick in progress, as card indices: -1 where there is none yet."""

    led: int = -1
    top_led: int = -1
    top_trump: int = -1
    winner: int = -1  # the seat winning so far

    def __reduce__(self) -> tuple[type[TrickState], tuple[Any, ...]]:
        return (TrickState, constructor_arguments(self))  # see batak_core.frozen

    @classmethod
    def of(cls, cards: Sequence[int], leader: int, trump: int) -> TrickState:
        """The state after ``cards`` (indices, lead first) led by seat ``leader``."""
        led = top_led = top_trump = winner = -1
        for depth, card in enumerate(cards):
            led, top_led, top_trump, winner = advance(depth, led, top_led, top_trump, winner,
                                                      (leader + depth) & 3, card, trump)
        return cls(led, top_led, top_trump, winner)

    @property
    def trumped(self) -> bool:
        """A trump lies in a trick whose led suit is not trump."""
        return self.top_trump >= 0 and self.led != _SUIT[self.top_trump]


EMPTY_TRICK: Final = TrickState()


def winning_index(cards: Sequence[int], trump: int) -> int:
    """Position (0 = the lead) of the winning card among card indices in play order."""
    led = top_led = top_trump = winner = -1
    for depth, card in enumerate(cards):
        led, top_led, top_trump, winner = advance(depth, led, top_led, top_trump, winner, depth, card, trump)
    return winner


def trick_winner(cards: Sequence[Card], trump: object) -> int:
    """Index into ``cards`` (play order, lead first) of the card that wins the trick; ``trump`` is
    a Suit or None (taken as ``object`` and checked here, as compiled code would refuse it first)."""
    given: object = cards  # each item checked here, not by compiled code's typed loop
    if isinstance(given, (str, bytes)) or not isinstance(given, Sequence):
        raise ValueError(f"a trick is a list of cards in play order, not {shorten(given)}")
    if not given:
        raise ValueError("an empty trick has no winner")
    if len(given) > 4 or not all(type(c) is Card for c in given):
        raise ValueError(f"a trick is one to four cards (Card objects), not {shorten(list(given))}")
    if len(set(given)) != len(given):
        raise ValueError("a trick cannot hold the same card twice")
    if trump is not None and not isinstance(trump, Suit):
        raise ValueError(f"trump must be a Suit or None, not {shorten(trump)}")
    return winning_index([c.index for c in cards], -1 if trump is None else int(trump))
