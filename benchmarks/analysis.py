"""Analysis board time per deal: ``ai.analysis.analyse`` over seeded club-bot deals, per preset.

    python benchmarks/analysis.py                       # native/compiled, with the board's node budget
    BATAK_PURE_PYTHON=1 python benchmarks/analysis.py   # pure Python, with the board's node budget
    python benchmarks/analysis.py --deals 5 --auction   # fewer deals; time the learner's auction too

Prints, per preset and variant, over ``--deals`` deals (20 by default), the median and 95th
percentile seconds until every card of every trick is valued, as the board does it: its first
budget (``board_budget``: the native solver's where it is built) and, beside it from the start,
its background search of the whole deal (``BackgroundCardValues``, a process of its own, its
start included), waited for where the budget left early tricks out; and until every trick but
the first is valued (the board fills in trick by trick as the background reports). Also: until the board
shows (the first budget alone; the auction findings too with ``--auction``) and how many deals
had every trick valued at once (and the smallest coverage). In pure Python the budget's
coverage is final: no background search.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import batak_core as bc
from batak_core.ai import native, solver
from batak_core.ai.analysis import BackgroundCardValues, analyse, board_budget, values_every_trick
from batak_core.ai.compiled import is_compiled
from batak_core.ai.match import play_out
from batak_core.rules import VARIANTS
from batak_core.shuffle import derive_seed


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def finished_deals(rules: bc.RuleSet, count: int, seed: int) -> list[bc.Deal]:
    deals: list[bc.Deal] = []
    index = 0
    while len(deals) < count:
        deal_seed = derive_seed(seed, index)
        deal = bc.Deal.random(rules, seed=deal_seed, dealer=index % 4)
        play_out(deal, ("club",) * 4, deal_seed)
        if deal.phase is bc.Phase.OVER:
            deals.append(deal)
        index += 1
    return deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--auction", action="store_true", help="also time the learner's auction findings")
    parser.add_argument("--rules", default=None, help="one preset only")
    parser.add_argument("--variant", default=None, help="one form of the game only (ihaleli, esli, ...)")
    args = parser.parse_args()
    background = values_every_trick()
    budget = board_budget()
    engine = "native" if native.built() else "compiled" if is_compiled(solver) else "pure Python"
    print(f"Analysis board, {engine} solver, first node budget {'none' if budget is None else f'{budget:,}'}, "
          f"{args.deals} club-bot deals a form")
    forms = [(n, "ihaleli") for n in bc.PRESETS] + [(n, v.value) for (n, v) in VARIANTS]
    for name, variant in forms:
        if (args.rules is not None and name != args.rules) or (args.variant is not None and variant != args.variant):
            continue
        rules = bc.preset(name, variant)
        shown, auction_times, covered, every, all_but_first = [], [], [], [], []
        unfinished = 0  # deals the background search stopped short of the first trick
        for deal in finished_deals(rules, args.deals, args.seed):
            start = time.perf_counter()
            # As the board: from the click on (reporting every trick, to time the trick by trick fill-in).
            whole = BackgroundCardValues(deal, progress_every=0) if background else None
            result = analyse(deal, budget, auction_seats=())
            shown.append(time.perf_counter() - start)
            covered.append(len(result.covered))
            reached = len(result.covered) >= rules.tricks_per_deal - 1
            if reached:
                all_but_first.append(shown[-1])
            if whole is not None and not result.complete:
                while True:
                    (_values, stopped_at), final = whole.receive()
                    if not reached and (stopped_at is None or stopped_at <= 1):
                        all_but_first.append(time.perf_counter() - start)
                        reached = True
                    if final:
                        break
                whole.cancel()
                unfinished += stopped_at is not None
            elif whole is not None:
                whole.cancel()
            every.append(time.perf_counter() - start)
            if args.auction:
                start = time.perf_counter()
                analyse(deal, 0, auction_seats=(0,))
                auction_times.append(time.perf_counter() - start)
        auction = (f"; auction median {statistics.median(auction_times):.2f} s, p95 {p95(auction_times):.2f} s"
                   if auction_times else "")
        full = sum(1 for c in covered if c == rules.tricks_per_deal)
        what = "every card valued" if background else "board done (budget's coverage)"
        stopped = f", {unfinished} stopped unfinished" if unfinished else ""
        but_first = (f"every trick but the first: median {statistics.median(all_but_first):5.2f} s, "
                     f"p95 {p95(all_but_first):5.2f} s; " if len(all_but_first) == len(every) else "")
        print(f"{name:9} {variant:9} {what}: median {statistics.median(every):6.2f} s, p95 {p95(every):6.2f} s, "
              f"max {max(every):6.1f} s; {but_first}board shown median {statistics.median(shown):5.2f} s, "
              f"p95 {p95(shown):5.2f} s; every trick at once in {full}/{len(covered)} deals "
              f"(fewest: {min(covered)}){stopped}{auction}", flush=True)


if __name__ == "__main__":
    main()
