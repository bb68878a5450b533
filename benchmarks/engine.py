"""Engine speed: random full deals per second through the public Deal API, per preset,
against OpenSpiel's C++ spades driven the same way from Python (when open_spiel is installed).

Each figure is the median of several timed rounds, in CPU seconds of this process; the rounds
of all contenders take turns, so other work on a shared machine weighs on all of them alike.
The compiled engine runs where a build is current; ``BATAK_PURE_PYTHON=1`` measures pure Python.
Run: ``make bench`` or ``python benchmarks/engine.py [--rounds 5] [--seconds 2]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

import batak_core as bc
from batak_core.ai import compiled


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


def rates(contenders: dict[str, Callable[[random.Random], None]], seconds: float, rounds: int) -> dict[str, float]:
    """Median deals per CPU second of each contender over ``rounds`` rounds of about ``seconds``
    each, one round of each in turn."""
    rngs = {name: random.Random(2026) for name in contenders}
    for name, play_one in contenders.items():
        for _ in range(50):  # warm up caches
            play_one(rngs[name])
    measured: dict[str, list[float]] = {name: [] for name in contenders}
    for _ in range(rounds):
        for name, play_one in contenders.items():
            rng = rngs[name]
            count, start = 0, time.process_time()
            while (elapsed := time.process_time() - start) < seconds:
                for _ in range(20):
                    play_one(rng)
                count += 20
            measured[name].append(count / elapsed)
    return {name: statistics.median(figures) for name, figures in measured.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    contenders: dict[str, Callable[[random.Random], None]] = {}
    openspiel = openspiel_deal_factory()
    if openspiel:
        contenders["OpenSpiel spades (C++)"] = openspiel
    else:
        print("OpenSpiel not installed (pip install open-spiel): no reference figure")
    for name, rules in bc.PRESETS.items():
        contenders[f"batak_core {name}"] = lambda rng, rules=rules: batak_deal(rules, rng)
    engine = "compiled (mypyc)" if compiled.is_compiled(sys.modules["batak_core.deal"]) else "pure Python"
    print(f"batak_core engine: {engine}")
    figures = rates(contenders, args.seconds, args.rounds)
    reference = figures.get("OpenSpiel spades (C++)")
    for name, figure in figures.items():
        ratio = f"   {figure / reference:.2f}x OpenSpiel" if reference and not name.startswith("OpenSpiel") else ""
        print(f"{name:<24}{figure:>9,.0f} deals/s{ratio}")


if __name__ == "__main__":
    main()
