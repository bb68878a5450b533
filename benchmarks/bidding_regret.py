"""Bidding regret against a double-dummy oracle: points lost per deal by the expert's auction.

    python benchmarks/bidding_regret.py --deals 500 --layouts 40 --workers 2   # the full measure
    python benchmarks/bidding_regret.py --deals 500 --cached-only              # the figures from the kept solves
    python benchmarks/bidding_regret.py --deals 6 --layouts 6 --cache /tmp/oracle.jsonl
    git show HEAD~1:batak_core/ai/bots/fitted_estimate.py > /tmp/fitted_before.py
    python benchmarks/bidding_regret.py --deals 40 --against /tmp/fitted_before.py   # two models, paired

For each preset and each seeded deal the first player to call (after the dealer) is judged; the
bots bid at every seat. The oracle solves that player's hand double-dummy as declarer (leading)
on ``--layouts`` random layouts of the hidden cards (``bidding.sampled_layouts``), with the trump
each bidding rule would name (usually one suit: solving all four would quadruple the time): both
rules are judged against the same solved layouts. At each of the player's calls the loss is the
best call's value minus the value of the call made, both from ``bidding.oracle_values`` (the
declarer's tricks from the solved layouts; defending and being outbid valued by the model), and
the trump choice's loss likewise. The best call is the best of those the auction weighs
(``bidding.considered``: where contracts pay by the trick, no jump over the lowest bid).
Printed per preset: points lost per deal by the old rule (the threshold on the hand-picked
count, copied below) and by the expected-score auction, each with its 95% interval, and their
paired difference.

The solves are the whole cost (the full measure is about 100,000 full-deal solves), so they are
kept: each deal's layouts with one trump are one line of ``--cache`` (JSON Lines, appended as
they are solved, so a stopped run loses at most the solves under way), keyed by the preset's
rules, the seed, the deal, the trump, the layout count and the node limit. A later run solves
only what is missing; the values are exact, so they stay right while the rules stay the same
(a rules change gives other keys). Deals are taken in turn across the presets, so a partial run
covers every preset alike. A layout whose solve passes ``--node-limit`` nodes is left out of
that deal (the run says how many). The solves are the native solver's where it is built
(``batak_core.ai.native``: the same values, several times as fast), else ``solver.Search``'s.
The limit counts the nodes of the solver that solves. The native one counts a few more than
``Search`` on the same layout, so where it is built a few more layouts are left out. The first
812 sets (to 2026-12-03) solved such a layout again with ``Search``: that second solve, which
almost always passed the limit too, was a third of the measure's cost (two thirds in danish), so
it was dropped; those lines judge such a layout by ``Search``'s count. Each line also keeps what
its solves cost (one core's seconds, the nodes and which solver), and a run prints what the sets
still missing would take at that rate.

``--against FILE`` also judges the expected-score auction with another fitted model (an older
``fitted_estimate.py``) on the same deals, the same solved layouts and the same oracle (the
shipped model's), and prints the paired difference per deal with its 95% interval: a model
change shows there far more clearly than in two separate runs.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from itertools import islice
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from calibrate_bidding import hand_picked_estimate

from batak_core import Deal, DealView, Phase, preset
from batak_core.actions import Action
from batak_core.ai import native
from batak_core.ai.bots import bidding, evaluate, fitted_estimate
from batak_core.ai.bots.evaluate import best_trump
from batak_core.ai.solver import SearchLimit
from batak_core.cards import Suit, mask_of
from batak_core.rules import PRESETS, AllPass, RuleSet
from batak_core.scoring import declarer_points, defender_points

Policy = tuple[Callable[[DealView], Action], Callable[[DealView], Suit]]
CACHE = Path(__file__).resolve().parent / "data" / "regret_oracle.jsonl"
RECENT = 50  # sets whose cost estimates what is left


# --- today's rule, before the expected-score auction: a faithful copy, for the comparison only ----

def old_best_trump(hand: int) -> tuple[Suit, float]:
    """(old) The trump that makes the hand strongest by the hand-picked count."""
    scored = [(hand_picked_estimate(hand, s), (hand >> 13 * s & 0x1FFF).bit_count(), -s) for s in range(4)]
    estimate, _, neg = max(scored)
    return Suit(-neg), estimate


def old_careful_margin(rules: RuleSet) -> float:
    """(old) 0.6 tricks to spare where defending earns about as much as a contract, else 0.2."""
    stake = declarer_points(rules, 5, 5)
    defending = defender_points(rules, 5, 3)
    return 0.6 if defending >= 0.3 * stake else 0.2


def old_last_chance(view: DealView) -> bool:
    """(old) Three passes so far and this seat would be made to play if it passed too."""
    rules = view.rules
    if sum(1 for b in view.auction if b.is_pass) != 3 or any(not b.is_pass for b in view.auction):
        return False
    if rules.all_pass is AllPass.FIRST_BIDDER_PLAYS:
        return view.seat == (view.dealer + 1) % 4
    return rules.all_pass is AllPass.DEALER_PLAYS and view.seat == view.dealer


def old_bid_choice(view: DealView, estimate: float, margin: float) -> int | None:
    """(old) The lowest legal bid with ``margin`` to spare, else pass."""
    if not view.legal_bids:
        return None
    lowest = view.legal_bids[0]
    if lowest <= estimate - margin or not view.can_pass:
        return lowest
    if old_last_chance(view) and lowest <= estimate + 0.5:
        return lowest
    return None


def old_call(view: DealView) -> Action:
    hand = mask_of(view.hand)
    return Action.call(old_bid_choice(view, old_best_trump(hand)[1], old_careful_margin(view.rules)))


def old_trump(view: DealView) -> Suit:
    return old_best_trump(mask_of(view.hand))[0]


POLICIES: dict[str, Policy] = {"today": (old_call, old_trump), "new": (bidding.choose_call, bidding.choose_trump)}


def load_model(path: str) -> ModuleType:
    """A ``fitted_estimate`` module from a file (an older fit, say)."""
    spec = importlib.util.spec_from_file_location("fitted_against", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load a model from {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if not hasattr(module, "PRESET_SPREAD"):
        vars(module)["PRESET_SPREAD"] = {}  # a fit from before the per-preset spreads: the pooled one
    return module


@contextmanager
def using_model(model: ModuleType) -> Iterator[None]:
    """Count and bid with ``model`` inside the block (the caches that hold counts are emptied on
    the way in and out)."""
    caches = (evaluate._suit_part, bidding._others_against_declarer, bidding._others_against_defender)
    for cached in caches:
        cached.cache_clear()
    for user in (evaluate, bidding):  # both read the model as ``fitted`` at every call
        vars(user)["fitted"] = model
    try:
        yield
    finally:
        for user in (evaluate, bidding):
            vars(user)["fitted"] = fitted_estimate
        for cached in caches:
            cached.cache_clear()


def policy_with(model: ModuleType) -> Policy:
    """The expected-score auction with another model (the oracle judging it keeps the shipped one)."""
    def call(view: DealView) -> Action:
        with using_model(model):
            return bidding.choose_call(view)

    def trump(view: DealView) -> Suit:
        with using_model(model):
            return bidding.choose_trump(view)
    return call, trump


def judged_losses(deal: Deal, seat: int, counts: bidding.LayoutCounts, policy: Policy) -> float:
    """Points the policy's calls and trump choice at ``seat`` lose against the oracle."""
    call, name_trump = policy
    loss = 0.0
    top = deal.rules.tricks_per_deal
    while deal.phase in (Phase.AUCTION, Phase.TRUMP):
        mover = deal.to_move
        assert mover is not None
        view = deal.view(mover)
        if deal.phase is Phase.AUCTION:
            action = call(view)
            if mover == seat:
                values = bidding.oracle_values(view, counts, also=action)
                loss += bidding.best_considered(view, values).points - next(v.points for v in values
                                                                             if v.call == action)
        else:
            suit = name_trump(view)
            action = Action.trump(suit)
            if mover == seat:
                assert view.contract is not None
                by_trump = {t: bidding.contract_points(deal.rules, view.contract, counts.spread(t, top))
                            for t in counts.trumps}
                loss += max(by_trump.values()) - by_trump[int(suit)]
        deal.act(action)
    return loss


# --- the oracle's solves, kept in a file ------------------------------------------------------------

@dataclass(frozen=True)
class Solves:
    """One deal's judged hand solved with one trump on its first ``layouts`` layouts."""

    preset: str
    rules: str  # digest of the preset's rules: a rules change must not reuse old values
    seed: int
    deal: int
    trump: int
    layouts: int
    node_limit: int


def rules_digest(rules: RuleSet) -> str:
    return hashlib.sha256(repr(rules).encode()).hexdigest()[:12]


def judged_deal(rules: RuleSet, seed: int, number: int) -> tuple[Deal, int]:
    """The seeded deal and the seat judged in it (the first to call)."""
    deal = Deal.random(rules, seed=seed * 100_003 + number, dealer=number % 4)
    return deal, (deal.dealer + 1) % 4


@dataclass(frozen=True)
class Cost:
    """What one deal-and-trump set of solves took: kept with it, so the time a run has left can
    be estimated from the sets already solved."""

    seconds: float  # one core's
    nodes: int  # counted by the solver that made them (the native one counts more, each far cheaper)
    solver: str = "python"  # "native" (``batak_core.ai.native``) or "python" (``solver.Search``)


def solve(key: Solves) -> tuple[Solves, list[int | None], Cost]:
    """Each layout's double-dummy tricks (None where the solve passed the node limit)."""
    start = time.process_time()
    rules = preset(key.preset)
    deal, seat = judged_deal(rules, key.seed, key.deal)
    tricks: list[int | None] = []
    nodes = 0
    solver = "native" if native.supports(rules) else "python"
    for hands in islice(bidding.sampled_layouts(seat, deal.hand_mask(seat), seed=key.deal), key.layouts):
        try:
            if solver == "native":
                value, spent = native.exact_tricks(rules, hands, key.trump, 1 << seat, seat, False, key.node_limit)
            else:
                value, spent = bidding.declarer_tricks(rules, seat, hands, key.trump, key.node_limit)
            tricks.append(value)
            nodes += spent
        except SearchLimit:
            tricks.append(None)
            nodes += key.node_limit
    return key, tricks, Cost(round(time.process_time() - start, 1), nodes, solver)


class SolveCache:
    """The solves of earlier runs (``--cache``), one JSON line each; new ones are appended."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.solved: dict[Solves, tuple[int | None, ...]] = {}
        self.costs: list[Cost] = []  # of the lines that kept theirs (those of 2026-12-03 on)
        if path.exists():
            for number, line in enumerate(path.read_text().splitlines(), 1):
                try:
                    row = json.loads(line)
                    key = Solves(**{name: row[name] for name in Solves.__dataclass_fields__})
                    tricks = tuple(row["tricks"])
                    if len(tricks) != key.layouts or not all(t is None or isinstance(t, int) for t in tricks):
                        raise ValueError("tricks do not match the layouts")
                except (ValueError, KeyError, TypeError) as error:
                    print(f"{path}:{number}: skipped, not a solve line ({str(error)[:60]})", file=sys.stderr)
                    continue
                self.solved[key] = tricks
                if isinstance(row.get("seconds"), (int, float)) and isinstance(row.get("nodes"), int):
                    self.costs.append(Cost(row["seconds"], row["nodes"], str(row.get("solver", "python"))))

    def add(self, key: Solves, tricks: list[int | None], cost: Cost) -> None:
        self.solved[key] = tuple(tricks)
        self.costs.append(cost)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a") as out:
            out.write(json.dumps({**asdict(key), "tricks": tricks, **asdict(cost)}) + "\n")

    def core_hours_for(self, sets: int) -> str:
        """What ``sets`` more sets would take at the mean cost of the last ``RECENT`` sets kept
        with their cost (the presets come in turn, so these mix them as the sets left do)."""
        recent = [cost.seconds for cost in self.costs[-RECENT:]]
        if not recent:
            return "no cost kept yet"
        mean = statistics.fmean(recent)
        return f"about {sets * mean / 3600:.0f} core-hours at {mean:.0f} s a set (the mean of the last {len(recent)})"

    def counts(self, keys: list[Solves]) -> bidding.LayoutCounts:
        """The layouts solved with every trump of ``keys`` (one deal's), as the oracle reads them."""
        columns = [self.solved[key] for key in keys]
        rows = tuple(row for row in zip(*columns, strict=True) if None not in row)
        return bidding.LayoutCounts(tuple(key.trump for key in keys), rows)


def solve_missing(cache: SolveCache, keys: list[Solves], workers: int) -> None:
    """Solve what the cache lacks, in the order given, adding each deal-and-trump as it ends."""
    missing = [key for key in keys if key not in cache.solved]
    if not missing:
        return
    print(f"solving {len(missing)} deal-and-trump sets of layouts ({workers} workers): "
          f"{cache.core_hours_for(len(missing))} ...", flush=True)
    start = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        for done, (key, tricks, cost) in enumerate(pool.map(solve, missing), 1):
            cache.add(key, tricks, cost)
            if done % 20 == 0 or done == len(missing):
                print(f"  {done}/{len(missing)} in {time.perf_counter() - start:.0f} s; left: "
                      f"{cache.core_hours_for(len(missing) - done)}", flush=True)


def interval(values: list[float], signed: bool = False) -> str:
    """Mean with a normal 95% interval (``signed`` for differences)."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    form = "+.2f" if signed else ".2f"
    return f"{mean:{form}} ({mean - half:{form}}..{mean + half:{form}})"


def gain(losses: list[float], others: list[float]) -> str:
    """The paired difference of two policies' losses on the same deals, with its 95% interval."""
    return interval([a - b for a, b in zip(losses, others, strict=True)], signed=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=500, help="deals per preset")
    parser.add_argument("--layouts", type=int, default=40)
    parser.add_argument("--node-limit", type=int, default=20_000_000,
                        help="search nodes per solve (a layout past it is left out of its deal)")
    parser.add_argument("--presets", nargs="+", default=list(PRESETS))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workers", type=int, default=1, help="processes solving layouts")
    parser.add_argument("--cache", type=Path, default=CACHE, help="the kept solves (JSON Lines)")
    parser.add_argument("--cached-only", action="store_true", help="judge only the deals already solved")
    parser.add_argument("--against", metavar="FILE", help="another fitted_estimate.py to judge as well, paired")
    args = parser.parse_args()
    policies = dict(POLICIES)
    other = load_model(args.against) if args.against else None
    if other is not None:
        policies["against"] = policy_with(other)
    cache = SolveCache(args.cache)
    # Every deal's keys, deals in turn across the presets (so a partial run covers all of them).
    deal_keys: dict[tuple[str, int], list[Solves]] = {}
    for number in range(args.deals):
        for name in args.presets:
            rules = preset(name)
            deal, seat = judged_deal(rules, args.seed, number)
            hand = deal.hand_mask(seat)
            trumps = {int(old_best_trump(hand)[0]), int(best_trump(hand, rules)[0])}
            if other is not None:
                with using_model(other):
                    trumps.add(int(best_trump(hand, rules)[0]))
            deal_keys[name, number] = [Solves(name, rules_digest(rules), args.seed, number, trump, args.layouts,
                                              args.node_limit) for trump in sorted(trumps)]
    every_key = [key for keys in deal_keys.values() for key in keys]
    if not args.cached_only:
        solve_missing(cache, every_key, args.workers)
    missing = sum(1 for key in every_key if key not in cache.solved)
    if missing:
        print(f"{missing} of {len(every_key)} deal-and-trump sets not solved yet: {cache.core_hours_for(missing)}")
    print(f"{args.deals} deals per preset, {args.layouts} layouts each, node limit {args.node_limit:,} a solve; "
          f"points lost per deal (95% interval)")
    print(f"{'preset':10} {'deals':>5} {'old rule':>18} {'expected score':>18} {'new - old, paired':>20}"
          f"  layouts a deal (left out)" + ("   against: its loss; new - against, paired" if other else ""))
    for name in args.presets:
        rules = preset(name)
        losses: dict[str, list[float]] = {label: [] for label in policies}
        solved, left_out = [], 0
        for number in range(args.deals):
            keys = deal_keys[name, number]
            if not all(key in cache.solved for key in keys):
                continue
            counts = cache.counts(keys)
            left_out += args.layouts - len(counts.tricks)
            if not counts.tricks:
                continue
            solved.append(len(counts.tricks))
            deal, seat = judged_deal(rules, args.seed, number)
            for label, policy in policies.items():
                losses[label].append(judged_losses(deal.copy(), seat, counts, policy))
        if not solved:
            print(f"{name:10} no deal solved yet")
            continue
        against = ""
        if other is not None:
            against = f"   {statistics.fmean(losses['against']):.2f}; {gain(losses['new'], losses['against'])}"
        print(f"{name:10} {len(solved):5} {interval(losses['today']):>18} {interval(losses['new']):>18} "
              f"{gain(losses['new'], losses['today']):>20}  {statistics.fmean(solved):.1f} ({left_out}){against}",
              flush=True)


if __name__ == "__main__":
    main()
