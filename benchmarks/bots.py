"""Benchmarks for the bots and the solver: strength (duplicate matches) and speed.

    python benchmarks/bots.py                # everything (long: the expert match takes about an hour)
    python benchmarks/bots.py speed          # decision times and solver times only
    BATAK_PURE_PYTHON=1 python benchmarks/bots.py speed   # the pure Python engine and solver
    python benchmarks/bots.py strength --expert-deals 100 --club-deals 400 --workers 2
    python benchmarks/bots.py search --against 16,50000,8,2 --search-deals 400 --seed 99
    python benchmarks/bots.py search --against 32,300000,9,3 --presets ceo   # the outside bot's rules

Prints mean points per deal with a 95% interval per preset, decision-time medians and 95th
percentiles, and solver medians for 7-cards-a-hand endings and full deals (the full deals also by
the native solver where it is built, checked to find the same tricks). ``search`` plays the
expert with the compiled build's search settings against one with other settings (samples, node
budget, exact from how many cards, tricks of lookahead): both bid alike, so the match measures
the card play alone.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from outside_style import CEO_RULES, ruleset

import batak_core
from batak_core import Deal, Phase, bots, preset
from batak_core.ai import compiled, native
from batak_core.ai.bots.expert import FULL_SEARCH, LIGHT_SEARCH, CardSearch, ExpertBot
from batak_core.ai.match import match
from batak_core.ai.solver import Position, Search, solve
from batak_core.rules import PRESETS
from tests.test_solver import ending


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def decision_times(level: str, deals: int) -> list[float]:
    """Seconds per card decision with a real choice (more than one legal card), bots everywhere."""
    times = []
    for name in PRESETS:
        rules = preset(name)
        for seed in range(deals):
            deal = Deal.random(rules, seed=seed, dealer=seed % 4)
            players = [bots.get(level, seed=s) for s in range(4)]
            while not deal.is_finished:
                seat = deal.to_move
                assert seat is not None
                view = deal.view(seat)
                start = time.perf_counter()
                action = players[seat].choose(view)
                spent = time.perf_counter() - start
                if deal.phase is Phase.PLAY and len(view.legal_plays) > 1:
                    times.append(spent)
                deal.act(action)
    return times


def speed(args: argparse.Namespace) -> None:
    kind = "compiled with mypyc (the default build)" if compiled.is_compiled(batak_core.solver) else "pure Python"
    print(f"solver: {kind}", flush=True)
    for level, deals in (("club", args.speed_deals), ("expert", max(1, args.speed_deals // 2))):
        if args.speed_deals <= 0:
            break
        times = decision_times(level, deals)
        print(f"{level:6} decisions: median {1000 * statistics.median(times):7.1f} ms, "
              f"p95 {1000 * percentile(times, 0.95):7.1f} ms, max {1000 * max(times):7.1f} ms "
              f"({len(times)} decisions)", flush=True)
    seven = []
    for name in PRESETS:
        for seed in range(args.endings):
            deal = ending(preset(name), seed, cards_left=7, extra=0)
            start = time.perf_counter()
            solve(deal)
            seven.append(time.perf_counter() - start)
    if seven:
        print(f"solver, 7-card endings (all card values): median {1000 * statistics.median(seven):.1f} ms, "
              f"p95 {1000 * percentile(seven, 0.95):.1f} ms ({len(seven)} positions)", flush=True)
    full_value, full_native = [], []
    for seed in range(args.full):
        deal = ending(preset("miniokey"), seed, cards_left=13, extra=0)
        pos = Position.of_deal(deal)
        runs = []
        for _ in range(args.repeats):  # a fresh search each time: nothing carried over
            search = Search(pos.rules, pos.trump, pos.side)
            start = time.perf_counter()
            value = search.value(pos)
            runs.append(time.perf_counter() - start)
        full_value.append(min(runs))
        print(f"  full deal {seed}: trick total in {full_value[-1]:.2f} s ({search.nodes:,} nodes; runs: "
              f"{', '.join(f'{r:.2f}' for r in runs)})", flush=True)
        if native.supports(pos.rules):
            native_runs = []
            for _ in range(args.repeats):
                start = time.perf_counter()
                native_value, nodes = native.exact_tricks(pos.rules, pos.hands, pos.trump, pos.side, pos.leader,
                                                          pos.trump_broken)
                native_runs.append(time.perf_counter() - start)
            assert native_value == value, f"the native solver found {native_value} tricks, Search {value}"
            full_native.append(min(native_runs))
            print(f"    native solver: {full_native[-1]:.2f} s ({nodes:,} nodes)", flush=True)
    if full_value:
        print(f"solver, full 13-card deals (trick total only): median {statistics.median(full_value):.2f} s "
              f"({len(full_value)} deals, each the fastest of {args.repeats} runs)", flush=True)
    if full_native:
        print(f"native solver (batak_core.ai.native), the same deals: median {statistics.median(full_native):.3f} s",
              flush=True)


def strength(args: argparse.Namespace) -> None:
    names = args.presets.split(",") if args.presets else list(PRESETS)
    for a, b, deals in (("club", "random", args.club_deals), ("expert", "club", args.expert_deals)):
        if deals <= 0:
            continue
        for name in names:
            start = time.time()
            result = match(name, a, b, deals, seed=args.seed, workers=args.workers)
            verdict = "above zero" if result.ci_low > 0 else "NOT above zero"
            print(f"{result.summary()}  [{verdict}; {time.time() - start:.0f} s]", flush=True)


def search_settings(search: CardSearch) -> str:
    return (f"{search.samples},{search.node_budget},{search.exact_cards},{search.lookahead_tricks},"
            f"{search.native_node_budget}")


LARGEST_SETTING = 1_000_000_000
"""The most a search spec takes for one setting (a thousand times the shipped node budget)."""


def parse_search(spec: str) -> CardSearch:
    """The search a spec names, "samples,node budget,exact cards,lookahead tricks[,native node
    budget]" (as ``search_settings`` writes it; without the last, exact solves stay with
    ``Search``); a malformed one is refused, saying what is wrong."""
    names = ("samples", "node budget", "exact cards", "lookahead tricks", "native node budget")
    parts = spec.split(",")
    if len(parts) not in (len(names) - 1, len(names)):
        raise argparse.ArgumentTypeError(f"a search is four or five whole numbers ({', '.join(names)}), "
                                         f"not {spec[:40]!r}")
    values = []
    for name, part in zip(names, parts, strict=False):
        try:
            value = int(part)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} needs a whole number, not {part[:20]!r}") from None
        if not 0 <= value <= LARGEST_SETTING:
            raise argparse.ArgumentTypeError(f"{name} must be from 0 to {LARGEST_SETTING:,}")
        values.append(value)
    return CardSearch(*values)


def search_bot(spec: str, seed: int) -> bots.Bot:
    """An expert searching as ``spec`` says (``parse_search``)."""
    return ExpertBot(seed, parse_search(spec))


def search(args: argparse.Namespace) -> None:
    names = args.presets.split(",") if args.presets else list(PRESETS)
    try:
        parse_search(args.against)  # a malformed spec fails here, not in a worker
    except argparse.ArgumentTypeError as error:
        raise SystemExit(f"--against: {error}") from None
    for name in names:
        start = time.time()
        result = match(ruleset(name), search_settings(FULL_SEARCH), args.against, args.search_deals, seed=args.seed,
                       workers=args.workers, make=search_bot)
        verdict = "above zero" if result.ci_low > 0 else "NOT above zero"
        print(f"{result.summary()}  [{verdict}; {time.time() - start:.0f} s]", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("part", nargs="?", choices=["all", "speed", "strength", "search"], default="all")
    parser.add_argument("--club-deals", type=int, default=400)
    parser.add_argument("--expert-deals", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--speed-deals", type=int, default=4)
    parser.add_argument("--endings", type=int, default=10)
    parser.add_argument("--full", type=int, default=12, help="random full deals to solve")
    parser.add_argument("--repeats", type=int, default=3,
                        help="runs of each full deal; its fastest counts (this shared machine's speed "
                             "swings by a third from run to run, and the noise only ever adds time)")
    parser.add_argument("--presets", default="",
                        help=f"comma-separated preset names (default: all); search also takes 'ceo': {CEO_RULES}")
    parser.add_argument("--against", default=search_settings(LIGHT_SEARCH),
                        help="search: the other expert's samples,node budget,exact cards,lookahead tricks "
                             "(default: the pure-Python build's, which were everyone's before 2026-12-02)")
    parser.add_argument("--search-deals", type=int, default=200)
    args = parser.parse_args()
    random.seed(args.seed)
    if args.part in ("all", "speed"):
        speed(args)
    if args.part in ("all", "strength"):
        strength(args)
    if args.part == "search":
        search(args)


if __name__ == "__main__":
    main()
