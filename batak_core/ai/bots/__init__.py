"""Computer players. A bot sees only ``deal.view(seat)`` and returns an ``Action``.

``get(level)`` returns a bot; ``Deal.act(action)`` applies what it chose. ``hint(view)`` says
what to do and why; ``review(deal, seat)`` lists a finished deal's costliest decisions.
"""

from __future__ import annotations

import random
from typing import Protocol

from ...actions import PASS, Action
from ...cards import Card, Suit
from ...deal import DealView, Phase
from ...errors import shorten
from .advice import Hint, hint
from .club import ClubBot
from .expert import ExpertBot
from .review import Review, ReviewItem, review

LEVELS = ("random", "club", "expert")

__all__ = ["LEVELS", "Bot", "ClubBot", "ExpertBot", "Hint", "RandomBot", "Review", "ReviewItem",
           "get", "hint", "review"]


class Bot(Protocol):
    level: str

    def choose(self, view: DealView) -> Action:
        """The action for the player whose view this is; it must be that player's turn."""
        ...


class RandomBot:
    """Legal random play, for tests and as the weakest opponent. Seeded: repeatable."""

    level = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: DealView) -> Action:
        _check_turn(view)
        if view.phase is Phase.AUCTION:
            if view.can_pass and (not view.legal_bids or self._rng.random() < 0.65):
                return PASS
            return Action.bid(view.legal_bids[min(len(view.legal_bids) - 1, self._rng.randrange(2))])
        if view.phase is Phase.TRUMP:
            return Action.trump(self._rng.choice(list(Suit)))
        if view.phase is Phase.BURY:
            return Action.bury(self._rng.sample(view.hand, view.rules.kitty))
        card: Card = self._rng.choice(view.legal_plays)
        return Action.play(card)


def _check_turn(view: DealView) -> None:
    if not view.my_turn:
        raise ValueError(f"seat {view.seat} is not to move (phase {view.phase.value}, "
                         f"to move: {view.to_move})")


def get(level: str, seed: int | None = None) -> Bot:
    """A bot of the named level; unknown levels raise ValueError listing the valid ones."""
    if level == "random":
        return RandomBot(seed)
    if level == "club":
        return ClubBot(seed)
    if level == "expert":
        return ExpertBot(seed)
    raise ValueError(f"unknown bot level {shorten(level)}; choose one of: {', '.join(LEVELS)}")
