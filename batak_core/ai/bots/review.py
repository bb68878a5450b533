"""The post-deal review: which of a player's calls and cards cost points, by double-dummy analysis.

The auction and the trump choice are judged by ``bidding.auction_review``: each call's expected
score against the hand's double-dummy tricks over sampled layouts of the hidden cards. Its items
carry trick number 0 (``AUCTION``) and are ranked with the card items by the points they cost.

Then the finished deal is replayed; at each of the player's card decisions (a declarer's include
the open dummy's cards in classic Eşli) the solver compares
the card played with the best card, everyone playing perfectly afterwards. Forced plays and
decisions that cost nothing are skipped. Positions are analysed from the end backwards so one
transposition table serves them all, until a node budget is spent: in the usual deal it covers
every trick; when it runs out the review says from which trick on it checked.

Every variant is covered. In İhaleli and Eşli the tricks that count are the declarer side's.
In Koz Maça each player plays for their own number: the review counts the player's own tricks
against everyone else and reports the tricks that would have raised the player's score (an
unwanted overtrick is not looked for); its announcements, like Gömmeli's auction (the kitty
changes the hand after it), are not judged.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...actions import Action, ActionKind
from ...cards import CARDS, Card
from ...deal import Deal, Phase
from ...i18n import _, ngettext
from ...scoring import announcement_points, declarer_points
from ..solver import Position, Search, SearchLimit
from .bidding import AuctionReview, auction_review

AUCTION = 0
"""``ReviewItem.trick_number`` of the auction calls and the trump choice (before trick 1)."""
REVIEW_NODES = 2_000_000
"""Search nodes the card review may spend. Over 20 finished club-bot deals a whole-deal review
took 0.04 to 12 million nodes, median 0.5 million: this budget covers every trick of 17 of
them (median 2.2 s compiled, 13 s pure Python, on a busy machine) and bounds the rest at about
18 s compiled (2.5 minutes pure). The count, not the clock, decides, so a deal always gets the
same review."""
AUCTION_NODES = 3_000_000
"""Search nodes for judging the auction (``bidding.auction_review`` solves each sampled layout
whole, with one or two trumps: from 30,000 to 3 million nodes a trump, so this bound, a few
seconds compiled, fits a handful of layouts; each item says over how many, and with too few
the review says the auction was not checked)."""


@dataclass(frozen=True)
class ReviewItem:
    """One costly decision. ``trick_number`` is ``AUCTION`` (0) for a call or the trump choice.
    ``loss`` is in points of the preset: for a call the expected points it gave away; for a card,
    for the declarer (or a Koz Maça player) the change in the player's own score, for a defender
    the tricks given away times the points per trick."""

    trick_number: int
    played: Action
    better: Action
    loss: float
    text: str

    @property
    def in_auction(self) -> bool:
        return self.trick_number == AUCTION


@dataclass(frozen=True)
class Review:
    """The costly decisions, costliest first, and how much of the deal the analysis covered:
    the auction and trump choice when ``covers_auction``, and every card decision from trick
    ``first_trick`` to ``last_trick`` (``first_trick`` 1: every trick)."""

    items: tuple[ReviewItem, ...]
    first_trick: int
    last_trick: int
    covers_auction: bool = False
    auction_tried: bool = False  # the auction was to be judged (then not ``covers_auction``: too few layouts)

    @property
    def tricks_scope(self) -> str:
        """'every trick', 'tricks 6 to 13', 'trick 13' or 'no trick' (in the active language)."""
        if self.first_trick <= 1:
            return _("every trick")
        if self.first_trick > self.last_trick:
            return _("no trick")
        if self.first_trick == self.last_trick:
            return _("trick {number}").format(number=self.last_trick)
        return _("tricks {first} to {last}").format(first=self.first_trick, last=self.last_trick)

    @property
    def scope(self) -> str:
        """What was checked, for the sentence above the list: 'your auction calls and every trick'."""
        if not self.covers_auction:
            return self.tricks_scope
        # Translators: {tricks} is "every trick", "trick 13" or "tricks 6 to 13".
        return _("your auction calls and {tricks}").format(tricks=self.tricks_scope)

    @property
    def shortfall(self) -> str:
        """Why part of the deal was not checked, in a sentence or two ("" when all of it was)."""
        parts = []
        if self.auction_tried and not self.covers_auction:
            parts.append(_("The search budget solved too few layouts of the hidden cards to judge your "
                           "auction calls: they were not checked."))
        if self.first_trick > self.last_trick:
            parts.append(_("The search budget ran out before any trick: your cards in the earlier tricks "
                           "were not checked."))
        elif self.first_trick > 1:
            parts.append(_("The search budget ran out before trick {number}: your cards in the earlier tricks "
                           "were not checked.").format(number=self.first_trick))
        return " ".join(parts)


def review(deal: Deal, seat: int, node_budget: int = REVIEW_NODES, auction_nodes: int = AUCTION_NODES) -> Review:
    """The seat's costliest calls and card decisions in a finished deal, costliest first.
    ``node_budget`` bounds the card search, ``auction_nodes`` the auction's (0: not judged)."""
    if deal.phase is not Phase.OVER:
        raise ValueError("review needs a finished deal that was played out")
    if seat not in (0, 1, 2, 3):
        raise ValueError(f"seat must be 0..3, not {seat!r}")
    last_trick = deal.rules.tricks_per_deal
    tried = auction_nodes > 0 and not deal.rules.announcements and not deal.rules.kitty
    auction = auction_review(deal, seat, node_budget=auction_nodes) if tried else None
    judged = auction is not None and auction.judged
    items = _auction_items(auction) if auction is not None else []
    covered = 1
    decisions = _decisions(deal, seat)
    if decisions:
        first = decisions[0][1]
        search = Search(deal.rules, first.trump, first.side)
        search.limit = node_budget
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
        else:
            covered = 1  # the tricks before the first choice held only forced cards
    items.sort(key=lambda item: (-item.loss, item.trick_number))
    return Review(tuple(items), covered, last_trick, judged, tried)


def _auction_items(auction: AuctionReview) -> list[ReviewItem]:
    """The costly calls and trump choice, as review items."""
    # Translators: {text} is what the finding says about the call or the trump choice.
    return [ReviewItem(AUCTION, f.call, f.best, f.cost,
                       (_("Trump: {text}") if f.call.kind is ActionKind.TRUMP else _("Auction: {text}")).format(
                           text=f.text))
            for f in auction.findings]


def _decisions(deal: Deal, seat: int) -> list[tuple[int, Position, Card]]:
    """(trick number, position before the card, card played) for each card the seat chose from
    two or more (a forced card costs nothing), the open dummy's included when the seat is its
    declarer (``Deal.decider``)."""
    replay = Deal(deal.rules, [deal.initial_hand(s) for s in range(4)], deal.dealer, kitty=deal.kitty)
    side = 1 << seat if deal.rules.announcements else None  # Koz Maça: the player's own tricks
    out = []
    for action in deal.history:
        if (replay.phase is Phase.PLAY and replay.decider == seat and action.kind is ActionKind.PLAY
                and len(replay.legal_plays()) > 1):
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
        for_me = True
    elif on_side:
        assert deal.contract is not None
        loss = float(declarer_points(rules, deal.contract, pos.side_tricks + best)
                     - declarer_points(rules, deal.contract, pos.side_tricks + got))
        for_me = True
    else:
        loss = float(tricks_lost * rules.defender_per_trick)
        for_me = False
    if loss <= 0:
        return None  # an extra trick that does not change the score (Koz Maça overtricks)
    better = CARDS[best_card]
    points = ngettext("{value} point", "{value} points", 1 if loss == 1 else 2).format(value=f"{loss:g}")
    # Translators (the four sentences): {card} is the card played, {better} a better one, {n} the tricks it
    # would have kept, {points} what they are worth ("20 points").
    if pos.to_move == seat and for_me:
        text = ngettext("Trick {number}: you played {card}; {better} was better. With best play on all sides it "
                        "keeps {n} more trick for you ({points}).",
                        "Trick {number}: you played {card}; {better} was better. With best play on all sides it "
                        "keeps {n} more tricks for you ({points}).", tricks_lost)
    elif pos.to_move == seat:
        text = ngettext("Trick {number}: you played {card}; {better} was better. With best play on all sides it "
                        "keeps {n} more trick for the defence ({points}).",
                        "Trick {number}: you played {card}; {better} was better. With best play on all sides it "
                        "keeps {n} more tricks for the defence ({points}).", tricks_lost)
    elif for_me:
        text = ngettext("Trick {number}: you played {card} from the dummy; {better} was better. With best play on "
                        "all sides it keeps {n} more trick for you ({points}).",
                        "Trick {number}: you played {card} from the dummy; {better} was better. With best play on "
                        "all sides it keeps {n} more tricks for you ({points}).", tricks_lost)
    else:
        text = ngettext("Trick {number}: you played {card} from the dummy; {better} was better. With best play on "
                        "all sides it keeps {n} more trick for the defence ({points}).",
                        "Trick {number}: you played {card} from the dummy; {better} was better. With best play on "
                        "all sides it keeps {n} more tricks for the defence ({points}).", tricks_lost)
    text = text.format(number=number, card=played.label, better=better.label, n=tricks_lost, points=points)
    return ReviewItem(number, Action.play(played), Action.play(better), loss, text)
