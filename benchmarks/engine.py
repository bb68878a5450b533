"""Engine speed: random full deals per second through the public Deal API, per preset,
against OpenSpiel's C++ spades driven the same way from Python (when open_spiel is installed).

Each figure is the median of several timed rounds. Run: ``make bench`` or
``python benchmarks/engine.py [--rounds 5] [--seconds 2]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import batak_core as bc


def batak_deal(rules: bc.RuleSet, rng: random.Random) -> None:
    """One deal: seeded shuffle, an auction of random calls, random trump, 52 random legal cards."""
    deal = bc.Deal.random(rules, seed=rng.getrandbits(48), dealer=rng.randrange(4))
    while deal.phase == "auction":
        if deal.can_pass and rng.random() < 0.7:
            deal.pass_bid()
        else:
            deal.bid(deal.legal_bids()[0])
    if deal.phase == "redeal":
        return
    deal.declare_trump(rng.choice(SUITS))
    choice = rng.choice
    while deal.to_move is not None:
        deal.play(choice(deal.legal_plays()))
    deal.scores()


SUITS = list(bc.Suit)


def openspiel_deal_factory() -> Callable[[random.Random], None] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("spades")

    def openspiel_deal(rng: random.Random) -> None:
        """One spades deal: 52 chance actions (the deal), 4 bids and 52 plays, all random legal."""
        state = game.new_initial_state()
        choice = rng.choice
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
        state.returns()

    return openspiel_deal


def rate(play_one: Callable[[random.Random], None], seconds: float, rounds: int) -> float:
    """Median deals per second over ``rounds`` timed rounds of about ``seconds`` each."""
    rng = random.Random(2026)
    for _ in range(50):  # warm up caches
        play_one(rng)
    rates = []
    for _ in range(rounds):
        count, start = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            for _ in range(20):
                play_one(rng)
            count += 20
        rates.append(count / elapsed)
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    openspiel = openspiel_deal_factory()
    reference = rate(openspiel, args.seconds, args.rounds) if openspiel else None
    if reference:
        print(f"{'OpenSpiel spades (C++)':<24}{reference:>9,.0f} deals/s")
    else:
        print("OpenSpiel not installed (pip install open-spiel): no reference figure")
    for name, rules in bc.PRESETS.items():
        figure = rate(lambda rng, rules=rules: batak_deal(rules, rng), args.seconds, args.rounds)
        ratio = f"   {figure / reference:.2f}x OpenSpiel" if reference else ""
        print(f"batak_core {name:<13}{figure:>9,.0f} deals/s{ratio}")


if __name__ == "__main__":
    main()
