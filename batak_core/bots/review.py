"""The post-deal review: which of a player's cards cost tricks or points, by double-dummy analysis.

The finished deal is replayed; at each of the player's card decisions the solver compares the
card played with the best card, everyone playing perfectly afterwards. Forced plays (a single
class of equivalent cards) and decisions that cost nothing are skipped. Positions are analysed
from the end backwards so one transposition table serves them all.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import CARDS, Card
from ..deal import Action, Deal, Phase
from ..scoring import declarer_points
from ..solver import Position, Search

REVIEW_CARDS = 8
"""Decisions are analysed once hands are down to this many cards (earlier, an exact pure-Python
search of every alternative takes too long for an after-deal screen)."""


@dataclass(frozen=True)
class ReviewItem:
    """One costly decision. ``loss`` is in points of the preset: for the declarer the change in
    the contract's score, for a defender the tricks given away times the points per trick."""

    trick_number: int
    played: Action
    better: Action
    loss: float
    text: str


def review(deal: Deal, seat: int, max_cards: int = REVIEW_CARDS) -> list[ReviewItem]:
    """The seat's costliest card decisions in a finished deal, costliest first."""
    if deal.phase is not Phase.OVER:
        raise ValueError("review needs a finished deal that was played out")
    if seat not in (0, 1, 2, 3):
        raise ValueError(f"seat must be 0..3, not {seat!r}")
    replay = Deal(deal.rules, [deal.initial_hand(s) for s in range(4)], deal.dealer)
    decisions: list[tuple[int, Position, Card]] = []
    for action in deal.history:
        if (replay.phase is Phase.PLAY and replay.to_move == seat and action.startswith("play ")
                and len(replay.hand(seat)) <= max_cards):
            decisions.append((len(replay.tricks) + 1, Position.of_deal(replay), Card.parse(action[5:])))
        replay.apply(action)
    if not decisions:
        return []
    first = decisions[0][1]
    search = Search(deal.rules, first.trump, first.side)
    assert deal.contract is not None
    items = []
    for number, pos, played in reversed(decisions):
        values = search.card_values(pos)
        if len(set(values.values())) <= 1:
            continue
        on_side = pos.side >> seat & 1
        best_card = max(values, key=values.__getitem__) if on_side else min(values, key=values.__getitem__)
        best, got = values[best_card], values[played.index]
        tricks_lost = (best - got) if on_side else (got - best)
        if tricks_lost <= 0:
            continue
        if on_side:
            loss = float(declarer_points(deal.rules, deal.contract, pos.side_tricks + best)
                         - declarer_points(deal.rules, deal.contract, pos.side_tricks + got))
        else:
            loss = float(tricks_lost * deal.rules.defender_per_trick)
        better = CARDS[best_card]
        plural = "s" if tricks_lost > 1 else ""
        whose = "you" if on_side else "the defence"
        text = (f"Trick {number}: you played {played.label}; {better.label} was better. With best play "
                f"on all sides it keeps {tricks_lost} more trick{plural} for {whose} "
                f"({loss:g} point{'s' if loss != 1 else ''}).")
        items.append(ReviewItem(number, played, better, loss, text))
    items.sort(key=lambda item: (-item.loss, item.trick_number))
    return items
