"""The post-deal review: which of a player's cards cost tricks or points, by double-dummy analysis.

The finished deal is replayed; at each of the player's card decisions the solver compares the
card played with the best card, everyone playing perfectly afterwards. Forced plays (a single
class of equivalent cards) and decisions that cost nothing are skipped. Positions are analysed
from the end backwards so one transposition table serves them all, until a node budget is spent:
the last tricks are always covered, the first ones when the search is quick enough.

Every variant is covered. In İhaleli and Eşli the tricks that count are the declarer side's.
In Koz Maça each player plays for their own number: the review counts the player's own tricks
against everyone else and reports the tricks that would have raised the player's score (an
unwanted overtrick is not looked for).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...actions import ActionKind
from ...cards import CARDS, Card
from ...deal import Deal, Phase
from ...scoring import announcement_points, declarer_points
from ..solver import Position, Search, SearchLimit

REVIEW_NODES = 100_000
"""Search nodes one review may spend: about two seconds here, enough for all but the first two
or three tricks of most deals. The count, not the clock, decides, so a deal always gets the same
review."""


@dataclass(frozen=True)
class ReviewItem:
    """One costly decision. ``loss`` is in points of the preset: for the declarer (or a Koz Maça
    player) the change in the player's own score, for a defender the tricks given away times the
    points per trick."""

    trick_number: int
    played: Card
    better: Card
    loss: float
    text: str


@dataclass(frozen=True)
class Review:
    """The costly decisions, costliest first, and how much of the deal the analysis covered:
    every decision from trick ``first_trick`` to ``last_trick`` (``first_trick`` 1: the whole deal)."""

    items: tuple[ReviewItem, ...]
    first_trick: int
    last_trick: int

    @property
    def scope(self) -> str:
        """'the whole deal' or 'tricks 6 to 13', for the sentence above the list."""
        if self.first_trick <= 1:
            return "the whole deal"
        if self.first_trick > self.last_trick:
            return "no trick (the search budget ran out)"
        if self.first_trick == self.last_trick:
            return f"trick {self.last_trick}"
        return f"tricks {self.first_trick} to {self.last_trick}"


def review(deal: Deal, seat: int, node_budget: int = REVIEW_NODES) -> Review:
    """The seat's costliest card decisions in a finished deal, costliest first."""
    if deal.phase is not Phase.OVER:
        raise ValueError("review needs a finished deal that was played out")
    if seat not in (0, 1, 2, 3):
        raise ValueError(f"seat must be 0..3, not {seat!r}")
    last_trick = deal.rules.tricks_per_deal
    decisions = _decisions(deal, seat)
    if not decisions:
        return Review((), 1, last_trick)
    first = decisions[0][1]
    search = Search(deal.rules, first.trump, first.side)
    search.limit = node_budget
    items = []
    covered = last_trick + 1
    for number, pos, played in reversed(decisions):
        try:
            values = search.card_values(pos)
        except SearchLimit:
            break
        covered = number
        item = _judge(deal, seat, number, pos, played, values)
        if item is not None:
            items.append(item)
    items.sort(key=lambda item: (-item.loss, item.trick_number))
    return Review(tuple(items), covered, last_trick)


def _decisions(deal: Deal, seat: int) -> list[tuple[int, Position, Card]]:
    """(trick number, position before the card, card played) for each card the seat played."""
    replay = Deal(deal.rules, [deal.initial_hand(s) for s in range(4)], deal.dealer, kitty=deal.kitty)
    side = 1 << seat if deal.rules.announcements else None  # Koz Maça: the player's own tricks
    out = []
    for action in deal.history:
        if replay.phase is Phase.PLAY and replay.to_move == seat and action.kind is ActionKind.PLAY:
            out.append((len(replay.tricks) + 1, Position.of_deal(replay, side), action.card))
        replay.act(action)
    return out


def _judge(deal: Deal, seat: int, number: int, pos: Position, played: Card,
           values: dict[int, int]) -> ReviewItem | None:
    """The review item for one decision, or None when the card played was as good as any."""
    if len(set(values.values())) <= 1:
        return None
    rules = deal.rules
    on_side = pos.side >> seat & 1
    best_card = max(values, key=values.__getitem__) if on_side else min(values, key=values.__getitem__)
    best, got = values[best_card], values[played.index]
    tricks_lost = (best - got) if on_side else (got - best)
    if tricks_lost <= 0:
        return None
    if rules.announcements:
        announced = deal.announcements[seat]
        assert announced is not None
        loss = float(announcement_points(rules, announced, pos.side_tricks + best)
                     - announcement_points(rules, announced, pos.side_tricks + got))
        whose = "you"
    elif on_side:
        assert deal.contract is not None
        loss = float(declarer_points(rules, deal.contract, pos.side_tricks + best)
                     - declarer_points(rules, deal.contract, pos.side_tricks + got))
        whose = "you"
    else:
        loss = float(tricks_lost * rules.defender_per_trick)
        whose = "the defence"
    if loss <= 0:
        return None  # an extra trick that does not change the score (Koz Maça overtricks)
    better = CARDS[best_card]
    plural = "s" if tricks_lost > 1 else ""
    text = (f"Trick {number}: you played {played.label}; {better.label} was better. With best play "
            f"on all sides it keeps {tricks_lost} more trick{plural} for {whose} "
            f"({loss:g} point{'s' if loss != 1 else ''}).")
    return ReviewItem(number, played, better, loss, text)
