"""Every action of a deal as one type: a bid or announcement, a pass, a trump, a bury, a card, a redeal.

``str(action)`` is the text save files and golden playthroughs store ("bid 7", "pass", "trump H",
"bury 2C 3C 4D 5H", "play QS", "redeal") and ``Action.parse`` reads it back; ``action.text()``
is how the table, the hints and the terminal word it for people. A deal's history is a list of
these, so nothing re-parses text to learn what happened.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from .cards import CARDS, Card, Suit, describe_cards, parse_cards
from .errors import shorten
from .frozen import constructor_arguments
from .i18n import pgettext


class ActionKind(StrEnum):
    BID = "bid"  # a bid in the auction, or a Koz Maça announcement
    PASS = "pass"
    TRUMP = "trump"
    BURY = "bury"  # Gömmeli: the declarer's cards laid face down
    PLAY = "play"
    REDEAL = "redeal"  # the weak-hand house rule: the player to move has the cards dealt again


@dataclass(frozen=True)
class Action:
    """One action. Build with the class methods (``Action.bid(7)``, ``Action.play(card)``, ...)."""

    kind: ActionKind
    number: int = -1  # BID: the number of tricks
    suit: Suit | None = None  # TRUMP: the suit named
    cards: tuple[Card, ...] = ()  # PLAY: the card; BURY: the cards, sorted

    def __reduce__(self) -> tuple[type[Action], tuple[Any, ...]]:
        return (Action, constructor_arguments(self))  # see batak_core.frozen

    @staticmethod
    def bid(number: object) -> Action:
        if isinstance(number, bool) or not isinstance(number, int):
            raise ValueError(f"a bid is a whole number of tricks, not {shorten(number)}")
        return _BIDS[number] if 0 <= number <= 13 else Action(ActionKind.BID, number=number)

    @staticmethod
    def pass_() -> Action:
        return PASS

    @staticmethod
    def call(number: int | None) -> Action:
        """A call in the auction: a bid of ``number``, or a pass for None."""
        return PASS if number is None else Action.bid(number)

    @staticmethod
    def trump(suit: Suit | str) -> Action:
        return _TRUMPS[Suit.parse(suit)]

    @staticmethod
    def play(card: Card | str) -> Action:
        return PLAYS[Card.parse(card).index]

    @staticmethod
    def bury(cards: Iterable[Card | str] | str) -> Action:
        return Action(ActionKind.BURY, cards=tuple(sorted(parse_cards(cards))))

    @staticmethod
    def redeal() -> Action:
        return REDEAL

    @property
    def card(self) -> Card:
        """The card of a PLAY action."""
        if self.kind is not ActionKind.PLAY:
            raise ValueError(f"{self} plays no card")
        return self.cards[0]

    @classmethod
    def parse(cls, text: str) -> Action:
        """An action from its text form ("bid 7", "pass", "trump H", "play QS", "bury ...", "redeal")."""
        if not isinstance(text, str):
            raise ValueError(f"an action is text like 'bid 7' or 'play QS', not {shorten(text)}")
        verb, _, arg = text.strip().partition(" ")
        arg = arg.strip()
        try:
            if verb == "pass" and not arg:
                return PASS
            if verb == "redeal" and not arg:
                return REDEAL
            if verb == "bid" and arg.isdigit() and len(arg) <= 2:
                return cls.bid(int(arg))
            if verb == "trump" and arg:
                return cls.trump(arg)
            if verb == "play" and arg:
                return cls.play(arg)
            if verb == "bury" and arg:
                return cls.bury(arg)
        except ValueError as error:
            raise ValueError(f"{shorten(text)} is not an action: {error}") from None
        raise ValueError(f"{shorten(text)} is not an action: use 'bid N', 'pass', 'trump S|H|D|C', "
                         "'play CARD', 'bury CARDS' or 'redeal'")

    def __str__(self) -> str:
        if self.kind is ActionKind.BID:
            return f"bid {self.number}"
        if self.kind is ActionKind.TRUMP:
            assert self.suit is not None
            return f"trump {self.suit.letter}"
        if self.kind in (ActionKind.PLAY, ActionKind.BURY):
            return f"{self.kind.value} " + " ".join(str(c) for c in self.cards)
        return self.kind.value

    def text(self, *, announcing: bool = False) -> str:
        """The action as a person says it, in the active language: "bid 7", "announce none",
        "make hearts ♥ trump", "play Q♠" (``str(action)`` is the text a save file stores)."""
        if self.kind is ActionKind.BID:
            if announcing:
                if self.number == 0:
                    # Translators: a Koz Maça announcement of no tricks at all.
                    return pgettext("action", "announce none")
                return pgettext("action", "announce {n}").format(n=self.number)
            return pgettext("action", "bid {n}").format(n=self.number)
        if self.kind is ActionKind.TRUMP:
            assert self.suit is not None
            # Translators: naming trump; {suit} is the suit's plural name, {symbol} its sign (♥).
            return pgettext("action", "make {suit} {symbol} trump").format(suit=self.suit.word(),
                                                                           symbol=self.suit.symbol)
        if self.kind is ActionKind.PLAY:
            return pgettext("action", "play {card}").format(card=self.card.label)
        if self.kind is ActionKind.BURY:
            # Translators: {cards} is a list of cards, "2♣, 3♣, 4♦ and 5♥".
            return pgettext("action", "bury {cards}").format(cards=describe_cards(self.cards))
        if self.kind is ActionKind.REDEAL:
            return pgettext("action", "demand a redeal")
        return pgettext("action", "pass")


PASS: Final = Action(ActionKind.PASS)
REDEAL: Final = Action(ActionKind.REDEAL)
_BIDS: Final = tuple(Action(ActionKind.BID, number=n) for n in range(14))
_TRUMPS: Final = tuple(Action(ActionKind.TRUMP, suit=s) for s in Suit)
PLAYS: Final = tuple(Action(ActionKind.PLAY, cards=(card,)) for card in CARDS)
"""Interned actions: playing a card costs a tuple lookup, not a new object (``PLAYS[index]`` is
the card's action, the engine's hot path)."""
