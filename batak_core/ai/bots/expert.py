"""The expert bot: deal the hidden cards many ways that fit everything public, search each
layout with the double-dummy solver, and play the card with the best average score.

Samples respect every inference the strict rules allow (voids, "nothing higher", "no trump");
see ``knowledge``. Early in the deal the search looks a few tricks ahead and estimates the rest
(the solver's fitted leaf estimate); from ``CardSearch.exact_cards`` cards a hand it is exact. A
defender plays for its own score (its tricks, or the zero-trick penalty) minus the declarer's. The random
numbers come from the public state alone, so the same public situation always gives the same
decision, whatever the hidden cards are; how hard it looks (``CardSearch``) counts search nodes,
not seconds, so its play does not depend on the machine's speed either. It bids and names trump
by expected score under the preset's scoring (``bidding``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ...actions import Action
from ...cards import ABOVE, CARDS, Card
from ...deal import DealView, Phase
from ...scoring import declarer_points, defender_points
from ...seats import side_mask
from .. import native, solver
from ..compiled import is_compiled
from ..solver import Position, Search, SearchLimit
from .bidding import choose_call, choose_trump
from .club import ClubBot, club_card
from .knowledge import Knowledge, knowledge, sample_layouts


@dataclass(frozen=True)
class CardSearch:
    """How hard the expert looks at a card decision."""

    samples: int = 32
    """Sampled layouts of the hidden cards at most."""
    node_budget: int = 300_000
    """Search nodes per decision: sampling stops once they are spent."""
    exact_cards: int = 9
    """At or below this many cards in the hand of the player to lead, every sample is solved exactly."""
    lookahead_tricks: int = 3
    """Earlier, the search sees this many more tricks (after the current one) before judging."""
    native_node_budget: int = 0
    """Where the native solver plays the rules, exact decisions spend up to this many of its nodes
    instead of ``node_budget`` of ``Search``'s (0: they stay with ``Search``). It visits about as
    many nodes as ``Search`` and spends far less on each, so the same time buys more layouts."""


FULL_SEARCH = CardSearch(native_node_budget=300_000)
"""With the compiled solver. Measured against ``LIGHT_SEARCH`` in duplicate play
(``benchmarks/bots.py search``, figures in the README), it gains in every preset tried, at about
six times the search: decisions p95 0.18 s compiled, but 2.1 s in pure Python. Its exact solves
go to the native solver, which spends the same budget in about a third of the time; spending
the time saved on exact solves from 10 cards instead of 9 gained nothing measurable
(docs/strength.md)."""
LIGHT_SEARCH = CardSearch(samples=16, node_budget=50_000, exact_cards=8, lookahead_tricks=2)
"""Without it (no C compiler, or ``BATAK_PURE_PYTHON=1``), so the bots still answer in well under a
second (p95 0.36 s)."""
CARD_SEARCH = FULL_SEARCH if is_compiled(solver) else LIGHT_SEARCH
"""The expert's and the hints' search: it depends on the build, never on the machine's speed."""

MIN_LAYOUTS = 8
"""Averages over fewer sampled layouts than this are noise (early leads with many legal cards,
where one layout can take most of the budget): the club heuristics choose instead (docs/strength.md
gives what the alternatives were measured at)."""


@dataclass(frozen=True)
class CardScore:
    """A card's average over the samples: expected points for the player, and the declarer
    side's expected tricks."""

    card: Card
    points: float
    tricks: float
    layouts: int  # how many sampled layouts the averages are over


class ExpertBot:
    level = "expert"

    def __init__(self, seed: int | None = None, search: CardSearch = CARD_SEARCH) -> None:
        self._seed = 0 if seed is None else seed
        self._search = search

    def choose(self, view: DealView) -> Action:
        if not view.my_turn:
            raise ValueError(f"seat {view.seat} is not to move")
        if not searchable(view):
            return ClubBot().choose(view)
        if view.phase is Phase.AUCTION:
            return choose_call(view)
        if view.phase is Phase.TRUMP:
            return Action.trump(choose_trump(view))
        if len(view.legal_plays) == 1:
            return Action.play(view.legal_plays[0])
        know = knowledge(view)
        scores = score_cards(view, know, self._seed, self._search)
        return Action.play(second_hand_low(view, know, pick(scores, club_card(view, know))))


def searchable(view: DealView) -> bool:
    """Whether the sampling search models this decision. It plays a declarer's contract from the
    player's own hand; Koz Maça's own-number contracts, the bury and an open dummy's cards are
    left to the club heuristics."""
    rules = view.rules
    return not (rules.announcements or view.phase is Phase.BURY or rules.kitty
                or view.to_move != view.seat)


def trusted(scores: Sequence[CardScore]) -> bool:
    """Whether the averages rest on enough sampled layouts to choose by (see ``MIN_LAYOUTS``)."""
    return bool(scores) and scores[0].layouts >= MIN_LAYOUTS


def pick(scores: Sequence[CardScore], fallback: Card) -> Card:
    """The best-scoring card; the club choice breaks near-ties (it plays the way people expect)
    and decides when the averages are not ``trusted``."""
    if not trusted(scores):
        return fallback
    best = scores[0].points
    close = [s.card for s in scores if s.points >= best - 1e-6 * max(1.0, abs(best))]
    return fallback if fallback in close else close[0]


def second_hand_low(view: DealView, know: Knowledge, card: Card) -> Card:
    """``card``, or the cheapest card of its suit when a defender still without a trick (where
    that costs points, and without partners) is second to play and ``card`` is not the highest of
    its suit left.

    The search plays every layout with all hands open, so it takes the declarer to know where a
    kept honour sits and to catch it, and it spends the honour now. Such defenders were seen to
    spend the card that would have been their trick more often than the outside bot's stand-in;
    playing low there gained against it (docs/strength.md, "Second hand low").
    """
    if len(view.current_trick) != 1 or view.declarer is None or view.contract is None:
        return card
    rules = view.rules
    led = view.current_trick[0].suit
    if (card.suit != led or side_mask(rules, view.seat) != 1 << view.seat or view.seat == view.declarer
            or view.tricks_won[view.seat] or defender_points(rules, view.contract, 0) >= 0):
        return card
    if not ABOVE[card.index] & know.unseen:
        return card  # the highest of its suit left: it can lose the trick only to a trump
    return min((c for c in view.legal_plays if c.suit == led), key=lambda c: c.rank)


def public_seed(view: DealView, seed: int) -> int:
    """A number fixed by what the player knows (never by hidden cards)."""
    key = (seed, view.seat, tuple(c.index for c in view.hand),
           tuple(c.index for t in view.tricks for c in t.cards), tuple(c.index for c in view.current_trick))
    return _hash64(key) & 0xFFFFFFFF


_MASK64: Final = (1 << 64) - 1
_XXPRIME_1, _XXPRIME_2, _XXPRIME_5 = 11400714785074694791, 14029467366897019727, 2870177450012600261


def _hash64(value: object) -> int:
    """``hash()`` of an int or a nested tuple of ints as 64-bit CPython computes it, on any machine:
    the browser's Python (WebAssembly) hashes in 32 bits, and its expert would sample other layouts
    than the same seed gives beside a server. The same value as before on 64-bit CPython, so every
    measured figure stands."""
    if isinstance(value, int):
        reduced = abs(value) % ((1 << 61) - 1)
        return -2 if value < 0 and reduced == 1 else (reduced if value >= 0 else -reduced)
    assert isinstance(value, tuple)
    acc = _XXPRIME_5
    for item in value:
        acc = (acc + (_hash64(item) & _MASK64) * _XXPRIME_2) & _MASK64
        acc = ((acc << 31) | (acc >> 33)) & _MASK64
        acc = (acc * _XXPRIME_1) & _MASK64
    acc = (acc + (len(value) ^ (_XXPRIME_5 ^ 3527539))) & _MASK64
    if acc == _MASK64:
        return 1546275796
    return acc - (1 << 64) if acc >> 63 else acc


def score_cards(view: DealView, know: Knowledge, seed: int, search: CardSearch = CARD_SEARCH) -> list[CardScore]:
    """Every legal card's average over sampled layouts, best first for the player to move.

    The declarer values a card by its contract score. A defender values it by its own score
    minus the declarer's: without partners a defender scores its own tricks (and the zero-trick
    penalty), so each layout is solved twice, once for the declarer side's tricks (the defenders
    together against it) and once for the defender's own tricks (everyone else against it).
    """
    assert view.declarer is not None and view.contract is not None and view.trump is not None
    assert view.trick_leader is not None
    rules = view.rules
    contract = view.contract
    side = side_mask(rules, view.declarer)
    side_tricks = sum(view.tricks_won[s] for s in range(4) if side >> s & 1)
    mine_on_side = side >> view.seat & 1
    own_side = side_mask(rules, view.seat)
    own_tricks = sum(view.tricks_won[s] for s in range(4) if own_side >> s & 1)
    selfish = not mine_on_side and own_side | side != 15  # other defenders score for themselves
    total_tricks = rules.tricks_per_deal
    leader_cards = len(view.hand) + (1 if view.current_trick else 0)
    horizon = search_horizon(view, search)
    in_native = horizon == 0 and search.native_node_budget > 0 and native.supports(rules)
    budget = search.native_node_budget if in_native else search.node_budget
    rng = random.Random(public_seed(view, seed))
    legal = [c.index for c in view.legal_plays]
    totals = {c: [0.0, 0.0] for c in legal}
    spent = 0
    done = 0
    for hands in sample_layouts(know, rng, search.samples):
        pos = Position(rules, hands, int(view.trump), view.trump_broken, view.trick_leader,
                       tuple(c.index for c in view.current_trick), side, side_tricks)
        try:
            values, nodes = _solve_sample(pos, side, horizon, budget - spent, in_native)
            own_values = values
            if selfish:
                own_values, more = _solve_sample(pos, own_side, horizon, budget - spent - nodes, in_native)
                nodes += more
        except SearchLimit:
            if done:
                break
            # Not even one layout fits the budget: look at the current trick only.
            values, nodes = _solve_sample(pos, side, leader_cards - 1, -1)
            own_values = _solve_sample(pos, own_side, leader_cards - 1, -1)[0] if selfish else values
        for card, value in values.items():
            tricks = value + side_tricks
            points = declarer_points(rules, contract, tricks)
            if not mine_on_side:
                mine = own_values[card] + own_tricks if selfish else total_tricks - tricks
                points = defender_points(rules, contract, mine) - points
            totals[card][0] += points
            totals[card][1] += tricks
        done += 1
        spent += nodes
        if spent >= budget:
            break
    done = max(done, 1)
    scores = [CardScore(CARDS[c], totals[c][0] / done, totals[c][1] / done, done) for c in legal]
    scores.sort(key=lambda s: (-s.points, s.card.rank))
    return scores


def search_horizon(view: DealView, search: CardSearch = CARD_SEARCH) -> int:
    """The cards a hand at which ``score_cards`` stops searching and guesses the rest (0: it
    solves to the last trick, from ``search.exact_cards`` cards in the leader's hand)."""
    leader_cards = len(view.hand) + (1 if view.current_trick else 0)
    return 0 if leader_cards <= search.exact_cards else max(1, leader_cards - 1 - search.lookahead_tricks)


def _solve_sample(pos: Position, side: int, horizon: int, nodes_left: int,
                  in_native: bool = False) -> tuple[dict[int, int], int]:
    """Each legal card's tricks for ``side`` (from the current trick on) and the nodes spent;
    raises ``SearchLimit`` past ``nodes_left`` nodes (negative: no limit). ``in_native``: an
    exact solve by the native solver (the same values)."""
    if in_native:
        return native.card_values(pos.rules, pos.hands, pos.trump, side, pos.leader, pos.trick, pos.trump_broken,
                                  max(1, nodes_left) if nodes_left >= 0 else -1)
    search = Search(pos.rules, pos.trump, side, horizon)
    search.limit = max(1, nodes_left) if nodes_left >= 0 else -1
    return search.card_values(pos), search.nodes

