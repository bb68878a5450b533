"""Puzzle numbers and speed: what the shipped file holds, what generating costs, how long judging takes.

Prints the shipped puzzles per preset-variant and per theme (and how many moves their lines
have); generates ``--deals``-worth of puzzles under every preset and variant again and gives the
generation time per puzzle (median over preset-variants: the search of the deals divided by the
puzzles they gave) and per deal; and plays every learner card of ``--sample`` shipped puzzles
through ``Solve.play`` (a solver call for every card) and prints the median and 95th percentile
in wall-clock milliseconds, with the time to set a puzzle up (``Solve`` and its legal cards). The
compiled engine runs where a build is current; ``BATAK_PURE_PYTHON=1`` measures pure Python.
Run: ``python benchmarks/puzzles.py [--per-rules 20] [--sample 400]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

import batak_core as bc
from batak_core.ai import compiled
from batak_core.teaching import puzzles


def _ms(times: list[float]) -> str:
    cut = statistics.quantiles(times, n=20)[-1] if len(times) > 1 else times[0]
    median = statistics.median(times)
    return f"median {1000 * median:7.2f} ms, p95 {1000 * cut:7.2f} ms, max {1000 * max(times):7.2f} ms"


def shipped_counts(shipped: tuple[puzzles.Puzzle, ...]) -> None:
    per_rules = Counter(f"{p.preset}-{p.variant}" for p in shipped)
    print(f"shipped: {len(shipped)} puzzles")
    for name, count in per_rules.items():
        moves = Counter(p.moves() for p in shipped if f"{p.preset}-{p.variant}" == name)
        lines = ", ".join(f"{m} move{'s' if m > 1 else ''}: {c}" for m, c in sorted(moves.items()))
        print(f"  {name:20} {count:5}   ({lines})")
    themes = Counter(t for p in shipped for t in p.themes)
    print("per theme: " + ", ".join(f"{t} {themes[t]}" for t in puzzles.THEME_TITLES))
    for name in bc.PRESETS:
        mine = Counter(t for p in shipped if p.preset == name for t in p.themes)
        print(f"  {name:10} " + ", ".join(f"{t} {c}" for t, c in sorted(mine.items())))


def generation(per_rules: int) -> None:
    per_puzzle: list[float] = []
    per_deal: list[float] = []
    for name, variant in puzzles.jobs(list(bc.PRESETS)):
        found, times = puzzles.generate(name, variant, per_rules, seed=2026)
        per_puzzle.append(sum(times) / len(found))
        per_deal += times
    print(f"generation ({per_rules} puzzles per preset-variant): {1000 * statistics.median(per_puzzle):.1f} ms "
          f"a puzzle (median over preset-variants); a deal: {_ms(per_deal)}")


def judging(shipped: tuple[puzzles.Puzzle, ...], sample: int) -> None:
    chosen = random.Random(2026).sample(list(shipped), min(sample, len(shipped)))
    setting: list[float] = []
    judged: list[float] = []
    for p in chosen:
        start = time.perf_counter()
        solve = puzzles.Solve(p)
        solve.legal()
        setting.append(time.perf_counter() - start)
        for pos, card in p.steps():
            if pos.to_move != 0:
                continue
            start = time.perf_counter()
            solve.play(card)
            judged.append(time.perf_counter() - start)
    print(f"set a puzzle up ({len(chosen)}): {_ms(setting)}")
    print(f"judge an answer, Solve.play ({len(judged)} cards): {_ms(judged)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-rules", type=int, default=20, help="puzzles generated per preset-variant")
    parser.add_argument("--sample", type=int, default=400, help="shipped puzzles played through Solve")
    args = parser.parse_args()
    engine = "compiled" if compiled.is_compiled(bc.solver) else "pure Python"
    print(f"engine: {engine}")
    start = time.perf_counter()
    shipped = puzzles.load()
    print(f"load the shipped file: {1000 * (time.perf_counter() - start):.0f} ms")
    shipped_counts(shipped)
    generation(args.per_rules)
    judging(shipped, args.sample)


if __name__ == "__main__":
    main()
