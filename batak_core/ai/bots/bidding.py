"""The expected-score auction: bid or pass by what each call is worth under the preset's scoring.

Every call is valued in expected points for the player making it, less the others' (``call_values``):
a game is won against the other players, so a pass that lets a rival make 8 costs what the
rival gains, not just what the player fails to score. Without partners the others' figure is
their average (the defenders share the tricks the declarer leaves, any trick to any of them
alike; a rival declarer is counted for ``RIVAL_EDGE`` tricks over its bid, with the fitted
spread); with partners it is the other side's score.

* Declaring a contract of ``b`` with trump ``t``: the hand's double-dummy tricks are taken as
  spread around ``evaluate.trick_estimate`` (a normal curve of the fitted residual spread,
  ``evaluate.count_spread``, cut to whole tricks 0..13), and the contract's points
  (``scoring.declarer_points``) less the others' are averaged over that spread. The trump is the suit with the
  best average (``choose_trump`` names trump by the same sum). In Eşli the partner adds a random
  hand's defensive tricks (``fitted_estimate.RANDOM_DEFENCE``).
* Defending a contract of ``b``: the player's own tricks are spread the same way around
  ``evaluate.defence_estimate`` (averaged over the suits the declarer may name), and
  ``scoring.defender_points`` less the others' is averaged over them. So miniokey's −50 and classic's −10·b for a
  trickless defender weigh in through the chance of taking no trick, and danish's 1 a trick
  makes defending worth next to nothing against a contract's 10 a bid.
* Competition: each opponent still in the auction outbids a bid of ``b`` with the chance that a
  random hand counts ``b + 1`` tricks or more (``fitted_estimate.BID_REACH``, measured on random
  hands with the fitted count); an opponent who has bid ``m`` is taken to hold a hand that counts
  ``m``, so the chance is that among such hands (it bids again far more often than a fresh
  hand would: docs/strength.md); an outbid player defends that higher contract.
* Jumps: a bid over the lowest legal one is weighed only where a made contract scores more for
  it (``pays_more``: classic's and danish's 10 a bid, a 13 that doubles). Where contracts pay by
  the trick, such a jump could only shut rivals out, which the model above overrates (it counts
  rivals bidding again, but not the player itself, once outbid): played against the outside
  bot's stand-in, the expert did better bidding the lowest legal bid or passing
  (docs/strength.md). A jump a player made is still valued when its auction is reviewed
  (``also``).
* Passing: with a bid standing, the player defends it. With no bid yet, the others may all pass
  too (the same table gives the chance); then the all-pass rule decides: the player forced to
  play declares the forced contract (for this player: its value with the best trump), the
  others defend it, and a redeal scores nothing.

``auction_review`` judges a finished deal's calls against a double-dummy count of the player's
hand over sampled layouts of the hidden cards: the same values with the model's trick spread
replaced by the solved counts.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import islice

from ...actions import PASS, Action, ActionKind
from ...cards import FULL_DECK, Suit, indices_of, mask_of
from ...deal import Deal, DealView
from ...i18n import _, format_number, pgettext
from ...rules import AllPass, RuleSet
from ...scoring import declarer_points, defender_points
from ..solver import Position, Search, SearchLimit
from . import fitted_estimate as fitted
from .evaluate import count_spread, defence_estimate, trick_estimate

Spread = tuple[float, ...]
"""Chances of taking 0, 1, ... tricks (they add up to 1)."""


@dataclass(frozen=True)
class CallValue:
    """One call's expected points for the player less the others' (see the module docstring), and
    what the value rests on: the tricks the hand is counted for with ``trump`` (None for a pass),
    and the chance of being outbid."""

    call: Action
    points: float
    tricks: float | None
    trump: Suit | None
    outbid: float  # chance that a later bid takes the contract away (0 for a pass)


@dataclass(frozen=True)
class AuctionFinding:
    """A call (or the trump choice) that cost points against the double-dummy count."""

    call: Action  # the call or trump the player made
    best: Action  # the call or trump worth most
    cost: float  # expected points lost by the call made
    tricks: float  # the hand's average double-dummy tricks with ``trump``
    trump: Suit
    layouts: int  # how many sampled layouts were solved
    text: str


def normal_spread(mean: float, sd: float, top: int) -> Spread:
    """A normal curve around ``mean`` cut to whole tricks 0..``top`` (the tails go to the ends)."""
    def below(x: float) -> float:
        return 0.5 * (1 + math.erf((x - mean) / (sd * math.sqrt(2))))
    edges = [0.0] + [below(k + 0.5) for k in range(top)] + [1.0]
    return tuple(edges[k + 1] - edges[k] for k in range(top + 1))


def _declarer_spread(rules: RuleSet, hand: int, trump: int) -> Spread:
    mean = trick_estimate(hand, trump, rules) + (fitted.RANDOM_DEFENCE if rules.partnership else 0.0)
    return normal_spread(mean, count_spread(rules), rules.tricks_per_deal)


def _defence_spread(rules: RuleSet, hand: int) -> Spread:
    """Own (or, in Eşli, the side's) tricks as a defender, the declarer's trump unknown."""
    mean = sum(defence_estimate(hand, t) for t in range(4)) / 4
    if rules.partnership:
        mean += fitted.RANDOM_DEFENCE
    return normal_spread(mean, fitted.DEFENCE_SPREAD, rules.tricks_per_deal)


RIVAL_EDGE = 0.3
"""Tricks a rival declarer is counted for above its bid (it bid because it expects to make it;
a modelling assumption, not a fit). Declarers in the stand-in matches took more (+1.35 at the
lowest bid, less higher up), but counting that changed few calls and no result (docs/strength.md)."""


def _shares(tricks: int, players: int) -> Spread:
    """Chances of 0..``tricks`` tricks for one of ``players`` who share ``tricks`` tricks, each
    trick as likely to go to any of them (a binomial)."""
    if players <= 1:
        return tuple(1.0 if t == tricks else 0.0 for t in range(tricks + 1))
    p = 1 / players
    return tuple(math.comb(tricks, t) * p ** t * (1 - p) ** (tricks - t) for t in range(tricks + 1))


def _defender_share_points(rules: RuleSet, bid: int, tricks: int, players: int) -> float:
    """One defender's expected points when ``players`` defenders share ``tricks`` tricks."""
    return sum(p * defender_points(rules, bid, t) for t, p in enumerate(_shares(tricks, players)))


@cache
def _others_against_declarer(rules: RuleSet, bid: int) -> tuple[float, ...]:
    """For each number of tricks the declarer takes, the others' score (their average; with
    partners the other side's)."""
    top = rules.tricks_per_deal
    if rules.partnership:
        return tuple(float(defender_points(rules, bid, top - k)) for k in range(top + 1))
    return tuple(_defender_share_points(rules, bid, top - k, 3) for k in range(top + 1))


@cache
def _others_against_defender(rules: RuleSet, bid: int) -> tuple[float, ...]:
    """For each number of tricks a defender (with partners: the defending side) takes against a
    rival's ``bid``, the others' score: the rival declarer's and the other defenders' average."""
    top = rules.tricks_per_deal
    if rules.partnership:
        return tuple(float(declarer_points(rules, bid, top - m)) for m in range(top + 1))
    rival = normal_spread(bid + RIVAL_EDGE, count_spread(rules), top)
    out = []
    for mine in range(top + 1):
        weight = total = 0.0
        for k, p in enumerate(rival[:top - mine + 1]):
            others = declarer_points(rules, bid, k) + 2 * _defender_share_points(rules, bid, top - k - mine, 2)
            total += p * others / 3
            weight += p
        out.append(total / weight if weight else float(declarer_points(rules, bid, top - mine)) / 3)
    return tuple(out)


def contract_margin(rules: RuleSet, bid: int, spread: Spread) -> float:
    """A declarer's expected points less the others' over the ``spread`` of its tricks."""
    others = _others_against_declarer(rules, bid)
    return sum(p * (declarer_points(rules, bid, k) - others[k]) for k, p in enumerate(spread))


def defence_margin(rules: RuleSet, bid: int, spread: Spread) -> float:
    """A defender's expected points against ``bid`` less the others' over the ``spread`` of its
    own (with partners: its side's) tricks."""
    others = _others_against_defender(rules, bid)
    return sum(p * (defender_points(rules, bid, m) - others[m]) for m, p in enumerate(spread))


def contract_points(rules: RuleSet, bid: int, spread: Spread) -> float:
    """A declarer's expected score with a contract of ``bid`` over the ``spread`` of its tricks."""
    return sum(p * declarer_points(rules, bid, k) for k, p in enumerate(spread))


def _reach(count: int) -> float:
    """The share of random hands whose count reaches ``count`` (``fitted_estimate.BID_REACH``)."""
    return fitted.BID_REACH[min(count, len(fitted.BID_REACH) - 1)]


def outbid_chance(bid: int, rivals: Sequence[int], top: int) -> float:
    """The chance that one of the opponents still bidding counts ``bid + 1`` tricks. ``rivals``
    holds the highest bid each of them has made (0: none yet): one who has bid is taken to hold a
    hand that counts it, so it counts one more with the chance a hand does among those that do
    (certainly, if its own bid already tops ``bid``)."""
    if bid >= top:
        return 0.0
    stays = 1.0
    for shown in rivals:
        if shown > bid:
            return 1.0
        stays *= 1 - (_reach(bid + 1) / _reach(shown) if shown else _reach(bid + 1))
    return 1 - stays


def _rivals(view: DealView) -> list[int]:
    """The opponents who have not passed (they may still bid after this call): the highest bid
    each has made, 0 for none."""
    passed = {b.seat for b in view.auction if b.is_pass}
    shown = dict.fromkeys(range(4), 0)
    for b in view.auction:
        if b.bid is not None:
            shown[b.seat] = max(shown[b.seat], b.bid)
    return [shown[s] for s in range(4) if s != view.seat and s not in passed
            and not (view.rules.partnership and s == view.seat ^ 2)]


def _forced_seat(view: DealView) -> int | None:
    """Who must play when everyone passes (None: the cards are thrown in)."""
    rule = view.rules.all_pass
    if rule is AllPass.FIRST_BIDDER_PLAYS:
        return (view.dealer + 1) % 4
    if rule in (AllPass.DEALER_PLAYS, AllPass.DEALER_MUST_BID):
        return view.dealer
    return None


@cache
def pays_more(rules: RuleSet, bid: int, lower: int) -> bool:
    """Whether a made contract of ``bid`` scores more than one of ``lower`` with the same tricks
    (10 a bid, or a 13 that doubles), not just as much (10 or 1 a trick)."""
    return any(declarer_points(rules, bid, k) > declarer_points(rules, lower, k)
               for k in range(bid, rules.tricks_per_deal + 1))


def considered(view: DealView, call: Action) -> bool:
    """Whether the auction weighs ``call``: a pass, the lowest legal bid, or a jump over it that
    scores more when made (see the module docstring)."""
    if call.number is None or not view.legal_bids:
        return True
    return call.number == view.legal_bids[0] or pays_more(view.rules, call.number, view.legal_bids[0])


def _values(view: DealView, declaring: Callable[[int], tuple[float, float, Suit]],
            defending: Callable[[int], float], also: Action | None = None) -> list[CallValue]:
    """``call_values`` from a declarer valuation (bid -> points, tricks, trump) and a defender one;
    ``also``: a call to value even if it is not ``considered`` (the one a player made)."""
    rules = view.rules
    top = rules.tricks_per_deal
    rivals = _rivals(view)
    out = []
    for bid in view.legal_bids:
        if not considered(view, Action.bid(bid)) and Action.bid(bid) != also:
            continue
        points, tricks, trump = declaring(bid)
        outbid = outbid_chance(bid, rivals, top)
        value = (1 - outbid) * points + outbid * defending(min(bid + 1, top))
        out.append(CallValue(Action.bid(bid), value, tricks, trump, outbid))
    if view.can_pass:
        out.append(CallValue(PASS, _pass_points(view, rivals, declaring, defending), None, None, 0.0))
    return sorted(out, key=lambda c: -c.points)


def _pass_points(view: DealView, rivals: list[int], declaring: Callable[[int], tuple[float, float, Suit]],
                 defending: Callable[[int], float]) -> float:
    rules = view.rules
    if view.high_bid is not None:
        return defending(view.high_bid)
    forced = _forced_seat(view)
    if forced is None:
        all_pass = 0.0
    elif rules.all_pass is AllPass.DEALER_MUST_BID:
        all_pass = defending(rules.min_bid)  # the dealer is made to bid: this player defends it
    elif forced == view.seat:
        all_pass = declaring(rules.all_pass_bid)[0]
    else:
        all_pass = defending(rules.all_pass_bid)
    nobody = (1 - _reach(rules.min_bid)) ** len(rivals)
    return nobody * all_pass + (1 - nobody) * defending(rules.min_bid)


def call_values(view: DealView) -> list[CallValue]:
    """Every legal call in the auction with its expected points for the player, best first."""
    rules = view.rules
    hand = mask_of(view.hand)
    trumps = [rules.trump_suit] if rules.fixed_trump else list(range(4))
    spreads = {t: _declarer_spread(rules, hand, t) for t in trumps}
    defence = _defence_spread(rules, hand)

    def declaring(bid: int) -> tuple[float, float, Suit]:
        points, trump = max((contract_margin(rules, bid, spreads[t]), t) for t in trumps)
        return points, trick_estimate(hand, trump, rules), Suit(trump)

    return _values(view, declaring, lambda bid: defence_margin(rules, bid, defence))


def choose_call(view: DealView) -> Action:
    """The call worth most (the first legal call when the auction offers no choice)."""
    values = call_values(view)
    return values[0].call if values else PASS


def choose_trump(view: DealView) -> Suit:
    """The trump that gives the contract the best expected score (same count as the auction)."""
    rules = view.rules
    if rules.fixed_trump:
        return Suit(rules.trump_suit)
    hand = mask_of(view.hand)
    bid = view.contract if view.contract is not None else rules.min_bid
    return Suit(max(range(4), key=lambda t: (contract_points(rules, bid, _declarer_spread(rules, hand, t)),
                                             trick_estimate(hand, t, rules), -t)))


# --- the post-deal review ------------------------------------------------------------------------

REVIEW_LAYOUTS = 40
REVIEW_NODE_BUDGET = 5_000_000
"""Search nodes for one review, all layouts together (the layout that would go over it is not
counted). A full 13-card solve takes 0.03 to 3 million nodes."""
MIN_REVIEW_LAYOUTS = 3
"""Fewer solved layouts than this judge nothing: the review says the auction was not checked."""
MIN_COST = 1.0
"""Costs below this many points (a tenth of one a-trick preset's point) are noise: no finding."""


@dataclass(frozen=True)
class AuctionReview:
    """The costly calls of a finished deal and how many layouts they were judged over
    (``judged`` is False when too few fit the budget: then ``findings`` is empty and says nothing)."""

    findings: tuple[AuctionFinding, ...]
    layouts: int
    calls: int  # the player's calls and trump choice looked at (0: it had none to make)

    @property
    def judged(self) -> bool:
        return not self.calls or self.layouts >= MIN_REVIEW_LAYOUTS


@dataclass(frozen=True)
class LayoutCounts:
    """Double-dummy tricks of one hand as declarer (leading), per trump, over sampled layouts."""

    trumps: tuple[int, ...]
    tricks: tuple[tuple[int, ...], ...]  # per layout, the tricks with each of ``trumps``

    def spread(self, trump: int, top: int) -> Spread:
        column = self.trumps.index(trump)
        counts = [0.0] * (top + 1)
        for row in self.tricks:
            counts[row[column]] += 1 / len(self.tricks)
        return tuple(counts)

    def mean(self, trump: int) -> float:
        column = self.trumps.index(trump)
        return sum(row[column] for row in self.tricks) / len(self.tricks)


def sampled_layouts(seat: int, hand: int, seed: int = 0) -> Iterator[tuple[int, int, int, int]]:
    """Random layouts of the cards outside ``hand`` among the other three seats (``seat`` holds
    ``hand``), the same sequence for the same seed: the layouts the auction is judged on.
    benchmarks/data/regret_oracle.jsonl keeps solves of these layouts by seed: a change to the
    sequence must replace that file."""
    rng = random.Random(seed)
    others = indices_of(FULL_DECK & ~hand)
    size = len(others) // 3
    while True:
        rng.shuffle(others)
        hands = [0, 0, 0, 0]
        hands[seat] = hand
        for n, other in enumerate(s for s in range(4) if s != seat):
            hands[other] = sum(1 << card for card in others[n * size:(n + 1) * size])
        yield hands[0], hands[1], hands[2], hands[3]


def declarer_tricks(rules: RuleSet, seat: int, hands: tuple[int, int, int, int], trump: int,
                    node_limit: int = -1) -> tuple[int, int]:
    """(double-dummy tricks of ``seat`` as declarer leading the first trick with ``trump``, search
    nodes spent); SearchLimit past ``node_limit`` nodes (negative: no limit)."""
    search = Search(rules, trump, 1 << seat)
    search.limit = node_limit
    return search.value(Position(rules, hands, trump, False, seat, (), 1 << seat, 0)), search.nodes


def layout_counts(rules: RuleSet, seat: int, hand: int, trumps: Sequence[int], layouts: int,
                  node_budget: int, seed: int = 0) -> LayoutCounts:
    """Solve ``hand`` as declarer (leading) with each of ``trumps`` on up to ``layouts`` random
    layouts of the other cards, until ``node_budget`` search nodes are spent."""
    rows = []
    spent = 0
    for hands in islice(sampled_layouts(seat, hand, seed), layouts):
        row = []
        try:
            for trump in trumps:
                tricks, nodes = declarer_tricks(rules, seat, hands, trump, node_budget - spent)
                spent += nodes
                row.append(tricks)
        except SearchLimit:
            break
        rows.append(tuple(row))
    return LayoutCounts(tuple(trumps), tuple(rows))


def oracle_values(view: DealView, counts: LayoutCounts, also: Action | None = None) -> list[CallValue]:
    """``call_values`` with the declarer's tricks taken from solved layouts instead of the model
    (the trump is still chosen before the cards are seen: the best average over the layouts);
    ``also`` as in ``_values``."""
    rules = view.rules
    hand = mask_of(view.hand)
    top = rules.tricks_per_deal
    defence = _defence_spread(rules, hand)

    @cache
    def declaring(bid: int) -> tuple[float, float, Suit]:
        points, trump = max((contract_margin(rules, bid, counts.spread(t, top)), t) for t in counts.trumps)
        return points, counts.mean(trump), Suit(trump)

    return _values(view, declaring, lambda bid: defence_margin(rules, bid, defence), also)


def best_considered(view: DealView, values: list[CallValue]) -> CallValue:
    """The call worth most among those the auction weighs (``values`` best first)."""
    return next(v for v in values if considered(view, v.call))


def review_trumps(rules: RuleSet, hand: int, chosen: Suit | None) -> tuple[int, ...]:
    """The trumps a review solves: the fixed one, else the one the count likes best and the one
    named (every solved trump multiplies the time; suits nobody would name are left out)."""
    if rules.fixed_trump:
        return (rules.trump_suit,)
    ranked = [max(range(4), key=lambda t: (trick_estimate(hand, t, rules), -t))]
    if chosen is not None and int(chosen) not in ranked:
        ranked.append(int(chosen))
    return tuple(ranked)


def _call_text(call: Action) -> str:
    """A call as the subject of a review's sentence: "passing", "bidding 8"."""
    if call.kind is ActionKind.PASS:
        return pgettext("a call in a review's sentence", "passing")
    return pgettext("a call in a review's sentence", "bidding {n}").format(n=call.number)


def auction_review(deal: Deal, seat: int, layouts: int = REVIEW_LAYOUTS,
                   node_budget: int = REVIEW_NODE_BUDGET, seed: int = 0) -> AuctionReview:
    """The seat's costly auction calls and trump choice in a deal whose auction is over, judged
    against the hand's double-dummy tricks over ``layouts`` sampled layouts of the hidden cards
    (as many as ``node_budget`` allows, at least ``MIN_REVIEW_LAYOUTS``). Calls that cost less
    than ``MIN_COST`` give no finding."""
    rules = deal.rules
    if rules.announcements or rules.kitty:
        return AuctionReview((), 0, 0)  # Koz Maça has no auction to judge; a kitty changes the hand after it
    replay = Deal(rules, [deal.initial_hand(s) for s in range(4)], dealer=deal.dealer)
    named = next((a.suit for a in deal.history if a.kind is ActionKind.TRUMP), None)
    hand = mask_of(deal.initial_hand(seat))
    trumps = review_trumps(rules, hand, named if deal.declarer == seat else None)
    counts: LayoutCounts | None = None
    findings = []
    calls = 0
    for action in deal.history:
        if replay.to_move == seat and action.kind in (ActionKind.BID, ActionKind.PASS, ActionKind.TRUMP):
            if counts is None:
                counts = layout_counts(rules, seat, hand, trumps, layouts, node_budget, seed)
                if len(counts.tricks) < MIN_REVIEW_LAYOUTS:
                    return AuctionReview((), len(counts.tricks), 1)
            calls += 1
            view = replay.view(seat)
            finding = (_trump_finding(view, action, counts) if action.kind is ActionKind.TRUMP
                       else _call_finding(view, action, counts, named if deal.declarer == seat else None))
            if finding is not None:
                findings.append(finding)
        if action.kind not in (ActionKind.BID, ActionKind.PASS, ActionKind.TRUMP):
            break
        replay.act(action)
    return AuctionReview(tuple(findings), len(counts.tricks) if counts is not None else 0, calls)


def _call_finding(view: DealView, action: Action, counts: LayoutCounts,
                  named: Suit | None) -> AuctionFinding | None:
    """``named``: the trump the player went on to name, which the sentence counts with."""
    values = oracle_values(view, counts, also=action)
    made = next((v for v in values if v.call == action), None)
    if made is None:
        return None
    best = best_considered(view, values)
    cost = best.points - made.points
    if cost < MIN_COST:
        return None
    trump = next(t for t in (named, made.trump, best.trump, Suit(counts.trumps[0])) if t is not None)
    tricks = counts.mean(int(trump))
    # Translators: {call} and {best} are calls as _call_text writes them ("bidding 8", "passing"); a
    # layout is one way the hidden cards may lie, solved double-dummy (every hand open).
    text = _("Your hand was worth about {tricks} tricks with {suit} trump, double-dummy over {layouts} layouts: "
             "{call} cost about {cost} points ({best} was worth {best_points}, {call} {points}).").format(
        tricks=format_number(tricks), suit=trump.word(), layouts=len(counts.tricks), call=_call_text(action),
        cost=format_number(cost), best=_call_text(best.call), best_points=format_number(best.points),
        points=format_number(made.points))
    return AuctionFinding(action, best.call, cost, tricks, trump, len(counts.tricks), text)


def _trump_finding(view: DealView, action: Action, counts: LayoutCounts) -> AuctionFinding | None:
    assert action.suit is not None and view.contract is not None
    rules = view.rules
    top = rules.tricks_per_deal
    by_trump = {t: contract_points(rules, view.contract, counts.spread(t, top)) for t in counts.trumps}
    if int(action.suit) not in by_trump:
        return None
    best = max(by_trump, key=lambda t: by_trump[t])
    cost = by_trump[best] - by_trump[int(action.suit)]
    if cost < MIN_COST:
        return None
    chosen, better = action.suit, Suit(best)
    text = _("With {chosen} trump your hand was worth about {tricks} tricks, with {better} about {better_tricks} "
             "(double-dummy over {layouts} layouts): naming {chosen} cost about {cost} points.").format(
        chosen=chosen.word(), tricks=format_number(counts.mean(int(chosen))), better=better.word(),
        better_tricks=format_number(counts.mean(best)), layouts=len(counts.tricks), cost=format_number(cost))
    return AuctionFinding(action, Action.trump(better), cost, counts.mean(int(chosen)), chosen,
                          len(counts.tricks), text)
