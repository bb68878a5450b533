"""How many tricks a declarer takes in real play above its double-dummy count, by preset.

    python benchmarks/declarer_edge.py --deals 100 --workers 2
    python benchmarks/declarer_edge.py --deals 300 --presets ceo

The auction counts a hand by ``evaluate.trick_estimate``, fitted to double-dummy solves; but the
defenders play without seeing the declarer's hand, so a declarer takes more than that. This plays
seeded deals with four experts, solves each played deal from its first lead with every hand open,
and prints the declarer's tricks taken less that count (mean, 95% interval), for contracts bid
and for those the all-pass rule forced. The auction does not count this edge: counting it did
not win head to head (docs/strength.md, "Tricks taken in play").
"""

from __future__ import annotations

import argparse
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from outside_style import CEO_RULES, ruleset

from batak_core import Deal, RuleSet
from batak_core.ai import native
from batak_core.ai.bots import get
from batak_core.ai.solver import Position, Search

SEED_BASE = 900_000


def declarer_edge(job: tuple[str, int]) -> tuple[int, bool] | None:
    """One self-play deal: the declarer's tricks less its double-dummy tricks, and whether it
    bid of its own free will (None when nobody declared)."""
    name, number = job
    rules = ruleset(name)
    seed = SEED_BASE + number
    deal = Deal.random(rules, seed=seed, dealer=number % 4)
    hands = tuple(deal.hand_mask(seat) for seat in range(4))
    bots = [get("expert", seed=seed * 4 + seat) for seat in range(4)]
    while not deal.is_finished:
        seat = deal.decider
        assert seat is not None
        deal.act(bots[seat].choose(deal.view(seat)))
    declarer, trump = deal.declarer, deal.trump
    if declarer is None or trump is None or not deal.tricks:
        return None
    solved = solved_tricks(rules, hands, int(trump), declarer, deal.tricks[0].leader)
    bid = any(call.bid is not None and call.seat == declarer for call in deal.auction)
    return deal.tricks_won[declarer] - solved, bid


def solved_tricks(rules: RuleSet, hands: tuple[int, ...], trump: int, declarer: int, leader: int) -> int:
    four = (hands[0], hands[1], hands[2], hands[3])
    if native.supports(rules):
        return native.exact_tricks(rules, four, trump, 1 << declarer, leader, False)[0]
    search = Search(rules, trump, 1 << declarer)
    return search.value(Position(rules, four, trump, False, leader, (), 1 << declarer, 0))


def interval(values: list[float]) -> str:
    mean = statistics.mean(values)
    if len(values) < 2:
        return f"{mean:+.2f}"
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
    return f"{mean:+.2f} ({mean - half:+.2f}..{mean + half:+.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--presets", nargs="+", default=["miniokey", "classic", "danish", "turkish", "gamelake"],
                        help=f"presets; 'ceo' is {CEO_RULES}")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    print(f"{args.deals} self-play deals a preset (four experts): declarer's tricks less its double-dummy tricks")
    with ProcessPoolExecutor(args.workers) as pool:
        for name in args.presets:
            results = [r for r in pool.map(declarer_edge, [(name, n) for n in range(args.deals)], chunksize=1) if r]
            bid = [float(edge) for edge, free in results if free]
            forced = [float(edge) for edge, free in results if not free]
            parts = [f"all {interval([float(edge) for edge, _ in results])} over {len(results)}"]
            if bid:
                parts.append(f"bid {interval(bid)} over {len(bid)}")
            if forced:
                parts.append(f"forced {interval(forced)} over {len(forced)}")
            print(f"{name:9} " + "; ".join(parts), flush=True)


if __name__ == "__main__":
    main()
