"""Drawing the hidden hands: microseconds a layout, ``knowledge.sample_hands`` in Python against
the native sampler (``sampling.c`` through ``knowledge.sample_layouts``), which draws the same
layouts from the same generator.

The positions are under the outside bot's rules (miniokey, a trickless defender losing 10 x the
bid), during a club auction or after it and 0 to 43 random cards, seen by the player to move; each draws
``--layouts`` layouts at a time, as the stand-in does for one card (the expert draws 32).
Each figure is the median of ``--rounds`` rounds in CPU seconds, the two taking turns.
Run: ``python benchmarks/sampling.py [--positions 60] [--layouts 100] [--rounds 5]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from batak_core import Deal, preset
from batak_core.ai import native
from batak_core.ai.bots import get
from batak_core.ai.bots.knowledge import Knowledge, knowledge, layouts_in_c, layouts_in_python
from batak_core.deal import Phase
from batak_core.rules import RuleSet


def views_of_play(rules: RuleSet, count: int, seed: int) -> list[Knowledge]:
    """What the player to move knows at points of club-bid deals: during the auction (after 1 to
    5 calls), and after 0 to 43 random cards (the tests draw from these too)."""
    rng = random.Random(seed)
    club = get("club")
    out = []
    while len(out) < count:
        deal = Deal.random(rules, seed=rng.randrange(10**6))
        calls = rng.randrange(1, 6)
        while deal.phase in (Phase.AUCTION, Phase.TRUMP):
            seat = deal.to_move or 0
            if deal.phase is Phase.AUCTION and len(deal.auction) == calls:
                out.append(knowledge(deal.view(seat)))
            deal.act(club.choose(deal.view(seat)))
        if deal.phase is not Phase.PLAY:
            continue
        for _ in range(rng.randrange(0, 44)):
            deal.play(rng.choice(deal.legal_plays()))
        out.append(knowledge(deal.view(deal.to_move or 0)))
    return out[:count]


def timed(draw: Callable[[Knowledge, random.Random, int], object], knows: list[Knowledge], layouts: int) -> float:
    """CPU seconds for ``draw`` to deal ``layouts`` layouts at each position."""
    started = time.process_time()
    for number, know in enumerate(knows):
        draw(know, random.Random(number), layouts)
    return time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--layouts", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    if not native.sampler_built():
        sys.exit("the native library is not built here (make engine), so there is nothing to compare")
    knows = views_of_play(preset("miniokey", defender_zero="minus_ten_bid"), args.positions, seed=1)
    timed(layouts_in_c, knows[:2], 2)  # the suit tables are filled once a process
    python, native_times = [], []
    for _ in range(args.rounds):
        python.append(timed(layouts_in_python, knows, args.layouts))
        native_times.append(timed(layouts_in_c, knows, args.layouts))
    per = args.positions * args.layouts / 1e6
    py, c = statistics.median(python) / per, statistics.median(native_times) / per
    print(f"drawing a layout, {args.positions} positions x {args.layouts} layouts, median of {args.rounds} rounds: "
          f"Python {py:.1f} us, native {c:.1f} us ({py / c:.0f} x)")


if __name__ == "__main__":
    main()
