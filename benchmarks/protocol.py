"""The engine protocol's cost and faithfulness (docs/engine-protocol.md).

    python benchmarks/protocol.py                      # overhead, and agreement on 20 + 10 deals
    python benchmarks/protocol.py --decisions 2000 --club-deals 50 --expert-deals 20

Prints:
* the overhead per decision: the referee's round trip to ``batak engine --bot random`` (the view
  encoded, sent, read and rebuilt by the engine, the action sent back and read) less the same
  bot's decision in process, median and p95 over every decision of seeded deals;
* whether ``batak match`` through the protocol agrees with the in-process match on the same
  deals, deal by deal, for our club and expert bots against the club bot (it must: the same
  seeds make the same bots).
"""

from __future__ import annotations

import argparse
import shlex
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import batak_core as bc
from batak_core.ai.bots import get
from batak_core.ai.match import match
from batak_core.ai.referee import EngineSeat, Limits, Player, engine_match

ENGINE = f"{shlex.quote(sys.executable)} -m batak_core.cli engine --bot"


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def overhead(decisions: int, rules: bc.RuleSet) -> list[float]:
    """Milliseconds the protocol adds to each decision of random play."""
    seat_engines = [EngineSeat(f"{ENGINE} random", Limits()) for _ in range(4)]
    added: list[float] = []
    index = 0
    try:
        while len(added) < decisions:
            deal = bc.Deal.random(rules, seed=index, dealer=index % 4)
            bots = [get("random", index * 4 + s) for s in range(4)]
            for seat, engine in enumerate(seat_engines):
                engine.new_deal(rules, index, 1, seat, deal.dealer, index * 4 + seat)
            while not deal.is_finished:
                seat = deal.decider
                view = deal.view(seat)
                start = time.perf_counter()
                action = seat_engines[seat].decide(view)
                through = time.perf_counter() - start
                start = time.perf_counter()
                direct = bots[seat].choose(view)
                alone = time.perf_counter() - start
                assert action == direct, "the engine must choose what the bot chooses in process"
                added.append(1000 * (through - alone))
                deal.act(action)
            index += 1
    finally:
        for engine in seat_engines:
            engine.close()
    return added[:decisions]


def agreement(level: str, deals: int, rules: bc.RuleSet, workers: int) -> tuple[bool, float, float]:
    """Whether the match through the protocol equals the in-process one deal by deal; both times."""
    start = time.perf_counter()
    through = engine_match(rules, Player(command=f"{ENGINE} {level}"), Player(level="club"), deals, seed=3,
                           workers=workers, limits=Limits(move_ms=60_000))
    through_s = time.perf_counter() - start
    start = time.perf_counter()
    direct = match(rules, level, "club", deals, seed=3, workers=workers)
    direct_s = time.perf_counter() - start
    return through.diffs == direct.diffs, through_s, direct_s


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=1000)
    parser.add_argument("--club-deals", type=int, default=20)
    parser.add_argument("--expert-deals", type=int, default=10)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    rules = bc.preset("miniokey", defender_zero="minus_ten_bid")
    added = overhead(args.decisions, rules)
    print(f"Protocol overhead per decision over {len(added)} decisions (miniokey): "
          f"median {statistics.median(added):.2f} ms, p95 {p95(added):.2f} ms")
    for level, deals in (("club", args.club_deals), ("expert", args.expert_deals)):
        same, through_s, direct_s = agreement(level, deals, rules, args.workers)
        print(f"batak match {level} vs club, {deals} deals: through the protocol "
              f"{'agrees deal by deal with' if same else 'DIFFERS from'} the in-process match "
              f"({through_s:.1f} s against {direct_s:.1f} s, {args.workers} workers)")


if __name__ == "__main__":
    main()
